#include "cuda_runtime/server/fatbinary.h"

#include <lz4.h>
#include <zstd.h>

#include <algorithm>
#include <cstring>
#include <memory>

#include <fmt/format.h>

#include "sim_model/common/error.h"

namespace wf::cudart {
namespace {

constexpr std::uint32_t kMagic = 0xba55ed50;
constexpr std::uint16_t kKindPtx = 1, kKindCubin = 2;
constexpr std::uint64_t kFlagLz4 = 0x2000, kFlagZstd = 0x8000;
constexpr std::uint64_t kMaxPtxBytes = std::uint64_t{1} << 30;
constexpr const char* kRebuild = "rebuild the program with nvcc -no-compress";

template <class T>
T read(std::span<const std::uint8_t> b, std::uint64_t at) {
  T v;
  std::memcpy(&v, b.data() + at, sizeof v);
  return v;
}

std::string zstd_text(std::span<const std::uint8_t> in, const std::string& what) {
  std::unique_ptr<ZSTD_DStream, decltype(&ZSTD_freeDStream)> ds(ZSTD_createDStream(),
                                                                ZSTD_freeDStream);
  std::string out;
  ZSTD_inBuffer src{in.data(), in.size(), 0};
  std::vector<char> chunk(ZSTD_DStreamOutSize());
  std::size_t left = 1;
  while (src.pos < src.size && left != 0) {
    ZSTD_outBuffer dst{chunk.data(), chunk.size(), 0};
    left = ZSTD_decompressStream(ds.get(), &dst, &src);
    if (ZSTD_isError(left))
      throw UsageError(fmt::format("{}: the PTX's zstd data is corrupt ({}); {}", what,
                                   ZSTD_getErrorName(left), kRebuild));
    out.append(chunk.data(), dst.pos);
    if (out.size() > kMaxPtxBytes)
      throw UsageError(fmt::format("{}: the PTX expands to more than 1 GiB", what));
  }
  if (left != 0)
    throw UsageError(fmt::format("{}: the PTX's zstd data is truncated; {}", what, kRebuild));
  return out;
}

std::string lz4_text(std::span<const std::uint8_t> in, std::uint64_t size,
                     const std::string& what) {
  if (size == 0 || size > kMaxPtxBytes)
    throw UsageError(
        fmt::format("{}: LZ4-compressed PTX of implausible size {}; {}", what, size, kRebuild));
  std::string out(size, '\0');
  const int n = LZ4_decompress_safe(reinterpret_cast<const char*>(in.data()), out.data(),
                                    static_cast<int>(in.size()), static_cast<int>(size));
  if (n < 0 || static_cast<std::uint64_t>(n) != size)
    throw UsageError(fmt::format("{}: the PTX's LZ4 data is corrupt; {}", what, kRebuild));
  return out;
}

}  // namespace

std::vector<FatbinaryEntry> fatbinary_entries(std::span<const std::uint8_t> b,
                                              const std::string& what) {
  if (b.size() < 16 || read<std::uint32_t>(b, 0) != kMagic)
    throw UsageError(fmt::format("{}: not a CUDA fatbinary (magic number)", what));
  const std::uint64_t header = read<std::uint16_t>(b, 6);
  const std::uint64_t body = read<std::uint64_t>(b, 8);
  if (header < 16 || header > b.size() || body > b.size() - header)
    throw UsageError(fmt::format("{}: the fatbinary's header claims {} bytes, it has {}", what,
                                 header + body, b.size()));
  std::vector<FatbinaryEntry> entries;
  for (std::uint64_t at = header; at < header + body;) {
    if (header + body - at < 64)
      throw UsageError(fmt::format("{}: truncated fatbinary entry at byte {}", what, at));
    const auto kind = read<std::uint16_t>(b, at);
    const std::uint64_t entry_header = read<std::uint32_t>(b, at + 4);
    const std::uint64_t payload = read<std::uint64_t>(b, at + 8);
    if (entry_header < 64 || entry_header > header + body - at ||
        payload > header + body - at - entry_header)
      throw UsageError(fmt::format("{}: fatbinary entry at byte {} runs past the end", what, at));
    if (kind == kKindPtx || kind == kKindCubin) {
      const std::uint64_t compressed = read<std::uint32_t>(b, at + 16);
      const std::uint32_t isa = read<std::uint32_t>(b, at + 24);
      const std::uint64_t flags = read<std::uint64_t>(b, at + 40);
      const std::uint64_t uncompressed = read<std::uint64_t>(b, at + 56);
      const auto data = b.subspan(at + entry_header, payload);
      const auto packed = data.first(std::min(payload, compressed ? compressed : payload));
      FatbinaryEntry e;
      e.kind = kind == kKindPtx ? FatbinaryEntry::Kind::kPtx : FatbinaryEntry::Kind::kCubin;
      e.arch = read<std::uint32_t>(b, at + 28);
      e.isa_version = (isa >> 16) * 10 + (isa & 0xffff);
      const std::string entry =
          fmt::format("{} ({} for sm_{})", what, kind == kKindPtx ? "PTX" : "cubin", e.arch);
      if (flags & kFlagZstd) {
        e.data = zstd_text(packed, entry);
      } else if (flags & kFlagLz4) {
        e.data = lz4_text(packed, uncompressed, entry);
      } else if (compressed != 0) {
        throw UsageError(
            fmt::format("{}: compressed with a method warpforge cannot read "
                        "(flags 0x{:x}); {}",
                        entry, flags, kRebuild));
      } else {
        e.data.assign(reinterpret_cast<const char*>(data.data()), data.size());
      }
      // PTX is padded with NULs to a multiple of 8 (or 16) bytes.
      if (kind == kKindPtx)
        e.data.erase(std::find(e.data.begin(), e.data.end(), '\0'), e.data.end());
      entries.push_back(std::move(e));
    }
    at += entry_header + payload;
  }
  return entries;
}

const FatbinaryEntry& choose_ptx(const std::vector<FatbinaryEntry>& entries,
                                 const std::string& what) {
  const FatbinaryEntry* best = nullptr;
  for (const auto& e : entries)
    if (e.kind == FatbinaryEntry::Kind::kPtx && (!best || e.arch < best->arch)) best = &e;
  if (!best)
    throw UsageError(fmt::format(
        "{}: the fatbinary holds no PTX, only machine code warpforge cannot run; rebuild with "
        "PTX included, e.g. nvcc -arch=sm_75 (which embeds compute_75 PTX) or "
        "-gencode arch=compute_75,code=compute_75",
        what));
  return *best;
}

const FatbinaryEntry* choose_cubin(const std::vector<FatbinaryEntry>& entries, unsigned arch) {
  const FatbinaryEntry* best = nullptr;
  for (const auto& e : entries) {
    if (e.kind != FatbinaryEntry::Kind::kCubin) continue;
    if (e.arch == arch) return &e;
    if (!best || e.arch < best->arch) best = &e;
  }
  return best;
}

}  // namespace wf::cudart
