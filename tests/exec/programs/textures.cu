// Texture and surface objects as classic benchmarks use them, each result checked against the
// CPU: a CSR sparse matrix-vector product whose matrix and vector are read with tex1Dfetch from
// linear memory (integer and normalized-float fetches, and indices past the end), a 2D CUDA
// array sampled with bilinear filtering at normalized coordinates in each addressing mode and
// gathered with tex2Dgather, a 3D array sampled trilinearly, a layered array, cube maps (one and
// a layered pair, sampled bilinearly within the face a direction selects), a pitched 2D texture
// over cudaMalloc memory, and a surface written by one kernel and read by another.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#include "check.h"

// A named namespace: nvcc names the kernels of an anonymous one after a hash of the source's
// path, which would make the program's bytes depend on the folder it is built in.
namespace textures_test {

unsigned lcg(unsigned& s) {
  s = s * 1664525u + 1013904223u;
  return s >> 8;
}

cudaTextureObject_t make_texture(const cudaResourceDesc& r, cudaTextureAddressMode mode,
                                 cudaTextureFilterMode filter, bool normalized,
                                 cudaTextureReadMode read = cudaReadModeElementType,
                                 float border = 0.0f) {
  cudaTextureDesc t;
  std::memset(&t, 0, sizeof t);
  t.addressMode[0] = t.addressMode[1] = t.addressMode[2] = mode;
  t.filterMode = filter;
  t.readMode = read;
  t.normalizedCoords = normalized;
  t.borderColor[0] = border;
  cudaTextureObject_t o;
  CHECK(cudaCreateTextureObject(&o, &r, &t, nullptr));
  return o;
}

cudaResourceDesc linear_resource(void* p, std::size_t bytes, cudaChannelFormatDesc d) {
  cudaResourceDesc r;
  std::memset(&r, 0, sizeof r);
  r.resType = cudaResourceTypeLinear;
  r.res.linear.devPtr = p;
  r.res.linear.desc = d;
  r.res.linear.sizeInBytes = bytes;
  return r;
}

cudaResourceDesc array_resource(cudaArray_t a) {
  cudaResourceDesc r;
  std::memset(&r, 0, sizeof r);
  r.resType = cudaResourceTypeArray;
  r.res.array.array = a;
  return r;
}

// w x h x d floats, row after row and slice (or layer) after slice, into a 3D or layered array.
void copy_floats_to_array(float* host, cudaArray_t a, int w, int h, int d) {
  cudaMemcpy3DParms p;
  std::memset(&p, 0, sizeof p);
  p.srcPtr = make_cudaPitchedPtr(host, w * 4, w, h);
  p.dstArray = a;
  p.extent = make_cudaExtent(w, h, d);
  p.kind = cudaMemcpyHostToDevice;
  CHECK(cudaMemcpy3D(&p));
}

// ---- CPU reference of the CUDA programming guide's texture fetching -------------------------

int address(int i, int n, cudaTextureAddressMode mode) {
  switch (mode) {
    case cudaAddressModeWrap:
      return ((i % n) + n) % n;
    case cudaAddressModeMirror: {
      const int j = ((i % (2 * n)) + 2 * n) % (2 * n);
      return j < n ? j : 2 * n - 1 - j;
    }
    case cudaAddressModeBorder:
      return i < 0 || i >= n ? -1 : i;
    default:
      return i < 0 ? 0 : i >= n ? n - 1 : i;
  }
}

// Texel (x, y) of a W x H texture, or the border colour -2 when addressing puts it outside.
float texel(const std::vector<float>& t, int w, int h, int x, int y, cudaTextureAddressMode m) {
  const int ax = address(x, w, m), ay = address(y, h, m);
  return ax < 0 || ay < 0 ? -2.0f : t[ay * w + ax];
}

// Linear filtering: xB = x - 0.5, i = floor(xB), alpha = frac(xB) in 9-bit fixed point.
float bilinear(const std::vector<float>& t, int w, int h, float x, float y,
               cudaTextureAddressMode m) {
  const float xb = x - 0.5f, yb = y - 0.5f;
  const int i = static_cast<int>(std::floor(xb)), j = static_cast<int>(std::floor(yb));
  const float a = std::nearbyint((xb - std::floor(xb)) * 256.0f) / 256.0f;
  const float b = std::nearbyint((yb - std::floor(yb)) * 256.0f) / 256.0f;
  return (1 - a) * (1 - b) * texel(t, w, h, i, j, m) + a * (1 - b) * texel(t, w, h, i + 1, j, m) +
         (1 - a) * b * texel(t, w, h, i, j + 1, m) + a * b * texel(t, w, h, i + 1, j + 1, m);
}

// The cube face a direction points at and the normalized point on it, from the programming
// guide's cubemap table (ties, which the samples below avoid, go to x, then y).
int cube_face(float x, float y, float z, float* s, float* t) {
  const float ax = std::fabs(x), ay = std::fabs(y), az = std::fabs(z);
  int face;
  float m, sc, tc;
  if (ax >= ay && ax >= az) {
    face = x >= 0 ? 0 : 1, m = ax, sc = x >= 0 ? -z : z, tc = -y;
  } else if (ay >= az) {
    face = y >= 0 ? 2 : 3, m = ay, sc = x, tc = y >= 0 ? z : -z;
  } else {
    face = z >= 0 ? 4 : 5, m = az, sc = z >= 0 ? x : -x, tc = -y;
  }
  *s = (sc / m + 1) / 2;
  *t = (tc / m + 1) / 2;
  return face;
}

// ---- kernels -------------------------------------------------------------------------------

__global__ void spmv(cudaTextureObject_t rows, cudaTextureObject_t cols, cudaTextureObject_t vals,
                     cudaTextureObject_t x, int* y, int n) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= n) return;
  int sum = 0;
  const int end = tex1Dfetch<int>(rows, row + 1);
  for (int j = tex1Dfetch<int>(rows, row); j < end; ++j)
    sum += tex1Dfetch<int>(vals, j) * tex1Dfetch<int>(x, tex1Dfetch<int>(cols, j));
  // Past either end of linear memory a border-mode fetch reads zero.
  y[row] = sum + tex1Dfetch<int>(x, n + row) + tex1Dfetch<int>(x, -1 - row);
}

__global__ void unorm(cudaTextureObject_t bytes, float4* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<float4>(bytes, i);
}

__global__ void sample2d(cudaTextureObject_t t, const float2* at, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D<float>(t, at[i].x, at[i].y);
}

__global__ void gather2d(cudaTextureObject_t t, const float2* at, float4* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2Dgather<float4>(t, at[i].x, at[i].y, 0);
}

__global__ void sample3d(cudaTextureObject_t t, cudaTextureObject_t layered, const float4* at,
                         float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[2 * i] = tex3D<float>(t, at[i].x, at[i].y, at[i].z);
  out[2 * i + 1] = tex2DLayered<float>(layered, at[i].x, at[i].y, static_cast<int>(at[i].w));
}

__global__ void sample_cube(cudaTextureObject_t cube, cudaTextureObject_t cubes, const float4* at,
                            float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[2 * i] = texCubemap<float>(cube, at[i].x, at[i].y, at[i].z);
  out[2 * i + 1] = texCubemapLayered<float>(cubes, at[i].x, at[i].y, at[i].z, i % 2);
}

__global__ void surface_write(cudaSurfaceObject_t s, int w, int h) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  if (x < w && y < h) surf2Dwrite(x * 100 + y, s, x * 4, y);
}

__global__ void surface_read(cudaSurfaceObject_t s, int* out, int w, int h) {
  const int x = threadIdx.x, y = blockIdx.x;
  int clamped, zero;
  // Two columns and rows beyond each edge.
  surf2Dread(&clamped, s, (x - 2) * 4, y - 2, cudaBoundaryModeClamp);
  surf2Dread(&zero, s, (x - 2) * 4, y - 2, cudaBoundaryModeZero);
  const int i = y * (w + 4) + x;
  out[2 * i] = clamped;
  out[2 * i + 1] = zero;
}

}  // namespace textures_test

using namespace textures_test;

int main() {
  int wrong = 0;
  auto expect = [&](bool ok, const char* what, int i) {
    if (!ok && wrong++ < 5) std::printf("wrong: %s %d\n", what, i);
  };

  // ---- 1. SpMV through linear-memory textures ---------------------------------------------
  {
    const int n = 200;
    unsigned seed = 7;
    std::vector<int> rows{0}, cols, vals, x(n);
    for (int i = 0; i < n; ++i) {
      const int k = 1 + static_cast<int>(lcg(seed) % 6);
      for (int j = 0; j < k; ++j) {
        cols.push_back(static_cast<int>(lcg(seed) % n));
        vals.push_back(static_cast<int>(lcg(seed) % 19) - 9);
      }
      rows.push_back(static_cast<int>(cols.size()));
      x[i] = static_cast<int>(lcg(seed) % 100);
    }
    int *d_rows, *d_cols, *d_vals, *d_x, *d_y;
    CHECK(cudaMalloc(&d_rows, rows.size() * 4));
    CHECK(cudaMalloc(&d_cols, cols.size() * 4));
    CHECK(cudaMalloc(&d_vals, vals.size() * 4));
    CHECK(cudaMalloc(&d_x, n * 4));
    CHECK(cudaMalloc(&d_y, n * 4));
    CHECK(cudaMemcpy(d_rows, rows.data(), rows.size() * 4, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_cols, cols.data(), cols.size() * 4, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_vals, vals.data(), vals.size() * 4, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_x, x.data(), n * 4, cudaMemcpyHostToDevice));
    const cudaChannelFormatDesc i32 = cudaCreateChannelDesc<int>();
    cudaTextureObject_t t_rows = make_texture(linear_resource(d_rows, rows.size() * 4, i32),
                                              cudaAddressModeBorder, cudaFilterModePoint, false);
    cudaTextureObject_t t_cols = make_texture(linear_resource(d_cols, cols.size() * 4, i32),
                                              cudaAddressModeBorder, cudaFilterModePoint, false);
    cudaTextureObject_t t_vals = make_texture(linear_resource(d_vals, vals.size() * 4, i32),
                                              cudaAddressModeBorder, cudaFilterModePoint, false);
    cudaTextureObject_t t_x = make_texture(linear_resource(d_x, n * 4, i32), cudaAddressModeBorder,
                                           cudaFilterModePoint, false);
    cudaResourceDesc back;
    CHECK(cudaGetTextureObjectResourceDesc(&back, t_cols));
    expect(back.resType == cudaResourceTypeLinear && back.res.linear.devPtr == d_cols,
           "resource desc", 0);
    spmv<<<(n + 63) / 64, 64>>>(t_rows, t_cols, t_vals, t_x, d_y, n);
    CHECK(cudaGetLastError());
    std::vector<int> y(n);
    CHECK(cudaMemcpy(y.data(), d_y, n * 4, cudaMemcpyDeviceToHost));
    long long checksum = 0;
    for (int i = 0; i < n; ++i) {
      int want = 0;
      for (int j = rows[i]; j < rows[i + 1]; ++j) want += vals[j] * x[cols[j]];
      expect(y[i] == want, "spmv row", i);
      checksum += y[i];
    }
    std::printf("spmv: %d rows, %d nonzeros, checksum %lld\n", n, rows[n], checksum);

    // The same bytes as uchar4, read as normalized floats.
    float4* d_f;
    const int m = n / 4;
    CHECK(cudaMalloc(&d_f, m * sizeof(float4)));
    cudaTextureObject_t t_bytes =
        make_texture(linear_resource(d_x, n * 4, cudaCreateChannelDesc<uchar4>()),
                     cudaAddressModeClamp, cudaFilterModePoint, false, cudaReadModeNormalizedFloat);
    unorm<<<1, 64>>>(t_bytes, d_f, m);
    std::vector<float4> f(m);
    CHECK(cudaMemcpy(f.data(), d_f, m * sizeof(float4), cudaMemcpyDeviceToHost));
    const auto* raw = reinterpret_cast<const unsigned char*>(x.data());
    for (int i = 0; i < m; ++i) {
      expect(f[i].x == raw[4 * i] / 255.0f && f[i].y == raw[4 * i + 1] / 255.0f &&
                 f[i].z == raw[4 * i + 2] / 255.0f && f[i].w == raw[4 * i + 3] / 255.0f,
             "unorm", i);
    }
    std::printf("unorm8: texel 3 = (%.4f, %.4f, %.4f, %.4f)\n", f[3].x, f[3].y, f[3].z, f[3].w);
    for (cudaTextureObject_t t : {t_rows, t_cols, t_vals, t_x, t_bytes})
      CHECK(cudaDestroyTextureObject(t));
    CHECK(cudaFree(d_f));
    CHECK(cudaFree(d_rows));
    CHECK(cudaFree(d_cols));
    CHECK(cudaFree(d_vals));
    CHECK(cudaFree(d_x));
    CHECK(cudaFree(d_y));
  }

  // ---- 2. A 2D array: bilinear filtering, normalized coordinates, every address mode -------
  {
    const int w = 8, h = 4;
    std::vector<float> img(w * h);
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) img[y * w + x] = static_cast<float>((x * 3 + y * 7) % 16);
    cudaArray_t a;
    cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
    CHECK(cudaMallocArray(&a, &fd, w, h, cudaArrayTextureGather));
    CHECK(cudaMemcpy2DToArray(a, 0, 0, img.data(), w * 4, w * 4, h, cudaMemcpyHostToDevice));
    std::vector<float> back(w * h);
    CHECK(cudaMemcpy2DFromArray(back.data(), w * 4, a, 0, 0, w * 4, h, cudaMemcpyDeviceToHost));
    expect(back == img, "array round trip", 0);
    // Coordinates from -1 to 2 (normalized), in steps that keep every weight exact.
    const int n = 96;
    std::vector<float2> at(n);
    for (int i = 0; i < n; ++i) at[i] = make_float2((i - 24) / 32.0f, ((i * 7) % 48 - 12) / 16.0f);
    float2* d_at;
    float* d_out;
    CHECK(cudaMalloc(&d_at, n * sizeof(float2)));
    CHECK(cudaMalloc(&d_out, n * 4));
    CHECK(cudaMemcpy(d_at, at.data(), n * sizeof(float2), cudaMemcpyHostToDevice));
    const cudaTextureAddressMode modes[] = {cudaAddressModeWrap, cudaAddressModeClamp,
                                            cudaAddressModeMirror, cudaAddressModeBorder};
    const char* names[] = {"wrap", "clamp", "mirror", "border"};
    for (int k = 0; k < 4; ++k) {
      cudaTextureObject_t t = make_texture(array_resource(a), modes[k], cudaFilterModeLinear, true,
                                           cudaReadModeElementType, -2.0f);
      sample2d<<<2, 64>>>(t, d_at, d_out, n);
      std::vector<float> out(n);
      CHECK(cudaMemcpy(out.data(), d_out, n * 4, cudaMemcpyDeviceToHost));
      double sum = 0;
      for (int i = 0; i < n; ++i) {
        expect(out[i] == bilinear(img, w, h, at[i].x * w, at[i].y * h, modes[k]), names[k], i);
        sum += out[i];
      }
      std::printf("bilinear %s: %d samples, sum %.6f, sample 5 = %.6f\n", names[k], n, sum, out[5]);
      CHECK(cudaDestroyTextureObject(t));
    }
    // tex2Dgather: the four texels of each footprint (unnormalized, clamped).
    cudaTextureObject_t g =
        make_texture(array_resource(a), cudaAddressModeClamp, cudaFilterModePoint, false);
    float4* d_g;
    CHECK(cudaMalloc(&d_g, n * sizeof(float4)));
    for (int i = 0; i < n; ++i) at[i] = make_float2((i % 11) - 1.25f, (i % 5) - 0.5f);
    CHECK(cudaMemcpy(d_at, at.data(), n * sizeof(float2), cudaMemcpyHostToDevice));
    gather2d<<<2, 64>>>(g, d_at, d_g, n);
    std::vector<float4> gathered(n);
    CHECK(cudaMemcpy(gathered.data(), d_g, n * sizeof(float4), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) {
      const int x0 = static_cast<int>(std::floor(at[i].x - 0.5f));
      const int y0 = static_cast<int>(std::floor(at[i].y - 0.5f));
      const auto m = cudaAddressModeClamp;
      const float4 want =
          make_float4(texel(img, w, h, x0, y0 + 1, m), texel(img, w, h, x0 + 1, y0 + 1, m),
                      texel(img, w, h, x0 + 1, y0, m), texel(img, w, h, x0, y0, m));
      expect(gathered[i].x == want.x && gathered[i].y == want.y && gathered[i].z == want.z &&
                 gathered[i].w == want.w,
             "gather", i);
    }
    std::printf("gather: sample 7 = (%g, %g, %g, %g)\n", gathered[7].x, gathered[7].y,
                gathered[7].z, gathered[7].w);
    CHECK(cudaDestroyTextureObject(g));
    CHECK(cudaFreeArray(a));
    CHECK(cudaFree(d_g));

    // A pitched 2D texture over cudaMalloc memory: rows of 10 floats, 64 bytes apart.
    const int pw = 10, ph = 3;
    const std::size_t pitch = 64;
    float* d_p;
    CHECK(cudaMalloc(&d_p, pitch * ph));
    std::vector<float> pimg(pw * ph);
    for (int i = 0; i < pw * ph; ++i) pimg[i] = static_cast<float>(i * i % 37);
    for (int r = 0; r < ph; ++r)
      CHECK(cudaMemcpy(reinterpret_cast<char*>(d_p) + r * pitch, &pimg[r * pw], pw * 4,
                       cudaMemcpyHostToDevice));
    cudaResourceDesc pr;
    std::memset(&pr, 0, sizeof pr);
    pr.resType = cudaResourceTypePitch2D;
    pr.res.pitch2D.devPtr = d_p;
    pr.res.pitch2D.desc = fd;
    pr.res.pitch2D.width = pw;
    pr.res.pitch2D.height = ph;
    pr.res.pitch2D.pitchInBytes = pitch;
    cudaTextureObject_t pt = make_texture(pr, cudaAddressModeClamp, cudaFilterModePoint, false);
    for (int i = 0; i < n; ++i) at[i] = make_float2((i % 13) - 1.5f, (i % 4) + 0.25f);
    CHECK(cudaMemcpy(d_at, at.data(), n * sizeof(float2), cudaMemcpyHostToDevice));
    sample2d<<<2, 64>>>(pt, d_at, d_out, n);
    std::vector<float> out(n);
    CHECK(cudaMemcpy(out.data(), d_out, n * 4, cudaMemcpyDeviceToHost));
    double sum = 0;
    for (int i = 0; i < n; ++i) {
      const int x = static_cast<int>(std::floor(at[i].x)),
                y = static_cast<int>(std::floor(at[i].y));
      expect(out[i] == texel(pimg, pw, ph, x, y, cudaAddressModeClamp), "pitch2d", i);
      sum += out[i];
    }
    std::printf("pitch2d: %d samples, sum %g\n", n, sum);
    CHECK(cudaDestroyTextureObject(pt));
    CHECK(cudaFree(d_p));
    CHECK(cudaFree(d_at));
    CHECK(cudaFree(d_out));
  }

  // ---- 3. A 3D array (trilinear), a layered 2D array (point) and cube maps (bilinear) ------
  {
    const int w = 4, h = 4, d = 3;
    std::vector<float> vol(w * h * d);
    for (int i = 0; i < w * h * d; ++i) vol[i] = static_cast<float>((i * 5) % 17);
    cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
    cudaArray_t a3, al;
    CHECK(cudaMalloc3DArray(&a3, &fd, make_cudaExtent(w, h, d)));
    CHECK(cudaMalloc3DArray(&al, &fd, make_cudaExtent(w, h, d), cudaArrayLayered));
    for (cudaArray_t a : {a3, al}) copy_floats_to_array(vol.data(), a, w, h, d);
    cudaTextureObject_t t3 =
        make_texture(array_resource(a3), cudaAddressModeClamp, cudaFilterModeLinear, false);
    cudaTextureObject_t tl =
        make_texture(array_resource(al), cudaAddressModeClamp, cudaFilterModePoint, false);
    const int n = 40;
    std::vector<float4> at(n);
    for (int i = 0; i < n; ++i)
      at[i] = make_float4((i % 9) * 0.5f - 0.25f, (i % 7) * 0.75f, (i % 5) * 0.625f, i % 3);
    float4* d_at;
    float* d_out;
    CHECK(cudaMalloc(&d_at, n * sizeof(float4)));
    CHECK(cudaMalloc(&d_out, 2 * n * 4));
    CHECK(cudaMemcpy(d_at, at.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
    sample3d<<<1, 64>>>(t3, tl, d_at, d_out, n);
    std::vector<float> out(2 * n);
    CHECK(cudaMemcpy(out.data(), d_out, 2 * n * 4, cudaMemcpyDeviceToHost));
    auto v = [&](int x, int y, int z) {
      auto c = [](int i, int n) { return i < 0 ? 0 : i >= n ? n - 1 : i; };
      return vol[(c(z, d) * h + c(y, h)) * w + c(x, w)];
    };
    double sum = 0;
    for (int i = 0; i < n; ++i) {
      float xb = at[i].x - 0.5f, yb = at[i].y - 0.5f, zb = at[i].z - 0.5f;
      const int x0 = static_cast<int>(std::floor(xb)), y0 = static_cast<int>(std::floor(yb)),
                z0 = static_cast<int>(std::floor(zb));
      const float a = std::nearbyint((xb - x0) * 256) / 256,
                  b = std::nearbyint((yb - y0) * 256) / 256,
                  c = std::nearbyint((zb - z0) * 256) / 256;
      float want = 0;
      for (int k = 0; k < 8; ++k) {
        const int dx = k & 1, dy = (k >> 1) & 1, dz = (k >> 2) & 1;
        want +=
            (dx ? a : 1 - a) * (dy ? b : 1 - b) * (dz ? c : 1 - c) * v(x0 + dx, y0 + dy, z0 + dz);
      }
      expect(out[2 * i] == want, "trilinear", i);
      const int layer = static_cast<int>(at[i].w);
      const float lw = vol[(layer * h + std::min(static_cast<int>(at[i].y), h - 1)) * w +
                           std::max(0, std::min(static_cast<int>(std::floor(at[i].x)), w - 1))];
      expect(out[2 * i + 1] == lw, "layered", i);
      sum += out[2 * i] + out[2 * i + 1];
    }
    std::printf("3d and layered: %d samples, sum %.6f\n", n, sum);
    CHECK(cudaDestroyTextureObject(t3));
    CHECK(cudaDestroyTextureObject(tl));

    // Cube maps: one cube, and a layered array of two, of 4 x 4 faces, bilinear with wrap
    // within each face (not seamless), at random directions.
    const int fw = 4;
    unsigned seed = 11;
    std::vector<float> faces(2 * 6 * fw * fw);
    for (std::size_t i = 0; i < faces.size(); ++i) faces[i] = static_cast<float>(lcg(seed) % 64);
    cudaArray_t cube, cubes;
    CHECK(cudaMalloc3DArray(&cube, &fd, make_cudaExtent(fw, fw, 6), cudaArrayCubemap));
    CHECK(cudaMalloc3DArray(&cubes, &fd, make_cudaExtent(fw, fw, 12),
                            cudaArrayCubemap | cudaArrayLayered));
    for (cudaArray_t a : {cube, cubes})
      copy_floats_to_array(faces.data(), a, fw, fw, a == cube ? 6 : 12);
    cudaTextureObject_t tc =
        make_texture(array_resource(cube), cudaAddressModeWrap, cudaFilterModeLinear, true);
    cudaTextureObject_t tcs =
        make_texture(array_resource(cubes), cudaAddressModeWrap, cudaFilterModeLinear, true);
    std::vector<float4> dirs(n);
    for (auto& d : dirs) {
      auto r = [&] { return static_cast<float>(lcg(seed) % 2001) / 1000.0f - 1.0f; };
      d = make_float4(r(), r(), r(), 0);
    }
    CHECK(cudaMemcpy(d_at, dirs.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
    sample_cube<<<1, 64>>>(tc, tcs, d_at, d_out, n);
    CHECK(cudaMemcpy(out.data(), d_out, 2 * n * 4, cudaMemcpyDeviceToHost));
    double cube_sum = 0;
    int faces_hit = 0;
    for (int i = 0; i < n; ++i) {
      float fs, ft;
      const int face = cube_face(dirs[i].x, dirs[i].y, dirs[i].z, &fs, &ft);
      faces_hit |= 1 << face;
      for (int layered = 0; layered < 2; ++layered) {
        const int layer = layered ? face + 6 * (i % 2) : face;
        const std::vector<float> image(faces.begin() + layer * fw * fw,
                                       faces.begin() + (layer + 1) * fw * fw);
        const float want = bilinear(image, fw, fw, fs * fw, ft * fw, cudaAddressModeWrap);
        expect(out[2 * i + layered] == want, layered ? "layered cube map" : "cube map", i);
        cube_sum += out[2 * i + layered];
      }
    }
    std::printf("cube maps: %d samples on %d faces, sum %.6f\n", n, __builtin_popcount(faces_hit),
                cube_sum);
    CHECK(cudaDestroyTextureObject(tc));
    CHECK(cudaDestroyTextureObject(tcs));
    CHECK(cudaFreeArray(cube));
    CHECK(cudaFreeArray(cubes));
    CHECK(cudaFreeArray(a3));
    CHECK(cudaFreeArray(al));
    CHECK(cudaFree(d_at));
    CHECK(cudaFree(d_out));
  }

  // ---- 4. A surface written by one kernel, read with clamp and zero boundaries by another ---
  {
    const int w = 16, h = 8;
    cudaChannelFormatDesc id = cudaCreateChannelDesc<int>();
    cudaArray_t a;
    CHECK(cudaMallocArray(&a, &id, w, h, cudaArraySurfaceLoadStore));
    cudaSurfaceObject_t s;
    const cudaResourceDesc r = array_resource(a);
    CHECK(cudaCreateSurfaceObject(&s, &r));
    surface_write<<<dim3(1, h), 32>>>(s, w, h);
    std::vector<int> cells(w * h);
    CHECK(cudaMemcpy2DFromArray(cells.data(), w * 4, a, 0, 0, w * 4, h, cudaMemcpyDeviceToHost));
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x)
        expect(cells[y * w + x] == x * 100 + y, "surface write", y * w + x);
    const int ow = w + 4, oh = h + 4;
    int* d_out;
    CHECK(cudaMalloc(&d_out, 2 * ow * oh * 4));
    surface_read<<<oh, ow>>>(s, d_out, w, h);
    std::vector<int> out(2 * ow * oh);
    CHECK(cudaMemcpy(out.data(), d_out, out.size() * 4, cudaMemcpyDeviceToHost));
    long long sum = 0;
    for (int y = 0; y < oh; ++y) {
      for (int x = 0; x < ow; ++x) {
        const int sx = x - 2, sy = y - 2, i = y * ow + x;
        const int cx = sx < 0 ? 0 : sx >= w ? w - 1 : sx, cy = sy < 0 ? 0 : sy >= h ? h - 1 : sy;
        const bool inside = sx == cx && sy == cy;
        expect(out[2 * i] == cx * 100 + cy, "surface clamp", i);
        expect(out[2 * i + 1] == (inside ? cx * 100 + cy : 0), "surface zero", i);
        sum += out[2 * i] + out[2 * i + 1];
      }
    }
    std::printf("surface: %dx%d written, %dx%d read, sum %lld\n", w, h, ow, oh, sum);
    CHECK(cudaDestroySurfaceObject(s));
    CHECK(cudaFreeArray(a));
    CHECK(cudaFree(d_out));
  }

  // Copies between two arrays: a 2D block (bytes and rows), a contiguous range, and a 3D box
  // (elements), each checked against the same copy on the host.
  {
    const int w = 12, h = 6, d = 3;
    cudaChannelFormatDesc id = cudaCreateChannelDesc<int>();
    cudaArray_t src, dst;
    CHECK(cudaMalloc3DArray(&src, &id, make_cudaExtent(w, h, d)));
    CHECK(cudaMalloc3DArray(&dst, &id, make_cudaExtent(w, h, d)));
    std::vector<int> from(w * h * d), to(w * h * d, -1);
    for (int i = 0; i < w * h * d; ++i) from[i] = i * 7 + 1;
    cudaMemcpy3DParms up = {};
    up.srcPtr = make_cudaPitchedPtr(from.data(), w * 4, w, h);
    up.dstArray = src;
    up.extent = make_cudaExtent(w, h, d);
    up.kind = cudaMemcpyHostToDevice;
    CHECK(cudaMemcpy3D(&up));
    up.srcPtr = make_cudaPitchedPtr(to.data(), w * 4, w, h);
    up.dstArray = dst;
    CHECK(cudaMemcpy3D(&up));
    // 5 x 3 elements from (2, 1) to (6, 2), in the first slice.
    CHECK(cudaMemcpy2DArrayToArray(dst, 6 * 4, 2, src, 2 * 4, 1, 5 * 4, 3));
    for (int y = 0; y < 3; ++y)
      for (int x = 0; x < 5; ++x) to[(2 + y) * w + 6 + x] = from[(1 + y) * w + 2 + x];
#pragma GCC diagnostic push
        // 20 elements from element 13 of the source to element 50 of the destination, row after row
        // within the first slice. (Deprecated since CUDA 10.1, still in the runtime.)
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    CHECK(cudaMemcpyArrayToArray(dst, (50 % w) * 4, 50 / w, src, (13 % w) * 4, 13 / w, 20 * 4));
#pragma GCC diagnostic pop
    for (int i = 0; i < 20; ++i) to[50 + i] = from[13 + i];
    // A 4 x 2 x 2 box from (1, 2, 0) to (7, 3, 1).
    cudaMemcpy3DParms box = {};
    box.srcArray = src;
    box.srcPos = make_cudaPos(1, 2, 0);
    box.dstArray = dst;
    box.dstPos = make_cudaPos(7, 3, 1);
    box.extent = make_cudaExtent(4, 2, 2);
    box.kind = cudaMemcpyDeviceToDevice;
    CHECK(cudaMemcpy3D(&box));
    for (int z = 0; z < 2; ++z)
      for (int y = 0; y < 2; ++y)
        for (int x = 0; x < 4; ++x)
          to[((1 + z) * h + 3 + y) * w + 7 + x] = from[((0 + z) * h + 2 + y) * w + 1 + x];
    std::vector<int> back(w * h * d);
    cudaMemcpy3DParms down = {};
    down.srcArray = dst;
    down.dstPtr = make_cudaPitchedPtr(back.data(), w * 4, w, h);
    down.extent = make_cudaExtent(w, h, d);
    down.kind = cudaMemcpyDeviceToHost;
    CHECK(cudaMemcpy3D(&down));
    long long sum = 0;
    for (int i = 0; i < w * h * d; ++i) {
      expect(back[i] == to[i], "array to array", i);
      sum += back[i];
    }
    expect(cudaMemcpy2DArrayToArray(dst, 0, 0, src, 0, 0, (w + 1) * 4, 1) == cudaErrorInvalidValue,
           "a row past the array is refused", 0);
    std::printf("array to array: 2D, range and 3D copies, sum %lld\n", sum);
    CHECK(cudaFreeArray(src));
    CHECK(cudaFreeArray(dst));
  }

  std::printf("%d wrong\n%s\n", wrong, wrong ? "FAIL" : "PASS");
  return wrong ? 1 : 0;
}
