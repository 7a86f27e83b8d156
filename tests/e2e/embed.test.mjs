// Embed mode, narrow screens and the Share dialog, as a course page and a phone see them: where the parts land
// (attnlab._layout(), the rectangles the last frame drew), taps and clicks on them, and the pixels.
import assert from 'node:assert/strict';
import { devices } from 'playwright-core';
import { test, before, after, serve, launch, openPage, waitReady, screenshot, decodePng, distinctColours } from './harness.mjs';

let browser, server;
before(async () => { browser = await launch(); server = await serve(); });
after(async () => { await browser?.close(); await server?.close(); });

const EMBED = '#embed=1&panel=attention&controls=run,step,heads&caption=Week%203:%20where%20each%20word%20looks&train=false';

async function layout(page, frames = 3) {
  // a few frames, so the layout follows the latest size and state
  const start = (await page.evaluate(() => window.attnlab._layout())).frame;
  for (let i = 0; i < 200; i++) {
    const L = await page.evaluate(() => window.attnlab._layout());
    if (L.frame >= start + frames) {
      const by = (name) => L.rects.filter((r) => r.name === name);
      return { ...L, by, one: (name) => by(name)[0] };
    }
    await page.waitForTimeout(30);
  }
  throw new Error('no new frames');
}
const overlap = (a, b) => a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5;
const centre = (r) => [r.x + r.w / 2, r.y + r.h / 2];

async function phone(hash) {
  const context = await browser.newContext({ ...devices['Pixel 5'] });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  await page.goto(server.url + hash);
  await waitReady(page);
  return { context, page, problems };
}

function checkEmbedLayout(L, width, height) {
  const screen = L.one('screen');
  assert.equal(Math.round(screen.w), width);
  assert.ok(L.one('font').w >= 12, `text at least 12 CSS px, got ${L.one('font').w}`);
  assert.equal(L.by('title.modes').length, 0, 'no title line in an embed');
  assert.equal(L.by('left').length, 0, 'no settings column in an embed');
  const view = L.one('view'), caption = L.one('embed.caption'), link = L.one('embed.open_full');
  const controls = L.one('embed.controls');
  assert.ok(view && link && controls, JSON.stringify(L.rects.map((r) => r.name)));
  assert.ok(view.w >= 0.9 * width, `the panel fills the frame's width: ${view.w} of ${width}`);
  assert.ok(view.y >= controls.y + controls.h - 1, 'the panel is below the controls');
  assert.ok(view.h >= 0.3 * height, `the panel gets the height: ${view.h} of ${height}`);
  if (caption) assert.ok(!overlap(caption, link), 'caption and link do not overlap');
  for (const r of [caption, link, controls].filter(Boolean)) assert.ok(r.x >= 0 && r.x + r.w <= width + 0.5, `${r.name} inside the frame`);
}

for (const [width, height] of [[320, 240], [800, 600]]) {
  test(`embed at ${width}x${height}: the chosen panel fills the frame under the caption and controls`, async () => {
    const { context, page, problems } = await openPage(browser, { width, height });
    try {
      await page.goto(server.url + EMBED);
      await waitReady(page);
      const s = await page.evaluate(() => window.attnlab.getState());
      assert.equal(s.embed, true);
      assert.equal(s.controls, 'run,step,heads');
      const L = await layout(page);
      checkEmbedLayout(L, width, height);
      const { png } = await screenshot(page, `embed-${width}x${height}.png`);
      assert.ok(distinctColours(decodePng(png)) > 20, 'the frame is drawn');
      // the controls work: Step trains exactly one step (training is off in this link)
      const step0 = (await page.evaluate(() => window.attnlab.metrics())).step;
      assert.deepEqual(L.rects.filter((r) => r.name.startsWith('embed.control.')).map((r) => r.name),
                       ['embed.control.run', 'embed.control.step', 'embed.control.heads']);
      await page.mouse.click(...centre(L.one('embed.control.step')));
      await layout(page, 2);
      assert.equal((await page.evaluate(() => window.attnlab.metrics())).step, step0 + 1, 'Step trains one step');
      await page.mouse.click(...centre(L.one('embed.control.run')));
      await layout(page, 2);
      assert.equal((await page.evaluate(() => window.attnlab.getState())).train, true, 'Run starts training');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

test('embed on a phone: two panels become tabs, a tap on a tab changes the panel', async () => {
  const { context, page, problems } = await phone('#embed=1&panels=attention,pe&controls=run,heads&train=false');
  try {
    const L = await layout(page);
    const width = Math.round(L.one('screen').w);
    checkEmbedLayout(L, width, Math.round(L.one('screen').h));
    await screenshot(page, 'embed-phone.png');
    // the tab bar sits between the controls and the view: tap to the right of the first tab's middle
    const view = L.one('view'), controls = L.one('embed.controls');
    const tabY = (controls.y + controls.h + view.y) / 2;
    // find the second tab by tapping along the bar until the panel changes
    let panel = 'attention';
    for (let x = width * 0.35; x < width * 0.95 && panel === 'attention'; x += width * 0.08) {
      await page.touchscreen.tap(x, tabY);
      await page.waitForTimeout(150);
      panel = (await page.evaluate(() => window.attnlab.getState())).panel;
    }
    assert.equal(panel, 'pe', 'a tap on the second tab shows the positional encoding');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('open in the full playground: a new tab with the same settings and no embed', async () => {
  const { context, page, problems } = await openPage(browser, { width: 800, height: 600 });
  try {
    await page.goto(server.url + '#embed=1&panel=pe&heads=2&controls=none&caption=x');
    await waitReady(page);
    const L = await layout(page);
    assert.equal(L.by('embed.status').length, 1);
    const popup = context.waitForEvent('page');
    await page.mouse.click(...centre(L.one('embed.open_full')));
    const full = await popup;
    await full.waitForLoadState();
    const url = new URL(full.url());
    assert.equal(url.origin + url.pathname, new URL(server.url).origin + new URL(server.url).pathname);
    assert.match(url.hash, /heads=2/);
    assert.match(url.hash, /panel=pe/);
    assert.doesNotMatch(url.hash, /embed|caption|controls/);
    await waitReady(full);
    const s = await full.evaluate(() => window.attnlab.getState());
    assert.equal(s.embed, false);
    assert.equal(s.heads, 2);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('bad embed settings in a link are refused by name; the rest applies', async () => {
  const { context, page } = await openPage(browser, { width: 800, height: 600 });
  try {
    await page.goto(server.url + '#embed=1&controls=run,fly&panels=attention,nowhere&heads=2');
    await waitReady(page);
    const s = await page.evaluate(() => window.attnlab.getState());
    assert.equal(s.embed, true);
    assert.equal(s.heads, 2);
    assert.equal(s.controls, '');
    assert.equal(s.panels, '');
    await assert.rejects(page.evaluate(() => window.attnlab.setState({ controls: 'run,fly' })), /fly/);
    await assert.rejects(page.evaluate(() => window.attnlab.setState({ caption: 'two\nlines' })), /one line/);
    const L = await layout(page);
    checkEmbedLayout(L, 800, 600);
  } finally {
    await context.close();
  }
});

test('full playground: wide has the settings column, narrow a drawer; the title line never overlaps', async () => {
  for (const [width, height] of [[1280, 800], [800, 600], [360, 640]]) {
    const { context, page, problems } = await openPage(browser, { width, height });
    try {
      await page.goto(server.url + '#train=false');
      await waitReady(page);
      const L = await layout(page);
      const title = L.rects.filter((r) => r.name.startsWith('title.'));
      assert.ok(title.length >= 3, JSON.stringify(title));
      for (const r of title) assert.ok(r.x >= 0 && r.x + r.w <= width + 0.5, `${r.name} inside ${width}px`);
      for (let i = 0; i < title.length; i++)
        for (let j = i + 1; j < title.length; j++)
          assert.ok(!overlap(title[i], title[j]), `${title[i].name} overlaps ${title[j].name} at ${width}px`);
      const views = L.one('views');
      if (width >= 1000) {
        assert.equal(L.by('left').length, 1);
        assert.equal(L.by('title.settings').length, 0);
      } else {
        assert.equal(L.by('left').length, 0, `no column at ${width}px`);
        assert.ok(views.w >= 0.95 * width, `the views take the width at ${width}px`);
        await page.mouse.click(...centre(L.one('title.settings')));
        const D = await layout(page);
        const drawer = D.one('drawer');
        assert.ok(drawer && drawer.w <= width + 0.5 && drawer.h > height / 2, 'the drawer opens');
        await page.mouse.click(width - 3, height - 3 > drawer.y ? height - 3 : height - 1);
        if (drawer.w < width - 4) assert.equal((await layout(page)).by('drawer').length, 0, 'a click beside it closes it');
      }
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  }
});

test('share dialog: link and <iframe> snippet to the clipboard, a live preview of the frame', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(server.url).origin });
  const page = await context.newPage();
  try {
    await page.goto(server.url + '#heads=2&train=false');
    await waitReady(page);
    let L = await layout(page);
    await page.mouse.click(...centre(L.one('title.share')));
    L = await layout(page);
    await screenshot(page, 'share-1280x800.png');
    const preview = L.one('share.preview');
    assert.ok(preview && preview.w >= 400 && preview.h >= 300, JSON.stringify(preview));
    // the preview is the embed view itself
    assert.ok(L.by('embed.open_full').some((r) => r.x >= preview.x && r.x + r.w <= preview.x + preview.w + 0.5));
    await page.mouse.click(...centre(L.one('share.copy_link')));
    await layout(page, 2);
    const link = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(link, server.url + '#heads=2&train=false');
    await page.mouse.click(...centre(L.one('share.copy_snippet')));
    await layout(page, 2);
    const snippet = await page.evaluate(() => navigator.clipboard.readText());
    const src = /<iframe src="([^"]+)" width="800" height="600"/.exec(snippet);
    assert.ok(src, snippet);
    const framed = src[1].replace(/&amp;/g, '&');
    assert.match(framed, /embed=true/);
    assert.match(framed, /heads=2/);
    // the snippet works: a page with it shows the embed
    const course = await context.newPage();
    await course.setContent(`<h1>Week 3</h1>${snippet}`);
    const frame = await (await course.waitForSelector('iframe')).contentFrame();
    await frame.waitForFunction(() => window.attnlab && window.attnlab._started, null, { timeout: 60000 });
    const s = await frame.evaluate(() => window.attnlab.getState());
    assert.equal(s.embed, true);
    assert.equal(s.heads, 2);
  } finally {
    await context.close();
  }
});
