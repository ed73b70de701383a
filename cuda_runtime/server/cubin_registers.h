// The registers per thread ptxas allocated to each kernel of a cubin. PTX names virtual
// registers without limit, so the count that decides occupancy is only in the machine code:
// the cubin's `.nv.info` section holds, per kernel, an EIATTR_REGCOUNT attribute (format
// EIFMT_SVAL 0x04, attribute 0x2f, u16 size 8, then u32 symbol index and u32 count), whose
// symbol index names the kernel in `.symtab`. Established on nvcc 13's sm_75 output.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>

namespace wf::cudart {

// Kernel (mangled name) -> registers per thread. Empty when the ELF file is malformed or has
// no such attributes; callers then estimate as for a bare PTX file.
std::unordered_map<std::string, unsigned> cubin_register_counts(std::string_view elf);

}  // namespace wf::cudart
