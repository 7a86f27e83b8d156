// What each view shows, as picked in the UI: which query, layer and head, heatmaps or lines, which snapshot,
// which tab. Per view and per session, not saved (the saved settings are AppState); plain data, so the App
// and the API can reset them, and nothing of it hides in a function's static.
#pragma once

#include <string>
#include <vector>

#include "web/app/state.h"

namespace attnlab {

struct ViewPicks {
  int query = 0;            // Step-by-step panel and the Attention panel's lines: which query token (an
                            // image's query pixel is a setting instead: AppState::pixel, App::query_pixel)
  int layer = 0, head = 0;  // Step by step, Matrix form, and the head the Attention panel shows alone

  // Attention panel
  enum class AttentionMode { heatmaps, lines };
  AttentionMode attention_mode = AttentionMode::heatmaps;
  bool attention_focus = false;  // one head (layer, head) shown alone, large
  // An image: each head's weights of the query pixel laid out over the image (false: the T×T matrices)
  bool attention_pixel_map = true;
  bool attention_over_image = true;  // those maps drawn over the dimmed image (false: the weights alone)

  // History panel
  int history = -1;              // snapshot index shown (-1 = follow the latest)
  bool history_playing = false;  // stepping through the snapshots
  double history_play_mark = 0;  // FrameClock::now_ms when the shown snapshot last changed

  // Lesson card: the slider of a number question, before Predict is pressed (for stop lesson_slider_stop)
  double lesson_slider = 0;
  int lesson_slider_stop = 0;
  int last_lesson_stop = 1;  // the title's Lesson button reopens the stop last shown

  // The tab bar: the tab the user has open, and AppState::panel as it was at the end of the last frame (a
  // change since then came from outside: a link, the API).
  Panel tab_selected = Panel::attention;
  Panel last_state_panel = Panel::attention;

  // Narrow screens: the settings drawer (the left column over the views) is open
  bool drawer_open = false;
  // Little room (a small embedded frame): the views open with one sentence, the rest behind (?)
  bool compact = false;

  // What the page's live region has said (a screen reader reads it; web/ui/a11y.h Announce): the last reveal and
  // notice said, whether training ran last frame, when progress was last said; and whether to say progress while
  // training runs (the Training panel's checkbox; off: only a pause, a reveal and notices are said)
  std::string said_reveal, said_notice;
  bool was_training = false;
  double said_progress_ms = 0;
  bool announce_training = false;

  // The Share / Embed dialog's choices (web/panels/share.cpp)
  struct Share {
    bool open = false;
    bool opened = false;        // the choices below were filled from the settings when it opened
    std::vector<Panel> panels;  // the panels the frame shows
    std::vector<std::string> controls;
    std::string caption;
    std::string title;              // the frame's name ("" = its views' names)
    int width = 800, height = 600;  // the <iframe>'s size
    std::string copied;             // what the last Copy put on the clipboard (its confirmation line)
  } share;

  // Where the last frame drew its parts, in pixels (the layout's test hook, attnlab._layout()).
  struct Rect {
    std::string name;
    float x = 0, y = 0, w = 0, h = 0;
  };
  std::vector<Rect> layout;
};

}  // namespace attnlab
