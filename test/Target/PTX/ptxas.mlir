// REQUIRES: ptxas
// RUN: tile-translate --cuda-tile-to-ptx %examples/vector_add.mlir -o %t.vector_add.ptx
// RUN: %ptxas -arch=sm_90 %t.vector_add.ptx -o %t.vector_add.cubin
// RUN: test -s %t.vector_add.cubin
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_80 %examples/vector_add.mlir -o %t.vector_add80.ptx
// RUN: %ptxas -arch=sm_80 %t.vector_add80.ptx -o %t.vector_add80.cubin
// RUN: test -s %t.vector_add80.cubin
//
// softmax calls libdevice (expf), which the compiler links only when it
// finds the CUDA toolkit through $CUDA_HOME (see ptxas-libdevice.mlir for
// the bug); lit does not pass the variable on, so name the toolkit that
// holds %ptxas.
// RUN: env CUDA_HOME=$(dirname $(dirname %ptxas)) tile-translate --cuda-tile-to-ptx %examples/softmax.mlir -o %t.softmax.ptx
// RUN: %ptxas -arch=sm_90 %t.softmax.ptx -o %t.softmax.cubin
// RUN: test -s %t.softmax.cubin

// The PTX of both examples assembles with ptxas for the chip it targets.
