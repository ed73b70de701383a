// A private temporary directory for one tool run, removed with everything in it afterwards.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace wf::synth {

class TempDir {
 public:
  // Creates <tmp>/<prefix>-XXXXXX; throws std::runtime_error when it cannot.
  explicit TempDir(const std::string& prefix);
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  ~TempDir();
  const std::filesystem::path& path() const { return path_; }

  // Writes `text` to path()/name; throws std::runtime_error when it cannot.
  void write(const std::string& name, std::string_view text) const;

 private:
  std::filesystem::path path_;
};

}  // namespace wf::synth
