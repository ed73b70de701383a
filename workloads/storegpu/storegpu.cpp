// Host driver and CPU reference for storegpu.cu.
#include <array>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::storegpu {
namespace {

constexpr unsigned kBlock = 256;
constexpr std::size_t kChunkBytes = 256;  // kChunkBytes in storegpu.cu
// BLOCKLAT Table 3 runs StoreGPU with 3 concurrent CTAs per SM: 40 registers per thread give 3
// CTAs of 256 threads in gtx480's 32768 registers (ptxas for sm_75 allocates 32, which fits 4).
constexpr unsigned kRegsPerThread = 40;

using Digest = std::array<std::uint32_t, 4>;

// RFC 1321 written from its text as a loop over tables, for messages of any length, so that it
// shares neither the kernel's unrolled form nor its fixed chunk size.
class Md5 {
 public:
  static Digest of(const std::uint8_t* message, std::size_t bytes) {
    Digest h = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
    std::vector<std::uint8_t> padded(message, message + bytes);
    padded.push_back(0x80);
    while (padded.size() % 64 != 56) padded.push_back(0);
    const std::uint64_t bits = static_cast<std::uint64_t>(bytes) * 8;
    for (int i = 0; i < 8; ++i) padded.push_back(static_cast<std::uint8_t>(bits >> (8 * i)));
    for (std::size_t off = 0; off < padded.size(); off += 64) compress(h, &padded[off]);
    return h;
  }

 private:
  static void compress(Digest& h, const std::uint8_t* block) {
    static constexpr std::array<std::uint32_t, 64> kT = {
        0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613,
        0xfd469501, 0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193,
        0xa679438e, 0x49b40821, 0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d,
        0x02441453, 0xd8a1e681, 0xe7d3fbc8, 0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed,
        0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a, 0xfffa3942, 0x8771f681, 0x6d9d6122,
        0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70, 0x289b7ec6, 0xeaa127fa,
        0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665, 0xf4292244,
        0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
        0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb,
        0xeb86d391};
    static constexpr std::array<int, 16> kShift = {7, 12, 17, 22, 5, 9,  14, 20,
                                                   4, 11, 16, 23, 6, 10, 15, 21};
    std::array<std::uint32_t, 16> x{};
    for (int i = 0; i < 16; ++i)
      for (int k = 0; k < 4; ++k) x[i] |= static_cast<std::uint32_t>(block[4 * i + k]) << (8 * k);
    std::uint32_t a = h[0], b = h[1], c = h[2], d = h[3];
    for (int i = 0; i < 64; ++i) {
      const int round = i / 16;
      std::uint32_t f = 0;
      int g = 0;
      switch (round) {
        case 0:
          f = (b & c) | (~b & d), g = i;
          break;
        case 1:
          f = (b & d) | (c & ~d), g = (5 * i + 1) % 16;
          break;
        case 2:
          f = b ^ c ^ d, g = (3 * i + 5) % 16;
          break;
        default:
          f = c ^ (b | ~d), g = (7 * i) % 16;
          break;
      }
      const std::uint32_t sum = a + f + x[g] + kT[i];
      const int s = kShift[4 * round + i % 4];
      a = d;
      d = c;
      c = b;
      b += (sum << s) | (sum >> (32 - s));
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
  }
};

Digest md5_of(std::string_view text) {
  return Md5::of(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
}

// RFC 1321 A.5's test suite (digests as the little-endian words of its hex strings), from the
// empty message to two blocks, so a broken reference cannot agree with a broken kernel.
bool reference_matches_rfc1321() {
  return md5_of("") == Digest{0xd98c1dd4, 0x04b2008f, 0x980980e9, 0x7e42f8ec} &&
         md5_of("abc") == Digest{0x98500190, 0xb04fd23c, 0x7d3f96d6, 0x727fe128} &&
         md5_of("message digest") == Digest{0x7d696bf9, 0x8d93b77c, 0x312f5a52, 0xd061f1aa} &&
         md5_of(
             "1234567890123456789012345678901234567890123456789012345678901234567890123456"
             "7890") == Digest{0xa2f4ed57, 0x55c9e32b, 0x2eda49ac, 0x7ab60721};
}

RunResult run_storegpu(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto chunks =
      choose_size("storegpu", options, {.fallback = 384 * kBlock, .min = 1, .max = 1 << 20});
  SplitMix64 rng(options.seed);
  std::vector<std::uint32_t> data(chunks * kChunkBytes / 4);
  for (auto& w : data) w = static_cast<std::uint32_t>(rng.next());
  std::vector<std::uint32_t> expected(4 * chunks);
  for (std::size_t c = 0; c < chunks; ++c) {
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(data.data()) + c * kChunkBytes;
    const Digest d = Md5::of(bytes, kChunkBytes);
    std::memcpy(&expected[4 * c], d.data(), sizeof d);
  }

  Session session(runtime, "storegpu");
  if (!reference_matches_rfc1321())
    return session.finish("the CPU reference fails the RFC 1321 test suite");
  gpu::DevPtr d_data = runtime.upload(data);
  gpu::DevPtr d_digests = runtime.malloc(chunks * 16);
  const auto ctas = static_cast<std::uint32_t>((chunks + kBlock - 1) / kBlock);
  session.launch("md5_chunks", {ctas}, {kBlock},
                 {arg(d_data), arg(d_digests), arg(static_cast<int>(chunks))});
  const auto digests = runtime.download<std::uint32_t>(d_digests, 4 * chunks);
  for (auto p : {d_data, d_digests}) runtime.free(p);
  return session.finish(first_mismatch("digest word", expected, digests));
}

}  // namespace

WF_WORKLOAD("storegpu",
            "StoreGPU direct hashing: the MD5 digest (RFC 1321) of one 256-byte chunk per "
            "thread, read from global memory; integer only, no barriers",
            "256-byte chunks (default 98304: 384 CTAs of 256 threads)", run_storegpu, 1000,
            {"blocklat"}, kRegsPerThread);

}  // namespace wf::workloads::storegpu
