// REQUIRES: ptxas
// RUN: tile-opt %s | tile-opt | FileCheck %s --check-prefix=TEXT
// RUN: tile-translate --mlir-to-cudatilebc --bytecode-version=13.4 %s | tile-opt | FileCheck %s --check-prefix=TEXT
// RUN: not tile-translate --mlir-to-cudatilebc --bytecode-version=13.3 %s 2>&1 | FileCheck %s --check-prefix=OLD
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90 %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o /dev/null
// RUN: not tile-translate --cuda-tile-to-ptx --chip=sm_80 %s 2>&1 | FileCheck %s --check-prefix=SM80

// Grid dependency control (bytecode 13.4): gdc_launch_dependents_tko lets
// the grid launched after this one with programmatic dependent launch
// start; gdc_wait_tko waits for the grids this one depends on. Each is PTX
// griddepcontrol in every thread, in token order with the loads and stores
// around it.

// TEXT-LABEL: entry @producer
// TEXT: %[[T:.*]] = gdc_launch_dependents_tko -> token
// TEXT-LABEL: entry @consumer
// TEXT: gdc_wait_tko token = %{{.*}} -> token
// OLD: error: 'gdc_launch_dependents_tko' requires bytecode version 13.4

// CHECK-LABEL: .entry producer(
// CHECK: griddepcontrol.launch_dependents;
// CHECK: st.global
// CHECK-LABEL: .entry consumer(
// CHECK: ld.global
// CHECK: griddepcontrol.wait;
// CHECK: ld.global
// CHECK: st.global

// SM80: error: 'cuda_tile.gdc_launch_dependents_tko' op needs sm_90 or newer (griddepcontrol), the target is sm_80
cuda_tile.module @m {
  entry @producer(%p: tile<ptr<f32>>, %q: tile<ptr<f32>>) {
    %t0 = gdc_launch_dependents_tko -> token
    %tv = make_tensor_view %p, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>
    %tq = make_tensor_view %q, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %pq = make_partition_view %tq : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %t1 = load_view_tko weak %pv[%c0] token = %t0 : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %t2 = store_view_tko weak %x, %pq[%c0] token = %t1 : tile<128xf32>, partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
    return
  }

  entry @consumer(%p: tile<ptr<f32>>, %q: tile<ptr<f32>>) {
    %t0 = make_token : token
    %tv = make_tensor_view %p, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>
    %tq = make_tensor_view %q, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %pq = make_partition_view %tq : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %t1 = load_view_tko weak %pq[%c0] token = %t0 : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %t2 = gdc_wait_tko token = %t1 -> token
    %y, %t3 = load_view_tko weak %pv[%c0] token = %t2 : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %z = addf %x, %y rounding<nearest_even> : tile<128xf32>
    %t4 = store_view_tko weak %z, %pq[%c0] token = %t3 : tile<128xf32>, partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
