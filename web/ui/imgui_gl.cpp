#include "web/ui/imgui_gl.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "web/ui/gl.h"

namespace attnlab::gfx {

namespace {

struct Renderer {
  GLuint program = 0, vao = 0, vertices = 0, indices = 0, font_texture = 0;
  GLint u_screen = -1, u_texture = -1;
  int generation = -1;                  // gl_generation() the objects were made in; -1: none made yet
  std::vector<ImDrawVert> vertex_data;  // every draw list's vertices, one after another: one upload per frame
  std::vector<ImDrawIdx> index_data;
};

Renderer* renderer() {
  return ImGui::GetCurrentContext() ? static_cast<Renderer*>(ImGui::GetIO().BackendRendererUserData) : nullptr;
}

ImTextureID texture_id(GLuint texture) { return reinterpret_cast<ImTextureID>(static_cast<std::uintptr_t>(texture)); }

void make_font_texture(Renderer& r) {
  ImGuiIO& io = ImGui::GetIO();
  unsigned char* pixels = nullptr;
  int width = 0, height = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
  if (!r.font_texture) glGenTextures(1, &r.font_texture);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, r.font_texture);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);  // RGBA rows: always whole words
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
  glBindTexture(GL_TEXTURE_2D, 0);
  io.Fonts->SetTexID(texture_id(r.font_texture));
}

void make_objects(Renderer& r) {
  std::string error;
  r.program = link_program("imgui.vert", "imgui.frag", error);
  if (!r.program) {
    std::fprintf(stderr, "attnlab: ImGui shader: %s\n", error.c_str());
    return;  // (program 0: nothing is drawn, and nothing tried again until the next context)
  }
  r.u_screen = glGetUniformLocation(r.program, "u_screen");
  r.u_texture = glGetUniformLocation(r.program, "u_texture");
  glGenVertexArrays(1, &r.vao);
  glGenBuffers(1, &r.vertices);
  glGenBuffers(1, &r.indices);
  glBindVertexArray(r.vao);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, r.indices);  // (the vertex array remembers it)
  glEnableVertexAttribArray(0);                      // a_position, a_uv, a_colour: layout(location) in imgui.vert
  glEnableVertexAttribArray(1);
  glEnableVertexAttribArray(2);
  glBindVertexArray(0);
  make_font_texture(r);
}

void forget_objects(Renderer& r) { r.program = r.vao = r.vertices = r.indices = r.font_texture = 0; }

void delete_objects(Renderer& r) {
  if (r.generation == gl_generation()) {  // (made in a context since lost: gone with it, nothing to delete)
    if (r.font_texture) glDeleteTextures(1, &r.font_texture);
    if (r.vertices) glDeleteBuffers(1, &r.vertices);
    if (r.indices) glDeleteBuffers(1, &r.indices);
    if (r.vao) glDeleteVertexArrays(1, &r.vao);
    if (r.program) glDeleteProgram(r.program);
  }
  forget_objects(r);
}

// The vertex attributes read the vertex buffer from vertex `first` on (ImGui's indices count from a draw list's
// first vertex, or from a command's VtxOffset within it).
void point_attributes_at(std::size_t first) {
  const std::size_t base = first * sizeof(ImDrawVert);
  const auto at = [base](std::size_t field) { return reinterpret_cast<const void*>(base + field); };
  constexpr GLsizei stride = sizeof(ImDrawVert);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, stride, at(offsetof(ImDrawVert, pos)));
  glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, stride, at(offsetof(ImDrawVert, uv)));
  glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, at(offsetof(ImDrawVert, col)));
}

// Every piece of GL state ImGui's triangles are drawn with.
void set_state(const Renderer& r, const ImDrawData& draw, int fb_width, int fb_height) {
  glViewport(0, 0, fb_width, fb_height);
  glEnable(GL_BLEND);
  glBlendEquation(GL_FUNC_ADD);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glDisable(GL_CULL_FACE);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_STENCIL_TEST);
  glEnable(GL_SCISSOR_TEST);
  glUseProgram(r.program);
  // screen pixels (DisplayPos .. DisplayPos + DisplaySize, y down) -> clip space [-1, 1] (y up)
  const float sx = 2.0f / draw.DisplaySize.x, sy = -2.0f / draw.DisplaySize.y;
  glUniform4f(r.u_screen, sx, sy, -1.0f - draw.DisplayPos.x * sx, 1.0f - draw.DisplayPos.y * sy);
  glUniform1i(r.u_texture, 0);
  glActiveTexture(GL_TEXTURE0);
  glBindVertexArray(r.vao);
  glBindBuffer(GL_ARRAY_BUFFER, r.vertices);
}

}  // namespace

void imgui_gl_init() {
  ImGuiIO& io = ImGui::GetIO();
  IM_ASSERT(io.BackendRendererUserData == nullptr && "a renderer is already attached to this ImGui context");
  io.BackendRendererUserData = new Renderer();
  io.BackendRendererName = "attnlab_gl";
  // Large draw lists: a command's VtxOffset is honoured (the attributes are pointed at it), 16-bit indices stay.
  io.BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;
}

void imgui_gl_shutdown() {
  Renderer* r = renderer();
  if (!r) return;
  delete_objects(*r);
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->SetTexID(nullptr);
  io.BackendRendererUserData = nullptr;
  io.BackendRendererName = nullptr;
  io.BackendFlags &= ~ImGuiBackendFlags_RendererHasVtxOffset;
  delete r;
}

void imgui_gl_new_frame() {
  Renderer* r = renderer();
  IM_ASSERT(r && "imgui_gl_init() first");
  if (r->generation == gl_generation()) return;
  forget_objects(*r);  // none yet, or they went with a lost context
  r->generation = gl_generation();
  make_objects(*r);
}

void imgui_gl_rebuild_fonts() {
  Renderer* r = renderer();
  if (!r || !r->program || r->generation != gl_generation()) return;  // the next new frame makes it anyway
  make_font_texture(*r);
}

void imgui_gl_render(const ImDrawData& draw) {
  Renderer* r = renderer();
  const int fb_width = static_cast<int>(draw.DisplaySize.x * draw.FramebufferScale.x);
  const int fb_height = static_cast<int>(draw.DisplaySize.y * draw.FramebufferScale.y);
  if (!r || !r->program || r->generation != gl_generation() || fb_width <= 0 || fb_height <= 0) return;

  // One upload of all the lists' vertices and indices (one buffer each, in list order).
  r->vertex_data.resize(static_cast<std::size_t>(draw.TotalVtxCount));
  r->index_data.resize(static_cast<std::size_t>(draw.TotalIdxCount));
  std::size_t nv = 0, ni = 0;
  for (int n = 0; n < draw.CmdListsCount; ++n) {
    const ImDrawList& list = *draw.CmdLists[n];
    std::memcpy(r->vertex_data.data() + nv, list.VtxBuffer.Data, list.VtxBuffer.Size * sizeof(ImDrawVert));
    std::memcpy(r->index_data.data() + ni, list.IdxBuffer.Data, list.IdxBuffer.Size * sizeof(ImDrawIdx));
    nv += static_cast<std::size_t>(list.VtxBuffer.Size);
    ni += static_cast<std::size_t>(list.IdxBuffer.Size);
  }
  set_state(*r, draw, fb_width, fb_height);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(nv * sizeof(ImDrawVert)), r->vertex_data.data(),
               GL_STREAM_DRAW);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(ni * sizeof(ImDrawIdx)), r->index_data.data(),
               GL_STREAM_DRAW);

  constexpr GLenum index_type = sizeof(ImDrawIdx) == 2 ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT;
  const ImVec2 clip_off = draw.DisplayPos, clip_scale = draw.FramebufferScale;
  std::size_t list_vertex = 0, list_index = 0;
  GLuint bound_texture = 0;
  std::size_t pointed_at = SIZE_MAX;
  for (int n = 0; n < draw.CmdListsCount; ++n) {
    const ImDrawList& list = *draw.CmdLists[n];
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
      if (cmd.UserCallback) {
        if (cmd.UserCallback == ImDrawCallback_ResetRenderState) {
          set_state(*r, draw, fb_width, fb_height);
          bound_texture = 0;
          pointed_at = SIZE_MAX;
        } else {
          cmd.UserCallback(&list, &cmd);
        }
        continue;
      }
      // The clip rectangle in framebuffer pixels (GL's y counts from the bottom).
      const float x0 = (cmd.ClipRect.x - clip_off.x) * clip_scale.x, y0 = (cmd.ClipRect.y - clip_off.y) * clip_scale.y;
      const float x1 = (cmd.ClipRect.z - clip_off.x) * clip_scale.x, y1 = (cmd.ClipRect.w - clip_off.y) * clip_scale.y;
      if (x1 <= x0 || y1 <= y0 || cmd.ElemCount == 0) continue;
      glScissor(static_cast<int>(x0), static_cast<int>(static_cast<float>(fb_height) - y1), static_cast<int>(x1 - x0),
                static_cast<int>(y1 - y0));
      const auto texture = static_cast<GLuint>(reinterpret_cast<std::uintptr_t>(cmd.GetTexID()));
      if (texture != bound_texture) {
        glBindTexture(GL_TEXTURE_2D, texture);
        bound_texture = texture;
      }
      const std::size_t first = list_vertex + cmd.VtxOffset;
      if (first != pointed_at) {
        point_attributes_at(first);
        pointed_at = first;
      }
      const std::size_t index_byte = (list_index + cmd.IdxOffset) * sizeof(ImDrawIdx);
      glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(cmd.ElemCount), index_type,
                     reinterpret_cast<const void*>(index_byte));
    }
    list_vertex += static_cast<std::size_t>(list.VtxBuffer.Size);
    list_index += static_cast<std::size_t>(list.IdxBuffer.Size);
  }
}

}  // namespace attnlab::gfx
