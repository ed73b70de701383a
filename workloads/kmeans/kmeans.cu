// k-means clustering (the Rodinia kmeans scheme). The features are stored point-major;
// kmeans_invert transposes them once to feature-major so that a warp's loads of one feature
// coalesce. Each iteration kmeans_assign gives every point (one thread each) the nearest
// cluster centre (squared Euclidean distance; the first of equal distances wins); the centres
// live in constant memory and are rewritten by the host, which moves them to the means of
// their points and repeats until no point changes cluster. No barriers: the CTAs that run past
// the last point (the grid is a square, as in Rodinia) do nothing.
//
// Every product is __fmul_rn so that nvcc cannot fuse it into an fma: the CPU reference repeats
// each rounding step and the check can demand bit equality.
#define MAX_CLUSTERS 32
#define MAX_FEATURES 34

__constant__ float c_clusters[MAX_CLUSTERS * MAX_FEATURES];

extern "C" __global__ void kmeans_invert(const float* input, float* output, int npoints,
                                         int nfeatures) {
  const int point = blockIdx.x * blockDim.x + threadIdx.x;
  if (point < npoints)
    for (int i = 0; i < nfeatures; ++i) output[point + npoints * i] = input[point * nfeatures + i];
}

extern "C" __global__ void kmeans_assign(const float* __restrict__ features, int nfeatures,
                                         int npoints, int nclusters, int* membership) {
  const unsigned block = gridDim.x * blockIdx.y + blockIdx.x;
  const unsigned point = block * blockDim.x + threadIdx.x;
  if (point >= npoints) return;
  int index = -1;
  float min_dist = 3.402823466e38f;
  for (int c = 0; c < nclusters; ++c) {
    float dist = 0.0f;
    for (int f = 0; f < nfeatures; ++f) {
      const float diff = __ldg(&features[point + f * npoints]) - c_clusters[c * nfeatures + f];
      dist += __fmul_rn(diff, diff);
    }
    if (dist < min_dist) {
      min_dist = dist;
      index = c;
    }
  }
  membership[point] = index;
}
