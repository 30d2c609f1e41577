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

// A PTX ISA that LLVM's NVPTX backend does not emit (which it would replace
// with its default) or that is older than the chip needs is rejected, once.
// RUN: not tile-translate --cuda-tile-to-ptx --ptx-version=999 %examples/vector_add.mlir 2>&1 | FileCheck %s --check-prefix=BAD999
// RUN: not tile-translate --cuda-tile-to-ptx --chip=sm_80 --ptx-version=79 %examples/vector_add.mlir 2>&1 | FileCheck %s --check-prefix=BAD79
// RUN: not tile-translate --cuda-tile-to-ptx --ptx-version=70 %examples/vector_add.mlir 2>&1 | FileCheck %s --check-prefix=OLD
// BAD999: vector_add.mlir:{{[0-9]+}}:{{[0-9]+}}: error: unsupported PTX version 999 (PTX ISA 99.9) for sm_90; supported: 80, 81, {{.*}}88
// BAD999-NOT: error
// BAD999-NOT: .version
// BAD999-NOT: recognized feature
// BAD79: error: unsupported PTX version 79 (PTX ISA 7.9) for sm_80; supported: 70, 71, {{.*}}78, 80,
// OLD: error: PTX version 7.0 is too old for sm_90 (needs 8.0 or newer)
// RUN: echo "relu f32 1024" > %t.spec
// RUN: not tileops-build --ptx-version=999 %t.spec 2>&1 | FileCheck %s --check-prefix=TILEOPS
// TILEOPS: error: unsupported PTX version 999
