// The lesson's stops, one declaration each, in the lecture's order (lesson.h says what a stop holds). Every
// result is measured on the models trained at the stop: nothing here is a canned answer. Where the
// measurement disagrees with the lecture, the outcome picks a sentence that says so.
//
// Sections:
//   measures shared by the stops
//   Stop "data": CNN vs self-attention as the training set grows (its question and measure)
//   the stops, in the lecture's order
#include <algorithm>
#include <cstdio>
#include <map>

#include "engine/data/image.h"
#include "engine/data/words.h"
#include "engine/settings/settings.h"
#include "engine/train/embeddings.h"
#include "web/app/app.h"
#include "web/app/lesson.h"
#include "web/app/sweep_run.h"

namespace attnlab {

namespace {

// ---- measures shared by the stops

std::string num(double v, const char* format = "%.1f") {
  char buf[48];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

// The choices of a question about tokens of the shown input: the tokens, a repeated one with its position
// ("saw (2)", "saw (4)") so that every option names one token.
std::vector<std::string> token_choices(const std::vector<std::string>& tokens) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const bool repeated = std::count(tokens.begin(), tokens.end(), tokens[i]) > 1;
    out.push_back(repeated ? tokens[i] + " (" + std::to_string(i + 1) + ")" : tokens[i]);
  }
  return out;
}

std::vector<std::string> input_words(const App& app) { return split_words(app.state.input); }

// A sentence through a run's model: the tags, and into *maps every head's weights (the caches then hold
// this forward pass, so probs() is this sentence's).
std::vector<int> tag_words(const Run& run, const std::vector<std::string>& words, AttentionMaps* maps) {
  SeqModel<float>& model = run.trainer->model();
  const Dataset& data = run.trainer->data();
  Sequence seq = sequence_from_words(data, words);
  seq.tags.assign(seq.tokens.size(), -1);
  std::vector<int> tags;
  const std::string error = run_sequence(model, data, seq, maps, &tags);
  if (!error.empty()) throw std::runtime_error(error);
  return tags;
}

// The dev accuracy of every variant, as numbers named by the variants' labels; the best one's index.
int accuracies(LessonContext& ctx, const LessonStop& stop, LessonResult* r) {
  int best = 0;
  std::vector<double> acc;
  for (std::size_t i = 0; i < ctx.runs.size(); ++i) {
    acc.push_back(ctx.dev_accuracy(static_cast<int>(i)));
    r->numbers.push_back({{stop.variants[i].label, {}, {}}, acc.back(), "%"});
    r->fill.emplace_back("acc" + std::to_string(i), num(acc.back()));
    r->fill_keys.emplace_back("name" + std::to_string(i), stop.variants[i].label);
    if (acc.back() > acc[static_cast<std::size_t>(best)]) best = static_cast<int>(i);
  }
  r->fill_keys.emplace_back("best", stop.variants[static_cast<std::size_t>(best)].label);
  return best;
}

const LessonStop& stop_named(const char* id);
std::vector<std::string> names_of_stop(const char* id);

// The image stop: how well a run reads each kind of context on the dev images. Over the pixels of the shapes
// (not the background, not the key swatch itself): the share whose predicted label has the right colour
// group, same or other (that needs the key, far away in the corner), and the share with the right place, edge
// or inside (3×3-local). A shape pixel predicted as background is wrong for both. `chance`: the larger of the
// two colour groups, what always answering one of them gets.
struct ImageScores {
  double same_other = NAN, edge_inside = NAN, chance = NAN;
  long pixels = 0;
};

ImageScores image_scores(const Run& run) {
  const Dataset& d = run.trainer->data();
  if (!d.is_image()) throw std::runtime_error("the image stop needs the image task");
  std::vector<Sequence> shapes = d.dev;  // the dev images, labelled only where a shape is
  for (Sequence& s : shapes)
    for (int p = 0; p < s.length(); ++p) {
      int& t = s.tags[static_cast<std::size_t>(p)];
      if (t == kBackground || (p / d.grid_w < kImageKey && p % d.grid_w < kImageKey)) t = kIgnoreTag;
    }
  const EvalResult e = run.trainer->evaluate(shapes);
  const int C = d.tags();
  auto same = [](int t) { return t == kSameEdge || t == kSameInside; };
  auto edge = [](int t) { return t == kSameEdge || t == kOtherEdge; };
  long total = 0, colour = 0, place = 0, same_total = 0;
  for (int y = 0; y < C; ++y)
    for (int p = 0; p < C; ++p) {
      const long n = e.confusion[static_cast<std::size_t>(y) * C + p];
      total += n;
      if (same(y)) same_total += n;
      if (p == kBackground) continue;
      if (same(p) == same(y)) colour += n;
      if (edge(p) == edge(y)) place += n;
    }
  ImageScores r;
  r.pixels = total;
  if (total == 0) return r;
  r.same_other = 100.0 * colour / total;
  r.edge_inside = 100.0 * place / total;
  r.chance = 100.0 * std::max(same_total, total - same_total) / total;
  return r;
}


// A "which variant is the most accurate?" result: the accuracies, the best one as the answer. Its index.
// {sweep}: what the page's data-size sweep (the Compare panel) measured on this task and seed, if one has finished
// (its verdict, lesson_cnn_sweep), else how to measure it (lesson_cnn_sweep_none). The stop's own runs train a
// few hundred steps on all the data; the lecture's claim is about the amount of data, which only the sweep varies.
static void sweep_sentence(const App& app, LessonResult* r) {
  const Sweep* sw = app.sweep.sweep.get();
  if (sw && sw->done() && !sw->cancelled() && sw->error().empty() && app.sweep.task == app.state.task) {
    const SweepVerdict v = sweep_verdict(sw->points());
    if (v.sizes > 0) {
      for (const auto& kv : sweep_verdict_values(v)) r->fill.push_back(kv);
      r->fill_keys.emplace_back("items", sweep_items_key(sweep_on_corpus(app.sweep.task)));
      r->fill_keys.emplace_back("verdict", sweep_verdict_key(v));
      r->fill_keys.emplace_back("sweep", "lesson_cnn_sweep");
      return;
    }
  }
  r->fill_keys.emplace_back("sweep", "lesson_cnn_sweep_none");
}

int most_accurate(LessonContext& ctx, const char* id, LessonResult* r) {
  const LessonStop& stop = stop_named(id);
  const int best = accuracies(ctx, stop, r);
  r->answer = stop.variants[static_cast<std::size_t>(best)].name;
  r->value = r->numbers[static_cast<std::size_t>(best)].value;
  r->unit = "%";
  return best;
}

std::vector<std::string> variant_names(const LessonStop& stop) {
  std::vector<std::string> out;
  for (const LessonVariant& v : stop.variants) out.push_back(v.name);
  return out;
}

LessonQuestion choice(std::function<std::vector<std::string>(const App&)> choices) {
  LessonQuestion q;
  q.kind = LessonQuestion::Kind::choice;
  q.choices = std::move(choices);
  return q;
}

// A question whose options are stop id's variants (looked up when asked: the stops are still being built here).
LessonQuestion variant_question(const char* id) {
  LessonQuestion q = choice([id](const App&) { return names_of_stop(id); });
  q.on_variants = true;
  return q;
}

LessonQuestion token_question() {
  LessonQuestion q = choice([](const App& app) { return token_choices(input_words(app)); });
  q.on_tokens = true;
  return q;
}

// Stop 6's question: how many learned numbers at twice the length. Its options are words, each with a label.
LessonQuestion matrix_question() {
  LessonQuestion q = choice([](const App&) {
    return std::vector<std::string>{"the same", "twice as many", "four times as many"};
  });
  q.labels = {{"the same", "lesson_matrix_name_same"},
              {"twice as many", "lesson_matrix_name_twice"},
              {"four times as many", "lesson_matrix_name_four"}};
  return q;
}

LessonQuestion number(double lo, double hi, double tolerance, const char* unit) {
  LessonQuestion q;
  q.kind = LessonQuestion::Kind::number;
  q.lo = lo;
  q.hi = hi;
  q.tolerance = tolerance;
  q.unit = unit;
  return q;
}

// The stop being measured (its variant names): stops look themselves up by id.
const LessonStop& stop_named(const char* id) {
  for (const LessonStop& s : lesson_stops())
    if (std::string(s.id) == id) return s;
  throw std::logic_error(std::string("no lesson stop ") + id);
}

std::vector<std::string> names_of_stop(const char* id) { return variant_names(stop_named(id)); }

// ---- Stop "data": CNN vs self-attention as the training set grows (its question and measure)

// Which model wins with 50 images and which with 1000: the four combinations, as words with their labels.
LessonQuestion data_question() {
  LessonQuestion q = choice([](const App&) {
    return std::vector<std::string>{"CNN, then attention", "attention at both", "CNN at both", "attention, then CNN"};
  });
  q.labels = {{"CNN, then attention", "lesson_data_name_lecture"},
              {"attention at both", "lesson_data_name_attention"},
              {"CNN at both", "lesson_data_name_cnn"},
              {"attention, then CNN", "lesson_data_name_reverse"}};
  return q;
}

// Variants 0..3: attention and the CNN on the first 50 training images, then both on the first 1000.
LessonResult measure_data(LessonContext& ctx) {
  LessonResult r;
  accuracies(ctx, stop_named("data"), &r);
  const double att50 = r.numbers[0].value, cnn50 = r.numbers[1].value;
  const double att1000 = r.numbers[2].value, cnn1000 = r.numbers[3].value;
  const bool cnn_small = cnn50 > att50, cnn_large = cnn1000 > att1000;
  r.answer = cnn_small && !cnn_large    ? "CNN, then attention"
             : !cnn_small && !cnn_large ? "attention at both"
             : cnn_small && cnn_large   ? "CNN at both"
                                        : "attention, then CNN";
  r.outcome = cnn_small && !cnn_large    ? "lecture"
              : !cnn_small && !cnn_large ? "attention"
              : cnn_small                ? "cnn"
                                         : "reverse";
  r.value = att1000 - cnn1000;  // attention's lead with 1000 images, in percentage points
  r.unit = "%";
  // the chance level: always the most frequent tag of the training images (the same dev set for all four)
  const Dataset& d = ctx.runs[0]->trainer->data();
  int tag = -1;
  const double chance = 100.0 * majority_share(d, d.dev, &tag);
  r.numbers.push_back(
      {{"lesson_data_n_chance", {{"tag", tag >= 0 ? d.tag_names[static_cast<std::size_t>(tag)] : "?"}}, {}},
       chance,
       "%"});
  r.fill.emplace_back("chance", num(chance));
  r.fill.emplace_back("steps", std::to_string(stop_named("data").steps));
  r.fill.emplace_back("lead50", num(std::fabs(att50 - cnn50)));
  r.fill.emplace_back("lead1000", num(std::fabs(att1000 - cnn1000)));
  long pixels = 0;  // the labelled inputs of the 50 training images
  for (const Sequence& s : d.train) pixels += s.length();
  r.fill.emplace_back("pixels", std::to_string(pixels));
  r.fill_keys.emplace_back("proof", "lesson_data_proof");
  return r;
}

}  // namespace

// ---- the stops, in the lecture's order

const std::vector<LessonStop>& lesson_stops() {
  static const std::vector<LessonStop> stops = {
      // 1. Vectors in, one label per vector out: the two "saw"s are one word but get different labels.
      {"vectors",
       "task=pos&input=I saw a saw&panel=attention",
       {{"self-attention", "", "lesson_name_attention"}},
       500,
       choice([](const App& app) { return app.tag_names(); }),
       [](LessonContext& ctx) {
         LessonResult r;
         const std::vector<std::string> words = input_words(ctx.app);
         AttentionMaps maps;
         const std::vector<int> tags = tag_words(*ctx.runs[0], words, &maps);
         const Dataset& d = ctx.runs[0]->trainer->data();
         std::string labels;
         for (int t : tags) labels += (labels.empty() ? "" : " ") + d.tag_names[static_cast<std::size_t>(t)];
         // the question is about the last word (the second "saw" of the default sentence)
         const std::size_t last = words.size() - 1;
         const int tag = tags[last];
         const CView<float> P = ctx.runs[0]->trainer->model().probs();
         r.answer = d.tag_names[static_cast<std::size_t>(tag)];
         r.value = 100.0 * P(static_cast<long>(last), tag);
         r.unit = "%";
         r.numbers.push_back({{"lesson_vectors_n_p", {{"tag", r.answer}, {"word", words[last]}}, {}}, r.value, "%"});
         r.numbers.push_back({{"lesson_n_dev_accuracy", {}, {}}, ctx.dev_accuracy(0), "%"});
         // the same word twice (case-insensitively): does it get two labels?
         int first = -1;
         for (std::size_t i = 0; i + 1 < words.size(); ++i)
           if (normalize_word(words[i], true) == normalize_word(words[last], true)) first = static_cast<int>(i);
         r.outcome = first < 0 ? "one" : tags[static_cast<std::size_t>(first)] != tag ? "different" : "same";
         r.fill = {{"labels", labels}, {"word", words[last]}, {"answer", r.answer}, {"p", num(r.value, "%.0f")}};
         if (first >= 0) r.fill.emplace_back("other", d.tag_names[static_cast<std::size_t>(tags[first])]);
         return r;
       }},

      // 2. One-hot vectors know no relations; learned word embeddings put similar words close.
      {"embeddings",
       "task=pos&input=I saw a saw&panel=embeddings",
       {{"self-attention", "", "lesson_name_attention"}},
       500,
       number(0, 100, 10, "%"),
       [](LessonContext& ctx) {
         LessonResult r;
         // the Embedding view's map of the main run (variant 0), with its step-0 score (App::ensure_embeddings)
         ctx.app.ensure_embeddings();
         const EmbeddingView& view = ctx.app.embeddings;
         if (!view.error.empty()) throw std::runtime_error(view.error);
         const EmbeddingMap& now = view.map;
         const double start = view.start_same_tag;  // the same model at step 0 (same seed)
         r.value = 100.0 * now.same_tag;
         r.answer = num(r.value, "%.0f");
         r.unit = "%";
         r.numbers = {{{"lesson_embeddings_n_start", {}, {}}, 100.0 * start, "%"},
                      {{"lesson_embeddings_n_trained", {}, {}}, r.value, "%"},
                      {{"lesson_embeddings_n_chance", {}, {}}, 100.0 * now.chance, "%"},
                      {{"lesson_embeddings_n_words", {}, {}}, static_cast<double>(now.words.size()), ""}};
         r.outcome = now.same_tag > start + 0.05 && now.same_tag > now.chance + 0.05 ? "learned" : "not_yet";
         r.fill = {{"before", num(100.0 * start, "%.0f")},
                   {"after", num(r.value, "%.0f")},
                   {"chance", num(100.0 * now.chance, "%.0f")}};
         return r;
       }},

      // 3. A window of neighbours is not enough: "seen" needs the whole sequence.
      {"window",
       "task=seen&panel=attention",
       {{"self-attention", "", "lesson_name_attention"},
        {"window FC (3 tokens)", "model=window&k=3", "lesson_window_name_fc"}},
       300,
       number(0, 100, 10, "%"),
       [](LessonContext& ctx) {
         LessonResult r;
         accuracies(ctx, stop_named("window"), &r);
         const double att = r.numbers[0].value, win = r.numbers[1].value;
         r.value = win;
         r.answer = num(win, "%.0f");
         r.unit = "%";
         r.outcome = att >= win + 5 ? "attention" : "close";
         return r;
       }},

      // 4. Relevance alpha by dot product; query, key, value; a token attends to itself too.
      {"qkv",
       "task=pos&input=I saw a saw&panel=step",
       {{"self-attention", "", "lesson_name_attention"}},
       500,
       token_question(),
       [](LessonContext& ctx) {
         LessonResult r;
         const std::vector<std::string> words = input_words(ctx.app);
         AttentionMaps maps;
         tag_words(*ctx.runs[0], words, &maps);
         const int T = maps.len, i = T - 1;  // the query: the last token (the second "saw")
         const float* row = maps.head(0, 0) + static_cast<long>(i) * T;
         const int best = static_cast<int>(std::max_element(row, row + T) - row);
         const std::vector<std::string> names = token_choices(words);
         for (int j = 0; j < T; ++j)
           r.numbers.push_back({{"lesson_qkv_n_alpha", {{"key", names[j]}}, {}}, 100.0 * row[j], "%"});
         r.answer = names[static_cast<std::size_t>(best)];
         r.value = 100.0 * row[best];
         r.unit = "%";
         r.outcome = best == i ? "self" : "other";
         r.fill = {{"query", names[static_cast<std::size_t>(i)]},
                   {"answer", r.answer},
                   {"alpha", num(r.value, "%.0f")},
                   {"self", num(100.0 * row[i], "%.0f")}};
         return r;
       }},

      // 5. Softmax, or another normalisation of the scores. On count (how often does this token occur?) the
      // choice matters: softmax weights sum to 1, an average, which loses "how many" (on pos all three tie).
      {"softmax",
       "task=count&panel=attention",
       {{"softmax", "", "lesson_softmax_name_softmax"},
        {"relu", "norm=relu", "lesson_softmax_name_relu"},
        {"sigmoid", "norm=sigmoid", "lesson_softmax_name_sigmoid"}},
       400,
       variant_question("softmax"),
       [](LessonContext& ctx) {
         LessonResult r;
         const int best = most_accurate(ctx, "softmax", &r);
         const double spread = std::max({r.numbers[0].value, r.numbers[1].value, r.numbers[2].value}) -
                               std::min({r.numbers[0].value, r.numbers[1].value, r.numbers[2].value});
         r.outcome = spread < 1.0 ? "close" : best == 0 ? "softmax" : "other";
         r.fill.emplace_back("spread", num(spread));
         return r;
       }},

      // 6. The matrix form: only Wq, Wk, Wv (and Wo) are learned; A, A' and O are computed for each input.
      {"matrix",
       "task=pos&input=I saw a saw&panel=matrix",
       {{"self-attention", "", "lesson_name_attention"}},
       0,
       matrix_question(),
       [](LessonContext& ctx) {
         LessonResult r;
         SeqModel<float>& model = ctx.runs[0]->trainer->model();
         // the learned numbers of block 1's attention: Wq, Wk, Wv, Wo and their biases, read from the model
         long learned = 0;
         for (const ParamInfo& p : model.params().tensors())
           if (p.name.rfind("block0.attn.", 0) == 0) learned += static_cast<long>(p.size());
         std::vector<std::string> words = input_words(ctx.app), twice = words;
         twice.insert(twice.end(), words.begin(), words.end());
         AttentionMaps once_maps, twice_maps;
         tag_words(*ctx.runs[0], words, &once_maps);
         const long scores_once = static_cast<long>(once_maps.heads) * once_maps.len * once_maps.len;
         tag_words(*ctx.runs[0], twice, &twice_maps);
         const long scores_twice = static_cast<long>(twice_maps.heads) * twice_maps.len * twice_maps.len;
         long learned_after = 0;  // the same count once the longer input has run through
         for (const ParamInfo& p : model.params().tensors())
           if (p.name.rfind("block0.attn.", 0) == 0) learned_after += static_cast<long>(p.size());
         r.answer = learned_after == learned       ? "the same"
                    : learned_after == 2 * learned ? "twice as many"
                                                   : "four times as many";
         r.value = static_cast<double>(learned);
         r.numbers = {
             {{"lesson_matrix_n_learned", {}, {}}, static_cast<double>(learned), ""},
             {{"lesson_matrix_n_scores", {{"t", std::to_string(once_maps.len)}}, {}}, double(scores_once), ""},
             {{"lesson_matrix_n_scores", {{"t", std::to_string(twice_maps.len)}}, {}}, double(scores_twice), ""}};
         r.outcome = "same";
         r.fill = {{"learned", std::to_string(learned)},
                   {"t1", std::to_string(once_maps.len)},
                   {"t2", std::to_string(twice_maps.len)},
                   {"s1", std::to_string(scores_once)},
                   {"s2", std::to_string(scores_twice)}};
         return r;
       }},

      // 7. Multi-head: heads learn different patterns.
      {"heads",
       "task=count&layers=1&heads=4&panel=attention",
       {{"four heads", "", "lesson_heads_name_four"}, {"one head", "heads=1", "lesson_heads_name_one"}},
       400,
       variant_question("heads"),
       [](LessonContext& ctx) {
         LessonResult r;
         most_accurate(ctx, "heads", &r);
         const double diff = r.numbers[0].value - r.numbers[1].value;
         r.outcome = std::fabs(diff) < 1.0 ? "close" : diff > 0 ? "more" : "fewer";
         r.fill.emplace_back("diff", num(std::fabs(diff)));
         return r;
       }},

      // 8. Positional encoding: none, hand-made (sinusoidal) or learned; a learned table past its length.
      {"position",
       "task=reverse&pe=learned&max_len=16&panel=pe",
       {{"learned (16 rows)", "", "lesson_position_name_learned"},
        {"sinusoidal", "pe=sinusoidal", "lesson_position_name_sinusoidal"},
        {"none", "pe=none", "lesson_position_name_none"}},
       800,
       variant_question("position"),
       [](LessonContext& ctx) {
         LessonResult r;
         const LessonStop& stop = stop_named("position");
         accuracies(ctx, stop, &r);
         // the same task with longer sequences than any seen in training
         TaskSettings ts;
         ts.task = ctx.app.state.task;
         ts.data_seed = ctx.app.state.seed;
         const Dataset& d = ctx.runs[0]->trainer->data();
         const int longest = d.max_len();
         ts.lengths = std::to_string(longest + 1) + ":" + std::to_string(longest + 8);
         TaskConfig tc = to_task_config(ts);
         tc.train = 1;
         tc.dev = 200;
         const std::shared_ptr<Dataset> longer = make_dataset(tc, "");
         // what fails past the training lengths: an encoding that cannot run there at all, else the one
         // that loses the most of its own accuracy
         int worst = -1;
         double worst_drop = -1e9;
         for (std::size_t i = 0; i < ctx.runs.size(); ++i) {
           double acc = 0;
           std::string error;
           try {
             acc = 100.0 * ctx.runs[i]->trainer->evaluate(longer->dev).accuracy;
           } catch (const std::exception& e) {
             error = e.what();
           }
           r.numbers.push_back({{"lesson_position_n_longer",
                                 {{"from", std::to_string(longest + 1)}, {"to", std::to_string(longest + 8)}},
                                 {{"name", stop.variants[i].label}}},
                                error.empty() ? acc : NAN,
                                "%"});
           r.fill.emplace_back("long" + std::to_string(i), error.empty() ? num(acc) : "-");
           const double drop = error.empty() ? r.numbers[i].value - acc : 1e9;
           if (!error.empty() && worst < 0) r.fill.emplace_back("error", error);
           if (drop > worst_drop) worst_drop = drop, worst = static_cast<int>(i);
         }
         r.answer = stop.variants[static_cast<std::size_t>(worst)].name;
         r.value = r.numbers[static_cast<std::size_t>(worst)].value;
         r.unit = "%";
         r.outcome = worst_drop >= 1e9 ? "cannot" : "drops";
         r.fill.emplace_back("len", std::to_string(longest));
         r.fill_keys.emplace_back("worst", stop.variants[static_cast<std::size_t>(worst)].label);
         return r;
       }},

      // 9. Truncated attention for speech: each frame sees a window of its neighbours.
      {"speech",
       "task=frames&mask=window&window=1&panel=attention",
       {{"truncated (w = 1)", "", "lesson_speech_name_truncated"}, {"full", "mask=full", "lesson_speech_name_full"}},
       200,
       number(0, 100, 10, "%"),
       [](LessonContext& ctx) {
         LessonResult r;
         accuracies(ctx, stop_named("speech"), &r);
         const Metrics& m = ctx.runs[0]->trainer->metrics();
         const Metrics& full = ctx.runs[1]->trainer->metrics();
         r.value = full.scores_per_step > 0 ? 100.0 * m.scores_per_step / full.scores_per_step : NAN;
         r.answer = num(r.value, "%.0f");
         r.unit = "%";
         r.numbers.push_back({{"lesson_speech_n_scores_truncated", {}, {}}, m.scores_per_step, ""});
         r.numbers.push_back({{"lesson_speech_n_scores_full", {}, {}}, full.scores_per_step, ""});
         const double diff = r.numbers[0].value - r.numbers[1].value;
         r.outcome = std::fabs(diff) <= 2.0 ? "same" : diff > 0 ? "better" : "worse";
         r.fill.emplace_back("share", r.answer);
         r.fill.emplace_back("diff", num(std::fabs(diff)));
         return r;
       }},

      // 10. Images as sets of vectors: every pixel is a vector (R, G, B), so self-attention applies to an image as
      // to a sentence. Can a pixel far from the top-left corner know the key's colour there? With full
      // attention it may look anywhere; within a 3×3 window (stacked over the layers) it cannot reach it.
      {"image",
       "task=image&panel=attention",
       {{"full attention", "", "lesson_image_name_full"},
        {"3x3 window", "mask=window&window=1", "lesson_image_name_window"}},
       300,
       variant_question("image"),
       [](LessonContext& ctx) {
         LessonResult r;
         const LessonStop& stop = stop_named("image");
         const ImageScores full = image_scores(*ctx.runs[0]), window = image_scores(*ctx.runs[1]);
         ctx.app.view.stale = true;  // the models' caches hold the dev images now: the views run theirs again
         const double acc_full = ctx.dev_accuracy(0), acc_window = ctx.dev_accuracy(1);
         r.numbers = {{{"lesson_image_n_same_other", {}, {{"name", stop.variants[0].label}}}, full.same_other, "%"},
                      {{"lesson_image_n_same_other", {}, {{"name", stop.variants[1].label}}}, window.same_other, "%"},
                      {{"lesson_image_n_chance", {}, {}}, full.chance, "%"},
                      {{"lesson_image_n_edge_inside", {}, {{"name", stop.variants[0].label}}}, full.edge_inside, "%"},
                      {{"lesson_image_n_edge_inside", {}, {{"name", stop.variants[1].label}}}, window.edge_inside, "%"},
                      {{"lesson_image_n_dev", {}, {{"name", stop.variants[0].label}}}, acc_full, "%"},
                      {{"lesson_image_n_dev", {}, {{"name", stop.variants[1].label}}}, acc_window, "%"}};
         const bool full_wins = full.same_other >= window.same_other;
         r.answer = stop.variants[full_wins ? 0 : 1].name;
         r.value = full_wins ? full.same_other : window.same_other;
         r.unit = "%";
         const double diff = full.same_other - window.same_other;
         r.outcome = std::fabs(diff) < 2.0 ? "close" : diff > 0 ? "full" : "window";
         const int layers = ctx.runs[1]->trainer->model_config().layers;
         r.fill = {{"so0", num(full.same_other)},
                   {"so1", num(window.same_other)},
                   {"ei0", num(full.edge_inside)},
                   {"ei1", num(window.edge_inside)},
                   {"chance", num(full.chance)},
                   {"layers", std::to_string(layers)},
                   {"reach", std::to_string(1 + 2 * layers)},
                   {"steps", std::to_string(stop.steps)}};
         return r;
       }},

      // 11. Attention on a graph: only along the edges, it is a graph neural network.
      {"graph",
       "task=graph&panel=attention",
       {{"along the edges", "", "lesson_graph_name_edges"}, {"every node", "mask=full", "lesson_graph_name_full"}},
       200,
       variant_question("graph"),
       [](LessonContext& ctx) {
         LessonResult r;
         const int best = most_accurate(ctx, "graph", &r);
         r.outcome = best == 0 ? "edges" : "full";
         return r;
       }},

      // 12. Self-attention vs CNN: a CNN is self-attention that may only look at a fixed window.
      {"cnn",
       "task=pos&input=I saw a saw&mask=window&window=1&panel=attention",
       {{"attention, window 1", "", "lesson_cnn_name_window"},
        {"CNN (kernel 3)", "model=cnn&k=3", "lesson_cnn_name_cnn"},
        {"full attention", "mask=full", "lesson_cnn_name_full"}},
       600,
       variant_question("cnn"),
       [](LessonContext& ctx) {
         LessonResult r;
         const int best = most_accurate(ctx, "cnn", &r);
         r.outcome = best == 1 ? "cnn" : best == 2 ? "full" : "window";
         sweep_sentence(ctx.app, &r);
         return r;
       }},

      // 13. Self-attention vs RNN: an RNN reads one token after the other; attention reads all at once.
      {"rnn",
       "task=pos&input=I saw a saw&panel=attention",
       {{"self-attention", "", "lesson_name_attention"}, {"RNN (GRU)", "model=rnn&rnn=gru", "lesson_rnn_name_rnn"}},
       400,
       number(1, 64, 0.5, "steps"),
       [](LessonContext& ctx) {
         LessonResult r;
         accuracies(ctx, stop_named("rnn"), &r);
         const int T = static_cast<int>(input_words(ctx.app).size());
         const ModelConfig& att = ctx.runs[0]->trainer->model_config();
         const ModelConfig& rnn = ctx.runs[1]->trainer->model_config();
         // an RNN's state at token t needs its state at t−1: T steps one after the other (both directions run
         // side by side); attention computes every token of a layer in one matrix product: L steps
         r.value = T;
         r.answer = std::to_string(T);
         r.numbers.push_back({{"lesson_rnn_n_rnn_sequential", {}, {}}, static_cast<double>(T), ""});
         r.numbers.push_back({{"lesson_rnn_n_attention_sequential", {}, {}}, static_cast<double>(att.layers), ""});
         double ms[2][2];
         const int lens[2] = {16, 64};
         for (int k = 0; k < 2; ++k) {
           ms[0][k] = measure_step_ms(att, 16, lens[k], 3);
           ms[1][k] = measure_step_ms(rnn, 16, lens[k], 3);
           const std::string t = std::to_string(lens[k]);
           r.numbers.push_back({{"lesson_rnn_n_attention_ms", {{"t", t}}, {}}, ms[0][k], "ms"});
           r.numbers.push_back({{"lesson_rnn_n_rnn_ms", {{"t", t}}, {}}, ms[1][k], "ms"});
         }
         r.unit = "steps";
         r.outcome = ms[1][1] > ms[0][1] ? "slower" : "faster";
         r.fill.insert(r.fill.end(), {{"t", std::to_string(T)},
                                      {"steps", std::to_string(stop_named("rnn").steps)},
                                      {"layers", std::to_string(att.layers)},
                                      {"att64", num(ms[0][1])},
                                      {"rnn64", num(ms[1][1])},
                                      {"ratio", num(ms[1][1] / std::max(ms[0][1], 1e-9), "%.1f")}});
         return r;
       }},

      // 13. CNN vs self-attention as data grows: the lecture's claim (little data: the CNN; enough data:
      // self-attention; Cordonnier et al. 2020, ViT), measured on the image task at 50 and 1000 training images.
      {"data",
       "task=image&train_size=50&baseline=cnn&panel=compare",
       {{"attention, 50 images", "", "lesson_data_name_att50"},
        {"CNN, 50 images", "model=cnn", "lesson_data_name_cnn50"},
        {"attention, 1000 images", "train_size=1000", "lesson_data_name_att1000"},
        {"CNN, 1000 images", "model=cnn&train_size=1000", "lesson_data_name_cnn1000"}},
       150,
       data_question(),
       measure_data},
  };
  return stops;
}

}  // namespace attnlab
