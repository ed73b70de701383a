#include "sim_model/common/signal_temporaries.h"

#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <string>

namespace wf {
namespace {

// A slot is free (0), being written or cleared (1: the handler skips it), or holds a path (2).
// Most are in use at once while a run records block traces (a file per block instance: five
// per SM, up to 256 SMs); a path is at most kPathBytes - 1 bytes. 4 MiB of zeroes that no page
// is touched of until used.
constexpr int kSlots = 4096;
constexpr std::size_t kPathBytes = 1024;
struct Slot {
  std::atomic<int> state{0};
  char path[kPathBytes];
};
Slot g_slots[kSlots];

static_assert(std::atomic<int>::is_always_lock_free, "the signal handler reads the states");

// Removes `name` (relative to `dir_fd`) with everything in it, with system calls only. The
// temporaries are shallow (a tool's working files); deeper trees are left to the sweep of the
// next start rather than risk the stack of whichever thread the signal interrupted.
void remove_tree_at(int dir_fd, const char* name, int depth) {
  if (::unlinkat(dir_fd, name, 0) == 0 || errno != EISDIR || depth > 8) {
    return;  // a file (now removed), gone already, or too deep
  }
  const int fd = ::openat(dir_fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return;
  // Entries removed while a directory is read may make the reading skip others: read it again
  // from the start until a pass finds nothing to remove.
  for (int pass = 0; pass < 16; ++pass) {
    ::lseek(fd, 0, SEEK_SET);
    bool removed_any = false;
    alignas(8) char buf[4096];
    for (;;) {
      const ssize_t n = ::getdents64(fd, buf, sizeof buf);
      if (n <= 0) break;
      for (ssize_t at = 0; at < n;) {
        const auto* entry = reinterpret_cast<const dirent64*>(buf + at);
        at += entry->d_reclen;
        const char* entry_name = entry->d_name;
        if (std::strcmp(entry_name, ".") == 0 || std::strcmp(entry_name, "..") == 0) continue;
        remove_tree_at(fd, entry_name, depth + 1);
        removed_any = true;
      }
    }
    if (!removed_any) break;
  }
  ::close(fd);
  ::unlinkat(dir_fd, name, AT_REMOVEDIR);
}

}  // namespace

int add_signal_temporary(const std::filesystem::path& path) {
  std::error_code ec;
  const std::string absolute = std::filesystem::absolute(path, ec).string();
  if (ec || absolute.empty() || absolute.size() >= kPathBytes) return -1;
  for (int i = 0; i < kSlots; ++i) {
    int expected = 0;
    if (!g_slots[i].state.compare_exchange_strong(expected, 1)) continue;
    std::memcpy(g_slots[i].path, absolute.c_str(), absolute.size() + 1);
    g_slots[i].state.store(2);
    return i;
  }
  return -1;
}

void forget_signal_temporary(int registration) {
  if (registration >= 0 && registration < kSlots) g_slots[registration].state.store(0);
}

void remove_signal_temporaries() {
  for (auto& slot : g_slots) {
    if (slot.state.load() == 2) remove_tree_at(AT_FDCWD, slot.path, 0);
  }
}

}  // namespace wf
