#include "web/platform/api.h"

#include <nlohmann/json.hpp>

#include <malloc.h>

#include <cmath>
#include <cstdint>
#include <exception>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/data/summary.h"
#include "engine/io/torch_export.h"
#include "web/app/app.h"
#include "web/panels/panels.h"
#include "web/ui/a11y.h"

#include "web/platform/a11y_dom.h"
#include "web/platform/platform.h"

namespace attnlab {

static App* g_app = nullptr;
static std::vector<std::uint8_t> g_model_file;  // saveModel's bytes, until the next call (api.js copies them out)

void api_bind(App* app) { g_app = app; }

std::string api_get_state_json() {
  nlohmann::json j = nlohmann::json::object();
  if (!g_app) return j.dump();
  for (const auto& f : state_fields()) {
    const std::string v = f.get(g_app->state);
    switch (f.kind) {
      case StateField::Kind::integer: j[f.name] = std::stoll(v); break;
      case StateField::Kind::number: j[f.name] = std::stod(v); break;
      case StateField::Kind::boolean: j[f.name] = (v == "true"); break;
      case StateField::Kind::text: j[f.name] = v; break;
    }
  }
  return j.dump();
}

std::string api_set_state_json(const std::string& text) {
  if (!g_app) return "the app is not running";
  nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) return "setState expects an object such as {heads: 2}";
  std::vector<std::pair<std::string, std::string>> kv;
  std::vector<std::string> problems;
  for (auto it = j.begin(); it != j.end(); ++it) {
    const auto& v = it.value();
    if (v.is_string()) kv.emplace_back(it.key(), v.get<std::string>());
    else if (v.is_boolean()) kv.emplace_back(it.key(), v.get<bool>() ? "true" : "false");
    else if (v.is_number_integer()) kv.emplace_back(it.key(), std::to_string(v.get<long long>()));
    else if (v.is_number()) kv.emplace_back(it.key(), v.dump());
    else
      problems.push_back(shown_value(it.key()) + ": expected a number, a string or true/false, got " +
                         shown_value(v.dump()));
  }
  if (!problems.empty()) {
    // Still report unknown keys and bad values among the rest, but change nothing.
    AppState scratch = g_app->state;
    for (auto& p : apply_pairs(scratch, kv)) problems.push_back(p);
  } else {
    problems = g_app->set_state(kv);
  }
  std::string out;
  for (const auto& p : problems) out += (out.empty() ? "" : "\n") + p;
  return out;
}

// attnlab.lesson(): where the lesson is, as the card shows it.
static nlohmann::json lesson_json(App& app) {
  using nlohmann::json;
  const int n = app.state.lesson;
  json j = {{"stop", n},
            {"stops", lesson_stop_count()},
            {"title", nullptr},
            {"phase", nullptr},
            {"kind", nullptr},
            {"choices", nullptr},
            {"prediction", nullptr},
            {"result", nullptr},
            {"progress", 0.0},
            {"error", nullptr}};
  const LessonStop* stop = lesson_stop(n);
  if (!stop) return j;
  const LessonQuestion& q = stop->question;
  const LessonRuns& L = app.lesson;
  j["title"] = LessonText(*stop, "title");
  j["text"] = LessonText(*stop, "text");
  j["question"] = LessonQuestionText(app, *stop);
  j["steps"] = stop->steps;
  j["phase"] = L.result ? "reveal" : "predict";
  j["progress"] = L.progress(app.runs.main.step());
  if (q.kind == LessonQuestion::Kind::choice) {
    j["kind"] = "choice";
    j["choices"] = q.choices(app);  // what predict() takes, the same in every language
    json labels = json::array();    // the buttons' texts, in the active language
    for (const std::string& c : q.choices(app)) labels.push_back(LessonChoiceLabel(*stop, c));
    j["labels"] = labels;
  } else {
    j["kind"] = "number";
    j["range"] = {q.lo, q.hi};
    j["unit"] = q.unit;
    j["tolerance"] = q.tolerance;  // a prediction this close to the result agrees with it
  }
  if (!app.state.guess.empty()) {
    if (q.kind == LessonQuestion::Kind::number) j["prediction"] = std::stod(app.state.guess);
    else j["prediction"] = app.state.guess;
  }
  if (!L.error.empty()) j["error"] = L.error;
  if (L.result) {
    const LessonResult& r = *L.result;
    json numbers = json::array();
    for (const LessonNumber& x : r.numbers) {
      json v = {{"name", LessonLineText(x.name)}, {"value", nullptr}, {"unit", x.unit}};
      if (std::isfinite(x.value)) v["value"] = x.value;
      numbers.push_back(v);
    }
    json res = {{"answer", r.answer},   {"value", nullptr},
                {"unit", r.unit},       {"numbers", numbers},
                {"outcome", r.outcome}, {"text", LessonWhy(*stop, r)},
                {"step", r.step},       {"agrees", prediction_agrees(*stop, app.state.guess, r)}};
    if (std::isfinite(r.value)) res["value"] = r.value;
    if (q.kind == LessonQuestion::Kind::number) res["answer"] = std::isfinite(r.value) ? json(r.value) : json(nullptr);
    j["result"] = res;
  }
  return j;
}

// ---- exportTorch: the PyTorch export (engine/io/torch_export.h) as a .zip, sent to api.js as base64 (JSON
// carries text only; api.js decodes it into a Uint8Array).
static std::string base64(const std::vector<std::uint8_t>& in) {
  static const char* abc = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((in.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < in.size(); i += 3) {
    const std::uint32_t n = (std::uint32_t(in[i]) << 16) | (i + 1 < in.size() ? std::uint32_t(in[i + 1]) << 8 : 0u) |
                            (i + 2 < in.size() ? std::uint32_t(in[i + 2]) : 0u);
    out += abc[(n >> 18) & 63];
    out += abc[(n >> 12) & 63];
    out += i + 1 < in.size() ? abc[(n >> 6) & 63] : '=';
    out += i + 2 < in.size() ? abc[n & 63] : '=';
  }
  return out;
}

static nlohmann::json export_torch_json(App& app, const std::string& module) {
  return {{"name", module + ".zip"}, {"base64", base64(app.torch_zip(module))}, {"step", app.runs.main.step()}};
}

// attnlab.loadData(text, name): your own data (App::load_data). {"ok": {sentences, tokens, tags, ...}} or
// {"error": "name: line 12: ..."}; on an error nothing changed.
std::string api_load_data(const std::string& text, const std::string& name) {
  using nlohmann::json;
  if (!g_app) return json{{"error", "the app is not running"}}.dump();
  App& app = *g_app;
  const std::string problem = app.load_data(text, name);
  if (!problem.empty()) return json{{"error", problem}}.dump();
  app.refresh_view();
  const OwnData& own = *app.runs.own;
  json out = {{"name", own.name},
              {"format", own.text.format},
              {"sentences", own.text.sentences.size()},
              {"tokens", own.text.tokens},
              {"tags", own.text.tag_names},
              {"train", app.runs.data ? app.runs.data->train.size() : 0},
              {"dev", app.runs.data ? app.runs.data->dev.size() : 0},
              {"chance", app.runs.chance},
              {"chanceTag", app.tag_name(app.runs.chance_tag)}};
  return json{{"ok", out}}.dump();
}

// The rest of window.attnlab: one entry point, a method name and a JSON array of arguments, answering
// attnlab.sweep(): the Compare panel's data-size sweep (web/app/sweep_run.h) as it stands.
static nlohmann::json sweep_json(const App& app) {
  using nlohmann::json;
  const SweepRun& r = app.sweep;
  json out = {{"running", r.running()}, {"done", false},      {"cancelled", false}, {"error", r.error},
              {"task", r.task},         {"steps", r.steps},   {"batch", r.batch},   {"points", json::array()},
              {"verdict", nullptr},     {"sentence", nullptr}};
  if (!r.sweep) return out;
  const Sweep& s = *r.sweep;
  out["done"] = s.done();
  out["cancelled"] = s.cancelled();
  if (!s.error().empty()) out["error"] = s.error();
  out["sizes"] = s.config().sizes;
  out["runs"] = s.runs();
  out["run"] = s.run_index();
  out["size"] = s.current_size();
  out["model"] = s.current_model() == kSweepAttention ? "attention" : "cnn";
  out["step"] = s.current_step();
  out["models"] = {s.model_name(kSweepAttention), s.model_name(kSweepBaseline)};
  for (const SweepPoint& p : s.points())
    out["points"].push_back({{"size", p.size},
                             {"model", p.model == kSweepAttention ? "attention" : "cnn"},
                             {"devAcc", std::isfinite(p.dev_acc) ? json(p.dev_acc) : json(nullptr)},
                             {"trainAcc", p.train_acc},
                             {"chance", p.chance},
                             {"epochs", p.epochs},
                             {"steps", p.steps}});
  const SweepVerdict v = sweep_verdict(s.points());
  if (v.sizes > 0) {
    out["verdict"] = to_string(v.kind);
    out["sentence"] = verdict_sentence(v, "CNN", sweep_items(s.data()));
  }
  return out;
}

// {"ok": value} or {"error": "message"} (api.js turns the latter into a thrown Error).
std::string api_call(const std::string& name, const std::string& args_text) {
  using nlohmann::json;
  auto fail = [](const std::string& m) { return json{{"error", m}}.dump(); };
  if (!g_app) return fail("the app is not running");
  App& app = *g_app;
  const json args = json::parse(args_text, nullptr, false);
  if (args.is_discarded() || !args.is_array()) return fail("internal: arguments must be a JSON array");
  auto int_arg = [&](std::size_t i, const char* what, long lo, long hi, long* out) -> std::string {
    if (i >= args.size() || !args[i].is_number_integer()) return std::string(what) + " must be a whole number";
    *out = args[i].get<long>();
    if (*out < lo || *out > hi)
      return std::string(what) + " must be between " + std::to_string(lo) + " and " + std::to_string(hi);
    return "";
  };

  if (name == "train") {
    if (args.empty() || !args[0].is_boolean()) return fail("train(on) expects true or false");
    const std::string err = api_set_state_json(json{{"train", args[0].get<bool>()}}.dump());
    if (!err.empty()) return fail(err);
    return json{{"ok", args[0].get<bool>()}}.dump();
  }
  if (name == "step") {
    long n = 0;
    const std::string err = int_arg(0, "step(n): n", 1, 100000, &n);
    if (!err.empty()) return fail(err);
    if (app.runs.data_pending) return fail("the data is still loading (await attnlab.dataReady())");
    if (!app.runs.main.trainer) return fail("no model to train: " + app.runs.main.error);
    const int done = app.train_steps(static_cast<int>(n));
    app.refresh_view();
    return json{{"ok", done}}.dump();
  }
  if (name == "reset") {
    app.reset();
    app.refresh_view();
    return json{{"ok", true}}.dump();
  }
  if (name == "setInput") {
    if (args.empty() || !args[0].is_string()) return fail("setInput(text) expects a string");
    const std::string err = app.set_input(args[0].get<std::string>());
    if (!err.empty()) return fail(err);
    app.refresh_view();
    if (!app.view.error.empty()) return fail(app.view.error);
    return json{{"ok", true}}.dump();
  }
  if (name == "metrics") {
    json m = {{"step", app.runs.main.step()},
              {"fps", app.clock.fps},
              {"stepsPerSec", app.runs.main.steps_per_sec},
              {"loss", nullptr},
              {"trainAcc", nullptr},
              {"devAcc", nullptr},
              {"msPerStep", nullptr},
              {"scoresPerStep", nullptr},
              {"denseScoresPerStep", nullptr},
              {"done", false},
              {"error", app.runs.main.error},
              {"loadedFrom", nullptr},
              {"trainer", app.runs.trainer_kind()},
              {"trainerPace", app.runs.pace}};
    if (!app.runs.main.source.empty()) m["loadedFrom"] = app.runs.main.source;
    // the chance level the Training panel draws: the dev share of the training split's most frequent tag
    m["chance"] = app.runs.chance >= 0 ? json(app.runs.chance) : json(nullptr);
    m["chanceTag"] = app.runs.chance_tag >= 0 ? json(app.tag_name(app.runs.chance_tag)) : json(nullptr);
    if (app.runs.main.trainer) {
      const Metrics& mm = app.runs.main.trainer->metrics();
      m["loss"] = mm.loss;
      m["trainAcc"] = mm.train_acc;
      if (mm.dev_acc >= 0) m["devAcc"] = mm.dev_acc;
      m["msPerStep"] = mm.ms_per_step;
      m["scoresPerStep"] = mm.scores_per_step;
      m["denseScoresPerStep"] = mm.dense_scores_per_step;
      m["done"] = app.runs.main.trainer->done();
    }
    return json{{"ok", m}}.dump();
  }
  if (name == "dataset") {  // the same answer as `attnlab data --json` (engine/data/summary.h), or the fetch's state
    if (app.runs.data_pending)
      return json{{"ok", {{"pending", true}, {"received", app.runs.data_received}, {"total", app.runs.data_total}}}}
          .dump();
    if (app.runs.data && !app.runs.data->complete())  // its first parts are there and train; the summary once all is
      return json{{"ok",
                   {{"pending", true},
                    {"received", app.runs.data_received},
                    {"total", app.runs.data_total},
                    {"parts", app.runs.data->parts_arrived()},
                    {"of", app.runs.data->train_parts.size()},
                    {"waiting", app.runs.main.trainer && app.runs.main.trainer->waiting()}}}}
          .dump();
    if (!app.runs.data) return json{{"ok", {{"pending", false}, {"error", app.runs.data_error}}}}.dump();
    // (the baseline counts every training word: made once per data set, not per call)
    static std::weak_ptr<const Dataset> summarized;
    static DatasetSummary summary;
    if (summarized.lock() != app.runs.data) {
      summary = summarize_dataset(*app.runs.data, app.runs.data_name);
      summarized = app.runs.data;
    }
    json d = summary_json<json>(summary);
    d["pending"] = false;
    return json{{"ok", d}}.dump();
  }
  if (name == "predictions") {
    app.ensure_view();
    json labels = json::array();
    for (int t : app.view.predicted) labels.push_back(app.tag_name(t));
    json out = {{"tokens", app.view.tokens}, {"labels", labels}, {"step", app.view.at_step}};
    if (!app.view.error.empty()) out["error"] = app.view.error;
    return json{{"ok", out}}.dump();
  }
  if (name == "attention") {
    app.ensure_view();
    const InputView& v = app.view;
    if (!v.error.empty()) return fail(v.error);
    if (v.layers == 0) return fail("the current model has no attention (model = " + app.state.model + ")");
    long l = 0, h = 0;
    std::string err = int_arg(0, "attention(layer, head): layer", 0, v.layers - 1, &l);
    if (err.empty()) err = int_arg(1, "attention(layer, head): head", 0, v.heads - 1, &h);
    if (!err.empty()) return fail(err);
    json rows = json::array();
    const float* w = v.head(static_cast<int>(l), static_cast<int>(h));
    for (int i = 0; i < v.len; ++i) {
      json row = json::array();
      for (int j = 0; j < v.len; ++j) row.push_back(w[i * v.len + j]);
      rows.push_back(row);
    }
    json out = {{"layer", l},        {"head", h},          {"tokens", v.tokens}, {"weights", rows},
                {"step", v.at_step}, {"layers", v.layers}, {"heads", v.heads}};
    if (v.grid_w > 0) {  // an image: rows and columns are its pixels, row by row (pixel = row * width + column)
      out["width"] = v.grid_w;
      out["height"] = v.grid_h;
      out["pixel"] = app.query_pixel();
    }
    return json{{"ok", out}}.dump();
  }
  if (name == "image") {  // the shown image, its labels, the query pixel (the Data and Attention panels' image)
    app.ensure_view();
    const InputView& v = app.view;
    if (!app.runs.data || !app.runs.data->is_image())
      return fail("image(): the task " + app.state.task + " has no images (task = image has)");
    if (!v.error.empty()) return fail(v.error);
    json pixels = json::array(), truth = json::array(), predicted = json::array();
    for (int p = 0; p < v.len; ++p) {
      const std::size_t k = static_cast<std::size_t>(3 * p);
      pixels.push_back(k + 2 < v.pixels.size() ? json{v.pixels[k], v.pixels[k + 1], v.pixels[k + 2]} : json(nullptr));
    }
    for (int t : v.truth) truth.push_back(app.tag_name(t));
    for (int t : v.predicted) predicted.push_back(app.tag_name(t));
    const std::size_t dev = app.runs.data->dev.size();
    json out = {{"width", v.grid_w},
                {"height", v.grid_h},
                {"example", dev ? static_cast<std::size_t>(app.state.example) % dev : 0},
                {"examples", dev},
                {"pixel", app.query_pixel()},
                {"pixels", pixels},
                {"truth", truth},
                {"predicted", predicted},
                {"tags", app.tag_names()},
                {"step", v.at_step}};
    if (v.predicted.empty()) out["predicted"] = nullptr;
    return json{{"ok", out}}.dump();
  }
  if (name == "sweep") {  // sweep(): its state; sweep({start: true, steps, batch, sizes}); sweep({cancel: true})
    if (!args.empty() && !args[0].is_null()) {
      const json& o = args[0];
      if (!o.is_object()) return fail("sweep(options) expects an object such as {start: true} or {cancel: true}");
      for (const auto& [key, value] : o.items())
        if (key != "start" && key != "cancel" && key != "steps" && key != "batch" && key != "sizes")
          return fail("sweep: unknown option '" + key + "' (start, cancel, steps, batch, sizes)");
      if (o.value("cancel", false)) cancel_sweep(app);
      if (o.value("start", false)) {
        long steps = 0, batch = 0;
        std::vector<int> sizes;
        if (o.contains("steps") &&
            !(o["steps"].is_number_integer() && (steps = o["steps"].get<long>()) >= 1 && steps <= 100000))
          return fail("sweep: steps must be a whole number from 1 to 100000");
        if (o.contains("batch") &&
            !(o["batch"].is_number_integer() && (batch = o["batch"].get<long>()) >= 1 && batch <= 256))
          return fail("sweep: batch must be a whole number from 1 to 256");
        if (o.contains("sizes")) {
          if (!o["sizes"].is_array()) return fail("sweep: sizes must be an array of whole numbers, e.g. [50, 200]");
          for (const json& n : o["sizes"]) {
            if (!n.is_number_integer()) return fail("sweep: sizes must be an array of whole numbers, e.g. [50, 200]");
            sizes.push_back(n.get<int>());
          }
        }
        const std::string problem = start_sweep(app, static_cast<int>(steps), static_cast<int>(batch), sizes);
        if (!problem.empty()) return fail("sweep: " + problem);
      }
    }
    return json{{"ok", sweep_json(app)}}.dump();
  }
  if (name == "lesson") {
    if (!args.empty() && !args[0].is_null()) {  // lesson(n): open stop n (0: back to the playground)
      long n = 0;
      const std::string err = int_arg(0, "lesson(n): n", 0, lesson_stop_count(), &n);
      if (!err.empty()) return fail(err);
      const auto problems = app.set_state({{"lesson", std::to_string(n)}});
      if (!problems.empty()) return fail(problems.front());
      app.refresh_view();
    }
    return json{{"ok", lesson_json(app)}}.dump();
  }
  if (name == "predict") {
    if (app.state.lesson == 0) return fail("predict: no lesson stop is open (open one with attnlab.lesson(n))");
    if (app.lesson.result) return fail("predict: this stop is already revealed; attnlab.lesson(n) opens it afresh");
    if (args.empty() || !(args[0].is_string() || args[0].is_number()))
      return fail("predict(value) expects a number or one of the stop's choices (a string), see attnlab.lesson()");
    const std::string value = args[0].is_string() ? args[0].get<std::string>() : args[0].dump();
    std::string canonical;
    const std::string problem = check_prediction(app, app.state.lesson, value, &canonical);
    if (!problem.empty()) return fail(problem);
    const auto problems = app.set_state({{"guess", canonical}});
    if (!problems.empty()) return fail(problems.front());
    return json{{"ok", lesson_json(app)}}.dump();
  }
  if (name == "embeddings") {
    app.ensure_embeddings();
    const EmbeddingView& e = app.embeddings;
    if (!e.error.empty()) return fail("embeddings: " + e.error);
    json tags = json::array(), points = json::array();
    for (int t : e.map.tags) tags.push_back(app.tag_name(t));
    for (std::size_t i = 0; i + 1 < e.map.points.size(); i += 2)
      points.push_back({e.map.points[i], e.map.points[i + 1]});
    json out = {{"words", e.map.words},      {"tags", tags},           {"points", points},
                {"sameTag", e.map.same_tag}, {"chance", e.map.chance}, {"explained", e.map.explained},
                {"step", e.at_step},         {"startSameTag", nullptr}};
    if (std::isfinite(e.start_same_tag)) out["startSameTag"] = e.start_same_tag;
    return json{{"ok", out}}.dump();
  }
  // ---- Export (web/app/export.h): exportImage(view) queues the picture (served after the frame, resolving
  // the promise api.js made for this id); exportCSV(view) answers at once.
  if (name == "exportImage" || name == "exportCSV") {
    Panel panel = Panel::attention;
    if (args.empty() || !args[0].is_string() || !from_string(args[0].get<std::string>(), &panel)) {
      std::string views;
      for (const auto& v : enum_names<Panel>()) views += (views.empty() ? "" : ", ") + v;
      return fail(name + "(view): view must be one of " + views +
                  (args.empty() ? std::string(" (none given)") : ", not " + shown_value(args[0].dump())));
    }
    if (name == "exportImage") return json{{"ok", app.exports.request(panel, ExportFormat::png, false)}}.dump();
    try {
      return json{{"ok", view_csv(app, panel)}}.dump();
    } catch (const std::exception& e) {
      return fail(std::string("exportCSV: ") + e.what());
    }
  }
  if (name == "layout") {  // internal, for the layout tests: where the last frame drew its parts
    json rects = json::array();
    for (const auto& r : app.picks.layout)
      rects.push_back({{"name", r.name}, {"x", r.x}, {"y", r.y}, {"w", r.w}, {"h", r.h}});
    return json{{"ok",
                 {{"rects", rects},
                  {"frame", app.clock.frame},
                  {"presented", app.clock.presented},
                  {"busyMs", app.clock.busy_ms}}}}
        .dump();
  }
  if (name == "drawEveryFrame") {  // internal, for bench-page: the frames that look the same drawn anyway
    if (args.empty() || !args[0].is_boolean()) return fail("_drawEveryFrame(on) expects true or false");
    app.clock.draw_every_frame = args[0].get<bool>();
    return json{{"ok", app.clock.draw_every_frame}}.dump();
  }
  if (name == "mirror") {  // internal, for bench-page: the semantic mirror off (its cost) and on again
    if (args.empty() || !args[0].is_boolean()) return fail("_mirror(on) expects true or false");
    mirror_enable(args[0].get<bool>());
    return json{{"ok", ui::a11y::Enabled()}}.dump();
  }
  if (name == "cores") {  // internal, for tests: the logical cores App::host_pace sees (a many-core machine as a few)
    if (args.empty() || !args[0].is_number_integer() || args[0].get<long long>() < 0 || args[0].get<long long>() > 4096)
      return fail("_cores(n) expects a whole number of cores from 0 to 4096");
    app.clock.cores = args[0].get<int>();
    return json{{"ok", app.clock.cores}}.dump();
  }
  if (name == "exportTorch") {
    if (!app.runs.main.trainer) return fail("exportTorch: there is no model to export: " + app.runs.main.error);
    std::string module = kTorchModuleName;
    if (!args.empty() && !args[0].is_null()) {
      if (!args[0].is_string()) return fail("exportTorch(name) expects a module name (a string) or nothing");
      module = args[0].get<std::string>();
    }
    try {
      return json{{"ok", export_torch_json(app, module)}}.dump();
    } catch (const std::exception& e) {
      return fail(std::string("exportTorch: ") + e.what());
    }
  }
  // ---- model files (web/app/model_file.cpp)
  auto model_json = [&app]() {
    const Run& r = app.runs.main;
    json out = {{"task", app.state.task},
                {"model", app.state.model},
                {"step", r.step()},
                {"what", r.what},
                {"name", r.source},
                {"devAcc", nullptr},
                {"dataNote", app.runs.data_note},
                {"state", json::parse(api_get_state_json())}};
    if (r.source_dev_acc >= 0) out["devAcc"] = r.source_dev_acc;
    return out;
  };
  if (name == "saveModel") {  // {ptr, size, name}: where the file's bytes are in the heap (api.js copies them)
    g_model_file = app.save_model_bytes();
    if (g_model_file.empty()) return fail("saveModel: there is no model to save: " + app.runs.main.error);
    return json{{"ok",
                 {{"ptr", reinterpret_cast<std::uintptr_t>(g_model_file.data())},
                  {"size", g_model_file.size()},
                  {"name", app.model_file_name()}}}}
        .dump();
  }
  if (name == "downloadModel") {  // the Save model button's download
    const std::vector<std::uint8_t> bytes = app.save_model_bytes();
    if (bytes.empty()) return fail("downloadModel: there is no model to save: " + app.runs.main.error);
    if (!app.platform.download) return fail("downloadModel: this platform cannot offer downloads");
    std::string where;
    const std::string problem = app.platform.download(app.model_file_name(), "application/octet-stream", bytes, &where);
    if (!problem.empty()) return fail("downloadModel: " + problem);
    return json{{"ok", {{"name", where}, {"size", bytes.size()}}}}.dump();
  }
  if (name == "loadModel") {  // [ptr, size, name] from api.js: a heap copy of the caller's bytes, freed after
    if (args.size() != 3 || !args[0].is_number_unsigned() || !args[1].is_number_unsigned() || !args[2].is_string())
      return fail("internal: loadModel takes [pointer, size, name]");
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(args[0].get<std::uintptr_t>());
    const std::string problem = app.load_model_bytes(bytes, args[1].get<std::size_t>(), args[2].get<std::string>());
    if (!problem.empty()) return fail(problem);
    return json{{"ok", model_json()}}.dump();
  }
  return fail("unknown method " + name);
}

}  // namespace attnlab

// ------------------------------------------------------------------------------------------------ C exports
static std::string g_buffer;

ATTNLAB_EXPORT const char* attnlab_get_state() {
  g_buffer = attnlab::api_get_state_json();
  return g_buffer.c_str();
}

ATTNLAB_EXPORT const char* attnlab_set_state(const char* json) {
  g_buffer = attnlab::api_set_state_json(json ? json : "");
  return g_buffer.c_str();
}

ATTNLAB_EXPORT const char* attnlab_version() { return ATTNLAB_VERSION; }

// Internal (the soak benchmark and its test): the bytes malloc holds now. The WebAssembly memory only ever grows,
// so its size shows the peak; this shows a leak.
ATTNLAB_EXPORT const char* attnlab_memory() {
#if defined(__EMSCRIPTEN__)
  const struct mallinfo m = mallinfo();  // Emscripten's dlmalloc
  const double used = static_cast<double>(static_cast<unsigned>(m.uordblks));
#else
  const struct mallinfo2 m = mallinfo2();  // glibc (mallinfo is deprecated there: its fields are int)
  const double used = static_cast<double>(m.uordblks);
#endif
  g_buffer = nlohmann::json{{"heapUsed", used}}.dump();
  return g_buffer.c_str();
}

// Internal (the browser tests): the notices on screen now, oldest first, as {key, text} (text: the English one).
ATTNLAB_EXPORT const char* attnlab_notices() {
  nlohmann::json list = nlohmann::json::array();
  if (attnlab::g_app) {
    for (const attnlab::Message& m : attnlab::g_app->notices) list.push_back({{"key", m.key}, {"text", m.text}});
  }
  g_buffer = list.dump();
  return g_buffer.c_str();
}

ATTNLAB_EXPORT const char* attnlab_call(const char* name, const char* json_args) {
  g_buffer = attnlab::api_call(name ? name : "", json_args ? json_args : "[]");
  return g_buffer.c_str();
}

// attnlab.loadData: the text arrives as UTF-8 bytes on the heap (api.js), not as a C string on the stack, which a
// data file of megabytes would overflow.
ATTNLAB_EXPORT const char* attnlab_load_data(const char* name, const char* bytes, int size) {
  g_buffer = attnlab::api_load_data(
      std::string(bytes ? bytes : "", bytes && size > 0 ? static_cast<std::size_t>(size) : 0), name ? name : "");
  return g_buffer.c_str();
}

// The user edited the URL hash by hand: apply what is valid, show the rest as notices.
ATTNLAB_EXPORT void attnlab_load_url(const char* query) {
  if (attnlab::g_app) attnlab::g_app->load_url_state(query ? query : "");
}
