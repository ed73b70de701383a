#include "cuda_runtime/server/cubin_registers.h"

#include <elf.h>

#include <cstdint>
#include <cstring>
#include <optional>
#include <vector>

namespace wf::cudart {
namespace {

// An .nv.info entry's format: EIFMT_SVAL (0x04) carries a u16 size and that many bytes; the
// others (EIFMT_HVAL 0x03, EIFMT_BVAL, EIFMT_NVAL) fit their value in the entry's own word.
constexpr std::uint8_t kFormatSval = 0x04;
constexpr std::uint8_t kAttrRegcount = 0x2f;

template <class T>
std::optional<T> read(std::string_view f, std::uint64_t at) {
  if (at > f.size() || sizeof(T) > f.size() - at) return std::nullopt;
  T v;
  std::memcpy(&v, f.data() + at, sizeof v);
  return v;
}

std::string_view c_string(std::string_view f, std::uint64_t at) {
  if (at >= f.size()) return {};
  const std::string_view rest = f.substr(at);
  return rest.substr(0, rest.find('\0'));
}

}  // namespace

std::unordered_map<std::string, unsigned> cubin_register_counts(std::string_view f) {
  std::unordered_map<std::string, unsigned> counts;
  const auto eh = read<Elf64_Ehdr>(f, 0);
  if (!eh || std::memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 ||
      eh->e_ident[EI_CLASS] != ELFCLASS64 || eh->e_shentsize != sizeof(Elf64_Shdr))
    return counts;
  std::vector<Elf64_Shdr> sections;
  for (std::uint64_t i = 0; i < eh->e_shnum; ++i) {
    const auto sh = read<Elf64_Shdr>(f, eh->e_shoff + i * sizeof(Elf64_Shdr));
    if (!sh) return counts;
    sections.push_back(*sh);
  }
  if (eh->e_shstrndx >= sections.size()) return counts;
  const Elf64_Shdr& names = sections[eh->e_shstrndx];
  const Elf64_Shdr* symtab = nullptr;
  for (const auto& s : sections)
    if (s.sh_type == SHT_SYMTAB) symtab = &s;
  if (!symtab || symtab->sh_link >= sections.size()) return counts;
  const Elf64_Shdr& strtab = sections[symtab->sh_link];
  auto symbol_name = [&](std::uint32_t index) -> std::string_view {
    const auto sym =
        read<Elf64_Sym>(f, symtab->sh_offset + std::uint64_t{index} * sizeof(Elf64_Sym));
    if (!sym || index >= symtab->sh_size / sizeof(Elf64_Sym)) return {};
    return c_string(f, strtab.sh_offset + sym->st_name);
  };
  for (const auto& s : sections) {
    if (c_string(f, names.sh_offset + s.sh_name) != ".nv.info") continue;
    for (std::uint64_t at = s.sh_offset; at + 4 <= s.sh_offset + s.sh_size;) {
      const auto format = read<std::uint8_t>(f, at), attribute = read<std::uint8_t>(f, at + 1);
      const auto size = read<std::uint16_t>(f, at + 2);
      if (!format || !attribute || !size) break;
      if (*format == kFormatSval) {
        if (*attribute == kAttrRegcount && *size == 8) {
          const auto index = read<std::uint32_t>(f, at + 4), regs = read<std::uint32_t>(f, at + 8);
          const std::string_view name = index ? symbol_name(*index) : std::string_view{};
          if (regs && !name.empty()) counts[std::string(name)] = *regs;
        }
        at += 4 + *size;
      } else {
        at += 4;  // the other formats carry at most a u16 value in the word itself
      }
    }
  }
  return counts;
}

}  // namespace wf::cudart
