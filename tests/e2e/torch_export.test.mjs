// attnlab.exportTorch(): the page's model as a PyTorch module, zipped. The zip's module, run alone by Debian's
// Python with torch, must reproduce the logits the page's WebAssembly engine stored with it (to 1e-5).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, before, after, serve, launch, openPage, waitReady } from './harness.mjs';

let browser, server;
before(async () => { browser = await launch(); server = await serve(); });
after(async () => { await browser?.close(); await server?.close(); });

const PY = '/usr/bin/python3';

test('exportTorch() gives a zip whose module agrees with the page\'s engine; a bad name throws', async () => {
  const { context, page, problems } = await openPage(browser);
  const dir = mkdtempSync(join(tmpdir(), 'attnlab-torch-'));
  try {
    await page.goto(server.url + '#task=seen&heads=2&train=false');
    await waitReady(page);
    await page.evaluate(() => window.attnlab.step(20));
    const got = await page.evaluate(() => {
      const z = window.attnlab.exportTorch();
      return { name: z.fileName, isBytes: z instanceof Uint8Array, bytes: Array.from(z) };
    });
    assert.equal(got.name, 'attnlab_model.zip');
    assert.ok(got.isBytes, 'a Uint8Array');
    assert.deepEqual(got.bytes.slice(0, 4), [0x50, 0x4b, 3, 4], 'starts like a zip (PK\\3\\4)');
    const zip = join(dir, got.name);
    writeFileSync(zip, Buffer.from(got.bytes));
    const unzip = spawnSync(PY, ['-c', 'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); ' +
      'assert z.testzip() is None; print(" ".join(sorted(z.namelist()))); z.extractall(sys.argv[2])', zip, dir],
    { encoding: 'utf8' });
    assert.equal(unzip.status, 0, unzip.stderr);
    assert.equal(unzip.stdout.trim(), 'attnlab_model.json attnlab_model.py attnlab_model.weights');
    const alone = spawnSync(PY, [join(dir, 'attnlab_model.py')], { encoding: 'utf8' });
    assert.equal(alone.status, 0, alone.stdout + alone.stderr);
    assert.match(alone.stdout, /attention L2 H2 D32 .* \(seen task\)/);
    assert.match(alone.stdout, /ok: PyTorch and the engine agree/);

    const named = await page.evaluate(() => window.attnlab.exportTorch('seen_tagger').fileName);
    assert.equal(named, 'seen_tagger.zip');
    const msg = await page.evaluate(() => { try { window.attnlab.exportTorch('2fast'); return null; } catch (e) { return e.message; } });
    assert.match(msg ?? 'no error', /exportTorch: the module name '2fast' cannot be imported in Python/);
    assert.deepEqual(problems, []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await context.close();
  }
});
