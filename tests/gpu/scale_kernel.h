// A small kernel the runtime and report tests launch: p[i] *= k for i < n, one thread each.
#pragma once

namespace wf::gpu {

inline constexpr const char* kScale = R"(
.version 9.0
.target sm_75
.address_size 64
.visible .entry scale(.param .u64 p, .param .u32 n, .param .f32 k)
{
  .reg .b32 %r<6>;
  .reg .b64 %rd<4>;
  .reg .f32 %f<3>;
  .reg .pred %p1;
  ld.param.u64 %rd1, [p];
  ld.param.u32 %r1, [n];
  ld.param.f32 %f1, [k];
  mov.u32 %r2, %ctaid.x;
  mov.u32 %r3, %ntid.x;
  mov.u32 %r4, %tid.x;
  mad.lo.s32 %r5, %r2, %r3, %r4;
  setp.ge.u32 %p1, %r5, %r1;
  @%p1 bra END;
  cvta.to.global.u64 %rd1, %rd1;
  mul.wide.u32 %rd2, %r5, 4;
  add.s64 %rd3, %rd1, %rd2;
  ld.global.f32 %f2, [%rd3];
  mul.f32 %f2, %f2, %f1;
  st.global.f32 [%rd3], %f2;
END:
  ret;
}
)";

}  // namespace wf::gpu
