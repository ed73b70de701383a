// libFuzzer target for the launch-spec loader: any input, read as the text of a spec in
// spec_files/ (which holds a PTX file and data files its relative paths can name), must either
// load or be rejected with a UsageError. A spec that loads then goes through the host side of a
// run, kept small: its buffers are filled, memsets and copies applied to them, argument and
// until expressions evaluated for the first loop indices, and its checks run. That part trusts
// the loader's guarantees (offsets within their buffers, names that exist), so a spec the
// loader should have refused shows up as a sanitizer report or a trap.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <string_view>
#include <variant>
#include <vector>

#include "sim_model/common/error.h"
#include "workloads/spec/buffer_init.h"
#include "workloads/spec/spec_check.h"
#include "workloads/spec/spec_loader.h"

namespace {

using namespace wf::workloads::spec;

// Buffers larger than this in all are loaded but not filled: the fuzzer's inputs would
// otherwise spend their time writing gigabytes.
constexpr std::size_t kMaxFilledBytes = std::size_t{1} << 20;
// Loop iterations evaluated per repeated step.
constexpr std::int64_t kMaxIterations = 4;

class NoBuffers : public ElementSource {
 public:
  Value element(const std::string&, std::int64_t) const override { __builtin_trap(); }
};

class HostSource : public ElementSource {
 public:
  HostSource(const LaunchSpec& spec, const std::vector<HostBuffer>& host)
      : spec_(spec), host_(host) {}
  Value element(const std::string& name, std::int64_t index) const override {
    const HostBuffer& b = host_[index_of(spec_, name)];
    if (index < 0 || static_cast<std::uint64_t>(index) >= b.count())
      throw ExpressionError("index out of range");
    return b.get(static_cast<std::size_t>(index));
  }
  static std::size_t index_of(const LaunchSpec& spec, const std::string& name) {
    for (std::size_t i = 0; i < spec.buffers.size(); ++i)
      if (spec.buffers[i].name == name) return i;
    __builtin_trap();  // the loader let through a name no buffer has
  }

 private:
  const LaunchSpec& spec_;
  const std::vector<HostBuffer>& host_;
};

// The bytes `count` elements of `ref` cover, trapping unless they lie within its buffer.
std::uint8_t* range(const LaunchSpec& spec, std::vector<HostBuffer>& host, const BufferRef& ref,
                    std::uint64_t count) {
  const std::size_t b = HostSource::index_of(spec, ref.buffer);
  const std::size_t size = spec.buffers[b].element_bytes();
  if (ref.offset > spec.buffers[b].count || count > spec.buffers[b].count - ref.offset)
    __builtin_trap();
  return host[b].bytes.data() + ref.offset * size;
}

void evaluate(const std::optional<Expression>& e, const ElementSource& source, std::int64_t i,
              std::int64_t n) {
  if (!e) return;
  try {
    (void)e->evaluate(source, i, n);
  } catch (const ExpressionError&) {
    // the runner reports it as a UsageError naming the step
  }
}

void run_steps(const LaunchSpec& spec, std::vector<HostBuffer>& host,
               const std::vector<Step>& steps, std::int64_t i, std::int64_t n) {
  const HostSource source(spec, host);
  for (const Step& step : steps) {
    const auto bound = static_cast<std::int64_t>(step.iteration_bound());
    for (std::int64_t k = 0; k < std::min(bound, kMaxIterations); ++k) {
      const bool loop = step.until || step.repeat != 1;
      const std::int64_t si = loop ? k : i, sn = loop ? bound : n;
      switch (step.kind) {
        case Step::Kind::group:
          run_steps(spec, host, step.body, si, sn);
          break;
        case Step::Kind::memset: {
          const MemsetStep& m = step.memset;
          const std::size_t size =
              spec.buffers[HostSource::index_of(spec, m.buffer.buffer)].element_bytes();
          std::memset(range(spec, host, m.buffer, m.count), m.value, m.count * size);
          break;
        }
        case Step::Kind::copy: {
          const CopyStep& c = step.copy;
          const std::size_t bytes =
              c.count * spec.buffers[HostSource::index_of(spec, c.from.buffer)].element_bytes();
          const std::size_t to_size =
              spec.buffers[HostSource::index_of(spec, c.to.buffer)].element_bytes();
          std::uint8_t* from = range(spec, host, c.from, c.count);
          std::uint8_t* to = range(spec, host, c.to, (bytes + to_size - 1) / to_size);
          std::memmove(to, from, bytes);
          break;
        }
        case Step::Kind::launch:
          for (const LaunchArg& a : step.launch.args) {
            if (const auto* ref = std::get_if<BufferRef>(&a)) {
              (void)range(spec, host, *ref, 0);
            } else {
              evaluate(std::get<ScalarArg>(a).expr, NoBuffers{}, si, sn);
            }
          }
          break;
      }
      evaluate(step.until, source, si, sn);
    }
  }
}

// What a run does with the spec on the host, without the simulator.
void run_on_host(const LaunchSpec& spec) {
  std::size_t total = 0;
  for (const BufferSpec& b : spec.buffers) total += b.bytes();
  if (total > kMaxFilledBytes) return;
  std::vector<HostBuffer> host;
  for (const BufferSpec& b : spec.buffers) {
    host.emplace_back(b.name, b.struct_type ? ElementType::u8 : b.type,
                      b.struct_type ? b.bytes() : b.count);
    fill(host.back(), b.init);
    for (const InitSlot& s : b.init.slots) {
      if (s.offset + element_size(s.type) > host.back().bytes.size()) __builtin_trap();
      if (s.address) (void)range(spec, host, *s.address, 0);
    }
  }
  run_steps(spec, host, spec.steps, 0, 1);
  for (const CheckSpec& c : spec.checks) (void)run_check(c, host);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::filesystem::path path =
      std::filesystem::path(WF_FUZZ_DATA_DIR) / "spec_files" / "fuzz.toml";
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    run_on_host(load_spec_text(text, path));
  } catch (const wf::UsageError&) {
    // rejected with a message: fine
  }
  return 0;
}
