#!/usr/bin/env python3
"""
make_seg_corpus.py -- generate Attention Lab's Chinese word-segmentation corpus (the seg_zh task).

Output: engine/data/seg_zh.txt (UTF-8, LF): a short '#' header, then one sentence per line with its words
separated by single spaces. The engine labels every character from that: B (begins a word), M (middle of a
word), E (ends a word), S (a single-character word). A run of ASCII digits/letters ("2024") is one token.

    /usr/bin/python3 scripts/make_seg_corpus.py                # writes engine/data/seg_zh.txt (seed 1)
    /usr/bin/python3 scripts/make_seg_corpus.py --check        # only compares with jieba, writes nothing

Sections:
    1. lexicon
    2. general templates
    3. ambiguity templates
    4. hand-written
    5. jieba, output

WHAT IT IS
    An original corpus written for this project: nothing is copied from a segmented corpus. Sentences come
    from templates with slots over the lexicon below plus a hand-written list, so the words of a sentence
    are known when it is made: the templates' own word boundaries are the segmentation. Many words here are
    prefixes, suffixes or overlaps of others (研究 / 研究生, 学生 / 学生会, 南京 / 南京市 / 市长 / 长江,
    和尚 / 尚未, 的确 / 确实 / 实在, 从小 / 小学, 大学生 / 大学 / 生活, 球拍 / 拍卖), and both readings of
    each occur, so a character's label often depends on characters two or more places away: a window of
    one neighbour on each side cannot always decide it, attention over the sentence can.

CONVENTIONS (close to the Peking University standard, finer than jieba's dictionary)
    numeral and measure word apart (三 本 书), 这个 / 那个 / 一些 one word; aspect particles apart (吃 了);
    的 / 地 / 得 apart; place names with 市 one word (南京市); compounds of two words apart (长江 大桥,
    今天 下午, 参加 考试, 看 书); a person's full name one word (张伟); punctuation one token each.

CHECKED WITH JIEBA
    Debian's python3-jieba (0.42.1, default dictionary, HMM on) segments every sentence too; the script
    prints how many sentences it segments differently and a sample of them. Those were read by hand: the
    differences are the conventions above (jieba joins 长江大桥, 参加考试, 今天下午, 本书, 十岁) and jieba's
    mistakes on the ambiguous cases (学生会 参加考试, 从 小学 画画, 南京市 长 ...); where the template's
    segmentation was wrong the lexicon was corrected. The figure is written into the file's header.

Determinism: random.Random(--seed) drives every choice; the same seed writes the same file.
"""

import argparse
import os
import random
import re
import sys

# ------------------------------------------------------------------------------------------- 1. lexicon

PRONOUNS = ["我", "你", "他", "她", "我们", "你们", "他们", "她们", "大家"]
PEOPLE = ["老师", "学生", "医生", "护士", "工人", "农民", "警察", "记者", "司机", "厨师", "校长", "经理", "作家",
          "画家", "律师", "工程师", "科学家", "孩子", "妈妈", "爸爸", "爷爷", "奶奶", "哥哥", "姐姐", "弟弟", "妹妹",
          "朋友", "同学", "邻居", "老板", "演员", "运动员", "教授", "研究生", "大学生", "中学生", "小学生", "市长"]
NAMES = ["小明", "小红", "小李", "老王", "张伟", "李娜", "王芳", "刘洋", "陈静", "赵磊", "孙丽", "周杰", "吴刚", "郑爽"]
MODIFIED = ["这个", "那个", "我 的", "他 的", "她 的", "我们 的", "新 来 的", "隔壁 的"]  # + PEOPLE
TIMES = ["今天", "明天", "昨天", "早上", "晚上", "上午", "下午", "中午", "周末", "去年", "明年", "现在", "刚才", "最近",
         "后来", "每天", "星期天"]
CITIES = ["北京", "上海", "南京", "广州", "深圳", "杭州", "武汉", "重庆", "成都", "西安", "天津", "苏州", "长沙", "青岛"]
YANGTZE = ["南京", "武汉", "重庆", "九江", "芜湖", "宜昌"]  # cities with a bridge over the Yangtze
PLACES = ["学校", "医院", "图书馆", "公园", "超市", "银行", "车站", "机场", "食堂", "教室", "办公室", "实验室", "博物馆",
          "商店", "饭馆", "工厂", "农村", "宿舍", "体育馆", "电影院", "公司", "家"]
INTRANSITIVE = ["休息", "工作", "学习", "睡觉", "跑步", "游泳", "唱歌", "跳舞", "上班", "下班", "回家", "出发", "毕业",
                "结婚", "旅行", "散步", "加班", "锻炼", "开会", "上课"]
# verb → objects, with the measure word of each object for "买 了 三 本 书"
MEASURE = {"书": "本", "小说": "本", "词典": "本", "苹果": "个", "香蕉": "根", "西瓜": "个", "蛋糕": "块", "面包": "个",
           "手机": "部", "电脑": "台", "衣服": "件", "礼物": "件", "自行车": "辆", "票": "张", "照片": "张", "报纸": "份",
           "茶": "杯", "咖啡": "杯", "牛奶": "杯", "果汁": "杯", "啤酒": "瓶", "米饭": "碗", "面条": "碗", "饺子": "盘",
           "信": "封", "文章": "篇", "日记": "篇", "报告": "份", "诗": "首", "歌": "首", "电影": "部", "问题": "个",
           "乒乓球": "个", "球拍": "副", "乒乓球拍": "副", "花": "束", "椅子": "把", "桌子": "张"}
OBJECTS = {
    "吃": ["苹果", "香蕉", "米饭", "面条", "饺子", "包子", "西瓜", "蛋糕", "面包", "早饭", "午饭", "晚饭", "水果"],
    "喝": ["茶", "咖啡", "牛奶", "水", "果汁", "啤酒", "汤"],
    "看": ["书", "报纸", "电影", "电视", "比赛", "小说", "新闻", "照片", "病人"],
    "读": ["书", "报纸", "小说", "课文", "诗", "文章"],
    "写": ["信", "作业", "文章", "小说", "日记", "报告", "诗", "汉字"],
    "买": ["书", "电脑", "手机", "衣服", "水果", "菜", "票", "礼物", "自行车", "乒乓球", "球拍", "乒乓球拍", "花", "词典",
          "面包", "椅子"],
    "卖": ["书", "水果", "菜", "衣服", "自行车", "花", "报纸", "面包", "乒乓球拍"],
    "学习": ["数学", "物理", "化学", "历史", "中文", "英语", "音乐", "法律", "经济", "文学", "地理"],
    "研究": ["生命", "生物", "生态", "生产", "生活", "历史", "文化", "语言", "问题", "数学", "物理", "经济", "环境",
           "人口", "气候", "市场"],
    "参观": ["博物馆", "工厂", "学校", "大桥", "展览", "农村", "公司"],
    "打扫": ["教室", "房间", "宿舍", "厨房", "办公室"],
    "讨论": ["问题", "计划", "方案", "情况", "工作"],
    "解决": ["问题", "困难", "矛盾"],
    "完成": ["作业", "任务", "工作", "报告", "计划"],
    "准备": ["考试", "晚饭", "礼物", "材料", "行李"],
    "参加": ["考试", "比赛", "会议", "活动", "婚礼", "晚会"],
    "打": ["乒乓球", "篮球", "电话", "羽毛球", "网球"],
    "唱": ["京剧", "儿歌", "民歌"],
    "画": ["花", "山水", "地图"],
    "帮助": ["同学", "朋友", "邻居", "老人", "孩子", "病人"],
    "关心": ["学生", "孩子", "老人", "民生", "环境", "健康"],
    "保护": ["环境", "生命", "动物", "森林", "孩子"],
    "热爱": ["生命", "生活", "祖国", "音乐", "工作", "自然"],
    "珍惜": ["生命", "时间", "机会", "友谊"],
}
VERBS = list(OBJECTS)
ADJECTIVES = ["高兴", "漂亮", "聪明", "认真", "努力", "热情", "忙", "累", "好", "快", "慢", "大", "小", "高", "新",
              "干净", "安静", "热闹", "便宜", "贵", "好吃", "有意思", "重要", "方便", "舒服", "辛苦", "愉快", "紧张",
              "年轻", "健康"]
DEGREE = ["很", "非常", "特别", "真", "比较", "有点", "挺"]
THINGS = ["天气", "房间", "城市", "电影", "这本书", "菜", "咖啡", "考试", "工作", "生活", "公园", "教室", "问题", "比赛",
          "学校", "宿舍", "衣服", "手机", "电脑"]
THINGS_SPLIT = {"这本书": ["这", "本", "书"]}
NUMBERS = ["一", "两", "三", "四", "五", "六", "七", "八", "九", "十"]
JOBS = ["医生", "老师", "警察", "记者", "科学家", "工程师", "律师", "作家", "画家", "演员", "厨师", "教授"]


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)

    def pick(self, xs):
        return self.r.choice(xs)

    def maybe(self, p=0.5):
        return self.r.random() < p

    # a subject: a pronoun, a person (perhaps "这个 老师"), a name
    def subject(self, people=None):
        k = self.r.random()
        if k < 0.3:
            return [self.pick(PRONOUNS)]
        if k < 0.55:
            return [self.pick(NAMES)]
        if k < 0.75:
            return [self.pick(MODIFIED), self.pick(people or PEOPLE)]
        return [self.pick(people or PEOPLE)]

    def thing(self):
        t = self.pick(THINGS)
        return list(THINGS_SPLIT.get(t, [t]))

    def vp(self, past=False):  # a verb phrase: V (了, when past) O, or an intransitive verb
        if self.maybe(0.3):
            return [self.pick(INTRANSITIVE)] + (["了"] if past and self.maybe(0.3) else [])
        v = self.pick(VERBS)
        o = self.pick(OBJECTS[v])
        return [v] + (["了"] if past and self.maybe(0.4) else []) + [o]

    def adj(self):
        return [self.pick(DEGREE), self.pick(ADJECTIVES)]

    def end(self, words, question=False):
        if question:
            return words + ["？"]
        return words + (["。"] if self.maybe(0.5) else [])


# ------------------------------------------------------------------------------------------- 2. general templates

def general(g):
    k = g.r.randrange(16)
    S = g.subject()
    if k == 0:
        return g.end([g.pick(TIMES)] + S + g.vp(past=True))
    if k == 1:
        return g.end(S + [g.pick(TIMES), g.pick(["在", "去"]), g.pick(PLACES)] + g.vp(past=True))
    if k == 2:
        return g.end(S + g.adj())
    if k == 3:
        return g.end(S + [g.pick(["喜欢", "不 喜欢", "很 喜欢", "想", "要", "打算"])] + g.vp())
    if k == 4:
        return g.end(S + [g.pick(["想", "要", "打算", "准备"]), "去", g.pick(CITIES + PLACES)] +
                     ([g.pick(["旅行", "看看", "工作", "学习"])] if g.maybe() else []))
    if k == 5:
        return g.end(S + ["和"] + g.subject() + ["一起", "去", g.pick(PLACES)] + g.vp())
    if k == 6:
        return g.end(g.thing() + g.adj())
    if k == 7:
        return g.end(S + ["在", g.pick(PLACES)] + g.vp(past=True))
    if k == 8:
        q = g.r.randrange(4)
        if q == 0:
            return g.end(S + [g.pick(TIMES), "去", g.pick(PLACES), "吗"], question=True)
        if q == 1:
            return g.end(S + ["在", "哪里", g.pick(INTRANSITIVE)], question=True)
        if q == 2:
            v = g.pick(["吃", "喝", "看", "买", "写", "学习", "研究"])
            return g.end(S + [g.pick(["想", "要", "打算"]), v, "什么"], question=True)
        return g.end(g.thing() + ["怎么样"], question=True)
    if k == 9:  # numeral + measure word + object
        v = g.pick(["买", "吃", "喝", "看", "写", "卖"])
        objs = [o for o in OBJECTS[v] if o in MEASURE]
        o = g.pick(objs)
        num = [str(g.r.randrange(3, 30))] if g.maybe(0.15) else [g.pick(NUMBERS)]
        return g.end(S + [v, "了"] + num + [MEASURE[o], o])
    if k == 10:
        return g.end(["因为"] + S + g.adj() + ["，", "所以"] + g.subject() + g.vp())
    if k == 11:
        return g.end(S + ["觉得"] + g.thing() + g.adj())
    if k == 12:
        return g.end(S + ["每天", g.pick(["早上", "晚上", "下午"]), "都", g.pick(INTRANSITIVE)])
    if k == 13:
        return g.end(S + [g.pick(["会", "能", "可以", "应该"])] + g.vp())
    if k == 14:
        v, res = g.pick([("完成", None), ("打扫", "干净"), ("写", "完"), ("吃", "完"), ("准备", "好"), ("解决", None)])
        o = g.pick(OBJECTS[v])
        return g.end(S + ["把", o, v] + ([res] if res else []) + ["了"])
    year = str(g.r.randrange(1990, 2030))
    return g.end([year, "年"] + S + ["去", "了", g.pick(CITIES)])


# ------------------------------------------------------------------------------------------- 3. ambiguity templates

def ambiguous(g):
    k = g.r.randrange(22)
    S = g.subject([p for p in PEOPLE if p != "研究生"])
    if k == 0:  # 研究 生命 / 生物 / 生活 ... (研究 + a word starting with 生)
        o = g.pick(["生命", "生物", "生态", "生产", "生活"])
        tail = g.pick([["的", "起源"], ["的", "秘密"], ["的", "意义"], ["的", "规律"], ["的", "历史"], ["问题"], []])
        return g.end(S + g.pick([[], ["正在"], ["一直"], ["喜欢"], ["想"]]) + ["研究", o] + tail)
    if k == 1:  # 研究生 + a verb phrase, often one starting like a 生 word would
        return g.end(g.pick([[], ["这个"], ["那个"], ["我们 的"], ["新 来 的"]]) + ["研究生"] +
                     g.pick([["在", g.pick(PLACES)] + g.vp(), g.adj(), ["命", "真", "苦"], ["生活", "很", "忙"],
                             ["生病", "了"], ["都", "很", "努力"], ["正在", "研究", g.pick(OBJECTS["研究"])]]))
    if k == 2:  # 南京市 长江 大桥
        c = g.pick(YANGTZE)
        return g.end([c + "市", "长江", "大桥"] + g.pick([["很", "长"], ["建成", "了"], ["非常", "有名"],
                                                         ["很", "漂亮"], ["正在", "修"], ["通车", "了"]]))
    if k == 3:  # 南京 市长 + a verb phrase (市长 begins where 市 ended a word above)
        c = g.pick(YANGTZE + CITIES)
        return g.end([c, "市长"] + g.pick([["参观", "了", g.pick(OBJECTS["参观"])], ["今天", "来", "了"],
                                          ["关心", g.pick(OBJECTS["关心"])], ["讲", "了", "话"],
                                          ["看望", "了", g.pick(["工人", "农民", "老人", "学生"])]]))
    if k == 4:  # 南京市 + something else
        c = g.pick(CITIES)
        return g.end([c + "市", g.pick(["有", "建", "了"]), g.pick(["很 多", "不少"]), g.pick(["公园", "大桥", "学校", "医院"])])
    if k == 5:  # 和 尚未 / 和尚
        v = g.pick(["结婚", "毕业", "回家", "吃饭", "报名"])
        return g.end([g.pick(["已经", ""]), v, "的", "和", "尚未", v, "的", g.pick(["人", "同学", "朋友"]),
                      "都", "来", "了"] if g.maybe(0.4) else
                     S + ["和", "尚未", v, "的", g.pick(["同学", "朋友", "孩子"]), "一起", g.pick(INTRANSITIVE)])
    if k == 6:
        return g.end(g.pick([["这个"], ["那个"], ["老"], []]) + ["和尚"] +
                     g.pick([["在", "庙", "里", "念", "经"], ["每天", "吃", "素"], ["尚未", "回来"], g.adj(),
                             ["和", g.pick(NAMES), "下", "棋"]]))
    if k == 7:  # 说 的 确实 / 的确
        v = g.pick(["说", "做", "写", "讲", "画", "唱"])
        return g.end(S + [v, "的", "确实"] + g.pick([["在理"], ["很", "好"], ["不错"], ["有", "道理"], ["对"]]))
    if k == 8:
        return g.end(S + ["的确"] + g.pick([g.adj(), ["说", "过", "这", "句", "话"], ["是", g.pick(JOBS)], ["来", "过"]]))
    if k == 9:
        return g.end(S + ["实在", "太", g.pick(ADJECTIVES), "了"])
    if k == 10:  # 学生会 / 学生 会
        return g.end(["学生会"] + g.pick([["组织", "了", g.pick(["活动", "比赛", "晚会"])], ["主席", "是", g.pick(NAMES)],
                                          ["明天", "开会"], ["举办", "了", "晚会"]]))
    if k == 11:
        return g.end(g.pick([["学生"], ["这些", "学生"], ["我们", "的", "学生"], ["大学生"], ["中学生"]]) +
                     ["会"] + g.pick([[g.pick(["参加", "准备"]), g.pick(["考试", "比赛", "活动"])], ["完成", "作业"],
                                     ["组织", g.pick(["活动", "晚会"])], [g.pick(INTRANSITIVE)]]))
    if k == 12:  # 乒乓球拍 卖 完 了 / 拍卖
        return g.end(g.pick([["商店", "里", "的"], ["超市", "的"], ["这", "家", "店", "的"], []]) +
                     [g.pick(["乒乓球拍", "羽毛球拍", "网球拍"]), "卖", "完", "了"])
    if k == 13:
        return g.end(g.pick([["他", "的"], ["那些"], ["这", "批"], ["博物馆", "的"]]) +
                     [g.pick(["古画", "古董", "房子", "邮票", "乒乓球"]), "拍卖"] + g.pick([["完", "了"], ["了"], ["成功", "了"]]))
    if k == 14:  # 从小 / 从 小学
        return g.end(S + ["从小", g.pick(["就", ""]), "喜欢"] + g.vp())
    if k == 15:
        return g.end(S + ["从", "小学"] + g.pick([["毕业", "了"], ["到", "大学", "都", "很", "努力"], ["就", "开始", "学习", g.pick(OBJECTS["学习"])]]))
    if k == 16:  # 大学生 / 大学 生活
        return g.end(S + ["的", g.pick(["大学", "中学", "小学"]), "生活", g.pick(DEGREE), g.pick(["愉快", "有意思", "辛苦", "紧张"])])
    if k == 17:
        return g.end([g.pick(["大学生", "中学生", "小学生"])] +
                     g.pick([["活动", "很", "多"], ["生活", "很", "忙"], g.vp(), ["都", "喜欢", g.pick(INTRANSITIVE)]]))
    if k == 18:  # 将来 / 将 来
        if g.maybe():
            return g.end(S + ["将来", g.pick(["想", "要"]), "当", g.pick(JOBS)])
        return g.end(S + [g.pick(["明天", "下周", "明年"]), "将", "来", g.pick(CITIES), g.pick(["访问", "工作", "开会"])])
    if k == 19:  # 马上 / 马 上
        if g.maybe():
            return g.end(S + ["马上", g.pick(["就", ""]), g.pick(["来", "回家", "出发", "到"])])
        return g.end(S + ["骑", "在", "马", "上", g.pick(["唱歌", "看", "风景", "笑", "休息"])])
    if k == 20:  # 人民 生活 / 民生
        if g.maybe():
            return g.end(["提高", "人民", "生活", "水平"] + g.pick([[], ["很", "重要"], ["是", "大", "事"]]))
        return g.end(g.subject() + [g.pick(["关心", "重视", "研究"]), "民生", "问题"])
    # 才能 / 才 能; 人才 / 人 才
    if g.maybe():
        return g.end(S + [g.pick(["明天", "下午", "晚上", "周末"]), "才", "能", g.pick(["来", "回家", "出发", "休息"])])
    return g.end(g.pick([["这个", "人"], ["那个", "人"], ["他"]]) + ["才", g.pick(NUMBERS), "岁"] if g.maybe() else
                 [g.pick(["公司", "学校", "国家", "工厂"]), g.pick(["需要", "缺少", "重视"]), "人才"])


# ------------------------------------------------------------------------------------------- 4. hand-written

HAND = """
研究 生命 的 起源
我们 研究 生命 的 起源
科学家 一直 在 研究 生命 的 起源 。
那个 研究生 命 真 苦
研究生 的 生活 很 忙
南京市 长江 大桥 建成 了
南京市 长江 大桥 很 长 。
南京 市长 江大桥 发表 了 讲话
江大桥 是 南京 市长
南京 市长 今天 参观 了 长江 大桥
武汉市 长江 大桥 也 很 有名
乒乓球拍 卖 完 了
商店 里 的 乒乓球拍 卖 完 了 。
那些 古画 拍卖 完 了
结婚 的 和 尚未 结婚 的 都 来 了
已经 结婚 的 和 尚未 结婚 的 人
这个 和尚 尚未 结婚
他 说 的 确实 在理
他 说 的 确实 在理 ， 我 同意 。
这 的确 是 个 好 主意
他 的确 实在 太 忙 了
学生会 组织 了 一 次 活动
学生会 主席 是 我 同学
学生 会 参加 考试 吗 ？
学生 会 完成 作业 的
他 从小 学 画画
他 从小 就 喜欢 音乐
他 从 小学 毕业 了
他 从 小学 到 大学 都 很 努力
这个 人 才 十 岁
公司 需要 人才
他 是 一 个 人才
他 马上 就 来
他 骑 在 马 上 唱歌
他 将来 想 当 医生
他 明天 将 来 北京 访问
提高 人民 生活 水平
政府 关心 民生 问题
人民 生活 越来越 好
我 一 个 人 去 公园
这 是 我 个人 的 看法
大学 生活 很 有意思
大学生 活动 很 多
北京 大学生 喜欢 跑步
北京大学 的 学生 很 多
白天 鹅 在 湖 边 吃 草
湖 里 有 一 只 白 天鹅
门 的 把手 坏 了
他 把 手 洗 干净 了
他 很 有 才能
他 明天 才 能 来
原子 结合 成 分子
长春市 长春 药店 开门 了
发展 中 国家 很 多
他 是 中国 人
我们 在 一起 学习 中文
这 件 衣服 太 贵 了
下雨 天 留客 天 留 我 不 留
你 吃饭 了 吗 ？
明天 是 星期天
我 想 买 一 本 词典
他 的 中文 说 得 很 好
她 高兴 地 笑 了
我们 学校 有 一 个 很 大 的 图书馆
妈妈 在 厨房 里 做饭
爷爷 每天 早上 都 去 公园 散步
今天 的 天气 非常 好
我 把 作业 写 完 了
他们 正在 讨论 这个 问题
请 你 帮 我 一下
你 知道 他 住 在 哪里 吗 ？
火车 马上 就要 开 了
这 条 路 很 长
长江 是 中国 最 长 的 河
他 长 得 很 高
校长 和 老师 都 来 了
市长 关心 老人 的 生活
生命 在于 运动
他 热爱 生命 ， 也 热爱 生活 。
我 的 朋友 是 研究生
研究生 院 在 学校 东边
研究 生物 的 人 很 多
学生 们 都 很 认真
学生会 的 活动 很 有意思
他 会 说 中文
她 会 游泳
"""


def hand_sentences():
    out = []
    for line in HAND.strip().splitlines():
        line = line.strip()
        if line:
            out.append(line.split(" "))
    return out


# ------------------------------------------------------------------------------------------- 5. jieba, output

TOKEN = re.compile(r"[A-Za-z0-9]+|\S")


def tokens(text):
    """The input vectors of a text: one per character, a run of ASCII letters/digits as one (as the engine)."""
    return TOKEN.findall(text)


def bmes(words):
    tags = []
    for w in words:
        n = len(tokens(w))
        tags += ["S"] if n == 1 else ["B"] + ["M"] * (n - 2) + ["E"]
    return tags


def clean(words):
    # a template may leave an empty slot ("") or a word with a space ("不 喜欢"): normalise to words
    return [p for w in words for p in w.split(" ") if p]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sentences", type=int, default=2800, help="sentences to write (hand-written ones included)")
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "engine", "data", "seg_zh.txt"))
    ap.add_argument("--check", action="store_true", help="compare with jieba and print, write nothing")
    ap.add_argument("--sample", type=int, default=25, help="differences from jieba to list")
    args = ap.parse_args()
    try:
        import jieba
    except ImportError:
        sys.exit("make_seg_corpus.py needs jieba: apt-get install python3-jieba, and run it with /usr/bin/python3")
    jieba.setLogLevel(60)

    g = Gen(args.seed)
    seen = set()
    texts = {}  # text → its segmentation: one text never gets two
    corpus = []

    def add(words):
        words = clean(words)
        text = "".join(words)
        n = len(tokens(text))
        key = " ".join(words)
        if key in seen:
            return False
        if text in texts and texts[text] != key:
            raise SystemExit("one text, two segmentations: %s | %s" % (texts[text], key))
        seen.add(key)
        texts[text] = key
        corpus.append(words)
        return True

    hand = hand_sentences()
    for words in hand:
        add(words)
    tries = 0
    while len(corpus) < args.sentences:
        tries += 1
        if tries > 200 * args.sentences:
            raise SystemExit("the templates cannot make %d distinct sentences" % args.sentences)
        words = clean(ambiguous(g) if g.maybe(0.55) else general(g))
        n = len(tokens("".join(words)))
        if 8 <= n <= 25:
            add(words)
    # hand-written first in the file, then the rest in a seeded order
    rest = corpus[len(hand):]
    g.r.shuffle(rest)
    corpus = corpus[:len(hand)] + rest

    differ = []
    boundaries_ours = boundaries_jieba = boundaries_both = 0
    for words in corpus:
        text = "".join(words)
        jw = [w for w in jieba.cut(text) if w.strip()]
        if jw != words:
            differ.append((words, jw))

        def cuts(ws):
            s, at = set(), 0
            for w in ws[:-1]:
                at += len(w)
                s.add(at)
            return s
        a, b = cuts(words), cuts(jw)
        boundaries_ours += len(a)
        boundaries_jieba += len(b)
        boundaries_both += len(a & b)
    n = len(corpus)
    chars = sum(len(tokens("".join(w))) for w in corpus)
    same = n - len(differ)
    precision = boundaries_both / max(1, boundaries_jieba)
    recall = boundaries_both / max(1, boundaries_ours)
    f1 = 2 * precision * recall / max(1e-9, precision + recall)
    print("%d sentences, %d characters; jieba %s segments %d the same (%.1f%%) and %d differently; "
          "word-boundary F1 %.1f%% (precision %.1f%%, recall %.1f%%)"
          % (n, chars, jieba.__version__, same, 100 * same / n, len(differ), 100 * f1, 100 * precision, 100 * recall))
    print("hand-written sentences jieba segments differently:")
    for words, jw in differ:
        if words in hand:
            print("  ours  %s\n  jieba %s" % (" ".join(words), " ".join(jw)))
    print("a sample of the others:")
    for words, jw in g.r.sample([d for d in differ if d[0] not in hand], min(args.sample, len(differ))):
        print("  ours  %s\n  jieba %s" % (" ".join(words), " ".join(jw)))
    counts = {}
    for words in corpus:
        for t in bmes(words):
            counts[t] = counts.get(t, 0) + 1
    print("labels: " + ", ".join("%s %d" % (t, counts.get(t, 0)) for t in "BMES"))
    if args.check:
        return
    header = [
        "# seg_zh: Chinese word segmentation as sequence labelling (one label per character: B M E S).",
        "# Generated by scripts/make_seg_corpus.py --seed %d (an original corpus: templates over a hand-written" % args.seed,
        "# lexicon plus hand-written sentences). One sentence per line, words separated by single spaces.",
        "# %d sentences, %d characters. jieba %s segments %.1f%% of the sentences the same way (word-boundary"
        % (n, chars, jieba.__version__, 100 * same / n),
        "# F1 %.1f%%); the differences were checked by hand: conventions (长江 大桥, 参加 考试) and jieba's" % (100 * f1),
        "# mistakes on the ambiguous sentences (学生 会 参加 考试, 他 从小 学 画画).",
    ]
    with open(args.out, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(header) + "\n")
        for words in corpus:
            f.write(" ".join(words) + "\n")
    print("wrote %s (%d bytes)" % (os.path.normpath(args.out), os.path.getsize(args.out)))


if __name__ == "__main__":
    main()
