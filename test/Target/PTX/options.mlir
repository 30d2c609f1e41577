// RUN: tile-translate --cuda-tile-to-ptx %examples/vector_add.mlir | FileCheck %s --check-prefix=DEFAULT
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_80 %examples/vector_add.mlir | FileCheck %s --check-prefix=SM80
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_89 %examples/vector_add.mlir | FileCheck %s --check-prefix=SM89
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a --ptx-version=84 %examples/vector_add.mlir | FileCheck %s --check-prefix=SM90A
// RUN: tile-translate --cuda-tile-to-ptx --num-threads=256 %examples/vector_add.mlir | FileCheck %s --check-prefix=T256

// --chip picks .target and the lowest PTX ISA that has what the chip needs,
// --ptx-version overrides it, --num-threads fixes the CTA size.

// DEFAULT: .version 8.0
// DEFAULT-NEXT: .target sm_90
// SM80: .version 7.0
// SM80-NEXT: .target sm_80
// SM89: .version 7.8
// SM89-NEXT: .target sm_89
// SM90A: .version 8.4
// SM90A-NEXT: .target sm_90a

// T256: // tileir.kernel vadd_view params=(ptr,ptr,ptr,i32) reqntid=256,1,1
// T256: .reqntid 256, 1, 1
// T256: // tileir.kernel vadd_ptr params=(ptr,ptr,ptr,i32) reqntid=256,1,1
// T256: .reqntid 256, 1, 1
