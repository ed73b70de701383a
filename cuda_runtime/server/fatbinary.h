// The contents of a CUDA fatbinary, the container nvcc embeds in every program (one per
// translation unit) and passes to __cudaRegisterFatBinary. A fatbinary is a 16-byte header
// (u32 magic 0xba55ed50, u16 version, u16 header size, u64 size of the entries) followed by
// entries, each a header and a payload: PTX text, or a cubin (an ELF file of machine code).
// warpforge executes the PTX; from the cubin it takes only the register counts ptxas allocated
// (cubin_registers.h). The entry header is not documented by NVIDIA; the fields
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

struct FatbinaryEntry {
  enum class Kind { kPtx, kCubin };
  Kind kind = Kind::kPtx;
  unsigned arch = 0;         // sm_XX as XX
  unsigned isa_version = 0;  // PTX: major * 10 + minor
  std::string data;          // decompressed: PTX text (without the NUL padding) or ELF bytes
};

// Every entry of the fatbinary, decompressed, in the order they appear. Throws UsageError
// naming `what` for a malformed fatbinary or a compression it cannot read (with the nvcc flag
// that avoids it).
std::vector<FatbinaryEntry> fatbinary_entries(std::span<const std::uint8_t> fatbinary,
                                              const std::string& what);

// The PTX warpforge runs: the lowest architecture, so that the kernel uses the fewest features
// newer than what the executor implements. Throws UsageError naming `what` when the fatbinary
// holds no PTX (nvcc was told -arch=sm_XX with no compute_XX).
const FatbinaryEntry& choose_ptx(const std::vector<FatbinaryEntry>& entries,
                                 const std::string& what);

// The cubin compiled for `arch`, else the lowest architecture's, else null.
const FatbinaryEntry* choose_cubin(const std::vector<FatbinaryEntry>& entries, unsigned arch);

}  // namespace wf::cudart
