// Draws Dear ImGui's frames (ImDrawData) with the shaders in shaders/imgui.{vert,frag}: WebGL2 in the browser,
// GL 3.3 core on the desktop. It does what ImGui's stock OpenGL backend does, minus saving and restoring the GL
// state around every frame: the stock backend reads some twenty values back with glGet* per frame, and in WebGL
// each one waits for the GPU process to finish everything sent before it (see gl.h); profiled in the page, those
// waits were most of the UI thread's time in a drawn frame. The app owns its context, so this renderer simply
// sets all the state it draws with.
//
// One renderer per ImGui context (it lives in io.BackendRendererUserData): the window's, and the one that draws
// views into pictures (web/platform/view_image.cpp). Both share the window's GL context.
#pragma once

#include "imgui.h"

namespace attnlab::gfx {

// Attaches a renderer to the current ImGui context. Its GL objects are made by the first imgui_gl_new_frame().
void imgui_gl_init();

// Deletes the renderer's GL objects (unless they went with a lost context) and detaches it.
void imgui_gl_shutdown();

// Before ImGui::NewFrame(): makes the GL objects if there are none yet, or if they were made in a context that
// has since been lost (gl_generation()), the font atlas's texture among them.
void imgui_gl_new_frame();

// The font atlas changed (new glyphs, a new pixel ratio): upload it again.
void imgui_gl_rebuild_fonts();

// Draws `draw` into the bound framebuffer (its size is DisplaySize x FramebufferScale). Leaves blending and the
// scissor test on, its program, vertex array and buffers bound.
void imgui_gl_render(const ImDrawData& draw);

}  // namespace attnlab::gfx
