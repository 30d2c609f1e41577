// REQUIRES: ptxas
// RUN: tile-translate --cuda-tile-to-ptx %s -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: test -s %t.cubin
// RUN: tile-translate --cuda-tile-to-ptx %examples/prefix_sum.mlir -o %t.prefix.ptx
// RUN: FileCheck %s --check-prefix=PREFIX --input-file=%t.prefix.ptx
// RUN: %ptxas -arch=sm_90 %t.prefix.ptx -o %t.prefix.cubin
// RUN: test -s %t.prefix.cubin

// reduce and scan to PTX (tirx.reduce / tirx.scan variants): multi-operand
// reduce with an argmax body, a rank-0 reduce, scans forward and reverse on
// each axis of a 2-D tile; all assemble with ptxas for sm_90.

// CHECK-LABEL: // tileir.kernel argmax params=(ptr,ptr,ptr) reqntid=256,1,1
// Value and index cross the lanes together (two butterflies per step), then
// the warps through shared memory.
// CHECK: shfl.sync.bfly.b32
// CHECK: shfl.sync.bfly.b32
// CHECK: setp.{{.*}}.f32
// CHECK: bar.sync
// CHECK: st.global
// CHECK: ret;

// CHECK-LABEL: // tileir.kernel sum_all params=(ptr,ptr) reqntid=
// CHECK: shfl.sync.bfly.b32
// CHECK: st.global
// CHECK: ret;

// CHECK-LABEL: // tileir.kernel sum_bcast params=(ptr,ptr) reqntid=
// CHECK: ld.global.v4.b32 {[[X:%r[0-9]+]],
// CHECK: add.rn.f32 {{%r[0-9]+}}, [[X]], [[X]];
// CHECK: st.global
// CHECK: ret;

// CHECK-LABEL: // tileir.kernel scans params=(ptr,ptr,ptr,ptr,ptr) reqntid=
// CHECK-DAG: shfl.sync.up.b32
// CHECK-DAG: shfl.sync.down.b32
// CHECK: ret;

// PREFIX-LABEL: // tileir.kernel prefix_sum_f32_1024 params=(ptr,ptr,i32)
// PREFIX: shfl.sync.up.b32
// PREFIX: bar.sync
// PREFIX-LABEL: // tileir.kernel prefix_sum_i32_8192 params=(ptr,ptr,i32)
// PREFIX: shfl.sync.up.b32
// PREFIX: bar.sync
// PREFIX: st.global

cuda_tile.module @reduce_scan {
  // Row argmax of a 4x512 tile: the first index of the row maximum.
  entry @argmax(%x: tile<ptr<f32>>, %mv: tile<ptr<f32>>, %mi: tile<ptr<i32>>) {
    %tx = make_tensor_view %x, shape = [4, 512], strides = [512, 1] : tensor_view<4x512xf32, strides=[512,1]>
    %px = make_partition_view %tx : partition_view<tile=(4x512), tensor_view<4x512xf32, strides=[512,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %px[%c0, %c0] : partition_view<tile=(4x512), tensor_view<4x512xf32, strides=[512,1]>>, tile<i32> -> tile<4x512xf32>, token
    %i = iota : tile<512xi32>
    %i1 = reshape %i : tile<512xi32> -> tile<1x512xi32>
    %i2 = broadcast %i1 : tile<1x512xi32> -> tile<4x512xi32>
    %rv, %ri = reduce %v, %i2 dim=1 identities=[0xFF800000 : f32, 0 : i32] : tile<4x512xf32>, tile<4x512xi32> -> tile<4xf32>, tile<4xi32>
    (%v0: tile<f32>, %v1: tile<f32>, %j0: tile<i32>, %j1: tile<i32>) {
      %gt = cmpf greater_than ordered %v1, %v0 : tile<f32> -> tile<i1>
      %eq = cmpf equal ordered %v1, %v0 : tile<f32> -> tile<i1>
      %lt = cmpi less_than %j1, %j0, signed : tile<i32> -> tile<i1>
      %tie = andi %eq, %lt : tile<i1>
      %take = ori %gt, %tie : tile<i1>
      %a = select %take, %v1, %v0 : tile<i1>, tile<f32>
      %b = select %take, %j1, %j0 : tile<i1>, tile<i32>
      yield %a, %b : tile<f32>, tile<i32>
    }
    %tv = make_tensor_view %mv, shape = [4], strides = [1] : tensor_view<4xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(4), tensor_view<4xf32, strides=[1]>>
    %ti = make_tensor_view %mi, shape = [4], strides = [1] : tensor_view<4xi32, strides=[1]>
    %pi = make_partition_view %ti : partition_view<tile=(4), tensor_view<4xi32, strides=[1]>>
    %t1 = store_view_tko weak %rv, %pv[%c0] : tile<4xf32>, partition_view<tile=(4), tensor_view<4xf32, strides=[1]>>, tile<i32> -> token
    %t2 = store_view_tko weak %ri, %pi[%c0] : tile<4xi32>, partition_view<tile=(4), tensor_view<4xi32, strides=[1]>>, tile<i32> -> token
    return
  }

  // The sum of a 256-element tile as a rank-0 tile, broadcast back and
  // stored (each element: the total).
  entry @sum_all(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>) {
    %tx = make_tensor_view %x, shape = [256], strides = [1] : tensor_view<256xf32, strides=[1]>
    %px = make_partition_view %tx : partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>
    %ty = make_tensor_view %y, shape = [256], strides = [1] : tensor_view<256xf32, strides=[1]>
    %py = make_partition_view %ty : partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %px[%c0] : partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>, tile<i32> -> tile<256xf32>, token
    %s = reduce %v dim=0 identities=[0.000000e+00 : f32] : tile<256xf32> -> tile<f32>
    (%a: tile<f32>, %b: tile<f32>) {
      %r = addf %a, %b : tile<f32>
      yield %r : tile<f32>
    }
    %s1 = reshape %s : tile<f32> -> tile<1xf32>
    %sb = broadcast %s1 : tile<1xf32> -> tile<256xf32>
    %t1 = store_view_tko weak %sb, %py[%c0] : tile<256xf32>, partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>, tile<i32> -> token
    return
  }

  // A sum over a broadcast axis: y = 8 x (the broadcast's view gives the
  // rows one register; the reduction still counts each row).
  entry @sum_bcast(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>) {
    %tx = make_tensor_view %x, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %px = make_partition_view %tx : partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>
    %ty = make_tensor_view %y, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %py = make_partition_view %ty : partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %px[%c0] : partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
    %r = reshape %v : tile<64xf32> -> tile<1x64xf32>
    %b = broadcast %r : tile<1x64xf32> -> tile<8x64xf32>
    %s = reduce %b dim=0 identities=[0.000000e+00 : f32] : tile<8x64xf32> -> tile<64xf32>
    (%p: tile<f32>, %q: tile<f32>) {
      %a = addf %p, %q : tile<f32>
      yield %a : tile<f32>
    }
    %t1 = store_view_tko weak %s, %py[%c0] : tile<64xf32>, partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token
    return
  }

  // Running sums of a 32x64 tile along each axis, forward and reverse, and
  // a running max.
  entry @scans(%x: tile<ptr<f32>>, %y0: tile<ptr<f32>>, %y1: tile<ptr<f32>>, %y2: tile<ptr<f32>>, %y3: tile<ptr<f32>>) {
    %tx = make_tensor_view %x, shape = [32, 64], strides = [64, 1] : tensor_view<32x64xf32, strides=[64,1]>
    %px = make_partition_view %tx : partition_view<tile=(32x64), tensor_view<32x64xf32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %px[%c0, %c0] : partition_view<tile=(32x64), tensor_view<32x64xf32, strides=[64,1]>>, tile<i32> -> tile<32x64xf32>, token
    %a = scan %v dim=1 reverse=false identities=[0.000000e+00 : f32] : tile<32x64xf32> -> tile<32x64xf32>
    (%p: tile<f32>, %q: tile<f32>) {
      %r = addf %p, %q : tile<f32>
      yield %r : tile<f32>
    }
    %b = scan %v dim=1 reverse=true identities=[0.000000e+00 : f32] : tile<32x64xf32> -> tile<32x64xf32>
    (%p: tile<f32>, %q: tile<f32>) {
      %r = addf %p, %q : tile<f32>
      yield %r : tile<f32>
    }
    %c = scan %v dim=0 reverse=false identities=[0xFF800000 : f32] : tile<32x64xf32> -> tile<32x64xf32>
    (%p: tile<f32>, %q: tile<f32>) {
      %r = maxf %p, %q : tile<f32>
      yield %r : tile<f32>
    }
    %d = scan %v dim=0 reverse=true identities=[0.000000e+00 : f32] : tile<32x64xf32> -> tile<32x64xf32>
    (%p: tile<f32>, %q: tile<f32>) {
      %r = addf %p, %q : tile<f32>
      yield %r : tile<f32>
    }
    %ty0 = make_tensor_view %y0, shape = [32, 64], strides = [64, 1] : tensor_view<32x64xf32, strides=[64,1]>
    %py0 = make_partition_view %ty0 : partition_view<tile=(32x64), tensor_view<32x64xf32, strides=[64,1]>>
    %ty1 = make_tensor_view %y1, shape = [32, 64], strides = [64, 1] : tensor_view<32x64xf32, strides=[64,1]>
    %py1 = make_partition_view %ty1 : partition_view<tile=(32x64), tensor_view<32x64xf32, strides=[64,1]>>
    %ty2 = make_tensor_view %y2, shape = [32, 64], strides = [64, 1] : tensor_view<32x64xf32, strides=[64,1]>
    %py2 = make_partition_view %ty2 : partition_view<tile=(32x64), tensor_view<32x64xf32, strides=[64,1]>>
    %ty3 = make_tensor_view %y3, shape = [32, 64], strides = [64, 1] : tensor_view<32x64xf32, strides=[64,1]>
    %py3 = make_partition_view %ty3 : partition_view<tile=(32x64), tensor_view<32x64xf32, strides=[64,1]>>
    %t1 = store_view_tko weak %a, %py0[%c0, %c0] : tile<32x64xf32>, partition_view<tile=(32x64), tensor_view<32x64xf32, strides=[64,1]>>, tile<i32> -> token
    %t2 = store_view_tko weak %b, %py1[%c0, %c0] : tile<32x64xf32>, partition_view<tile=(32x64), tensor_view<32x64xf32, strides=[64,1]>>, tile<i32> -> token
    %t3 = store_view_tko weak %c, %py2[%c0, %c0] : tile<32x64xf32>, partition_view<tile=(32x64), tensor_view<32x64xf32, strides=[64,1]>>, tile<i32> -> token
    %t4 = store_view_tko weak %d, %py3[%c0, %c0] : tile<32x64xf32>, partition_view<tile=(32x64), tensor_view<32x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
