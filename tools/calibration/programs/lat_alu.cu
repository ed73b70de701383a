// Register-dependency latency, one thread: a chain of 256 arithmetic instructions in which each
// reads the result of the one before (inline PTX, so both simulators run exactly this chain),
// timed with clock32() (common.h) from before the first to after a shared-memory store of the
// last result, which waits for it. The chains run twice and the second pass is timed: the
// first reads the code from device memory (cold instruction-cache misses, a few hundred cycles
// per line in both simulators), which is not the pipeline latency the figures state. Cycles are
// core cycles of the simulator, per instruction:
//   lat_alu_iadd   add.u32
//   lat_alu_imad   mad.lo.u32
//   lat_alu_fadd   add.f32
//   lat_alu_ffma   fma.rn.f32
//   lat_alu_dfma   fma.rn.f64
//   lat_alu_sfu    sin.approx.f32 (the special-function unit)
// One launch. The host checks every chain's result (the integer and float chains are exact).
#include <cmath>

#include "common.h"

constexpr int kN = 256;
constexpr int kChains = 6;

#define REPEAT4(x) x x x x
#define REPEAT16(x) REPEAT4(REPEAT4(x))
#define REPEAT256(x) REPEAT16(REPEAT16(x))

__global__ void chains(unsigned k, float fk, double dk, unsigned* cyc, unsigned* iout,
                       float* fout, double* dout) {
  __shared__ unsigned s_u[2];
  __shared__ float s_f[3];
  __shared__ double s_d[1];
  unsigned t[2 * kChains];
  unsigned a = 1, b = 1;
  float x = 1.0f, y = 1.0f, z = 0.5f;
  double d = 1.0;

#pragma unroll 1
  for (int pass = 0; pass < 2; ++pass) {
    t[0] = clock32();
    REPEAT256(asm volatile("add.u32 %0, %0, %1;" : "+r"(a) : "r"(k));)
    s_u[0] = a;
    t[1] = clock32();

    t[2] = clock32();
    REPEAT256(asm volatile("mad.lo.u32 %0, %0, 1, %1;" : "+r"(b) : "r"(k));)
    s_u[1] = b;
    t[3] = clock32();

    t[4] = clock32();
    REPEAT256(asm volatile("add.f32 %0, %0, %1;" : "+f"(x) : "f"(fk));)
    s_f[0] = x;
    t[5] = clock32();

    t[6] = clock32();
    REPEAT256(asm volatile("fma.rn.f32 %0, %0, 0f3F800000, %1;" : "+f"(y) : "f"(fk));)
    s_f[1] = y;
    t[7] = clock32();

    t[8] = clock32();
    REPEAT256(asm volatile("fma.rn.f64 %0, %0, 0d3FF0000000000000, %1;" : "+d"(d) : "d"(dk));)
    s_d[0] = d;
    t[9] = clock32();

    t[10] = clock32();
    REPEAT256(asm volatile("sin.approx.f32 %0, %0;" : "+f"(z));)
    s_f[2] = z;
    t[11] = clock32();
  }

  for (int i = 0; i < kChains; ++i) cyc[i] = t[2 * i + 1] - t[2 * i];
  iout[0] = s_u[0];
  iout[1] = s_u[1];
  fout[0] = s_f[0];
  fout[1] = s_f[1];
  fout[2] = s_f[2];
  dout[0] = s_d[0];
}

int main() {
  unsigned* dc;
  unsigned* di;
  float* df;
  double* dd;
  CHECK(cudaMalloc(&dc, kChains * sizeof(unsigned)));
  CHECK(cudaMalloc(&di, 2 * sizeof(unsigned)));
  CHECK(cudaMalloc(&df, 3 * sizeof(float)));
  CHECK(cudaMalloc(&dd, sizeof(double)));
  chains<<<1, 1>>>(3u, 0.5f, 0.25, dc, di, df, dd);
  LAUNCHED();
  unsigned c[kChains], iv[2];
  float fv[3];
  double dv;
  CHECK(cudaMemcpy(c, dc, sizeof c, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(iv, di, sizeof iv, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(fv, df, sizeof fv, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(&dv, dd, sizeof dv, cudaMemcpyDeviceToHost));
  require(iv[0] == 1u + 3u * 2 * kN, "add.u32 chain result");
  require(iv[1] == 1u + 3u * 2 * kN, "mad.lo.u32 chain result");
  require(fv[0] == 1.0f + 0.5f * 2 * kN, "add.f32 chain result");
  require(fv[1] == 1.0f + 0.5f * 2 * kN, "fma.rn.f32 chain result");
  require(dv == 1.0 + 0.25 * 2 * kN, "fma.rn.f64 chain result");
  require(std::isfinite(fv[2]) && std::fabs(fv[2]) <= 1.0f, "sin.approx.f32 chain result");
  const char* names[kChains] = {"lat_alu_iadd", "lat_alu_imad", "lat_alu_fadd",
                                "lat_alu_ffma", "lat_alu_dfma", "lat_alu_sfu"};
  for (int i = 0; i < kChains; ++i) metric(names[i], static_cast<double>(c[i]) / kN, "cycles");
  std::printf("PASS\n");
  return 0;
}
