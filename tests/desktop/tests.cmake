# Desktop smoke test: the native app renders real frames in a real X server (Xvfb, Mesa's software GL 3.3)
# and its screenshot is checked for content. The screenshot is kept in build/e2e/ for people to look at.
if(NOT EMSCRIPTEN AND ATTNLAB_BUILD_APP)
  find_program(ATTNLAB_XVFB_RUN xvfb-run)
  find_program(ATTNLAB_NODE_BIN node)
  if(ATTNLAB_XVFB_RUN AND ATTNLAB_NODE_BIN)
    file(MAKE_DIRECTORY "${CMAKE_SOURCE_DIR}/build/e2e")
    set(_shot "${CMAKE_SOURCE_DIR}/build/e2e/desktop-${CMAKE_BUILD_TYPE}.png")
    add_test(NAME desktop_smoke
             COMMAND ${CMAKE_COMMAND} -E env LIBGL_ALWAYS_SOFTWARE=1
                     ${ATTNLAB_XVFB_RUN} -a -s "-screen 0 1400x900x24"
                     $<TARGET_FILE:attnlab_app> --frames 20 --size 1280x800 --screenshot ${_shot})
    add_test(NAME desktop_screenshot_check
             COMMAND ${ATTNLAB_NODE_BIN} ${CMAKE_SOURCE_DIR}/tests/desktop/check_screenshot.mjs ${_shot} 1280 800)
    set_tests_properties(desktop_screenshot_check PROPERTIES DEPENDS desktop_smoke)
    set_tests_properties(desktop_smoke PROPERTIES FIXTURES_SETUP desktop_shot)
    set_tests_properties(desktop_screenshot_check PROPERTIES FIXTURES_REQUIRED desktop_shot)
    # The views' pictures (web/platform/view_image.h): drawn offscreen at their own size, not the window's
    # (800x600 here), written with their CSV into the current folder.
    set(_exports "${CMAKE_BINARY_DIR}/desktop-export")
    file(MAKE_DIRECTORY "${_exports}")
    add_test(NAME desktop_export
             COMMAND ${CMAKE_COMMAND} -E env LIBGL_ALWAYS_SOFTWARE=1
                     ${ATTNLAB_XVFB_RUN} -a -s "-screen 0 1400x900x24"
                     $<TARGET_FILE:attnlab_app> --frames 3 --size 800x600 --steps 50 --train false
                     --export attention --export training)
    set_tests_properties(desktop_export PROPERTIES WORKING_DIRECTORY "${_exports}" FIXTURES_SETUP desktop_export_files
                         PASS_REGULAR_EXPRESSION "Saved attnlab-attention-step50.png")
    add_test(NAME desktop_export_png_check
             COMMAND ${ATTNLAB_NODE_BIN} ${CMAKE_SOURCE_DIR}/tests/desktop/check_screenshot.mjs
                     ${_exports}/attnlab-attention-step50.png 1200 800)
    add_test(NAME desktop_export_csv_check COMMAND ${CMAKE_COMMAND} -E cat ${_exports}/attnlab-attention-L1H1-step50.csv)
    set_tests_properties(desktop_export_csv_check PROPERTIES PASS_REGULAR_EXPRESSION "key,I,saw,a,saw\r\nI,[0-9.e-]+,")
    set_tests_properties(desktop_export_png_check desktop_export_csv_check PROPERTIES FIXTURES_REQUIRED desktop_export_files)
    # The app's ImGui renderer (web/ui/imgui_gl.h) drawing into a framebuffer, its pixels read back.
    add_executable(attnlab_gl_tests "${CMAKE_SOURCE_DIR}/tests/desktop/imgui_gl_test.cpp"
                                    "${CMAKE_SOURCE_DIR}/tests/ui/test_engine_hooks.cpp")
    target_include_directories(attnlab_gl_tests PRIVATE "${CMAKE_SOURCE_DIR}")
    target_link_libraries(attnlab_gl_tests PRIVATE attnlab_web_ui ${ATTNLAB_GTEST})
    target_compile_options(attnlab_gl_tests PRIVATE ${ATTNLAB_WARNINGS})
    add_test(NAME desktop_imgui_renderer
             COMMAND ${CMAKE_COMMAND} -E env LIBGL_ALWAYS_SOFTWARE=1
                     ${ATTNLAB_XVFB_RUN} -a -s "-screen 0 640x480x24" $<TARGET_FILE:attnlab_gl_tests>)
    add_test(NAME desktop_bad_argument COMMAND $<TARGET_FILE:attnlab_app> --frames zero)
    set_tests_properties(desktop_bad_argument PROPERTIES WILL_FAIL TRUE)
  else()
    message(WARNING "xvfb-run or node not found: the desktop smoke test is not registered")
  endif()
endif()
