// The text helpers the Yosys log readers, the Liberty reader and the launch-spec reader share.
#include <gtest/gtest.h>

#include <string_view>
#include <vector>

#include "sim_model/common/text.h"

namespace wf::text {
namespace {

using Views = std::vector<std::string_view>;

TEST(Text, TrimDropsWhiteSpaceAtBothEndsOnly) {
  EXPECT_EQ(trim("  a b\t\r\n"), "a b");
  EXPECT_EQ(trim("a"), "a");
  EXPECT_EQ(trim(" \t "), "");
  EXPECT_EQ(trim(""), "");
}

TEST(Text, SplitLinesKeepsEmptyLinesButNoneAfterTheLastNewline) {
  EXPECT_EQ(split_lines("a\n\nb\n"), (Views{"a", "", "b"}));
  EXPECT_EQ(split_lines("a\nb"), (Views{"a", "b"}));
  EXPECT_EQ(split_lines(""), Views{});
  EXPECT_EQ(split_lines("\n"), (Views{""}));
}

TEST(Text, SplitWordsOnRunsOfSpacesTabsAndCarriageReturns) {
  EXPECT_EQ(split_words("  Number of\tcells:   16\r"), (Views{"Number", "of", "cells:", "16"}));
  EXPECT_EQ(split_words(" \t\r"), Views{});
  EXPECT_EQ(split_words("one"), (Views{"one"}));
}

TEST(Text, IdentifierIsACIdentifier) {
  EXPECT_TRUE(is_identifier("_a1"));
  EXPECT_TRUE(is_identifier("Buffer_2"));
  EXPECT_FALSE(is_identifier(""));
  EXPECT_FALSE(is_identifier("1a"));
  EXPECT_FALSE(is_identifier("a-b"));
  EXPECT_FALSE(is_identifier("a$"));
}

}  // namespace
}  // namespace wf::text
