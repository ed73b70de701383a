// The text helpers the Yosys log readers, the Liberty reader and the launch-spec reader share.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "sim_model/common/error.h"
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

TEST(Text, BoundMessageCutsLongNamesAndSaysHowLong) {
  const std::string name(1'000'000, 'a');
  const std::string cut = bound_message("found " + name + "; pass --param");
  EXPECT_EQ(cut, "found " + std::string(48, 'a') + "..." + std::string(16, 'a') +
                     " (1000000 characters); pass --param");
  const std::string longest(kMaxMessageName, 'b');
  EXPECT_EQ(bound_message("x '" + longest + "' y"), "x '" + longest + "' y");
  EXPECT_EQ(bound_message("lrr_arbiter_w24.v:59:33: Can't find 'last_warp_q'"),
            "lrr_arbiter_w24.v:59:33: Can't find 'last_warp_q'");
}

TEST(Text, BoundMessageCutsALongMessageAtACharacterBoundary) {
  std::string words;
  while (words.size() < 2 * kMaxMessage) words += "\u00e9t\u00e9 ";  // two-byte characters
  const std::string cut = bound_message(words);
  EXPECT_LT(cut.size(), kMaxMessage + 40);
  EXPECT_NE(cut.find(" more bytes)"), std::string::npos);
  const std::size_t dots = cut.rfind("... (");
  ASSERT_NE(dots, std::string::npos);
  EXPECT_NE(static_cast<unsigned char>(cut[dots - 1]), 0xC3);  // no half of a character
}

// Every error message goes through it, whichever names it quotes.
TEST(Text, ErrorsBoundTheirMessages) {
  const std::string name(1'000'000, 'm');
  EXPECT_LT(std::string(UsageError("found " + name).what()).size(), 200u);
  EXPECT_LT(std::string(CheckFailure(name + " ran out").what()).size(), 200u);
}

}  // namespace
}  // namespace wf::text
