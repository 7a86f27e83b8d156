// The semantic mirror (web/ui/a11y.h, web/platform/a11y_dom.cpp), as a screen reader and a keyboard meet it:
// Chromium's own accessibility tree (CDP Accessibility.getFullAXTree) holds every control the frame drew, with
// its name, role and value, in the interface's language; acting on the mirrored controls (a screen reader's
// activate, Tab, the arrow keys, Enter) changes the app as the pointer would; Tab leaves the page again; a
// frame that changes nothing on screen changes no DOM node. No mouse or touch event is sent here.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test, before, after, serve, launch, openPage, waitReady, frames, until, stringTable, ROOT }
  from './harness.mjs';

const AXE = join(ROOT, 'node_modules/axe-core/axe.min.js');

let browser, server;
before(async () => { browser = await launch(); server = await serve(); });
after(async () => { await browser?.close(); await server?.close(); });

const state = (page) => page.evaluate(() => window.attnlab.getState());

async function open(hash, options = {}) {
  const o = await openPage(browser, options);
  await o.page.goto(server.url + hash);
  await waitReady(o.page);
  await frames(o.page, 3);
  o.cdp = await o.context.newCDPSession(o.page);
  return o;
}

// Chromium's accessibility tree: the nodes not ignored, as {role, name, value, props}.
async function axTree(o) {
  const { nodes } = await o.cdp.send('Accessibility.getFullAXTree');
  return nodes.filter((n) => !n.ignored).map((n) => ({
    role: n.role?.value, name: (n.name?.value ?? '').replace(/\s+/g, ' ').trim(), value: n.value?.value,
    props: Object.fromEntries((n.properties || []).map((p) => [p.name, p.value?.value])),
  }));
}

// What ImGui itself reported drawing (its test-engine hooks, web/platform/browser_input.cpp): the labelled
// widgets of the last frame, in sight.
async function drawnWidgets(page) {
  await page.evaluate(() => window.attnlab._ui({ items: true }));
  await frames(page, 3);
  const { items } = await page.evaluate(() => window.attnlab._ui({ items: true }));
  return items.map((it) => ({ ...it, shown: it.label.split('##')[0].replace(/\s+/g, ' ').trim() }))
    .filter((it) => it.shown && !it.shown.startsWith('#') && it.visible[3] > it.visible[1] + 1);
}

// The layer's tables (heatmaps, charts, pictures): caption, column and row headers, cells as read.
const gridTables = (p) => p.evaluate(() => [...document.querySelectorAll('#attnlab-a11y table[role=grid]')].map((t) => ({
  caption: t.caption?.textContent || '', cols: [...t.rows[0].cells].slice(1).map((c) => c.textContent),
  rows: [...t.rows].slice(1).map((r) => r.cells[0].textContent),
  cells: [...t.rows].slice(1).map((r) => [...r.cells].slice(1).map((c) => c.textContent)) })));

// Tab until the focused element passes `test` (evaluated in the page on document.activeElement); false if never.
async function tabUntil(p, test, arg, most = 250) {
  for (let i = 0; i < most; ++i) {
    if (await p.evaluate(test, arg)) return true;
    await p.keyboard.press('Tab');
  }
  return p.evaluate(test, arg);
}

const ROLES = new Set(['button', 'checkbox', 'radio', 'slider', 'combobox', 'tab', 'textbox', 'spinbutton',
                       'MenuListPopup', 'PopUpButton']);

test('every widget drawn is in the accessibility tree with its name, role and value', async () => {
  const o = await open('#task=seen&train=false');
  const tree = await axTree(o);
  const controls = tree.filter((n) => ROLES.has(n.role));
  const names = new Set(controls.map((n) => n.name));
  const drawn = await drawnWidgets(o.page);
  assert.ok(drawn.length >= 15, `ImGui drew ${drawn.length} labelled widgets`);
  const missing = drawn.filter((it) => !names.has(it.shown) && !tree.some((n) => n.name === it.shown));
  assert.deepEqual(missing.map((it) => `${it.window}: ${it.shown}`), [], 'drawn but not mirrored');

  const tabs = tree.filter((n) => n.role === 'tab');
  assert.ok(tabs.some((t) => t.name === 'Attention' && t.props.selected === true), 'the Attention view\'s tab, selected');
  assert.ok(tree.some((n) => n.role === 'tablist'), 'the tabs are in a tablist');
  const seed = controls.find((n) => n.name === 'seed');
  const steps = controls.filter((n) => n.role === 'slider');
  assert.ok(steps.length >= 2, `sliders: ${JSON.stringify(steps)}`);
  for (const s of steps) assert.ok(s.props.valuemin !== undefined && s.props.valuemax !== undefined, JSON.stringify(s));
  const combos = controls.filter((n) => n.role === 'combobox' || n.role === 'PopUpButton' || n.role === 'MenuListPopup');
  assert.ok(combos.some((c) => c.name === 'task'), `the task combo: ${JSON.stringify(combos)}`);
  const headers = tree.filter((n) => n.role === 'button' && n.props.expanded !== undefined);
  assert.ok(headers.length >= 3, 'the collapsing headers say whether they are open');
  assert.ok(tree.some((n) => n.role === 'heading'), 'headings');
  // text that the panels draw is text in the tree: the Data panel's introduction
  const intro = await o.page.evaluate(() => [...document.querySelectorAll('#attnlab-a11y p')].map((p) => p.textContent));
  assert.ok(intro.some((t) => t.length > 80), 'a paragraph of the panels\' prose');
  assert.equal(await o.page.evaluate(() => document.getElementById('attnlab-a11y').lang), 'en');
  void seed;
  await o.context.close();
});

test('a frame with no visible change changes no DOM node; a change changes only its nodes', async () => {
  const o = await open('#task=seen&train=false');
  await o.page.waitForTimeout(1000);  // the first frames settle (layout, fonts)
  // Idle: the frames that look like the one on screen (not presented to the GPU) call no JavaScript; the
  // status line's frame rate, shown once a second, is the one thing that changes, and only its node.
  const idle = await o.page.evaluate(() => new Promise((done) => {
    const root = document.getElementById('attnlab-a11y');
    let batches = 0;
    const targets = new Set();
    const mo = new MutationObserver((records) => {
      ++batches;
      for (const r of records) targets.add(r.target.closest ? r.target.closest('[data-id]') : r.target.parentElement);
    });
    const before = window.attnlab._layout();
    mo.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    setTimeout(() => {
      mo.disconnect();
      const after = window.attnlab._layout();
      done({ batches, targets: [...targets].map((t) => t?.textContent), frames: after.frame - before.frame,
             presented: after.presented - before.presented });
    }, 2000);
  }));
  assert.ok(idle.frames >= 20, `frames drawn: ${idle.frames}`);
  assert.ok(idle.batches <= idle.presented, `${idle.batches} changes to the mirror, ${idle.presented} frames that looked different`);
  assert.ok(idle.targets.length <= 1, `nodes changed while idle: ${JSON.stringify(idle.targets)}`);
  // one training step changes the numbers shown, and only a few nodes
  const changed = await o.page.evaluate(() => new Promise((done) => {
    const root = document.getElementById('attnlab-a11y');
    const nodes = new Set();
    const mo = new MutationObserver((records) => {
      for (const r of records) nodes.add((r.target.closest ? r.target : r.target.parentElement)?.closest('[data-id]'));
    });
    mo.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    Promise.resolve(window.attnlab.step(1)).then(() => setTimeout(() => { mo.disconnect(); done(nodes.size); }, 500));
  }));
  const total = await o.page.evaluate(() => document.querySelectorAll('#attnlab-a11y [data-id]').length);
  assert.ok(changed > 0 && changed < total / 2, `a step changed ${changed} of ${total} nodes`);
  await o.context.close();
});

test('keyboard only: Tab reaches the controls, arrows and Enter change the model, Tab leaves the page', async () => {
  const o = await open('#task=seen&train=false');
  const p = o.page;
  const active = () => p.evaluate(() => {
    const el = document.activeElement;
    const root = document.getElementById('attnlab-a11y');
    return { inMirror: !!root && root.contains(el), text: el?.getAttribute('aria-label') || el?.textContent || '',
             role: el?.dataset?.role || el?.tagName };
  });
  await p.keyboard.press('Tab');
  assert.ok((await active()).inMirror, 'the first Tab enters the mirror');
  // open the Model panel: Tab to its header, Enter
  const tabTo = async (test, limit = 120) => {
    const seen = [];
    for (let i = 0; i < limit; ++i) {
      const a = await active();
      if (a.inMirror && test(a)) return a;
      seen.push(`${a.role} ${a.text}`.slice(0, 40));
      await p.keyboard.press('Tab');
    }
    assert.fail(`not reached by Tab; passed ${seen.slice(0, 60).join(' | ')}`);
  };
  await tabTo((a) => a.role === 'disclosure' || (a.role === 'BUTTON' && /Model/.test(a.text)));
  const layers0 = (await state(p)).layers;
  await p.keyboard.press('Enter');
  await frames(p, 4);
  await tabTo((a) => a.role === 'slider' && /^layers/.test(a.text));
  await p.keyboard.press('ArrowRight');
  await frames(p, 4);
  assert.equal((await state(p)).layers, layers0, 'the Model panel collects changes until Apply');
  await tabTo((a) => a.role === 'button' && /apply/i.test(a.text));
  await p.keyboard.press('Enter');
  await until(p, 'the layers to change', async () => (await state(p)).layers === layers0 + 1);
  // a combo: the arrow keys choose
  await tabTo((a) => a.role === 'combo' && a.text === 'normalization');
  const norm0 = (await state(p)).norm;
  await p.keyboard.press('ArrowDown');
  await frames(p, 4);
  await tabTo((a) => a.role === 'button' && /apply/i.test(a.text));
  await p.keyboard.press('Enter');
  await until(p, 'the normalization to change', async () => (await state(p)).norm !== norm0);
  // a third setting, applied at once: the Training panel's batch slider, one step up with the arrow key
  await tabTo((a) => a.role === 'slider' && /^batch/.test(a.text));
  const batch0 = (await state(p)).batch;
  await p.keyboard.press('ArrowRight');
  await until(p, 'the batch to grow', async () => (await state(p)).batch > batch0);
  // the view tabs: the arrow keys, Home and End open the next, the last and the first view
  await tabTo((a) => a.role === 'tab' && a.text === 'Attention');
  await p.keyboard.press('ArrowRight');
  await until(p, 'the next view', async () => (await state(p)).panel === 'step');
  assert.equal((await active()).text, 'Step by step', 'the focus follows the tab');
  await p.keyboard.press('End');
  await until(p, 'the last view', async () => (await state(p)).panel === 'embeddings');
  await p.keyboard.press('Home');
  await until(p, 'the first view', async () => (await state(p)).panel === 'attention');
  // a menu: Enter opens it, its items are controls too, Escape closes it and gives the focus back
  await tabTo((a) => a.role === 'button' && /^Export/.test(a.text));
  const items = () => p.evaluate(() => [...document.querySelectorAll('#attnlab-a11y button')]
    .map((b) => b.textContent).filter((t) => t.startsWith('Save PNG')).length);
  assert.equal(await items(), 0);
  await p.keyboard.press('Enter');
  await until(p, 'the menu to open', async () => (await items()) === 1);
  await p.keyboard.press('Escape');
  await until(p, 'the menu to close', async () => (await items()) === 0);
  assert.match((await active()).text, /^Export/, 'the focus is back on the menu\'s button');
  // no trap: Tab from the last control leaves the mirror
  await p.evaluate(() => {
    const all = [...document.querySelectorAll('#attnlab-a11y *')].filter((e) => e.tabIndex >= 0);
    all[all.length - 1].focus();
  });
  await p.keyboard.press('Tab');
  assert.equal((await active()).inMirror, false, 'Tab leaves the mirror after its last control');
  await o.context.close();
});

test('the mirror is in Chinese when the interface is, at once', async () => {
  const o = await open('#task=seen&train=false&lang=zh');
  await until(o.page, 'the Chinese mirror', async () =>
    o.page.evaluate(() => document.getElementById('attnlab-a11y')?.lang === 'zh-Hans'));
  const tabs = (await axTree(o)).filter((n) => n.role === 'tab').map((n) => n.name);
  assert.ok(tabs.includes('注意力'), `tabs: ${tabs}`);
  await o.page.evaluate(() => window.attnlab.setState({ lang: 'en' }));
  await until(o.page, 'the English mirror', async () =>
    o.page.evaluate(() => document.getElementById('attnlab-a11y').lang === 'en'));
  const en = (await axTree(o)).filter((n) => n.role === 'tab').map((n) => n.name);
  assert.ok(en.includes('Attention'), `tabs: ${en}`);
  await o.context.close();
});

// axe-core's WCAG 2.0 / 2.1 A and AA rules on the page as it is: no violation. (axe passes an empty canvas, so
// each view must also have its controls and text in the layer.)
// (resultTypes: every rule still runs on every node, but only the violations are listed node by node: making a
// selector for each of a heatmap's thousands of passing cells took axe 4-6 s a run.)
async function axe(page, where) {
  if (!(await page.evaluate(() => !!window.axe))) await page.addScriptTag({ path: AXE });
  const r = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'],
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }));
  const found = r.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.html.slice(0, 120)).join(' ; ')}`);
  assert.deepEqual(found, [], `${where}: axe-core violations`);
  const mirrored = await page.evaluate(() => document.querySelectorAll('#attnlab-a11y [data-id]').length);
  assert.ok(mirrored >= 10, `${where}: ${mirrored} elements in the layer`);
}

for (const lang of ['en', 'zh']) {  // every view, in both languages
  test(`axe-core: no WCAG 2.0/2.1 A or AA violation in any view of the playground, ${lang}`, async () => {
    const o = await open(`#task=seen&train=false&lang=${lang}`);
    for (const panel of ['attention', 'step', 'matrix', 'pe', 'compare', 'history', 'embeddings']) {
      await o.page.evaluate((p) => window.attnlab.setState({ panel: p }), panel);
      await frames(o.page, 4);
      await axe(o.page, `the ${panel} view, ${lang}`);
    }
    await o.context.close();
  });
}

test('axe-core: no WCAG 2.0/2.1 A or AA violation in two lesson stops, an embed, a narrow page', async () => {
  for (const [where, hash, options] of [
    ['lesson stop 1, 中文', '#lesson=1&lang=zh', {}],
    ['lesson stop 10 (images)', '#lesson=10', {}],
    ['a narrow page', '#task=seen&train=false&panel=pe', { width: 400, height: 700 }],
    ['an embed', '#embed=1&task=seen&panel=attention&controls=run,step,heads&train=false', { width: 800, height: 600 }],
  ]) {
    const o = await open(hash, options);
    await o.page.waitForTimeout(300);
    await axe(o.page, where);
    await o.context.close();
  }
});

test('axe-core: no WCAG 2.0/2.1 A or AA violation in a lesson stop before and after its reveal', async () => {
  const o = await open('#lesson=3');
  await o.page.waitForTimeout(300);
  await axe(o.page, 'lesson stop 3');
  const L = await o.page.evaluate(() => window.attnlab.lesson());
  await o.page.evaluate((g) => window.attnlab.predict(g), L.kind === 'choice' ? L.choices[0] : L.range[0]);
  for (let i = 0; i < 200; ++i) {
    const now = await o.page.evaluate(() => window.attnlab.lesson());
    if (now.phase === 'reveal' || now.error) break;
    await o.page.evaluate(() => window.attnlab.step(50));
  }
  assert.equal((await o.page.evaluate(() => window.attnlab.lesson())).phase, 'reveal');
  await frames(o.page, 3);
  await axe(o.page, 'lesson stop 3, revealed');
  // the reveal is said in the live region, once it is ready
  const said = await until(o.page, 'the reveal said', () => o.page.evaluate(() =>
    document.querySelector('#attnlab-a11y [aria-live=polite]').textContent));
  assert.match(said, /^You predicted: .+\. Measured: .+\. Your prediction (agrees with|differs from) the measurement\.$/);
  await o.context.close();
});

test('each attention heatmap is a grid holding attnlab.attention(l, h) as percentages; the keyboard walks and picks cells',
     async () => {
  const o = await open('#task=seen&train=false&input=3 1 4 1 5');
  const p = o.page;
  const grids = () => gridTables(p);
  const all = await grids();
  assert.ok(all.length >= 4, `${all.length} grids`);
  const A = await p.evaluate(() => window.attnlab.attention(0, 1));
  const g = all.find((x) => x.caption.startsWith('layer 1 · head 2'));
  assert.ok(g, `captions: ${all.map((x) => x.caption.slice(0, 20))}`);
  assert.deepEqual(g.cols, A.tokens);
  assert.deepEqual(g.rows, A.tokens);
  assert.deepEqual(g.cells, A.weights.map((row) => row.map((w) => `${Math.round(w * 1000) / 10} %`)));
  assert.match(g.caption, /rows the largest value|the largest value of each row/, 'a sentence on the numbers');
  assert.match(g.caption, /the largest is \d+(\.\d)? %, at row '.+' \(\d+\) and column '.+' \(\d+\)/);
  const tree = await axTree(o);
  assert.ok(tree.some((n) => n.role === 'grid' && n.name.startsWith('layer 1 · head 2')), 'a grid in the tree');
  assert.ok(tree.filter((n) => n.role === 'gridcell').length >= A.tokens.length ** 2 * all.length);
  // Tab to the first grid's cell, walk it with the arrows, Enter picks the head (its view alone, as a click does)
  for (let i = 0; i < 200; ++i) {
    if (await p.evaluate(() => document.activeElement?.getAttribute('role') === 'gridcell')) break;
    await p.keyboard.press('Tab');
  }
  await p.keyboard.press('ArrowRight');
  await p.keyboard.press('ArrowDown');
  await p.keyboard.press('ArrowDown');
  const at = await p.evaluate(() => ({ cell: document.activeElement.dataset.cell,
                                       text: document.activeElement.textContent }));
  const first = (await grids())[0];
  assert.equal(Number(at.cell), 2 * first.cols.length + 1, 'two rows down, one column right');
  assert.equal(at.text, first.cells[2][1]);
  await p.keyboard.press('Enter');
  await until(p, 'the picked head alone', async () => (await grids()).length === 1);
  await o.context.close();
});

test('the live region says when training pauses, and nothing while it runs unless asked', async () => {
  const o = await open('#task=seen&train=true');
  const p = o.page;
  await until(p, 'training', async () => (await p.evaluate(() => window.attnlab.metrics().step)) > 60);
  const live = () => p.evaluate(() => document.querySelector('#attnlab-a11y [aria-live=polite]').textContent);
  const quiet = await p.evaluate(() => new Promise((done) => {
    const region = document.querySelector('#attnlab-a11y [aria-live=polite]');
    let changes = 0;
    const mo = new MutationObserver((r) => { changes += r.length; });
    mo.observe(region, { subtree: true, childList: true, characterData: true });
    setTimeout(() => { mo.disconnect(); done(changes); }, 2500);
  }));
  assert.equal(quiet, 0, 'said something while training ran (the setting is off)');
  await p.evaluate(() => window.attnlab.train(false));
  const said = await until(p, 'the pause said', live);
  const step = (await p.evaluate(() => window.attnlab.metrics())).step;
  assert.match(said, new RegExp(`^Training paused at step ${step}, dev accuracy (\\d+\\.\\d %|not measured yet)\\.$`));
  await o.context.close();
});

for (const [stop, lang] of [[1, 'en'], [1, 'zh'], [3, 'en'], [3, 'zh']]) {
  test(`keyboard only, ${lang}: lesson stop ${stop} is read, answered, revealed and left with Tab, arrows and Enter`,
       async () => {
    const T = stringTable(lang === 'zh' ? 'strings_zh_lesson.inc' : 'strings_en_lesson.inc');
    const o = await open(`#lesson=${stop}&lang=${lang}`);
    const p = o.page;
    await until(p, 'the layer in the language', () =>
      p.evaluate((l) => document.getElementById('attnlab-a11y').lang === l, lang === 'zh' ? 'zh-Hans' : 'en'));
    const L = await p.evaluate(() => window.attnlab.lesson());
    // the card's text is in the layer: its title, its text and its question
    const texts = await p.evaluate(() => [...document.querySelectorAll('#attnlab-a11y p')].map((e) => e.textContent));
    for (const part of [L.title, L.question]) assert.ok(texts.some((t) => t.includes(part)), `not read: ${part}`);
    // the answer control: the first button after "Click your answer", or the slider after "Slide to your answer"
    const prompt = L.kind === 'choice' ? [T.lesson_choose, T.lesson_choose_token] : [T.lesson_slide];
    const marked = await p.evaluate((prompts) => {
      const all = [...document.querySelectorAll('#attnlab-a11y [data-id]')];
      const at = all.findIndex((e) => prompts.includes(e.textContent));
      const control = all.slice(at + 1).find((e) => e.tagName === 'BUTTON' || e.type === 'range');
      if (!control) return false;
      control.dataset.testAnswer = '1';
      return true;
    }, prompt);
    assert.ok(marked, 'the answer control follows its prompt');
    for (let i = 0; i < 150; ++i) {
      if (await p.evaluate(() => document.activeElement?.dataset?.testAnswer === '1')) break;
      await p.keyboard.press('Tab');
    }
    assert.ok(await p.evaluate(() => document.activeElement?.dataset?.testAnswer === '1'), 'Tab reaches the answer');
    if (L.kind === 'choice') {
      await p.keyboard.press('Enter');
    } else {
      await p.keyboard.press('ArrowRight');
      for (let i = 0; i < 10; ++i) {
        if (await p.evaluate((t) => document.activeElement?.textContent === t, T.lesson_predict)) break;
        await p.keyboard.press('Tab');
      }
      await p.keyboard.press('Enter');
    }
    await until(p, 'the prediction', async () => (await p.evaluate(() => window.attnlab.lesson())).prediction !== null);
    // the stop trains by itself to its reveal; the live region says it
    const said = await until(p, 'the reveal said', () => p.evaluate(() =>
      document.querySelector('#attnlab-a11y [aria-live=polite]').textContent), 90000);
    assert.equal((await p.evaluate(() => window.attnlab.lesson())).phase, 'reveal');
    assert.ok(said.length > 20, said);
    for (let i = 0; i < 150; ++i) {
      if (await p.evaluate((t) => document.activeElement?.textContent === t, T.lesson_next)) break;
      await p.keyboard.press('Tab');
    }
    await p.keyboard.press('Enter');
    await until(p, 'the next stop', async () => (await p.evaluate(() => window.attnlab.lesson())).stop === stop + 1);
    await o.context.close();
  });
}

test('the curves, the step-by-step sum and the embeddings are tables of their numbers, with a sentence', async () => {
  const E = stringTable('strings_en.inc');
  const o = await open('#task=seen&train=true&panel=step');
  const p = o.page;
  await until(p, 'training', async () => (await p.evaluate(() => window.attnlab.metrics().step)) >= 350);
  await p.evaluate(() => window.attnlab.train(false));
  await frames(p, 3);
  await p.waitForTimeout(1200);  // a table follows a change at most once a second
  await frames(p, 3);
  const m = await p.evaluate(() => window.attnlab.metrics());
  let tables = await gridTables(p);
  // the loss curve: its steps, and its last line is the Training panel's (metrics: the latest line)
  const loss = tables.find((t) => t.caption.startsWith(`${E.train_loss}: `));
  assert.ok(loss, `captions: ${tables.map((t) => t.caption.slice(0, 30))}`);
  assert.deepEqual(loss.cols, [E.train_loss]);
  assert.ok(loss.rows.every((r, i) => i === 0 || Number(r) > Number(loss.rows[i - 1])), 'steps in order');
  assert.ok(Number(loss.rows.at(-1)) <= m.step && Number(loss.rows.at(-1)) > m.step - 101, `${loss.rows.at(-1)} vs ${m.step}`);
  assert.equal(Number(loss.cells.at(-1)[0]), Number(m.loss.toPrecision(3)));
  assert.match(loss.caption, new RegExp(`^${E.train_loss}: \\d\\.\\d\\d at step ${loss.rows[0]}, \\d\\.\\d\\d at step \\d+`));
  const acc = tables.find((t) => t.cols.join() === [E.train_acc_train, E.train_acc_dev].join());
  assert.ok(acc, 'the accuracy curves');
  assert.equal(Number(acc.cells.at(-1)[1]), Number(m.devAcc.toPrecision(3)));
  assert.match(acc.caption, /chance/, 'the chance line is said');
  // step by step: one row per key, α' = the query's row of attention(l, h), and b = Σ α' v written out
  const A = await p.evaluate(() => window.attnlab.attention(0, 0));
  const query = A.tokens.length - 1;  // the panel's query: the last token unless picked
  const worked = tables.find((t) => t.caption.includes("bⁱ = Σⱼ α'ⱼ vʲ = "));
  assert.ok(worked, 'the worked formula');
  assert.deepEqual(worked.rows, A.tokens);
  assert.deepEqual(worked.cols, [E.step_col_k, E.step_col_alpha, E.step_col_alpha_norm, E.step_col_v]);
  const shown = worked.cells.map((r) => Number(r[2]));
  const row = A.weights.find((r) => r.every((w, j) => Math.abs(w - shown[j]) < 6e-4));
  assert.ok(row, `α' column ${shown} is one query's row of attention(0, 0)`);
  assert.ok(worked.cells.every((r) => /^\[-?\d\.\d\d(, -?\d\.\d\d)*\]$/.test(r[0])), 'k as numbers');
  void query;
  // the embeddings' scatter: a row per word with x, y, its tag and its nearest word
  await p.evaluate(() => window.attnlab.setState({ panel: 'embeddings' }));
  await until(p, 'the scatter table', async () => {
    tables = await gridTables(p);
    return tables.find((t) => t.cols.length === 4 && t.cols[2] === E.emb_col_tag);
  });
  const scatter = tables.find((t) => t.cols[2] === E.emb_col_tag);
  assert.ok(scatter.rows.length >= 5);
  assert.ok(scatter.cells.every((r) => /^-?\d+\.\d\d$/.test(r[0]) && scatter.rows.includes(r[3])), 'x and a nearest word');
  await o.context.close();
});

test('the image task: its pictures are tables; the keyboard picks a query pixel; the head maps hold its row', async () => {
  const o = await open('#task=image&train=false&panel=attention');
  const p = o.page;
  const I = stringTable('strings_en_image.inc');
  const tables = await gridTables(p);
  const input = tables.find((t) => t.caption.startsWith(`${I.img_input}: `));
  assert.ok(input, `captions: ${tables.map((t) => t.caption.slice(0, 30))}`);
  const S = input.rows.length;
  assert.equal(input.cols.length, S);
  assert.match(input.cells[0][0], /^R \d\.\d\d G \d\.\d\d B \d\.\d\d$/);
  // Tab to the image's cell, two rows down and three to the right, Enter: that pixel is the query, as a click
  assert.ok(await tabUntil(p, (c) => document.activeElement?.getAttribute('role') === 'gridcell' &&
    document.activeElement.closest('table').caption.textContent.startsWith(c), `${I.img_input}: `), 'Tab reaches the image');
  for (const key of ['Home', 'ArrowDown', 'ArrowDown', 'ArrowRight', 'ArrowRight', 'ArrowRight']) await p.keyboard.press(key);
  await p.keyboard.press('Enter');
  await until(p, 'the query pixel', async () => (await state(p)).pixel === 2 * S + 3);
  await frames(p, 3);
  await p.waitForTimeout(1100);
  await frames(p, 3);
  const A = await p.evaluate(() => window.attnlab.attention(0, 0));
  const maps = (await gridTables(p)).filter((t) => t.caption.startsWith('layer 1 · head 1'));
  assert.equal(maps.length, 1, 'layer 1 head 1\'s map');
  const got = maps[0].cells.flat().map((c) => parseFloat(c));
  const want = A.weights[2 * S + 3].map((w) => w * 100);  // (the page sends 4 decimals, then rounds to 0.1 %)
  assert.equal(got.length, want.length);
  assert.ok(got.every((g, j) => Math.abs(g - want[j]) <= 0.06), `${got.slice(0, 8)} vs ${want.slice(0, 8)}`);
  assert.match(maps[0].caption, /^layer 1 · head 1: pixel 2,3 looks most at pixel \d+,\d+ \(\d+\.\d %\); at itself \d+\.\d %$/);
  await o.context.close();
});

test('the page\'s title names the view: title= when given, else the embedded views, in the interface\'s language',
     async () => {
  const C = stringTable('strings_en_classroom.inc'), Z = stringTable('strings_zh_classroom.inc');
  const E = stringTable('strings_en.inc');
  let o = await open('#embed=1&task=seen&panels=attention,pe&train=false', { width: 800, height: 600 });
  await until(o.page, 'the views\' title', async () =>
    (await o.page.title()) === C.page_title_views.replace('{views}', `${E.panel_attention}, ${E.panel_pe}`));
  await o.page.evaluate(() => window.attnlab.setState({ lang: 'zh' }));
  await until(o.page, 'in Chinese', async () => (await o.page.title()).startsWith(Z.page_title_views.split('{')[0]));
  assert.equal(await o.page.evaluate(() => document.documentElement.lang), 'zh-Hans');
  await o.context.close();
  o = await open('#embed=1&task=seen&train=false&title=Week%203%3A%20heads', { width: 800, height: 600 });
  await until(o.page, 'the title= key', async () => (await o.page.title()) === 'Week 3: heads');
  await o.context.close();
  o = await open('#lesson=3');
  await until(o.page, 'the lesson stop', async () => /^Attention Lab: lesson, stop 3 of \d+: .+/.test(await o.page.title()));
  await o.context.close();
});

test('at 200 % zoom and 320 CSS px wide, nothing of a view or the settings lies past the right edge', async () => {
  const E = stringTable('strings_en.inc');
  const tabs = new Set(['attention', 'step', 'matrix', 'pe', 'compare', 'history', 'embeddings'].map((p) => E[`panel_${p}`]));
  for (const [width, height] of [[640, 400], [320, 568]]) {  // 1280 × 800 at 200 %; a 320 px reflow
    const o = await openPage(browser, { device: { viewport: { width, height }, deviceScaleFactor: 2 } });
    await o.page.goto(server.url + '#task=seen&train=false');
    await waitReady(o.page);
    const past = async (where) => {
      await o.page.evaluate(() => window.attnlab._ui({ items: true }));
      await frames(o.page, 3);
      const { items } = await o.page.evaluate(() => window.attnlab._ui({ items: true }));
      // (the view tabs scroll in their bar: its arrows and list reach them)
      return items.filter((it) => it.rect[2] > width + 1 && it.visible[3] > it.visible[1] && !tabs.has(it.label))
        .map((it) => `${where}: ${it.label} at x ${Math.round(it.rect[0])}..${Math.round(it.rect[2])}`);
    };
    const problems = [];
    for (const panel of ['attention', 'step', 'matrix', 'pe', 'compare', 'history', 'embeddings']) {
      await o.page.evaluate((p) => window.attnlab.setState({ panel: p }), panel);
      await frames(o.page, 4);
      problems.push(...await past(`${width} px, ${panel}`));
    }
    await o.page.evaluate((name) => [...document.querySelectorAll('#attnlab-a11y button')]
      .find((b) => b.textContent === name)?.click(), 'Settings');
    await until(o.page, 'the drawer', async () => (await o.page.evaluate(() => window.attnlab._layout()))
      .rects.some((r) => r.name === 'drawer'));
    problems.push(...await past(`${width} px, the settings`));
    assert.deepEqual(problems, []);
    await axe(o.page, `${width} px at a device pixel ratio of 2`);
    await o.context.close();
  }
});

test('with the system\'s reduce-motion setting the views follow training once a second, without it every frame',
     async () => {
  const counts = {};
  for (const motion of ['reduce', 'no-preference']) {
    const o = await openPage(browser, { device: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1,
                                                  reducedMotion: motion } });
    await o.page.goto(server.url + '#task=seen&train=true');
    await waitReady(o.page);
    await until(o.page, 'training', async () => (await o.page.evaluate(() => window.attnlab.metrics().step)) > 20);
    // the Attention view's "step N" (the step its heatmaps show), as the layer reads it, sampled every frame for 3 s
    counts[motion] = await o.page.evaluate(() => new Promise((done) => {
      const seen = new Set();
      const t0 = performance.now();
      (function tick() {
        for (const e of document.querySelectorAll('#attnlab-a11y p'))
          if (/^step \d+$/.test(e.textContent)) seen.add(e.textContent);
        if (performance.now() - t0 < 3000) requestAnimationFrame(tick);
        else done(seen.size);
      })();
    }));
    await o.context.close();
  }
  assert.ok(counts.reduce <= 5, `reduced motion: the views showed ${counts.reduce} steps in 3 s`);
  assert.ok(counts['no-preference'] >= 3 * counts.reduce && counts['no-preference'] >= 8,
            `without it: ${counts['no-preference']} steps in 3 s (with it ${counts.reduce})`);
});
