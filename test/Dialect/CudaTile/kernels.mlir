// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// Complete kernels: the vector additions of the specification (views, dynamic
// length with padding, pointer tiles) and a row-wise softmax.

// CHECK-LABEL: cuda_tile.module @kernels
cuda_tile.module @kernels {
  // CHECK-LABEL: entry @vadd
  // CHECK-COUNT-3: make_tensor_view
  // CHECK-COUNT-3: make_partition_view
  // CHECK: %[[BX:.*]], %{{.*}}, %{{.*}} = get_tile_block_id : tile<i32>
  // CHECK: %[[VA:.*]], %{{.*}} = load_view_tko weak %{{.*}}[%[[BX]]] : partition_view<tile=(128), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
  // CHECK: %[[VB:.*]], %{{.*}} = load_view_tko weak %{{.*}}[%[[BX]]]
  // CHECK: %[[SUM:.*]] = addf %[[VA]], %[[VB]] : tile<128xf32>
  // CHECK: store_view_tko weak %[[SUM]], %{{.*}}[%[[BX]]] : tile<128xf32>, partition_view<tile=(128), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> token
  // CHECK: return
  entry @vadd(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>) {
    %ta = make_tensor_view %a, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %tb = make_tensor_view %b, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %tc = make_tensor_view %c, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %pa = make_partition_view %ta : partition_view<tile=(128), tensor_view<1024xf32, strides=[1]>>
    %pb = make_partition_view %tb : partition_view<tile=(128), tensor_view<1024xf32, strides=[1]>>
    %pc = make_partition_view %tc : partition_view<tile=(128), tensor_view<1024xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %va, %t0 = load_view_tko weak %pa[%bx] : partition_view<tile=(128), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %vb, %t1 = load_view_tko weak %pb[%bx] : partition_view<tile=(128), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %sum = addf %va, %vb : tile<128xf32>
    %t2 = store_view_tko weak %sum, %pc[%bx] : tile<128xf32>, partition_view<tile=(128), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> token
    return
  }

  // CHECK-LABEL: entry @vadd_dynamic
  // CHECK-SAME: %[[N:[^:]*]]: tile<i32>)
  // CHECK: make_tensor_view %{{.*}}, shape = [%[[N]]], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  // CHECK: make_partition_view %{{.*}} : partition_view<tile=(128), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  // CHECK: load_view_tko weak
  // CHECK: load_view_tko weak
  // CHECK: addf
  // CHECK: store_view_tko weak
  entry @vadd_dynamic(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %ta = make_tensor_view %a, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %tb = make_tensor_view %b, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %tc = make_tensor_view %c, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pa = make_partition_view %ta : partition_view<tile=(128), padding_value = zero, tensor_view<?xf32, strides=[1]>>
    %pb = make_partition_view %tb : partition_view<tile=(128), padding_value = zero, tensor_view<?xf32, strides=[1]>>
    %pc = make_partition_view %tc : partition_view<tile=(128), padding_value = zero, tensor_view<?xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %va, %t0 = load_view_tko weak %pa[%bx] : partition_view<tile=(128), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %vb, %t1 = load_view_tko weak %pb[%bx] : partition_view<tile=(128), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %sum = addf %va, %vb : tile<128xf32>
    %t2 = store_view_tko weak %sum, %pc[%bx] : tile<128xf32>, partition_view<tile=(128), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }

  // CHECK-LABEL: entry @vadd_ptr
  // CHECK: %[[BX:.*]], %{{.*}}, %{{.*}} = get_tile_block_id : tile<i32>
  // CHECK: %[[C128:.*]] = constant <i32: 128> : tile<i32>
  // CHECK: %[[BASE:.*]] = muli %[[BX]], %[[C128]] : tile<i32>
  // CHECK: %[[BASE1:.*]] = reshape %[[BASE]] : tile<i32> -> tile<1xi32>
  // CHECK: %[[BASEB:.*]] = broadcast %[[BASE1]] : tile<1xi32> -> tile<128xi32>
  // CHECK: %[[IOTA:.*]] = iota : tile<128xi32>
  // CHECK: %[[IDX:.*]] = addi %[[BASEB]], %[[IOTA]] : tile<128xi32>
  // CHECK: %[[PA:.*]] = offset %{{.*}}, %[[IDX]] : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
  // CHECK: %[[PB:.*]] = offset %{{.*}}, %[[IDX]]
  // CHECK: %[[PC:.*]] = offset %{{.*}}, %[[IDX]]
  // CHECK: %[[VA:.*]], %{{.*}} = load_ptr_tko weak %[[PA]] : tile<128xptr<f32>> -> tile<128xf32>, token
  // CHECK: %[[VB:.*]], %{{.*}} = load_ptr_tko weak %[[PB]] : tile<128xptr<f32>> -> tile<128xf32>, token
  // CHECK: %[[S:.*]] = addf %[[VA]], %[[VB]] : tile<128xf32>
  // CHECK: store_ptr_tko weak %[[PC]], %[[S]] : tile<128xptr<f32>>, tile<128xf32> -> token
  entry @vadd_ptr(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c128 = constant <i32: 128> : tile<i32>
    %base = muli %bx, %c128 : tile<i32>
    %base1 = reshape %base : tile<i32> -> tile<1xi32>
    %baseb = broadcast %base1 : tile<1xi32> -> tile<128xi32>
    %iota = iota : tile<128xi32>
    %idx = addi %baseb, %iota : tile<128xi32>
    %a1 = reshape %a : tile<ptr<f32>> -> tile<1xptr<f32>>
    %ab = broadcast %a1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %pa = offset %ab, %idx : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %b1 = reshape %b : tile<ptr<f32>> -> tile<1xptr<f32>>
    %bb = broadcast %b1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %pb = offset %bb, %idx : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %c1 = reshape %c : tile<ptr<f32>> -> tile<1xptr<f32>>
    %cb = broadcast %c1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %pc = offset %cb, %idx : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %va, %t0 = load_ptr_tko weak %pa : tile<128xptr<f32>> -> tile<128xf32>, token
    %vb, %t1 = load_ptr_tko weak %pb : tile<128xptr<f32>> -> tile<128xf32>, token
    %s = addf %va, %vb : tile<128xf32>
    %t2 = store_ptr_tko weak %pc, %s : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }

  // Row-wise softmax of a 1024x128 matrix, 8 rows per tile block:
  // y = exp(x - max(x)) / sum(exp(x - max(x))).
  // CHECK-LABEL: entry @softmax
  // CHECK: %[[X:.*]], %[[TX:.*]] = load_view_tko weak %{{.*}}[%{{.*}}, %{{.*}}] : partition_view<tile=(8x128), tensor_view<1024x128xf32, strides=[128,1]>>, tile<i32> -> tile<8x128xf32>, token
  // CHECK: %[[MAX:.*]] = reduce %[[X]] dim=1 identities=[0xFF800000 : f32] : tile<8x128xf32> -> tile<8xf32>
  // CHECK: maxf
  // CHECK: %[[MAX2:.*]] = reshape %[[MAX]] : tile<8xf32> -> tile<8x1xf32>
  // CHECK: %[[MAXB:.*]] = broadcast %[[MAX2]] : tile<8x1xf32> -> tile<8x128xf32>
  // CHECK: %[[D:.*]] = subf %[[X]], %[[MAXB]] : tile<8x128xf32>
  // CHECK: %[[E:.*]] = exp %[[D]] : tile<8x128xf32>
  // CHECK: %[[SUM:.*]] = reduce %[[E]] dim=1 identities=[0.000000e+00 : f32] : tile<8x128xf32> -> tile<8xf32>
  // CHECK: addf
  // CHECK: %[[Y:.*]] = divf %[[E]], %{{.*}} : tile<8x128xf32>
  // CHECK: store_view_tko weak %[[Y]], %{{.*}}[%{{.*}}, %{{.*}}] token = %[[TX]]
  entry @softmax(%in: tile<ptr<f32>>, %out: tile<ptr<f32>>) {
    %tin = make_tensor_view %in, shape = [1024, 128], strides = [128, 1] : tensor_view<1024x128xf32, strides=[128,1]>
    %tout = make_tensor_view %out, shape = [1024, 128], strides = [128, 1] : tensor_view<1024x128xf32, strides=[128,1]>
    %pin = make_partition_view %tin : partition_view<tile=(8x128), tensor_view<1024x128xf32, strides=[128,1]>>
    %pout = make_partition_view %tout : partition_view<tile=(8x128), tensor_view<1024x128xf32, strides=[128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %pin[%bx, %c0] : partition_view<tile=(8x128), tensor_view<1024x128xf32, strides=[128,1]>>, tile<i32> -> tile<8x128xf32>, token
    %max = reduce %x dim=1 identities=[0xFF800000 : f32] : tile<8x128xf32> -> tile<8xf32>
    (%e0: tile<f32>, %a0: tile<f32>) {
      %m = maxf %e0, %a0 : tile<f32>
      yield %m : tile<f32>
    }
    %max2 = reshape %max : tile<8xf32> -> tile<8x1xf32>
    %maxb = broadcast %max2 : tile<8x1xf32> -> tile<8x128xf32>
    %d = subf %x, %maxb : tile<8x128xf32>
    %e = exp %d : tile<8x128xf32>
    %sum = reduce %e dim=1 identities=[0.000000e+00 : f32] : tile<8x128xf32> -> tile<8xf32>
    (%e1: tile<f32>, %a1: tile<f32>) {
      %s = addf %e1, %a1 : tile<f32>
      yield %s : tile<f32>
    }
    %sum2 = reshape %sum : tile<8xf32> -> tile<8x1xf32>
    %sumb = broadcast %sum2 : tile<8x1xf32> -> tile<8x128xf32>
    %y = divf %e, %sumb : tile<8x128xf32>
    %ty = store_view_tko weak %y, %pout[%bx, %c0] token = %tx : tile<8x128xf32>, partition_view<tile=(8x128), tensor_view<1024x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}
