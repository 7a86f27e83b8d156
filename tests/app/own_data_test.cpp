// Your own data in the app (App::load_data): success makes the task own with the file's tags and trains a
// new run on it; any problem returns the message and leaves state, data, run and step as they were; task own
// needs loaded data everywhere a setting can come from (setState, a link, a whole edited state).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "engine/settings/settings.h"
#include "web/app/app.h"

namespace attnlab {
namespace {

// An easy own dataset: the tag of a word is decided by the word before it (after "a" → N, after "to" → V),
// so the word alone does not tell ("run" is both).
std::string easy_text(int sentences) {
  const char* words[] = {"run", "walk", "fish", "swim"};
  std::string text;
  for (int i = 0; i < sentences; ++i) {
    const std::string w = words[i % 4], u = words[(i / 4) % 4];
    text += "a/D " + w + "/N to/P " + u + "/V\n";
  }
  return text;
}

TEST(OwnData, LoadMakesTheTaskOwnWithTheFilesTagsAndTrains) {
  App app;
  ASSERT_TRUE(app.set_state({{"train", "false"}}).empty());
  app.train_steps(3);
  const std::string problem = app.load_data(easy_text(40), "easy.txt");
  ASSERT_EQ(problem, "");
  EXPECT_EQ(app.state.task, "own");
  EXPECT_TRUE(app.state.train) << "training starts";
  ASSERT_TRUE(app.runs.own);
  EXPECT_EQ(app.runs.own->name, "easy.txt");
  ASSERT_TRUE(app.runs.data);
  EXPECT_EQ(app.runs.data->tag_names, (std::vector<std::string>{"D", "N", "P", "V"}));
  EXPECT_EQ(app.runs.data->dev.size(), 4u);
  EXPECT_EQ(app.runs.data->train.size(), 36u);
  ASSERT_TRUE(app.runs.main.trainer) << app.runs.main.error;
  EXPECT_EQ(app.runs.main.step(), 0);
  EXPECT_DOUBLE_EQ(app.runs.chance, 0.25);  // four tags, each a quarter of the words
  // the shown input is a dev sentence, and the views label it with the file's tags
  const Sequence& dev0 = app.runs.data->dev.front();
  std::string first;
  for (const auto& w : dev0.words) first += (first.empty() ? "" : " ") + w;
  EXPECT_EQ(app.state.input, first);
  app.train_steps(5);
  app.refresh_view();
  ASSERT_EQ(app.view.error, "");
  ASSERT_EQ(app.view.predicted.size(), 4u);
  for (int t : app.view.predicted) {
    const std::string name = app.tag_name(t);
    EXPECT_NE(std::find(app.runs.data->tag_names.begin(), app.runs.data->tag_names.end(), name),
              app.runs.data->tag_names.end())
        << name;
  }
  // the data stays for the session: to pos and back to own keeps it
  ASSERT_TRUE(app.set_state({{"task", "pos"}}).empty());
  EXPECT_EQ(app.runs.data->tags(), 12);  // the Brown Corpus's universal tags
  ASSERT_TRUE(app.set_state({{"task", "own"}}).empty());
  EXPECT_EQ(app.runs.data->tag_names.size(), 4u);
  // another seed: another split of the same data
  ASSERT_TRUE(app.set_state({{"seed", "2"}}).empty());
  EXPECT_EQ(app.runs.data->dev.size(), 4u);
  // the data is not in the URL: only task=own (a link with it on a fresh page asks for the file)
  EXPECT_EQ(state_to_query(app.state).find("easy"), std::string::npos);
}

TEST(OwnData, AProblemChangesNothing) {
  App app;
  ASSERT_TRUE(app.set_state({{"task", "seen"}, {"train", "false"}}).empty());
  app.train_steps(7);
  const Trainer* before_trainer = app.runs.main.trainer.get();
  const auto* before_data = app.runs.data.get();
  const std::string before_query = state_to_query(app.state);
  const long serial = app.runs.main.serial;
  auto unchanged = [&](const std::string& why) {
    EXPECT_EQ(state_to_query(app.state), before_query) << why;
    EXPECT_EQ(app.runs.data.get(), before_data) << why;
    EXPECT_EQ(app.runs.main.trainer.get(), before_trainer) << why;
    EXPECT_EQ(app.runs.main.serial, serial) << why;
    EXPECT_EQ(app.runs.main.step(), 7) << why;
    EXPECT_FALSE(app.runs.own) << why;
  };
  std::string m = app.load_data("I/PRON saw/VERB\nthe/DET saw man/NOUN\n", "bad.txt");
  EXPECT_EQ(m, "bad.txt: line 2: token 'saw' has no /TAG (write word/TAG, e.g. saw/VERB)");
  unchanged("malformed");
  m = app.load_data("1\tI\tI\tPRON\n", "bad.conllu");
  EXPECT_NE(m.find("line 1: CoNLL-U needs 10 tab-separated columns"), std::string::npos) << m;
  unchanged("columns");
  m = app.load_data(std::string((8u << 20) + 10, 'x'), "big.txt");
  EXPECT_NE(m.find("data files may be at most 8 MB"), std::string::npos) << m;
  unchanged("too large");
  m = app.load_data("only/ADV one/NUM\n", "");
  EXPECT_NE(m.find("your data: only one sentence"), std::string::npos) << m;  // no name: the API's words
  unchanged("one sentence");
  // a model the data cannot make: a learned table shorter than the file's sentences
  ASSERT_TRUE(app.set_state({{"pe", "learned"}, {"max_len", "24"}}).empty());
  ASSERT_TRUE(app.runs.main.trainer) << app.runs.main.error;
  app.train_steps(7);
  const std::string q2 = state_to_query(app.state);
  std::string long_sentences;
  for (int s = 0; s < 3; ++s) {
    for (int i = 0; i < 30; ++i) long_sentences += "w/X ";
    long_sentences += "\n";
  }
  m = app.load_data(long_sentences, "long.txt");
  EXPECT_EQ(m.rfind("long.txt: ", 0), 0u) << m;
  EXPECT_NE(m.find("only has rows for 24 positions"), std::string::npos) << m;
  EXPECT_EQ(state_to_query(app.state), q2);
  EXPECT_EQ(app.runs.main.step(), 7);
  EXPECT_FALSE(app.runs.own);
}

TEST(OwnData, TaskOwnWithoutDataIsRefusedEverywhere) {
  App app;
  const std::string before = state_to_query(app.state);
  auto problems = app.set_state({{"task", "own"}});
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0], App::kOwnNeedsData);
  EXPECT_NE(problems[0].find("task 'own' needs a data file"), std::string::npos);
  EXPECT_EQ(state_to_query(app.state), before);
  AppState next = app.state;
  next.task = "own";
  EXPECT_EQ(app.apply(next), App::kOwnNeedsData);
  EXPECT_EQ(app.state.task, "pos");
  // a link: the task is ignored with a notice, the rest applies
  app.load_url_state("#task=own&heads=2");
  EXPECT_EQ(app.state.task, "pos");
  EXPECT_EQ(app.state.heads, 2);
  ASSERT_FALSE(app.notices.empty());
  EXPECT_NE(app.notices.back().text.find("task 'own' needs a data file"), std::string::npos);
  EXPECT_EQ(app.notices.back().key, "notice_link_own");  // the panels show it in the interface's language
  // with data loaded, the same link works
  ASSERT_EQ(app.load_data(easy_text(10), "easy.txt"), "");
  ASSERT_TRUE(app.set_state({{"task", "pos"}}).empty());
  app.load_url_state("#task=own");
  EXPECT_EQ(app.state.task, "own");
}

TEST(OwnData, NewDataReplacesTheOldAndLeavesTheLesson) {
  App app;
  ASSERT_TRUE(app.set_state({{"lesson", "1"}}).empty());
  ASSERT_EQ(app.load_data(easy_text(10), "first.txt"), "");
  EXPECT_EQ(app.state.lesson, 0);
  EXPECT_TRUE(app.state.guess.empty());
  app.train_steps(4);
  const long serial = app.runs.main.serial;
  ASSERT_EQ(app.load_data("x/A y/B\nx/B y/A\nz/C x/A\n", "second.txt"), "");
  EXPECT_EQ(app.runs.own->name, "second.txt");
  EXPECT_EQ(app.runs.data->tag_names, (std::vector<std::string>{"A", "B", "C"}));
  EXPECT_NE(app.runs.main.serial, serial);
  EXPECT_EQ(app.runs.main.step(), 0);
}

TEST(OwnData, TheSentenceLimitIsTheLongestSequenceAModelTakes) {
  // a longer sentence could not be given a learned table (settings' max_len range) in the page or the CLI
  EXPECT_EQ(TaggedTextLimits{}.max_tokens, static_cast<long>(setting_range("max_len").hi));
}

}  // namespace
}  // namespace attnlab
