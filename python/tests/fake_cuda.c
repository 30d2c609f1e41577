/* A stand-in for libcuda.so.1 with the entry points tileir/_driver.py binds, built by
   fakes.build_fake_driver. Every call succeeds at once and the last launch is recorded:
   test_fast_launch.py checks what the launcher passes the driver, and
   utils/launch-profile/launch_profile.py times the host side of Kernel.launch (ctypes
   calls included), on machines without a GPU. Contexts are 0x1000 + device. */
#include <stdint.h>
#include <string.h>

typedef int CUresult;
static uintptr_t current_context;
static long launches;
/* What the last launch passed, for tests: the sizes of the parameters to copy are set by
   fake_param_sizes before the launch. */
static int param_count, param_sizes[32];
static unsigned char last_params[32][8];
static uint64_t last_launch[9];

CUresult cuInit(unsigned flags) { (void)flags; return 0; }
CUresult cuGetErrorName(int code, const char **text) { (void)code; *text = "CUDA_ERROR_FAKE"; return 0; }
CUresult cuGetErrorString(int code, const char **text) { (void)code; *text = "fake driver"; return 0; }
CUresult cuDeviceGet(int *device, int ordinal) { *device = ordinal; return 0; }
CUresult cuDeviceGetAttribute(int *value, int attribute, int device) {
  (void)device; *value = attribute == 75 ? 9 : 0; return 0;
}
CUresult cuDevicePrimaryCtxRetain(void **context, int device) {
  *context = (void *)(uintptr_t)(0x1000 + device); return 0;
}
CUresult cuCtxGetCurrent(void **context) { *context = (void *)current_context; return 0; }
CUresult cuCtxSetCurrent(void *context) { current_context = (uintptr_t)context; return 0; }
CUresult cuCtxGetDevice(int *device) { *device = (int)(current_context - 0x1000); return 0; }
CUresult cuCtxPushCurrent_v2(void *context) { current_context = (uintptr_t)context; return 0; }
CUresult cuCtxPopCurrent_v2(void **context) { if (context) *context = (void *)current_context; return 0; }
CUresult cuModuleLoadDataEx(void **module, const char *image, unsigned n, int *options, void **values) {
  (void)image; (void)n; (void)options; (void)values; *module = (void *)0x2000; return 0;
}
CUresult cuModuleGetFunction(void **function, void *module, const char *name) {
  (void)module; (void)name; *function = (void *)0x3000; return 0;
}
CUresult cuFuncSetAttribute(void *function, int attribute, int value) {
  (void)function; (void)attribute; (void)value; return 0;
}
CUresult cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                        unsigned bz, unsigned smem, void *stream, void **params, void **extra) {
  (void)extra;
  for (int i = 0; i < param_count; ++i)
    memcpy(last_params[i], params[i], (size_t)param_sizes[i]);
  uint64_t launch[9] = {(uintptr_t)f, gx, gy, gz, bx, by, bz, smem, (uintptr_t)stream};
  memcpy(last_launch, launch, sizeof launch);
  ++launches;
  return 0;
}
long fake_launch_count(void) { return launches; }
/* Make no context current (as on a thread that never used CUDA). */
void fake_reset_context(void) { current_context = 0; }
void fake_param_sizes(int n, const int *sizes) {
  param_count = n;
  for (int i = 0; i < n; ++i) param_sizes[i] = sizes[i];
  memset(last_params, 0, sizeof last_params);
}
const unsigned char *fake_last_param(int i) { return last_params[i]; }
const uint64_t *fake_last_launch(void) { return last_launch; }
