// OpenGL headers for both targets: WebGL2 (OpenGL ES 3.0) in the browser, OpenGL 3.3 core on the desktop.
// Only the common subset of the two is used, so the same drawing code serves both.
#pragma once

#if defined(__EMSCRIPTEN__)
#include <GLES3/gl3.h>
#else
#ifndef GL_GLEXT_PROTOTYPES
#define GL_GLEXT_PROTOTYPES 1  // libGL (glvnd) exports the GL 3.3 entry points we call
#endif
#include <SDL_opengl.h>
#endif

namespace attnlab::gfx {

// "#version 300 es" + precision on WebGL2, "#version 330 core" on the desktop: shader files carry none.
const char* glsl_prelude();

}  // namespace attnlab::gfx
