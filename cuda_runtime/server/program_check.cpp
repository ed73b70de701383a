#include "cuda_runtime/server/program_check.h"

#include <elf.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <vector>

#include <fmt/format.h>

#include "sim_model/common/error.h"

namespace wf::cudart {
namespace {

bool executable_file(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

// The DT_NEEDED names of a 64-bit little-endian ELF file, from its dynamic section and the
// string table that section links to. Empty for a static program.
std::vector<std::string> needed_libraries(const std::vector<char>& f, const std::string& path) {
  auto bad = [&] { return UsageError(fmt::format("{}: a malformed ELF file", path)); };
  if (f.size() < sizeof(Elf64_Ehdr)) throw bad();
  Elf64_Ehdr eh;
  std::memcpy(&eh, f.data(), sizeof eh);
  if (eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_machine != EM_X86_64)
    throw UsageError(fmt::format("{}: not an x86-64 program", path));
  if (eh.e_shentsize != sizeof(Elf64_Shdr) || eh.e_shoff > f.size() ||
      std::uint64_t{eh.e_shnum} * sizeof(Elf64_Shdr) > f.size() - eh.e_shoff)
    throw bad();
  auto section = [&](std::size_t i) {
    Elf64_Shdr sh;
    std::memcpy(&sh, f.data() + eh.e_shoff + i * sizeof sh, sizeof sh);
    if (sh.sh_type != SHT_NOBITS &&
        (sh.sh_offset > f.size() || sh.sh_size > f.size() - sh.sh_offset))
      throw bad();
    return sh;
  };
  std::vector<std::string> needed;
  for (std::size_t i = 0; i < eh.e_shnum; ++i) {
    const Elf64_Shdr dyn = section(i);
    if (dyn.sh_type != SHT_DYNAMIC) continue;
    if (dyn.sh_link >= eh.e_shnum) throw bad();
    const Elf64_Shdr str = section(dyn.sh_link);
    for (std::uint64_t at = 0; at + sizeof(Elf64_Dyn) <= dyn.sh_size; at += sizeof(Elf64_Dyn)) {
      Elf64_Dyn d;
      std::memcpy(&d, f.data() + dyn.sh_offset + at, sizeof d);
      if (d.d_tag == DT_NULL) break;
      if (d.d_tag != DT_NEEDED) continue;
      if (d.d_un.d_val >= str.sh_size) throw bad();
      const char* s = f.data() + str.sh_offset + d.d_un.d_val;
      needed.emplace_back(s, strnlen(s, str.sh_size - d.d_un.d_val));
    }
  }
  return needed;
}

}  // namespace

std::string resolve_program(const std::string& program) {
  if (program.empty()) throw UsageError("exec: expected a program to run after --");
  if (program.find('/') != std::string::npos) {
    if (!executable_file(program))
      throw UsageError(fmt::format("{}: expected an executable file", program));
    return program;
  }
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "/usr/bin:/bin");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    const std::string candidate = (dir.empty() ? "." : dir) + "/" + program;
    if (executable_file(candidate)) return candidate;
  }
  throw UsageError(fmt::format("{}: expected an executable program (not found on PATH)", program));
}

void check_loads_cudart(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  char magic[4] = {};
  if (!in.read(magic, 4) || std::memcmp(magic, ELFMAG, SELFMAG) != 0) return;
  in.seekg(0);
  const std::vector<char> f((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::string other;
  for (const std::string& lib : needed_libraries(f, path)) {
    if (lib == "libcudart.so.13") return;
    if (lib.rfind("libcudart.so", 0) == 0) other = lib;
  }
  if (!other.empty())
    throw UsageError(fmt::format(
        "{}: built against {}; warpforge stands in for CUDA 13's libcudart.so.13: rebuild it "
        "with nvcc 13 and -cudart shared",
        path, other));
  throw UsageError(fmt::format(
      "{}: does not load libcudart.so.13 (nvcc links the CUDA runtime statically unless told "
      "otherwise): rebuild it with nvcc -cudart shared",
      path));
}

}  // namespace wf::cudart
