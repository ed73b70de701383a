// Golden model of the LWM sub-warp packer against hand-derived sub-warp sequences.
#include <gtest/gtest.h>

#include <vector>

#include "sim_model/blocks/subwarp_packer.h"
#include "sim_model/presets/machine.h"

namespace wf::blocks {
namespace {

using PackerIn = SubwarpPacker::In;
using Out = SubwarpPacker::Out;

struct Sub {
  std::uint64_t mask;
  std::vector<unsigned> row;  // per lane
  bool done;
  bool operator==(const Sub&) const = default;
};

std::ostream& operator<<(std::ostream& os, const Sub& s) {
  os << "{mask " << s.mask << ", rows";
  for (unsigned r : s.row) os << ' ' << r;
  return os << ", done " << s.done << '}';
}

PackerIn load(std::vector<std::uint64_t> rows, SubwarpMode mode) {
  PackerIn in;
  in.load_valid = true;
  in.mode = static_cast<std::uint8_t>(mode);
  for (std::size_t r = 0; r < rows.size(); ++r) in.active_mask[r] = rows[r];
  return in;
}

// Loads `in`, then takes a sub-warp every cycle until none is offered.
std::vector<Sub> drain(SubwarpPacker& b, const PackerIn& in) {
  EXPECT_TRUE(b.eval(in).load_ready);
  b.tick(in);
  PackerIn take;
  take.subwarp_ready = true;
  std::vector<Sub> out;
  for (Out o = b.eval(take); o.subwarp_valid; o = b.eval(take)) {
    Sub s{o.subwarp_mask, {}, o.done};
    for (unsigned l = 0; l < b.params().num_lanes; ++l) s.row.push_back(o.row[l]);
    out.push_back(s);
    EXPECT_EQ(o.load_ready, o.done);
    b.tick(take);
    EXPECT_LE(out.size(), 64u);
  }
  EXPECT_TRUE(b.empty());
  return out;
}

// Rows of a 4 x 4 large warp (lane 0 is bit 0); column populations 2, 2, 2, 1.
const std::vector<std::uint64_t> kMask = {0b0101, 0b0011, 0b1000, 0b0110};

TEST(SubwarpPacker, PackTakesTheLowestActiveRowOfEveryColumn) {
  SubwarpPacker b(SubwarpPackerParams{4, 4});
  EXPECT_EQ(drain(b, load(kMask, SubwarpMode::kPack)),
            (std::vector<Sub>{{0b1111, {0, 1, 0, 2}, false}, {0b0111, {1, 3, 3, 0}, true}}));
}

TEST(SubwarpPacker, RowsSendsEachNonEmptyRowInOrder) {
  SubwarpPacker b(SubwarpPackerParams{5, 4});
  std::vector<std::uint64_t> mask = {0, 0b0101, 0, 0b1000, 0b0110};
  EXPECT_EQ(drain(b, load(mask, SubwarpMode::kRows)),
            (std::vector<Sub>{{0b0101, {1, 0, 1, 0}, false},
                              {0b1000, {0, 0, 0, 3}, false},
                              {0b0110, {0, 4, 4, 0}, true}}));
}

TEST(SubwarpPacker, SingleSendsPacksFirstSubwarpAndRetiresTheRest) {
  SubwarpPacker b(SubwarpPackerParams{4, 4});
  EXPECT_EQ(drain(b, load(kMask, SubwarpMode::kSingle)),
            (std::vector<Sub>{{0b1111, {0, 1, 0, 2}, true}}));
}

TEST(SubwarpPacker, ReservedModePacks) {
  SubwarpPacker b(SubwarpPackerParams{4, 4});
  EXPECT_EQ(drain(b, load(kMask, SubwarpMode::kReserved)).size(), 2u);
}

TEST(SubwarpPacker, OneRowAndOddLaneCounts) {
  SubwarpPacker b(SubwarpPackerParams{1, 24});
  // Lanes beyond the 24th are not threads of the large warp.
  const auto subs = drain(b, load({0xFF00F0F1ull}, SubwarpMode::kPack));
  ASSERT_EQ(subs.size(), 1u);
  EXPECT_EQ(subs[0].mask, 0x00F0F1u);
  EXPECT_TRUE(subs[0].done);
  EXPECT_EQ(drain(b, load({0xFFFFFF}, SubwarpMode::kRows)).size(), 1u);
}

TEST(SubwarpPacker, FullColumnTakesOneSubwarpPerRow) {
  SubwarpPacker b(SubwarpPackerParams{12, 12});
  std::vector<std::uint64_t> mask(12, 0b100);
  mask[0] = 0xFFF;
  const auto subs = drain(b, load(mask, SubwarpMode::kPack));
  ASSERT_EQ(subs.size(), 12u);
  EXPECT_EQ(subs[0].mask, 0xFFFu);
  for (unsigned i = 1; i < 12; ++i) {
    EXPECT_EQ(subs[i].mask, 0b100u);
    EXPECT_EQ(subs[i].row[2], i);
  }
}

TEST(SubwarpPacker, HandshakeHoldsRefusesAndLoadsBackToBack) {
  SubwarpPacker b(SubwarpPackerParams{4, 4});
  const PackerIn first = load(kMask, SubwarpMode::kPack);
  b.tick(first);
  // Not taken: the same sub-warp is offered again, and a load is refused.
  PackerIn wait = load({0b1111}, SubwarpMode::kRows);
  Out o = b.eval(wait);
  EXPECT_TRUE(o.subwarp_valid);
  EXPECT_FALSE(o.load_ready);
  b.tick(wait);
  EXPECT_EQ(b.eval(wait), o);
  EXPECT_EQ(b.mode(), SubwarpMode::kPack);
  // Take the first; with the last one taken, a load in the same cycle is accepted.
  PackerIn take;
  take.subwarp_ready = true;
  b.tick(take);
  PackerIn both = wait;
  both.subwarp_ready = true;
  o = b.eval(both);
  EXPECT_TRUE(o.done);
  EXPECT_TRUE(o.load_ready);
  b.tick(both);
  EXPECT_EQ(b.mode(), SubwarpMode::kRows);
  o = b.eval(PackerIn{});
  EXPECT_EQ(o.subwarp_mask, 0b1111u);
  EXPECT_TRUE(o.done);
  EXPECT_FALSE(o.load_ready);  // offered, not taken
}

TEST(SubwarpPacker, EmptyMaskOffersNothing) {
  SubwarpPacker b(SubwarpPackerParams{4, 4});
  b.tick(load({0, 0, 0, 0}, SubwarpMode::kPack));
  const Out o = b.eval(PackerIn{});
  EXPECT_FALSE(o.subwarp_valid);
  EXPECT_FALSE(o.done);
  EXPECT_TRUE(o.load_ready);
}

TEST(SubwarpPacker, ResetEmptiesTheCopy) {
  SubwarpPacker b(SubwarpPackerParams{4, 4});
  b.tick(load(kMask, SubwarpMode::kRows));
  EXPECT_FALSE(b.empty());
  b.reset();
  EXPECT_TRUE(b.empty());
  EXPECT_EQ(b.mode(), SubwarpMode::kPack);
}

TEST(SubwarpPacker, PortsHaveTheGeneratedWidths) {
  const SubwarpPackerParams one{1, 24}, odd{12, 12};
  EXPECT_EQ(SubwarpPacker::in_ports(one, {})[2].value.width(), 24u);
  // One row: a row index has no bits, so there is no row port.
  const auto one_out = SubwarpPacker::out_ports(one, {});
  ASSERT_EQ(one_out.size(), 4u);
  for (const auto& port : one_out) EXPECT_NE(port.name, "subwarp_row_o");
  EXPECT_EQ(SubwarpPacker::out_ports(odd, {})[3].name, "subwarp_row_o");
  EXPECT_EQ(SubwarpPacker::in_ports(odd, {})[2].value.width(), 144u);
  EXPECT_EQ(SubwarpPacker::out_ports(odd, {})[3].value.width(), 48u);  // 4 row bits per lane
}

TEST(SubwarpPacker, LanesAreTheMachinesWarpSize) {
  const auto ps = SubwarpPackerParams::for_machine(load_machine("gtx480"));
  ASSERT_EQ(ps.size(), 1u);
  EXPECT_EQ(ps[0].num_lanes, 32u);
  EXPECT_EQ(ps[0].num_rows, 8u);  // lwm-core's 256-thread large warps
}

}  // namespace
}  // namespace wf::blocks
