// REQUIRES: ptxas
// RUN: env -u CUDA_HOME -u CUDA_PATH -u CUDA_ROOT tile-translate --cuda-tile-to-ptx %examples/softmax.mlir -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin

// Regression test (fixed): without $CUDA_HOME (or CUDA_PATH/CUDA_ROOT) in the environment the
// NVVM serialization does not link libdevice, yet tile-translate succeeds and
// writes PTX that declares and calls `.extern .func __nv_fmaxf` / `__nv_expf`;
// ptxas then fails with "Unresolved extern function '__nv_fmaxf'" (the same
// through --cuda-tile-to-cubin). The output must not depend on the caller's
// environment: find the toolkit the way findPtxas does (/usr/local/cuda) or
// fail with an error, and lower maxnumf to max.f32 rather than a libdevice
// call.
