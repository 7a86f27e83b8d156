#include "web/app/state.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "engine/settings/settings.h"
#include "web/app/embed.h"
#include "web/app/lesson.h"

namespace attnlab {

namespace {

// The Compare panel's models: every model kind but attention.
std::vector<std::string> baseline_names() {
  std::vector<std::string> out = enum_names<ModelKind>();
  out.erase(std::remove(out.begin(), out.end(), std::string(to_string(ModelKind::attention))), out.end());
  return out;
}


bool parse_int(const std::string& t, long* out) {
  if (t.empty()) return false;
  char* end = nullptr;
  errno = 0;
  const long v = std::strtol(t.c_str(), &end, 10);
  if (errno || *end) return false;
  *out = v;
  return true;
}

StateField int_field(const char* name, int AppState::*m, int lo, int hi, bool resets, const char* help,
                     const SettingRange* range = nullptr) {
  return {name,
          help,
          [m](const AppState& s) { return std::to_string(s.*m); },
          [=](AppState& s, const std::string& t) -> std::string {
            long v = 0;
            if (!parse_int(t, &v)) return std::string(name) + ": '" + shown_value(t) + "' is not a whole number";
            if (range != nullptr) {
              const std::string problem = check_setting(*range, static_cast<double>(v), t);
              if (!problem.empty()) return problem;
            } else if (v < lo || v > hi) {
              return std::string(name) + ": " + t + " is out of range (" + std::to_string(lo) + " to " +
                     std::to_string(hi) + ")";
            }
            s.*m = static_cast<int>(v);
            return "";
          },
          {},
          resets,
          StateField::Kind::integer,
          static_cast<double>(lo),
          static_cast<double>(hi)};
}

// A numeric setting of the engine's settings table (engine/settings/settings.h): its range, oddness and help
// come from there, so a link, a slider and the command line accept the same values.
StateField ranged_int_field(const char* key, int AppState::*m, bool resets) {
  const SettingRange& r = setting_range(key);
  StateField f = int_field(r.key, m, static_cast<int>(r.lo), static_cast<int>(r.hi), resets, r.help, &r);
  f.odd = r.odd;
  return f;
}

StateField float_field(const char* name, float AppState::*m, double lo, double hi, bool resets, const char* help) {
  return {name,
          help,
          [m](const AppState& s) {
            char buf[32];
            std::snprintf(buf, sizeof buf, "%g", static_cast<double>(s.*m));
            return std::string(buf);
          },
          [=](AppState& s, const std::string& t) -> std::string {
            char* end = nullptr;
            const double v = t.empty() ? NAN : std::strtod(t.c_str(), &end);
            if (t.empty() || *end || !std::isfinite(v))
              return std::string(name) + ": '" + shown_value(t) + "' is not a number";
            if (v < lo || v > hi) {
              char buf[96];
              std::snprintf(buf, sizeof buf, ": %s is out of range (%g to %g)", t.c_str(), static_cast<double>(lo),
                            static_cast<double>(hi));
              return name + std::string(buf);
            }
            s.*m = static_cast<float>(v);
            return "";
          },
          {},
          resets,
          StateField::Kind::number,
          static_cast<double>(lo),
          static_cast<double>(hi)};
}

StateField bool_field(const char* name, bool AppState::*m, bool resets, const char* help) {
  return {name,
          help,
          [m](const AppState& s) { return std::string(s.*m ? "true" : "false"); },
          [=](AppState& s, const std::string& t) -> std::string {
            if (t == "true" || t == "1" || t == "on") s.*m = true;
            else if (t == "false" || t == "0" || t == "off") s.*m = false;
            else return std::string(name) + ": '" + shown_value(t) + "' is not true or false";
            return "";
          },
          {},
          resets,
          StateField::Kind::boolean};
}

StateField choice_field(const char* name, std::string AppState::*m, std::vector<std::string> choices, bool resets,
                        const char* help) {
  StateField f{name, help, [m](const AppState& s) { return s.*m; }, nullptr, choices, resets};
  f.set = [=](AppState& s, const std::string& t) -> std::string {
    for (const auto& c : choices)
      if (c == t) {
        s.*m = t;
        return "";
      }
    return std::string(name) + ": '" + shown_value(t) + "' is not one of " + join_names(choices);
  };
  return f;
}

StateField text_field(const char* name, std::string AppState::*m, std::size_t max_len, bool resets, const char* help) {
  return {name,
          help,
          [m](const AppState& s) { return s.*m; },
          [=](AppState& s, const std::string& t) -> std::string {
            if (t.size() > max_len)
              return std::string(name) + ": longer than " + std::to_string(max_len) + " characters";
            s.*m = t;
            return "";
          },
          {},
          resets};
}

// A text setting with its own check (the check's message names the setting).
StateField checked_text_field(const char* name, std::string AppState::*m, std::size_t max_len,
                              std::function<std::string(const std::string&)> check, const char* help) {
  StateField f = text_field(name, m, max_len, false, help);
  auto set_length_checked = f.set;
  f.set = [=](AppState& s, const std::string& t) -> std::string {
    const std::string problem = check(t);
    return problem.empty() ? set_length_checked(s, t) : problem;
  };
  return f;
}

// A one-line text setting (a caption, a title): no control characters.
StateField line_field(const char* name, std::string AppState::*m, std::size_t max_len, const char* help) {
  return checked_text_field(
      name, m, max_len,
      [name](const std::string& t) -> std::string {
        for (unsigned char c : t)
          if (c < 0x20 || c == 0x7f) return std::string(name) + ": one line of text, without control characters";
        return "";
      },
      help);
}

StateField panel_field() {
  StateField f = choice_field("panel", nullptr, enum_names<Panel>(), false, "the panel shown first");
  f.get = [](const AppState& s) { return std::string(to_string(s.panel)); };
  f.set = [](AppState& s, const std::string& t) -> std::string {
    if (from_string(t, &s.panel)) return "";
    return "panel: '" + shown_value(t) + "' is not one of " + join_names(enum_names<Panel>());
  };
  return f;
}

}  // namespace

const std::vector<StateField>& state_fields() {
  static const std::vector<StateField> fields = {
      choice_field("task", &AppState::task, enum_names<TaskKind>(), true, "what to learn: one label per input vector"),
      text_field("input", &AppState::input, kMaxInputChars, false, "the sentence (or tokens) to tag and show"),
      int_field("example", &AppState::example, 0, 199, false, "which dev example to show (frames, graph, image)"),
      int_field("pixel", &AppState::pixel, -1, 255, false,
                "image: the query pixel the views show, row*S + column (-1 = a default one)"),
      int_field("train_size", &AppState::train_size, 0, 20000, true,
                "generated tasks: training sequences, the first N of the task's (0 = its default; image 2000)"),
      choice_field("model", &AppState::model, enum_names<ModelKind>(), true,
                   "self-attention tagger, or one of the lecture's baselines"),
      ranged_int_field("layers", &AppState::layers, true),
      ranged_int_field("heads", &AppState::heads, true),
      ranged_int_field("dim", &AppState::dim, true),
      choice_field("pe", &AppState::pe, enum_names<PosEnc>(), true, "positional encoding"),
      float_field("pe_scale", &AppState::pe_scale, setting_range("pe_scale").lo, setting_range("pe_scale").hi, true,
                  setting_range("pe_scale").help),
      ranged_int_field("max_len", &AppState::max_len, true),
      choice_field("mask", &AppState::mask, enum_names<MaskKind>(), true, "which keys each query may see"),
      ranged_int_field("window", &AppState::window, true),
      choice_field("norm", &AppState::norm, enum_names<AttnNorm>(), true, "how scores become weights"),
      choice_field("relevance", &AppState::relevance, enum_names<Relevance>(), true, "how relevance alpha is computed"),
      choice_field("baseline", &AppState::baseline, baseline_names(), false, "the model to compare with"),
      ranged_int_field("k", &AppState::k, true),
      choice_field("rnn", &AppState::rnn, enum_names<RnnCell>(), true, "the recurrent baseline's cell"),
      float_field(
          "lr", &AppState::lr, setting_range("lr").lo, setting_range("lr").hi, false,
          "Adam learning rate, constant after 50 warm-up steps (pos starts at 0.006, the other tasks at 0.003)"),
      ranged_int_field("batch", &AppState::batch, false),
      ranged_int_field("seed", &AppState::seed, true),
      int_field("speed", &AppState::speed, 1, 90, false, "share of each frame spent training (%)"),
      bool_field("train", &AppState::train, false, "training runs"),
      int_field("lesson", &AppState::lesson, 0, lesson_stop_count(), false,
                "the lesson stop shown, from 1 (0 = the playground)"),
      text_field("guess", &AppState::guess, 64, false, "the prediction made at the lesson stop"),
      panel_field(),
      int_field("pe_len", &AppState::pe_len, 2, 512, false, "positions shown in the positional-encoding panel"),
      choice_field("lang", &AppState::lang, {"en", "zh"}, false,
                   "the interface's language: en (English), zh (简体中文)"),
      bool_field("embed", &AppState::embed, false, "embed mode: only the chosen panels and controls (a course page)"),
      checked_text_field(
          "panels", &AppState::panels, 200, [](const std::string& t) { return parse_embed_panels(t, nullptr); },
          "the panels an embed shows, e.g. attention,pe (empty = panel)"),
      checked_text_field(
          "controls", &AppState::controls, 400, [](const std::string& t) { return parse_embed_controls(t, nullptr); },
          "the controls an embed shows, e.g. run,step,heads; all,-seed; none"),
      line_field("caption", &AppState::caption, 160, "the embed's one-line caption"),
      line_field("title", &AppState::title, 160,
                 "the page's title, which a screen reader names the frame by (empty: the view's name)"),
  };
  return fields;
}

const StateField* find_state_field(const std::string& name) {
  for (const auto& f : state_fields())
    if (name == f.name) return &f;
  return nullptr;
}

std::string check_state(const AppState& s) { return check_state_message(s).text; }

Message check_state_message(const AppState& s) {
  if (s.dim % s.heads != 0)
    return {"heads: " + std::to_string(s.heads) + " heads do not divide the width dim=" + std::to_string(s.dim) +
                " (each head gets dim/heads columns)",
            "state_heads_divide",
            {{"heads", std::to_string(s.heads)}, {"dim", std::to_string(s.dim)}}};
  if (s.lesson == 0 && !s.guess.empty())
    return {"guess: a prediction needs an open lesson stop (lesson=1 or more)", "state_guess_needs_stop"};
  if (s.pe == "sinusoidal" && s.dim % 2 != 0)
    return {"dim: the sinusoidal encoding pairs sin and cos, so dim must be even", "state_dim_even"};
  return {};
}

std::string url_encode(const std::string& s) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~' || c == ',') out += static_cast<char>(c);
    else if (c == ' ') out += "%20";
    else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

std::string utf8_prefix(const std::string& s, std::size_t max_bytes) {
  if (s.size() <= max_bytes) return s;
  std::size_t end = max_bytes;
  while (end > 0 && (static_cast<unsigned char>(s[end]) & 0xC0) == 0x80) --end;  // s[end] starts the next one
  return s.substr(0, end);
}

std::string url_decode(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '+') out += ' ';
    else if (s[i] == '%' && i + 2 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1])) &&
             std::isxdigit(static_cast<unsigned char>(s[i + 2]))) {
      out += static_cast<char>(std::strtol(s.substr(i + 1, 2).c_str(), nullptr, 16));
      i += 2;
    } else out += s[i];
  }
  return out;
}

AppState task_defaults(const std::string& task) {
  AppState d;
  d.task = task;
  TaskKind kind;
  if (from_string(task, &kind)) {  // the settings' own task defaults (graph: pe none, mask graph)
    d.pe = task_default_pe(kind);
    d.mask = task_default_mask(kind);
    d.pe_scale = static_cast<float>(task_default_pe_scale(kind));
    d.lr = kind == TaskKind::pos ? 6e-3f : 3e-3f;
  }
  return d;
}

void follow_task_defaults(const AppState& before, AppState& next, const std::vector<std::string>& explicit_keys) {
  if (next.task == before.task) return;
  const AppState was = task_defaults(before.task), now = task_defaults(next.task);
  for (const char* name : {"pe", "pe_scale", "mask", "lr"}) {
    if (std::find(explicit_keys.begin(), explicit_keys.end(), name) != explicit_keys.end()) continue;
    const StateField* f = find_state_field(name);
    // graph allows only its own pe and mask (trainer.cpp), so moving there always takes them
    if (f->get(next) == f->get(was) || next.task == "graph") f->set(next, f->get(now));
  }
}

std::string state_to_query(const AppState& s) {
  // the task is written unless it is the default one; every other field unless it is that task's default
  const AppState plain, defaults = task_defaults(s.task);
  std::string out;
  for (const auto& f : state_fields()) {
    const std::string v = f.get(s);
    if (v == f.get(f.name == std::string("task") ? plain : defaults)) continue;
    if (!out.empty()) out += '&';
    out += f.name;
    out += '=';
    out += url_encode(v);
  }
  return out;
}

std::vector<std::string> apply_pairs(AppState& s, const std::vector<std::pair<std::string, std::string>>& kv) {
  std::vector<std::string> problems;
  AppState next = s;
  std::vector<std::string> keys;
  bool listed_known = false;
  for (const auto& [key, value] : kv) {
    keys.push_back(key);
    const StateField* f = find_state_field(key);
    if (!f) {  // the list of known settings once, with the first unknown one
      std::vector<std::string> names;
      for (const auto& g : state_fields()) names.push_back(g.name);
      problems.push_back(shown_value(key) + ": unknown setting" +
                         (listed_known ? std::string() : " (known: " + join_names(names) + ")"));
      listed_known = true;
      continue;
    }
    const std::string err = f->set(next, value);
    if (!err.empty()) problems.push_back(err);
  }
  bool opened_stop = false;
  if (problems.empty() && next.lesson != s.lesson) {
    if (next.lesson == 0) {
      // leaving the lesson: the playground keeps the stop's settings, and trains (unless told otherwise)
      next.guess.clear();
      if (std::find(keys.begin(), keys.end(), "train") == keys.end()) next.train = true;
    } else {
      // Opening a stop: its own settings first (they already fit its task), then every other given pair on
      // top (a link may add some).
      AppState stop = lesson_start_state(next.lesson);
      stop.lang = next.lang;    // the student's language, not the stop's
      stop.embed = next.embed;  // and the frame the teacher made (a course page's embed stays one)
      stop.panels = next.panels;
      stop.controls = next.controls;
      stop.caption = next.caption;
      for (const auto& [key, value] : kv)
        if (key != "lesson") find_state_field(key)->set(stop, value);
      next = stop;
      opened_stop = true;
    }
  }
  if (problems.empty() && !opened_stop) follow_task_defaults(s, next, keys);
  if (problems.empty()) {
    const std::string rule = check_state(next);
    if (!rule.empty()) problems.push_back(rule);
  }
  if (problems.empty()) s = next;
  return problems;
}

std::vector<std::string> apply_query(AppState& s, const std::string& query) {
  return apply_pairs(s, parse_query(query));
}

std::vector<std::pair<std::string, std::string>> parse_query(const std::string& query) {
  std::vector<std::pair<std::string, std::string>> kv;
  std::size_t start = (!query.empty() && (query[0] == '#' || query[0] == '?')) ? 1 : 0;
  while (start < query.size()) {
    std::size_t amp = query.find('&', start);
    if (amp == std::string::npos) amp = query.size();
    const std::string part = query.substr(start, amp - start);
    if (!part.empty()) {
      const std::size_t eq = part.find('=');
      if (eq == std::string::npos) kv.emplace_back(url_decode(part), "");
      else kv.emplace_back(url_decode(part.substr(0, eq)), url_decode(part.substr(eq + 1)));
    }
    start = amp + 1;
  }
  return kv;
}

bool model_changed(const AppState& a, const AppState& b) {
  for (const auto& f : state_fields())
    if (f.resets_model && f.get(a) != f.get(b)) return true;
  return false;
}

}  // namespace attnlab
