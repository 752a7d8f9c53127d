// A solution library with the most static shared memory a block may declare
// (48 KiB): more thread-local storage than the loader keeps spare for
// libraries loaded after start-up, so its accesses take the dynamic TLS path.
// It must load and compute all the same.
constexpr unsigned kStaged = 12288;

__global__ void staged_sum(const float* x, float* out, size_t n) {
  __shared__ float stage[kStaged];
  size_t base = size_t(blockIdx.x) * kStaged;
  for (unsigned i = threadIdx.x; i < kStaged; i += blockDim.x) stage[i] = base + i < n ? x[base + i] : 0.f;
  __syncthreads();
  float sum = 0;
  for (unsigned i = threadIdx.x; i < kStaged; i += blockDim.x) sum += stage[i];
  atomicAdd(out, sum);
}

extern "C" void solution(const float* x, float* out, size_t n) {
  cudaMemset(out, 0, sizeof(float));
  staged_sum<<<unsigned((n + kStaged - 1) / kStaged), 256>>>(x, out, n);
}
