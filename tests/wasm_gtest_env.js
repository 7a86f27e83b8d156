// --pre-js of the WebAssembly test programs: Emscripten gives a program its own small environment, not Node's, so
// the variables GoogleTest reads for sharding (tests/tests.cmake runs each suite as shards side by side) are copied in.
Module['preRun'] = Module['preRun'] || [];
Module['preRun'].push(function () {
  ['GTEST_TOTAL_SHARDS', 'GTEST_SHARD_INDEX', 'GTEST_FILTER'].forEach(function (k) {
    if (typeof process !== 'undefined' && process.env[k] !== undefined) ENV[k] = process.env[k];
  });
});
