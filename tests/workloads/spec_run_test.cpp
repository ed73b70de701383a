// Launch specs of nvcc-compiled C++ kernels (data/spec_features.cu) run end to end: kernels
// found by demangled names, argument types checked against the PTX, structs of pointers,
// module variables, loops, memset and copy steps, and the launch limits `run` and `sim` share.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>

#include <gtest/gtest.h>

#include "sim_model/common/error.h"
#include "sim_model/gpu/runtime.h"
#include "sim_model/gpu/timing_session.h"
#include "sim_model/presets/machine.h"
#include "sim_model/sm/timing_config.h"
#include "tests/workloads/spec_fixture.h"
#include "workloads/runner.h"
#include "workloads/spec/spec_runner.h"

namespace wf::workloads::spec {
namespace {

const std::filesystem::path kData = std::filesystem::path(WF_SOURCE_DIR) / "tests/workloads/data";

class SpecRunTest : public SpecTest {
 protected:
  void SetUp() override {
    SpecTest::SetUp();
    std::ifstream in(kData / "spec_features.ptx", std::ios::binary);
    write("f.ptx", std::string(std::istreambuf_iterator<char>(in), {}));
  }

  RunResult run(const std::string& text, gpu::RuntimeOptions options = {}) {
    const LaunchSpec spec = load("ptx = \"f.ptx\"\n" + text);
    gpu::Runtime runtime(options);
    return run_spec(spec, runtime);
  }

  // The UsageError of running `text`, without the file prefix, or "(ran)".
  std::string run_error(const std::string& text, gpu::RuntimeOptions options = {}) {
    try {
      run(text, options);
    } catch (const UsageError& e) {
      const std::string what = e.what();
      if (what.rfind(file(), 0) == 0) return what.substr(file().size());
      return "(no file prefix) " + what;
    }
    return "(ran)";
  }

  static gpu::RuntimeOptions timing() {
    gpu::RuntimeOptions o;
    o.timing =
        std::make_shared<gpu::TimingSession>(sm::load_timing_config(load_machine(kDefaultPreset)));
    return o;
  }
};

const std::string kBuffers = R"(
[[buffer]]
name = "a"
type = "f32"
count = 8
init = "iota"
[[buffer]]
name = "u"
type = "u32"
count = 8
)";

std::string launch(const std::string& kernel, const std::string& args,
                   const std::string& extra = "", const std::string& grid = "1") {
  return "[[launch]]\nkernel = \"" + kernel + "\"\ngrid = " + grid +
         "\nblock = 32\nargs = " + args + "\n" + extra;
}

TEST_F(SpecRunTest, FeaturesSpecPassesOnBothModels) {
  for (const auto& options : {gpu::RuntimeOptions{}, timing()}) {
    RunSettings settings;
    settings.runtime = options;
    const RunResult r = run_spec_file(kData / "spec_features.toml", settings);
    EXPECT_TRUE(r.passed) << r.message;
    ASSERT_EQ(r.kernels.size(), 7u);
    // Reported by their demangled names; launches of one kernel count together.
    EXPECT_EQ(r.kernels[0].kernel, "add(float*, float const*, int)");
    EXPECT_EQ(r.kernels[5].kernel, "record_iteration(unsigned int*, unsigned int)");
    EXPECT_EQ(r.kernels[5].launches, 9u);  // 5 repeats, 4 iterations of the until loop
    EXPECT_EQ(r.kernels[6].launches, 4u);
  }
}

TEST_F(SpecRunTest, FindsKernelsByEveryName) {
  const std::string equals = "[[check]]\nbuffer = \"a\"\nequals = [0, 2, 4, 6, 4, 5, 6, 7]\n";
  for (const std::string name :
       {"add(float*, float const*, int)", "add(float*,float const*,int)", "_Z3addPfPKfi"}) {
    const RunResult r = run(kBuffers + launch(name, "[\"a\", \"a\", { s32 = 4 }]") + equals);
    EXPECT_TRUE(r.passed) << name << ": " << r.message;
  }
  // ops::scale<float> answers to scale, ops::scale, scale<float> and ops::scale<float>.
  for (const std::string name : {"scale", "ops::scale", "ops::scale<float>", "scale<float>"}) {
    const RunResult r = run(kBuffers + launch(name, "[\"a\", { f32 = 2.0 }, { s32 = 8 }]") +
                            "[[check]]\nbuffer = \"a\"\nexpr = \"a[i] == 2 * i\"\n");
    EXPECT_TRUE(r.passed) << name << ": " << r.message;
  }
}

TEST_F(SpecRunTest, UnknownOrAmbiguousKernelNamesSayWhatExists) {
  EXPECT_EQ(run_error(kBuffers + launch("nope", "[]")),
            ": launch[0].kernel: unknown kernel 'nope'; the module's kernels are: "
            "add(float*, float const*, int), add(int*, int const*, int), "
            "apply_coeffs(float const*, int), big_shared(float*), count_down(unsigned int*, "
            "unsigned int*), record_iteration(unsigned int*, unsigned int), run_jobs(Job "
            "const*, int), void ops::scale<float>(float*, float, int)");
  EXPECT_EQ(run_error(kBuffers + launch("add", "[\"a\", \"a\", { s32 = 4 }]")),
            ": launch[0].kernel: kernel 'add' is ambiguous: add(float*, float const*, int), "
            "add(int*, int const*, int); write the full signature");
}

TEST_F(SpecRunTest, ArgumentsMustMatchTheParameterTypes) {
  const std::string add = "add(float*, float const*, int)";
  EXPECT_EQ(run_error(kBuffers + launch(add, "[\"a\", \"a\", { f32 = 4.0 }]")),
            ": launch[0].args[2].f32: an f32 scalar for parameter 2 (_Z3addPfPKfi_param_2) of "
            "type .u32; expected a u32 or s32 scalar");
  EXPECT_EQ(run_error(kBuffers + launch(add, "[\"a\", \"a\", { u64 = 4 }]")),
            ": launch[0].args[2].u64: a u64 scalar for parameter 2 (_Z3addPfPKfi_param_2) of "
            "type .u32; expected a u32 or s32 scalar");
  EXPECT_EQ(run_error(kBuffers + launch(add, "[\"a\", \"a\", \"u\"]")),
            ": launch[0].args[2]: a buffer address (64-bit) for parameter 2 "
            "(_Z3addPfPKfi_param_2) of type .u32; expected a u32 or s32 scalar");
  EXPECT_EQ(run_error(kBuffers + launch(add, "[\"a\", { u32 = 1 }, { s32 = 4 }]")),
            ": launch[0].args[1].u32: a u32 scalar for parameter 1 (_Z3addPfPKfi_param_1) of "
            "type .u64; expected a buffer or a u64 or s64 scalar");
  EXPECT_EQ(run_error(kBuffers + launch("scale", "[\"a\", { s32 = 2 }, { s32 = 8 }]")),
            ": launch[0].args[1].s32: an s32 scalar for parameter 1 "
            "(_ZN3ops5scaleIfEEvPT_S1_i_param_1) of type .f32; expected an f32 scalar");
  EXPECT_EQ(run_error(kBuffers + launch(add, "[\"a\", \"a\"]")),
            ": launch[0].args: kernel add(float*, float const*, int) takes 3 arguments, got 2");
  // A u64 scalar may stand for a pointer, as in host code.
  EXPECT_TRUE(run(kBuffers + launch(add, "[\"a\", { u64 = 0 }, { s32 = 0 }]")).passed);
}

TEST_F(SpecRunTest, PointerPlusOffsetPassesTheElementsAddress) {
  const RunResult r = run(kBuffers + launch("scale", "[\"a+6\", { f32 = 10.0 }, { s32 = 2 }]") +
                          "[[check]]\nbuffer = \"a\"\nequals = [0, 1, 2, 3, 4, 5, 60, 70]\n");
  EXPECT_TRUE(r.passed) << r.message;
}

TEST_F(SpecRunTest, RepeatPassesTheIterationIndex) {
  const RunResult r = run(
      kBuffers + launch("record_iteration", "[\"u\", { u32 = \"n - 1 - i\" }]", "repeat = 3\n") +
      "[[check]]\nbuffer = \"u\"\nequals = [1, 4, 7, 0, 0, 0, 0, 0]\n");
  EXPECT_TRUE(r.passed) << r.message;
  EXPECT_EQ(run_error(kBuffers +
                      launch("record_iteration", "[\"u\", { u32 = \"i - 1\" }]", "repeat = 2\n")),
            ": launch[0].args[1].u32: `i - 1` is -1 at i = 0, which does not fit u32");
}

TEST_F(SpecRunTest, UntilStopsAtTheConditionOrFailsAtTheBound) {
  const std::string loop = R"(
[[buffer]]
name = "counter"
type = "u32"
count = 1
init = [3]
[[buffer]]
name = "more"
type = "u32"
count = 1
[[launch]]
until = "more[0] == 0"
max_iterations = MAX
[[launch.body]]
memset = "more"
[[launch.body]]
kernel = "count_down"
grid = 1
block = 1
args = ["counter", "more"]
[[check]]
buffer = "counter"
equals = 0
)";
  auto with_max = [&](const std::string& max) {
    std::string text = loop;
    text.replace(text.find("MAX"), 3, max);
    return text;
  };
  const RunResult ok = run(with_max("3"));
  EXPECT_TRUE(ok.passed) << ok.message;
  ASSERT_EQ(ok.kernels.size(), 1u);
  EXPECT_EQ(ok.kernels[0].launches, 3u);

  const RunResult bounded = run(with_max("2"));
  EXPECT_FALSE(bounded.passed);
  EXPECT_EQ(bounded.message,
            "launch[0]: until `more[0] == 0` still false after 2 iterations (max_iterations = 2)");
  EXPECT_EQ(bounded.kernels[0].launches, 2u);
}

TEST_F(SpecRunTest, MemsetAndCopyWorkOnElementRanges) {
  const RunResult r = run(kBuffers + R"(
[[launch]]
memset = "u+2"
count = 3
value = 1
[[launch]]
copy = { from = "u+2", to = "a+1", count = 2 }
[[check]]
buffer = "u"
equals = [0, 0, 0x01010101, 0x01010101, 0x01010101, 0, 0, 0]
[[check]]
buffer = "a"
expr = "i == 1 || i == 2 || a[i] == i"
)");
  EXPECT_TRUE(r.passed) << r.message;
}

TEST_F(SpecRunTest, ModuleVariablesAreBuffers) {
  const std::string text = kBuffers + R"(
[[buffer]]
name = "coeffs"
symbol = "c_coeffs"
type = "f32"
count = 4
init = [1, 10, 100, 1000]
[[buffer]]
name = "target"
symbol = "d_target"
type = "u64"
count = 1
init = ["a+4"]
[[buffer]]
name = "calls"
symbol = "d_launches"
type = "u32"
count = 1
init = [40]
)" + launch("apply_coeffs", "[\"u\", { s32 = 4 }]") +
                           R"(
[[check]]
buffer = "a"
equals = [0, 1, 2, 3, 0, 0, 0, 0]
[[check]]
buffer = "calls"
equals = 41
)";
  EXPECT_TRUE(run(text).passed);
  std::string too_big = text;
  too_big.replace(too_big.find("count = 4\ninit = [1"), 9, "count = 5");
  EXPECT_EQ(run_error(too_big),
            ": buffer[2].symbol: 5 x f32 = 20 bytes do not fit variable 'c_coeffs' of 16 bytes");
  std::string unknown = text;
  unknown.replace(unknown.find("\"d_target\""), 10, "\"d_nope\"");
  EXPECT_EQ(run_error(unknown),
            ": buffer[3].symbol: device symbol 'd_nope': not a .global or .const variable of a "
            "loaded module; the module's variables are: c_coeffs, d_launches, d_target");
}

TEST_F(SpecRunTest, StructsOfPointersHoldDeviceAddresses) {
  const RunResult r = run(kBuffers + R"(
[[struct]]
name = "Job"
fields = ["u64 dst", "u64 src", "u32 n", "f32 weight"]
[[buffer]]
name = "out"
type = "f32"
count = 6
[[buffer]]
name = "jobs"
type = "Job"
count = 2
init = [{ dst = "out", src = "a+5", n = 3, weight = 2 }, { dst = "out+3", src = "a", n = 2, weight = -1 }]
)" + launch("run_jobs", "[\"jobs\", { s32 = 2 }]", "", "2") +
                          "[[check]]\nbuffer = \"out\"\nequals = [10, 12, 14, 0, -1, 0]\n");
  EXPECT_TRUE(r.passed) << r.message;
}

// `run` checks against the default preset's SM, `sim` against its preset: the same message.
TEST_F(SpecRunTest, RunAndSimRefuseTheSameLaunches) {
  const std::string big = launch("big_shared", "[\"a\"]", "shared = 4096\n");
  const std::string message =
      ": launch[0] (big_shared): launch 'big_shared(float*)': 48 KiB of static shared memory "
      "per CTA + 4 KiB dynamic exceeds the SM's 48 KiB ([sm] "
      "shared_memory_bytes = 49152 (preset gtx480:18))";
  EXPECT_EQ(run_error(kBuffers + big), message);
  EXPECT_EQ(run_error(kBuffers + big, timing()), message);
  EXPECT_EQ(run_error(kBuffers + launch("big_shared", "[\"a\"]", "shared = 0\n")), "(ran)");
  // 2^32 - 1 bytes more must not wrap around to a size that fits.
  EXPECT_EQ(run_error(kBuffers + launch("big_shared", "[\"a\"]", "shared = 4294967295\n")),
            ": launch[0] (big_shared): launch 'big_shared(float*)': 48 KiB of static shared "
            "memory per CTA + 4294967295 bytes dynamic exceeds the SM's 48 KiB ([sm] "
            "shared_memory_bytes = 49152 (preset gtx480:18))");

  const std::string wide =
      "[[launch]]\nkernel = \"count_down\"\ngrid = [1, 70000]\nblock = 1\n"
      "args = [\"u\", \"u\"]\n";
  const std::string grid_message =
      ": launch[0] (count_down): launch 'count_down(unsigned int*, unsigned int*)': grid (1, "
      "70000, 1) exceeds CUDA's limits (2147483647, 65535, 65535)";
  EXPECT_EQ(run_error(kBuffers + wide), grid_message);
  EXPECT_EQ(run_error(kBuffers + wide, timing()), grid_message);

  // 1024 threads x 40 registers need 40960 of the SM's 32768.
  const std::string regs = "[machine]\nregs_per_thread = 40\n" + kBuffers +
                           "[[launch]]\nkernel = \"count_down\"\ngrid = 1\nblock = 1024\n"
                           "args = [\"u\", \"u\"]\n";
  const std::string regs_message =
      ": launch[0] (count_down): launch 'count_down(unsigned int*, unsigned int*)': a CTA of "
      "1024 threads x 40 registers (declared by the workload, spec or program) = 40960 does not "
      "fit an "
      "SM's 32768 registers ([sm] registers = 32768 (preset gtx480:17); registers per "
      "thread: --param regs_per_thread)";
  EXPECT_EQ(run_error(regs), regs_message);
  EXPECT_EQ(run_error(regs, timing()), regs_message);
}

}  // namespace
}  // namespace wf::workloads::spec
