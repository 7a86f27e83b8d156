# Golden fixtures from PyTorch for `attnlab probe` (see tests/golden/README.md). The checker is Python 3
# standard library only; the fixtures are checked in (regenerating them needs torch, CI does not).
if(EMSCRIPTEN)
  # $<TARGET_FILE:attnlab> is build/wasm/attnlab.js: check_probe.py runs it as node --no-experimental-fetch X probe
  add_test(NAME golden_probe_wasm
           COMMAND python3 ${CMAKE_SOURCE_DIR}/tests/golden/check_probe.py $<TARGET_FILE:attnlab>)
  set_tests_properties(golden_probe_wasm PROPERTIES ENVIRONMENT "NODE_PATH=/usr/share/nodejs")
else()
  add_test(NAME golden_probe COMMAND python3 ${CMAKE_SOURCE_DIR}/tests/golden/check_probe.py $<TARGET_FILE:attnlab>)
endif()
