# Runs one attnlab command and checks its exit code and output (a CTest helper, run with cmake -P).
#   -DCMD=<program|arg|arg...>   the command, '|'-separated (arguments may contain spaces)
#   -DRC=0|nonzero               the expected exit code
#   -DREGEX=<regex>              must match stdout + stderr
#   -DONE_LINE_ERROR=ON          stderr must be exactly one line starting with "attnlab: "
string(REPLACE "|" ";" _cmd "${CMD}")
execute_process(COMMAND ${_cmd} RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _err)
set(_all "${_out}${_err}")
if(RC STREQUAL "0" AND NOT _rc EQUAL 0)
  message(FATAL_ERROR "expected exit code 0, got ${_rc}\n--- stdout\n${_out}\n--- stderr\n${_err}")
endif()
if(RC STREQUAL "nonzero" AND _rc EQUAL 0)
  message(FATAL_ERROR "expected a non-zero exit code, got 0\n--- stdout\n${_out}\n--- stderr\n${_err}")
endif()
if(NOT _all MATCHES "${REGEX}")
  message(FATAL_ERROR "output does not match '${REGEX}'\n--- stdout\n${_out}\n--- stderr\n${_err}")
endif()
if(ONE_LINE_ERROR)
  if(NOT _err MATCHES "^attnlab: [^\n]+\n$")
    message(FATAL_ERROR "stderr is not one line 'attnlab: ...':\n${_err}")
  endif()
endif()
message(STATUS "ok (exit ${_rc})")
