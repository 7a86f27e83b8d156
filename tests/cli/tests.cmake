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

# attnlab export-torch: the PyTorch module reproduces the engine's logits (each model kind, positional
# encoding, mask, normalization, relevance; every task input), runs alone, and refuses what it cannot do.
# One CTest test per case of tests/cli/torch_export_test.py; needs Debian's python3-torch (scripts/setup.sh).
# The WebAssembly CLI (attnlab.js under Node) runs two of the cases: a model and the zip.
if(EXISTS /usr/bin/python3)
  set(_torch_test "${CMAKE_SOURCE_DIR}/tests/cli/torch_export_test.py")
  execute_process(COMMAND /usr/bin/python3 -c "import torch, numpy" RESULT_VARIABLE _torch_rc OUTPUT_QUIET ERROR_QUIET)
  execute_process(COMMAND /usr/bin/python3 "${_torch_test}" --list OUTPUT_VARIABLE _torch_cases
                  OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE _torch_list_rc)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${_torch_test}")
  if(NOT _torch_list_rc EQUAL 0)
    message(FATAL_ERROR "tests/cli/torch_export_test.py --list failed")
  endif()
  if(_torch_rc EQUAL 0)
    string(REPLACE "\n" ";" _torch_cases "${_torch_cases}")
    if(EMSCRIPTEN)
      set(_torch_cases seen_attention_sinusoidal zip)
    endif()
    foreach(_case IN LISTS _torch_cases)
      if(EMSCRIPTEN)
        add_test(NAME cli_torch_wasm_${_case}
                 COMMAND /usr/bin/python3 "${_torch_test}" $<TARGET_FILE:attnlab> ${_case})
        set_tests_properties(cli_torch_wasm_${_case} PROPERTIES ENVIRONMENT "NODE_PATH=/usr/share/nodejs")
      else()
        add_test(NAME cli_torch_${_case} COMMAND /usr/bin/python3 "${_torch_test}" $<TARGET_FILE:attnlab> ${_case})
      endif()
    endforeach()
  else()
    message(WARNING "/usr/bin/python3 cannot import torch and numpy (apt-get install python3-torch): "
                    "the export-torch tests are not registered")
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

# attnlab train --json: majority_acc (the dev set's chance level) on every line with dev_acc, and equal to the
# share of the dev tokens that carry the most frequent training tag (worked out from attnlab eval's counts).
if(ATTNLAB_PYTHON3)
  if(EMSCRIPTEN)
    add_test(NAME cli_wasm_majority COMMAND "${ATTNLAB_PYTHON3}" "${CMAKE_SOURCE_DIR}/tests/cli/majority_test.py"
                                            $<TARGET_FILE:attnlab> "${CMAKE_BINARY_DIR}/majority")
    set_tests_properties(cli_wasm_majority PROPERTIES ENVIRONMENT "NODE_PATH=/usr/share/nodejs")
  else()
    add_test(NAME cli_majority COMMAND "${ATTNLAB_PYTHON3}" "${CMAKE_SOURCE_DIR}/tests/cli/majority_test.py"
                                       $<TARGET_FILE:attnlab> "${CMAKE_BINARY_DIR}/majority")
  endif()
endif()

# The pos task on the Brown Corpus: attnlab data --json counts the whole corpus in its splits; eval maps a UPOS
# file's tags to the 12 universal ones and says so, and reports the baseline, unknown words and genre groups.
if(ATTNLAB_PYTHON3)
  foreach(_case data eval)
    if(EMSCRIPTEN)
      if(_case STREQUAL "data")  # (the same parser; the training case runs natively only)
        add_test(NAME cli_wasm_brown_${_case} COMMAND "${ATTNLAB_PYTHON3}" "${CMAKE_SOURCE_DIR}/tests/cli/brown_test.py"
                                                      $<TARGET_FILE:attnlab> ${_case} "${CMAKE_BINARY_DIR}/brown")
        set_tests_properties(cli_wasm_brown_${_case} PROPERTIES ENVIRONMENT "NODE_PATH=/usr/share/nodejs"
                             WORKING_DIRECTORY "${CMAKE_SOURCE_DIR}")
      endif()
    else()
      add_test(NAME cli_brown_${_case} COMMAND "${ATTNLAB_PYTHON3}" "${CMAKE_SOURCE_DIR}/tests/cli/brown_test.py"
                                               $<TARGET_FILE:attnlab> ${_case} "${CMAKE_BINARY_DIR}/brown")
      set_tests_properties(cli_brown_${_case} PROPERTIES WORKING_DIRECTORY "${CMAKE_SOURCE_DIR}")
    endif()
  endforeach()
endif()

# attnlab sweep: both curves and the verdict, every point equal to `attnlab train --train-size N`, bad input refused.
if(ATTNLAB_PYTHON3)
  if(EMSCRIPTEN)
    add_test(NAME cli_wasm_sweep
             COMMAND "${ATTNLAB_PYTHON3}" "${CMAKE_SOURCE_DIR}/tests/cli/sweep_test.py" $<TARGET_FILE:attnlab>)
    set_tests_properties(cli_wasm_sweep PROPERTIES ENVIRONMENT "NODE_PATH=/usr/share/nodejs")
  else()
    add_test(NAME cli_sweep COMMAND "${ATTNLAB_PYTHON3}" "${CMAKE_SOURCE_DIR}/tests/cli/sweep_test.py" $<TARGET_FILE:attnlab>)
  endif()
endif()
