// The PTX inside fatbinaries built the way nvcc lays them out, stored plain, as a zstd frame
// and as an LZ4 block, and the errors for what cannot be read.
#include "cuda_runtime/server/fatbinary.h"

#include <gtest/gtest.h>
#include <lz4.h>
#include <zstd.h>

#include <cstring>
#include <string>
#include <vector>

#include "sim_model/common/error.h"

namespace wf::cudart {
namespace {

constexpr std::uint64_t kZstd = 0x8000, kLz4 = 0x2000;

template <class T>
void put(std::vector<std::uint8_t>& b, std::size_t at, T v) {
  std::memcpy(b.data() + at, &v, sizeof v);
}

struct Entry {
  std::uint16_t kind = 1;  // PTX
  unsigned arch = 75;
  std::string text;
  std::uint64_t flags = 0x11;
};

std::vector<std::uint8_t> payload_of(const Entry& e, std::uint32_t& compressed) {
  compressed = 0;
  if (e.flags & kZstd) {
    std::vector<std::uint8_t> out(ZSTD_compressBound(e.text.size()));
    out.resize(ZSTD_compress(out.data(), out.size(), e.text.data(), e.text.size(), 3));
    compressed = static_cast<std::uint32_t>(out.size());
    return out;
  }
  if (e.flags & kLz4) {
    std::vector<std::uint8_t> out(LZ4_compressBound(static_cast<int>(e.text.size())));
    out.resize(LZ4_compress_default(e.text.data(), reinterpret_cast<char*>(out.data()),
                                    static_cast<int>(e.text.size()), static_cast<int>(out.size())));
    compressed = static_cast<std::uint32_t>(out.size());
    return out;
  }
  return {e.text.begin(), e.text.end()};
}

std::vector<std::uint8_t> fatbinary(const std::vector<Entry>& entries) {
  std::vector<std::uint8_t> body;
  for (const Entry& e : entries) {
    std::uint32_t compressed = 0;
    std::vector<std::uint8_t> payload = payload_of(e, compressed);
    payload.resize((payload.size() + 7) / 8 * 8, 0);  // nvcc pads with NULs
    std::vector<std::uint8_t> h(80, 0);
    put<std::uint16_t>(h, 0, e.kind);
    put<std::uint32_t>(h, 4, 80);
    put<std::uint64_t>(h, 8, payload.size());
    put<std::uint32_t>(h, 16, compressed);
    put<std::uint32_t>(h, 24, 0x90000);
    put<std::uint32_t>(h, 28, e.arch);
    put<std::uint64_t>(h, 40, e.flags);
    put<std::uint64_t>(h, 56, e.text.size());
    const std::size_t at = body.size();
    body.resize(at + h.size() + payload.size());
    std::memcpy(body.data() + at, h.data(), h.size());
    std::memcpy(body.data() + at + h.size(), payload.data(), payload.size());
  }
  std::vector<std::uint8_t> f(16, 0);
  put<std::uint32_t>(f, 0, 0xba55ed50);
  put<std::uint16_t>(f, 4, 1);
  put<std::uint16_t>(f, 6, 16);
  put<std::uint64_t>(f, 8, body.size());
  f.resize(16 + body.size());
  std::memcpy(f.data() + 16, body.data(), body.size());
  return f;
}

const std::string kPtx =
    ".version 9.0\n.target sm_75\n.address_size 64\n// " + std::string(300, 'x') + "\n";

TEST(Fatbinary, PlainZstdAndLz4EntriesGiveTheSameText) {
  for (std::uint64_t flags : {std::uint64_t{0x11}, 0x11 | kZstd, 0x11 | kLz4}) {
    const auto images = fatbinary_entries(fatbinary({{1, 75, kPtx, flags}}), "prog");
    ASSERT_EQ(images.size(), 1u) << flags;
    EXPECT_EQ(images[0].data, kPtx) << flags;
    EXPECT_EQ(images[0].arch, 75u);
    EXPECT_EQ(images[0].isa_version, 90u);
  }
}

TEST(Fatbinary, TheLowestPtxArchitectureIsChosen) {
  const auto images = fatbinary_entries(fatbinary({{2, 75,
                                                    "\x7f"
                                                    "ELF",
                                                    0x11},
                                                   {1, 86, "sm86", 0x11},
                                                   {1, 52, "sm52", 0x11}}),
                                        "prog");
  ASSERT_EQ(images.size(), 3u);
  EXPECT_EQ(choose_ptx(images, "prog").data, "sm52");
  ASSERT_NE(choose_cubin(images, 52), nullptr);
  EXPECT_EQ(choose_cubin(images, 52)->arch, 75u);  // the only cubin
}

TEST(Fatbinary, NoPtxSaysHowToRebuild) {
  const auto images = fatbinary_entries(fatbinary({{2, 75,
                                                    "\x7f"
                                                    "ELF",
                                                    0x11}}),
                                        "prog");
  try {
    choose_ptx(images, "prog");
    FAIL() << "expected an error";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("compute_75"), std::string::npos) << e.what();
  }
}

TEST(Fatbinary, UnknownCompressionNamesTheNvccFlag) {
  auto f = fatbinary({{1, 75, kPtx, 0x11 | kZstd}});
  put<std::uint64_t>(f, 16 + 40, 0x11 | 0x40000);  // a method warpforge does not know
  try {
    fatbinary_entries(f, "prog");
    FAIL() << "expected an error";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("nvcc -no-compress"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("prog (PTX for sm_75)"), std::string::npos) << e.what();
  }
}

TEST(Fatbinary, CorruptOrTruncatedDataIsRefused) {
  auto zstd = fatbinary({{1, 75, kPtx, 0x11 | kZstd}});
  zstd[16 + 80 + 6] ^= 0xff;
  EXPECT_THROW(fatbinary_entries(zstd, "prog"), UsageError);
  auto lz4 = fatbinary({{1, 75, kPtx, 0x11 | kLz4}});
  put<std::uint64_t>(lz4, 16 + 56, kPtx.size() + 5);  // claims more than the block holds
  EXPECT_THROW(fatbinary_entries(lz4, "prog"), UsageError);
  auto f = fatbinary({{1, 75, kPtx, 0x11}});
  EXPECT_THROW(fatbinary_entries(std::span(f).first(f.size() - 9), "prog"), UsageError);
  f[0] ^= 1;
  EXPECT_THROW(fatbinary_entries(f, "prog"), UsageError);
}

}  // namespace
}  // namespace wf::cudart
