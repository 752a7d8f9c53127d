// A kernel the barrier splitter takes but whose split text g++ rejects (a
// local of a type declared inside the kernel crosses the barrier): cucc
// must fall back to fibers, say so under -v, and still compute the answer.
#include <cstdio>

__global__ void reverse_plus_one(int* out) {
  __shared__ int values[64];
  struct Pair {
    int value, offset;
  };
  Pair pair{int(threadIdx.x), 1};
  values[threadIdx.x] = pair.value;
  __syncthreads();
  out[threadIdx.x] = values[63 - threadIdx.x] + pair.offset;
}

int main() {
  int* device_out = nullptr;
  cudaMalloc(&device_out, 64 * sizeof(int));
  reverse_plus_one<<<1, 64>>>(device_out);
  int out[64];
  cudaMemcpy(out, device_out, sizeof out, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 64; ++i) {
    if (out[i] != 64 - i) {
      printf("FAIL at %d: %d\n", i, out[i]);
      return 1;
    }
  }
  printf("ALL PASS\n");
  return 0;
}
