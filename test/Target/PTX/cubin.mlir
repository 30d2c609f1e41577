// REQUIRES: ptxas
// RUN: tile-translate --cuda-tile-to-cubin %examples/vector_add.mlir -o %t.cubin
// RUN: head -c 4 %t.cubin | FileCheck %s --check-prefix=ELF
// RUN: wc -c < %t.cubin | FileCheck %s --check-prefix=SIZE
// RUN: tile-translate --cuda-tile-to-cubin --chip=sm_80 %examples/vector_add.mlir -o %t.sm80.cubin
// RUN: test -s %t.sm80.cubin

// --cuda-tile-to-cubin runs ptxas on the PTX and writes the ELF cubin.
// ELF: ELF
// A kernel image is kilobytes, not an empty or truncated file.
// SIZE: {{^[1-9][0-9]{3,}$}}
