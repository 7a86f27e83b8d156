// Does the feature test a page makes before it loads the relaxed-SIMD build tell the truth? The probe is a
// 35-byte module whose one function runs f32x4.relaxed_madd (docs/development.md, "Relaxed SIMD"): a page loads
// attnlab_relaxed.wasm when WebAssembly.validate(probe) is true, else the plain SIMD128 build. Checked in
// Node 20 with and without --experimental-wasm-relaxed-simd: the probe's answer must match whether the relaxed
// module (argv[2]) compiles, and with the flag both must be yes.
//
//   node tests/engine/relaxed_simd_probe.js build/wasm/attnlab_relaxed.wasm
'use strict';
const { spawnSync } = require('child_process');
const fs = require('fs');

// (module (func (param v128) (result v128) local.get 0 local.get 0 local.get 0 f32x4.relaxed_madd))
const PROBE = [
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,              // \0asm, version 1
  0x01, 0x06, 0x01, 0x60, 0x01, 0x7b, 0x01, 0x7b,              // type: (v128) -> v128
  0x03, 0x02, 0x01, 0x00,                                      // one function of that type
  0x0a, 0x0d, 0x01, 0x0b, 0x00,                                // code: one body of 11 bytes, no locals
  0x20, 0x00, 0x20, 0x00, 0x20, 0x00, 0xfd, 0x85, 0x02, 0x0b,  // local.get 0 ×3, f32x4.relaxed_madd, end
];

function child() {
  const probe = WebAssembly.validate(new Uint8Array(PROBE));
  let module = true;
  try {
    new WebAssembly.Module(fs.readFileSync(process.argv[3]));
  } catch (e) {
    module = false;
  }
  console.log(JSON.stringify({ probe, module }));
}

function main() {
  const wasm = process.argv[2];
  if (!wasm || !fs.existsSync(wasm)) {
    console.error(`relaxed_simd_probe.js: no module at ${wasm} (build the wasm preset first)`);
    process.exit(2);
  }
  let failed = false;
  for (const flags of [['--experimental-wasm-relaxed-simd'], []]) {
    const r = spawnSync(process.execPath, [...flags, __filename, '--child', wasm], { encoding: 'utf8' });
    if (r.status !== 0) {
      console.error(`node ${flags.join(' ')}: exit ${r.status}: ${r.stderr}`);
      failed = true;
      continue;
    }
    const got = JSON.parse(r.stdout.trim());
    const label = flags.length ? 'with the flag' : 'without the flag';
    console.log(`${label}: probe ${got.probe}, attnlab_relaxed.wasm compiles: ${got.module}`);
    if (got.probe !== got.module) {
      console.error(`  the probe says ${got.probe} but the relaxed module ${got.module ? 'compiles' : 'does not compile'}`);
      failed = true;
    }
    if (flags.length && !(got.probe && got.module)) {
      console.error('  with --experimental-wasm-relaxed-simd both must be true');
      failed = true;
    }
  }
  process.exit(failed ? 1 : 0);
}

if (process.argv[2] === '--child') {
  child();
} else {
  main();
}
