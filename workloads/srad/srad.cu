// Speckle-reducing anisotropic diffusion (the Rodinia srad_v2 scheme). Each iteration the host
// measures the speckle statistic q0^2 over a region of interest, then two kernels sweep the
// image in 16x16 tiles staged through shared memory:
//   srad_coeff   the four one-sided differences of every pixel and its diffusion coefficient c,
//   srad_update  the divergence of c * gradient, which moves the image one step.
// Neighbours outside the tile come from halo rows and columns loaded around it; at the image
// border a pixel is its own neighbour. The pixels on the tile's edges and corners take other
// branches than the interior ones, and the CTAs on the image border load different halos, so
// the warps of a CTA reach the barriers at different times.
//
// Every product is __fmul_rn so that nvcc cannot fuse it into an fma: the CPU reference repeats
// each rounding step and the check can demand bit equality.
#define TILE 16

extern "C" __global__ void srad_coeff(const float* j, float* dn, float* ds, float* dw, float* de,
                                      float* c, int cols, float q0sqr) {
  __shared__ float tile[TILE][TILE];
  __shared__ float coeff[TILE][TILE];
  __shared__ float north[TILE], south[TILE], west[TILE], east[TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row0 = blockIdx.y * TILE, col0 = blockIdx.x * TILE;
  const int index = (row0 + ty) * cols + col0 + tx;

  // Halo rows: every row of threads stores the same value, as every thread of the original
  // loads its halo element.
  const int above = blockIdx.y == 0 ? row0 : row0 - 1;
  const int below = blockIdx.y == gridDim.y - 1 ? row0 + TILE - 1 : row0 + TILE;
  north[tx] = j[above * cols + col0 + tx];
  south[tx] = j[below * cols + col0 + tx];
  __syncthreads();
  const int left = blockIdx.x == 0 ? col0 : col0 - 1;
  const int right = blockIdx.x == gridDim.x - 1 ? col0 + TILE - 1 : col0 + TILE;
  west[ty] = j[(row0 + ty) * cols + left];
  east[ty] = j[(row0 + ty) * cols + right];
  __syncthreads();
  tile[ty][tx] = j[index];
  __syncthreads();

  const float jc = tile[ty][tx];
  float n, s, w, e;
  if (ty == 0 && tx == 0) {
    n = north[tx] - jc;
    s = tile[ty + 1][tx] - jc;
    w = west[ty] - jc;
    e = tile[ty][tx + 1] - jc;
  } else if (ty == 0 && tx == TILE - 1) {
    n = north[tx] - jc;
    s = tile[ty + 1][tx] - jc;
    w = tile[ty][tx - 1] - jc;
    e = east[ty] - jc;
  } else if (ty == TILE - 1 && tx == TILE - 1) {
    n = tile[ty - 1][tx] - jc;
    s = south[tx] - jc;
    w = tile[ty][tx - 1] - jc;
    e = east[ty] - jc;
  } else if (ty == TILE - 1 && tx == 0) {
    n = tile[ty - 1][tx] - jc;
    s = south[tx] - jc;
    w = west[ty] - jc;
    e = tile[ty][tx + 1] - jc;
  } else if (ty == 0) {
    n = north[tx] - jc;
    s = tile[ty + 1][tx] - jc;
    w = tile[ty][tx - 1] - jc;
    e = tile[ty][tx + 1] - jc;
  } else if (tx == TILE - 1) {
    n = tile[ty - 1][tx] - jc;
    s = tile[ty + 1][tx] - jc;
    w = tile[ty][tx - 1] - jc;
    e = east[ty] - jc;
  } else if (ty == TILE - 1) {
    n = tile[ty - 1][tx] - jc;
    s = south[tx] - jc;
    w = tile[ty][tx - 1] - jc;
    e = tile[ty][tx + 1] - jc;
  } else if (tx == 0) {
    n = tile[ty - 1][tx] - jc;
    s = tile[ty + 1][tx] - jc;
    w = west[ty] - jc;
    e = tile[ty][tx + 1] - jc;
  } else {
    n = tile[ty - 1][tx] - jc;
    s = tile[ty + 1][tx] - jc;
    w = tile[ty][tx - 1] - jc;
    e = tile[ty][tx + 1] - jc;
  }

  // Normalized gradient magnitude and Laplacian, the instantaneous coefficient of variation
  // q^2, and the diffusion coefficient, saturated to [0, 1].
  const float g2 =
      (__fmul_rn(n, n) + __fmul_rn(s, s) + __fmul_rn(w, w) + __fmul_rn(e, e)) / __fmul_rn(jc, jc);
  const float l = (n + s + w + e) / jc;
  const float num = __fmul_rn(0.5f, g2) - __fmul_rn(0.0625f, __fmul_rn(l, l));
  float den = 1.0f + __fmul_rn(0.25f, l);
  const float qsqr = num / __fmul_rn(den, den);
  den = (qsqr - q0sqr) / __fmul_rn(q0sqr, 1.0f + q0sqr);
  const float cv = 1.0f / (1.0f + den);
  coeff[ty][tx] = cv < 0.0f ? 0.0f : (cv > 1.0f ? 1.0f : cv);
  __syncthreads();

  c[index] = coeff[ty][tx];
  dn[index] = n;
  ds[index] = s;
  dw[index] = w;
  de[index] = e;
}

// The divergence uses the pixel's own coefficient for its north and west faces and the
// south and east neighbours' coefficients for the other two.
extern "C" __global__ void srad_update(float* j, const float* dn, const float* ds, const float* dw,
                                       const float* de, const float* c, int cols, float lambda) {
  __shared__ float image[TILE][TILE];
  __shared__ float coeff[TILE][TILE];
  __shared__ float result[TILE][TILE];
  __shared__ float south_c[TILE], east_c[TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row0 = blockIdx.y * TILE, col0 = blockIdx.x * TILE;
  const int index = (row0 + ty) * cols + col0 + tx;

  image[ty][tx] = j[index];
  __syncthreads();
  const int below = blockIdx.y == gridDim.y - 1 ? row0 + TILE - 1 : row0 + TILE;
  south_c[tx] = c[below * cols + col0 + tx];
  __syncthreads();
  const int right = blockIdx.x == gridDim.x - 1 ? col0 + TILE - 1 : col0 + TILE;
  east_c[ty] = c[(row0 + ty) * cols + right];
  __syncthreads();
  coeff[ty][tx] = c[index];
  __syncthreads();

  const float cc = coeff[ty][tx];
  float cs, ce;
  if (ty == TILE - 1 && tx == TILE - 1) {
    cs = south_c[tx];
    ce = east_c[ty];
  } else if (tx == TILE - 1) {
    cs = coeff[ty + 1][tx];
    ce = east_c[ty];
  } else if (ty == TILE - 1) {
    cs = south_c[tx];
    ce = coeff[ty][tx + 1];
  } else {
    cs = coeff[ty + 1][tx];
    ce = coeff[ty][tx + 1];
  }
  const float d = __fmul_rn(cc, dn[index]) + __fmul_rn(cs, ds[index]) + __fmul_rn(cc, dw[index]) +
                  __fmul_rn(ce, de[index]);
  result[ty][tx] = image[ty][tx] + __fmul_rn(__fmul_rn(0.25f, lambda), d);
  __syncthreads();
  j[index] = result[ty][tx];
}
