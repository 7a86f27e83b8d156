# House rules (see tests/layers_check.py and tests/house_rules.py): checks of the source tree itself, Python 3
# standard library only, run natively (they read files, the build kind does not matter).
#
# The self-tests run each check on small fake trees, so each check provably fails on what it forbids.
# A check of the real tree is registered once the tree passes it, to keep CI green:
#   rules_layers      passes once engine/data/tasks.cpp stops including engine/ops/loss.h
#   rules_long_files  passes once scripts/make_pos_corpus.py and tests/engine/gradcheck_test.cpp have an index
#   rules_file_names  passes once the comments name files that exist (house_rules.py file-names lists them)
# The format check (scripts/check_format.sh, make check-format) joins once the tree has been formatted.
if(NOT EMSCRIPTEN)
  find_program(ATTNLAB_PYTHON3 python3)
  if(ATTNLAB_PYTHON3)
    add_test(NAME rules_layers_selftest COMMAND ${ATTNLAB_PYTHON3} ${CMAKE_SOURCE_DIR}/tests/layers_check_test.py)
    add_test(NAME rules_house_rules_selftest COMMAND ${ATTNLAB_PYTHON3} ${CMAKE_SOURCE_DIR}/tests/house_rules_test.py)
    # add_test(NAME rules_layers COMMAND ${ATTNLAB_PYTHON3} ${CMAKE_SOURCE_DIR}/tests/layers_check.py)
    # add_test(NAME rules_long_files COMMAND ${ATTNLAB_PYTHON3} ${CMAKE_SOURCE_DIR}/tests/house_rules.py long-files)
    # add_test(NAME rules_file_names COMMAND ${ATTNLAB_PYTHON3} ${CMAKE_SOURCE_DIR}/tests/house_rules.py file-names)
    # add_test(NAME rules_format COMMAND bash ${CMAKE_SOURCE_DIR}/scripts/check_format.sh)
  else()
    message(WARNING "python3 not found: the house rules checks are not registered")
  endif()
endif()
