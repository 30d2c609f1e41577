// REQUIRES: ptxas
// RUN: tile-translate --cuda-tile-to-ptx %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o /dev/null

// alloca: the scratch memory of every alloca of an entry is one device
// malloc per tile block (thread 0, the address broadcast through shared
// memory, a failed malloc asserts), each alloca at its aligned offset, freed
// by thread 0 after a barrier before the return. Accesses through the
// pointers are ordinary global loads and stores.

// CHECK-DAG: .extern .func (.param .b64 func_retval0) malloc
// CHECK-DAG: .extern .func free
// CHECK-LABEL: .entry reverse(
// CHECK: st.param.b64 [param0], [[SIZE:[0-9]+]];
// CHECK: call.uni (retval0), malloc, (param0);
// CHECK: st.shared.b64
// CHECK: bar.sync 0;
// CHECK: ld.shared.b64 [[BASE:%rd[0-9]+]],
// CHECK: and.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, -256;
// CHECK: st.global.b32
// CHECK: bar.sync 0;
// CHECK: ld.global
// CHECK: bar.sync 0;
// CHECK: call.uni free, (param0);
// CHECK: ret;
// CHECK: call.uni __assertfail

cuda_tile.module @m {
  // y[i] = x[i] written reversed into scratch, read back reversed: y = x.
  entry @reverse(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>) {
    %s = alloca num_elem = 128, alignment = 16 : tile<ptr<f32>>
    %g = alloca num_elem = 3, alignment = 256 global : tile<ptr<i32>>
    %i = iota : tile<128xi32>
    %xs = reshape %x : tile<ptr<f32>> -> tile<1xptr<f32>>
    %xb = broadcast %xs : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %px = offset %xb, %i : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %v, %t0 = load_ptr_tko weak %px : tile<128xptr<f32>> -> tile<128xf32>, token
    %ss = reshape %s : tile<ptr<f32>> -> tile<1xptr<f32>>
    %sb = broadcast %ss : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %c127 = constant <i32: 127> : tile<128xi32>
    %ri = subi %c127, %i : tile<128xi32>
    %ps = offset %sb, %ri : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %t1 = store_ptr_tko weak %ps, %v token = %t0 : tile<128xptr<f32>>, tile<128xf32> -> token
    %pr = offset %sb, %ri : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %w, %t2 = load_ptr_tko weak %pr token = %t1 : tile<128xptr<f32>> -> tile<128xf32>, token
    %ys = reshape %y : tile<ptr<f32>> -> tile<1xptr<f32>>
    %yb = broadcast %ys : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %py = offset %yb, %i : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %t3 = store_ptr_tko weak %py, %w : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }
}
