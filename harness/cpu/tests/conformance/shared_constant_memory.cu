// Static __shared__ arrays (1-D and 2-D, several per kernel, in device
// functions), extern __shared__ dynamic shared memory sized at launch (and
// carved into two typed regions), and __constant__ memory written with
// cudaMemcpyToSymbol and read back with cudaMemcpyFromSymbol.
#include <vector>

#include "device_run.h"

__constant__ float c_coefficients[16];
__constant__ int c_offset;

// Reverses each block's slice through a static shared array.
__global__ void reverse_static_kernel(const int* in, int* out) {
  __shared__ int tile[256];
  __shared__ int block_marker;
  int t = threadIdx.x;
  tile[t] = in[blockIdx.x * blockDim.x + t];
  if (t == 0) block_marker = blockIdx.x * 1000;
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = tile[blockDim.x - 1 - t] + block_marker;
}

// Transposes a 16x16 tile per block through a 2-D shared array (+1 padding).
__global__ void transpose_kernel(const float* in, float* out, int width) {
  __shared__ float tile[16][17];
  int x = blockIdx.x * 16 + threadIdx.x;
  int y = blockIdx.y * 16 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * width + x];
  __syncthreads();
  int tx = blockIdx.y * 16 + threadIdx.x;
  int ty = blockIdx.x * 16 + threadIdx.y;
  out[ty * width + tx] = tile[threadIdx.x][threadIdx.y];
}

extern __shared__ float dynamic_smem[];

// Dynamic shared memory split into n floats then n ints.
__global__ void dynamic_split_kernel(const float* in, float* out, int n) {
  float* values = dynamic_smem;
  int* counts = reinterpret_cast<int*>(dynamic_smem + n);
  int t = threadIdx.x;
  values[t] = in[blockIdx.x * n + t];
  counts[t] = t;
  __syncthreads();
  int partner = (t + 1) % n;
  out[blockIdx.x * n + t] = values[partner] * counts[partner];
}

// A device function using its own static shared array.
__device__ int block_sum(int value) {
  __shared__ int partial[128];
  partial[threadIdx.x] = value;
  __syncthreads();
  int total = 0;
  for (int i = 0; i < blockDim.x; ++i) total += partial[i];
  __syncthreads();  // partial may be reused by the caller's next call
  return total;
}

__global__ void block_sum_kernel(const int* in, int* out) {
  int first = block_sum(in[blockIdx.x * blockDim.x + threadIdx.x]);
  int second = block_sum(first + threadIdx.x);
  if (threadIdx.x == 0) out[blockIdx.x] = second;
}

__global__ void polynomial_kernel(const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float acc = 0.0f;
  for (int k = 15; k >= 0; --k) acc = acc * x[i] + c_coefficients[k];
  y[i] = acc + static_cast<float>(c_offset);
}

int main() {
  {  // static shared arrays
    const int blocks = 4, threads = 256, n = blocks * threads;
    std::vector<int> in(n), got(n), want(n);
    for (int i = 0; i < n; ++i) in[i] = i * 7 + 3;
    for (int b = 0; b < blocks; ++b)
      for (int t = 0; t < threads; ++t)
        want[b * threads + t] = in[b * threads + threads - 1 - t] + b * 1000;
    got = conformance::run_on_device(in, n,
                                     [&](const int* i, int* o) { reverse_static_kernel<<<blocks, threads>>>(i, o); });
    conformance::check_equal(got.data(), want.data(), n, "static __shared__ array and scalar");
  }
  {  // 2-D static shared array
    const int w = 64;
    std::vector<float> in(w * w), got(w * w), want(w * w);
    for (int i = 0; i < w * w; ++i) in[i] = static_cast<float>(i);
    for (int y = 0; y < w; ++y)
      for (int x = 0; x < w; ++x) want[x * w + y] = in[y * w + x];
    float *d_in, *d_out;
    CONFORMANCE_CUDA(cudaMalloc(&d_in, w * w * sizeof(float)));
    CONFORMANCE_CUDA(cudaMalloc(&d_out, w * w * sizeof(float)));
    CONFORMANCE_CUDA(cudaMemcpy(d_in, in.data(), w * w * sizeof(float), cudaMemcpyHostToDevice));
    transpose_kernel<<<dim3(w / 16, w / 16), dim3(16, 16)>>>(d_in, d_out, w);
    CONFORMANCE_CUDA(cudaMemcpy(got.data(), d_out, w * w * sizeof(float), cudaMemcpyDeviceToHost));
    conformance::check_equal(got.data(), want.data(), w * w, "2-D __shared__ tile transpose");
    CONFORMANCE_CUDA(cudaFree(d_in));
    CONFORMANCE_CUDA(cudaFree(d_out));
  }
  {  // dynamic shared memory, two sizes in successive launches
    for (int n : {32, 200}) {
      const int blocks = 3;
      std::vector<float> in(blocks * n), got(blocks * n), want(blocks * n);
      for (int i = 0; i < blocks * n; ++i) in[i] = 0.5f * i;
      for (int b = 0; b < blocks; ++b)
        for (int t = 0; t < n; ++t) {
          int p = (t + 1) % n;
          want[b * n + t] = in[b * n + p] * p;
        }
      float *d_in, *d_out;
      CONFORMANCE_CUDA(cudaMalloc(&d_in, in.size() * sizeof(float)));
      CONFORMANCE_CUDA(cudaMalloc(&d_out, in.size() * sizeof(float)));
      CONFORMANCE_CUDA(cudaMemcpy(d_in, in.data(), in.size() * sizeof(float), cudaMemcpyHostToDevice));
      size_t smem = n * (sizeof(float) + sizeof(int));
      dynamic_split_kernel<<<blocks, n, smem>>>(d_in, d_out, n);
      CONFORMANCE_CUDA(cudaGetLastError());
      CONFORMANCE_CUDA(cudaMemcpy(got.data(), d_out, in.size() * sizeof(float), cudaMemcpyDeviceToHost));
      conformance::check_equal(got.data(), want.data(), got.size(),
                               n == 32 ? "extern __shared__ split, 32 threads"
                                       : "extern __shared__ split, 200 threads");
      CONFORMANCE_CUDA(cudaFree(d_in));
      CONFORMANCE_CUDA(cudaFree(d_out));
    }
  }
  {  // static shared array inside a device function called twice
    const int blocks = 2, threads = 128, n = blocks * threads;
    std::vector<int> in(n);
    for (int i = 0; i < n; ++i) in[i] = i % 13;
    int want[blocks];
    for (int b = 0; b < blocks; ++b) {
      int first = 0;
      for (int t = 0; t < threads; ++t) first += in[b * threads + t];
      int second = 0;
      for (int t = 0; t < threads; ++t) second += first + t;
      want[b] = second;
    }
    int *d_in, *d_out, got[blocks];
    CONFORMANCE_CUDA(cudaMalloc(&d_in, n * sizeof(int)));
    CONFORMANCE_CUDA(cudaMalloc(&d_out, sizeof(got)));
    CONFORMANCE_CUDA(cudaMemcpy(d_in, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    block_sum_kernel<<<blocks, threads>>>(d_in, d_out);
    CONFORMANCE_CUDA(cudaMemcpy(got, d_out, sizeof(got), cudaMemcpyDeviceToHost));
    conformance::check_equal(got, want, blocks, "__shared__ array declared in a device function");
    CONFORMANCE_CUDA(cudaFree(d_in));
    CONFORMANCE_CUDA(cudaFree(d_out));
  }
  {  // __constant__ memory
    float coefficients[16];
    for (int k = 0; k < 16; ++k) coefficients[k] = 1.0f / (k + 1);
    const int offset = 5;
    CONFORMANCE_CUDA(cudaMemcpyToSymbol(c_coefficients, coefficients, sizeof(coefficients)));
    CONFORMANCE_CUDA(cudaMemcpyToSymbol(c_offset, &offset, sizeof(offset)));
    float back[16] = {};
    CONFORMANCE_CUDA(cudaMemcpyFromSymbol(back, c_coefficients, sizeof(back)));
    conformance::check_equal(back, coefficients, 16, "cudaMemcpyFromSymbol reads back __constant__");
    // Partial update with an offset: coefficient 15 becomes 2.
    const float two = 2.0f;
    CONFORMANCE_CUDA(cudaMemcpyToSymbol(c_coefficients, &two, sizeof(float), 15 * sizeof(float)));
    coefficients[15] = 2.0f;
    const int n = 500;
    std::vector<float> x(n), got(n), want(n);
    for (int i = 0; i < n; ++i) {
      x[i] = -1.0f + 2.0f * i / n;
      float acc = 0.0f;
      for (int k = 15; k >= 0; --k) acc = acc * x[i] + coefficients[k];
      want[i] = acc + offset;
    }
    float *d_x, *d_y;
    CONFORMANCE_CUDA(cudaMalloc(&d_x, n * sizeof(float)));
    CONFORMANCE_CUDA(cudaMalloc(&d_y, n * sizeof(float)));
    CONFORMANCE_CUDA(cudaMemcpy(d_x, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    polynomial_kernel<<<(n + 127) / 128, 128>>>(d_x, d_y, n);
    CONFORMANCE_CUDA(cudaMemcpy(got.data(), d_y, n * sizeof(float), cudaMemcpyDeviceToHost));
    // Horner in float; FMA contraction may differ in the last bits.
    conformance::check_close(got.data(), want.data(), n, 1e-5, 1e-5, "__constant__ via cudaMemcpyToSymbol");
    CONFORMANCE_CUDA(cudaFree(d_x));
    CONFORMANCE_CUDA(cudaFree(d_y));
  }
  return conformance::finish();
}
