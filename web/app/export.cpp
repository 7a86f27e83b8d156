#include "web/app/export.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <stdexcept>

#include "engine/attention/posenc.h"
#include "web/app/app.h"

namespace attnlab {

// ------------------------------------------------------------------------------------------------ numbers

namespace {

Message no_model(const App& app) {
  if (app.runs.main.error.empty()) return {"there is no model", "export_no_model"};
  return {"there is no model: " + app.runs.main.error, "export_no_model_why", {{"problem", app.runs.main.error}}};
}

Message no_attention(const App& app) {
  return {"the current model has no attention (model = " + app.state.model + ")",
          "export_no_attention",
          {{"model", app.state.model}}};
}

const Message kNoInput{"there is no input to show", "export_no_input"};

}  // namespace

const SeqModel<float>* shown_attention_model(App& app, std::string* why) {
  Message m;
  const SeqModel<float>* model = shown_attention_model(app, &m);
  *why = m.text;
  return model;
}

const SeqModel<float>* shown_attention_model(App& app, Message* why) {
  *why = Message{};
  if (!app.runs.main.trainer) {
    *why = no_model(app);
    return nullptr;
  }
  app.ensure_view();
  if (!app.view.error.empty()) {
    *why = app.view.error_message;
    return nullptr;
  }
  const SeqModel<float>& model = app.runs.main.trainer->model();
  if (model.attention_layers() == 0) {
    *why = no_attention(app);
    return nullptr;
  }
  // The model's caches hold its last forward pass: make sure that was the shown input (a training step or
  // an evaluation may have run since).
  if (app.view.len > 0 && (model.batch_size() != 1 || model.seq_len() != app.view.len)) app.refresh_view();
  if (app.view.len == 0 || !app.view.error.empty()) {
    *why = app.view.error.empty() ? kNoInput : app.view.error_message;
    return nullptr;
  }
  return &model;
}

static Mat copy_view(const CView<float>& m) {
  Mat out(m.rows(), m.cols());
  for (Eigen::Index r = 0; r < m.rows(); ++r)
    for (Eigen::Index c = 0; c < m.cols(); ++c) out(r, c) = m(r, c);
  return out;
}

std::vector<MatrixTile> matrix_tiles(const SeqModel<float>& model, const std::vector<std::string>& tokens, int l,
                                     int h) {
  const int T = static_cast<int>(tokens.size());
  CView<float> Sc = model.attention_scores(l, 0, h);
  CView<float> Aw = model.attention_weights(l, 0, h);
  const std::uint8_t* allowed = model.attention_mask(0);
  Mat A(T, T), Ap(T, T);
  for (int i = 0; i < T; ++i)
    for (int j = 0; j < T; ++j) {
      A(i, j) = allowed[i * T + j] ? Sc(i, j) : 0.0f;
      Ap(i, j) = Aw(i, j);
    }
  using C = AttnComputed;
  using W = AttnWeight;
  std::vector<MatrixTile> tiles = {
      {"I", copy_view(model.attention_computed(C::input, l, 0)), false, false, tokens, {}},
      {"Wq", copy_view(model.attention_weight(W::wq, l, h)), true, false, {}, {}},
      {"Wk", copy_view(model.attention_weight(W::wk, l, h)), true, false, {}, {}},
      {"Wv", copy_view(model.attention_weight(W::wv, l, h)), true, false, {}, {}},
      {"Q = I·Wq", copy_view(model.attention_computed(C::q, l, 0, h)), false, false, tokens, {}},
      {"K = I·Wk", copy_view(model.attention_computed(C::k, l, 0, h)), false, false, tokens, {}},
      {"V = I·Wv", copy_view(model.attention_computed(C::v, l, 0, h)), false, false, tokens, {}},
      {"A = Q·Kᵀ/√d", A, false, false, tokens, tokens},
      {"A' = norm(A)", Ap, false, true, tokens, tokens},
      {"O = A'·V", copy_view(model.attention_computed(C::o, l, 0, h)), false, false, tokens, {}},
      {"Wo", copy_view(model.attention_weight(W::wo, l)), true, false, {}, {}},
  };
  return tiles;
}

PeTables pe_tables(const App& app) {
  const AppState& st = app.state;
  const int len = st.pe_len, D = st.dim;
  PeTables out;
  out.learned = st.pe == "learned";
  out.shown.resize(len, D);
  if (out.learned && app.runs.main.trainer) {
    const SeqModel<float>& model = app.runs.main.trainer->model();
    CView<float> table = model.pe_table();
    const float nan = std::numeric_limits<float>::quiet_NaN();
    for (int p = 0; p < len; ++p)
      for (int j = 0; j < D; ++j) out.shown(p, j) = p < table.rows() && j < table.cols() ? table(p, j) : nan;
    if (len > table.rows()) {
      // Ask the model itself whether it can take an input of this length.
      Batch<float> probe;
      std::vector<int> tokens(static_cast<std::size_t>(len), 0);
      probe.B = 1;
      probe.T = len;
      probe.tokens = tokens.data();
      std::vector<float> feats;
      if (app.runs.data && app.runs.data->input == InputMode::features) {
        feats.assign(static_cast<std::size_t>(len * app.runs.data->input_dim), 0.0f);
        probe.features = feats.data();
      }
      out.verdict = model.check_batch(probe);
    }
  } else {
    out.shown = sinusoidal_encoding(len, D, st.pe_scale);  // the table the model adds: amplitude s (posenc.h)
  }
  if (out.learned) {
    out.beside = sinusoidal_encoding(len, D, st.pe_scale);  // the hand-made encoding that simply extends
  } else {
    out.beside.resize(len, len);
    out.beside.noalias() = out.shown * out.shown.transpose();
  }
  return out;
}

std::vector<std::string> probe_labels(const App& app, int len) {
  std::vector<std::string> labels;
  if (!app.runs.main.trainer) return labels;
  const Sequence& probe = app.runs.main.trainer->probe();
  for (int t = 0; t < len; ++t) {
    const std::size_t i = static_cast<std::size_t>(t);
    if (!probe.words.empty() && i < probe.words.size()) labels.push_back(probe.words[i]);
    else if (i < probe.tokens.size() && app.runs.data)
      labels.push_back(app.runs.data->token_names[static_cast<std::size_t>(probe.tokens[i])]);
    else labels.push_back(std::to_string(t));
  }
  return labels;
}

// ------------------------------------------------------------------------------------------------ CSV text

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string csv_number(double v) {
  if (!std::isfinite(v)) return "";
  char buf[40];
  for (int digits = 6; digits <= 17; ++digits) {  // the shortest form that reads back as the same double
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  return buf;
}

// A float: the shortest form (at most 9 digits) that reads back as the same float.
static std::string csv_float(float v) {
  if (!std::isfinite(v)) return "";
  char buf[32];
  for (int digits = 6; digits <= 9; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*g", digits, static_cast<double>(v));
    if (std::strtof(buf, nullptr) == v) break;
  }
  return buf;
}

namespace {

// Lines of fields, joined with commas and CRLF (RFC 4180).
struct Csv {
  std::string text;
  std::vector<std::string> row;
  Csv& add(const std::string& field) {
    row.push_back(csv_field(field));
    return *this;
  }
  Csv& num(float v) {
    row.push_back(csv_float(v));
    return *this;
  }
  Csv& dbl(double v) {
    row.push_back(csv_number(v));
    return *this;
  }
  Csv& whole(long long v) {
    row.push_back(std::to_string(v));
    return *this;
  }
  void end() {
    for (std::size_t i = 0; i < row.size(); ++i) text += (i ? "," : "") + row[i];
    text += "\r\n";
    row.clear();
  }
};

// A matrix in the long form: name,row,col,row_token,col_token,value (the header is the caller's).
void long_rows(Csv& csv, const std::string& name, const Mat& m, const std::vector<std::string>& row_labels,
               const std::vector<std::string>& col_labels) {
  for (Eigen::Index r = 0; r < m.rows(); ++r)
    for (Eigen::Index c = 0; c < m.cols(); ++c) {
      const std::size_t ri = static_cast<std::size_t>(r), ci = static_cast<std::size_t>(c);
      csv.add(name).whole(r).whole(c);
      csv.add(ri < row_labels.size() ? row_labels[ri] : "").add(ci < col_labels.size() ? col_labels[ci] : "");
      csv.num(m(r, c)).end();
    }
}

}  // namespace

// ------------------------------------------------------------------------------------------------ per view

std::string csv_unavailable(App& app, Panel panel) { return csv_unavailable_message(app, panel).text; }

Message csv_unavailable_message(App& app, Panel panel) {
  Message why;
  switch (panel) {
    case Panel::attention:
      app.ensure_view();
      if (!app.view.error.empty()) return app.view.error_message;
      if (!app.runs.main.trainer) return no_model(app);
      if (app.view.layers == 0) return no_attention(app);
      if (app.view.len == 0) return kNoInput;
      return {};
    case Panel::step:
    case Panel::matrix: shown_attention_model(app, &why); return why;
    case Panel::pe: return {};
    case Panel::compare:
    case Panel::training:
      if (!app.runs.main.trainer) return no_model(app);
      if (app.runs.main.trainer->history().empty()) {
        const std::string step = std::to_string(app.runs.main.trainer->config().eval_every);
        return {"nothing is recorded yet (the first point is logged at step " + step + ")",
                "export_nothing_recorded",
                {{"step", step}}};
      }
      return {};
    case Panel::history: {
      if (!app.runs.main.trainer) return no_model(app);
      const auto& snaps = app.runs.main.trainer->snapshots();
      if (snaps.empty()) return {"no snapshot is recorded yet", "export_no_snapshot"};
      if (snaps.back().layers == 0) return no_attention(app);
      return {};
    }
    case Panel::embeddings:
      app.ensure_embeddings();
      if (app.embeddings.error.empty()) return {};
      if (!app.runs.main.trainer) return no_model(app);
      if (app.runs.data && app.runs.data->input != InputMode::tokens)
        return {app.embeddings.error, "emb_not_words"};  // the engine's words for the API, the page's below
      return app.embeddings.error;
    case Panel::data:
      app.ensure_view();
      if (!app.view.error.empty()) return app.view.error_message;
      if (app.view.tokens.empty()) return kNoInput;
      return {};
    case Panel::model: return {};
  }
  return {};
}

static std::string attention_csv(App& app) {
  const InputView& v = app.view;
  const int l = std::clamp(app.picks.layer, 0, v.layers - 1), h = std::clamp(app.picks.head, 0, v.heads - 1);
  Csv csv;
  csv.add("query \\ key");
  for (const auto& t : v.tokens) csv.add(t);
  csv.end();
  const float* w = v.head(l, h);
  for (int i = 0; i < v.len; ++i) {
    csv.add(v.tokens[static_cast<std::size_t>(i)]);
    for (int j = 0; j < v.len; ++j) csv.num(w[i * v.len + j]);
    csv.end();
  }
  return csv.text;
}

// One query's computation, as the Step by step panel shows it: the layer's input a (1, D), q (1, Dh), every
// key's k (T, Dh), α and α' (1, T; α empty where the mask forbids the pair), v (T, Dh), b = Σ α'v (1, Dh)
// and the engine's own output row O (1, Dh).
static std::string step_csv(App& app, const SeqModel<float>& model) {
  const int T = app.view.len;
  const int L = model.config().layers, H = model.config().heads;
  app.picks.layer = std::clamp(app.picks.layer, 0, L - 1);
  app.picks.head = std::clamp(app.picks.head, 0, H - 1);
  app.picks.query = std::clamp(app.picks.query, 0, T - 1);
  const int l = app.picks.layer, h = app.picks.head, i = app.picks.query;
  const std::vector<std::string>& tok = app.view.tokens;
  const std::vector<std::string> query_label = {tok[static_cast<std::size_t>(i)]};
  const Mat I = copy_view(model.attention_computed(AttnComputed::input, l, 0));
  const Mat Q = copy_view(model.attention_computed(AttnComputed::q, l, 0, h));
  const Mat K = copy_view(model.attention_computed(AttnComputed::k, l, 0, h));
  const Mat V = copy_view(model.attention_computed(AttnComputed::v, l, 0, h));
  const Mat O = copy_view(model.attention_computed(AttnComputed::o, l, 0, h));
  CView<float> S = model.attention_scores(l, 0, h);
  CView<float> A = model.attention_weights(l, 0, h);
  const std::uint8_t* allowed = model.attention_mask(0);
  const int Dh = static_cast<int>(Q.cols());
  Mat alpha(1, T), alpha_n(1, T), b = Mat::Zero(1, Dh);
  for (int j = 0; j < T; ++j) {
    alpha(0, j) = allowed[i * T + j] ? S(i, j) : std::numeric_limits<float>::quiet_NaN();
    alpha_n(0, j) = A(i, j);
    for (int d = 0; d < Dh; ++d) b(0, d) += A(i, j) * V(j, d);  // as the panel sums it
  }
  Csv csv;
  csv.add("name").add("row").add("col").add("row_token").add("col_token").add("value").end();
  long_rows(csv, "a", I.row(i), query_label, {});
  long_rows(csv, "q", Q.row(i), query_label, {});
  long_rows(csv, "k", K, tok, {});
  long_rows(csv, "alpha", alpha, query_label, tok);
  long_rows(csv, "alpha'", alpha_n, query_label, tok);
  long_rows(csv, "v", V, tok, {});
  long_rows(csv, "b", b, query_label, {});
  long_rows(csv, "O", O.row(i), query_label, {});
  return csv.text;
}

static std::string matrix_csv(App& app, const SeqModel<float>& model) {
  app.picks.layer = std::clamp(app.picks.layer, 0, model.config().layers - 1);
  app.picks.head = std::clamp(app.picks.head, 0, model.config().heads - 1);
  Csv csv;
  csv.add("name").add("row").add("col").add("row_token").add("col_token").add("value").end();
  for (const MatrixTile& t : matrix_tiles(model, app.view.tokens, app.picks.layer, app.picks.head))
    long_rows(csv, t.name, t.data, t.row_labels, t.col_labels);
  return csv.text;
}

static std::string pe_csv(const App& app) {
  const PeTables pe = pe_tables(app);
  Csv csv;
  csv.add("position");
  for (Eigen::Index d = 0; d < pe.shown.cols(); ++d) csv.add("d" + std::to_string(d + 1));
  csv.end();
  for (Eigen::Index p = 0; p < pe.shown.rows(); ++p) {
    csv.whole(p);
    for (Eigen::Index d = 0; d < pe.shown.cols(); ++d) csv.num(pe.shown(p, d));
    csv.end();
  }
  return csv.text;
}

static void metric_rows(Csv& csv, const std::vector<Metrics>& history, const std::string* run,
                        const std::string* what) {
  for (const Metrics& m : history) {
    if (run) csv.add(*run).add(*what);
    csv.whole(m.step).dbl(m.loss).dbl(m.train_acc).dbl(m.dev_acc >= 0 ? m.dev_acc : NAN);
    if (!run) {
      csv.dbl(m.dev_acc >= 0 ? m.dev_loss : NAN).dbl(m.lr).dbl(m.grad_norm).dbl(m.ms_per_step).whole(m.tokens);
      csv.dbl(m.scores_per_step).dbl(m.dense_scores_per_step);
    } else {
      csv.add("");  // compare: the train_size column is the data-size sweep's
    }
    csv.end();
  }
}

static std::string compare_csv(const App& app) {
  Csv csv;
  csv.add("run").add("model").add("step").add("loss").add("train_acc").add("dev_acc").add("train_size").end();
  const std::pair<const char*, const Run*> runs[] = {{"attention", &app.runs.main}, {"baseline", &app.runs.baseline}};
  for (const auto& [name, run] : runs) {
    if (!run->trainer) continue;
    const std::string n = name;
    metric_rows(csv, run->trainer->history(), &n, &run->what);
  }
  // the data-size sweep's finished runs (web/app/sweep_run.h): one row each, after its last step
  if (app.sweep.sweep) {
    const Sweep& s = *app.sweep.sweep;
    for (const SweepPoint& p : s.points()) {
      csv.add("sweep").add(s.model_name(p.model)).whole(p.steps).add("").dbl(p.train_acc).dbl(p.dev_acc);
      csv.whole(p.size).end();
    }
  }
  return csv.text;
}

static std::string training_csv(const App& app) {
  Csv csv;
  for (const char* h : {"step", "loss", "train_acc", "dev_acc", "dev_loss", "lr", "grad_norm", "ms_per_step", "tokens",
                        "scores_per_step", "dense_scores_per_step"})
    csv.add(h);
  csv.end();
  metric_rows(csv, app.runs.main.trainer->history(), nullptr, nullptr);
  return csv.text;
}

static std::string history_csv(const App& app) {
  const auto& snaps = app.runs.main.trainer->snapshots();
  const std::vector<std::string> labels = probe_labels(app, snaps.back().len);
  Csv csv;
  csv.add("step").add("layer").add("head").add("query");
  for (const auto& t : labels) csv.add(t);
  csv.end();
  for (const Snapshot& s : snaps) {
    const std::vector<std::string> lab = s.len == snaps.back().len ? labels : probe_labels(app, s.len);
    for (int l = 0; l < s.layers; ++l)
      for (int h = 0; h < s.heads; ++h) {
        const float* w = s.head(l, h);
        for (int i = 0; i < s.len; ++i) {
          csv.whole(s.step).whole(l + 1).whole(h + 1).add(lab[static_cast<std::size_t>(i)]);
          for (int j = 0; j < s.len; ++j) csv.num(w[i * s.len + j]);
          csv.end();
        }
      }
  }
  return csv.text;
}

static std::string embeddings_csv(const App& app) {
  const EmbeddingMap& m = app.embeddings.map;
  Csv csv;
  csv.add("word").add("tag").add("x").add("y").add("neighbour").end();
  for (std::size_t i = 0; i < m.words.size(); ++i) {
    csv.add(m.words[i]).add(app.tag_name(m.tags[i]));
    csv.num(m.points[2 * i]).num(m.points[2 * i + 1]);
    csv.add(m.words[static_cast<std::size_t>(m.neighbour[i])]).end();
  }
  return csv.text;
}

static std::string data_csv(const App& app) {
  const InputView& v = app.view;
  Csv csv;
  csv.add("position").add("token").add("predicted").add("truth").end();
  for (std::size_t t = 0; t < v.tokens.size(); ++t) {
    csv.whole(static_cast<long long>(t)).add(v.tokens[t]);
    csv.add(t < v.predicted.size() ? app.tag_name(v.predicted[t]) : "");
    csv.add(t < v.truth.size() && v.truth[t] >= 0 ? app.tag_name(v.truth[t]) : "").end();
  }
  return csv.text;
}

static std::string model_csv(const App& app) {
  Csv csv;
  csv.add("setting").add("value").end();
  for (const StateField& f : state_fields()) csv.add(f.name).add(f.get(app.state)).end();
  return csv.text;
}

std::string view_csv(App& app, Panel panel) {
  const std::string why = csv_unavailable(app, panel);
  if (!why.empty()) throw std::runtime_error(std::string(to_string(panel)) + ": " + why);
  std::string unused;
  switch (panel) {
    case Panel::attention: return attention_csv(app);
    case Panel::step: return step_csv(app, *shown_attention_model(app, &unused));
    case Panel::matrix: return matrix_csv(app, *shown_attention_model(app, &unused));
    case Panel::pe: return pe_csv(app);
    case Panel::compare: return compare_csv(app);
    case Panel::history: return history_csv(app);
    case Panel::embeddings: return embeddings_csv(app);
    case Panel::training: return training_csv(app);
    case Panel::data: return data_csv(app);
    case Panel::model: return model_csv(app);
  }
  return "";
}

std::string export_file_name(const App& app, Panel panel, ExportFormat format) {
  std::string name = std::string("attnlab-") + to_string(panel);
  const bool one_head = panel == Panel::step || panel == Panel::matrix ||
                        (panel == Panel::attention && (format == ExportFormat::csv || app.picks.attention_focus));
  if (one_head) name += "-L" + std::to_string(app.picks.layer + 1) + "H" + std::to_string(app.picks.head + 1);
  name += "-step" + std::to_string(app.runs.main.step());
  return name + (format == ExportFormat::png ? ".png" : ".csv");
}

}  // namespace attnlab
