// 中文: the interface in Chinese (#lang=zh, the switch in the title line, the browser's language), the Chinese
// font fetched only when Chinese is on screen, every panel drawn in Chinese (screenshots in build/e2e/), a
// missing font survived, and Chinese typed through an input method reaching the sentence.
//
// The expected Chinese texts are read from web/ui/strings_zh.inc (the table the app is built from), so the
// test checks that they reach the screen, not what they say.
import assert from 'node:assert/strict';
import { test, before, after, serve, launch, openPage, waitReady, screenshot, decodePng, greyVariance, frames, until,
         stringTable } from './harness.mjs';

let browser, server;
before(async () => { browser = await launch(); server = await serve(); });
after(async () => { await browser?.close(); await server?.close(); });

const tables = (lang) => Object.assign({}, ...['', '_lesson', '_classroom', '_lang'].map((part) =>
  stringTable(`strings_${lang}${part}.inc`)));
const ZH = tables('zh');
const EN = tables('en');

const state = (page) => page.evaluate(() => window.attnlab.getState());
const ui = (page, items = false) => page.evaluate((i) => window.attnlab._ui({ items: i }), items);
// (the first call with items turns the widget hooks on; the frames after it list the widgets)
async function items(page) {
  await ui(page, true);
  await frames(page, 3);
  return (await ui(page, true)).items;
}
const labels = async (page) => (await items(page)).map((it) => it.label.split('###')[0].split('##')[0]);

async function open(hash, options = {}) {
  const o = await openPage(browser, options.locale ? { device: { locale: options.locale,
                                                                 viewport: { width: 1280, height: 800 } } } : {});
  o.fonts = [];
  o.page.on('request', (r) => { if (r.url().includes('zh_font')) o.fonts.push(r.url()); });
  if (options.route) await o.page.route('**/zh_font.ttf', options.route);
  await o.page.goto(server.url + hash);
  await waitReady(o.page);
  return o;
}

test('an English first load does not fetch the Chinese font', async () => {
  const o = await open('#train=false');
  try {
    await frames(o.page, 10);
    assert.equal((await state(o.page)).lang, 'en');
    assert.equal((await ui(o.page)).language, 'en');
    assert.deepEqual(o.fonts, []);
    assert.ok((await labels(o.page)).includes(EN.panel_attention));
    assert.deepEqual(o.problems, []);
  } finally {
    await o.context.close();
  }
});

test('#lang=zh: every panel in Chinese, the Chinese strings on screen, nothing blank, no errors', async () => {
  const o = await open('#lang=zh&train=false');
  try {
    await until(o.page, 'the Chinese interface', async () => (await ui(o.page)).language === 'zh');
    assert.equal(o.fonts.length, 1, 'the font is fetched once');
    assert.equal((await state(o.page)).lang, 'zh');
    const shown = await labels(o.page);
    for (const key of ['panel_attention', 'panel_step', 'panel_matrix', 'panel_pe', 'lesson_playground', 'share_button'])
      assert.ok(shown.includes(ZH[key]), `${key}: "${ZH[key]}" not on screen; labels: ${shown.slice(0, 40).join(' | ')}`);
    assert.ok(!shown.includes(EN.panel_attention) || EN.panel_attention === ZH.panel_attention);
    const u = await ui(o.page);
    assert.ok(u.atlas.glyphs > 300, `atlas glyphs ${u.atlas.glyphs}`);
    for (const panel of ['attention', 'step', 'matrix', 'pe', 'compare', 'history', 'embeddings']) {
      await o.page.evaluate((p) => window.attnlab.setState({ panel: p }), panel);
      await frames(o.page, 4);
      const png = decodePng((await screenshot(o.page, `zh-${panel}.png`)).png);
      assert.ok(greyVariance(png) > 50, `${panel}: the canvas is not blank`);
    }
    assert.deepEqual(o.problems, []);
  } finally {
    await o.context.close();
  }
});

test('the title-line switch changes the language at any moment; training goes on, the panel stays', async () => {
  const o = await open('#train=true&panel=compare');
  try {
    await until(o.page, 'training', async () => (await o.page.evaluate(() => window.attnlab.metrics())).step > 20);
    const before = (await o.page.evaluate(() => window.attnlab.metrics())).step;
    const find = async (label) => {
      const it = (await items(o.page)).find((i) => i.label.split('###')[0] === label);
      assert.ok(it, `no button ${label}`);
      return { x: (it.visible[0] + it.visible[2]) / 2, y: (it.visible[1] + it.visible[3]) / 2 };
    };
    let b = await find(EN.lang_switch_zh);
    await o.page.mouse.move(b.x, b.y);
    await frames(o.page, 2);
    await o.page.mouse.click(b.x, b.y);
    await until(o.page, 'the Chinese interface', async () => (await ui(o.page)).language === 'zh');
    assert.equal((await state(o.page)).lang, 'zh');
    assert.ok(o.page.url().includes('lang=zh'), `the link keeps the language: ${o.page.url()}`);
    await frames(o.page, 3);
    assert.equal((await state(o.page)).panel, 'compare', 'the tab shown stays when its title changes language');
    const after = (await o.page.evaluate(() => window.attnlab.metrics())).step;
    assert.ok(after >= before, `the run goes on (step ${before} -> ${after})`);
    b = await find(ZH.lang_switch_en);
    await o.page.mouse.move(b.x, b.y);
    await frames(o.page, 2);
    await o.page.mouse.click(b.x, b.y);
    await until(o.page, 'the English interface', async () => (await ui(o.page)).language === 'en');
    assert.ok((await o.page.evaluate(() => window.attnlab.metrics())).step >= after);
    await frames(o.page, 3);
    assert.equal((await state(o.page)).panel, 'compare');
    assert.deepEqual(o.problems, []);
  } finally {
    await o.context.close();
  }
});

test('the default follows the browser language; a link says otherwise', async () => {
  for (const [locale, hash, want] of [['zh-CN', '#train=false', 'zh'], ['zh-TW', '#train=false', 'zh'],
                                      ['zh-CN', '#lang=en&train=false', 'en'], ['de-DE', '#train=false', 'en']]) {
    const o = await open(hash, { locale });
    try {
      assert.equal((await state(o.page)).lang, want, `${locale} ${hash}`);
      if (want === 'zh') await until(o.page, 'the Chinese interface', async () => (await ui(o.page)).language === 'zh');
      assert.deepEqual(o.problems, []);
    } finally {
      await o.context.close();
    }
  }
});

test('a missing font: a notice, the interface stays English and working', async () => {
  const o = await open('#train=false', { route: (r) => r.fulfill({ status: 404, body: 'not found' }) });
  try {
    const r = await o.page.evaluate(() => window.attnlab.setState({ lang: 'zh' }));
    assert.equal(r.lang, 'zh');
    await until(o.page, 'the fallback to English', async () => (await state(o.page)).lang === 'en');
    assert.equal((await ui(o.page)).language, 'en');
    await o.page.evaluate(() => window.attnlab.step(3));
    assert.ok((await o.page.evaluate(() => window.attnlab.metrics())).step >= 3, 'the app still trains');
    // the 404 itself is the only problem (the browser logs it as "Failed to load resource")
    assert.ok(o.problems.every((p) => p.includes('zh_font.ttf') || p.includes('Failed to load resource')),
              o.problems.join('\n'));
  } finally {
    await o.context.close();
  }
});

test('Chinese typed through an input method reaches the sentence and gets one label per character (seg_zh)', async () => {
  const o = await open('#lang=zh&task=seg_zh&train=false&input=x');
  try {
    await until(o.page, 'the Chinese interface', async () => (await ui(o.page)).language === 'zh');
    const field = (await items(o.page)).find((i) => i.label === '##input' && i.window.includes('##left'));
    assert.ok(field, 'the sentence field');
    const x = field.visible[2] - 4, y = (field.visible[1] + field.visible[3]) / 2;
    await o.page.mouse.move(x, y);
    await frames(o.page, 2);
    await o.page.mouse.click(x, y);
    await frames(o.page, 3);
    assert.equal(await o.page.evaluate(() => document.activeElement && document.activeElement.id), 'attnlab-text-input');
    await o.page.keyboard.press('Backspace');
    await frames(o.page, 3);
    // What an input method does: compositionstart, updates while the student picks, then the committed text.
    await o.page.evaluate(() => {
      const el = document.getElementById('attnlab-text-input');
      el.dispatchEvent(new CompositionEvent('compositionstart', { data: '' }));
      el.dispatchEvent(new CompositionEvent('compositionupdate', { data: 'wo kan' }));
      el.dispatchEvent(new InputEvent('input', { inputType: 'insertCompositionText', data: 'wo kan', isComposing: true }));
      el.dispatchEvent(new CompositionEvent('compositionend', { data: '我看见一把锯龘' }));
    });
    await frames(o.page, 4);
    assert.equal((await state(o.page)).input, '我看见一把锯龘');
    // seg_zh: one label per character, 龘 (outside the font and the vocabulary) included
    const p = await o.page.evaluate(() => window.attnlab.predictions());
    assert.deepEqual(p.tokens, ['我', '看', '见', '一', '把', '锯', '龘']);
    assert.equal(p.labels.length, 7);
    for (const l of p.labels) assert.ok(['B', 'M', 'E', 'S'].includes(l), `label ${l}`);
    const u = await ui(o.page);
    assert.ok(u.atlas.glyphs > 0);
    await screenshot(o.page, 'zh-typed.png');
    assert.deepEqual(o.problems, []);
  } finally {
    await o.context.close();
  }
});
