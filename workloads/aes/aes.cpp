// Host driver and CPU reference for aes.cu: the key schedule and the decryption tables are
// built here, the reference is the byte-oriented cipher of FIPS-197 (no tables), so the check
// does not share the kernel's table construction.
#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::aes {
namespace {

constexpr unsigned kThreads = 256;
constexpr int kRounds = 10;
using Block = std::array<std::uint8_t, 16>;
using RoundKeys = std::array<std::uint32_t, 4 * (kRounds + 1)>;

// Multiplication in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1.
std::uint8_t gf_mul(std::uint8_t a, std::uint8_t b) {
  std::uint8_t p = 0;
  for (; b != 0; b >>= 1) {
    if (b & 1) p ^= a;
    a = static_cast<std::uint8_t>((a << 1) ^ ((a & 0x80) ? 0x1b : 0));
  }
  return p;
}

std::uint8_t rotl8(std::uint8_t x, int n) {
  return static_cast<std::uint8_t>((x << n) | (x >> (8 - n)));
}

// FIPS-197 §5.1.1: the multiplicative inverse followed by the affine transformation.
struct SBoxes {
  std::array<std::uint8_t, 256> forward{}, inverse{};
  SBoxes() {
    for (int x = 0; x < 256; ++x) {
      std::uint8_t inv = 0;
      for (int y = 1; y < 256 && x != 0; ++y)
        if (gf_mul(static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y)) == 1)
          inv = static_cast<std::uint8_t>(y);
      const auto s = static_cast<std::uint8_t>(inv ^ rotl8(inv, 1) ^ rotl8(inv, 2) ^ rotl8(inv, 3) ^
                                               rotl8(inv, 4) ^ 0x63);
      forward[x] = s;
      inverse[s] = static_cast<std::uint8_t>(x);
    }
  }
};

const SBoxes& sboxes() {
  static const SBoxes boxes;
  return boxes;
}

std::uint32_t column(std::uint8_t b0, std::uint8_t b1, std::uint8_t b2, std::uint8_t b3) {
  return std::uint32_t{b0} << 24 | std::uint32_t{b1} << 16 | std::uint32_t{b2} << 8 | b3;
}

std::uint8_t byte_of(std::uint32_t w, int i) {
  return static_cast<std::uint8_t>(w >> (24 - 8 * i));
}

// FIPS-197 §5.2 KeyExpansion for Nk = 4.
RoundKeys expand_key(const Block& key) {
  const auto& s = sboxes().forward;
  RoundKeys w{};
  for (int i = 0; i < 4; ++i)
    w[i] = column(key[4 * i], key[4 * i + 1], key[4 * i + 2], key[4 * i + 3]);
  std::uint8_t rcon = 1;
  for (std::size_t i = 4; i < w.size(); ++i) {
    std::uint32_t t = w[i - 1];
    if (i % 4 == 0) {
      t = column(s[byte_of(t, 1)] ^ rcon, s[byte_of(t, 2)], s[byte_of(t, 3)], s[byte_of(t, 0)]);
      rcon = gf_mul(rcon, 2);
    }
    w[i] = w[i - 4] ^ t;
  }
  return w;
}

void add_round_key(Block& state, const RoundKeys& w, int round) {
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r) state[4 * c + r] ^= byte_of(w[4 * round + c], r);
}

// The state is column-major as in FIPS-197: state[4 * c + r] is row r of column c.
Block encrypt(Block state, const RoundKeys& w) {
  const auto& s = sboxes().forward;
  add_round_key(state, w, 0);
  for (int round = 1; round <= kRounds; ++round) {
    for (auto& b : state) b = s[b];
    const Block before = state;
    for (int c = 0; c < 4; ++c)
      for (int r = 0; r < 4; ++r) state[4 * c + r] = before[4 * ((c + r) % 4) + r];
    if (round != kRounds)
      for (int c = 0; c < 4; ++c) {
        std::uint8_t col[4];
        for (int r = 0; r < 4; ++r) col[r] = state[4 * c + r];
        for (int r = 0; r < 4; ++r)
          state[4 * c + r] =
              gf_mul(col[r], 2) ^ gf_mul(col[(r + 1) % 4], 3) ^ col[(r + 2) % 4] ^ col[(r + 3) % 4];
      }
    add_round_key(state, w, round);
  }
  return state;
}

void inv_mix_column(std::uint8_t* col) {
  const std::uint8_t a[4] = {col[0], col[1], col[2], col[3]};
  for (int r = 0; r < 4; ++r)
    col[r] = gf_mul(a[r], 0x0e) ^ gf_mul(a[(r + 1) % 4], 0x0b) ^ gf_mul(a[(r + 2) % 4], 0x0d) ^
             gf_mul(a[(r + 3) % 4], 0x09);
}

// FIPS-197 §5.3 InvCipher, the straightforward form.
Block decrypt(Block state, const RoundKeys& w) {
  const auto& inv = sboxes().inverse;
  add_round_key(state, w, kRounds);
  for (int round = kRounds - 1; round >= 0; --round) {
    const Block before = state;
    for (int c = 0; c < 4; ++c)
      for (int r = 0; r < 4; ++r) state[4 * ((c + r) % 4) + r] = before[4 * c + r];
    for (auto& b : state) b = inv[b];
    add_round_key(state, w, round);
    if (round != 0)
      for (int c = 0; c < 4; ++c) inv_mix_column(&state[4 * c]);
  }
  return state;
}

// The equivalent inverse cipher's round keys (FIPS-197 §5.3.5) in the order the kernel uses
// them: the encryption keys in reverse round order, InvMixColumns applied to rounds 1..9.
RoundKeys decryption_keys(const RoundKeys& w) {
  RoundKeys dk{};
  for (int round = 0; round <= kRounds; ++round)
    for (int c = 0; c < 4; ++c) {
      std::uint32_t k = w[4 * (kRounds - round) + c];
      if (round != 0 && round != kRounds) {
        std::uint8_t col[4] = {byte_of(k, 0), byte_of(k, 1), byte_of(k, 2), byte_of(k, 3)};
        inv_mix_column(col);
        k = column(col[0], col[1], col[2], col[3]);
      }
      dk[4 * round + c] = k;
    }
  return dk;
}

// Td0..Td3 and the inverse S-box widened to words, as aes.cu expects them.
std::vector<std::uint32_t> decryption_tables() {
  const auto& inv = sboxes().inverse;
  std::vector<std::uint32_t> t(5 * 256);
  for (int x = 0; x < 256; ++x) {
    const std::uint8_t s = inv[x];
    const std::uint32_t td0 =
        column(gf_mul(s, 0x0e), gf_mul(s, 0x09), gf_mul(s, 0x0d), gf_mul(s, 0x0b));
    for (int i = 0; i < 4; ++i)
      t[256 * i + x] = i == 0 ? td0 : (td0 >> (8 * i)) | (td0 << (32 - 8 * i));
    t[4 * 256 + x] = s;
  }
  return t;
}

// FIPS-197 Appendix C.1, so a broken reference cannot agree with a broken kernel.
bool reference_matches_fips197() {
  Block key{}, plain{};
  for (int i = 0; i < 16; ++i) {
    key[i] = static_cast<std::uint8_t>(i);
    plain[i] = static_cast<std::uint8_t>(0x11 * i);
  }
  const Block cipher = {0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
                        0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a};
  const RoundKeys w = expand_key(key);
  return encrypt(plain, w) == cipher && decrypt(cipher, w) == plain;
}

RunResult run_aes(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto blocks = choose_size("aes", options, {.fallback = 65536, .min = 1, .max = 1 << 22});
  SplitMix64 rng(options.seed);
  Block key{};
  for (auto& b : key) b = static_cast<std::uint8_t>(rng.below(256));
  const RoundKeys w = expand_key(key);
  std::vector<std::uint8_t> plain(16 * blocks), cipher(16 * blocks), expected(16 * blocks);
  for (auto& b : plain) b = static_cast<std::uint8_t>(rng.below(256));
  for (std::size_t i = 0; i < blocks; ++i) {
    Block p;
    std::memcpy(p.data(), &plain[16 * i], 16);
    const Block c = encrypt(p, w);
    std::memcpy(&cipher[16 * i], c.data(), 16);
    const Block d = decrypt(c, w);
    std::memcpy(&expected[16 * i], d.data(), 16);
  }

  Session session(runtime, "aes");
  if (!reference_matches_fips197())
    return session.finish("the CPU reference fails the FIPS-197 C.1 test vector");
  if (expected != plain) return session.finish("the CPU reference does not invert its cipher");
  const RoundKeys dk = decryption_keys(w);
  runtime.memcpy_to_device(runtime.symbol_address("c_round_keys"), dk.data(), sizeof dk);
  gpu::DevPtr d_in = runtime.upload(cipher);
  gpu::DevPtr d_out = runtime.malloc(cipher.size());
  gpu::DevPtr d_tables = runtime.upload(decryption_tables());
  const auto ctas = static_cast<std::uint32_t>((blocks + kThreads - 1) / kThreads);
  session.launch("aes_decrypt", {ctas}, {kThreads},
                 {arg(d_in), arg(d_out), arg(d_tables), arg(static_cast<int>(blocks))});
  const auto result = runtime.download<std::uint8_t>(d_out, cipher.size());
  for (auto p : {d_in, d_out, d_tables}) runtime.free(p);
  return session.finish(first_mismatch("plaintext byte", expected, result));
}

}  // namespace

WF_WORKLOAD("aes",
            "AES-128 decryption (ECB, equivalent inverse cipher): a block per thread, T-tables "
            "in shared memory, round keys in constant memory; one barrier",
            "16-byte blocks (default 65536: 256 CTAs of 256 threads)", run_aes, 300,
            {"lwm", "dyncta"});

}  // namespace wf::workloads::aes
