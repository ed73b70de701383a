// vprintf as CUDA's device printf lowers it: a format string and a packed argument buffer in
// which every argument is aligned to its own size (ints 4, long/double/pointers 8 bytes).
#include <fmt/format.h>
#include <fmt/printf.h>

#include <cstring>

#include "sim_model/ptx/address_map.h"
#include "sim_model/ptx/executor.h"

namespace wf::ptx {

std::string Executor::format_device_printf(Warp& w, Cta& cta, unsigned lane, std::uint64_t fmt_ptr,
                                           std::uint64_t args_ptr) {
  std::string f = read_c_string(w, cta, fmt_ptr, lane);
  std::string out;
  std::uint64_t off = 0;
  auto arg = [&](unsigned bytes) {
    off = (off + bytes - 1) / bytes * bytes;
    ResolvedAddress r = resolve_generic(args_ptr + off);
    std::uint64_t v = 0;
    std::memcpy(&v, locate(w, cta, r.space, r.addr, bytes, lane, false), bytes);
    off += bytes;
    return v;
  };
  for (std::size_t i = 0; i < f.size(); ++i) {
    if (f[i] != '%') {
      out += f[i];
      continue;
    }
    std::size_t j = i + 1;
    if (j < f.size() && f[j] == '%') {
      out += '%';
      i = j;
      continue;
    }
    while (j < f.size() && std::strchr("-+ #0123456789.", f[j])) ++j;
    std::string spec = f.substr(i, j - i);
    int longs = 0;
    while (j < f.size() && (f[j] == 'l' || f[j] == 'h' || f[j] == 'z')) {
      if (f[j] == 'l' || f[j] == 'z') ++longs;
      ++j;
    }
    if (j >= f.size()) break;
    char conv = f[j];
    i = j;
    switch (conv) {
      case 'd':
      case 'i': {
        std::uint64_t v = arg(longs ? 8 : 4);
        long long x = longs ? static_cast<long long>(v)
                            : static_cast<long long>(static_cast<std::int32_t>(v));
        out += fmt::sprintf(spec + "lld", x);
        break;
      }
      case 'u':
      case 'x':
      case 'X':
      case 'o': {
        std::uint64_t v = arg(longs ? 8 : 4);
        out += fmt::sprintf(spec + "ll" + conv, static_cast<unsigned long long>(v));
        break;
      }
      case 'c':
        out += fmt::sprintf(spec + "c", static_cast<char>(arg(4)));
        break;
      case 'f':
      case 'F':
      case 'e':
      case 'E':
      case 'g':
      case 'G':
      case 'a':
      case 'A': {
        std::uint64_t v = arg(8);
        double d;
        std::memcpy(&d, &v, 8);
        out += fmt::sprintf(spec + conv, d);
        break;
      }
      case 's': {
        std::uint64_t p = arg(8);
        out += fmt::sprintf(spec + "s", p ? read_c_string(w, cta, p, lane) : std::string("(null)"));
        break;
      }
      case 'p':
        out += fmt::format("0x{:x}", arg(8));
        break;
      default:
        out += spec + conv;
        break;
    }
  }
  return out;
}

}  // namespace wf::ptx
