// Elementwise f16 kernels written like PyTorch's (8 halves per thread, f32 math through
// libdevice, nvcc -O3 defaults incl. -fmad=true), to compare instruction counts and registers
// with tileops kernels: nvcc -arch=sm_90 -ptx -O3 torchlike.cu; ptx_stats.py / sass_stats.py.
#include <cuda_fp16.h>
#include <cuda_bf16.h>
// torch-like f16 elementwise kernels: 8 elements per thread (one 16-byte vector), f32 math.
template <typename F>
__device__ void unary(const __half *x, __half *y, int n, F f) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * 8;
  if (i + 8 <= n) {
    uint4 v = *(const uint4 *)(x + i);
    __half2 *h = (__half2 *)&v;
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      float2 a = __half22float2(h[k]);
      h[k] = __floats2half2_rn(f(a.x), f(a.y));
    }
    *(uint4 *)(y + i) = v;
  }
}
template <typename F>
__device__ void binary(const __half *x, const __half *z, __half *y, int n, F f) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * 8;
  if (i + 8 <= n) {
    uint4 v = *(const uint4 *)(x + i), w = *(const uint4 *)(z + i);
    __half2 *h = (__half2 *)&v, *g = (__half2 *)&w;
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      float2 a = __half22float2(h[k]), b = __half22float2(g[k]);
      h[k] = __floats2half2_rn(f(a.x, b.x), f(a.y, b.y));
    }
    *(uint4 *)(y + i) = v;
  }
}
__device__ float floordiv(float a, float b) {  // torch div_floor_floating
  if (b == 0) return a / b;
  float mod = fmodf(a, b);
  float div = (a - mod) / b;
  if (mod != 0 && (b < 0) != (mod < 0)) div -= 1;
  float fd;
  if (div != 0) { fd = floorf(div); if (div - fd > 0.5f) fd += 1.0f; }
  else fd = copysignf(0.f, a / b);
  return fd;
}
__device__ float rem(float a, float b) { float m = fmodf(a, b); if (m != 0 && ((b < 0) != (m < 0))) m += b; return m; }
extern "C" __global__ void k_sin(const __half *x, __half *y, int n) { unary(x, y, n, [](float a) { return sinf(a); }); }
extern "C" __global__ void k_cos(const __half *x, __half *y, int n) { unary(x, y, n, [](float a) { return cosf(a); }); }
extern "C" __global__ void k_erf(const __half *x, __half *y, int n) { unary(x, y, n, [](float a) { return erff(a); }); }
extern "C" __global__ void k_log1p(const __half *x, __half *y, int n) { unary(x, y, n, [](float a) { return log1pf(a); }); }
extern "C" __global__ void k_gelu(const __half *x, __half *y, int n) { unary(x, y, n, [](float a) { return 0.5f * a * (1.f + erff(a * 0.70710678118654752f)); }); }
extern "C" __global__ void k_pow(const __half *x, const __half *z, __half *y, int n) { binary(x, z, y, n, [](float a, float b) { return powf(a, b); }); }
extern "C" __global__ void k_floordiv(const __half *x, const __half *z, __half *y, int n) { binary(x, z, y, n, floordiv); }
extern "C" __global__ void k_rem(const __half *x, const __half *z, __half *y, int n) { binary(x, z, y, n, rem); }
