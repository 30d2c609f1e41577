// GPU check kernels of tirx.atomic's warp_aggregated variant: one entry per
// combinable kind. bins[idx[i]] = bins[idx[i]] <kind> val[i] for i < n with
// m[i] != 0 (masked elements and the tail past n do not update).
// The priv_ entries assume the offsets in [0, 4096): their atomics carry a
// 16 KiB address window and take the privatized variant (shared bins).
// Built and run by check_atomics.py.
cuda_tile.module @atomics {
  entry @rmw_add(%idx: tile<ptr<i32>>, %val: tile<ptr<i32>>, %m: tile<ptr<i32>>, %bins: tile<ptr<i32>>, %n: tile<i32>) {
    %ti = make_tensor_view %idx, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tv = make_tensor_view %val, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tm = make_tensor_view %m, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %pi = make_partition_view %ti : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %pv = make_partition_view %tv : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %pm = make_partition_view %tm : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %i, %t0 = load_view_tko weak %pi[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %v, %t1 = load_view_tko weak %pv[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %mi, %t2 = load_view_tko weak %pm[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %zero = constant <i32: 0> : tile<1024xi32>
    %on = cmpi not_equal %mi, %zero, signed : tile<1024xi32> -> tile<1024xi1>
    %c1024 = constant <i32: 1024> : tile<i32>
    %base = muli %bx, %c1024 : tile<i32>
    %base1 = reshape %base : tile<i32> -> tile<1xi32>
    %baseb = broadcast %base1 : tile<1xi32> -> tile<1024xi32>
    %iota = iota : tile<1024xi32>
    %pos = addi %baseb, %iota : tile<1024xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<1024xi32>
    %inb = cmpi less_than %pos, %nb, signed : tile<1024xi32> -> tile<1024xi1>
    %mask = andi %on, %inb : tile<1024xi1>
    %b1 = reshape %bins : tile<ptr<i32>> -> tile<1xptr<i32>>
    %bb = broadcast %b1 : tile<1xptr<i32>> -> tile<1024xptr<i32>>
    %ptrs = offset %bb, %i : tile<1024xptr<i32>>, tile<1024xi32> -> tile<1024xptr<i32>>
    %old, %t3 = atomic_rmw_tko relaxed device %ptrs, add, %v, %mask : tile<1024xptr<i32>>, tile<1024xi32>, tile<1024xi1> -> tile<1024xi32>, token
    return
  }
  entry @rmw_and(%idx: tile<ptr<i32>>, %val: tile<ptr<i32>>, %m: tile<ptr<i32>>, %bins: tile<ptr<i32>>, %n: tile<i32>) {
    %ti = make_tensor_view %idx, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tv = make_tensor_view %val, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tm = make_tensor_view %m, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %pi = make_partition_view %ti : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %pv = make_partition_view %tv : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %pm = make_partition_view %tm : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %i, %t0 = load_view_tko weak %pi[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %v, %t1 = load_view_tko weak %pv[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %mi, %t2 = load_view_tko weak %pm[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %zero = constant <i32: 0> : tile<1024xi32>
    %on = cmpi not_equal %mi, %zero, signed : tile<1024xi32> -> tile<1024xi1>
    %c1024 = constant <i32: 1024> : tile<i32>
    %base = muli %bx, %c1024 : tile<i32>
    %base1 = reshape %base : tile<i32> -> tile<1xi32>
    %baseb = broadcast %base1 : tile<1xi32> -> tile<1024xi32>
    %iota = iota : tile<1024xi32>
    %pos = addi %baseb, %iota : tile<1024xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<1024xi32>
    %inb = cmpi less_than %pos, %nb, signed : tile<1024xi32> -> tile<1024xi1>
    %mask = andi %on, %inb : tile<1024xi1>
    %b1 = reshape %bins : tile<ptr<i32>> -> tile<1xptr<i32>>
    %bb = broadcast %b1 : tile<1xptr<i32>> -> tile<1024xptr<i32>>
    %ptrs = offset %bb, %i : tile<1024xptr<i32>>, tile<1024xi32> -> tile<1024xptr<i32>>
    %old, %t3 = atomic_rmw_tko relaxed device %ptrs, and, %v, %mask : tile<1024xptr<i32>>, tile<1024xi32>, tile<1024xi1> -> tile<1024xi32>, token
    return
  }
  entry @rmw_or(%idx: tile<ptr<i32>>, %val: tile<ptr<i32>>, %m: tile<ptr<i32>>, %bins: tile<ptr<i32>>, %n: tile<i32>) {
    %ti = make_tensor_view %idx, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tv = make_tensor_view %val, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tm = make_tensor_view %m, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %pi = make_partition_view %ti : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %pv = make_partition_view %tv : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %pm = make_partition_view %tm : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %i, %t0 = load_view_tko weak %pi[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %v, %t1 = load_view_tko weak %pv[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %mi, %t2 = load_view_tko weak %pm[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %zero = constant <i32: 0> : tile<1024xi32>
    %on = cmpi not_equal %mi, %zero, signed : tile<1024xi32> -> tile<1024xi1>
    %c1024 = constant <i32: 1024> : tile<i32>
    %base = muli %bx, %c1024 : tile<i32>
    %base1 = reshape %base : tile<i32> -> tile<1xi32>
    %baseb = broadcast %base1 : tile<1xi32> -> tile<1024xi32>
    %iota = iota : tile<1024xi32>
    %pos = addi %baseb, %iota : tile<1024xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<1024xi32>
    %inb = cmpi less_than %pos, %nb, signed : tile<1024xi32> -> tile<1024xi1>
    %mask = andi %on, %inb : tile<1024xi1>
    %b1 = reshape %bins : tile<ptr<i32>> -> tile<1xptr<i32>>
    %bb = broadcast %b1 : tile<1xptr<i32>> -> tile<1024xptr<i32>>
    %ptrs = offset %bb, %i : tile<1024xptr<i32>>, tile<1024xi32> -> tile<1024xptr<i32>>
    %old, %t3 = atomic_rmw_tko relaxed device %ptrs, or, %v, %mask : tile<1024xptr<i32>>, tile<1024xi32>, tile<1024xi1> -> tile<1024xi32>, token
    return
  }
  entry @rmw_xor(%idx: tile<ptr<i32>>, %val: tile<ptr<i32>>, %m: tile<ptr<i32>>, %bins: tile<ptr<i32>>, %n: tile<i32>) {
    %ti = make_tensor_view %idx, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tv = make_tensor_view %val, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tm = make_tensor_view %m, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %pi = make_partition_view %ti : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %pv = make_partition_view %tv : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %pm = make_partition_view %tm : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %i, %t0 = load_view_tko weak %pi[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %v, %t1 = load_view_tko weak %pv[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %mi, %t2 = load_view_tko weak %pm[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %zero = constant <i32: 0> : tile<1024xi32>
    %on = cmpi not_equal %mi, %zero, signed : tile<1024xi32> -> tile<1024xi1>
    %c1024 = constant <i32: 1024> : tile<i32>
    %base = muli %bx, %c1024 : tile<i32>
    %base1 = reshape %base : tile<i32> -> tile<1xi32>
    %baseb = broadcast %base1 : tile<1xi32> -> tile<1024xi32>
    %iota = iota : tile<1024xi32>
    %pos = addi %baseb, %iota : tile<1024xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<1024xi32>
    %inb = cmpi less_than %pos, %nb, signed : tile<1024xi32> -> tile<1024xi1>
    %mask = andi %on, %inb : tile<1024xi1>
    %b1 = reshape %bins : tile<ptr<i32>> -> tile<1xptr<i32>>
    %bb = broadcast %b1 : tile<1xptr<i32>> -> tile<1024xptr<i32>>
    %ptrs = offset %bb, %i : tile<1024xptr<i32>>, tile<1024xi32> -> tile<1024xptr<i32>>
    %old, %t3 = atomic_rmw_tko relaxed device %ptrs, xor, %v, %mask : tile<1024xptr<i32>>, tile<1024xi32>, tile<1024xi1> -> tile<1024xi32>, token
    return
  }
  entry @rmw_max(%idx: tile<ptr<i32>>, %val: tile<ptr<i32>>, %m: tile<ptr<i32>>, %bins: tile<ptr<i32>>, %n: tile<i32>) {
    %ti = make_tensor_view %idx, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tv = make_tensor_view %val, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tm = make_tensor_view %m, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %pi = make_partition_view %ti : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %pv = make_partition_view %tv : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %pm = make_partition_view %tm : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %i, %t0 = load_view_tko weak %pi[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %v, %t1 = load_view_tko weak %pv[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %mi, %t2 = load_view_tko weak %pm[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %zero = constant <i32: 0> : tile<1024xi32>
    %on = cmpi not_equal %mi, %zero, signed : tile<1024xi32> -> tile<1024xi1>
    %c1024 = constant <i32: 1024> : tile<i32>
    %base = muli %bx, %c1024 : tile<i32>
    %base1 = reshape %base : tile<i32> -> tile<1xi32>
    %baseb = broadcast %base1 : tile<1xi32> -> tile<1024xi32>
    %iota = iota : tile<1024xi32>
    %pos = addi %baseb, %iota : tile<1024xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<1024xi32>
    %inb = cmpi less_than %pos, %nb, signed : tile<1024xi32> -> tile<1024xi1>
    %mask = andi %on, %inb : tile<1024xi1>
    %b1 = reshape %bins : tile<ptr<i32>> -> tile<1xptr<i32>>
    %bb = broadcast %b1 : tile<1xptr<i32>> -> tile<1024xptr<i32>>
    %ptrs = offset %bb, %i : tile<1024xptr<i32>>, tile<1024xi32> -> tile<1024xptr<i32>>
    %old, %t3 = atomic_rmw_tko relaxed device %ptrs, max, %v, %mask : tile<1024xptr<i32>>, tile<1024xi32>, tile<1024xi1> -> tile<1024xi32>, token
    return
  }
  entry @rmw_min(%idx: tile<ptr<i32>>, %val: tile<ptr<i32>>, %m: tile<ptr<i32>>, %bins: tile<ptr<i32>>, %n: tile<i32>) {
    %ti = make_tensor_view %idx, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tv = make_tensor_view %val, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tm = make_tensor_view %m, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %pi = make_partition_view %ti : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %pv = make_partition_view %tv : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %pm = make_partition_view %tm : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %i, %t0 = load_view_tko weak %pi[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %v, %t1 = load_view_tko weak %pv[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %mi, %t2 = load_view_tko weak %pm[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %zero = constant <i32: 0> : tile<1024xi32>
    %on = cmpi not_equal %mi, %zero, signed : tile<1024xi32> -> tile<1024xi1>
    %c1024 = constant <i32: 1024> : tile<i32>
    %base = muli %bx, %c1024 : tile<i32>
    %base1 = reshape %base : tile<i32> -> tile<1xi32>
    %baseb = broadcast %base1 : tile<1xi32> -> tile<1024xi32>
    %iota = iota : tile<1024xi32>
    %pos = addi %baseb, %iota : tile<1024xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<1024xi32>
    %inb = cmpi less_than %pos, %nb, signed : tile<1024xi32> -> tile<1024xi1>
    %mask = andi %on, %inb : tile<1024xi1>
    %b1 = reshape %bins : tile<ptr<i32>> -> tile<1xptr<i32>>
    %bb = broadcast %b1 : tile<1xptr<i32>> -> tile<1024xptr<i32>>
    %ptrs = offset %bb, %i : tile<1024xptr<i32>>, tile<1024xi32> -> tile<1024xptr<i32>>
    %old, %t3 = atomic_rmw_tko relaxed device %ptrs, min, %v, %mask : tile<1024xptr<i32>>, tile<1024xi32>, tile<1024xi1> -> tile<1024xi32>, token
    return
  }
  entry @rmw_umax(%idx: tile<ptr<i32>>, %val: tile<ptr<i32>>, %m: tile<ptr<i32>>, %bins: tile<ptr<i32>>, %n: tile<i32>) {
    %ti = make_tensor_view %idx, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tv = make_tensor_view %val, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tm = make_tensor_view %m, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %pi = make_partition_view %ti : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %pv = make_partition_view %tv : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %pm = make_partition_view %tm : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %i, %t0 = load_view_tko weak %pi[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %v, %t1 = load_view_tko weak %pv[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %mi, %t2 = load_view_tko weak %pm[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %zero = constant <i32: 0> : tile<1024xi32>
    %on = cmpi not_equal %mi, %zero, signed : tile<1024xi32> -> tile<1024xi1>
    %c1024 = constant <i32: 1024> : tile<i32>
    %base = muli %bx, %c1024 : tile<i32>
    %base1 = reshape %base : tile<i32> -> tile<1xi32>
    %baseb = broadcast %base1 : tile<1xi32> -> tile<1024xi32>
    %iota = iota : tile<1024xi32>
    %pos = addi %baseb, %iota : tile<1024xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<1024xi32>
    %inb = cmpi less_than %pos, %nb, signed : tile<1024xi32> -> tile<1024xi1>
    %mask = andi %on, %inb : tile<1024xi1>
    %b1 = reshape %bins : tile<ptr<i32>> -> tile<1xptr<i32>>
    %bb = broadcast %b1 : tile<1xptr<i32>> -> tile<1024xptr<i32>>
    %ptrs = offset %bb, %i : tile<1024xptr<i32>>, tile<1024xi32> -> tile<1024xptr<i32>>
    %old, %t3 = atomic_rmw_tko relaxed device %ptrs, umax, %v, %mask : tile<1024xptr<i32>>, tile<1024xi32>, tile<1024xi1> -> tile<1024xi32>, token
    return
  }
  entry @rmw_umin(%idx: tile<ptr<i32>>, %val: tile<ptr<i32>>, %m: tile<ptr<i32>>, %bins: tile<ptr<i32>>, %n: tile<i32>) {
    %ti = make_tensor_view %idx, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tv = make_tensor_view %val, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tm = make_tensor_view %m, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %pi = make_partition_view %ti : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %pv = make_partition_view %tv : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %pm = make_partition_view %tm : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %i, %t0 = load_view_tko weak %pi[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %v, %t1 = load_view_tko weak %pv[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %mi, %t2 = load_view_tko weak %pm[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %zero = constant <i32: 0> : tile<1024xi32>
    %on = cmpi not_equal %mi, %zero, signed : tile<1024xi32> -> tile<1024xi1>
    %c1024 = constant <i32: 1024> : tile<i32>
    %base = muli %bx, %c1024 : tile<i32>
    %base1 = reshape %base : tile<i32> -> tile<1xi32>
    %baseb = broadcast %base1 : tile<1xi32> -> tile<1024xi32>
    %iota = iota : tile<1024xi32>
    %pos = addi %baseb, %iota : tile<1024xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<1024xi32>
    %inb = cmpi less_than %pos, %nb, signed : tile<1024xi32> -> tile<1024xi1>
    %mask = andi %on, %inb : tile<1024xi1>
    %b1 = reshape %bins : tile<ptr<i32>> -> tile<1xptr<i32>>
    %bb = broadcast %b1 : tile<1xptr<i32>> -> tile<1024xptr<i32>>
    %ptrs = offset %bb, %i : tile<1024xptr<i32>>, tile<1024xi32> -> tile<1024xptr<i32>>
    %old, %t3 = atomic_rmw_tko relaxed device %ptrs, umin, %v, %mask : tile<1024xptr<i32>>, tile<1024xi32>, tile<1024xi1> -> tile<1024xi32>, token
    return
  }
  entry @priv_add(%idx: tile<ptr<i32>>, %val: tile<ptr<i32>>, %m: tile<ptr<i32>>, %bins: tile<ptr<i32>>, %n: tile<i32>) {
    %ti = make_tensor_view %idx, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tv = make_tensor_view %val, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tm = make_tensor_view %m, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %pi = make_partition_view %ti : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %pv = make_partition_view %tv : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %pm = make_partition_view %tm : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %i, %t0 = load_view_tko weak %pi[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %v, %t1 = load_view_tko weak %pv[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %mi, %t2 = load_view_tko weak %pm[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %zero = constant <i32: 0> : tile<1024xi32>
    %on = cmpi not_equal %mi, %zero, signed : tile<1024xi32> -> tile<1024xi1>
    %c1024 = constant <i32: 1024> : tile<i32>
    %base = muli %bx, %c1024 : tile<i32>
    %base1 = reshape %base : tile<i32> -> tile<1xi32>
    %baseb = broadcast %base1 : tile<1xi32> -> tile<1024xi32>
    %iota = iota : tile<1024xi32>
    %pos = addi %baseb, %iota : tile<1024xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<1024xi32>
    %inb = cmpi less_than %pos, %nb, signed : tile<1024xi32> -> tile<1024xi1>
    %mask = andi %on, %inb : tile<1024xi1>
    %ib = assume bounded<0, 4095>, %i : tile<1024xi32>
    %b1 = reshape %bins : tile<ptr<i32>> -> tile<1xptr<i32>>
    %bb = broadcast %b1 : tile<1xptr<i32>> -> tile<1024xptr<i32>>
    %ptrs = offset %bb, %ib : tile<1024xptr<i32>>, tile<1024xi32> -> tile<1024xptr<i32>>
    %old, %t3 = atomic_rmw_tko relaxed device %ptrs, add, %v, %mask : tile<1024xptr<i32>>, tile<1024xi32>, tile<1024xi1> -> tile<1024xi32>, token
    return
  }
  entry @priv_and(%idx: tile<ptr<i32>>, %val: tile<ptr<i32>>, %m: tile<ptr<i32>>, %bins: tile<ptr<i32>>, %n: tile<i32>) {
    %ti = make_tensor_view %idx, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tv = make_tensor_view %val, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tm = make_tensor_view %m, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %pi = make_partition_view %ti : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %pv = make_partition_view %tv : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %pm = make_partition_view %tm : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %i, %t0 = load_view_tko weak %pi[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %v, %t1 = load_view_tko weak %pv[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %mi, %t2 = load_view_tko weak %pm[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %zero = constant <i32: 0> : tile<1024xi32>
    %on = cmpi not_equal %mi, %zero, signed : tile<1024xi32> -> tile<1024xi1>
    %c1024 = constant <i32: 1024> : tile<i32>
    %base = muli %bx, %c1024 : tile<i32>
    %base1 = reshape %base : tile<i32> -> tile<1xi32>
    %baseb = broadcast %base1 : tile<1xi32> -> tile<1024xi32>
    %iota = iota : tile<1024xi32>
    %pos = addi %baseb, %iota : tile<1024xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<1024xi32>
    %inb = cmpi less_than %pos, %nb, signed : tile<1024xi32> -> tile<1024xi1>
    %mask = andi %on, %inb : tile<1024xi1>
    %ib = assume bounded<0, 4095>, %i : tile<1024xi32>
    %b1 = reshape %bins : tile<ptr<i32>> -> tile<1xptr<i32>>
    %bb = broadcast %b1 : tile<1xptr<i32>> -> tile<1024xptr<i32>>
    %ptrs = offset %bb, %ib : tile<1024xptr<i32>>, tile<1024xi32> -> tile<1024xptr<i32>>
    %old, %t3 = atomic_rmw_tko relaxed device %ptrs, and, %v, %mask : tile<1024xptr<i32>>, tile<1024xi32>, tile<1024xi1> -> tile<1024xi32>, token
    return
  }
  entry @priv_or(%idx: tile<ptr<i32>>, %val: tile<ptr<i32>>, %m: tile<ptr<i32>>, %bins: tile<ptr<i32>>, %n: tile<i32>) {
    %ti = make_tensor_view %idx, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tv = make_tensor_view %val, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tm = make_tensor_view %m, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %pi = make_partition_view %ti : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %pv = make_partition_view %tv : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %pm = make_partition_view %tm : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %i, %t0 = load_view_tko weak %pi[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %v, %t1 = load_view_tko weak %pv[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %mi, %t2 = load_view_tko weak %pm[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %zero = constant <i32: 0> : tile<1024xi32>
    %on = cmpi not_equal %mi, %zero, signed : tile<1024xi32> -> tile<1024xi1>
    %c1024 = constant <i32: 1024> : tile<i32>
    %base = muli %bx, %c1024 : tile<i32>
    %base1 = reshape %base : tile<i32> -> tile<1xi32>
    %baseb = broadcast %base1 : tile<1xi32> -> tile<1024xi32>
    %iota = iota : tile<1024xi32>
    %pos = addi %baseb, %iota : tile<1024xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<1024xi32>
    %inb = cmpi less_than %pos, %nb, signed : tile<1024xi32> -> tile<1024xi1>
    %mask = andi %on, %inb : tile<1024xi1>
    %ib = assume bounded<0, 4095>, %i : tile<1024xi32>
    %b1 = reshape %bins : tile<ptr<i32>> -> tile<1xptr<i32>>
    %bb = broadcast %b1 : tile<1xptr<i32>> -> tile<1024xptr<i32>>
    %ptrs = offset %bb, %ib : tile<1024xptr<i32>>, tile<1024xi32> -> tile<1024xptr<i32>>
    %old, %t3 = atomic_rmw_tko relaxed device %ptrs, or, %v, %mask : tile<1024xptr<i32>>, tile<1024xi32>, tile<1024xi1> -> tile<1024xi32>, token
    return
  }
  entry @priv_xor(%idx: tile<ptr<i32>>, %val: tile<ptr<i32>>, %m: tile<ptr<i32>>, %bins: tile<ptr<i32>>, %n: tile<i32>) {
    %ti = make_tensor_view %idx, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tv = make_tensor_view %val, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tm = make_tensor_view %m, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %pi = make_partition_view %ti : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %pv = make_partition_view %tv : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %pm = make_partition_view %tm : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %i, %t0 = load_view_tko weak %pi[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %v, %t1 = load_view_tko weak %pv[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %mi, %t2 = load_view_tko weak %pm[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %zero = constant <i32: 0> : tile<1024xi32>
    %on = cmpi not_equal %mi, %zero, signed : tile<1024xi32> -> tile<1024xi1>
    %c1024 = constant <i32: 1024> : tile<i32>
    %base = muli %bx, %c1024 : tile<i32>
    %base1 = reshape %base : tile<i32> -> tile<1xi32>
    %baseb = broadcast %base1 : tile<1xi32> -> tile<1024xi32>
    %iota = iota : tile<1024xi32>
    %pos = addi %baseb, %iota : tile<1024xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<1024xi32>
    %inb = cmpi less_than %pos, %nb, signed : tile<1024xi32> -> tile<1024xi1>
    %mask = andi %on, %inb : tile<1024xi1>
    %ib = assume bounded<0, 4095>, %i : tile<1024xi32>
    %b1 = reshape %bins : tile<ptr<i32>> -> tile<1xptr<i32>>
    %bb = broadcast %b1 : tile<1xptr<i32>> -> tile<1024xptr<i32>>
    %ptrs = offset %bb, %ib : tile<1024xptr<i32>>, tile<1024xi32> -> tile<1024xptr<i32>>
    %old, %t3 = atomic_rmw_tko relaxed device %ptrs, xor, %v, %mask : tile<1024xptr<i32>>, tile<1024xi32>, tile<1024xi1> -> tile<1024xi32>, token
    return
  }
  entry @priv_max(%idx: tile<ptr<i32>>, %val: tile<ptr<i32>>, %m: tile<ptr<i32>>, %bins: tile<ptr<i32>>, %n: tile<i32>) {
    %ti = make_tensor_view %idx, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tv = make_tensor_view %val, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tm = make_tensor_view %m, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %pi = make_partition_view %ti : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %pv = make_partition_view %tv : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %pm = make_partition_view %tm : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %i, %t0 = load_view_tko weak %pi[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %v, %t1 = load_view_tko weak %pv[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %mi, %t2 = load_view_tko weak %pm[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %zero = constant <i32: 0> : tile<1024xi32>
    %on = cmpi not_equal %mi, %zero, signed : tile<1024xi32> -> tile<1024xi1>
    %c1024 = constant <i32: 1024> : tile<i32>
    %base = muli %bx, %c1024 : tile<i32>
    %base1 = reshape %base : tile<i32> -> tile<1xi32>
    %baseb = broadcast %base1 : tile<1xi32> -> tile<1024xi32>
    %iota = iota : tile<1024xi32>
    %pos = addi %baseb, %iota : tile<1024xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<1024xi32>
    %inb = cmpi less_than %pos, %nb, signed : tile<1024xi32> -> tile<1024xi1>
    %mask = andi %on, %inb : tile<1024xi1>
    %ib = assume bounded<0, 4095>, %i : tile<1024xi32>
    %b1 = reshape %bins : tile<ptr<i32>> -> tile<1xptr<i32>>
    %bb = broadcast %b1 : tile<1xptr<i32>> -> tile<1024xptr<i32>>
    %ptrs = offset %bb, %ib : tile<1024xptr<i32>>, tile<1024xi32> -> tile<1024xptr<i32>>
    %old, %t3 = atomic_rmw_tko relaxed device %ptrs, max, %v, %mask : tile<1024xptr<i32>>, tile<1024xi32>, tile<1024xi1> -> tile<1024xi32>, token
    return
  }
  entry @priv_min(%idx: tile<ptr<i32>>, %val: tile<ptr<i32>>, %m: tile<ptr<i32>>, %bins: tile<ptr<i32>>, %n: tile<i32>) {
    %ti = make_tensor_view %idx, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tv = make_tensor_view %val, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tm = make_tensor_view %m, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %pi = make_partition_view %ti : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %pv = make_partition_view %tv : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %pm = make_partition_view %tm : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %i, %t0 = load_view_tko weak %pi[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %v, %t1 = load_view_tko weak %pv[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %mi, %t2 = load_view_tko weak %pm[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %zero = constant <i32: 0> : tile<1024xi32>
    %on = cmpi not_equal %mi, %zero, signed : tile<1024xi32> -> tile<1024xi1>
    %c1024 = constant <i32: 1024> : tile<i32>
    %base = muli %bx, %c1024 : tile<i32>
    %base1 = reshape %base : tile<i32> -> tile<1xi32>
    %baseb = broadcast %base1 : tile<1xi32> -> tile<1024xi32>
    %iota = iota : tile<1024xi32>
    %pos = addi %baseb, %iota : tile<1024xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<1024xi32>
    %inb = cmpi less_than %pos, %nb, signed : tile<1024xi32> -> tile<1024xi1>
    %mask = andi %on, %inb : tile<1024xi1>
    %ib = assume bounded<0, 4095>, %i : tile<1024xi32>
    %b1 = reshape %bins : tile<ptr<i32>> -> tile<1xptr<i32>>
    %bb = broadcast %b1 : tile<1xptr<i32>> -> tile<1024xptr<i32>>
    %ptrs = offset %bb, %ib : tile<1024xptr<i32>>, tile<1024xi32> -> tile<1024xptr<i32>>
    %old, %t3 = atomic_rmw_tko relaxed device %ptrs, min, %v, %mask : tile<1024xptr<i32>>, tile<1024xi32>, tile<1024xi1> -> tile<1024xi32>, token
    return
  }
  entry @priv_umax(%idx: tile<ptr<i32>>, %val: tile<ptr<i32>>, %m: tile<ptr<i32>>, %bins: tile<ptr<i32>>, %n: tile<i32>) {
    %ti = make_tensor_view %idx, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tv = make_tensor_view %val, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tm = make_tensor_view %m, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %pi = make_partition_view %ti : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %pv = make_partition_view %tv : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %pm = make_partition_view %tm : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %i, %t0 = load_view_tko weak %pi[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %v, %t1 = load_view_tko weak %pv[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %mi, %t2 = load_view_tko weak %pm[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %zero = constant <i32: 0> : tile<1024xi32>
    %on = cmpi not_equal %mi, %zero, signed : tile<1024xi32> -> tile<1024xi1>
    %c1024 = constant <i32: 1024> : tile<i32>
    %base = muli %bx, %c1024 : tile<i32>
    %base1 = reshape %base : tile<i32> -> tile<1xi32>
    %baseb = broadcast %base1 : tile<1xi32> -> tile<1024xi32>
    %iota = iota : tile<1024xi32>
    %pos = addi %baseb, %iota : tile<1024xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<1024xi32>
    %inb = cmpi less_than %pos, %nb, signed : tile<1024xi32> -> tile<1024xi1>
    %mask = andi %on, %inb : tile<1024xi1>
    %ib = assume bounded<0, 4095>, %i : tile<1024xi32>
    %b1 = reshape %bins : tile<ptr<i32>> -> tile<1xptr<i32>>
    %bb = broadcast %b1 : tile<1xptr<i32>> -> tile<1024xptr<i32>>
    %ptrs = offset %bb, %ib : tile<1024xptr<i32>>, tile<1024xi32> -> tile<1024xptr<i32>>
    %old, %t3 = atomic_rmw_tko relaxed device %ptrs, umax, %v, %mask : tile<1024xptr<i32>>, tile<1024xi32>, tile<1024xi1> -> tile<1024xi32>, token
    return
  }
  entry @priv_umin(%idx: tile<ptr<i32>>, %val: tile<ptr<i32>>, %m: tile<ptr<i32>>, %bins: tile<ptr<i32>>, %n: tile<i32>) {
    %ti = make_tensor_view %idx, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tv = make_tensor_view %val, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tm = make_tensor_view %m, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %pi = make_partition_view %ti : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %pv = make_partition_view %tv : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %pm = make_partition_view %tm : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %i, %t0 = load_view_tko weak %pi[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %v, %t1 = load_view_tko weak %pv[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %mi, %t2 = load_view_tko weak %pm[%bx] : partition_view<tile=(1024), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %zero = constant <i32: 0> : tile<1024xi32>
    %on = cmpi not_equal %mi, %zero, signed : tile<1024xi32> -> tile<1024xi1>
    %c1024 = constant <i32: 1024> : tile<i32>
    %base = muli %bx, %c1024 : tile<i32>
    %base1 = reshape %base : tile<i32> -> tile<1xi32>
    %baseb = broadcast %base1 : tile<1xi32> -> tile<1024xi32>
    %iota = iota : tile<1024xi32>
    %pos = addi %baseb, %iota : tile<1024xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<1024xi32>
    %inb = cmpi less_than %pos, %nb, signed : tile<1024xi32> -> tile<1024xi1>
    %mask = andi %on, %inb : tile<1024xi1>
    %ib = assume bounded<0, 4095>, %i : tile<1024xi32>
    %b1 = reshape %bins : tile<ptr<i32>> -> tile<1xptr<i32>>
    %bb = broadcast %b1 : tile<1xptr<i32>> -> tile<1024xptr<i32>>
    %ptrs = offset %bb, %ib : tile<1024xptr<i32>>, tile<1024xi32> -> tile<1024xptr<i32>>
    %old, %t3 = atomic_rmw_tko relaxed device %ptrs, umin, %v, %mask : tile<1024xptr<i32>>, tile<1024xi32>, tile<1024xi1> -> tile<1024xi32>, token
    return
  }
}
