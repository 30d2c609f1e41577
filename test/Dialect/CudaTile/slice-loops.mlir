// RUN: tile-opt %s --cuda-tile-slice-loops | FileCheck %s
// RUN: tile-opt %s --cuda-tile-slice-loops=max-words=256 | FileCheck %s --check-prefix=HIGH
// RUN: tile-opt %s --cuda-tile-slice-loops=max-words=64 | FileCheck %s --check-prefix=LOW
// RUN: tile-opt %s --cuda-tile-slice-loops=max-words=0 | FileCheck %s --check-prefix=OFF
// RUN: tile-opt %s --cuda-tile-slice-loops=num-threads=64 | FileCheck %s --check-prefix=CTA64

// cuTile's layer-norm dW/dB reduction: two 32x1024 f32 accumulators (256
// words a thread of 256) summed over row tiles, then reduced along the rows
// and stored (with a scale in the loop and after it: splat constants from
// outside are sliced too). Dimension 0 is reduced, so the columns are sliced: 4 slices of
// 32x256 (64 words a thread), each loaded, reduced and stored in an outer
// loop, at index bid * 4 + c.
// CHECK-LABEL: entry @dwdb
// CHECK-DAG: %[[VA:.*]] = make_partition_view %{{.*}} : partition_view<tile=(32x256), padding_value = zero
// CHECK-DAG: %[[VB:.*]] = make_partition_view %{{.*}} : partition_view<tile=(32x256), padding_value = zero
// CHECK-DAG: %[[OA:.*]] = make_partition_view %{{.*}} : partition_view<tile=(256), tensor_view
// CHECK-DAG: %[[N:.*]] = constant <i32: 4> : tile<i32>
// CHECK: for %[[C:.*]] in (%{{.*}} to %[[N]], step %{{.*}}) : tile<i32> {
// CHECK-NEXT: %[[S:.*]] = muli %[[BID:.*]], %[[N]] : tile<i32>
// CHECK-NEXT: %[[J:.*]] = addi %[[S]], %[[C]] : tile<i32>
// CHECK-DAG: %[[SCALE:.*]] = constant <f32: 2.000000e+00> : tile<32x256xf32>
// CHECK-DAG: %[[INV:.*]] = constant <f32: 5.000000e-01> : tile<256xf32>
// CHECK-DAG: %[[Z:.*]] = constant <f32: 0.000000e+00> : tile<32x256xf32>
// CHECK: %[[R:.*]]:2 = for %[[I:.*]] in {{.*}} iter_values(%[[X:.*]] = %[[Z]], %[[Y:.*]] = %[[Z]]) -> (tile<32x256xf32>, tile<32x256xf32>) {
// CHECK-NEXT: %[[T0:.*]], %{{.*}} = load_view_tko weak %[[VA]][%[[I]], %[[J]]] token = %{{.*}} : {{.*}} -> tile<32x256xf32>, token
// CHECK-NEXT: %[[T:.*]] = mulf %[[T0]], %[[SCALE]] : tile<32x256xf32>
// CHECK-NEXT: addf %[[X]], %[[T]] : tile<32x256xf32>
// CHECK-NEXT: %[[T2:.*]], %{{.*}} = load_view_tko weak %[[VB]][%[[I]], %[[J]]]
// CHECK: %[[SUM:.*]] = reduce %[[R]]#0 dim=0 {{.*}} : tile<32x256xf32> -> tile<256xf32>
// CHECK: %[[MEAN:.*]] = mulf %[[SUM]], %[[INV]] : tile<256xf32>
// CHECK: %[[H:.*]] = ftof %[[MEAN]] : tile<256xf32> -> tile<256xf16>
// CHECK: store_view_tko weak %[[H]], %[[OA]][%[[J]]]
// CHECK: reduce %[[R]]#1 dim=0
// CHECK: store_view_tko weak
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NOT: tile<32x1024xf32>
// CHECK-NOT: tile<1024xf32>
// A higher `max-words` does not raise the limit over half a thread's share
// of the registers (128 words at 256 threads): still 4 slices. Under a
// limit of 64, 8 slices keep 32 words a thread each.
// HIGH-LABEL: entry @dwdb
// HIGH: for {{.*}} -> (tile<32x256xf32>, tile<32x256xf32>)
// LOW-LABEL: entry @dwdb
// LOW: constant <i32: 8>
// LOW: for {{.*}} -> (tile<32x128xf32>, tile<32x128xf32>)
// A CTA of 64 threads (the pipeline's --num-threads) holds 1024 words a
// thread: 16 slices of 32x64 keep 64 each.
// CTA64-LABEL: entry @dwdb
// CTA64: constant <i32: 16>
// CTA64: for {{.*}} -> (tile<32x64xf32>, tile<32x64xf32>)
// OFF-LABEL: entry @dwdb
// OFF: for {{.*}} -> (tile<32x1024xf32>, tile<32x1024xf32>)
cuda_tile.module @kernels {
  entry @dwdb(%pa: tile<ptr<f32>>, %pb: tile<ptr<f32>>, %po: tile<ptr<f16>>, %m: tile<i32>, %n: tile<i32>) {
    %tok = make_token : token
    %ta = make_tensor_view %pa, shape = [%m, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %tb = make_tensor_view %pb, shape = [%m, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %to = make_tensor_view %po, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf16, strides=[1]>
    %bid, %by, %bz = get_tile_block_id : tile<i32>
    %va = make_partition_view %ta : partition_view<tile=(32x1024), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(32x1024), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
    %rows:2 = get_index_space_shape %va : partition_view<tile=(32x1024), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
    %zero = constant <f32: 0.0> : tile<32x1024xf32>
    %scale = constant <f32: 2.0> : tile<32x1024xf32>
    %inv = constant <f32: 0.5> : tile<1024xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %r:2 = for %i in (%c0 to %rows#0, step %c1) : tile<i32> iter_values(%x = %zero, %y = %zero) -> (tile<32x1024xf32>, tile<32x1024xf32>) {
      %t0, %t1 = load_view_tko weak %va[%i, %bid] token = %tok : partition_view<tile=(32x1024), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<32x1024xf32>, token
      %t = mulf %t0, %scale : tile<32x1024xf32>
      %x2 = addf %x, %t : tile<32x1024xf32>
      %u, %u1 = load_view_tko weak %vb[%i, %bid] token = %tok : partition_view<tile=(32x1024), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<32x1024xf32>, token
      %y2 = addf %y, %u : tile<32x1024xf32>
      continue %x2, %y2 : tile<32x1024xf32>, tile<32x1024xf32>
    }
    %sa = reduce %r#0 dim=0 identities=[0.000000e+00 : f32] : tile<32x1024xf32> -> tile<1024xf32>
    (%a0: tile<f32>, %a1: tile<f32>) {
      %s = addf %a0, %a1 : tile<f32>
      yield %s : tile<f32>
    }
    %ma = mulf %sa, %inv : tile<1024xf32>
    %ha = ftof %ma : tile<1024xf32> -> tile<1024xf16>
    %oa = make_partition_view %to : partition_view<tile=(1024), tensor_view<?xf16, strides=[1]>>
    %w0 = store_view_tko weak %ha, %oa[%bid] token = %tok : tile<1024xf16>, partition_view<tile=(1024), tensor_view<?xf16, strides=[1]>>, tile<i32> -> token
    %sb = reduce %r#1 dim=0 identities=[0.000000e+00 : f32] : tile<32x1024xf32> -> tile<1024xf32>
    (%b0: tile<f32>, %b1: tile<f32>) {
      %s = addf %b0, %b1 : tile<f32>
      yield %s : tile<f32>
    }
    %hb = ftof %sb : tile<1024xf32> -> tile<1024xf16>
    %w1 = store_view_tko weak %hb, %oa[%bid] token = %tok : tile<1024xf16>, partition_view<tile=(1024), tensor_view<?xf16, strides=[1]>>, tile<i32> -> token
    return
  }

  // No reduction: the outermost dimension is sliced (whole rows), and an
  // initial value that is not a splat constant is extracted slice by slice.
  // CHECK-LABEL: entry @rows
  // CHECK: for %[[C:.*]] in (%{{.*}} to %{{.*}}, step %{{.*}}) : tile<i32> {
  // CHECK: %[[INIT:.*]] = extract %{{.*}}[%[[C]], %{{.*}}] : tile<256x256xf32> -> tile<64x256xf32>
  // CHECK: for {{.*}} iter_values(%{{.*}} = %[[INIT]]) -> (tile<64x256xf32>)
  // CHECK: store_view_tko weak %{{.*}} : tile<64x256xf32>, partition_view<tile=(64x256),
  entry @rows(%pa: tile<ptr<f32>>, %m: tile<i32>) {
    %tok = make_token : token
    %ta = make_tensor_view %pa, shape = [%m, 256], strides = [256, 1] : tile<i32> -> tensor_view<?x256xf32, strides=[256,1]>
    %va = make_partition_view %ta : partition_view<tile=(256x256), padding_value = zero, tensor_view<?x256xf32, strides=[256,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %init, %t0 = load_view_tko weak %va[%c0, %c0] token = %tok : partition_view<tile=(256x256), padding_value = zero, tensor_view<?x256xf32, strides=[256,1]>>, tile<i32> -> tile<256x256xf32>, token
    %r = for %i in (%c1 to %c4, step %c1) : tile<i32> iter_values(%x = %init) -> (tile<256x256xf32>) {
      %t, %t1 = load_view_tko weak %va[%i, %c0] token = %tok : partition_view<tile=(256x256), padding_value = zero, tensor_view<?x256xf32, strides=[256,1]>>, tile<i32> -> tile<256x256xf32>, token
      %x2 = maxf %x, %t : tile<256x256xf32>
      continue %x2 : tile<256x256xf32>
    }
    %w = store_view_tko weak %r, %va[%c0, %c0] token = %tok : tile<256x256xf32>, partition_view<tile=(256x256), padding_value = zero, tensor_view<?x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }

  // A sum kept as a row (cuTile's `keepdims=True`): the reshape that adds the
  // unit dimension keeps the slices, which the row's store takes.
  // CHECK-LABEL: entry @keepdims
  // CHECK: for %[[C:.*]] in
  // CHECK: %[[S:.*]] = reduce %{{.*}} dim=0 {{.*}} : tile<256x64xf32> -> tile<64xf32>
  // CHECK: %[[ROW:.*]] = reshape %[[S]] : tile<64xf32> -> tile<1x64xf32>
  // CHECK: store_view_tko weak %[[ROW]], %{{.*}}[%{{.*}}, %{{.*}}] {{.*}} : tile<1x64xf32>, partition_view<tile=(1x64),
  entry @keepdims(%pa: tile<ptr<f32>>, %po: tile<ptr<f32>>, %m: tile<i32>) {
    %tok = make_token : token
    %ta = make_tensor_view %pa, shape = [%m, 256], strides = [256, 1] : tile<i32> -> tensor_view<?x256xf32, strides=[256,1]>
    %to = make_tensor_view %po, shape = [1, 256], strides = [256, 1] : tensor_view<1x256xf32, strides=[256,1]>
    %va = make_partition_view %ta : partition_view<tile=(256x256), padding_value = zero, tensor_view<?x256xf32, strides=[256,1]>>
    %vo = make_partition_view %to : partition_view<tile=(1x256), tensor_view<1x256xf32, strides=[256,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %zero = constant <f32: 0.0> : tile<256x256xf32>
    %r = for %i in (%c0 to %c4, step %c1) : tile<i32> iter_values(%x = %zero) -> (tile<256x256xf32>) {
      %t, %t1 = load_view_tko weak %va[%i, %c0] token = %tok : partition_view<tile=(256x256), padding_value = zero, tensor_view<?x256xf32, strides=[256,1]>>, tile<i32> -> tile<256x256xf32>, token
      %x2 = addf %x, %t : tile<256x256xf32>
      continue %x2 : tile<256x256xf32>
    }
    %s = reduce %r dim=0 identities=[0.000000e+00 : f32] : tile<256x256xf32> -> tile<256xf32>
    (%a0: tile<f32>, %a1: tile<f32>) {
      %sum = addf %a0, %a1 : tile<f32>
      yield %sum : tile<f32>
    }
    %row = reshape %s : tile<256xf32> -> tile<1x256xf32>
    %w = store_view_tko weak %row, %vo[%c0, %c0] token = %tok : tile<1x256xf32>, partition_view<tile=(1x256), tensor_view<1x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }

  // 1024 threads (the hint) hold the same tiles in 64 words a thread, over
  // half of their share of the registers (32 of 64): 4 slices of 16 words.
  // CHECK-LABEL: entry @manythreads
  // CHECK: for {{.*}} -> (tile<64x256xf32>)
  entry @manythreads(%pa: tile<ptr<f32>>, %m: tile<i32>) optimization_hints=<default = {num_worker_warps_per_cta = 32}> {
    %tok = make_token : token
    %ta = make_tensor_view %pa, shape = [%m, 256], strides = [256, 1] : tile<i32> -> tensor_view<?x256xf32, strides=[256,1]>
    %va = make_partition_view %ta : partition_view<tile=(256x256), padding_value = zero, tensor_view<?x256xf32, strides=[256,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %zero = constant <f32: 0.0> : tile<256x256xf32>
    %r = for %i in (%c0 to %c4, step %c1) : tile<i32> iter_values(%x = %zero) -> (tile<256x256xf32>) {
      %t, %t1 = load_view_tko weak %va[%i, %c0] token = %tok : partition_view<tile=(256x256), padding_value = zero, tensor_view<?x256xf32, strides=[256,1]>>, tile<i32> -> tile<256x256xf32>, token
      %x2 = addf %x, %t : tile<256x256xf32>
      continue %x2 : tile<256x256xf32>
    }
    %w = store_view_tko weak %r, %va[%c0, %c0] token = %tok : tile<256x256xf32>, partition_view<tile=(256x256), padding_value = zero, tensor_view<?x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }

  // Left alone: 128x256 f32 is 128 words a thread of 256, at the limit.
  // CHECK-LABEL: entry @fits
  // CHECK: for {{.*}} -> (tile<128x256xf32>)
  entry @fits(%pa: tile<ptr<f32>>, %m: tile<i32>) {
    %tok = make_token : token
    %ta = make_tensor_view %pa, shape = [%m, 256], strides = [256, 1] : tile<i32> -> tensor_view<?x256xf32, strides=[256,1]>
    %va = make_partition_view %ta : partition_view<tile=(128x256), padding_value = zero, tensor_view<?x256xf32, strides=[256,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x256xf32>
    %r = for %i in (%c0 to %c4, step %c1) : tile<i32> iter_values(%x = %zero) -> (tile<128x256xf32>) {
      %t, %t1 = load_view_tko weak %va[%i, %c0] token = %tok : partition_view<tile=(128x256), padding_value = zero, tensor_view<?x256xf32, strides=[256,1]>>, tile<i32> -> tile<128x256xf32>, token
      %x2 = addf %x, %t : tile<128x256xf32>
      continue %x2 : tile<128x256xf32>
    }
    %w = store_view_tko weak %r, %va[%c0, %c0] token = %tok : tile<128x256xf32>, partition_view<tile=(128x256), padding_value = zero, tensor_view<?x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }

  // Left alone: a use that is not a slice (a permute of the result), a
  // store in the loop, and a load between the loop and its last user.
  // CHECK-LABEL: entry @unsliceable
  // CHECK-COUNT-3: -> (tile<256x256xf32>) {
  entry @unsliceable(%pa: tile<ptr<f32>>, %m: tile<i32>) {
    %tok = make_token : token
    %ta = make_tensor_view %pa, shape = [%m, 256], strides = [256, 1] : tile<i32> -> tensor_view<?x256xf32, strides=[256,1]>
    %va = make_partition_view %ta : partition_view<tile=(256x256), padding_value = zero, tensor_view<?x256xf32, strides=[256,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %zero = constant <f32: 0.0> : tile<256x256xf32>
    %r = for %i in (%c0 to %c4, step %c1) : tile<i32> iter_values(%x = %zero) -> (tile<256x256xf32>) {
      %t, %t1 = load_view_tko weak %va[%i, %c0] token = %tok : partition_view<tile=(256x256), padding_value = zero, tensor_view<?x256xf32, strides=[256,1]>>, tile<i32> -> tile<256x256xf32>, token
      %x2 = addf %x, %t : tile<256x256xf32>
      continue %x2 : tile<256x256xf32>
    }
    %p = permute %r [1, 0] : tile<256x256xf32> -> tile<256x256xf32>
    %w = store_view_tko weak %p, %va[%c0, %c0] token = %tok : tile<256x256xf32>, partition_view<tile=(256x256), padding_value = zero, tensor_view<?x256xf32, strides=[256,1]>>, tile<i32> -> token
    %r2 = for %i in (%c0 to %c4, step %c1) : tile<i32> iter_values(%x = %zero) -> (tile<256x256xf32>) {
      %t, %t1 = load_view_tko weak %va[%i, %c0] token = %tok : partition_view<tile=(256x256), padding_value = zero, tensor_view<?x256xf32, strides=[256,1]>>, tile<i32> -> tile<256x256xf32>, token
      %x2 = addf %x, %t : tile<256x256xf32>
      %w2 = store_view_tko weak %x2, %va[%i, %c1] token = %tok : tile<256x256xf32>, partition_view<tile=(256x256), padding_value = zero, tensor_view<?x256xf32, strides=[256,1]>>, tile<i32> -> token
      continue %x2 : tile<256x256xf32>
    }
    %w3 = store_view_tko weak %r2, %va[%c0, %c0] token = %tok : tile<256x256xf32>, partition_view<tile=(256x256), padding_value = zero, tensor_view<?x256xf32, strides=[256,1]>>, tile<i32> -> token
    %r3 = for %i in (%c0 to %c4, step %c1) : tile<i32> iter_values(%x = %zero) -> (tile<256x256xf32>) {
      %t, %t1 = load_view_tko weak %va[%i, %c0] token = %tok : partition_view<tile=(256x256), padding_value = zero, tensor_view<?x256xf32, strides=[256,1]>>, tile<i32> -> tile<256x256xf32>, token
      %x2 = addf %x, %t : tile<256x256xf32>
      continue %x2 : tile<256x256xf32>
    }
    %l, %l1 = load_view_tko weak %va[%c1, %c1] token = %tok : partition_view<tile=(256x256), padding_value = zero, tensor_view<?x256xf32, strides=[256,1]>>, tile<i32> -> tile<256x256xf32>, token
    %w4 = store_view_tko weak %r3, %va[%c0, %c0] token = %tok : tile<256x256xf32>, partition_view<tile=(256x256), padding_value = zero, tensor_view<?x256xf32, strides=[256,1]>>, tile<i32> -> token
    %w5 = store_view_tko weak %l, %va[%c1, %c0] token = %tok : tile<256x256xf32>, partition_view<tile=(256x256), padding_value = zero, tensor_view<?x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
}
