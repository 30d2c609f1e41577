// REQUIRES: ptxas
// RUN: tile-translate --cuda-tile-to-ptx %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o /dev/null

// Grid queries and token joins: each tile block writes its linear id and
// the grid size; the second store waits on both earlier stores through
// join_tokens, which orders it after them across the CTA.
// CHECK: .visible .entry grid_ids(
// CHECK-DAG: %nctaid.x
// CHECK-DAG: %ctaid.y
// CHECK: bar.sync
cuda_tile.module @m {
  entry @grid_ids(%out: tile<ptr<i32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %nx, %ny, %nz = get_num_tile_blocks : tile<i32>
    %row = muli %by, %nx : tile<i32>
    %id = addi %row, %bx : tile<i32>
    %n = muli %nx, %ny : tile<i32>
    %tv = make_tensor_view %out, shape = [2, 65536], strides = [65536, 1] : tensor_view<2x65536xi32, strides=[65536,1]>
    %pv = make_partition_view %tv : partition_view<tile=(1x1), tensor_view<2x65536xi32, strides=[65536,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %idt = reshape %id : tile<i32> -> tile<1x1xi32>
    %nt = reshape %n : tile<i32> -> tile<1x1xi32>
    %t0 = make_token : token
    %t1 = store_view_tko weak %idt, %pv[%c0, %id] token = %t0 : tile<1x1xi32>, partition_view<tile=(1x1), tensor_view<2x65536xi32, strides=[65536,1]>>, tile<i32> -> token
    %t2 = store_view_tko weak %nt, %pv[%c1, %id] token = %t0 : tile<1x1xi32>, partition_view<tile=(1x1), tensor_view<2x65536xi32, strides=[65536,1]>>, tile<i32> -> token
    %t3 = join_tokens %t1, %t2 : token
    %v, %t4 = load_view_tko weak %pv[%c0, %id] token = %t3 : partition_view<tile=(1x1), tensor_view<2x65536xi32, strides=[65536,1]>>, tile<i32> -> tile<1x1xi32>, token
    %w = addi %v, %nt : tile<1x1xi32>
    %t5 = store_view_tko weak %w, %pv[%c1, %id] token = %t4 : tile<1x1xi32>, partition_view<tile=(1x1), tensor_view<2x65536xi32, strides=[65536,1]>>, tile<i32> -> token
    return
  }
}
