// What the panels draw for an image task (Dataset::is_image: the lecture's "3. Image", each pixel a vector of
// its colours): the shown dev image and its label maps (Data), the picker of the shown image, the query pixel
// picked by a click or a tap (AppState::pixel), and where that pixel looks: each head's weights α' of its row,
// laid back out over the image (Attention). All of them read App::view (InputView: grid_w, grid_h, pixels).
//
// S = the image's side, T = S·S pixels, L = layers, H = heads
#pragma once

#include "web/app/app.h"
#include "web/panels/panels.h"
#include "web/ui/pixel_grid.h"

namespace attnlab {

// The shown input is an image (App::view has its grid).
bool ShowsImage(const App& app);

// The colour of a label of the image task on the maps (kImageTags order), and its name in the interface's
// language.
ImU32 ImageTagColour(int tag);
const char* ImageTagName(int tag);

// Data panel: which dev image is shown: previous / next buttons and its number (edits next.example).
void ImageExamplePicker(const App& app, AppState& next);
// Data panel: the input image, the true label map and the predicted one side by side (wrong pixels crossed),
// a legend; a click on a pixel makes it the query.
void ImageWithLabelMaps(App& app);

// Attention panel, on an image: the image (click a pixel: the query) beside every head's weights of that
// pixel over the image, all heads small or one large (ViewPicks::attention_focus), refreshed as it trains.
void ShowPixelAttention(App& app);

// A small copy of the image with the query pixel marked, for a panel's query picker (Step by step); a click
// picks another. `side` = its largest side in pixels.
void QueryPixelPicker(App& app, float side);

// Makes pixel p the query (AppState::pixel, so the link keeps it).
void SetQueryPixel(App& app, int p);

}  // namespace attnlab
