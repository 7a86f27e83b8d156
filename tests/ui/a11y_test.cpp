// The semantic mirror's collecting side (web/ui/a11y.h), headless: what each widget notes (role, visible label,
// value, range, state, place), that a frame drawn again changes nothing and one changed changes only its node,
// and that an action from the page is applied by the widget in the next frame as the pointer's would be (once,
// only to a widget that is drawn and enabled).
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "imgui.h"
#include "imgui_internal.h"
#include "tests/ui/headless_imgui.h"
#include "web/ui/a11y.h"
#include "web/ui/pixel_grid.h"
#include "web/ui/strings.h"
#include "web/ui/widgets.h"

namespace attnlab::ui {
namespace {

using a11y::Node;
using a11y::Role;

// A headless context and a mirror with nothing noted yet (the mirror is one per app, as ImGui's context).
struct Context {
  Context() { a11y::Reset(); }
  ~Context() { a11y::Reset(); }
  HeadlessImGui imgui;
};

// One frame of one window drawing `body`; returns what changed in the mirror.
a11y::Change frame(const std::function<void()>& body) {
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(800, 600);
  io.DeltaTime = 1.0f / 60.0f;
  a11y::BeginFrame();
  ImGui::NewFrame();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(800, 600));
  ImGui::Begin("Settings", nullptr, ImGuiWindowFlags_NoDecoration);
  body();
  ImGui::End();
  ImGui::Render();
  return a11y::TakeChange();
}

const Node* find(const std::string& label) {
  for (const Node& n : a11y::Nodes())
    if (n.label == label) return &n;
  return nullptr;
}

// The settings of a small panel, as the panels draw them.
struct Panel {
  bool run = false, log = true;
  int heads = 2, layers = 1, mode = 0, chosen = 1, presses = 0, tab = 0, image = 0;
  float lr = 0.003f;
  std::string sentence = "I saw a saw";
  std::string step_text = "step 120";
  bool header_open = false;
  void draw() {
    TextUnformatted(step_text.c_str());
    if (Button("Run##training")) ++presses;
    Checkbox("log scale", &log);
    SliderInt("heads", &heads, 1, 8);
    SliderFloat("learning rate", &lr, 1e-4f, 1.0f, "%.4f", ImGuiSliderFlags_Logarithmic);
    if (RadioButton("heatmaps", mode == 0)) mode = 0;
    ImGui::SameLine();
    if (RadioButton("lines", mode == 1)) mode = 1;
    Combo("normalization", &chosen, {"relu", "softmax", "sigmoid"});
    a11y::SetNextName("layers");
    SliderInt("##value", &layers, 1, 4);
    InputTextWithHint("##input", "type a sentence", &sentence);
    TextUnformatted("dev image");
    SliderInt("##image_number", &image, 0, 9);
    header_open = CollapsingHeader("Model: attention###model");
    if (BeginTabBar("##views")) {
      const char* names[] = {"Attention###view0", "Step by step###view1"};
      for (int i = 0; i < 2; ++i)
        if (BeginTabItem(names[i])) {
          tab = i;
          ImGui::EndTabItem();
        }
      ImGui::EndTabBar();
    }
  }
};

TEST(Mirror, EveryWidgetIsNotedWithItsRoleVisibleLabelValueAndPlace) {
  Context c;
  Panel p;
  frame([&] { p.draw(); });
  const Node* text = find("step 120");
  ASSERT_NE(text, nullptr);
  EXPECT_EQ(text->role, Role::text);
  const Node* run = find("Run");  // "##training" is not shown, so not read either
  ASSERT_NE(run, nullptr);
  EXPECT_EQ(run->role, Role::button);
  EXPECT_EQ(run->id, ImGui::FindWindowByName("Settings")->GetID("Run##training")) << "the widget's own ID";
  EXPECT_GT(run->w, 10.0f);
  EXPECT_GT(run->h, 10.0f);
  EXPECT_GT(run->y, text->y) << "drawn below the text";
  const Node* log = find("log scale");
  ASSERT_NE(log, nullptr);
  EXPECT_EQ(log->role, Role::checkbox);
  EXPECT_TRUE(log->on);
  const Node* heads = find("heads");
  ASSERT_NE(heads, nullptr);
  EXPECT_EQ(heads->role, Role::slider);
  EXPECT_EQ(heads->lo, 1.0f);
  EXPECT_EQ(heads->hi, 8.0f);
  EXPECT_EQ(heads->step, 1.0f);
  EXPECT_EQ(heads->now, 2.0f);
  EXPECT_EQ(heads->value, "2");
  const Node* lr = find("learning rate");  // a logarithmic slider moves in log10 of the value
  ASSERT_NE(lr, nullptr);
  EXPECT_NEAR(lr->lo, -4.0f, 1e-5f);
  EXPECT_NEAR(lr->hi, 0.0f, 1e-5f);
  EXPECT_NEAR(lr->now, std::log10(0.003f), 1e-5f);
  EXPECT_EQ(lr->value, "0.0030");
  const Node* heatmaps = find("heatmaps");
  const Node* lines = find("lines");
  ASSERT_NE(heatmaps, nullptr);
  ASSERT_NE(lines, nullptr);
  EXPECT_EQ(heatmaps->role, Role::radio);
  EXPECT_TRUE(heatmaps->on);
  EXPECT_FALSE(lines->on);
  EXPECT_EQ(heatmaps->group, lines->group) << "radios drawn one after another are one group";
  const Node* norm = find("normalization");
  ASSERT_NE(norm, nullptr);
  EXPECT_EQ(norm->role, Role::combo);
  EXPECT_EQ(norm->options, (std::vector<std::string>{"relu", "softmax", "sigmoid"}));
  EXPECT_EQ(norm->now, 1.0f);
  EXPECT_EQ(norm->value, "softmax");
  const Node* layers = find("layers");  // a hidden label takes the name given
  ASSERT_NE(layers, nullptr);
  EXPECT_EQ(layers->role, Role::slider);
  const Node* sentence = find("type a sentence");  // a field with no label is named by its hint
  ASSERT_NE(sentence, nullptr);
  EXPECT_EQ(sentence->role, Role::textbox);
  EXPECT_EQ(sentence->value, "I saw a saw");
  int image_sliders = 0;  // a control with no name of its own is named by the text drawn just before it
  for (const Node& n : a11y::Nodes()) image_sliders += n.role == Role::slider && n.label == "dev image";
  EXPECT_EQ(image_sliders, 1);
  const Node* header = find("Model: attention");  // "###model" is not shown
  ASSERT_NE(header, nullptr);
  EXPECT_EQ(header->role, Role::disclosure);
  EXPECT_FALSE(header->on);
  const Node* attention = find("Attention");
  const Node* step = find("Step by step");
  ASSERT_NE(attention, nullptr);
  ASSERT_NE(step, nullptr);
  EXPECT_EQ(attention->role, Role::tab);
  EXPECT_TRUE(attention->on);
  EXPECT_FALSE(step->on);
  EXPECT_NE(attention->group, 0u);
  int tablists = 0;
  for (const Node& n : a11y::Nodes()) tablists += n.role == Role::tablist && n.id == attention->group;
  EXPECT_EQ(tablists, 1) << "the tabs name their tab bar, noted before them";
}

TEST(Mirror, AFrameDrawnAgainChangesNothingAndAChangedOneOnlyItsNode) {
  Context c;
  Panel p;
  const a11y::Change first = frame([&] { p.draw(); });
  EXPECT_TRUE(first.reordered);
  EXPECT_EQ(first.upsert.size(), a11y::Nodes().size());
  frame([&] { p.draw(); });  // (ImGui settles a new window in its first frames)
  frame([&] { p.draw(); });
  EXPECT_TRUE(frame([&] { p.draw(); }).empty());
  EXPECT_TRUE(frame([&] { p.draw(); }).empty());

  p.step_text = "step 121";
  const a11y::Change one = frame([&] { p.draw(); });
  ASSERT_EQ(one.upsert.size(), 1u);
  EXPECT_EQ(one.upsert[0].label, "step 121");
  EXPECT_TRUE(one.removed.empty());
  EXPECT_FALSE(one.reordered);

  p.heads = 3;  // a value changes its node, not the others
  const a11y::Change value = frame([&] { p.draw(); });
  ASSERT_EQ(value.upsert.size(), 1u);
  EXPECT_EQ(value.upsert[0].label, "heads");
  EXPECT_EQ(value.upsert[0].value, "3");

  const std::size_t all = a11y::Nodes().size();
  const a11y::Change fewer = frame([&] { TextUnformatted(p.step_text.c_str()); });  // the rest no longer drawn
  EXPECT_EQ(fewer.removed.size(), all - 1);
  EXPECT_TRUE(fewer.reordered);
  ASSERT_EQ(fewer.order.size(), 1u);
}

TEST(Mirror, AnActionFromThePageIsAppliedByItsWidgetInTheNextFrameOnce) {
  Context c;
  Panel p;
  frame([&] { p.draw(); });
  a11y::Activate(find("Run")->id);
  frame([&] { p.draw(); });
  EXPECT_EQ(p.presses, 1);
  frame([&] { p.draw(); });
  EXPECT_EQ(p.presses, 1) << "once";

  a11y::Activate(find("log scale")->id);
  frame([&] { p.draw(); });
  EXPECT_FALSE(p.log);
  EXPECT_FALSE(find("log scale")->on) << "the note says the state after the action";

  a11y::Activate(find("lines")->id);
  frame([&] { p.draw(); });
  EXPECT_EQ(p.mode, 1);

  a11y::SetValue(find("heads")->id, "5");
  bool done = false;
  frame([&] {
    p.draw();
    done = a11y::LastSetByMirror() || done;
  });
  EXPECT_EQ(p.heads, 5);
  a11y::SetValue(find("heads")->id, "99");  // out of range: clamped, as a drag to the end
  frame([&] { p.draw(); });
  EXPECT_EQ(p.heads, 8);

  a11y::SetValue(find("learning rate")->id, "-2");  // a position on the log scale: 10^-2
  frame([&] { p.draw(); });
  EXPECT_NEAR(p.lr, 0.01f, 1e-6f);
  a11y::SetValue(find("learning rate")->id, "not a number");
  frame([&] { p.draw(); });
  EXPECT_NEAR(p.lr, 0.01f, 1e-6f) << "nonsense leaves the value as it was";

  a11y::SetValue(find("normalization")->id, "2");
  frame([&] { p.draw(); });
  EXPECT_EQ(p.chosen, 2);
  a11y::SetValue(find("normalization")->id, "7");  // no such option
  frame([&] { p.draw(); });
  EXPECT_EQ(p.chosen, 2);

  a11y::SetValue(find("type a sentence")->id, "the saw cut");
  frame([&] { p.draw(); });
  EXPECT_EQ(p.sentence, "the saw cut");

  a11y::Activate(find("Model: attention")->id);
  frame([&] { p.draw(); });
  EXPECT_TRUE(p.header_open);
  EXPECT_TRUE(find("Model: attention")->on);
  a11y::Activate(find("Model: attention")->id);
  frame([&] { p.draw(); });
  EXPECT_FALSE(p.header_open);

  a11y::Activate(find("Step by step")->id);
  for (int i = 0; i < 3; ++i) frame([&] { p.draw(); });  // ImGui selects a tab from the next frame
  EXPECT_EQ(p.tab, 1);
  EXPECT_TRUE(find("Step by step")->on);
}

TEST(Mirror, ActionsForWidgetsNotDrawnOrDisabledAreDropped) {
  Context c;
  Panel p;
  frame([&] { p.draw(); });
  const ImGuiID run = find("Run")->id;
  a11y::Activate(run);
  frame([] {});  // not drawn in the next frame
  frame([&] { p.draw(); });
  EXPECT_EQ(p.presses, 0) << "an action does not wait for a widget to come back";

  frame([&] {
    ImGui::BeginDisabled();
    p.draw();
    ImGui::EndDisabled();
  });
  EXPECT_TRUE(find("Run")->disabled);
  a11y::Activate(run);
  frame([&] {
    ImGui::BeginDisabled();
    p.draw();
    ImGui::EndDisabled();
  });
  EXPECT_EQ(p.presses, 0) << "a disabled button does nothing, as under the pointer";
}

TEST(Mirror, TheFocusedWidgetIsRingedAndScrolledIntoView) {
  Context c;
  int presses = 0;
  auto body = [&] {
    ImGui::BeginChild("##list", ImVec2(300, 200), true);
    for (int i = 0; i < 40; ++i) {
      const std::string label = "item " + std::to_string(i);
      if (Button(label.c_str())) ++presses;
    }
    ImGui::EndChild();
  };
  frame(body);
  frame(body);
  const Node* last = find("item 39");
  ASSERT_NE(last, nullptr);
  const Node* first = find("item 0");
  EXPECT_EQ(last->h, 0.0f) << "out of sight: a line at the edge it would scroll in from";
  EXPECT_GT(last->y, first->y);
  const ImGuiID id = last->id;
  a11y::Focus(id);
  for (int i = 0; i < 3; ++i) frame(body);
  const ImGuiWindow* list = nullptr;
  for (const ImGuiWindow* w : ImGui::GetCurrentContext()->Windows)
    if (std::string(w->Name).find("##list") != std::string::npos) list = w;
  ASSERT_NE(list, nullptr);
  EXPECT_GT(list->Scroll.y, 0.0f) << "its window scrolled to it";
  EXPECT_GT(find("item 39")->h, 0.0f) << "and it is in sight";
  const int with_ring = ImGui::GetDrawData()->TotalVtxCount;
  a11y::Focus(0);
  frame(body);
  EXPECT_LT(ImGui::GetDrawData()->TotalVtxCount, with_ring) << "the ring is drawn around the focused one only";
  EXPECT_GT(list->Scroll.y, 0.0f) << "leaving the focus does not scroll back";
  EXPECT_EQ(presses, 0);
}

// "I saw a saw": each word's weights; three rows look most at the next word, the second "saw" at the first one.
const std::vector<std::string> kTokens{"I", "saw", "a", "saw"};
const std::vector<float> kNextWord{0.10f, 0.60f, 0.20f, 0.10f,   // I    -> saw
                                   0.05f, 0.15f, 0.70f, 0.10f,   // saw  -> a
                                   0.10f, 0.10f, 0.20f, 0.60f,   // a    -> saw
                                   0.09f, 0.71f, 0.10f, 0.10f};  // saw  -> saw (the first): the largest, 71 %

TEST(Mirror, AGridIsSummedUpInOneSentenceFromItsNumbers) {
  set_language("en");
  EXPECT_EQ(a11y::GridSummary(kNextWord.data(), 4, 4, kTokens, kTokens, true),
            "in 3 of 4 rows the largest value is one column to the right (the next one); the largest is 71 %, at "
            "row 'saw' (4) and column 'saw' (2)");
  const std::vector<float> first{0.7f, 0.1f, 0.1f, 0.1f, 0.6f, 0.2f, 0.1f, 0.1f,
                                 0.5f, 0.1f, 0.3f, 0.1f, 0.4f, 0.2f, 0.2f, 0.2f};  // every row looks at "I"
  EXPECT_EQ(a11y::GridSummary(first.data(), 4, 4, kTokens, kTokens, true),
            "in 4 of 4 rows the largest value is in column 'I' (1); the largest is 70 %, at row 'I' (1) and column "
            "'I' (1)");
  const std::vector<float> self{2.0f, -1.0f, 0.5f, -2.0f, 3.0f, 0.0f, 1.0f, 1.0f, 4.0f};  // signed, no labels
  EXPECT_EQ(a11y::GridSummary(self.data(), 3, 3, {}, {}, false),
            "3 × 3 numbers from -2 to 4; in 3 of 3 rows the largest value is on the diagonal (the row's own column); "
            "the largest is 4, at row 3 and column 3");
  const std::vector<float> mixed{1, 0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 0};  // 4 rows × 3 columns, no shared place
  EXPECT_EQ(a11y::GridSummary(mixed.data(), 4, 3, {}, {}, false),
            "4 × 3 numbers from 0 to 1; the largest value of each row is in a different place (no pattern shared by "
            "most rows); the largest is 1, at row 1 and column 1");
  set_language("zh");
  EXPECT_EQ(a11y::GridSummary(kNextWord.data(), 4, 4, kTokens, kTokens, true),
            "4 行里有 3 行的最大值在右边一列（下一个）；最大值是 71 %，在第 'saw' (4) 行、第 'saw' (2) 列");
  set_language("en");
}

TEST(Mirror, AGridTakesNewNumbersAtMostOnceASecondAndItsCellsAreWalked) {
  Context c;
  set_language("en");
  std::vector<float> w = kNextWord;
  const ImGuiID id = 0x51a7u;
  auto draw = [&] {
    TextUnformatted("layer 1 · head 1");
    a11y::NoteGrid(id, ImVec2(10, 40), ImVec2(110, 140), w.data(), 4, 4, kTokens, kTokens, true);
  };
  frame(draw);
  const Node* g = find("layer 1 · head 1");  // the text drawn just before it is its caption
  ASSERT_NE(g, nullptr);
  ASSERT_EQ(g[1].role, Role::grid);
  EXPECT_EQ(g[1].label, "layer 1 · head 1");
  EXPECT_EQ(g[1].cells, kNextWord);
  EXPECT_TRUE(g[1].percent);
  EXPECT_EQ(g[1].rows, 4);
  EXPECT_EQ(g[1].col_labels, kTokens);
  EXPECT_EQ(g[1].value.rfind("in 3 of 4 rows", 0), 0u) << g[1].value;
  EXPECT_EQ(g[1].x, 10.0f);
  EXPECT_EQ(g[1].w, 100.0f);

  w[0] = 0.9f;  // training moves the numbers every frame: the grid follows once a second (frames of 1/60 s)
  int changes = 0;
  for (int f = 0; f < 150; ++f) {
    w[1] = 0.01f * static_cast<float>(f % 7);
    for (const Node& n : frame(draw).upsert) changes += n.id == id;
  }
  EXPECT_GE(changes, 2);
  EXPECT_LE(changes, 3);

  a11y::Focus(id, 9);  // the keyboard on row 3, column 2 ('a' looks at 'saw')
  frame(draw);
  int row = -1, col = -1;
  EXPECT_FALSE(a11y::GridCell(id, &row, &col));
  EXPECT_EQ(row, 2);
  EXPECT_EQ(col, 1);
  a11y::SetValue(id, "3,1");  // Enter on a cell: a click on it
  frame([&] {
    draw();
    EXPECT_TRUE(a11y::GridCell(id, &row, &col));
  });
  EXPECT_EQ(row, 3);
  EXPECT_EQ(col, 1);
  a11y::SetValue(id, "nonsense");
  frame([&] {
    draw();
    EXPECT_FALSE(a11y::GridCell(id, &row, &col));
  });
}

// A loss curve that falls to its lowest in the middle and rises a little, and a dev curve measured every other line.
struct Curves {
  std::vector<Series> series;
  Curves() {
    Series loss{"loss", {}, {}, IM_COL32_WHITE}, dev{"dev", {}, {}, IM_COL32_WHITE};
    for (int i = 0; i < 100; ++i) {
      loss.x.push_back(static_cast<float>(100 * i));
      loss.y.push_back(
          i == 60 ? 0.25f
                  : 2.0f - 0.016f * static_cast<float>(i));  // (no x.xx5: printf rounds those differently by target)
      if (i % 2 == 0) {
        dev.x.push_back(static_cast<float>(100 * i));
        dev.y.push_back(i == 0 ? NAN : 0.005f * static_cast<float>(i));
      }
    }
    series = {loss, dev};
  }
};

TEST(Mirror, AChartIsATableOfItsStepsWithASentenceFromItsNumbers) {
  Context c;
  set_language("en");
  const Curves curves;
  auto draw = [&] {
    LineChart("loss", curves.series, ImVec2(400, 120), 0.0f, 2.0f, "%.2f", {{0.3f, "chance: NOUN 30 %", 0}});
  };
  frame(draw);
  const Node* g = find("loss, dev");  // its caption: the legend
  ASSERT_NE(g, nullptr);
  ASSERT_EQ(g->role, Role::grid);
  EXPECT_EQ(g->cols, 2);
  EXPECT_EQ(g->rows, 24);  // 100 steps, 24 of them evenly spread: the first and the last among them
  EXPECT_EQ(g->row_labels.front(), "0");
  EXPECT_EQ(g->row_labels.back(), "9900");
  EXPECT_EQ(g->cells[0], 2.0f);              // step 0: the loss
  EXPECT_TRUE(std::isnan(g->cells[1]));      // and no dev accuracy yet
  EXPECT_NEAR(g->cells[46], 0.416f, 1e-6f);  // step 9900: the loss, and no dev point at an odd line
  EXPECT_TRUE(std::isnan(g->cells[47]));
  EXPECT_EQ(g->value,
            "loss: 2.00 at step 0, 0.42 at step 9900, lowest 0.25 at step 6000; dev: 0.01 at step 200, 0.49 at step "
            "9800; chance: NOUN 30 %");
  EXPECT_TRUE(frame(draw).empty());  // drawn again (with its NaN cells): nothing changed

  set_language("zh");
  frame(draw);
  g = find("loss，dev");
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->value.rfind("loss：第 0 步为 2.00，第 9900 步为 0.42，最低 0.25（第 6000 步）", 0), 0u) << g->value;
  set_language("en");
}

TEST(Mirror, APixelGridIsATableOfWordsAndTheKeyboardsCellActsAsTheMouses) {
  Context c;
  const std::vector<ImU32> colours(6, IM_COL32_WHITE);
  GridArea g;
  auto draw = [&] {
    g = PixelGrid("##labels", colours, 3, 2, 10.0f);
    a11y::Table t;
    t.caption = "true labels";
    t.texts = {"background", "edge", "inside", "background", "edge", "inside"};
    t.summary = "background 2, edge 2, inside 2";
    MirrorGrid(g, t);
  };
  frame(draw);
  const Node* n = find("true labels");
  ASSERT_NE(n, nullptr);
  ASSERT_EQ(n->role, Role::grid);
  EXPECT_EQ(n->rows, 2);
  EXPECT_EQ(n->cols, 3);
  EXPECT_EQ(n->texts[4], "edge");
  EXPECT_TRUE(n->cells.empty());
  EXPECT_EQ(n->row_labels, (std::vector<std::string>{"0", "1"}));  // as the pixels are named: row,column from 0
  EXPECT_EQ(n->col_labels, (std::vector<std::string>{"0", "1", "2"}));
  EXPECT_EQ(n->value, "background 2, edge 2, inside 2");
  EXPECT_EQ(g.hovered, -1);

  a11y::Focus(n->id, 5);  // the keyboard on row 1, column 2: hovered, not clicked
  frame(draw);
  EXPECT_EQ(g.hovered, 5);
  EXPECT_FALSE(g.clicked);
  a11y::SetValue(n->id, "0,1");  // Enter on row 0, column 1: a click there
  frame(draw);
  EXPECT_EQ(g.hovered, 1);
  EXPECT_TRUE(g.clicked);
}

}  // namespace
}  // namespace attnlab::ui
