// What each view shows, as picked in the UI: which query, layer and head, which snapshot. Per view and per
// session, not saved (the saved settings are AppState); plain data, so the App and the API can reset them.
#pragma once

namespace attnlab {

struct ViewPicks {
  int query = 0;             // Step-by-step panel and the Attention panel's lines: which query token
  int layer = 0, head = 0;   // Step by step, Matrix form
  int history = -1;          // History panel: snapshot index shown (-1 = follow the latest)
};

}  // namespace attnlab
