// The PTX inside a CUDA fatbinary, the container nvcc embeds in every program (one per
// translation unit) and passes to __cudaRegisterFatBinary. A fatbinary is a 16-byte header
// (u32 magic 0xba55ed50, u16 version, u16 header size, u64 size of the entries) followed by
// entries, each a header and a payload. warpforge executes PTX, so it takes the PTX entries
// and ignores the SASS (ELF) ones. The entry header is not documented by NVIDIA; the fields
// read here were established on nvcc 13's output for every --compress-mode:
//   u16 kind (1 PTX, 2 ELF) at 0, u32 header size at 4, u64 payload size (padded) at 8,
//   u32 compressed size at 16 (0: stored as is), u32 PTX ISA version at 24 (major << 16 |
//   minor), u32 architecture at 28 (75 for sm_75), u64 flags at 40, u64 uncompressed size at 56.
// Flag 0x8000 marks a zstd frame (--compress-mode=default/size/balance), flag 0x2000 an LZ4
// block (--compress-mode=speed); both are read with Debian's libzstd and liblz4.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace wf::cudart {

struct PtxImage {
  unsigned arch = 0;         // sm_XX as XX
  unsigned isa_version = 0;  // major * 10 + minor
  std::string text;
};

// Every PTX entry of the fatbinary, decompressed, in the order they appear. Throws UsageError
// naming `what` for a malformed fatbinary or a compression it cannot read (with the nvcc flag
// that avoids it).
std::vector<PtxImage> fatbinary_ptx(std::span<const std::uint8_t> fatbinary,
                                    const std::string& what);

// The entry warpforge runs: the lowest architecture, so that the kernel uses the fewest
// features newer than what the executor implements. Throws UsageError naming `what` when the
// fatbinary holds no PTX (nvcc was told -arch=sm_XX with no compute_XX).
const PtxImage& choose_ptx(const std::vector<PtxImage>& images, const std::string& what);

}  // namespace wf::cudart
