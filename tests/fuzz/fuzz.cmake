# Fuzz targets: one per parser that reads outside input (tests/fuzz/fuzz_*.cpp, each an
# LLVMFuzzerTestOneInput). Two ways to build them:
#   ATTNLAB_FUZZ=ON (the `fuzz` preset, clang): linked with libFuzzer + AddressSanitizer + UBSan, for the long
#                   campaigns of `make fuzz` (scripts/fuzz.sh);
#   otherwise (native, asan presets): linked with replay_main.cpp, which runs every checked-in input once, so
#                   `make test` replays the corpora (tests/fuzz/corpus/<target>/) in seconds, and the asan
#                   build replays them under the sanitizers.
set(ATTNLAB_FUZZ_TARGETS model_file tagged_text settings probe)
set(ATTNLAB_FUZZ_SOURCES_probe "${CMAKE_SOURCE_DIR}/engine/cli/probe.cpp")
set(ATTNLAB_FUZZ_LIBS_settings attnlab_web_app)
foreach(name ${ATTNLAB_FUZZ_TARGETS})
  add_executable(fuzz_${name} "${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_${name}.cpp" ${ATTNLAB_FUZZ_SOURCES_${name}})
  target_include_directories(fuzz_${name} PRIVATE "${CMAKE_SOURCE_DIR}")
  target_link_libraries(fuzz_${name} PRIVATE ${ATTNLAB_FUZZ_LIBS_${name}} attnlab_engine attnlab_hdr)
  target_compile_options(fuzz_${name} PRIVATE ${ATTNLAB_WARNINGS})
  if(ATTNLAB_FUZZ)
    target_link_options(fuzz_${name} PRIVATE -fsanitize=fuzzer)
  else()
    target_sources(fuzz_${name} PRIVATE "${CMAKE_SOURCE_DIR}/tests/fuzz/replay_main.cpp")
  endif()
  if(ATTNLAB_BUILD_TESTS)
    # The seeds and every input that ever crashed (tests/fuzz/crashes/<target>/, when there are any).
    set(_inputs "${CMAKE_SOURCE_DIR}/tests/fuzz/corpus/${name}")
    if(EXISTS "${CMAKE_SOURCE_DIR}/tests/fuzz/crashes/${name}")
      list(APPEND _inputs "${CMAKE_SOURCE_DIR}/tests/fuzz/crashes/${name}")
    endif()
    add_test(NAME fuzz_replay_${name} COMMAND fuzz_${name} -runs=0 ${_inputs})
  endif()
endforeach()
