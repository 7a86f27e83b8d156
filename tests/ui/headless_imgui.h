// A Dear ImGui context for a test without a window or GL: no .ini file, the font atlas built (a frame needs it).
// The context is current while the object lives.
#pragma once

#include "imgui.h"

namespace attnlab::ui {

struct HeadlessImGui {
  HeadlessImGui() {
    ctx = ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsAlpha8(&pixels, &w, &h);
  }
  ~HeadlessImGui() { ImGui::DestroyContext(ctx); }
  HeadlessImGui(const HeadlessImGui&) = delete;
  HeadlessImGui& operator=(const HeadlessImGui&) = delete;
  ImGuiContext* ctx;
};

}  // namespace attnlab::ui
