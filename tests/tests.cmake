# Test suites. Natively everything runs under CTest; under Emscripten the same engine tests are compiled to
# WebAssembly and run by Node (TOOLCHAIN.md gotcha 9): the exit code is the verdict either way.
# attnlab_wasm_gtest(<name> <target> <shards> [ALONE <label>=<filter> ...] [NODE_FLAGS ...]): a GoogleTest program
# compiled to WebAssembly runs under Node as <shards> CTest tests <name>_1 .. <name>_<shards>, each a share of its
# cases (GoogleTest's own sharding), so ctest -j runs them side by side and no one test runs a whole suite.
# GoogleTest deals the cases out by their order, which follows the link order of the objects, so two long cases
# can meet in one share; each ALONE case (a gtest filter) is a test of its own, <name>_<label>, that the shares
# leave out.
function(attnlab_wasm_gtest name target shards)
  cmake_parse_arguments(W "" "" "ALONE;NODE_FLAGS" ${ARGN})
  target_link_options(${target} PRIVATE -sNODERAWFS=1 -sEXIT_RUNTIME=1 -sALLOW_MEMORY_GROWTH=1 -sENVIRONMENT=node
                                        "SHELL:--pre-js ${CMAKE_SOURCE_DIR}/tests/wasm_gtest_env.js")
  set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS "${CMAKE_SOURCE_DIR}/tests/wasm_gtest_env.js")
  set(_rest "*")
  foreach(_alone IN LISTS W_ALONE)
    string(REGEX REPLACE "=.*" "" _label "${_alone}")
    string(REGEX REPLACE "^[^=]*=" "" _filter "${_alone}")
    add_test(NAME ${name}_${_label} COMMAND ${ATTNLAB_NODE} --no-experimental-fetch ${W_NODE_FLAGS} $<TARGET_FILE:${target}>)
    # (one case, and it passed: a filter that no longer names a case fails instead of passing on nothing)
    set_tests_properties(${name}_${_label} PROPERTIES ENVIRONMENT "NODE_PATH=/usr/share/nodejs;GTEST_FILTER=${_filter}"
                         PASS_REGULAR_EXPRESSION "\\[  PASSED  \\] 1 test\\." FAIL_REGULAR_EXPRESSION "\\[  FAILED  \\]")
    string(APPEND _rest ":${_filter}")
  endforeach()
  string(REPLACE "*:" "*-" _rest "${_rest}")  # every case but the ALONE ones
  foreach(i RANGE 1 ${shards})
    math(EXPR _index "${i} - 1")
    add_test(NAME ${name}_${i} COMMAND ${ATTNLAB_NODE} --no-experimental-fetch ${W_NODE_FLAGS} $<TARGET_FILE:${target}>)
    set_tests_properties(${name}_${i} PROPERTIES ENVIRONMENT
      "NODE_PATH=/usr/share/nodejs;GTEST_TOTAL_SHARDS=${shards};GTEST_SHARD_INDEX=${_index};GTEST_FILTER=${_rest}")
  endforeach()
endfunction()

if(EMSCRIPTEN)
  set(gtest_disable_pthreads ON CACHE BOOL "" FORCE)
  set(BUILD_GMOCK OFF CACHE BOOL "" FORCE)
  set(INSTALL_GTEST OFF CACHE BOOL "" FORCE)
  add_subdirectory(/usr/src/googletest "${CMAKE_BINARY_DIR}/googletest" EXCLUDE_FROM_ALL)
  set(ATTNLAB_GTEST gtest gtest_main)
  find_program(ATTNLAB_NODE node REQUIRED)
else()
  find_package(GTest REQUIRED)
  set(ATTNLAB_GTEST GTest::gtest GTest::gtest_main)
endif()

# A test source that reads files of the repository (fixtures, corpora, fonts) gets its path as ATTNLAB_SOURCE_DIR;
# only those, so that ccache reuses every other test object in a clone at another path.
file(GLOB_RECURSE _test_sources CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/tests/*.cpp")
foreach(_src IN LISTS _test_sources)
  file(READ "${_src}" _text)
  if(_text MATCHES "ATTNLAB_SOURCE_DIR")
    set_property(SOURCE "${_src}" APPEND PROPERTY COMPILE_DEFINITIONS ATTNLAB_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
  endif()
endforeach()

# Engine unit tests: every tests/engine/*.cpp is one suite file of the same executable.
file(GLOB ATTNLAB_ENGINE_TEST_SOURCES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/tests/engine/*.cpp")
add_executable(attnlab_engine_tests ${ATTNLAB_ENGINE_TEST_SOURCES})
target_link_libraries(attnlab_engine_tests PRIVATE attnlab_engine attnlab_hdr ${ATTNLAB_GTEST})
target_compile_options(attnlab_engine_tests PRIVATE ${ATTNLAB_WARNINGS})

# App logic that needs no window (settings, URL hash, the lesson): web/app/ is headless, so its library
# links here without ImGui; also run under Node.
file(GLOB ATTNLAB_APP_TEST_SOURCES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/tests/app/*.cpp")
add_executable(attnlab_app_tests ${ATTNLAB_APP_TEST_SOURCES})
target_include_directories(attnlab_app_tests PRIVATE "${CMAKE_SOURCE_DIR}")
target_link_libraries(attnlab_app_tests PRIVATE attnlab_web_app attnlab_engine attnlab_hdr ${ATTNLAB_GTEST})
target_compile_options(attnlab_app_tests PRIVATE ${ATTNLAB_WARNINGS})

# The UI layer without a window (string tables, the font atlas): web/ui/ needs ImGui but no GL context. The
# headless App links too, so a test can check the messages it names by key against the tables.
if(ATTNLAB_BUILD_APP)
  file(GLOB ATTNLAB_UI_TEST_SOURCES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/tests/ui/*.cpp")
  if(EMSCRIPTEN)  # the browser build has no compiled-in Chinese font (the page fetches it): fonts natively
    list(FILTER ATTNLAB_UI_TEST_SOURCES EXCLUDE REGEX "fonts_test\\.cpp$")
  endif()
  add_executable(attnlab_ui_tests ${ATTNLAB_UI_TEST_SOURCES})
  target_include_directories(attnlab_ui_tests PRIVATE "${CMAKE_SOURCE_DIR}")
  target_link_libraries(attnlab_ui_tests PRIVATE attnlab_web_ui attnlab_web_app attnlab_engine attnlab_hdr
                                                 ${ATTNLAB_GTEST})
  target_compile_options(attnlab_ui_tests PRIVATE ${ATTNLAB_WARNINGS})
  if(EMSCRIPTEN)
    attnlab_wasm_gtest(ui_wasm attnlab_ui_tests 2)
  else()
    include(GoogleTest)
    gtest_discover_tests(attnlab_ui_tests DISCOVERY_MODE PRE_TEST)
  endif()
endif()

if(EMSCRIPTEN)
  # The lesson's stops that train most: 17 to 31 s each alone under Node.
  attnlab_wasm_gtest(app_wasm attnlab_app_tests 6 ALONE
    "lesson_stop_9=Lesson/EveryStop.OpensPredictsTrainsAndRevealsAMeasuredResult/9"
    "lesson_stop_12=Lesson/EveryStop.OpensPredictsTrainsAndRevealsAMeasuredResult/12"
    "lesson_stop_13=Lesson/EveryStop.OpensPredictsTrainsAndRevealsAMeasuredResult/13"
    "lesson_cnn_sweep=Lesson.TheCnnStopReadsTheVerdictOfTheDataSizeSweepOnPos")
  attnlab_wasm_gtest(engine_wasm attnlab_engine_tests 6)
  # The CLI under Node must behave exactly as the native one.
  add_test(NAME cli_wasm_version
           COMMAND ${ATTNLAB_NODE} --no-experimental-fetch $<TARGET_FILE:attnlab> --version)
  set_tests_properties(cli_wasm_version PROPERTIES PASS_REGULAR_EXPRESSION "attnlab ${PROJECT_VERSION}")
  # As docs/cli.md shows it: plain `node build/wasm/attnlab.js ...`, no Node flags, trains and prints its line.
  add_test(NAME cli_wasm_plain_node
           COMMAND ${ATTNLAB_NODE} $<TARGET_FILE:attnlab> train --task seen --steps 3 --eval-every 3 --json)
  set_tests_properties(cli_wasm_plain_node PROPERTIES PASS_REGULAR_EXPRESSION "\"step\":3,\"stop\":\"steps\"")
  # The benchmark runs (one tiny step) on the SIMD128 kernels and on the same data as the anchors.
  add_test(NAME cli_wasm_bench_json COMMAND ${ATTNLAB_NODE} --no-experimental-fetch $<TARGET_FILE:attnlab> bench --json
           --warmup 0 --steps 1 --repeats 1 --fwd-iters 1)
  set_tests_properties(cli_wasm_bench_json PROPERTIES PASS_REGULAR_EXPRESSION
    "\"checksum\":2514188270.*\"kernels\":\"wasm-simd128\".*\"train_matmul_flops\":459669504")
  if(ATTNLAB_RELAXED_SIMD)
    # The relaxed-SIMD kernels (fused multiply-add): the kernel tests (their gemm within 1e-6·(1 + √K) of double
    # precision), the float ops on them, and the golden tests against PyTorch's fixtures. Node 20 runs relaxed
    # SIMD only behind --experimental-wasm-relaxed-simd, so the tests pass it.
    add_executable(attnlab_relaxed_tests "${CMAKE_SOURCE_DIR}/tests/engine/kernels_test.cpp"
                                         "${CMAKE_SOURCE_DIR}/tests/engine/matmul_test.cpp"
                                         "${CMAKE_SOURCE_DIR}/tests/engine/golden_tagger_test.cpp")
    target_link_libraries(attnlab_relaxed_tests PRIVATE attnlab_engine attnlab_hdr ${ATTNLAB_GTEST})
    target_compile_options(attnlab_relaxed_tests PRIVATE ${ATTNLAB_WARNINGS})
    attnlab_use_relaxed_simd(attnlab_relaxed_tests)
    attnlab_wasm_gtest(engine_wasm_relaxed attnlab_relaxed_tests 2 NODE_FLAGS --experimental-wasm-relaxed-simd)
    add_test(NAME cli_wasm_relaxed_bench_json
             COMMAND ${ATTNLAB_NODE} --no-experimental-fetch --experimental-wasm-relaxed-simd
                     $<TARGET_FILE:attnlab_relaxed> bench --json --warmup 0 --steps 1 --repeats 1 --fwd-iters 1)
    set_tests_properties(cli_wasm_relaxed_bench_json PROPERTIES PASS_REGULAR_EXPRESSION
      "\"checksum\":2514188270.*\"kernels\":\"wasm-relaxed-simd\".*\"train_matmul_flops\":459669504")
    # The module the relaxed build writes validates only where relaxed SIMD is on: the check a page makes.
    add_test(NAME wasm_relaxed_probe COMMAND ${ATTNLAB_NODE} "${CMAKE_SOURCE_DIR}/tests/engine/relaxed_simd_probe.js"
                                             $<TARGET_FILE_DIR:attnlab_relaxed>/attnlab_relaxed.wasm)
  endif()
else()
  include(GoogleTest)
  gtest_discover_tests(attnlab_engine_tests DISCOVERY_MODE PRE_TEST)
  gtest_discover_tests(attnlab_app_tests DISCOVERY_MODE PRE_TEST)
  add_test(NAME cli_version COMMAND $<TARGET_FILE:attnlab> --version)
  set_tests_properties(cli_version PROPERTIES PASS_REGULAR_EXPRESSION "attnlab ${PROJECT_VERSION}")
  add_test(NAME cli_bench_json COMMAND $<TARGET_FILE:attnlab> bench --json --warmup 0 --steps 1 --repeats 1 --fwd-iters 1)
  set_tests_properties(cli_bench_json PROPERTIES PASS_REGULAR_EXPRESSION
    "\"checksum\":2514188270.*\"kernels\":\"portable\".*\"train_matmul_flops\":459669504")
  add_test(NAME cli_bad_command COMMAND $<TARGET_FILE:attnlab> no-such-command)
  set_tests_properties(cli_bad_command PROPERTIES WILL_FAIL TRUE)
endif()

# Further CTest registrations (CLI behaviour tests, desktop smoke test) live next to what they test.
file(GLOB ATTNLAB_TEST_CMAKE CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/tests/*/tests.cmake")
foreach(f IN LISTS ATTNLAB_TEST_CMAKE)
  include("${f}")
endforeach()
