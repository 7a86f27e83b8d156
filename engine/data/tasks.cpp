// T = tokens of one sequence, Din = feature width, V = token vocabulary, C = tags, K = classes
// Sections:
//   synthetic  the generated tasks
//   pos        tagged sentences; a corpus of documents, its split into parts, a corpus still arriving
//   own        your data
//   corpus     the shipped data files
#include "engine/data/tasks.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string_view>
#include <unordered_map>

#include "engine/core/rng.h"
#include "engine/data/image.h"

namespace attnlab {

TaskConfig default_task_config(TaskKind kind) {
  TaskConfig t;
  t.kind = kind;
  switch (kind) {
    case TaskKind::pos:
      t.min_len = 1;
      t.max_len = 0;
      break;
    case TaskKind::own:
      t.min_len = 1;
      t.max_len = 0;
      t.test_frac = 0;
      break;
    case TaskKind::seg_zh:
      t.min_len = 1;
      t.max_len = 0;
      break;
    case TaskKind::seen:
      t.vocab = 16;
      t.min_len = 8;
      t.max_len = 24;
      break;
    case TaskKind::count:
      t.vocab = 12;
      t.min_len = 8;
      t.max_len = 24;
      t.cap = 4;
      break;
    case TaskKind::reverse:
      t.vocab = 16;
      t.min_len = 6;
      t.max_len = 16;
      break;
    case TaskKind::sort:
      t.vocab = 16;
      t.min_len = 6;
      t.max_len = 16;
      break;
    case TaskKind::frames:
      t.min_len = 24;
      t.max_len = 64;
      t.classes = 5;
      t.feat_dim = 8;
      break;
    case TaskKind::graph:
      t.min_len = 6;
      t.max_len = 16;
      t.classes = 3;
      t.degree = 2;
      break;
    case TaskKind::image:
      t.train = 2000;
      t.dev = 200;
      t.test = 200;
      t.image_size = 12;
      t.min_len = t.max_len = 144;
      t.classes = 3;
      t.noise = 0.1f;
      break;
  }
  return t;
}

std::string check_task(const TaskConfig& t) {
  const bool synthetic = !is_word_task(t.kind);
  if (t.train < 1 || t.dev < 1 || t.test < 1) return "every split needs at least one sequence";
  if (synthetic && (t.min_len < 1 || t.max_len < t.min_len)) {
    return "the length range " + std::to_string(t.min_len) + ".." + std::to_string(t.max_len) +
           " is empty (need 1 <= min_len <= max_len)";
  }
  if (!synthetic && t.max_len < 0) return "max_len cannot be negative";
  const bool tokens =
      t.kind == TaskKind::seen || t.kind == TaskKind::count || t.kind == TaskKind::reverse || t.kind == TaskKind::sort;
  if (tokens && t.vocab < 2) return "the token alphabet needs at least 2 tokens (got " + std::to_string(t.vocab) + ")";
  if (t.kind == TaskKind::count && t.cap < 2) return "count: cap must be at least 2";
  if ((t.kind == TaskKind::frames || t.kind == TaskKind::graph) && (t.classes < 2 || t.classes > 16)) {
    return "the number of classes must be 2..16 (got " + std::to_string(t.classes) + ")";
  }
  if (t.kind == TaskKind::frames && (t.feat_dim < 1 || t.min_seg < 1 || t.max_seg < t.min_seg || !(t.noise >= 0))) {
    return "frames: need feat_dim >= 1, 1 <= min_seg <= max_seg and noise >= 0";
  }
  if (t.kind == TaskKind::graph && (t.degree < 1 || t.min_len < 2)) return "graph: need degree >= 1 and >= 2 nodes";
  if (t.kind == TaskKind::image) {
    if (t.image_size < 8 || t.image_size > 16) {
      return "the image side must be 8..16 pixels (got " + std::to_string(t.image_size) + ")";
    }
    if (t.min_len != t.image_size * t.image_size || t.max_len != t.min_len) {
      return "an image of " + std::to_string(t.image_size) + "x" + std::to_string(t.image_size) + " has " +
             std::to_string(t.image_size * t.image_size) + " pixels: its length is not a setting";
    }
    if (t.classes < 2 || t.classes > kMaxImageColours) {
      return "the number of colours must be 2.." + std::to_string(kMaxImageColours) + " (got " +
             std::to_string(t.classes) + ")";
    }
    if (!(t.noise >= 0 && t.noise <= 1)) return "image: the noise must be 0..1";
  }
  if (!synthetic && (t.dev_frac < 0 || t.test_frac < 0 || t.dev_frac + t.test_frac >= 1)) {
    return std::string(to_string(t.kind)) + ": dev_frac and test_frac must be >= 0 and leave sentences for training";
  }
  return "";
}

int Dataset::parts_arrived() const {
  int k = 0;
  while (k < static_cast<int>(train_parts.size()) &&
         train_parts[static_cast<std::size_t>(k)] <= static_cast<long>(train.size()))
    ++k;
  return k;
}

int Dataset::max_len() const {
  int m = longest;
  for (const auto* split : {&train, &dev, &test}) {
    for (const Sequence& s : *split) m = std::max(m, s.length());
  }
  return m;
}

// ------------------------------------------------------------------------------------------- synthetic

static const char* kClassNames[16] = {"a", "e", "i", "o", "u", "m", "n", "s", "k", "t", "l", "r", "p", "b", "d", "g"};

// One sequence of the task, length T.
static Sequence make_one(const Dataset& data, Rng& rng, int T) {
  const TaskConfig& t = data.task;
  Sequence s;
  s.tags.assign(T, 0);
  switch (t.kind) {
    case TaskKind::seen:
    case TaskKind::count:
    case TaskKind::reverse:
    case TaskKind::sort: {
      s.tokens.resize(T);
      for (int i = 0; i < T; ++i) s.tokens[i] = static_cast<int>(rng.below(t.vocab));
      if (t.kind == TaskKind::seen) {
        for (int i = 0; i < T; ++i) {
          s.tags[i] = std::find(s.tokens.begin(), s.tokens.begin() + i, s.tokens[i]) != s.tokens.begin() + i;
        }
      } else if (t.kind == TaskKind::count) {
        for (int i = 0; i < T; ++i) {
          const int c = static_cast<int>(std::count(s.tokens.begin(), s.tokens.end(), s.tokens[i]));
          s.tags[i] = std::min(c, t.cap) - 1;
        }
      } else if (t.kind == TaskKind::reverse) {
        for (int i = 0; i < T; ++i) s.tags[i] = s.tokens[T - 1 - i];
      } else {
        s.tags = s.tokens;
        std::sort(s.tags.begin(), s.tags.end());
      }
      break;
    }
    case TaskKind::frames: {
      // piecewise-constant classes: segments of min_seg..max_seg frames, each a class other than the last
      const int Din = t.feat_dim;
      s.features.resize(static_cast<size_t>(T) * Din);
      int i = 0, prev = -1;
      while (i < T) {
        int c = static_cast<int>(rng.below(t.classes - (prev >= 0 ? 1 : 0)));
        if (prev >= 0 && c >= prev) ++c;
        const int len = t.min_seg + static_cast<int>(rng.below(t.max_seg - t.min_seg + 1));
        for (int k = 0; k < len && i < T; ++k, ++i) {
          s.tags[i] = c;
          for (int d = 0; d < Din; ++d) {
            s.features[static_cast<size_t>(i) * Din + d] =
                data.class_means[static_cast<size_t>(c) * Din + d] + t.noise * static_cast<float>(rng.normal());
          }
        }
        prev = c;
      }
      break;
    }
    case TaskKind::graph: {
      // each node links to 1..degree random other nodes (undirected, no self-loops); features = one-hot class
      const int K = t.classes;
      s.allow.assign(static_cast<size_t>(T) * T, 0);
      for (int i = 0; i < T; ++i) {
        const int links = 1 + static_cast<int>(rng.below(t.degree));
        for (int e = 0; e < links; ++e) {
          int j = static_cast<int>(rng.below(T - 1));
          if (j >= i) ++j;
          s.allow[static_cast<size_t>(i) * T + j] = s.allow[static_cast<size_t>(j) * T + i] = 1;
        }
      }
      std::vector<int> cls(T);
      for (int i = 0; i < T; ++i) cls[i] = static_cast<int>(rng.below(K));
      s.features.assign(static_cast<size_t>(T) * K, 0.0f);
      for (int i = 0; i < T; ++i) s.features[static_cast<size_t>(i) * K + cls[i]] = 1.0f;
      std::vector<int> hist(K);
      for (int i = 0; i < T; ++i) {
        std::fill(hist.begin(), hist.end(), 0);
        for (int j = 0; j < T; ++j) hist[cls[j]] += s.allow[static_cast<size_t>(i) * T + j];
        s.tags[i] = static_cast<int>(std::max_element(hist.begin(), hist.end()) - hist.begin());  // first max
      }
      break;
    }
    case TaskKind::image: {
      if (T != t.image_size * t.image_size) throw std::invalid_argument("an image has image_size^2 pixels");
      const ImageScene scene = draw_image_scene(rng, t.image_size, t.classes);
      s.tags = image_labels(scene);
      s.features = image_pixels(scene, t.noise, rng);
      break;
    }
    case TaskKind::pos:
    case TaskKind::own:
    case TaskKind::seg_zh: throw std::logic_error("pos, own and seg_zh are not synthetic tasks");
  }
  return s;
}

std::vector<Sequence> make_synthetic_sequences(const Dataset& data, int count, int min_len, int max_len,
                                               std::uint32_t seed) {
  if (min_len < 1 || max_len < min_len) throw std::invalid_argument("bad length range");
  Rng rng(seed);
  std::vector<Sequence> out;
  out.reserve(count);
  for (int n = 0; n < count; ++n) {
    const int T = min_len + static_cast<int>(rng.below(max_len - min_len + 1));
    out.push_back(make_one(data, rng, T));
  }
  return out;
}

Dataset make_synthetic_dataset(const TaskConfig& task) {
  const std::string problem = check_task(task);
  if (!problem.empty()) throw std::invalid_argument(problem);
  if (task.kind == TaskKind::pos) throw std::invalid_argument("pos needs a corpus: use make_pos_dataset");
  if (task.kind == TaskKind::own) throw std::invalid_argument("own needs tagged text: use make_own_dataset");
  if (task.kind == TaskKind::seg_zh) throw std::invalid_argument("seg_zh needs a corpus: use make_seg_dataset");
  Dataset d;
  d.task = task;
  switch (task.kind) {
    case TaskKind::seen:
    case TaskKind::count:
    case TaskKind::reverse:
    case TaskKind::sort:
      d.input = InputMode::tokens;
      d.vocab = task.vocab;
      for (int v = 0; v < task.vocab; ++v) d.token_names.push_back(std::to_string(v));
      if (task.kind == TaskKind::seen) d.tag_names = {"new", "seen"};
      if (task.kind == TaskKind::count) {
        for (int c = 1; c < task.cap; ++c) d.tag_names.push_back(std::to_string(c));
        d.tag_names.push_back(std::to_string(task.cap) + "+");
      }
      if (task.kind == TaskKind::reverse || task.kind == TaskKind::sort) d.tag_names = d.token_names;
      break;
    case TaskKind::frames: {
      d.input = InputMode::features;
      d.input_dim = task.feat_dim;
      for (int c = 0; c < task.classes; ++c) d.tag_names.push_back(kClassNames[c]);
      Rng rng(task.seed * 7919u + 17u);  // the class means are part of the task, not of a split
      d.class_means.resize(static_cast<size_t>(task.classes) * task.feat_dim);
      for (float& m : d.class_means) m = static_cast<float>(rng.normal());
      break;
    }
    case TaskKind::graph:
      d.input = InputMode::features;
      d.input_dim = task.classes;
      for (int c = 0; c < task.classes; ++c) d.tag_names.push_back("class" + std::to_string(c));
      break;
    case TaskKind::image:
      d.input = InputMode::features;
      d.input_dim = kImageChannels;
      d.tag_names.assign(std::begin(kImageTags), std::end(kImageTags));
      d.grid_w = d.grid_h = task.image_size;
      break;
    case TaskKind::pos:
    case TaskKind::own:
    case TaskKind::seg_zh: break;
  }
  // each split from its own stream: seed·4 + 1, + 2, + 3
  d.train = make_synthetic_sequences(d, task.train, task.min_len, task.max_len, task.seed * 4u + 1u);
  d.dev = make_synthetic_sequences(d, task.dev, task.min_len, task.max_len, task.seed * 4u + 2u);
  d.test = make_synthetic_sequences(d, task.test, task.min_len, task.max_len, task.seed * 4u + 3u);
  return d;
}

// ------------------------------------------------------------------------------------------- pos

Sequence sequence_from_words(const Dataset& data, const std::vector<std::string>& words) {
  Sequence s;
  s.words = words;
  s.tokens.resize(words.size());
  s.tags.assign(words.size(), kIgnoreTag);
  for (size_t i = 0; i < words.size(); ++i) s.tokens[i] = data.words.id(words[i]);
  return s;
}

// Every split's token ids from its words, read with d.words. Each distinct spelling is looked up once (a corpus
// has far fewer spellings than words): `seen` maps the spellings met so far to their ids, and may come filled.
static void read_words_with_vocabulary(Dataset& d, std::unordered_map<std::string_view, int> seen = {}) {
  for (std::vector<Sequence>* split : {&d.train, &d.dev, &d.test})
    for (Sequence& s : *split) {
      s.tokens.resize(s.words.size());
      for (std::size_t i = 0; i < s.words.size(); ++i) {
        const auto [it, fresh] = seen.try_emplace(s.words[i], 0);
        if (fresh) it->second = d.words.id(s.words[i]);
        s.tokens[i] = it->second;
      }
    }
}

void vocabulary_from_training_split(Dataset& d) {
  WordVocab::Spellings spellings;  // (views of the sentences' own strings, which stay put)
  for (const Sequence& s : d.train)
    for (const std::string& w : s.words) spellings.add(w);
  d.words = WordVocab::build_from(spellings, d.task.min_count, d.task.lowercase);
  d.vocab = d.words.size();
  d.token_names = d.words.words();
  std::unordered_map<std::string_view, int> ids;  // the training spellings' ids, once each
  for (std::string_view form : spellings.forms) ids.emplace(form, d.words.id(std::string(form)));
  read_words_with_vocabulary(d, std::move(ids));
  d.train_counts.assign(static_cast<std::size_t>(d.vocab), 0);
  for (const Sequence& s : d.train)
    for (int v : s.tokens)
      if (v >= d.words.num_shapes()) ++d.train_counts[static_cast<std::size_t>(v)];
}

// Every sentence as a sequence of its words and tags, then the vocabulary of the training split. `sentences` are
// laid out test | dev | train: the first n_test, the next n_dev, the rest.
static void sequences_of(Dataset& d, const std::vector<const TaggedSentence*>& sentences, std::size_t n_test,
                         std::size_t n_dev) {
  for (std::size_t i = 0; i < sentences.size(); ++i) {
    Sequence s;
    s.words = sentences[i]->words;
    s.tags = sentences[i]->tags;
    (i < n_test ? d.test : i < n_test + n_dev ? d.dev : d.train).push_back(std::move(s));
  }
}

static void words_and_sequences(Dataset& d, const std::vector<const TaggedSentence*>& sentences, std::size_t n_test,
                                std::size_t n_dev) {
  sequences_of(d, sentences, n_test, n_dev);
  vocabulary_from_training_split(d);
}

Dataset make_tagged_dataset(const TaskConfig& task, const std::vector<TaggedSentence>& sentences_in,
                            const std::vector<std::string>& tag_names) {
  const std::string problem = check_task(task);
  if (!problem.empty()) throw std::invalid_argument(problem);
  std::vector<const TaggedSentence*> sentences;
  for (const TaggedSentence& s : sentences_in) {
    if (task.max_len == 0 || static_cast<int>(s.words.size()) <= task.max_len) sentences.push_back(&s);
  }
  if (sentences.size() < 3) {
    throw std::runtime_error("the corpus has " + std::to_string(sentences.size()) +
                             " usable sentences; train, dev and test need at least one each");
  }
  // shuffle (Fisher-Yates with our own generator), then cut into test | dev | train
  Rng(task.seed * 4u).shuffle(sentences);
  const size_t n = sentences.size();
  const size_t n_test = std::max<size_t>(1, static_cast<size_t>(task.test_frac * n));
  const size_t n_dev = std::max<size_t>(1, static_cast<size_t>(task.dev_frac * n));
  if (n_test + n_dev >= n) throw std::runtime_error("the corpus is too small for the dev/test fractions");

  Dataset d;
  d.task = task;
  d.input = InputMode::tokens;
  d.tag_names = tag_names;
  words_and_sequences(d, sentences, n_test, n_dev);
  return d;
}

// Document i's place among test (0), dev (1) and the training parts (2 + part).
static std::size_t split_slot(const CorpusSplit& where, std::size_t i) {
  const int s = where.split[i];
  return s < 2 ? static_cast<std::size_t>(s) : static_cast<std::size_t>(2 + where.part[i]);
}

Dataset make_corpus_dataset(const TaskConfig& task, const Corpus& corpus) {
  if (corpus.catalogue.size() < 2 && corpus.documents.size() < 2) {
    std::vector<TaggedSentence> all;
    for (const CorpusDocument& doc : corpus.documents)
      all.insert(all.end(), doc.sentences.begin(), doc.sentences.end());
    Dataset d = make_tagged_dataset(task, all, corpus.tag_names);
    d.corpus = corpus.name;
    d.source = corpus.source;
    d.tagset = corpus.tagset;
    return d;
  }
  const std::string problem = check_task(task);
  if (!problem.empty()) throw std::invalid_argument(problem);
  const std::vector<CorpusEntry> entries = corpus.entries();
  const CorpusSplit where = split_corpus(entries, task);
  const auto arrived = corpus.by_id();
  const bool complete = corpus.complete();
  if (!complete && corpus.plan.task != corpus_plan_task(task))
    throw CorpusPending(corpus.name + " is still arriving (its plan is for other settings: waiting for all of it)");

  struct Pick {
    const TaggedSentence* sentence;
    std::size_t doc;
  };
  // picks of test, dev, then of each part of train (of the documents that are there)
  std::vector<std::vector<Pick>> picks(static_cast<std::size_t>(2 + where.parts));
  Dataset d;
  d.task = task;
  d.input = InputMode::tokens;
  d.tag_names = corpus.tag_names;
  d.corpus = corpus.name;
  d.source = corpus.source;
  d.tagset = corpus.tagset;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const int s = where.split[i];
    (s == 0 ? d.test_docs : s == 1 ? d.dev_docs : d.train_docs).push_back(entries[i].id);
    const auto doc = arrived.find(entries[i].id);
    if (doc == arrived.end()) continue;
    for (const TaggedSentence& t : doc->second->sentences)
      if (task.max_len == 0 || static_cast<int>(t.words.size()) <= task.max_len)
        picks[split_slot(where, i)].push_back({&t, i});
  }
  const CorpusArrival there = corpus_arrival(corpus, where);
  const int parts_there = there.parts;
  if (!complete && (!there.dev || parts_there == 0))
    throw CorpusPending(corpus.name + " is still arriving (its dev documents and first part are not all there)");
  const char* const kSplitNames[3] = {"test", "dev", "train"};
  for (int s = 0; s < 3; ++s) {
    bool empty = true;
    for (std::size_t i = 0; i < entries.size(); ++i) empty = empty && where.split[i] != s;
    if (empty) {
      throw std::runtime_error(corpus.name + ": the " + kSplitNames[s] + " split has no document (" +
                               std::to_string(entries.size()) + " documents; test " + std::to_string(task.test_frac) +
                               ", dev " + std::to_string(task.dev_frac) + " of each genre)");
    }
  }
  // the run's seed orders each split; train part after part, with one generator
  Rng(task.seed * 4u).shuffle(picks[0]);
  Rng(task.seed * 4u + 1u).shuffle(picks[1]);
  Rng train_order(task.seed * 4u + 2u);
  for (int p = 0; p < where.parts; ++p) train_order.shuffle(picks[static_cast<std::size_t>(2 + p)]);

  std::vector<const TaggedSentence*> sentences;  // test | dev | train (the parts that have arrived)
  const bool test_there = there.test;
  if (test_there)
    for (const Pick& p : picks[0]) {
      sentences.push_back(p.sentence);
      d.test_genres.push_back(entries[p.doc].genre);
    }
  for (const Pick& p : picks[1]) sentences.push_back(p.sentence);
  long train_so_far = 0;
  for (int p = 0; p < where.parts; ++p) {
    const std::vector<Pick>& part = picks[static_cast<std::size_t>(2 + p)];
    if (p < parts_there)
      for (const Pick& q : part) sentences.push_back(q.sentence);
    train_so_far += static_cast<long>(part.size());
    d.train_parts.push_back(train_so_far);
  }
  const std::size_t n_test = test_there ? picks[0].size() : 0;
  if (complete) {
    for (std::size_t k = 0; k < 3; ++k)
      if (k < 2 ? picks[k].empty() : train_so_far == 0)
        throw std::runtime_error(corpus.name + ": the " + kSplitNames[k] + " split has no sentence");
    words_and_sequences(d, sentences, n_test, picks[1].size());
    if (!corpus.plan.task.empty()) {  // a streamed corpus: its header must have said what it holds
      const CorpusPlan got = corpus_plan(d);
      if (got.part_sentences != corpus.plan.part_sentences || got.longest != corpus.plan.longest ||
          got.words != corpus.plan.words || got.counts != corpus.plan.counts)
        throw std::runtime_error(corpus.name +
                                 ": its header's plan (parts, longest sentence, vocabulary) is not what "
                                 "its documents give");
    }
    return d;
  }
  // still arriving: the plan's vocabulary, counts and sizes
  const CorpusPlan& plan = corpus.plan;
  if (plan.part_sentences.size() != d.train_parts.size() || plan.words.size() != plan.counts.size())
    throw std::runtime_error(corpus.name + ": its header's plan does not fit its catalogue");
  d.train_parts.clear();
  long total = 0;
  for (long n : plan.part_sentences) d.train_parts.push_back(total += n);
  sequences_of(d, sentences, n_test, picks[1].size());
  if (static_cast<long>(d.train.size()) != d.train_parts[static_cast<std::size_t>(parts_there - 1)])
    throw std::runtime_error(corpus.name + ": its first parts do not hold the sentences its header announced");
  std::vector<std::string> words = shape_names();
  words.insert(words.end(), plan.words.begin(), plan.words.end());
  d.words = WordVocab::from_list(std::move(words), task.lowercase);
  d.vocab = d.words.size();
  d.token_names = d.words.words();
  read_words_with_vocabulary(d);
  d.train_counts.assign(static_cast<std::size_t>(d.words.num_shapes()), 0);
  d.train_counts.insert(d.train_counts.end(), plan.counts.begin(), plan.counts.end());
  d.longest = plan.longest;
  d.arriving = true;
  return d;
}

CorpusArrival corpus_arrival(const Corpus& corpus, const CorpusSplit& where) {
  const std::vector<CorpusEntry> entries = corpus.entries();
  const auto arrived = corpus.by_id();
  std::vector<char> there(static_cast<std::size_t>(2 + where.parts), 1);  // test, dev, each part
  for (std::size_t i = 0; i < entries.size() && i < where.split.size(); ++i)
    if (arrived.find(entries[i].id) == arrived.end()) there[split_slot(where, i)] = 0;
  CorpusArrival a;
  a.test = there[0] != 0;
  a.dev = there[1] != 0;
  while (a.parts < where.parts && there[static_cast<std::size_t>(2 + a.parts)]) ++a.parts;
  return a;
}

CorpusSplit split_corpus(const std::vector<CorpusEntry>& documents, const TaskConfig& task) {
  // the documents of each genre, in corpus order, shuffled with the fixed split seed; then test | dev | train
  std::vector<std::string> genres;
  for (const CorpusEntry& doc : documents)
    if (std::find(genres.begin(), genres.end(), doc.genre) == genres.end()) genres.push_back(doc.genre);
  CorpusSplit out;
  out.split.assign(documents.size(), 2);
  out.part.assign(documents.size(), -1);
  Rng rng(kCorpusSplitSeed);
  for (const std::string& genre : genres) {
    std::vector<std::size_t> docs;
    for (std::size_t i = 0; i < documents.size(); ++i)
      if (documents[i].genre == genre) docs.push_back(i);
    rng.shuffle(docs);
    const auto share = [&](float frac) {
      return static_cast<std::size_t>(std::lround(frac * static_cast<double>(docs.size())));
    };
    const std::size_t n_test = share(task.test_frac), n_dev = share(task.dev_frac);
    for (std::size_t k = 0; k < docs.size(); ++k) out.split[docs[k]] = k < n_test ? 0 : k < n_test + n_dev ? 1 : 2;
  }
  int train_docs = 0;
  for (int s : out.split) train_docs += s == 2;
  out.parts = std::min(kCorpusParts, train_docs);
  int dealt = 0;
  for (std::size_t i = 0; i < documents.size(); ++i)
    if (out.split[i] == 2) out.part[i] = dealt++ % out.parts;
  return out;
}

std::string corpus_plan_task(const TaskConfig& task) {
  char line[160];
  std::snprintf(line, sizeof line, "dev_frac=%.9g test_frac=%.9g min_count=%d lowercase=%d max_len=%d",
                static_cast<double>(task.dev_frac), static_cast<double>(task.test_frac), task.min_count,
                task.lowercase ? 1 : 0, task.max_len);
  return line;
}

CorpusPlan corpus_plan(const Dataset& d) {
  CorpusPlan p;
  p.task = corpus_plan_task(d.task);
  long before = 0;
  for (long end : d.train_parts) {
    p.part_sentences.push_back(end - before);
    before = end;
  }
  p.longest = d.max_len();
  const int shapes = d.words.num_shapes();
  p.words.assign(d.words.words().begin() + shapes, d.words.words().end());
  p.counts.assign(d.train_counts.begin() + shapes, d.train_counts.end());
  return p;
}

Dataset make_pos_dataset(const TaskConfig& task, const std::vector<ConlluSentence>& sentences) {
  return make_tagged_dataset(task, sentences, upos_tags());
}

Dataset make_pos_dataset(const TaskConfig& task, const std::string& text, const std::string& name) {
  return make_pos_dataset(task, parse_conllu(text, name));
}

// ------------------------------------------------------------------------------------------- own

Dataset make_own_dataset(const TaskConfig& task, const TaggedText& text) {
  const std::string problem = check_task(task);
  if (!problem.empty()) throw std::invalid_argument(problem);
  const std::size_t n = text.sentences.size();
  if (n < 2) throw std::invalid_argument("own data needs at least 2 sentences (one for the dev set)");
  std::vector<const TaggedSentence*> sentences;
  for (const TaggedSentence& s : text.sentences) sentences.push_back(&s);
  // shuffle (Fisher-Yates with our own generator), then cut into dev | train
  Rng(task.seed * 4u + 1u).shuffle(sentences);
  const std::size_t n_dev =
      std::clamp<std::size_t>(static_cast<std::size_t>(std::lround(task.dev_frac * static_cast<double>(n))), 1, n - 1);

  Dataset d;
  d.task = task;
  d.input = InputMode::tokens;
  d.tag_names = text.tag_names;
  words_and_sequences(d, sentences, 0, n_dev);  // dev | train
  return d;
}

double majority_share(const Dataset& data, const std::vector<Sequence>& split, int* tag) {
  std::vector<long> train(static_cast<std::size_t>(data.tags()), 0);
  for (const Sequence& s : data.train)
    for (int t : s.tags)
      if (t >= 0 && t < data.tags()) ++train[static_cast<std::size_t>(t)];
  int best = -1;
  for (int c = 0; c < data.tags(); ++c)
    if (train[static_cast<std::size_t>(c)] > 0 && (best < 0 || train[static_cast<std::size_t>(c)] > train[best]))
      best = c;
  if (tag != nullptr) *tag = best;
  long hits = 0, total = 0;
  for (const Sequence& s : split)
    for (int t : s.tags) {
      if (t < 0) continue;
      ++total;
      hits += t == best;
    }
  return total > 0 ? static_cast<double>(hits) / static_cast<double>(total) : 0.0;
}

// ------------------------------------------------------------------------------------------- corpus

bool read_shipped_data_file(const std::string& file, std::string* text, std::string* path, std::string* tried) {
  std::vector<std::string> candidates;
  if (const char* dir = std::getenv("ATTNLAB_DATA")) candidates.push_back(std::string(dir) + "/" + file);
  candidates.push_back("engine/data/" + file);
#ifdef ATTNLAB_SOURCE_DIR
  candidates.push_back(std::string(ATTNLAB_SOURCE_DIR) + "/engine/data/" + file);  // the checkout built from
#endif
  return read_first_file(candidates, text, path, tried);
}

bool read_first_file(const std::vector<std::string>& candidates, std::string* text, std::string* path,
                     std::string* tried) {
  for (const std::string& candidate : candidates) {
    std::ifstream f(candidate, std::ios::binary);
    if (f) {
      if (path != nullptr) *path = candidate;
      *text = read_text_file(candidate);
      return true;
    }
    if (tried != nullptr) *tried += (tried->empty() ? "" : ", ") + candidate;
  }
  return false;
}

}  // namespace attnlab
