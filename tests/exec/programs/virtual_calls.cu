// Device-side virtual functions and function pointers: one kernel constructs objects of two
// classes in device memory (placement new stores each object's vtable pointer), another calls
// their virtual functions, so that neighbouring threads call different functions through the
// vtables nvcc initializes with function addresses; a table of function pointers in a
// __device__ array and a pointer chosen at run time are called as well. Checked against the
// same arithmetic on the CPU. argv[1]: objects (default 1000).
#include <cstdio>
#include <cstdlib>
#include <new>
#include <vector>

#include "check.h"

struct Shape {
  __device__ virtual ~Shape() {}
  __device__ virtual int area() const = 0;
  __device__ virtual int sides() const { return 0; }
};

struct Square : Shape {
  int side;
  __device__ explicit Square(int s) : side(s) {}
  __device__ int area() const override { return side * side; }
  __device__ int sides() const override { return 4; }
};

struct Triangle : Shape {
  int base, height;
  __device__ Triangle(int b, int h) : base(b), height(h) {}
  __device__ int area() const override { return base * height / 2; }
  __device__ int sides() const override { return 3; }
};

union Slot {
  Square square;
  Triangle triangle;
  __device__ Slot() {}
};

typedef int (*Op)(int, int);
__device__ int add(int a, int b) {
  return a + b;
}
__device__ int sub(int a, int b) {
  return a - b;
}
__device__ int mul(int a, int b) {
  return a * b;
}
__device__ Op ops[3] = {add, sub, mul};

__global__ void construct(Slot* slots, Shape** shapes, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  // Neighbouring threads build different classes: the calls below diverge inside a warp.
  if (i % 3 == 0)
    shapes[i] = new (&slots[i].triangle) Triangle(i % 50, 7);
  else
    shapes[i] = new (&slots[i].square) Square(i % 40);
}

__global__ void call(Shape** shapes, int n, int* out, int pick) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const Shape* s = shapes[i];
  Op chosen = pick ? mul : add;
  out[i] = ops[i % 3](s->area(), s->sides()) + chosen(i, 2);
}

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
  Slot* slots;
  Shape** shapes;
  int* out;
  CHECK(cudaMalloc(&slots, n * sizeof(Slot)));
  CHECK(cudaMalloc(&shapes, n * sizeof(Shape*)));
  CHECK(cudaMalloc(&out, n * sizeof(int)));
  const int threads = 128, blocks = (n + threads - 1) / threads;
  construct<<<blocks, threads>>>(slots, shapes, n);
  CHECK(cudaGetLastError());
  call<<<blocks, threads>>>(shapes, n, out, 1);
  CHECK(cudaDeviceSynchronize());
  std::vector<int> got(n);
  CHECK(cudaMemcpy(got.data(), out, n * sizeof(int), cudaMemcpyDeviceToHost));
  int wrong = 0;
  long long checksum = 0;
  for (int i = 0; i < n; ++i) {
    const bool tri = i % 3 == 0;
    const int area = tri ? (i % 50) * 7 / 2 : (i % 40) * (i % 40), sides = tri ? 3 : 4;
    const int op = i % 3 == 0 ? area + sides : i % 3 == 1 ? area - sides : area * sides;
    const int want = op + i * 2;
    wrong += got[i] != want;
    checksum += got[i];
  }
  std::printf("virtual calls: %d objects, checksum %lld, %d wrong\n", n, checksum, wrong);
  std::printf("%s\n", wrong == 0 ? "PASS" : "FAIL");
  return wrong == 0 ? 0 : 1;
}
