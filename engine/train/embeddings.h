// What the word embeddings have learned (the lecture's first idea): one-hot vectors know no relation between
// words, learned embeddings put similar words close together. This reads the input layer's table E (V, D),
// row v = the vector of token v, and measures how much of "similar" it has found:
//
//   points    the words' vectors projected on the table's first two principal axes (PCA of the centred rows
//             of E, through Eigen's symmetric eigensolver), for a 2-D picture
//   same_tag  the share of words whose nearest other word (Euclidean distance in all D dimensions) has the
//             same most frequent tag in the training data; random vectors give about `chance`
//
// A word's tag is the tag it carries most often in the training split; tokens the data never tags (and,
// for pos, the unknown-word shape tokens, which stand for many words) are left out.
//
// N = words shown, D = model width
#pragma once

#include <string>
#include <vector>

#include "engine/data/tasks.h"
#include "engine/models/model.h"

namespace attnlab {

struct EmbeddingMap {
  std::vector<std::string> words;  // (N) the most frequent words of the training data, most frequent first
  std::vector<int> tags;           // (N) each word's most frequent tag (an index into Dataset::tag_names)
  std::vector<float> points;       // (N, 2) the vectors on the first two principal axes
  std::vector<int> neighbour;      // (N) the nearest other word, in all D dimensions
  double same_tag = 0;             // share of words whose nearest neighbour has the same tag
  double chance = 0;               // the expected share if neighbours were picked at random
  double explained = 0;            // share of the vectors' variance the two axes show
};

// The map of up to max_words words of a tokens-mode dataset. Throws std::invalid_argument when the model
// reads feature vectors (frames, graph: no embedding table) or does not fit the data.
EmbeddingMap embedding_map(const SeqModel<float>& model, const Dataset& data, int max_words = 200);

}  // namespace attnlab
