#include "engine/train/embeddings.h"

#include <Eigen/Eigenvalues>

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "engine/data/words.h"

namespace attnlab {

EmbeddingMap embedding_map(const SeqModel<float>& model, const Dataset& data, int max_words) {
  const int found = model.params().find("tok_emb");
  if (data.input != InputMode::tokens || found < 0)
    throw std::invalid_argument("this task has no word embeddings: its inputs are feature vectors, not tokens");
  const CView<float> E = model.params().value(static_cast<std::size_t>(found));  // (V, D)
  if (E.rows() != data.vocab) throw std::invalid_argument("the model's vocabulary does not match the data");
  const int V = data.vocab, C = data.tags();

  // How often each token carries each tag in the training data.
  std::vector<long> count(static_cast<std::size_t>(V) * C, 0), total(static_cast<std::size_t>(V), 0);
  for (const Sequence& s : data.train)
    for (std::size_t t = 0; t < s.tokens.size(); ++t) {
      const int v = s.tokens[t], c = s.tags[t];
      if (v < 0 || v >= V || c < 0 || c >= C) continue;
      ++count[static_cast<std::size_t>(v) * C + c];
      ++total[static_cast<std::size_t>(v)];
    }
  const int first = is_word_task(data.task.kind) ? data.words.num_shapes() : 0;  // words: shape tokens stand for many
  std::vector<int> ids;
  for (int v = first; v < V; ++v)
    if (total[static_cast<std::size_t>(v)] > 0) ids.push_back(v);
  std::stable_sort(ids.begin(), ids.end(), [&](int a, int b) { return total[a] > total[b]; });
  if (static_cast<int>(ids.size()) > max_words) ids.resize(static_cast<std::size_t>(std::max(max_words, 0)));

  EmbeddingMap m;
  const int N = static_cast<int>(ids.size());
  for (int v : ids) {
    const long* row = &count[static_cast<std::size_t>(v) * C];
    m.words.push_back(data.token_names[static_cast<std::size_t>(v)]);
    m.tags.push_back(static_cast<int>(std::max_element(row, row + C) - row));
  }
  if (N < 2) return m;

  // X (N, D): the words' vectors, centred. PCA: the eigenvectors of the covariance XᵀX/N with the two largest
  // eigenvalues are the axes; a word's point is its row times them.
  Eigen::MatrixXd X(N, E.cols());
  for (int i = 0; i < N; ++i) X.row(i) = E.row(ids[static_cast<std::size_t>(i)]).cast<double>();
  X.rowwise() -= X.colwise().mean();
  const Eigen::MatrixXd cov = X.transpose() * X / N;
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(cov);  // eigenvalues in increasing order
  const int D = static_cast<int>(cov.rows());
  Eigen::MatrixXd axes(D, 2);
  for (int a = 0; a < 2; ++a) {
    Eigen::VectorXd u = Eigen::VectorXd::Zero(D);  // a 1-D table has no second axis
    if (D > a) u = eig.eigenvectors().col(D - 1 - a);
    Eigen::Index big = 0;
    u.cwiseAbs().maxCoeff(&big);
    if (u(big) < 0) u = -u;  // an eigenvector's sign is arbitrary: fix it, so the picture does not flip
    axes.col(a) = u;
  }
  const double var = eig.eigenvalues().sum();
  if (var > 0) m.explained = (eig.eigenvalues().tail(std::min(2, D)).sum()) / var;
  const Eigen::MatrixXd P = X * axes;
  for (int i = 0; i < N; ++i) {
    m.points.push_back(static_cast<float>(P(i, 0)));
    m.points.push_back(static_cast<float>(P(i, 1)));
  }

  // Nearest neighbours in all D dimensions, and the share that agree on the tag.
  std::vector<int> per_tag(static_cast<std::size_t>(C), 0);
  for (int t : m.tags) ++per_tag[static_cast<std::size_t>(t)];
  int same = 0;
  double chance = 0;
  for (int i = 0; i < N; ++i) {
    double best = std::numeric_limits<double>::infinity();
    int nn = -1;
    for (int j = 0; j < N; ++j) {
      if (j == i) continue;
      const double d = (X.row(i) - X.row(j)).squaredNorm();
      if (d < best) best = d, nn = j;
    }
    m.neighbour.push_back(nn);
    const int ti = m.tags[static_cast<std::size_t>(i)];
    if (m.tags[static_cast<std::size_t>(nn)] == ti) ++same;
    chance += static_cast<double>(per_tag[static_cast<std::size_t>(ti)] - 1) / (N - 1);
  }
  m.same_tag = static_cast<double>(same) / N;
  m.chance = chance / N;
  return m;
}

}  // namespace attnlab
