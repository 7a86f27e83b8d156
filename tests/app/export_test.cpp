// Saving a view's numbers (web/app/export.h): every view's CSV parses (RFC 4180) and holds the App's own
// numbers, read back exactly; views without numbers say why instead of giving an empty table.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "web/app/app.h"
#include "web/app/export.h"

namespace attnlab {
namespace {

using Rows = std::vector<std::vector<std::string>>;

// RFC 4180: fields split by commas, lines by CRLF, "..." quotes with "" for a quote inside.
Rows parse_csv(const std::string& text) {
  Rows rows;
  std::vector<std::string> row;
  std::string field;
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') field += text[i++];
      else if (c == '"') quoted = false;
      else field += c;
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      row.push_back(field);
      field.clear();
    } else if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
      row.push_back(field);
      field.clear();
      rows.push_back(row);
      row.clear();
      ++i;
    } else {
      field += c;
    }
  }
  EXPECT_TRUE(field.empty() && row.empty()) << "the text must end with CRLF";
  return rows;
}

float as_float(const std::string& s) { return std::strtof(s.c_str(), nullptr); }

class Export : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    app_ = new App();
    ASSERT_TRUE(app_->runs.main.trainer) << app_->runs.main.error;
    app_->train_steps(60);
    app_->refresh_view();
  }
  static void TearDownTestSuite() {
    delete app_;
    app_ = nullptr;
  }
  static App* app_;
};
App* Export::app_ = nullptr;

TEST_F(Export, AttentionIsTheShownHeadRowPerQuery) {
  App& app = *app_;
  app.picks.layer = 1;
  app.picks.head = 2;
  const Rows rows = parse_csv(view_csv(app, Panel::attention));
  const InputView& v = app.view;
  ASSERT_EQ(v.tokens.size(), 4u);  // "I saw a saw"
  ASSERT_EQ(rows.size(), v.tokens.size() + 1);
  ASSERT_EQ(rows[0].size(), v.tokens.size() + 1);
  for (std::size_t j = 0; j < v.tokens.size(); ++j) EXPECT_EQ(rows[0][j + 1], v.tokens[j]);
  const float* w = v.head(1, 2);
  bool differs_from_head_0 = false;
  for (int i = 0; i < v.len; ++i) {
    EXPECT_EQ(rows[static_cast<std::size_t>(i) + 1][0], v.tokens[static_cast<std::size_t>(i)]);
    for (int j = 0; j < v.len; ++j) {
      const float got = as_float(rows[static_cast<std::size_t>(i) + 1][static_cast<std::size_t>(j) + 1]);
      EXPECT_EQ(got, w[i * v.len + j]) << "read back exactly, row " << i << " col " << j;
      differs_from_head_0 = differs_from_head_0 || got != v.head(0, 0)[i * v.len + j];
    }
  }
  EXPECT_TRUE(differs_from_head_0) << "the picked head, not the first";
  EXPECT_EQ(export_file_name(app, Panel::attention, ExportFormat::csv),
            "attnlab-attention-L2H3-step" + std::to_string(app.runs.main.step()) + ".csv");
  app.picks = ViewPicks{};
}

TEST_F(Export, TokensWithCommasAndQuotesAreQuoted) {
  EXPECT_EQ(csv_field("saw"), "saw");
  EXPECT_EQ(csv_field("a,b"), "\"a,b\"");
  EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
  App& app = *app_;
  ASSERT_EQ(app.set_input("Hello , \"world\""), "");
  app.refresh_view();
  ASSERT_TRUE(app.view.error.empty()) << app.view.error;
  const Rows rows = parse_csv(view_csv(app, Panel::attention));
  ASSERT_EQ(rows[0].size(), app.view.tokens.size() + 1);
  for (std::size_t j = 0; j < app.view.tokens.size(); ++j) EXPECT_EQ(rows[0][j + 1], app.view.tokens[j]);
  ASSERT_EQ(app.set_input("I saw a saw"), "");
  app.refresh_view();
}

TEST_F(Export, NumbersReadBackExactly) {
  for (double v : {0.1, 1.0 / 3.0, 123456.789, -2.5e-12, 7.0})
    EXPECT_EQ(std::strtod(csv_number(v).c_str(), nullptr), v) << csv_number(v);
  EXPECT_EQ(csv_number(0.5), "0.5");
  EXPECT_EQ(csv_number(NAN), "");
}

TEST_F(Export, TrainingHasOneRowPerLoggedPoint) {
  App& app = *app_;
  const Rows rows = parse_csv(view_csv(app, Panel::training));
  const auto& hist = app.runs.main.trainer->history();
  ASSERT_FALSE(hist.empty());
  ASSERT_EQ(rows.size(), hist.size() + 1);
  EXPECT_EQ(rows[0][0], "step");
  EXPECT_EQ(rows[0][1], "loss");
  EXPECT_EQ(std::stol(rows.back()[0]), hist.back().step);
  EXPECT_EQ(std::strtod(rows.back()[1].c_str(), nullptr), hist.back().loss);
  EXPECT_EQ(hist.back().step, app.runs.main.trainer->metrics().step);
}

TEST_F(Export, StepIsTheQuerysComputation) {
  App& app = *app_;
  app.picks.query = 3;  // the second "saw"
  const Rows rows = parse_csv(view_csv(app, Panel::step));
  ASSERT_EQ(rows[0], (std::vector<std::string>{"name", "row", "col", "row_token", "col_token", "value"}));
  const SeqModel<float>& m = app.runs.main.trainer->model();
  const int Dh = m.config().dim / m.config().heads, T = app.view.len;
  float weights = 0;
  std::vector<float> b, o;
  int keys = 0;
  for (const auto& r : rows) {
    if (r[0] == "alpha'") {
      weights += as_float(r[5]);
      EXPECT_EQ(r[3], "saw");
    }
    if (r[0] == "k") ++keys;
    if (r[0] == "b") b.push_back(as_float(r[5]));
    if (r[0] == "O") o.push_back(as_float(r[5]));
  }
  EXPECT_NEAR(weights, 1.0f, 1e-5f) << "softmax weights of one query sum to 1";
  EXPECT_EQ(keys, T * Dh);
  ASSERT_EQ(b.size(), static_cast<std::size_t>(Dh));
  ASSERT_EQ(o.size(), b.size());
  for (std::size_t d = 0; d < b.size(); ++d) EXPECT_NEAR(b[d], o[d], 1e-5f) << "b = Σ α'v is the engine's O";
  app.picks = ViewPicks{};
}

TEST_F(Export, MatrixHoldsEveryTileCell) {
  App& app = *app_;
  const Rows rows = parse_csv(view_csv(app, Panel::matrix));
  std::string why;
  const SeqModel<float>* m = shown_attention_model(app, &why);
  ASSERT_TRUE(m) << why;
  std::size_t cells = 0;
  for (const MatrixTile& t : matrix_tiles(*m, app.view.tokens, 0, 0)) cells += static_cast<std::size_t>(t.data.size());
  EXPECT_EQ(rows.size(), cells + 1);
  // A' = norm(A) of query 0, key 1, as the tile has it
  const std::vector<MatrixTile> tiles = matrix_tiles(*m, app.view.tokens, 0, 0);
  bool found = false;
  for (const auto& r : rows) {
    if (r[0] == "A' = norm(A)" && r[1] == "0" && r[2] == "1") {
      EXPECT_EQ(as_float(r[5]), tiles[8].data(0, 1));
      found = true;
    }
  }
  EXPECT_TRUE(found);
}

TEST_F(Export, PositionalEncodingIsTheTable) {
  App& app = *app_;
  const Rows rows = parse_csv(view_csv(app, Panel::pe));
  const PeTables pe = pe_tables(app);
  ASSERT_EQ(rows.size(), static_cast<std::size_t>(app.state.pe_len) + 1);
  ASSERT_EQ(rows[0].size(), static_cast<std::size_t>(app.state.dim) + 1);
  EXPECT_EQ(rows[0][1], "d1");
  EXPECT_EQ(as_float(rows[6][3]), pe.shown(5, 2));
  EXPECT_EQ(rows[6][0], "5");
}

TEST_F(Export, EmbeddingsHistoryAndCompare) {
  App& app = *app_;
  const Rows emb = parse_csv(view_csv(app, Panel::embeddings));
  ASSERT_EQ(emb.size(), app.embeddings.map.words.size() + 1);
  EXPECT_EQ(emb[0], (std::vector<std::string>{"word", "tag", "x", "y", "neighbour"}));
  EXPECT_EQ(emb[1][0], app.embeddings.map.words[0]);
  EXPECT_EQ(as_float(emb[1][2]), app.embeddings.map.points[0]);

  const Rows hist = parse_csv(view_csv(app, Panel::history));
  const auto& snaps = app.runs.main.trainer->snapshots();
  std::size_t expect = 1;
  for (const Snapshot& s : snaps) expect += static_cast<std::size_t>(s.layers * s.heads * s.len);
  EXPECT_EQ(hist.size(), expect);
  EXPECT_EQ(as_float(hist[1][4]), snaps[0].head(0, 0)[0]);

  const Rows cmp = parse_csv(view_csv(app, Panel::compare));
  EXPECT_EQ(cmp.size(), app.runs.main.trainer->history().size() + 1) << "no baseline trained yet: attention only";
  EXPECT_EQ(cmp[1][0], "attention");
}

TEST_F(Export, DataAndModel) {
  App& app = *app_;
  const Rows data = parse_csv(view_csv(app, Panel::data));
  ASSERT_EQ(data.size(), 5u);
  EXPECT_EQ(data[2][1], "saw");
  EXPECT_EQ(data[2][2], app.tag_name(app.view.predicted[1]));
  const Rows model = parse_csv(view_csv(app, Panel::model));
  bool heads = false;
  for (const auto& r : model) heads = heads || (r[0] == "heads" && r[1] == "4");
  EXPECT_TRUE(heads);
}

TEST(ExportWithout, ViewsWithoutNumbersSayWhy) {
  App app;
  ASSERT_TRUE(app.set_state({{"model", "cnn"}}).empty());
  for (Panel p : {Panel::attention, Panel::step, Panel::matrix}) {
    const std::string why = csv_unavailable(app, p);
    EXPECT_NE(why.find("no attention"), std::string::npos) << to_string(p) << ": " << why;
    EXPECT_THROW(view_csv(app, p), std::runtime_error);
  }
  EXPECT_NE(csv_unavailable(app, Panel::training).find("nothing is recorded"), std::string::npos);
  EXPECT_EQ(csv_unavailable(app, Panel::pe), "");
  try {
    view_csv(app, Panel::history);
    ADD_FAILURE() << "history without snapshots must throw";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()).rfind("history: ", 0), 0u) << e.what();
  }
}

}  // namespace
}  // namespace attnlab
