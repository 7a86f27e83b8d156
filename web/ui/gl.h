// OpenGL headers for both targets: WebGL2 (OpenGL ES 3.0) in the browser, OpenGL 3.3 core on the desktop.
// Only the common subset of the two is used, so the same drawing code serves both.
//
// The GL state: whoever draws sets every piece of state its drawing depends on (program, vertex array, textures,
// blending, scissor, viewport, framebuffer) and saves nothing. Nothing here reads the state back with glGet*: in
// WebGL most glGet* calls are a synchronous round trip to the GPU process that first waits for every command
// sent before it, so one such call per frame costs a whole frame of rendering on a software renderer. A drawer
// that renders into a framebuffer of its own binds the screen's (0) again when it is done.
#pragma once

#include <string>

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

// Compiles and links shaders/<vertex> and shaders/<fragment> (embedded in the binary) with glsl_prelude().
// Returns the program, or 0 with a message in `error`.
GLuint link_program(const char* vertex, const char* fragment, std::string& error);

// How many times a texture the frame shows has been drawn into (a heatmap rendering its numbers into its own
// texture): the frame then looks different even where its draw commands are the same (ui/frame_change.h).
long long texture_writes();

}  // namespace attnlab::gfx
