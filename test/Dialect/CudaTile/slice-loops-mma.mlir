// RUN: tile-opt %s --cuda-tile-slice-loops | FileCheck %s

// A matmul K loop whose 256x256 f32 accumulator holds 256 words a thread
// of 256: two slices of 128x256 (128 words each, the whole limit: the
// operands go through shared memory). A's rows are sliced (a 128x64 view at
// row tile bid * 2 + c); B is read whole by both slices; the cast and the
// store after the loop run per slice.
// CHECK-LABEL: entry @matmul
// CHECK-DAG: %[[VA:.*]] = make_partition_view %{{.*}} : partition_view<tile=(128x64), padding_value = zero
// CHECK-DAG: %[[VB:.*]] = make_partition_view %{{.*}} : partition_view<tile=(64x256), padding_value = zero
// CHECK-DAG: %[[VC:.*]] = make_partition_view %{{.*}} : partition_view<tile=(128x256), tensor_view
// CHECK-DAG: %[[N:.*]] = constant <i32: 2> : tile<i32>
// CHECK: for %[[C:.*]] in (%{{.*}} to %[[N]], step %{{.*}}) : tile<i32> {
// CHECK-NEXT: %[[S:.*]] = muli %[[BX:.*]], %[[N]] : tile<i32>
// CHECK-NEXT: %[[I:.*]] = addi %[[S]], %[[C]] : tile<i32>
// CHECK: %[[Z:.*]] = constant <f32: 0.000000e+00> : tile<128x256xf32>
// CHECK: %[[R:.*]] = for %[[K:.*]] in {{.*}} iter_values(%[[ACC:.*]] = %[[Z]]) -> (tile<128x256xf32>) {
// CHECK-NEXT: %[[A:.*]], %{{.*}} = load_view_tko weak %[[VA]][%[[I]], %[[K]]] {{.*}} -> tile<128x64xf16>, token
// CHECK-NEXT: %[[B:.*]], %{{.*}} = load_view_tko weak %[[VB]][%[[K]], %[[BY:.*]]] {{.*}} -> tile<64x256xf16>, token
// CHECK-NEXT: %[[P:.*]] = mmaf %[[A]], %[[B]], %[[ACC]] : tile<128x64xf16>, tile<64x256xf16>, tile<128x256xf32>
// CHECK-NEXT: continue %[[P]]
// CHECK: %[[H:.*]] = ftof %[[R]] : tile<128x256xf32> -> tile<128x256xf16>
// CHECK-NEXT: store_view_tko weak %[[H]], %[[VC]][%[[I]], %[[BY]]]
// CHECK-NOT: tile<256x256xf32>

// tf32 operands (casts in the loop): where A's rows cannot be sliced (its
// tile has another use), B's columns are, two slices of 256x128.
// CHECK-LABEL: entry @columns
// CHECK: for {{.*}} -> (tile<256x128xf32>) {
// CHECK: load_view_tko weak {{.*}} -> tile<256x64xf32>, token
// CHECK: load_view_tko weak {{.*}} -> tile<64x128xf32>, token
// CHECK: ftof {{.*}} : tile<64x128xf32> -> tile<64x128xtf32>
// CHECK: mmaf {{.*}} : tile<256x64xtf32>, tile<64x128xtf32>, tile<256x128xf32>
// CHECK: store_view_tko weak {{.*}} : tile<256x128xf32>

// A batched product (rank-3 loads reshaped to rank 2): the rows of A's
// 1x256x64 tile (dimension 1) are sliced.
// CHECK-LABEL: entry @batched
// CHECK: for {{.*}} -> (tile<128x256xf32>) {
// CHECK: load_view_tko weak {{.*}} -> tile<1x128x64xf16>, token
// CHECK-NEXT: reshape {{.*}} : tile<1x128x64xf16> -> tile<128x64xf16>
// CHECK: load_view_tko weak {{.*}} -> tile<1x64x256xf16>, token
// CHECK: reshape {{.*}} : tile<128x256xf32> -> tile<1x128x256xf32>
// CHECK: store_view_tko weak {{.*}} : tile<1x128x256xf32>

// A persistent loop whose stores carry a token: the slices' stores chain
// it, and the slice loop hands the last one's on.
// CHECK-LABEL: entry @persistent
// CHECK: %[[T:.*]] = for %{{.*}} iter_values(%[[T0:.*]] = %{{.*}}) -> (token) {
// CHECK: %[[U:.*]] = for %{{.*}} iter_values(%[[T1:.*]] = %[[T0]]) -> (token) {
// CHECK: for {{.*}} -> (tile<128x256xf32>) {
// CHECK: %[[W:.*]] = store_view_tko weak {{.*}} token = %[[T1]] : tile<128x256xf16>
// CHECK-NEXT: continue %[[W]] : token
// CHECK: continue %[[U]] : token

// float8 into f32 without fast_acc keeps a second accumulator (the K
// chunks' sums): 256 words count 512, four slices. Row slices of 64 would
// leave one of the CTA's two warpgroups without rows: B's columns are
// sliced instead, 256x64.
// CHECK-LABEL: entry @float8
// CHECK: constant <i32: 4>
// CHECK: for {{.*}} -> (tile<256x64xf32>) {
// CHECK: load_view_tko weak {{.*}} -> tile<256x128xf8E4M3FN>, token
// CHECK: load_view_tko weak {{.*}} -> tile<128x64xf8E4M3FN>, token
// CHECK: mmaf {{.*}} : tile<256x128xf8E4M3FN>, tile<128x64xf8E4M3FN>, tile<256x64xf32>

// B of K x N with K = M has the accumulator's shape: it is read whole by
// both row slices all the same.
// CHECK-LABEL: entry @square_k
// CHECK: for {{.*}} -> (tile<128x256xf32>) {
// CHECK: load_view_tko weak {{.*}} -> tile<128x256xf16>, token
// CHECK: load_view_tko weak {{.*}} -> tile<256x256xf16>, token
// CHECK: mmaf {{.*}} : tile<128x256xf16>, tile<256x256xf16>, tile<128x256xf32>

// Left alone: an accumulator that fits (128x256: 128 words a thread), and
// a product whose operands both have other uses.
// CHECK-LABEL: entry @fits
// CHECK-NOT: constant <i32: 2>
// CHECK: -> (tile<128x256xf32>)
// CHECK-LABEL: entry @shared_operands
// CHECK: -> (tile<256x256xf32>)
cuda_tile.module @kernels {
  entry @matmul(%pa: tile<ptr<f16>>, %pb: tile<ptr<f16>>, %pc: tile<ptr<f16>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %tok = make_token : token
    %ta = make_tensor_view %pa, shape = [%m, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %tb = make_tensor_view %pb, shape = [%k, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %tc = make_tensor_view %pc, shape = [%m, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %va = make_partition_view %ta : partition_view<tile=(256x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(64x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %kt:2 = get_index_space_shape %va : partition_view<tile=(256x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %zero = constant <f32: 0.0> : tile<256x256xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %r = for %i in (%c0 to %kt#1, step %c1) : tile<i32> iter_values(%acc = %zero) -> (tile<256x256xf32>) {
      %a, %a1 = load_view_tko weak %va[%bx, %i] token = %tok : partition_view<tile=(256x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<256x64xf16>, token
      %b, %b1 = load_view_tko weak %vb[%i, %by] token = %tok : partition_view<tile=(64x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x256xf16>, token
      %p = mmaf %a, %b, %acc : tile<256x64xf16>, tile<64x256xf16>, tile<256x256xf32>
      continue %p : tile<256x256xf32>
    }
    %h = ftof %r : tile<256x256xf32> -> tile<256x256xf16>
    %vc = make_partition_view %tc : partition_view<tile=(256x256), tensor_view<?x?xf16, strides=[?,1]>>
    %w = store_view_tko weak %h, %vc[%bx, %by] token = %tok : tile<256x256xf16>, partition_view<tile=(256x256), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
    return
  }

  entry @columns(%pa: tile<ptr<f32>>, %pb: tile<ptr<f32>>, %pc: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %tok = make_token : token
    %ta = make_tensor_view %pa, shape = [%m, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %tb = make_tensor_view %pb, shape = [%k, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %tc = make_tensor_view %pc, shape = [%m, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %va = make_partition_view %ta : partition_view<tile=(256x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(64x256), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
    %zero = constant <f32: 0.0> : tile<256x256xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c8 = constant <i32: 8> : tile<i32>
    %r = for %i in (%c0 to %c8, step %c1) : tile<i32> iter_values(%acc = %zero) -> (tile<256x256xf32>) {
      %a, %a1 = load_view_tko weak %va[%bx, %i] token = %tok : partition_view<tile=(256x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<256x64xf32>, token
      %at = ftof %a : tile<256x64xf32> -> tile<256x64xtf32>
      %as = ftof %a : tile<256x64xf32> -> tile<256x64xf16>
      %b, %b1 = load_view_tko weak %vb[%i, %by] token = %tok : partition_view<tile=(64x256), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<64x256xf32>, token
      %bt = ftof %b : tile<64x256xf32> -> tile<64x256xtf32>
      %p = mmaf %at, %bt, %acc : tile<256x64xtf32>, tile<64x256xtf32>, tile<256x256xf32>
      continue %p : tile<256x256xf32>
    }
    %vc = make_partition_view %tc : partition_view<tile=(256x256), tensor_view<?x?xf32, strides=[?,1]>>
    %w = store_view_tko weak %r, %vc[%bx, %by] token = %tok : tile<256x256xf32>, partition_view<tile=(256x256), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }

  entry @batched(%pa: tile<ptr<f16>>, %pb: tile<ptr<f16>>, %pc: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>, %s: tile<i32>) {
    %tok = make_token : token
    %ta = make_tensor_view %pa, shape = [4, %m, %k], strides = [%s, %k, 1] : tile<i32> -> tensor_view<4x?x?xf16, strides=[?,?,1]>
    %tb = make_tensor_view %pb, shape = [4, %k, %n], strides = [%s, %n, 1] : tile<i32> -> tensor_view<4x?x?xf16, strides=[?,?,1]>
    %tc = make_tensor_view %pc, shape = [4, %m, %n], strides = [%s, %n, 1] : tile<i32> -> tensor_view<4x?x?xf32, strides=[?,?,1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %va = make_partition_view %ta : partition_view<tile=(1x256x64), padding_value = zero, tensor_view<4x?x?xf16, strides=[?,?,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(1x64x256), padding_value = zero, tensor_view<4x?x?xf16, strides=[?,?,1]>>
    %zero = constant <f32: 0.0> : tile<256x256xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c8 = constant <i32: 8> : tile<i32>
    %r = for %i in (%c0 to %c8, step %c1) : tile<i32> iter_values(%acc = %zero) -> (tile<256x256xf32>) {
      %a3, %a1 = load_view_tko weak %va[%bz, %bx, %i] token = %tok : partition_view<tile=(1x256x64), padding_value = zero, tensor_view<4x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<1x256x64xf16>, token
      %a = reshape %a3 : tile<1x256x64xf16> -> tile<256x64xf16>
      %b3, %b1 = load_view_tko weak %vb[%bz, %i, %by] token = %tok : partition_view<tile=(1x64x256), padding_value = zero, tensor_view<4x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<1x64x256xf16>, token
      %b = reshape %b3 : tile<1x64x256xf16> -> tile<64x256xf16>
      %p = mmaf %a, %b, %acc : tile<256x64xf16>, tile<64x256xf16>, tile<256x256xf32>
      continue %p : tile<256x256xf32>
    }
    %r3 = reshape %r : tile<256x256xf32> -> tile<1x256x256xf32>
    %vc = make_partition_view %tc : partition_view<tile=(1x256x256), tensor_view<4x?x?xf32, strides=[?,?,1]>>
    %w = store_view_tko weak %r3, %vc[%bz, %bx, %by] token = %tok : tile<1x256x256xf32>, partition_view<tile=(1x256x256), tensor_view<4x?x?xf32, strides=[?,?,1]>>, tile<i32> -> token
    return
  }

  entry @persistent(%pa: tile<ptr<f16>>, %pb: tile<ptr<f16>>, %pc: tile<ptr<f16>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %tok = make_token : token
    %ta = make_tensor_view %pa, shape = [%m, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %tb = make_tensor_view %pb, shape = [%k, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %tc = make_tensor_view %pc, shape = [%m, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %va = make_partition_view %ta : partition_view<tile=(256x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(64x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %vc = make_partition_view %tc : partition_view<tile=(256x256), tensor_view<?x?xf16, strides=[?,1]>>
    %zero = constant <f32: 0.0> : tile<256x256xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c8 = constant <i32: 8> : tile<i32>
    %t = for %j in (%bx to %m, step %c8) : tile<i32> iter_values(%tj = %tok) -> (token) {
      %r = for %i in (%c0 to %c8, step %c1) : tile<i32> iter_values(%acc = %zero) -> (tile<256x256xf32>) {
        %a, %a1 = load_view_tko weak %va[%j, %i] token = %tok : partition_view<tile=(256x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<256x64xf16>, token
        %b, %b1 = load_view_tko weak %vb[%i, %by] token = %tok : partition_view<tile=(64x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x256xf16>, token
        %p = mmaf %a, %b, %acc : tile<256x64xf16>, tile<64x256xf16>, tile<256x256xf32>
        continue %p : tile<256x256xf32>
      }
      %h = ftof %r : tile<256x256xf32> -> tile<256x256xf16>
      %w = store_view_tko weak %h, %vc[%j, %by] token = %tj : tile<256x256xf16>, partition_view<tile=(256x256), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
      continue %w : token
    }
    return
  }

  entry @float8(%pa: tile<ptr<f8E4M3FN>>, %pb: tile<ptr<f8E4M3FN>>, %pc: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %tok = make_token : token
    %ta = make_tensor_view %pa, shape = [%m, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf8E4M3FN, strides=[?,1]>
    %tb = make_tensor_view %pb, shape = [%k, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf8E4M3FN, strides=[?,1]>
    %tc = make_tensor_view %pc, shape = [%m, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %va = make_partition_view %ta : partition_view<tile=(256x128), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(128x256), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>
    %zero = constant <f32: 0.0> : tile<256x256xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c8 = constant <i32: 8> : tile<i32>
    %r = for %i in (%c0 to %c8, step %c1) : tile<i32> iter_values(%acc = %zero) -> (tile<256x256xf32>) {
      %a, %a1 = load_view_tko weak %va[%bx, %i] token = %tok : partition_view<tile=(256x128), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>, tile<i32> -> tile<256x128xf8E4M3FN>, token
      %b, %b1 = load_view_tko weak %vb[%i, %by] token = %tok : partition_view<tile=(128x256), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>, tile<i32> -> tile<128x256xf8E4M3FN>, token
      %p = mmaf %a, %b, %acc : tile<256x128xf8E4M3FN>, tile<128x256xf8E4M3FN>, tile<256x256xf32>
      continue %p : tile<256x256xf32>
    }
    %vc = make_partition_view %tc : partition_view<tile=(256x256), tensor_view<?x?xf32, strides=[?,1]>>
    %w = store_view_tko weak %r, %vc[%bx, %by] token = %tok : tile<256x256xf32>, partition_view<tile=(256x256), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }

  entry @square_k(%pa: tile<ptr<f16>>, %pb: tile<ptr<f16>>, %pc: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %tok = make_token : token
    %ta = make_tensor_view %pa, shape = [%m, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %tb = make_tensor_view %pb, shape = [%k, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %tc = make_tensor_view %pc, shape = [%m, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %va = make_partition_view %ta : partition_view<tile=(256x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(256x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %zero = constant <f32: 0.0> : tile<256x256xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c8 = constant <i32: 8> : tile<i32>
    %r = for %i in (%c0 to %c8, step %c1) : tile<i32> iter_values(%acc = %zero) -> (tile<256x256xf32>) {
      %a, %a1 = load_view_tko weak %va[%bx, %i] token = %tok : partition_view<tile=(256x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<256x256xf16>, token
      %b, %b1 = load_view_tko weak %vb[%i, %by] token = %tok : partition_view<tile=(256x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<256x256xf16>, token
      %p = mmaf %a, %b, %acc : tile<256x256xf16>, tile<256x256xf16>, tile<256x256xf32>
      continue %p : tile<256x256xf32>
    }
    %vc = make_partition_view %tc : partition_view<tile=(256x256), tensor_view<?x?xf32, strides=[?,1]>>
    %w = store_view_tko weak %r, %vc[%bx, %by] token = %tok : tile<256x256xf32>, partition_view<tile=(256x256), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }

  entry @fits(%pa: tile<ptr<f16>>, %pb: tile<ptr<f16>>, %pc: tile<ptr<f16>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %tok = make_token : token
    %ta = make_tensor_view %pa, shape = [%m, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %tb = make_tensor_view %pb, shape = [%k, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %tc = make_tensor_view %pc, shape = [%m, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %va = make_partition_view %ta : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(64x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %zero = constant <f32: 0.0> : tile<128x256xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c8 = constant <i32: 8> : tile<i32>
    %r = for %i in (%c0 to %c8, step %c1) : tile<i32> iter_values(%acc = %zero) -> (tile<128x256xf32>) {
      %a, %a1 = load_view_tko weak %va[%bx, %i] token = %tok : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x64xf16>, token
      %b, %b1 = load_view_tko weak %vb[%i, %by] token = %tok : partition_view<tile=(64x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x256xf16>, token
      %p = mmaf %a, %b, %acc : tile<128x64xf16>, tile<64x256xf16>, tile<128x256xf32>
      continue %p : tile<128x256xf32>
    }
    %h = ftof %r : tile<128x256xf32> -> tile<128x256xf16>
    %vc = make_partition_view %tc : partition_view<tile=(128x256), tensor_view<?x?xf16, strides=[?,1]>>
    %w = store_view_tko weak %h, %vc[%bx, %by] token = %tok : tile<128x256xf16>, partition_view<tile=(128x256), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
    return
  }

  entry @shared_operands(%pa: tile<ptr<f16>>, %pb: tile<ptr<f16>>, %pc: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %tok = make_token : token
    %ta = make_tensor_view %pa, shape = [%m, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %tc = make_tensor_view %pc, shape = [%m, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %va = make_partition_view %ta : partition_view<tile=(256x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %zero = constant <f32: 0.0> : tile<256x256xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c8 = constant <i32: 8> : tile<i32>
    %r = for %i in (%c0 to %c8, step %c1) : tile<i32> iter_values(%acc = %zero) -> (tile<256x256xf32>) {
      %a, %a1 = load_view_tko weak %va[%bx, %i] token = %tok : partition_view<tile=(256x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<256x256xf16>, token
      %p = mmaf %a, %a, %acc : tile<256x256xf16>, tile<256x256xf16>, tile<256x256xf32>
      continue %p : tile<256x256xf32>
    }
    %vc = make_partition_view %tc : partition_view<tile=(256x256), tensor_view<?x?xf32, strides=[?,1]>>
    %w = store_view_tko weak %r, %vc[%bx, %by] token = %tok : tile<256x256xf32>, partition_view<tile=(256x256), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
