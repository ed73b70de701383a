// BitVec fields against a bit-at-a-time reference, at every alignment and across words.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "sim_model/blocks/bitvec.h"

namespace wf::blocks {
namespace {

TEST(BitVec, FieldsMatchABitAtATimeReference) {
  std::mt19937_64 rng(3);
  for (unsigned width : {1u, 7u, 63u, 64u, 65u, 130u, 200u}) {
    BitVec v(width);
    std::vector<bool> ref(width, false);
    for (int step = 0; step < 5000; ++step) {
      const unsigned lsb = static_cast<unsigned>(rng() % (width + 2));
      const unsigned w = static_cast<unsigned>(rng() % 65);
      const std::uint64_t value = rng();
      v.set_field(lsb, w, value);
      for (unsigned i = 0; i < w && lsb + i < width; ++i) ref[lsb + i] = (value >> i) & 1;
      const unsigned glsb = static_cast<unsigned>(rng() % (width + 2));
      const unsigned gw = static_cast<unsigned>(rng() % 65);
      std::uint64_t expected = 0;
      for (unsigned i = 0; i < gw && glsb + i < width; ++i)
        expected |= std::uint64_t{ref[glsb + i]} << i;
      ASSERT_EQ(v.get_field(glsb, gw), expected)
          << "width " << width << " field " << glsb << "+" << gw << " step " << step;
    }
    // Bits past the width stay clear, so that equal values compare equal.
    BitVec fresh(width);
    for (unsigned i = 0; i < width; ++i) fresh.set_field(i, 1, ref[i]);
    EXPECT_EQ(v, fresh);
  }
}

}  // namespace
}  // namespace wf::blocks
