// The enum name tables (engine/core/names.h): every value has one name, in enum order (model files store an enum as
// its index in the table), names round-trip, and an unknown name is refused.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "engine/core/batch.h"
#include "engine/data/tasks.h"
#include "engine/models/model.h"
#include "engine/settings/settings.h"

namespace attnlab {
namespace {

template <typename E>
void expect_table_in_enum_order() {
  std::set<std::string> seen;
  int i = 0;
  for (const EnumName<E>& n : names_of(E{})) {
    EXPECT_EQ(static_cast<int>(n.value), i) << n.name << " is not at its enum value's index";
    EXPECT_TRUE(seen.insert(n.name).second) << "the name " << n.name << " is used twice";
    EXPECT_STRNE(n.help, "") << n.name << " has no help";
    E back{};
    ASSERT_TRUE(from_string(n.name, &back));
    EXPECT_EQ(back, n.value);
    EXPECT_STREQ(to_string(n.value), n.name);
    ++i;
  }
  EXPECT_EQ(enum_count<E>(), i);
  E untouched = names_of(E{}).begin()->value;
  EXPECT_FALSE(from_string("no-such-name", &untouched));
  EXPECT_EQ(untouched, names_of(E{}).begin()->value);
}

TEST(Names, EveryTableIsInEnumOrderAndRoundTrips) {
  expect_table_in_enum_order<InputMode>();
  expect_table_in_enum_order<Activation>();
  expect_table_in_enum_order<PosEnc>();
  expect_table_in_enum_order<AttnNorm>();
  expect_table_in_enum_order<Relevance>();
  expect_table_in_enum_order<ModelKind>();
  expect_table_in_enum_order<RnnCell>();
  expect_table_in_enum_order<TaskKind>();
  expect_table_in_enum_order<MaskKind>();
}

TEST(Names, ListsAndJoins) {
  EXPECT_EQ(join_names(enum_names<AttnNorm>()), "softmax, relu, sigmoid");
  EXPECT_EQ(enum_names<TaskKind>().front(), "pos");
}

TEST(Names, AValueQuotedBackInAMessageIsShort) {
  EXPECT_EQ(shown_value("heads"), "heads");
  EXPECT_EQ(shown_value(std::string(48, 'x')), std::string(48, 'x'));
  EXPECT_EQ(shown_value(std::string(5000, 'x')), std::string(48, 'x') + "\u2026 (5000 bytes)");
  // 我 is 3 bytes: 17 of them are 51 bytes, cut after the 16th (48 bytes), never inside a character
  std::string zh;
  for (int i = 0; i < 17; ++i) zh += "\u6211";
  EXPECT_EQ(shown_value(zh), zh.substr(0, 48) + "\u2026 (51 bytes)");
  EXPECT_EQ(shown_value(zh, 4), "\u6211\u2026 (51 bytes)");
}

}  // namespace
}  // namespace attnlab
