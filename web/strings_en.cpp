#include "web/strings.h"

namespace attnlab::ui {

const Strings& strings_en() {
  static const Strings s = {
      /*app_title*/ "Attention Lab",
      /*app_subtitle*/ "Self-attention, one idea at a time: vectors in, one label per vector out.",
      /*pe_window*/ "Positional encoding",
      /*pe_intro*/
      "Self-attention by itself has no idea where a token is: shuffle the input rows and each output row just "
      "moves with them. So we add a position vector e\xE2\x81\xB1 to every input a\xE2\x81\xB1 (i = position). "
      "This is the hand-made sinusoidal one: each pair of dimensions is a sine and cosine of a different "
      "frequency.",
      /*pe_length*/ "positions (sentence length)",
      /*pe_length_help*/
      "How many positions p to show. The formula is defined for every p, so the sinusoidal encoding extends to "
      "sentences longer than any seen in training.",
      /*pe_dim*/ "width D",
      /*pe_dim_help*/ "The model width D: every position gets a vector of D numbers, added to the token's vector.",
      /*pe_matrix*/ "PE (position \xC3\x97 dimension)",
      /*pe_matrix_help*/
      "PE(p, 2i) = sin(p / 10000^(2i/D))\nPE(p, 2i+1) = cos(p / 10000^(2i/D))\n"
      "Left columns change fast with p (high frequency), right columns slowly: together they give every "
      "position a unique code. Blue < 0 < red.",
      /*pe_similarity*/ "PE\xC2\xB7PE\xE1\xB5\x80 (position \xC3\x97 position)",
      /*pe_similarity_help*/
      "Dot product of the codes of positions p and q. It is largest on the diagonal and falls off with |p - q|: "
      "the dot product, the same relevance score attention uses, can tell near from far.",
      /*pe_hover_cell*/ "PE(p = %d, dim %d) = %.4f",
      /*pe_hover_similarity*/ "PE(p)\xC2\xB7PE(q) for p = %d, q = %d: %.3f",
      /*axis_position*/ "position p \xE2\x86\x93",
      /*axis_dimension*/ "dimension \xE2\x86\x92",
      /*dismiss*/ "OK",
      /*status_fps*/ "%.0f fps",
  };
  return s;
}

const Strings& S() { return strings_en(); }

}  // namespace attnlab::ui
