// The app's settings table (web state) and the engine's settings table (engine/settings/settings.h) agree:
// every numeric setting has the same key, range and oddness in both, the state refuses one past each end
// (with the message the command line gives), and the enum-valued fields offer exactly the enum's names.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "engine/settings/settings.h"
#include "web/app/state.h"

namespace attnlab {
namespace {

std::string text(double v, bool integer) {
  if (integer) return std::to_string(static_cast<long>(v));
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

TEST(SettingsRanges, TheStateTableTakesEveryRangeFromTheEngine) {
  for (const SettingRange& r : setting_ranges()) {
    const StateField* f = find_state_field(r.key);
    ASSERT_NE(f, nullptr) << r.key << " has no field in the app's state";
    EXPECT_EQ(f->lo, r.lo) << r.key;
    EXPECT_EQ(f->hi, r.hi) << r.key;
    EXPECT_EQ(f->kind, r.integer ? StateField::Kind::integer : StateField::Kind::number) << r.key;
    AppState s;
    const double hi = r.odd && static_cast<long>(r.hi) % 2 == 0 ? r.hi - 1 : r.hi;
    EXPECT_EQ(f->set(s, text(hi, r.integer)), "") << r.key << " = its largest value";
    EXPECT_EQ(f->set(s, text(r.lo, r.integer)), "") << r.key << " = its smallest value";
    const double step = r.integer ? 1 : r.hi;
    for (double bad : {r.hi + step, r.lo - (r.integer ? 1 : r.lo / 2)}) {
      AppState t;
      const std::string before = f->get(t);
      const std::string problem = f->set(t, text(bad, r.integer));
      EXPECT_NE(problem.find(std::string(r.key) + ": "), std::string::npos) << r.key << " " << bad << ": " << problem;
      EXPECT_NE(problem.find("out of range"), std::string::npos) << r.key << " " << bad << ": " << problem;
      EXPECT_EQ(f->get(t), before) << r.key << ": a refused value changes nothing";
    }
    if (r.odd) {
      AppState t;
      EXPECT_NE(f->set(t, text(r.lo + 1, true)).find("odd"), std::string::npos) << r.key;
    }
  }
}

TEST(SettingsRanges, TheSinusoidalAmplitudeIsTheTasksDefaultOnThePageAndTheCommandLine) {
  // the headline example ("I saw a saw") is trained with s = 8 by the page and by `attnlab train --task pos`
  EXPECT_EQ(task_default_pe_scale(TaskKind::pos), 8.0);
  EXPECT_EQ(AppState().pe_scale, 8.0f);
  ModelSettings s;  // pe_scale not given
  EXPECT_EQ(to_model_config(s, TaskKind::pos).pe_scale, 8.0f);
  for (TaskKind t : {TaskKind::seen, TaskKind::count, TaskKind::reverse, TaskKind::sort, TaskKind::frames}) {
    EXPECT_EQ(to_model_config(s, t).pe_scale, 1.0f) << to_string(t);
    EXPECT_EQ(task_defaults(to_string(t)).pe_scale, 1.0f) << to_string(t);
  }
  s.pe_scale = 2.5;
  EXPECT_EQ(to_model_config(s, TaskKind::count).pe_scale, 2.5f);
  s.pe_scale = 0;
  EXPECT_THROW(to_model_config(s, TaskKind::pos), SettingsError);
  // the page: another task brings its amplitude, unless the link gives one; back to pos brings 8 again
  AppState a;
  EXPECT_TRUE(apply_query(a, "task=count").empty());
  EXPECT_EQ(a.pe_scale, 1.0f);
  EXPECT_EQ(state_to_query(a), "task=count");
  EXPECT_TRUE(apply_query(a, "task=pos").empty());
  EXPECT_EQ(a.pe_scale, 8.0f);
  EXPECT_TRUE(apply_query(a, "task=count&pe_scale=4").empty());
  EXPECT_EQ(a.pe_scale, 4.0f);
  EXPECT_EQ(state_to_query(a), "task=count&pe_scale=4");
}

TEST(SettingsRanges, EnumFieldsOfferTheEnumsNames) {
  EXPECT_EQ(find_state_field("task")->choices, enum_names<TaskKind>());
  EXPECT_EQ(find_state_field("model")->choices, enum_names<ModelKind>());
  EXPECT_EQ(find_state_field("pe")->choices, enum_names<PosEnc>());
  EXPECT_EQ(find_state_field("mask")->choices, enum_names<MaskKind>());
  EXPECT_EQ(find_state_field("norm")->choices, enum_names<AttnNorm>());
  EXPECT_EQ(find_state_field("relevance")->choices, enum_names<Relevance>());
  EXPECT_EQ(find_state_field("rnn")->choices, enum_names<RnnCell>());
  EXPECT_EQ(find_state_field("panel")->choices, enum_names<Panel>());
}

TEST(SettingsRanges, TheGraphTaskMapsMaskFullToIgnoringTheEdgesAsTheCommandLineDoes) {
  // The page once kept attending along the edges with mask=full; both front ends now use to_model_config.
  ModelSettings s;
  s.mask = "full";
  EXPECT_FALSE(to_model_config(s, TaskKind::graph).graph_mask);
  s.mask = "graph";
  EXPECT_TRUE(to_model_config(s, TaskKind::graph).graph_mask);
  s.mask = "";
  EXPECT_TRUE(to_model_config(s, TaskKind::graph).graph_mask) << "the graph task's default is its edges";
  s.pe = "";
  EXPECT_EQ(to_model_config(s, TaskKind::graph).pe, PosEnc::none);
  s.mask = "graph";
  EXPECT_THROW(to_model_config(s, TaskKind::seen), SettingsError) << "mask graph needs a graph";
}

}  // namespace
}  // namespace attnlab
