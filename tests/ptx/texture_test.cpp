// Texture and surface fetching: the addressing modes, the 9-bit filter weights and the read
// modes of texture_sampling.h against values computed by hand from the CUDA C Programming
// Guide's "Texture Fetching" appendix, and tex/tld4/suld/sust run in kernels over descriptors
// written into device memory as the runtime stand-in writes them.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "sim_model/gpu/timing_session.h"
#include "sim_model/presets/machine.h"
#include "sim_model/ptx/texture_sampling.h"
#include "sim_model/sm/timing_config.h"
#include "tests/ptx/ptx_test_util.h"

namespace wf::ptx {
namespace {

using texture::address;
using texture::Coords;
using texture::footprint;

TextureDescriptor float_texture(std::uint32_t width, std::uint32_t height = 1) {
  TextureDescriptor d;
  d.magic = kTextureMagic;
  d.resource = static_cast<std::uint32_t>(TexResource::kArray);
  d.base = 0x1000;
  d.width = width;
  d.height = height;
  d.channel_bits[0] = 32;
  d.channel_kind = static_cast<std::uint32_t>(ChannelKind::kFloat);
  d.texel_bytes = 4;
  d.row_pitch = std::uint64_t{width} * 4;
  d.slice_pitch = d.row_pitch * height;
  return d;
}

TEST(TextureAddressing, EachModeOnAFourTexelDimension) {
  // Indices -5 .. 8 of a dimension of 4 texels.
  const std::vector<std::int64_t> wrap{3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0};
  const std::vector<std::int64_t> mirror{3, 3, 2, 1, 0, 0, 1, 2, 3, 3, 2, 1, 0, 0};
  const std::vector<std::int64_t> clamp{0, 0, 0, 0, 0, 0, 1, 2, 3, 3, 3, 3, 3, 3};
  const std::vector<std::int64_t> border{-1, -1, -1, -1, -1, 0, 1, 2, 3, -1, -1, -1, -1, -1};
  for (std::int64_t i = -5; i <= 8; ++i) {
    const auto k = static_cast<std::size_t>(i + 5);
    EXPECT_EQ(address(i, 4, AddressMode::kWrap, true), wrap[k]) << i;
    EXPECT_EQ(address(i, 4, AddressMode::kMirror, true), mirror[k]) << i;
    EXPECT_EQ(address(i, 4, AddressMode::kClamp, true), clamp[k]) << i;
    EXPECT_EQ(address(i, 4, AddressMode::kBorder, true), border[k]) << i;
    // Wrap and mirror need normalized coordinates; without them they clamp.
    EXPECT_EQ(address(i, 4, AddressMode::kWrap, false), clamp[k]) << i;
    EXPECT_EQ(address(i, 4, AddressMode::kMirror, false), clamp[k]) << i;
  }
}

TEST(TextureFiltering, WeightsAreNineBitFixedPointWithEightFractionalBits) {
  EXPECT_EQ(texture::quantize_weight(0.0f), 0.0f);
  EXPECT_EQ(texture::quantize_weight(0.25f), 0.25f);
  EXPECT_EQ(texture::quantize_weight(0.1f), 26.0f / 256.0f);  // 25.6 / 256 rounds up
  EXPECT_EQ(texture::quantize_weight(0.3f), 77.0f / 256.0f);  // 76.8 / 256
  EXPECT_EQ(texture::quantize_weight(0.999f), 1.0f);          // 255.74 / 256: 1 needs the 9th bit
}

TEST(TextureFiltering, LinearOneDimensionalFootprint) {
  TextureDescriptor d = float_texture(8);
  d.filter_linear = 1;
  d.address_mode[0] = static_cast<std::uint32_t>(AddressMode::kClamp);
  Coords c;
  c.f[0] = 2.8f;  // xB = 2.3: texels 2 and 3, alpha = round(0.3 * 256) / 256 = 77/256
  const texture::Footprint f = footprint(d, 1, c);
  ASSERT_EQ(f.count, 2u);
  EXPECT_EQ(f.addr[0], 0x1000u + 2 * 4);
  EXPECT_EQ(f.addr[1], 0x1000u + 3 * 4);
  EXPECT_EQ(f.weight[0], 1.0f - 77.0f / 256.0f);
  EXPECT_EQ(f.weight[1], 77.0f / 256.0f);
  // At the left edge xB = -0.5: clamp reads texel 0 twice, border weighs the missing one.
  c.f[0] = 0.0f;
  const texture::Footprint clamped = footprint(d, 1, c);
  ASSERT_EQ(clamped.count, 2u);
  EXPECT_EQ(clamped.addr[0], 0x1000u);
  EXPECT_EQ(clamped.addr[1], 0x1000u);
  d.address_mode[0] = static_cast<std::uint32_t>(AddressMode::kBorder);
  const texture::Footprint bordered = footprint(d, 1, c);
  ASSERT_EQ(bordered.count, 1u);
  EXPECT_EQ(bordered.addr[0], 0x1000u);
  EXPECT_EQ(bordered.weight[0], 0.5f);
  EXPECT_EQ(bordered.border_weight, 0.5f);
}

TEST(TextureFiltering, BilinearWeightsWithNormalizedWrappedCoordinates) {
  TextureDescriptor d = float_texture(4, 4);
  d.filter_linear = 1;
  d.normalized_coords = 1;
  d.address_mode[0] = d.address_mode[1] = static_cast<std::uint32_t>(AddressMode::kWrap);
  Coords c;
  c.f[0] = 1.0f;    // x = 4.0, xB = 3.5: texels 3 and 0 (wrapped), alpha 1/2
  c.f[1] = 0.375f;  // y = 1.5, yB = 1.0: rows 1 and 2, beta 0
  const texture::Footprint f = footprint(d, 2, c);
  ASSERT_EQ(f.count, 4u);
  // Corner order: (x0,y0), (x1,y0), (x0,y1), (x1,y1).
  EXPECT_EQ(f.addr[0], 0x1000u + 1 * 16 + 3 * 4);
  EXPECT_EQ(f.addr[1], 0x1000u + 1 * 16 + 0 * 4);
  EXPECT_EQ(f.addr[2], 0x1000u + 2 * 16 + 3 * 4);
  EXPECT_EQ(f.addr[3], 0x1000u + 2 * 16 + 0 * 4);
  EXPECT_EQ(f.weight[0], 0.5f);
  EXPECT_EQ(f.weight[1], 0.5f);
  EXPECT_EQ(f.weight[2], 0.0f);
  EXPECT_EQ(f.weight[3], 0.0f);
}

TEST(TextureFiltering, PointSamplingTakesTheFloorAndMirrors) {
  TextureDescriptor d = float_texture(4);
  d.normalized_coords = 1;
  d.address_mode[0] = static_cast<std::uint32_t>(AddressMode::kMirror);
  Coords c;
  c.f[0] = 1.3f;  // x = 5.2: index 5, mirrored to 2
  const texture::Footprint f = footprint(d, 1, c);
  ASSERT_EQ(f.count, 1u);
  EXPECT_EQ(f.addr[0], 0x1000u + 2 * 4);
  EXPECT_EQ(f.weight[0], 1.0f);
}

// The programming guide's cubemap table: the major axis picks the face, the other two the point.
TEST(TextureCubemap, FaceAndPointOfEachMajorAxis) {
  struct Case {
    float x, y, z;
    unsigned face;
    float s, t;
  };
  const Case cases[] = {
      {1, 0.5f, -0.5f, 0, 0.75f, 0.25f},  {-2, 0.5f, -1, 1, 0.25f, 0.375f},
      {0.5f, 1, 0.25f, 2, 0.75f, 0.625f}, {0.5f, -1, 0.25f, 3, 0.75f, 0.375f},
      {-0.5f, 0.5f, 1, 4, 0.25f, 0.25f},  {-0.5f, 0.5f, -1, 5, 0.75f, 0.25f},
      {1, 1, 1, 0, 0.0f, 0.0f},  // a tie: x first
  };
  for (const Case& c : cases) {
    const texture::CubeFace f = texture::cube_face(c.x, c.y, c.z);
    EXPECT_EQ(f.face, c.face) << c.x << " " << c.y << " " << c.z;
    EXPECT_FLOAT_EQ(f.s, c.s) << c.x << " " << c.y << " " << c.z;
    EXPECT_FLOAT_EQ(f.t, c.t) << c.x << " " << c.y << " " << c.z;
  }
}

TEST(TextureFiltering, GatherOrderIsCounterClockwiseFromLowerLeft) {
  TextureDescriptor d = float_texture(4, 4);
  d.address_mode[0] = d.address_mode[1] = static_cast<std::uint32_t>(AddressMode::kClamp);
  Coords c;
  c.f[0] = 1.5f;  // xB = 1.0: columns 1, 2
  c.f[1] = 2.5f;  // yB = 2.0: rows 2, 3
  const texture::Gather g = texture::gather(d, c);
  EXPECT_EQ(g.addr[0], 0x1000u + 3 * 16 + 1 * 4);  // (i0, j1)
  EXPECT_EQ(g.addr[1], 0x1000u + 3 * 16 + 2 * 4);  // (i1, j1)
  EXPECT_EQ(g.addr[2], 0x1000u + 2 * 16 + 2 * 4);  // (i1, j0)
  EXPECT_EQ(g.addr[3], 0x1000u + 2 * 16 + 1 * 4);  // (i0, j0)
}

TEST(TextureReadModes, NormalizedFloatAndElementType) {
  TextureDescriptor d;
  d.channel_bits[0] = d.channel_bits[1] = 8;
  d.channel_kind = static_cast<std::uint32_t>(ChannelKind::kUnsigned);
  d.texel_bytes = 2;
  d.read_normalized = 1;
  const std::uint8_t u8[2] = {255, 51};
  const auto f = texture::texel_float(d, u8);
  EXPECT_EQ(f[0], 1.0f);
  EXPECT_EQ(f[1], 51.0f / 255.0f);
  EXPECT_EQ(f[2], 0.0f);  // missing channels: 0, and 1 for w
  EXPECT_EQ(f[3], 1.0f);
  d.channel_kind = static_cast<std::uint32_t>(ChannelKind::kSigned);
  const std::uint8_t s8[2] = {0x80, 0x81};  // -128 clamps to -1; -127 is -1 exactly
  const auto g = texture::texel_float(d, s8);
  EXPECT_EQ(g[0], -1.0f);
  EXPECT_EQ(g[1], -1.0f);
  d.read_normalized = 0;
  const auto i = texture::texel_int(d, s8);
  EXPECT_EQ(i[0], 0xffffff80u);  // sign-extended
  EXPECT_EQ(i[1], 0xffffff81u);
  EXPECT_EQ(i[3], 1u);
  TextureDescriptor h;
  h.channel_bits[0] = 16;
  h.channel_kind = static_cast<std::uint32_t>(ChannelKind::kFloat);
  h.texel_bytes = 2;
  const std::uint8_t half[2] = {0x00, 0x3e};  // 1.5
  EXPECT_EQ(texture::texel_float(h, half)[0], 1.5f);
}

TEST(TextureReadModes, RefusesWhatTheModelCannotSample) {
  TextureDescriptor d = float_texture(4);
  EXPECT_EQ(unsupported(d), nullptr);
  d.channel_kind = static_cast<std::uint32_t>(ChannelKind::kSigned);
  d.filter_linear = 1;
  EXPECT_NE(unsupported(d), nullptr);  // integers cannot be filtered
  d.filter_linear = 0;
  d.channel_bits[0] = d.channel_bits[1] = d.channel_bits[2] = 8;
  d.texel_bytes = 3;
  EXPECT_NE(unsupported(d), nullptr);  // no three-channel formats
}

// A kernel that fetches through the handle in its first parameter: thread t reads coordinates
// (x, y) from coords[t] and writes the four results to out[4t..4t+3].
const char* kTexKernel = R"(
.visible .entry k(.param .u64 tex, .param .u64 coords, .param .u64 out)
{
  .reg .b32 %r<8>;
  .reg .f32 %f<8>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [tex];
  ld.param.u64 %rd2, [coords];
  ld.param.u64 %rd3, [out];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd4, %r1, 8;
  add.u64 %rd5, %rd2, %rd4;
  ld.global.v2.f32 {%f1, %f2}, [%rd5];
  OP
  mul.wide.u32 %rd4, %r1, 16;
  add.u64 %rd6, %rd3, %rd4;
  st.global.v4.b32 [%rd6], {%r4, %r5, %r6, %r7};
  ret;
}
)";

std::string tex_kernel(const std::string& op) {
  std::string k = kTexKernel;
  k.replace(k.find("OP"), 2, op);
  return std::string(test::kHeader) + k;
}

// Runs `op` over a 4x2 float texture holding 10 * row + column, with `edit` applied to the
// descriptor; returns each thread's four results as floats.
std::vector<float> run_tex(const std::string& op, const std::vector<float>& coords,
                           void (*edit)(TextureDescriptor&)) {
  gpu::Runtime rt;
  rt.load_ptx(tex_kernel(op), "tex.ptx");
  std::vector<float> texels;
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 4; ++x) texels.push_back(static_cast<float>(10 * y + x));
  const gpu::DevPtr data = rt.upload(texels);
  TextureDescriptor d = float_texture(4, 2);
  d.base = data;
  edit(d);
  const gpu::DevPtr desc = rt.malloc(kTextureDescriptorBytes);
  rt.memcpy_to_device(desc, &d, sizeof d);
  const gpu::DevPtr in = rt.upload(coords);
  const std::size_t threads = coords.size() / 2;
  const gpu::DevPtr out = rt.malloc(threads * 16);
  rt.launch("k", {1, 1, 1}, {static_cast<std::uint32_t>(threads), 1, 1},
            {gpu::KernelArg::of(desc), gpu::KernelArg::of(in), gpu::KernelArg::of(out)});
  return rt.download<float>(out, threads * 4);
}

TEST(TextureKernel, BilinearFetchMatchesTheHandComputedBlend) {
  const auto r = run_tex("tex.2d.v4.f32.f32 {%r4, %r5, %r6, %r7}, [%rd1, {%f1, %f2}];",
                         {1.0f, 0.5f, 2.25f, 1.0f, 0.0f, 0.0f}, [](TextureDescriptor& d) {
                           d.filter_linear = 1;
                           d.address_mode[0] = d.address_mode[1] =
                               static_cast<std::uint32_t>(AddressMode::kClamp);
                         });
  EXPECT_EQ(r[0], 0.5f);  // between columns 0 and 1 of row 0
  EXPECT_EQ(r[3], 1.0f);  // w of a one-channel texture
  // (2.25, 1.0): xB = 1.75 (columns 1, 2, alpha 3/4), yB = 0.5 (rows 0, 1, beta 1/2)
  EXPECT_EQ(r[4], 0.25f * 0.5f * 1 + 0.75f * 0.5f * 2 + 0.25f * 0.5f * 11 + 0.75f * 0.5f * 12);
  EXPECT_EQ(r[8], 0.0f);  // the corner, clamped: texel (0, 0) four times
}

TEST(TextureKernel, BorderColourAndGather) {
  const auto r = run_tex("tex.2d.v4.f32.f32 {%r4, %r5, %r6, %r7}, [%rd1, {%f1, %f2}];",
                         {-1.0f, 0.5f, 3.5f, 1.5f}, [](TextureDescriptor& d) {
                           d.address_mode[0] = d.address_mode[1] =
                               static_cast<std::uint32_t>(AddressMode::kBorder);
                           d.border[0] = 7.0f;
                           d.border[3] = 9.0f;
                         });
  EXPECT_EQ(r[0], 7.0f);
  EXPECT_EQ(r[3], 9.0f);
  EXPECT_EQ(r[4], 13.0f);
  const auto g = run_tex("tld4.r.2d.v4.f32.f32 {%r4, %r5, %r6, %r7}, [%rd1, {%f1, %f2}];",
                         {1.5f, 1.0f}, [](TextureDescriptor& d) {
                           d.address_mode[0] = d.address_mode[1] =
                               static_cast<std::uint32_t>(AddressMode::kClamp);
                         });
  EXPECT_EQ(g, (std::vector<float>{11.0f, 12.0f, 2.0f, 1.0f}));
}

// The cycle model charges a fetch as a load of every texel it reads: one warp over a 64 x 2
// texture (rows of 256 bytes, two 128-byte lines each) at y = 1 reads row 1's two lines when
// point sampled, and row 0's two lines as well when filtered bilinearly (yB = 0.5).
std::uint64_t l1_line_accesses(bool linear) {
  gpu::RuntimeOptions o;
  o.timing = std::make_shared<gpu::TimingSession>(sm::load_timing_config(load_machine("gtx480")));
  gpu::Runtime rt(o);
  rt.load_ptx(tex_kernel("tex.2d.v4.f32.f32 {%r4, %r5, %r6, %r7}, [%rd1, {%f1, %f2}];"), "t.ptx");
  const gpu::DevPtr data = rt.upload(std::vector<float>(128, 1.0f));
  TextureDescriptor d = float_texture(64, 2);
  d.base = data;
  d.filter_linear = linear ? 1 : 0;
  const gpu::DevPtr desc = rt.malloc(kTextureDescriptorBytes);
  rt.memcpy_to_device(desc, &d, sizeof d);
  std::vector<float> coords;
  for (int t = 0; t < 32; ++t) {
    coords.push_back(static_cast<float>(t) + 1.0f);
    coords.push_back(1.0f);
  }
  const gpu::DevPtr in = rt.upload(coords);
  const gpu::DevPtr out = rt.malloc(32 * 16);
  rt.launch("k", {1, 1, 1}, {32, 1, 1},
            {gpu::KernelArg::of(desc), gpu::KernelArg::of(in), gpu::KernelArg::of(out)});
  EXPECT_EQ(rt.download<float>(out, 1)[0], 1.0f);
  std::uint64_t n = 0;
  for (const sm::L1Stats& s : o.timing->results().l1) n += s.accesses;
  return n;
}

TEST(TextureTiming, BilinearFetchLoadsTheLinesOfBothRows) {
  // Both read the coordinates (2 lines) and row 1 (2 lines); bilinear also row 0.
  EXPECT_EQ(l1_line_accesses(false), 4u);
  EXPECT_EQ(l1_line_accesses(true), 6u);
}

TEST(TextureKernel, AHandleThatNamesNoTextureIsAKernelFault) {
  gpu::Runtime rt;
  rt.load_ptx(tex_kernel("tex.2d.v4.f32.f32 {%r4, %r5, %r6, %r7}, [%rd1, {%f1, %f2}];"), "tex.ptx");
  const gpu::DevPtr buf = rt.malloc(256);
  rt.memset(buf, 0, 256);
  const std::string e = test::error_of([&] {
    rt.launch("k", {1, 1, 1}, {1, 1, 1},
              {gpu::KernelArg::of(buf), gpu::KernelArg::of(buf), gpu::KernelArg::of(buf)});
  });
  EXPECT_NE(e.find("names no texture object"), std::string::npos) << e;
}

// Surface accesses of thread 0 on a 4x2 surface of 4-byte elements holding 100 + index.
const char* kSurfaceKernel = R"(
.visible .entry s(.param .u64 surf, .param .u64 out, .param .u32 x, .param .u32 y)
{
  .reg .b32 %r<12>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [surf];
  ld.param.u64 %rd2, [out];
  ld.param.u32 %r1, [x];
  ld.param.u32 %r2, [y];
  OP
  st.global.b32 [%rd2], %r3;
  ret;
}
)";

std::pair<std::string, std::vector<std::uint32_t>> run_surface(const std::string& op,
                                                               std::int32_t x, std::int32_t y) {
  gpu::Runtime rt;
  std::string k = kSurfaceKernel;
  k.replace(k.find("OP"), 2, op);
  rt.load_ptx(std::string(test::kHeader) + k, "surf.ptx");
  std::vector<std::uint32_t> cells;
  for (std::uint32_t i = 0; i < 8; ++i) cells.push_back(100 + i);
  const gpu::DevPtr data = rt.upload(cells);
  TextureDescriptor d = float_texture(4, 2);
  d.magic = kSurfaceMagic;
  d.base = data;
  const gpu::DevPtr desc = rt.malloc(kTextureDescriptorBytes);
  rt.memcpy_to_device(desc, &d, sizeof d);
  const gpu::DevPtr out = rt.malloc(4);
  rt.memset(out, 0xff, 4);
  const std::string e = test::error_of([&] {
    rt.launch("s", {1, 1, 1}, {1, 1, 1},
              {gpu::KernelArg::of(desc), gpu::KernelArg::of(out),
               gpu::KernelArg::of(static_cast<std::uint32_t>(x)),
               gpu::KernelArg::of(static_cast<std::uint32_t>(y))});
  });
  std::vector<std::uint32_t> all = rt.download<std::uint32_t>(data, 8);
  all.push_back(rt.download<std::uint32_t>(out, 1)[0]);
  return {e, all};
}

TEST(SurfaceKernel, LoadsAndStoresInEachOutOfBoundsMode) {
  // x is in bytes: element (2, 1) is at x = 8.
  auto [e1, r1] = run_surface("suld.b.2d.b32.trap {%r3}, [%rd1, {%r1, %r2}];", 8, 1);
  EXPECT_EQ(e1, "(no error)");
  EXPECT_EQ(r1[8], 106u);
  auto [e2, r2] = run_surface("suld.b.2d.b32.clamp {%r3}, [%rd1, {%r1, %r2}];", 40, -3);
  EXPECT_EQ(r2[8], 103u);  // clamped to element (3, 0)
  auto [e3, r3] = run_surface("suld.b.2d.b32.zero {%r3}, [%rd1, {%r1, %r2}];", 16, 0);
  EXPECT_EQ(r3[8], 0u);
  auto [e4, r4] = run_surface("suld.b.2d.b32.trap {%r3}, [%rd1, {%r1, %r2}];", 0, 2);
  EXPECT_NE(e4.find("outside the 4x2x1 surface"), std::string::npos) << e4;
  auto [e5, r5] = run_surface(
      "mov.u32 %r3, 5; sust.b.2d.b32.trap [%rd1, {%r1, %r2}], {%r1}; mov.u32 %r3, 0;", 4, 1);
  EXPECT_EQ(r5[5], 4u);  // element (1, 1) now holds x
  auto [e6, r6] =
      run_surface("mov.u32 %r3, 0; sust.b.2d.b32.zero [%rd1, {%r1, %r2}], {%r1};", 4, 9);
  EXPECT_EQ(std::vector<std::uint32_t>(r6.begin(), r6.begin() + 8),
            (std::vector<std::uint32_t>{100, 101, 102, 103, 104, 105, 106, 107}));
  auto [e7, r7] = run_surface("suld.b.2d.b32.trap {%r3}, [%rd1, {%r1, %r2}];", 2, 0);
  EXPECT_NE(e7.find("misaligned surface access"), std::string::npos) << e7;
}

TEST(TextureDecode, RefusesWhatItDoesNotModelByName) {
  auto decode = [](const std::string& op) {
    return test::error_of([&] {
      gpu::Runtime rt;
      rt.load_ptx(tex_kernel(op), "tex.ptx");
    });
  };
  EXPECT_EQ(decode("tex.2d.v4.f32.f32 {%r4, %r5, %r6, %r7}, [%rd1, {%f1, %f2}];"), "(no error)");
  EXPECT_EQ(decode("tex.cube.v4.f32.f32 {%r4, %r5, %r6, %r7}, [%rd1, {%f1, %f2, %f3, %f4}];"),
            "(no error)");
  EXPECT_NE(decode("tex.cube.v4.f32.s32 {%r4, %r5, %r6, %r7}, [%rd1, {%r1, %r2, %r3, %r4}];")
                .find("expected .f32 coordinates"),
            std::string::npos);
  EXPECT_NE(decode("tex.2dms.v4.f32.s32 {%r4, %r5, %r6, %r7}, [%rd1, {%r1, %r2, %r3, %r4}];")
                .find("multisample"),
            std::string::npos);
  EXPECT_NE(decode("suld.b.cube.b32.trap {%r3}, [%rd1, {%r1, %r2, %r3, %r4}];")
                .find("layered 2D surface"),
            std::string::npos);
  EXPECT_NE(decode("tex.2d.v4.f32.f32 {%r4, %r5, %r6, %r7}, [%rd1, {%f1}];")
                .find("expected 2 coordinates"),
            std::string::npos);
  EXPECT_NE(decode("sust.p.2d.b32.trap [%rd1, {%r1, %r2}], {%r1};").find("formatted surface"),
            std::string::npos);
  EXPECT_NE(decode("ld.global.u32 %r4, [%rd1, {%r1}];").find("without coordinates"),
            std::string::npos);
}

}  // namespace
}  // namespace wf::ptx
