// Every version reads what it writes; a feature newer than the version
// asked for is an error naming it, and older files imply the attributes
// their version lacks.
// RUN: tile-opt %s -o %t.text
// RUN: tile-translate --mlir-to-cudatilebc --bytecode-version=13.1 %s | tile-opt | diff %t.text -
// RUN: tile-translate --mlir-to-cudatilebc --bytecode-version=13.2 %s | tile-opt | diff %t.text -
// RUN: tile-translate --mlir-to-cudatilebc --bytecode-version=13.4 %s | tile-opt | diff %t.text -
// RUN: tile-translate --mlir-to-cudatilebc --bytecode-version=13.1 %s | od -A n -t x1 -N 12 | FileCheck %s --check-prefix=HEADER
// RUN: not tile-translate --mlir-to-cudatilebc --bytecode-version=13.0 %s 2>&1 | FileCheck %s --check-prefix=NOVERSION
// RUN: not tile-translate --mlir-to-cudatilebc --bytecode-version=13.1 %S/Inputs/newer.mlir 2>&1 | FileCheck %s --check-prefix=NEWER
// RUN: tile-translate --mlir-to-cudatilebc --bytecode-version=13.3 %S/Inputs/newer.mlir | tile-opt | FileCheck %s --check-prefix=V133

// HEADER: 7f 54 69 6c 65 49 52 00 0d 01 00 00
// NOVERSION: error: unsupported bytecode version 13.0
// NEWER: error: 'atan2' requires bytecode version 13.2
// V133: atan2
// V133: tanh %{{.*}} rounding<approx>

cuda_tile.module @kernels {
  entry @v131(%p: tile<ptr<f32>>, %n: tile<i32>) {
    %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(128), padding_value = nan, tensor_view<?xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %v, %t = load_view_tko weak %pv[%bx] : partition_view<tile=(128), padding_value = nan, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %e = exp %v : tile<128xf32>
    %h = tanh %e : tile<128xf32>
    %i = ftoi %h signed : tile<128xf32> -> tile<128xi32>
    %j = negi %i : tile<128xi32>
    %k = itof %j signed : tile<128xi32> -> tile<128xf32>
    %t2 = store_view_tko weak %k, %pv[%bx] token = %t : tile<128xf32>, partition_view<tile=(128), padding_value = nan, tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
