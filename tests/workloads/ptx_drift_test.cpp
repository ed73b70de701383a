// The checked-in PTX must be what `nvcc -ptx -arch=sm_75` makes of the checked-in .cu: users and
// CI run the PTX without nvcc, so a .cu edited without regenerating would silently not run.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace {

namespace fs = std::filesystem;

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The full path of nvcc if it is on PATH, else empty.
fs::path find_nvcc() {
  const char* path = std::getenv("PATH");
  if (!path) return {};
  std::stringstream dirs(path);
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    if (dir.empty()) continue;
    fs::path candidate = fs::path(dir) / "nvcc";
    std::error_code ec;
    if (fs::is_regular_file(candidate, ec)) return candidate;
  }
  return {};
}

std::string run(const std::string& command) {
  std::string out;
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  if (!pipe) return out;
  char buf[512];
  while (std::fgets(buf, sizeof buf, pipe.get())) out += buf;
  return out;
}

// The "Cuda compilation tools, release 13.0, V13.0.88" line, from nvcc --version or a PTX header.
std::string toolkit_line(const std::string& text) {
  const auto at = text.find("Cuda compilation tools");
  if (at == std::string::npos) return {};
  return text.substr(at, text.find('\n', at) - at);
}

// For the shell; appended piecewise because GCC 12 warns falsely (-Wrestrict) about
// "literal" + std::string at -O3.
std::string quoted(const fs::path& p) {
  std::string q = "'";
  q += p.string();
  q += "'";
  return q;
}

std::vector<std::string> workload_names() {
  std::vector<std::string> names;
  std::stringstream list(WF_WORKLOAD_NAMES);
  std::string name;
  while (std::getline(list, name, ','))
    if (!name.empty()) names.push_back(name);
  return names;
}

class PtxDrift : public ::testing::TestWithParam<std::string> {};

TEST_P(PtxDrift, CheckedInPtxMatchesNvcc) {
  const std::string name = GetParam();
  const fs::path folder = fs::path(WF_SOURCE_DIR) / "workloads" / name;
  const std::string checked_in = read(folder / (name + ".ptx"));
  ASSERT_FALSE(checked_in.empty()) << "missing " << name << ".ptx";

  const fs::path nvcc = find_nvcc();
  if (nvcc.empty()) GTEST_SKIP() << "nvcc is not on PATH; cannot regenerate " << name << ".ptx";
  const std::string ours = toolkit_line(run(quoted(nvcc) + " --version"));
  const std::string theirs = toolkit_line(checked_in);
  // Another toolkit release emits different (equally valid) PTX; only the same one can judge.
  if (ours != theirs)
    GTEST_SKIP() << name << ".ptx was made by \"" << theirs << "\", nvcc here is \"" << ours
                 << "\"";

  const fs::path out = fs::temp_directory_path() /
                       ("wf_ptx_drift_" + std::to_string(std::random_device{}()) + ".ptx");
  const std::string command = quoted(nvcc) + " -ptx -arch=sm_75 -o " + quoted(out) + " " +
                              quoted(folder / (name + ".cu")) + " 2>&1";
  const std::string log = run(command);
  const std::string fresh = read(out);
  fs::remove(out);
  ASSERT_FALSE(fresh.empty()) << command << "\n" << log;
  EXPECT_TRUE(fresh == checked_in)
      << "workloads/" << name << "/" << name << ".ptx is stale; regenerate it with\n"
      << "  cd workloads/" << name << " && nvcc -ptx -arch=sm_75 -o " << name << ".ptx " << name
      << ".cu";
}

INSTANTIATE_TEST_SUITE_P(Workloads, PtxDrift, ::testing::ValuesIn(workload_names()),
                         [](const auto& info) { return info.param; });

}  // namespace
