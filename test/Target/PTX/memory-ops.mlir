// REQUIRES: ptxas
// RUN: tile-translate --cuda-tile-to-ptx %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o /dev/null

// Every op of the memory, atomics and debug families in kernels ptxas
// accepts: ordered loads and stores (ld.acquire.gpu, ld.relaxed.cta,
// st.release.sys/gpu), views through dim_map / strided views, atomics
// (atom / red with fences for ordered read-modify-writes, atom.cas with
// its ordering), the shared broadcast of a scalar CAS, vprintf (also the
// message of a failed assert, then trap) and globals.

// CHECK-DAG: .extern .func {{.*}}vprintf
// CHECK-DAG: .visible .global .align 256 .b8 table[8]
// CHECK-DAG: .global .align 4 .b8 lut[16]
// CHECK-LABEL: .entry ordering(
// CHECK: ld.acquire.gpu.global.b32
// CHECK: ld.relaxed.cta.global.b32
// CHECK: st.release.sys.global.b32
// CHECK: bar.sync 0;
// CHECK: st.release.gpu.global.b32
// CHECK-LABEL: .entry views(
// CHECK: ld.acquire.gpu.global.b32
// CHECK: st.release.gpu.global.b32
// CHECK-LABEL: .entry rmw_tile(
// CHECK: atom.global.add.u32
// CHECK: fence.acq_rel.cta;
// CHECK-NEXT: atom.global.exch.b32
// CHECK: fence.acq_rel.sys;
// CHECK: atom.global.add.f32
// CHECK: atom.acquire.gpu.global.cas.b32
// CHECK-LABEL: .entry scalar(
// CHECK: .shared .align {{[0-9]+}} .u32
// CHECK: atom.acquire.gpu.global.cas.b32
// CHECK: st.shared.b32
// CHECK: bar.sync 0;
// CHECK: ld.shared.b32
// CHECK: fence.acq_rel.gpu;
// CHECK-LABEL: .entry red_view(
// CHECK: atom.global.add.f32
// CHECK-LABEL: .entry print_scalar(
// CHECK: call.uni (retval0), vprintf,
// CHECK-LABEL: .entry print_tile(
// CHECK-COUNT-4: call.uni (retval0), vprintf,
// CHECK-LABEL: .entry asserts(
// CHECK: call.uni (retval0), vprintf,
// CHECK: trap;
// CHECK-LABEL: .entry use(
// CHECK: ld.global.b32 {{.*}}, [table];
// CHECK: mov.b64 {{.*}}, lut;
cuda_tile.module @mem {
  global private constant @lut <i32: [1, 2, 3, 4]> : tile<4xi32>
  global @table alignment = 256 <f32: [1.0, 2.0]> : tile<2xf32>

  // acquire/release pointer accesses, scalar and tile.
  entry @ordering(%flag: tile<ptr<i32>>, %p: tile<ptr<f32>>, %n: tile<i32>) {
    %f, %t0 = load_ptr_tko acquire device %flag : tile<ptr<i32>> -> tile<i32>, token
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<256xptr<f32>>
    %iota = iota : tile<256xi32>
    %ptrs = offset %pb, %iota : tile<256xptr<f32>>, tile<256xi32> -> tile<256xptr<f32>>
    %v, %t1 = load_ptr_tko relaxed tl_blk %ptrs token = %t0 : tile<256xptr<f32>> -> tile<256xf32>, token
    %t2 = store_ptr_tko release sys %ptrs, %v token = %t1 : tile<256xptr<f32>>, tile<256xf32> -> token
    %t3 = store_ptr_tko release device %flag, %f token = %t2 : tile<ptr<i32>>, tile<i32> -> token
    return
  }

  // Views: acquire load of a transposed (dim_map) partition, strided view,
  // release store; shapes queried.
  entry @views(%a: tile<ptr<f32>>, %c: tile<ptr<f32>>, %m: tile<i64>, %n: tile<i64>, %out: tile<ptr<i64>>) {
    %ta = make_tensor_view %a, shape = [%m, %n], strides = [%n, 1] : tile<i64> -> tensor_view<?x?xf32, strides=[?,1]>
    %tc = make_tensor_view %c, shape = [%n, %m], strides = [%m, 1] : tile<i64> -> tensor_view<?x?xf32, strides=[?,1]>
    %pt = make_partition_view %ta : partition_view<tile=(16x32), padding_value = nan, tensor_view<?x?xf32, strides=[?,1]>, dim_map=[1, 0]>
    %sv = make_strided_view %tc : strided_view<tile=(32x16), traversal_strides=[16,8], tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %v, %t0 = load_view_tko acquire device %pt[%bx, %by] : partition_view<tile=(16x32), padding_value = nan, tensor_view<?x?xf32, strides=[?,1]>, dim_map=[1, 0]>, tile<i32> -> tile<16x32xf32>, token
    %w, %t1 = load_view_tko weak %sv[%bx, %by] : strided_view<tile=(32x16), traversal_strides=[16,8], tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<32x16xf32>, token
    %t2 = store_view_tko release device %w, %sv[%by, %bx] token = %t1 : tile<32x16xf32>, strided_view<tile=(32x16), traversal_strides=[16,8], tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    %s0, %s1 = get_tensor_shape %ta : tensor_view<?x?xf32, strides=[?,1]> -> tile<i64>
    %i0, %i1 = get_index_space_shape %sv : strided_view<tile=(32x16), traversal_strides=[16,8], tensor_view<?x?xf32, strides=[?,1]>> -> tile<i64>
    %x = addi %s0, %i1 : tile<i64>
    %t3 = store_ptr_tko weak %out, %x : tile<ptr<i64>>, tile<i64> -> token
    return
  }

  entry @rmw_tile(%p: tile<ptr<i32>>, %q: tile<ptr<f32>>, %o: tile<ptr<i32>>) {
    %p1 = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %pb = broadcast %p1 : tile<1xptr<i32>> -> tile<256xptr<i32>>
    %iota = iota : tile<256xi32>
    %ptrs = offset %pb, %iota : tile<256xptr<i32>>, tile<256xi32> -> tile<256xptr<i32>>
    %c100 = constant <i32: 100> : tile<256xi32>
    %mask = cmpi less_than %iota, %c100, signed : tile<256xi32> -> tile<256xi1>
    %old, %t0 = atomic_rmw_tko relaxed device %ptrs, add, %iota, %mask : tile<256xptr<i32>>, tile<256xi32>, tile<256xi1> -> tile<256xi32>, token
    %x, %t1 = atomic_rmw_tko acq_rel tl_blk %ptrs, xchg, %old token = %t0 : tile<256xptr<i32>>, tile<256xi32> -> tile<256xi32>, token
    %q1 = reshape %q : tile<ptr<f32>> -> tile<1xptr<f32>>
    %qb = broadcast %q1 : tile<1xptr<f32>> -> tile<256xptr<f32>>
    %qs = offset %qb, %iota : tile<256xptr<f32>>, tile<256xi32> -> tile<256xptr<f32>>
    %one = constant <f32: 1.0> : tile<256xf32>
    %unused, %t2 = atomic_rmw_tko release sys %qs, addf, %one : tile<256xptr<f32>>, tile<256xf32> -> tile<256xf32>, token
    %c, %t3 = atomic_cas_tko acquire device %qs, %one, %one : tile<256xptr<f32>>, tile<256xf32> -> tile<256xf32>, token
    %o1 = reshape %o : tile<ptr<i32>> -> tile<1xptr<i32>>
    %ob = broadcast %o1 : tile<1xptr<i32>> -> tile<256xptr<i32>>
    %os = offset %ob, %iota : tile<256xptr<i32>>, tile<256xi32> -> tile<256xptr<i32>>
    %t4 = store_ptr_tko weak %os, %x : tile<256xptr<i32>>, tile<256xi32> -> token
    %t5 = store_ptr_tko weak %qs, %c token = %t4 : tile<256xptr<f32>>, tile<256xf32> -> token
    return
  }

  entry @scalar(%lock: tile<ptr<i32>>, %out: tile<ptr<i32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %old, %t0 = atomic_cas_tko acquire device %lock, %c0, %c1 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %m, %t1 = atomic_rmw_tko release device %lock, umax, %c0 token = %t0 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %t2 = store_ptr_tko weak %out, %old token = %t1 : tile<ptr<i32>>, tile<i32> -> token
    return
  }

  entry @red_view(%a: tile<ptr<f32>>, %n: tile<i32>) {
    %ta = make_tensor_view %a, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf32, strides=[64,1]>
    %pa = make_partition_view %ta : partition_view<tile=(8x64), tensor_view<?x64xf32, strides=[64,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %v = constant <f32: 2.0> : tile<8x64xf32>
    %t = atomic_red_view_tko relaxed device %pa[%bx, %c0], addf, %v : tile<8x64xf32>, partition_view<tile=(8x64), tensor_view<?x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }

  entry @print_scalar(%x: tile<i32>, %y: tile<f32>) {
    %t = print_tko "x=%d y=%f\n", %x, %y : tile<i32>, tile<f32> -> token
    return
  }
  entry @print_tile(%x: tile<f16>) {
    %iota = iota : tile<128xi32>
    %t = print_tko "i=%d x=%f\n", %iota, %x : tile<128xi32>, tile<f16> -> token
    return
  }
  entry @asserts(%n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %pos = cmpi greater_than %n, %c0, signed : tile<i32> -> tile<i1>
    assert %pos, "n must be positive" : tile<i1>
    %iota = iota : tile<128xi32>
    %c200 = constant <i32: 200> : tile<128xi32>
    %lt = cmpi less_than %iota, %c200, signed : tile<128xi32> -> tile<128xi1>
    assert %lt, "iota below 200" : tile<128xi1>
    return
  }

  entry @use(%i: tile<i32>, %out: tile<ptr<f32>>, %iout: tile<ptr<i32>>) {
    %l = get_global @lut : tile<ptr<i32>>
    %li = offset %l, %i : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
    %v, %t0 = load_ptr_tko weak %li : tile<ptr<i32>> -> tile<i32>, token
    %w = get_global @table : tile<ptr<f32>>
    %wv, %t1 = load_ptr_tko weak %w : tile<ptr<f32>> -> tile<f32>, token
    %s = addf %wv, %wv : tile<f32>
    %t2 = store_ptr_tko weak %out, %s : tile<ptr<f32>>, tile<f32> -> token
    %t3 = store_ptr_tko weak %iout, %v : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
