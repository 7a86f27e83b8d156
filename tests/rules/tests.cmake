# House rules (see tests/layers_check.py and tests/house_rules.py): checks of the source tree itself, Python 3
# standard library only, run in the native tree (they read files, so the build kind does not matter: the sanitizer
# and WebAssembly trees would check the same files again).
#
# The self-tests run each check on small fake trees, so each check provably fails on what it forbids.
# Then the real tree: every #include goes down the layers (rules_layers), a file over 600 lines has a section
# index (rules_long_files), a file named in a comment exists (rules_file_names), every C++ file is laid out as
# .clang-format says (rules_format: scripts/check_format.sh; make format fixes it).
if(NOT EMSCRIPTEN AND NOT ATTNLAB_SANITIZE)
  find_program(ATTNLAB_PYTHON3 python3)
  if(ATTNLAB_PYTHON3)
    add_test(NAME rules_layers_selftest COMMAND ${ATTNLAB_PYTHON3} ${CMAKE_SOURCE_DIR}/tests/layers_check_test.py)
    add_test(NAME rules_house_rules_selftest COMMAND ${ATTNLAB_PYTHON3} ${CMAKE_SOURCE_DIR}/tests/house_rules_test.py)
    add_test(NAME rules_layers COMMAND ${ATTNLAB_PYTHON3} ${CMAKE_SOURCE_DIR}/tests/layers_check.py)
    add_test(NAME rules_long_files COMMAND ${ATTNLAB_PYTHON3} ${CMAKE_SOURCE_DIR}/tests/house_rules.py long-files)
    add_test(NAME rules_file_names COMMAND ${ATTNLAB_PYTHON3} ${CMAKE_SOURCE_DIR}/tests/house_rules.py file-names)
    add_test(NAME rules_format COMMAND bash ${CMAKE_SOURCE_DIR}/scripts/check_format.sh)
    # The docs' generator on a fake tree: a stale reference and a failing command fail (scripts/docs.py).
    add_test(NAME rules_docs_selftest COMMAND ${ATTNLAB_PYTHON3} ${CMAKE_SOURCE_DIR}/tests/docs_test.py)
  else()
    message(WARNING "python3 not found: the house rules checks are not registered")
  endif()
endif()
