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

// The GL context's generation: 0 at the start, one more each time the browser gives back a WebGL context it had
// taken away (web/platform/main.cpp). Every GL object made before is gone then; what holds one remembers the
// generation it was made in and, when that is past, forgets it (never deletes it) and makes it again.
int gl_generation();
void next_gl_generation();

// How many times a texture the frame shows has been drawn into (a heatmap rendering its numbers into its own
// texture): the frame then looks different even where its draw commands are the same (ui/frame_change.h).
long long texture_writes();

}  // namespace attnlab::gfx
