// The app's ImGui is built with IMGUI_ENABLE_TEST_ENGINE (widgets report themselves to hooks that
// web/platform/browser_input.cpp defines for the browser tests); these tests link no platform, so the hooks
// are here, doing nothing.
#include "imgui.h"
#include "imgui_internal.h"

void ImGuiTestEngineHook_ItemAdd(ImGuiContext*, const ImRect&, ImGuiID) {}
void ImGuiTestEngineHook_ItemInfo(ImGuiContext*, ImGuiID, const char*, ImGuiItemStatusFlags) {}
void ImGuiTestEngineHook_Log(ImGuiContext*, const char*, ...) {}
const char* ImGuiTestEngine_FindItemDebugLabel(ImGuiContext*, ImGuiID) { return nullptr; }
