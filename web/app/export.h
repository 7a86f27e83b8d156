// Saving a view: its numbers as CSV (built here, headless, from the same data the panels draw) and requests
// for its picture as PNG (drawn and encoded by the platform after the frame, web/platform/view_image.h).
//
// What each view's CSV holds (RFC 4180: a header line, CRLF line ends, fields with , " or line breaks
// quoted; numbers with 9 significant digits, so a float reads back exactly; an empty field = no number):
//   attention   the shown head (ViewPicks layer, head): T rows, one per query token; a header of key tokens
//   step        the query's computation: name,row,col,row_token,col_token,value for a, q, k, α, α', v, b, O
//   matrix      every matrix of the Matrix form: name,row,col,row_token,col_token,value
//   pe          the encoding table the model adds: position,d1..dD (missing rows of a learned table empty)
//   compare     the curves of both runs: run,model,step,loss,train_acc,dev_acc,train_size (empty), then the
//               data-size sweep's finished runs: sweep,model,steps,,train_acc,dev_acc,train_size
//   history     every snapshot: step,layer,head,query, then one column per key token
//   embeddings  word,tag,x,y,neighbour
//   training    the run's metrics: step,loss,train_acc,dev_acc,dev_loss,lr,grad_norm,ms_per_step,...
//   data        position,token,predicted,truth
//   model       setting,value
//
// T = tokens of the shown input, L = layers, H = heads, D = model width, Dh = D / H
#pragma once

#include <string>
#include <vector>

#include "engine/core/tensor.h"
#include "engine/models/model.h"
#include "web/app/state.h"

namespace attnlab {

struct App;

// ------------------------------------------------------------------------------------------------ requests
enum class ExportFormat { png, csv };

// One export asked for by the view's menu (download = true: the file goes to the user) or the JavaScript
// API (id: the promise waiting for it).
struct ExportRequest {
  Panel panel = Panel::attention;
  ExportFormat format = ExportFormat::png;
  bool download = true;
  long id = 0;
};

struct ExportQueue {
  std::vector<ExportRequest> pending;  // served by the platform after the frame is drawn
  long next_id = 1;
  bool drawing = false;  // a view is being drawn for its picture: the menu stays out of it
  long request(Panel panel, ExportFormat format, bool download) {
    pending.push_back({panel, format, download, next_id});
    return next_id++;
  }
};

// ------------------------------------------------------------------------------------------------ numbers
// The numbers the views draw, for the panels and the CSV alike.

// The main run's model after a forward pass of the shown input, when it has attention; else null and *why
// says what is missing (no model, the input's problem, no attention layers). Step by step and Matrix form.
const SeqModel<float>* shown_attention_model(App& app, std::string* why);
const SeqModel<float>* shown_attention_model(App& app, Message* why);  // the same, why by key for the panels

// One matrix of the Matrix form of layer l, head h.
struct MatrixTile {
  std::string name;                                 // "Q = I·Wq", ...
  Mat data;                                         // (rows, cols)
  bool learned = false;                             // Wq, Wk, Wv, Wo: the only learned numbers
  bool sequential = false;                          // A': weights in [0, 1]
  std::vector<std::string> row_labels, col_labels;  // tokens, where rows / columns are tokens
};
// I, Wq, Wk, Wv (head h's columns), Q, K, V, A (masked pairs 0), A', O (head h), Wo, in the panel's order.
std::vector<MatrixTile> matrix_tiles(const SeqModel<float>& model, const std::vector<std::string>& tokens, int l,
                                     int h);

// The Positional encoding view: the table the model adds (learned: as trained so far, NaN past its rows;
// else the sinusoidal table of amplitude s), and beside it PE·PEᵀ (or, for a learned table, the sinusoidal one).
struct PeTables {
  bool learned = false;
  Mat shown;            // (pe_len, D)
  Mat beside;           // learned: the sinusoidal table (pe_len, D); else PE·PEᵀ (pe_len, pe_len)
  std::string verdict;  // learned and longer than the table: why the model cannot take this length
};
PeTables pe_tables(const App& app);

// The History view's row / column labels: the probe's words, or its token names, or positions.
std::vector<std::string> probe_labels(const App& app, int len);

// ------------------------------------------------------------------------------------------------ CSV
// Why `panel` has no numbers to save right now ("" = it has): no model, no attention, nothing recorded yet.
std::string csv_unavailable(App& app, Panel panel);
Message csv_unavailable_message(App& app, Panel panel);  // the same, by key for the Export menu
// The view's numbers as CSV; throws std::runtime_error with csv_unavailable's reason when there are none.
std::string view_csv(App& app, Panel panel);

// attnlab-attention-L1H2-step500.csv: the view, its layer and head where it shows one, the training step.
// `ext` without the dot.
std::string export_file_name(const App& app, Panel panel, ExportFormat format);

// One CSV field: as is, or in double quotes (inner quotes doubled) when it holds , " CR or LF.
std::string csv_field(const std::string& text);
// A number with 9 significant digits ("" for NaN or infinity).
std::string csv_number(double v);

}  // namespace attnlab
