// Every user-visible text of the app, in one table, so a second language (the lecture's own, Chinese) can be
// added by filling another table, without touching the panels.
#pragma once

namespace attnlab::ui {

struct Strings {
  const char* app_title;
  const char* app_subtitle;
  // Positional encoding panel
  const char* pe_window;
  const char* pe_intro;
  const char* pe_length;
  const char* pe_length_help;
  const char* pe_dim;
  const char* pe_dim_help;
  const char* pe_matrix;
  const char* pe_matrix_help;
  const char* pe_similarity;
  const char* pe_similarity_help;
  const char* pe_hover_cell;        // printf: position, dimension, value
  const char* pe_hover_similarity;  // printf: p, q, value
  const char* axis_position;
  const char* axis_dimension;
  const char* dismiss;
  // Status bar
  const char* status_fps;  // printf: fps
};

const Strings& strings_en();
const Strings& S();  // the active table

}  // namespace attnlab::ui
