// Helpers for instruction tests: run one PTX snippet on one thread with three 64-bit inputs and
// read back every result register.
#pragma once

#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "sim_model/common/error.h"
#include "sim_model/gpu/runtime.h"

namespace wf::ptx::test {

inline constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
inline constexpr float kInf = std::numeric_limits<float>::infinity();

struct Results {
  std::uint32_t r;  // %rd (b32)
  std::uint64_t l;  // %ld (b64)
  float f;          // %fd
  double d;         // %dd
  std::uint32_t p;  // %p1 as 0/1
  std::uint32_t q;  // %p2 as 0/1
  std::uint32_t fbits() const {
    std::uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
  }
  std::uint64_t dbits() const {
    std::uint64_t u;
    std::memcpy(&u, &d, 8);
    return u;
  }
};

// Inputs are visible as %ra/%rb/%rc (low 32 bits), %la/%lb/%lc, %fa/%fb/%fc (f32 bit patterns
// in the low 32 bits) and %da/%db/%dc. The snippet writes %rd, %ld, %fd, %dd, %p1, %p2.
inline std::string snippet_kernel(const std::string& body) {
  return R"(
.version 9.0
.target sm_75
.address_size 64
.visible .entry t(.param .u64 out, .param .u64 in)
{
  .reg .b32 %ra, %rb, %rc, %rd, %re, %rf;
  .reg .b64 %la, %lb, %lc, %ld, %o, %i;
  .reg .f32 %fa, %fb, %fc, %fd;
  .reg .f64 %da, %db, %dc, %dd;
  .reg .pred %p<4>;
  ld.param.u64 %o, [out];
  ld.param.u64 %i, [in];
  ld.global.b64 %la, [%i];
  ld.global.b64 %lb, [%i+8];
  ld.global.b64 %lc, [%i+16];
  cvt.u32.u64 %ra, %la;
  cvt.u32.u64 %rb, %lb;
  cvt.u32.u64 %rc, %lc;
  mov.b32 %fa, %ra;
  mov.b32 %fb, %rb;
  mov.b32 %fc, %rc;
  mov.b64 %da, %la;
  mov.b64 %db, %lb;
  mov.b64 %dc, %lc;
)" + body +
         R"(
  st.global.b32 [%o], %rd;
  st.global.b64 [%o+8], %ld;
  st.global.f32 [%o+16], %fd;
  st.global.f64 [%o+24], %dd;
  selp.u32 %re, 1, 0, %p1;
  st.global.u32 [%o+32], %re;
  selp.u32 %rf, 1, 0, %p2;
  st.global.u32 [%o+36], %rf;
  ret;
}
)";
}

inline Results run_snippet(const std::string& body, std::uint64_t a = 0, std::uint64_t b = 0,
                           std::uint64_t c = 0) {
  gpu::Runtime rt;
  rt.load_ptx(snippet_kernel(body), "snippet.ptx");
  gpu::DevPtr in = rt.upload(std::vector<std::uint64_t>{a, b, c});
  gpu::DevPtr out = rt.malloc(40);
  rt.memset(out, 0, 40);
  rt.launch("t", {1, 1, 1}, {1, 1, 1}, {gpu::KernelArg::of(out), gpu::KernelArg::of(in)});
  Results r{};
  std::vector<std::uint8_t> raw = rt.download<std::uint8_t>(out, 40);
  std::memcpy(&r.r, raw.data(), 4);
  std::memcpy(&r.l, raw.data() + 8, 8);
  std::memcpy(&r.f, raw.data() + 16, 4);
  std::memcpy(&r.d, raw.data() + 24, 8);
  std::memcpy(&r.p, raw.data() + 32, 4);
  std::memcpy(&r.q, raw.data() + 36, 4);
  return r;
}

inline std::uint64_t fbits(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline std::uint64_t dbits(double d) {
  std::uint64_t u;
  std::memcpy(&u, &d, 8);
  return u;
}

// Minimal module header for hand-written kernels.
inline const char* kHeader = ".version 9.0\n.target sm_75\n.address_size 64\n";

// Kernel `c` (after kHeader): thread t writes 7 for t < 5 and t * t + 1 otherwise to out[t],
// the latter through a call whose frame moves the register window and takes .param storage.
// The kernel also declares .local and .shared storage (CtaPool's tests look at both).
inline const char* kCallKernel = R"(
.func (.param .b32 rv) addmul(.param .b32 a, .param .b64 b)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<2>;
  ld.param.b32 %r1, [a];
  ld.param.b64 %rd1, [b];
  cvt.u32.u64 %r2, %rd1;
  mad.lo.u32 %r3, %r1, %r2, 1;
  st.param.b32 [rv], %r3;
  ret;
}
.visible .entry c(.param .u64 out)
{
  .local .align 8 .b8 scratch[32];
  .shared .align 4 .b32 buf[64];
  .reg .b32 %r<6>;
  .reg .b64 %rd<4>;
  .reg .pred %p1;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r5, 7;
  setp.lt.u32 %p1, %r1, 5;
  @%p1 bra SKIP;
  {
  .param .b32 param0;
  .param .b64 param1;
  .param .b32 retval0;
  st.param.b32 [param0], %r1;
  cvt.u64.u32 %rd2, %r1;
  st.param.b64 [param1], %rd2;
  call.uni (retval0), addmul, (param0, param1);
  ld.param.b32 %r5, [retval0];
  }
SKIP:
  mul.wide.u32 %rd2, %r1, 4;
  add.u64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r5;
  ret;
}
)";

// The message of the UsageError (or KernelError) f throws, else "(no error)".
inline std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const UsageError& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace wf::ptx::test
