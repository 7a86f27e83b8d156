# Behaviour tests of the attnlab command line. Each case of tests/cli/probe_test.py (good requests checked
# against hand-worked numbers, malformed requests checked for a one-line message and an empty stdout) is
# its own CTest test: cli_probe_<case> natively, cli_probe_wasm_<case> for the WebAssembly build run by Node
# (which must behave exactly like the native one). Python 3 standard library only.
find_program(ATTNLAB_PYTHON3 python3)
if(ATTNLAB_PYTHON3)
  set(_probe_test "${CMAKE_SOURCE_DIR}/tests/cli/probe_test.py")
  execute_process(COMMAND "${ATTNLAB_PYTHON3}" "${_probe_test}" --list
                  OUTPUT_VARIABLE _probe_cases OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE _probe_rc)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${_probe_test}")
  if(NOT _probe_rc EQUAL 0)
    message(FATAL_ERROR "tests/cli/probe_test.py --list failed")
  endif()
  string(REPLACE "\n" ";" _probe_cases "${_probe_cases}")
  foreach(_case IN LISTS _probe_cases)
    if(EMSCRIPTEN)
      # $<TARGET_FILE:attnlab> is attnlab.js: probe_test.py runs it as node --no-experimental-fetch X probe
      add_test(NAME cli_probe_wasm_${_case}
               COMMAND "${ATTNLAB_PYTHON3}" "${_probe_test}" $<TARGET_FILE:attnlab> ${_case})
      set_tests_properties(cli_probe_wasm_${_case} PROPERTIES ENVIRONMENT "NODE_PATH=/usr/share/nodejs")
    else()
      add_test(NAME cli_probe_${_case} COMMAND "${ATTNLAB_PYTHON3}" "${_probe_test}" $<TARGET_FILE:attnlab> ${_case})
    endif()
  endforeach()
else()
  message(WARNING "python3 not found: the attnlab probe CLI tests are not registered")
endif()

# Every numeric setting's range (engine/settings/settings.h) is enforced by every flag of the command line.
if(ATTNLAB_PYTHON3)
  if(EMSCRIPTEN)
    add_test(NAME cli_wasm_settings_ranges
             COMMAND "${ATTNLAB_PYTHON3}" "${CMAKE_SOURCE_DIR}/tests/cli/settings_ranges_test.py" $<TARGET_FILE:attnlab>)
    set_tests_properties(cli_wasm_settings_ranges PROPERTIES ENVIRONMENT "NODE_PATH=/usr/share/nodejs")
  else()
    add_test(NAME cli_settings_ranges
             COMMAND "${ATTNLAB_PYTHON3}" "${CMAKE_SOURCE_DIR}/tests/cli/settings_ranges_test.py" $<TARGET_FILE:attnlab>)
  endif()
endif()

# Your own data: train on a file of tagged sentences written by the test, tag and eval the saved model, and
# the one-line refusals (a malformed line, too few sentences, too large, no --data).
if(ATTNLAB_PYTHON3)
  if(EMSCRIPTEN)
    add_test(NAME cli_wasm_own_data COMMAND "${ATTNLAB_PYTHON3}" "${CMAKE_SOURCE_DIR}/tests/cli/own_data_test.py"
                                            $<TARGET_FILE:attnlab> "${CMAKE_BINARY_DIR}/own_data")
    set_tests_properties(cli_wasm_own_data PROPERTIES ENVIRONMENT "NODE_PATH=/usr/share/nodejs")
  else()
    add_test(NAME cli_own_data COMMAND "${ATTNLAB_PYTHON3}" "${CMAKE_SOURCE_DIR}/tests/cli/own_data_test.py"
                                       $<TARGET_FILE:attnlab> "${CMAKE_BINARY_DIR}/own_data")
  endif()
endif()
