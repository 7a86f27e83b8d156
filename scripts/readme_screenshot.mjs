// The README's picture, retaken from the app as it is: the playground at 1280x800 in headless Chromium (Debian's,
// through the browser tests' harness), the default POS tagger trained 1500 steps on "I saw a saw", the Attention view.
//
//   make dist && node scripts/readme_screenshot.mjs [OUT.png]      (default web/screenshots/attention.png)
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { serve, launch, openPage, waitReady, frames, ROOT } from '../tests/e2e/harness.mjs';

const out = process.argv[2] || join(ROOT, 'web', 'screenshots', 'attention.png');
const server = await serve();
const browser = await launch();
try {
  const { page, problems } = await openPage(browser, { width: 1280, height: 800 });
  await page.goto(server.url + '#train=false');
  await waitReady(page);
  await page.evaluate(() => { window.attnlab.step(1500); window.attnlab.setState({ panel: 'attention' }); });
  await page.mouse.move(1270, 790);  // no hover highlight in the picture
  await page.waitForTimeout(2500);    // the title line's fps is a once-a-second meter
  await frames(page, 10);
  writeFileSync(out, await page.screenshot());
  if (problems.length) throw new Error(`the page reported problems: ${problems.join('; ')}`);
  const m = await page.evaluate(() => window.attnlab.metrics());
  console.log(`wrote ${out}: step ${m.step}, dev accuracy ${(100 * m.devAcc).toFixed(1)} %`);
} finally {
  await browser.close();
  await server.close();
}
