// The input view: the shown input (a typed sentence, the task's tokens, or a dev example) run through the
// main model, with its predicted labels and every head's attention weights. Made by App::refresh_view.
//
// T = tokens of the shown input, L = layers, H = heads
#pragma once

#include <string>
#include <vector>

#include "engine/core/tensor.h"
#include "engine/data/tasks.h"
#include "engine/models/model.h"
#include "engine/train/trainer.h"
#include "web/app/message.h"
#include "web/app/state.h"

namespace attnlab {

// AttentionMaps (engine/train/trainer.h): layers, heads, len = T and every head's weights A' of the input.
struct InputView : AttentionMaps {
  std::vector<std::string> tokens;  // (T) what the rows/columns are labelled with
  std::vector<int> predicted;       // (T) predicted tag ids
  std::vector<int> truth;           // (T) true tag ids when known (examples), else empty
  std::string error;                // the input cannot be run (unknown token, too long for a learned table, ...)
  Message error_message;            // the same for the panels: by key where web/app words it, else `error`
  long at_step = -1;                // training step these numbers belong to
  bool stale = true;                // the input or the model changed since these numbers were made
};

// Tokens tasks take typed input; frames / graph show one of the task's examples instead. (No data: text.)
bool input_is_text(const Dataset* data);

// The settings' input (state.input, or example state.example) through `model` (null: tokens only), which
// then holds this forward pass in its caches. `step`: the training step the numbers belong to.
InputView make_input_view(const Dataset& data, const AppState& state, SeqModel<float>* model, long step);

}  // namespace attnlab
