// What the two math panels (Step by step, Matrix form) share: the main run's model, when it has attention,
// after a forward pass of the shown input, and their common header (teaching text, layer and head pickers).
//
// Convention: one token per ROW (as the engine stores them), so Q = I·Wq and A = Q·Kᵀ (row = query). The
// lecture draws tokens as columns (Q = Wq·I, A = Kᵀ·Q): the same numbers, transposed.
#pragma once

#include "engine/models/model.h"
#include "web/app/app.h"

namespace attnlab {

// The teaching text, then the layer and head pickers; or why there is nothing to show (then null).
const SeqModel<float>* MathPanelHeader(App& app, const char* intro);

}  // namespace attnlab
