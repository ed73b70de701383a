// A temporary folder holding a launch spec's neighbour files (PTX, data), and helpers that load
// spec text as if it were the file spec.toml in that folder.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sim_model/common/error.h"
#include "workloads/spec/spec_loader.h"

namespace wf::workloads::spec {

class SpecTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("wf_spec_test_" + std::to_string(std::random_device{}()));
    std::filesystem::create_directories(dir_);
    write("k.ptx", std::string(".version 9.0\n"));
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  void write(const std::string& name, const std::string& bytes) {
    std::ofstream(dir_ / name, std::ios::binary) << bytes;
  }
  template <class T>
  void write_values(const std::string& name, const std::vector<T>& values) {
    write(name,
          std::string(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T)));
  }

  std::string file() const { return (dir_ / "spec.toml").string(); }
  LaunchSpec load(const std::string& text) { return load_spec_text(text, dir_ / "spec.toml"); }

  // The UsageError message with the file name prefix removed, or "(loaded)".
  std::string error(const std::string& text) {
    try {
      load(text);
    } catch (const UsageError& e) {
      std::string what = e.what();
      const std::string prefix = file();
      if (what.rfind(prefix, 0) == 0) return what.substr(prefix.size());
      return "(no file prefix) " + what;
    }
    return "(loaded)";
  }

  std::filesystem::path dir_;
};

// The parts every valid test spec needs, to which a test appends what it is about.
inline const std::string kHeader = R"(
ptx = "k.ptx"
[[buffer]]
name = "a"
type = "u32"
count = 4
[[buffer]]
name = "f"
type = "f32"
count = 4
[[launch]]
kernel = "k"
grid = 1
block = 4
)";

}  // namespace wf::workloads::spec
