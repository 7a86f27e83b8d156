// data/: the tasks (this file), the word vocabulary (words.h), CoNLL-U (conllu.h), the pos task's corpus
// (the Brown Corpus: brown.h, corpus.h), the baseline (baseline.h) and Chinese segmentation (segmentation.h, seg_zh.txt). Depends on core only: a task knows nothing of the models.
//
// The tasks the tagger learns: one label per input vector, each with a seeded train/dev/test split and
// sequences of varying length. Each task shows one thing about attention (or its absence):
//
//   pos      English part-of-speech tagging: the Brown Corpus (brown.h, real English, 1.16 M words) with the
//            12 universal tags, or a CoNLL-U file with the 17 UPOS tags. Mostly local context, some long-range
//            ("I saw a saw": the second "saw" is a NOUN because of the "a").
//   seen     random tokens; tag 1 if the same token already occurred EARLIER in the sequence, else 0.
//            Content-based lookup at any distance: easy for attention, impossible for a small window.
//   count    tag = how often this token occurs in the whole sequence ("1", "2", ..., "cap+").
//   reverse  tag at position i = the token at position T−1−i. Pure position arithmetic: without a
//            positional encoding attention sees a bag of tokens and cannot do it.
//   sort     tag at position i = the i-th smallest token of the sequence (position + comparison).
//   frames   speech-like: continuous feature vectors (not tokens), piecewise-constant hidden segments plus
//            noise; tag = the segment class of each frame, decidable from a small neighbourhood: truncated
//            (windowed) attention is enough, and cheaper.
//   own      your own data: a file of tagged sentences (tagged_text.h: CoNLL-U, word/TAG lines or
//            word<TAB>TAG columns) with its own tag set; a train and a dev split, no test split.
//   seg_zh   Chinese word segmentation: one label per character, B M E S (begins, middle of, ends a word; a
//            word of one character), from real Chinese (segmentation.h, .deps/seg_zh.txt). Whether a
//            character ends a word often depends on characters two or more places away (研究生命 / 研究生).
//   image    small synthetic images (image.h), one label per pixel, the pixels row by row: background, or the
//            edge or inside of a shape that has, or has not, the colour of the key swatch in the top-left
//            corner. Edge/inside is local (3×3), same/other colour needs the far corner.
//   graph    small random graphs; node features = a one-hot class; tag = the most frequent class among the
//            node's neighbours (ties: the smaller class). Attention restricted to the edges (the allow
//            mask) is message passing: "self-attention on a graph is a kind of GNN".
//
// Every random choice comes from TaskConfig::seed; train, dev and test are drawn from their own seeded
// streams, so changing the size of one split does not change the others.
//
// T = tokens of one sequence, Din = feature width, V = token vocabulary, C = tags, K = classes
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/batch.h"
#include "engine/core/names.h"
#include "engine/data/conllu.h"
#include "engine/data/corpus.h"
#include "engine/data/words.h"

namespace attnlab {

enum class TaskKind { pos, seen, count, reverse, sort, frames, graph, own, seg_zh, image };
inline constexpr EnumName<TaskKind> kTaskKindNames[] = {
    {TaskKind::pos, "pos", "English part of speech: the Brown Corpus, 12 universal tags"},
    {TaskKind::seen, "seen", "was this token seen earlier?"},
    {TaskKind::count, "count", "how often does it occur?"},
    {TaskKind::reverse, "reverse", "the token at T-1-i"},
    {TaskKind::sort, "sort", "the i-th smallest token"},
    {TaskKind::frames, "frames", "speech-like segment classes of noisy feature vectors"},
    {TaskKind::graph, "graph", "the majority class of a node's neighbours"},
    {TaskKind::own, "own", "your data: a file of tagged sentences, with its own tags"},
    {TaskKind::seg_zh, "seg_zh", "Chinese word segmentation, one label per character: B M E S"},
    {TaskKind::image, "image", "label each pixel: background, or a shape's edge or inside, of the key's colour or not"},
};
constexpr NameTable<TaskKind> names_of(TaskKind) { return NameTable<TaskKind>(kTaskKindNames); }
// Tasks of words (pos, own) and characters (seg_zh): a vocabulary with shape tokens for unknown words or
// characters (words.h), sentences typed as text, word dropout while training. The others are synthetic,
// generated from the seed.
constexpr bool is_word_task(TaskKind k) { return k == TaskKind::pos || k == TaskKind::own || k == TaskKind::seg_zh; }

struct TaskConfig {
  TaskKind kind = TaskKind::seen;
  std::uint32_t seed = 1;
  int train = 6000, dev = 500, test = 500;  // sequences per split (synthetic tasks)
  int min_len = 8, max_len = 16;            // sequence length range (synthetic); pos: max_len 0 = no limit
  int vocab = 16;                           // seen, count, reverse, sort: token alphabet size
  int cap = 4;                              // count: tags are 1 .. cap−1 and "cap+"
  int classes = 5;                          // frames: segment classes; graph: node classes; image: colours
  int feat_dim = 8;                         // frames: width of one frame
  float noise = 1.0f;                       // frames, image: noise standard deviation per feature
  int min_seg = 3, max_seg = 8;             // frames: segment length range
  int degree = 2;                           // graph: each node links to 1 .. degree random other nodes
  int image_size = 12;                      // image: side S of the S×S images; min_len = max_len = S·S
  float dev_frac = 0.1f, test_frac = 0.1f;  // pos, own: share of sentences for dev and test (own: none)
  int min_count = 2;                        // pos, own: rarer training words become their shape token (words.h)
  bool lowercase = true;                    // pos, own: case-insensitive vocabulary
};

// Sizes that reach the lecture's results in seconds to a few minutes on two cores (see scripts/results.sh).
TaskConfig default_task_config(TaskKind kind);
// "" when the task can be generated, else a message for the student.
std::string check_task(const TaskConfig& task);

struct Sequence {
  std::vector<int> tokens;          // (T) token ids, tokens mode
  std::vector<float> features;      // (T, Din) features mode
  std::vector<int> tags;            // (T) target tag of every position
  std::vector<std::uint8_t> allow;  // (T, T) graph: 1 = node i may attend to node j (an edge); empty = none
  std::vector<std::string> words;   // (T) original words (pos), for display; empty otherwise
  int length() const { return static_cast<int>(tags.size()); }
};

struct Dataset {
  TaskConfig task;
  InputMode input = InputMode::tokens;
  int vocab = 0;                         // V (tokens mode)
  int input_dim = 0;                     // Din (features mode)
  std::vector<std::string> tag_names;    // (C)
  std::vector<std::string> token_names;  // (V) tokens mode: how token i prints (pos: the vocabulary)
  WordVocab words;                       // pos: word → token id (unknown words → shape tokens)
  std::vector<float> class_means;        // frames: (K, Din) the mean vector of each segment class
  int grid_w = 0, grid_h = 0;            // image: every sequence is a grid_h × grid_w image, row by row; 0 = not
  std::vector<Sequence> train, dev, test;
  // pos from a corpus of documents (make_corpus_dataset): what it is and which documents each split holds
  std::string corpus, source, tagset;                        // Corpus::name, source, tagset
  std::vector<std::string> train_docs, dev_docs, test_docs;  // document ids
  std::vector<std::string> test_genres;                      // (test sequences) the genre of each one's document
  // pos on a corpus of documents: the training split in parts (make_corpus_dataset), part k's sentences at
  // train[train_parts[k−1] .. train_parts[k]); the trainer's first epoch goes through them part by part. Of a
  // corpus still arriving, train holds the parts that have arrived (a prefix), train_parts all of them, and
  // train_counts and longest are its header's. Empty / 0 otherwise: train is all there is.
  std::vector<long> train_parts;
  std::vector<long> train_counts;  // (V) each word's count in the whole training split (shape tokens 0)
  int longest = 0;                 // the longest sequence once all has arrived
  bool arriving = false;           // made from a corpus that has not all arrived (test may be empty until it has)
  bool complete() const { return !arriving; }
  long train_total() const { return train_parts.empty() ? static_cast<long>(train.size()) : train_parts.back(); }
  int parts_arrived() const;  // parts whose sentences are in train
  int tags() const { return static_cast<int>(tag_names.size()); }
  int max_len() const;  // longest sequence of any split (once all has arrived)
  bool has_graphs() const { return task.kind == TaskKind::graph; }
  bool is_image() const { return grid_w > 0; }
};

// Builds a synthetic task (everything but pos and own) from task.seed.
Dataset make_synthetic_dataset(const TaskConfig& task);

// A data set of tagged sentences (tags: indices into tag_names): sentences longer than task.max_len left out,
// shuffled with task.seed, split by dev_frac / test_frac, vocabulary from the training split only (so dev and
// test contain real unknown words). The pos and seg_zh tasks are made this way.
Dataset make_tagged_dataset(const TaskConfig& task, const std::vector<TaggedSentence>& sentences,
                            const std::vector<std::string>& tag_names);
// The pos task from a corpus of documents. With more than one document the split is by document: within
// each genre the documents are shuffled with a fixed seed (kCorpusSplitSeed, not task.seed: the test documents
// stay the same whatever the run's seed) and test_frac, dev_frac of them (rounded) go to test and dev, the
// rest to train. The training documents, in the corpus's order, are dealt in turn to kCorpusParts parts (each
// part a mix of every genre); the training split is part 0's sentences, then part 1's, ..., each part's
// shuffled by task.seed (one generator, part after part), and dev and test are shuffled by it too. A corpus of
// one document (a CoNLL-U file) is split by sentence as make_tagged_dataset does. Sentences longer than
// task.max_len (when not 0) are left out. Vocabulary from the training split only.
//
// A streamed corpus (Corpus::catalogue) that has not all arrived gives the data set of its first parts, once its
// dev documents and at least part 0 are there: the training split holds the parts that have arrived, with the
// vocabulary and counts of its plan (which must be for these task settings). Before that, or with a plan for
// other settings, it throws CorpusPending. Once all has arrived, the plan must be what the corpus gives.
inline constexpr std::uint32_t kCorpusSplitSeed = 1964;
inline constexpr int kCorpusParts = 8;
Dataset make_corpus_dataset(const TaskConfig& task, const Corpus& corpus);
// Where each document of a corpus goes (the same rule as make_corpus_dataset): split[i] 0 test, 1 dev, 2 train;
// part[i] its part of the training split (−1 for dev and test); `parts` of them.
struct CorpusSplit {
  std::vector<int> split, part;
  int parts = 0;
};
CorpusSplit split_corpus(const std::vector<CorpusEntry>& documents, const TaskConfig& task);
// How much of a corpus still arriving is there, by the same rule: its dev documents all there, the training parts
// all there in a row from part 0, its test documents all there. `where` is split_corpus of its entries().
struct CorpusArrival {
  bool dev = false, test = false;
  int parts = 0;
};
CorpusArrival corpus_arrival(const Corpus& corpus, const CorpusSplit& where);
// The task settings a corpus plan is for, as one line ("dev_frac=0.1 test_frac=0.1 min_count=2 lowercase=1 max_len=0").
std::string corpus_plan_task(const TaskConfig& task);
// The plan of a complete corpus's data set (what a streamed corpus's header announces): d from make_corpus_dataset.
CorpusPlan corpus_plan(const Dataset& d);
// The pos task from CoNLL-U sentences (make_tagged_dataset with the 17 UPOS tags).
Dataset make_pos_dataset(const TaskConfig& task, const std::vector<ConlluSentence>& sentences);
// Same, from CoNLL-U text in memory (e.g. the corpus compiled into the binary); name for error messages.
Dataset make_pos_dataset(const TaskConfig& task, const std::string& conllu_text, const std::string& name);

// Builds the own task from tagged text (tagged_text.h): shuffled with task.seed, cut into dev (dev_frac of the
// sentences, at least one) and train (the rest, at least one); the tag set is the text's; vocabulary from the
// training split only, as for pos. No test split. Throws std::invalid_argument with fewer than 2 sentences.
Dataset make_own_dataset(const TaskConfig& task, const TaggedText& text);

// The chance level of a split: the share of its tokens that carry the most frequent tag of the training split
// (what always answering that tag scores). *tag gets that tag (-1 when there are no training tokens).
double majority_share(const Dataset& data, const std::vector<Sequence>& split, int* tag = nullptr);

// Fresh sequences of a synthetic task with lengths in [min_len, max_len], from their own seed (for
// evaluating on lengths never seen in training). Uses the dataset's task parameters (and class means).
std::vector<Sequence> make_synthetic_sequences(const Dataset& data, int count, int min_len, int max_len,
                                               std::uint32_t seed);

// Sequence(s) from words for the pos and own tasks: ids from the vocabulary, unknown words → shape tokens.
Sequence sequence_from_words(const Dataset& data, const std::vector<std::string>& words);

// A data set of words (its sequences hold their words) gets the vocabulary of its training split's words
// (words.h; d.task's min_count and case rule), and every split's token ids are read with it: a word that is not
// in the training split is an unknown word. Every data set of words is made this way; the data-size sweep uses it
// on the first N training sentences.
void vocabulary_from_training_split(Dataset& d);

// A data file of engine/data/ that is not compiled in: the first readable of $ATTNLAB_DATA/<file>,
// engine/data/<file> under the working directory, and the same file in the source tree this engine was compiled
// from; its text in *text and where it was in *path. False (with what was tried, comma-separated) if none is.
bool read_shipped_data_file(const std::string& file, std::string* text, std::string* path, std::string* tried);
// The first readable of `candidates`: its text in *text and its path in *path. False (with what was tried,
// comma-separated, appended to *tried) if none is.
bool read_first_file(const std::vector<std::string>& candidates, std::string* text, std::string* path,
                     std::string* tried);

}  // namespace attnlab
