// How long a CTA takes to build a TMA tensor map on the device before its
// first TMA copy lands (what TileIR's kernels do: cuTile's launch passes no
// tensor maps). Each CTA takes a slot of a pool by compare-and-swap, builds
// one or two maps, fences them for the tensor-map proxy and loads one 64x64
// f16 box, seven ways: the map written in global memory with
// tensormap.replace (TileIR's lowering of tirx.tensor_maps); written in
// shared memory and copied out with st.global; copied out with
// tensormap.cp_fenceproxy; the first without the lock (a slot per CTA);
// the second with the shared-memory writes while the compare-and-swap is
// in flight; the first with fences of .cta scope; and maps cached across
// CTAs and launches in a slot chosen by their key, pinned by a count
// (printed for the second launch, whose CTAs find the first launch's
// maps). Prints the mean cycles (clock64) of 264 CTAs to each point.
//
//   nvcc -gencode arch=compute_90a,code=sm_90a -O2 -o tensormap_cost \
//        tensormap_cost.cu && ./tensormap_cost
#include <cstdio>
#include <cstdint>
#include <cuda_runtime.h>

__device__ unsigned locks[1024];
__device__ __align__(128) unsigned char pool[1024 * 128];
// Mode 6: maps cached across CTAs and launches, keyed by what they are
// built from. A slot: a state word (bit 31: being written; the rest: the
// CTAs holding it), a 64-byte key and the maps.
__device__ unsigned cstate[64];
__device__ __align__(128) unsigned char cpool[64 * (128 + 2 * 128)];
constexpr unsigned kWriting = 0x80000000u;

__device__ __forceinline__ void replace_all(unsigned long long mapAddr, bool shared, const void *base) {
  unsigned long long b = (unsigned long long)base;
  // One list of fields, in either state space.
#define FIELDS(SS, C, a)                                                                        \
  asm volatile("tensormap.replace.tile.global_address." SS ".b1024.b64 [%0], %1;" :: C(a), "l"(b) : "memory"); \
  asm volatile("tensormap.replace.tile.rank." SS ".b1024.b32 [%0], 1;" :: C(a) : "memory");               \
  asm volatile("tensormap.replace.tile.box_dim." SS ".b1024.b32 [%0], 0, 64;" :: C(a) : "memory");        \
  asm volatile("tensormap.replace.tile.global_dim." SS ".b1024.b32 [%0], 0, 4096;" :: C(a) : "memory");   \
  asm volatile("tensormap.replace.tile.element_stride." SS ".b1024.b32 [%0], 0, 1;" :: C(a) : "memory");  \
  asm volatile("tensormap.replace.tile.box_dim." SS ".b1024.b32 [%0], 1, 64;" :: C(a) : "memory");        \
  asm volatile("tensormap.replace.tile.global_dim." SS ".b1024.b32 [%0], 1, 4096;" :: C(a) : "memory");   \
  asm volatile("tensormap.replace.tile.element_stride." SS ".b1024.b32 [%0], 1, 1;" :: C(a) : "memory");  \
  asm volatile("tensormap.replace.tile.global_stride." SS ".b1024.b64 [%0], 0, 8192;" :: C(a) : "memory"); \
  asm volatile("tensormap.replace.tile.elemtype." SS ".b1024.b32 [%0], 6;" :: C(a) : "memory");           \
  asm volatile("tensormap.replace.tile.interleave_layout." SS ".b1024.b32 [%0], 0;" :: C(a) : "memory");  \
  asm volatile("tensormap.replace.tile.swizzle_mode." SS ".b1024.b32 [%0], 3;" :: C(a) : "memory");       \
  asm volatile("tensormap.replace.tile.fill_mode." SS ".b1024.b32 [%0], 0;" :: C(a) : "memory");
  if (shared) {
    unsigned s = (unsigned)mapAddr;
    FIELDS("shared::cta", "r", s)
  } else {
    unsigned long long g = mapAddr;
    FIELDS("global", "l", g)
  }
#undef FIELDS
}

// mode 0: global build (TileIR today); 1: shared build + st.global copy + release fence;
// 2: shared build + tensormap.cp_fenceproxy (warp 0); 3: mode 0 without the lock; 4: mode 1
// with the shared build while the slot's compare-and-swap is in flight; 5: mode 0 with
// .cta fences. Then one TMA load of a 64x64 f16 box.
__global__ void k(int mode, const void *src, long long *out, int nmaps) {
  __shared__ __align__(128) unsigned char smap[2 * 128];
  __shared__ __align__(1024) unsigned char tile[64 * 64 * 2];
  __shared__ __align__(8) unsigned long long bar;
  long long t0 = clock64(), t1 = 0, t2 = 0, t3 = 0;
  unsigned tid = threadIdx.x;
  unsigned slot = 0;
  unsigned char *g = nullptr;
  long long tc = 0;
  bool cached = false;
  if (tid == 0 && mode == 6) {
    // The key: the map's base, sizes and strides (what a launch varies).
    unsigned long long key[8] = {(unsigned long long)src, 4096, 4096, 8192, (unsigned long long)nmaps, 0, 0, 0};
    unsigned h = (unsigned)((key[0] >> 8) * 0x9E3779B97F4A7C15ull >> 58) & 63;
    unsigned old;
    asm volatile("atom.add.acquire.gpu.u32 %0, [%1], 1;" : "=r"(old) : "l"(&cstate[h]) : "memory");
    unsigned char *base = cpool + h * (128 + 2 * 128);
    bool hit = false;
    if (!(old & kWriting)) {
      const uint4 *k = (const uint4 *)base;
      uint4 a = k[0], b2 = k[1], c = k[2], d = k[3];
      const unsigned *w = (const unsigned *)key;
      hit = a.x == w[0] && a.y == w[1] && a.z == w[2] && a.w == w[3] && b2.x == w[4] && b2.y == w[5] &&
            b2.z == w[6] && b2.w == w[7] && c.x == w[8] && c.y == w[9] && c.z == w[10] && c.w == w[11] &&
            d.x == w[12] && d.y == w[13] && d.z == w[14] && d.w == w[15];
    }
    t1 = clock64();
    if (hit) {
      g = base + 128;
      for (int m = 0; m < nmaps; ++m)
        asm volatile("fence.proxy.tensormap::generic.acquire.gpu [%0], 128;" :: "l"(g + 128 * m) : "memory");
      cached = true;
      slot = h;
    } else {
      atomicSub(&cstate[h], 1);
      if (atomicCAS(&cstate[h], 0, kWriting | 1) == 0) {
        unsigned long long *kk = (unsigned long long *)base;
        for (int i = 0; i < 8; ++i) kk[i] = key[i];
        g = base + 128;
        for (int m = 0; m < nmaps; ++m) {
          unsigned long long *p = (unsigned long long *)(g + 128 * m);
          for (int w = 0; w < 16; ++w) p[w] = 0;
          replace_all((unsigned long long)(g + 128 * m), false, src);
        }
        asm volatile("fence.proxy.tensormap::generic.release.gpu;" ::: "memory");
        for (int m = 0; m < nmaps; ++m)
          asm volatile("fence.proxy.tensormap::generic.acquire.gpu [%0], 128;" :: "l"(g + 128 * m) : "memory");
        asm volatile("red.and.release.gpu.b32 [%0], %1;" :: "l"(&cstate[h]), "r"(~kWriting) : "memory");
        cached = true;
        slot = h;
      }
    }
    t2 = clock64();
    tc = t1;
    asm volatile("mbarrier.init.shared.b64 [%0], 1;" :: "r"((unsigned)__cvta_generic_to_shared(&bar)));
  }
  if (tid == 0 && !cached) {
    unsigned smid; asm("mov.u32 %0, %%smid;" : "=r"(smid));
    slot = (smid * 4) & 1023;
    if (mode == 3) {
      slot = blockIdx.x & 1023;  // no lock (a slot of its own)
    } else if (mode == 4) {
      // The compare-and-swap in flight while the maps are written in
      // shared memory: its result is first used after them.
      unsigned first = atomicCAS(&locks[slot], 0, 1);
      for (int m = 0; m < nmaps; ++m) {
        uint4 *p = (uint4 *)(smap + 128 * m);
        for (int w = 0; w < 8; ++w) p[w] = make_uint4(0, 0, 0, 0);
        replace_all((unsigned long long)__cvta_generic_to_shared(smap + 128 * m), true, src);
      }
      if (first != 0) {
        slot = (slot + 1) & 1023;
        while (atomicCAS(&locks[slot], 0, 1) != 0) slot = (slot + 1) & 1023;
      }
    } else {
      while (atomicCAS(&locks[slot], 0, 1) != 0) slot = (slot + 1) & 1023;
    }
    g = pool + slot * 128 * 2;
    tc = clock64() + (long long)(slot & 0);
    asm volatile("mbarrier.init.shared.b64 [%0], 1;" :: "r"((unsigned)__cvta_generic_to_shared(&bar)));
  }
  if (mode == 0 || mode == 3 || mode == 5 || (mode == 6 && !cached)) {
    if (tid == 0) {
      for (int m = 0; m < nmaps; ++m) {
        unsigned long long *p = (unsigned long long *)(g + 128 * m);
        for (int w = 0; w < 16; ++w) p[w] = 0;
        replace_all((unsigned long long)(g + 128 * m), false, src);
      }
      t1 = clock64();
      if (mode == 5) {
        asm volatile("fence.proxy.tensormap::generic.release.cta;" ::: "memory");
        for (int m = 0; m < nmaps; ++m)
          asm volatile("fence.proxy.tensormap::generic.acquire.cta [%0], 128;" :: "l"(g + 128 * m) : "memory");
      } else {
        asm volatile("fence.proxy.tensormap::generic.release.gpu;" ::: "memory");
        for (int m = 0; m < nmaps; ++m)
          asm volatile("fence.proxy.tensormap::generic.acquire.gpu [%0], 128;" :: "l"(g + 128 * m) : "memory");
      }
      t2 = clock64();
    }
  } else if (mode == 1 || mode == 4) {
    if (tid == 0) {
      for (int m = 0; m < nmaps && mode == 1; ++m) {
        unsigned long long *p = (unsigned long long *)(smap + 128 * m);
        for (int w = 0; w < 16; ++w) p[w] = 0;
        replace_all((unsigned long long)__cvta_generic_to_shared(smap + 128 * m), true, src);
      }
      for (int m = 0; m < nmaps; ++m) {
        uint4 *s = (uint4 *)(smap + 128 * m), *d = (uint4 *)(g + 128 * m);
        for (int w = 0; w < 8; ++w) d[w] = s[w];
      }
      t1 = clock64();
      asm volatile("fence.proxy.tensormap::generic.release.gpu;" ::: "memory");
      for (int m = 0; m < nmaps; ++m)
        asm volatile("fence.proxy.tensormap::generic.acquire.gpu [%0], 128;" :: "l"(g + 128 * m) : "memory");
      t2 = clock64();
    }
  } else {
    if (tid == 0)
      for (int m = 0; m < nmaps; ++m) {
        unsigned long long *p = (unsigned long long *)(smap + 128 * m);
        for (int w = 0; w < 16; ++w) p[w] = 0;
        replace_all((unsigned long long)__cvta_generic_to_shared(smap + 128 * m), true, src);
      }
    if (tid < 32) {
      unsigned long long gg = __shfl_sync(0xffffffff, (unsigned long long)g, 0);
      __syncwarp();
      if (tid == 0) t1 = clock64();
      for (int m = 0; m < nmaps; ++m)
        asm volatile("tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [%0], [%1], 128;"
                     :: "l"(gg + 128 * m), "r"((unsigned)__cvta_generic_to_shared(smap + 128 * m)) : "memory");
      if (tid == 0) {
        for (int m = 0; m < nmaps; ++m)
          asm volatile("fence.proxy.tensormap::generic.acquire.gpu [%0], 128;" :: "l"(gg + 128 * m) : "memory");
        t2 = clock64();
        g = (unsigned char *)gg;
      }
    }
  }
  if (tid == 0) {
    unsigned b = (unsigned)__cvta_generic_to_shared(&bar);
    asm volatile("mbarrier.arrive.expect_tx.shared.b64 _, [%0], 8192;" :: "r"(b) : "memory");
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];"
                 :: "r"((unsigned)__cvta_generic_to_shared(tile)), "l"(g), "r"(0), "r"((int)(blockIdx.x % 64) * 64), "r"(b) : "memory");
    asm volatile("{ .reg .pred p; W: mbarrier.try_wait.parity.shared.b64 p, [%0], 0; @!p bra W; }" :: "r"(b) : "memory");
    t3 = clock64();
    asm volatile("fence.acq_rel.gpu;" ::: "memory");
    if (cached)
      atomicSub(&cstate[slot], 1);
    else if (mode != 3)
      atomicExch(&locks[slot], 0);
    out[blockIdx.x * 4 + 0] = t1 - t0;
    out[blockIdx.x * 4 + 1] = t2 - t0;
    out[blockIdx.x * 4 + 2] = t3 - t0;
    out[blockIdx.x * 4 + 3] = tc - t0;
  }
}

int main() {
  void *src; cudaMalloc(&src, 4096 * 4096 * 2);
  cudaMemset(src, 0, 4096 * 4096 * 2);
  long long *out; int n = 264; cudaMalloc(&out, n * 4 * 8);
  long long h[264 * 4];
  const char *names[] = {"global build", "shared build + st.global", "shared build + cp_fenceproxy", "global build, no lock",
                         "shared build during the CAS + st.global", "global build, .cta fences",
                         "cached across launches"};
  for (int nmaps = 1; nmaps <= 2; ++nmaps)
  for (int rep = 0; rep < 2; ++rep)
  for (int mode = 0; mode < 7; ++mode) {
    cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
    cudaEventRecord(a);
    k<<<n, 128>>>(mode, src, out, nmaps);
    cudaEventRecord(b);
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) { printf("error %s\n", cudaGetErrorString(e)); return 1; }
    float ms; cudaEventElapsedTime(&ms, a, b);
    cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
    double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (int i = 0; i < n; ++i) { s0 += h[i*4+3]; s1 += h[i*4]; s2 += h[i*4+1]; s3 += h[i*4+2]; }
    if (rep) printf("maps %d %-30s slot %5.0f  built %5.0f  fenced %5.0f  first TMA done %5.0f cycles (mean of %d CTAs); kernel %.1f us\n",
           nmaps, names[mode], s0 / n, s1 / n, s2 / n, s3 / n, n, ms * 1000);
  }
  return 0;
}
