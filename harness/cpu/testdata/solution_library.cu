// A solution-shaped library: `extern "C" void solution(...)` launching a
// templated kernel that uses static and dynamic shared memory, barriers, a
// warp shuffle and an atomic. dlopen_host.cc loads it.
// Dynamic shared memory declared at file scope binds to the same buffer.
extern __shared__ float file_scope_dynamic[];

template <int BS>
__global__ void block_sum(const float* x, float* out, size_t n) {
  __shared__ float tile[BS];
  extern __shared__ float dyn[];
  unsigned i = blockIdx.x * BS + threadIdx.x;
  tile[threadIdx.x] = i < n ? x[i] : 0.f;
  dyn[threadIdx.x] = 0.5f;
  __syncthreads();
  file_scope_dynamic[threadIdx.x] *= 2.0f;  // the same memory as dyn: 1.0 after this
  __syncthreads();
  for (int s = BS / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) tile[threadIdx.x] += tile[threadIdx.x + s];
    __syncthreads();
  }
  float v = tile[threadIdx.x % 32] * dyn[(threadIdx.x + 1) % BS];
  v = __shfl_sync(0xffffffff, v, 0);
  if (threadIdx.x == 0) atomicAdd(out, v);
}
extern "C" void solution(const float* x, float* out, size_t n) {
  cudaMemset(out, 0, sizeof(float));
  block_sum<128><<<(n + 127) / 128, 128, 128 * sizeof(float)>>>(x, out, n);
}
