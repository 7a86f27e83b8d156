// The input view: the shown input (a typed sentence, the task's tokens, or a dev example) run through the
// main model, with its predicted labels and every head's attention weights. Made by App::refresh_view.
//
// T = tokens of the shown input (an image: its pixels, row by row), L = layers, H = heads, S = an image's side
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
  int grid_w = 0, grid_h = 0;       // an image (Dataset::is_image): the shown image is grid_h × grid_w; 0 = not
  std::vector<float> pixels;        // (T, 3) an image's pixels, R G B (about 0..1, with the task's noise)
  std::string error;                // the input cannot be run (unknown token, too long for a learned table, ...)
  Message error_message;            // the same for the panels: by key where web/app words it, else `error`
  long at_step = -1;                // training step these numbers belong to
  bool stale = true;                // the input or the model changed since these numbers were made
};

// Tokens tasks take typed input; frames / graph / image show one of the task's examples instead. (No data: text.)
bool input_is_text(const Dataset* data);

// An image's pixel as the views label it: "row,column" from 0 (pixel = row·S + column).
std::string pixel_label(int pixel, int grid_w);
// The query pixel the image views show by default: the pixel of a shape's inside (a true label "... inside")
// farthest from the key in the top-left corner (largest row + column), else the last pixel. -1 if not an image.
int default_query_pixel(const InputView& view);

// The settings' input (state.input, or example state.example) through `model` (null: tokens only), which
// then holds this forward pass in its caches. `step`: the training step the numbers belong to.
InputView make_input_view(const Dataset& data, const AppState& state, SeqModel<float>* model, long step);

}  // namespace attnlab
