// AppState: every user-visible setting of the playground in one plain struct, with one field table that
// serializes it to and from the URL hash (web), command-line flags (desktop) and the JavaScript API.
// Enums travel by name, the seed is part of the state: a shared link reproduces the run.
//
//   #task=pos&heads=2&pe=learned&max_len=16      (only values that differ from the defaults are written)
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/names.h"
#include "web/app/message.h"

namespace attnlab {

enum class Panel { data, model, training, attention, step, matrix, pe, compare, history, embeddings };
inline constexpr EnumName<Panel> kPanelNames[] = {
    {Panel::data, "data", "vectors in, one label per vector out"},
    {Panel::model, "model", "the model's settings"},
    {Panel::training, "training", "loss and accuracy as it learns"},
    {Panel::attention, "attention", "every head's attention weights"},
    {Panel::step, "step", "one query, step by step"},
    {Panel::matrix, "matrix", "the matrix form"},
    {Panel::pe, "pe", "positional encoding"},
    {Panel::compare, "compare", "attention vs a baseline"},
    {Panel::history, "history", "how attention formed"},
    {Panel::embeddings, "embeddings", "one-hot vectors vs learned word embeddings"},
};
constexpr NameTable<Panel> names_of(Panel) { return NameTable<Panel>(kPanelNames); }

inline constexpr std::size_t kMaxInputChars = 400;  // the longest input text (the field's limit)

struct AppState {
  // Data
  std::string task = "pos";           // pos | seen | count | reverse | sort | frames | graph | image | own (with data)
  std::string input = "I saw a saw";  // the sentence (or token list) the panels show
  int example = 0;                    // frames / graph / image tasks: which dev example the panels show
  int pixel = -1;                     // image task: the query pixel the views show (row·S + column; -1 = a
                                      // default one: the shape pixel farthest from the key's corner)
  int train_size = 0;                 // generated tasks: train on the first N training sequences (0 = the task's)
  // Model
  std::string model = "attention";  // attention | window | cnn | rnn
  int layers = 2;
  int heads = 4;
  int dim = 32;                   // model width D (heads must divide it)
  std::string pe = "sinusoidal";  // none | sinusoidal | learned | alibi
  float pe_scale = 8.0f;          // s, amplitude of the sinusoidal table: the task's default (pos 8, others 1)
  int max_len = 48;               // rows of a learned PE table
  std::string mask = "full";      // full | causal | window | graph
  int window = 2;                 // w for mask=window: query i sees keys with |i-j| <= w
  std::string norm = "softmax";   // softmax | relu | sigmoid
  std::string relevance = "dot";  // dot | additive
  // Baselines (Compare panel, and model=window|cnn|rnn)
  std::string baseline = "window";  // window | cnn | rnn
  int k = 3;                        // window width of the FC baseline / CNN kernel
  std::string rnn = "gru";          // elman | gru
  // Training
  float lr = 6e-3f;  // the task's default (task_defaults): pos 0.006, the others 0.003
  int batch = 16;
  int seed = 1;
  int speed = 50;     // share of each frame spent training, in percent (1..90)
  bool train = true;  // training runs (it starts on first load)
  // Lesson (web/app/lesson.h)
  int lesson = 0;     // the open stop, from 1 (0 = the playground)
  std::string guess;  // the student's prediction at that stop ("" = not yet)
  // View
  Panel panel = Panel::attention;
  int pe_len = 48;          // positions shown in the positional-encoding panel
  std::string lang = "en";  // en | zh: the interface's language (the page starts in the browser's)
  // Embed mode (web/app/embed.h): one view for a course page's <iframe>
  bool embed = false;    // only the chosen panel(s), controls and caption fill the frame
  std::string panels;    // the panels an embed shows, "attention,pe" ("" = `panel` alone)
  std::string controls;  // the controls an embed shows, "run,step,heads" ("" = run,step,reset)
  std::string caption;   // the embed's one-line caption
  std::string title;     // the page's title (an embedding frame's name for a screen reader); "" = the view's name
};

// One serializable field: its name (the URL key, the JS property, the --flag), a getter and a setter that
// parses text and reports a problem in words ("" = fine).
struct StateField {
  const char* name;
  const char* help;
  std::function<std::string(const AppState&)> get;
  std::function<std::string(AppState&, const std::string& text)> set;
  std::vector<std::string> choices;  // for enums: the allowed names
  bool resets_model;                 // changing it rebuilds the model (training starts again)
  enum class Kind { integer, number, boolean, text } kind = Kind::text;  // its JSON type
  double lo = 0, hi = 0;  // integer and number fields: the allowed range (the controls use it)
  bool odd = false;       // integer fields that must be odd (a window centred on the token)
};

const std::vector<StateField>& state_fields();
const StateField* find_state_field(const std::string& name);

// Rules that involve several fields (e.g. heads must divide dim). "" = fine.
std::string check_state(const AppState& s);
Message check_state_message(const AppState& s);  // the same problem for the panels, by key

// The defaults of a task: a default AppState, except that graph starts with mask = graph and pe = none
// (attention along the edges; graph nodes have no order), every task but pos with pe_scale = 1
// (engine/settings/settings.h: task_default_pe_scale), and every task but pos with lr = 0.003. The page trains
// at a constant rate (App::train_config); on the Brown Corpus 0.006 reaches the most-frequent-tag baseline
// (94.4 %) in about 1,500 steps and 96 % dev at 3,000, where 0.003 is at 94.8 % (docs/data.md, "The page's
// defaults"); the synthetic tasks, images and the lesson's measurements keep the rate they were tuned with.
AppState task_defaults(const std::string& task);

// After a change of task from `before.task` to `next.task`: every task-dependent field (pe, pe_scale, mask, lr) not in
// `explicit_keys` takes the new task's default if it still had the old task's default (to graph: always,
// nothing else works there). So choosing graph (in the panel, a link, setState) gives a graph model, and
// leaving it gives the usual one.
void follow_task_defaults(const AppState& before, AppState& next, const std::vector<std::string>& explicit_keys = {});

// "task=pos&heads=2" with only the fields that differ from the task's defaults; values percent-encoded.
std::string state_to_query(const AppState& s);

// Applies "key=value&..." (a leading '#' or '?' is skipped) on top of `s`, all or nothing: on any unknown
// key, bad value or broken rule, `s` is left unchanged and the messages (one per problem, naming the key)
// are returned. A new task brings its defaults for the fields not given (follow_task_defaults). A new
// `lesson` stop starts from that stop's settings (lesson_start_state), with the other given pairs on top.
std::vector<std::string> apply_query(AppState& s, const std::string& query);

// "a=1&b=x%20y" (a leading '#' or '?' skipped) -> {{"a","1"},{"b","x y"}}
std::vector<std::pair<std::string, std::string>> parse_query(const std::string& query);

// The same from (key, text value) pairs (the JavaScript API and desktop flags go through here).
std::vector<std::string> apply_pairs(AppState& s, const std::vector<std::pair<std::string, std::string>>& kv);

// True if some field that differs between a and b rebuilds the model.
bool model_changed(const AppState& a, const AppState& b);

// The longest prefix of `s` of at most `max_bytes` bytes that does not cut a UTF-8 character (a text field's
// limit is in bytes: 400 bytes are 400 Latin letters or 133 Chinese characters).
std::string utf8_prefix(const std::string& s, std::size_t max_bytes);

std::string url_decode(const std::string& s);
std::string url_encode(const std::string& s);

}  // namespace attnlab
