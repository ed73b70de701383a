// A launch of an empty kernel over a grid given on the command line (default 65535^3 CTAs,
// which CUDA allows), whose result the program reports but does not act on: warpforge must not
// run part of the grid, nor a dynamic shared memory size cut to 32 bits, and let the program
// print PASS. LAUNCHES repeats the launch, each reported. Usage: huge_grid [X Y Z [SHARED_BYTES
// [LAUNCHES]]].
#include <cstdio>
#include <cstdlib>

#include "check.h"

__global__ void empty() {}

int main(int argc, char** argv) {
  dim3 grid(65535, 65535, 65535);
  std::size_t shared = 0;
  if (argc >= 4) grid = dim3(std::atoi(argv[1]), std::atoi(argv[2]), std::atoi(argv[3]));
  if (argc >= 5) shared = std::strtoull(argv[4], nullptr, 10);
  const int launches = argc >= 6 ? std::atoi(argv[5]) : 1;
  for (int i = 0; i < launches; ++i) {
    empty<<<grid, 1, shared>>>();
    std::printf("launch: %s\n", cudaGetErrorString(cudaGetLastError()));
  }
  CHECK(cudaDeviceSynchronize());
  std::printf("PASS\n");
  return 0;
}
