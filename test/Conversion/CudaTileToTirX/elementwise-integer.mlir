// RUN: tile-opt %s --convert-cuda-tile-to-tirx | FileCheck %s

// Integer and bitwise ops (cuda_tile 1-16): one tirx.map per op over blocked
// register buffers, whose body is the scalar arith form; a uniform operand
// enters the map as a scalar; all-scalar operands give the scalar form.

// CHECK-LABEL: gpu.func @integer
// CHECK-SAME: (%{{.*}}: !llvm.ptr<1>, %[[K:.*]]: i32)
// CHECK: %[[A:.*]] = tirx.alloc : !tirx.buffer<128xi32
// CHECK: %[[B:.*]] = tirx.alloc : !tirx.buffer<128xi32
// CHECK: %[[ABS:.*]] = tirx.alloc : !tirx.buffer<128xi32
// CHECK: tirx.map cta %[[ABS]], %[[A]] :
// CHECK-NEXT: ^bb0(%[[X:.*]]: i32):
// absi: max(x, 0 - x) (every width; i8/i16 have no math.absi lowering).
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[N:.*]] = arith.subi %[[Z]], %[[X]] : i32
// CHECK-NEXT: %[[R:.*]] = arith.maxsi %[[X]], %[[N]] : i32
// CHECK-NEXT: tirx.yield %[[R]] : i32
// CHECK: tirx.map cta %{{.*}}, %[[A]], %[[B]] :
// CHECK-NEXT: ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32):
// CHECK-NEXT: %[[R:.*]] = arith.addi %[[X]], %[[Y]] overflow<nsw> : i32
// CHECK-NEXT: tirx.yield %[[R]]
// CHECK: arith.subi %{{.*}}, %{{.*}} overflow<nuw> : i32
// CHECK: arith.muli %{{.*}}, %{{.*}} overflow<nsw, nuw> : i32
// mulhii: the high half of the 64-bit product.
// CHECK: ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32):
// CHECK-NEXT: %{{.*}}, %[[HI:.*]] = arith.mului_extended %[[X]], %[[Y]] : i32
// CHECK-NEXT: tirx.yield %[[HI]]
// CHECK: arith.divsi
// CHECK: arith.divui
// floor division (signed): upstream's expansion of arith.floordivsi.
// CHECK: ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32):
// CHECK-NOT: floordivsi
// CHECK: arith.divsi %[[X]], %[[Y]]
// CHECK: tirx.yield
// ceiling division (signed and unsigned), expanded.
// CHECK-NOT: ceildiv
// CHECK: arith.remsi
// CHECK: arith.remui
// negi: 0 - x.
// CHECK: ^bb0(%[[X:.*]]: i32):
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[R:.*]] = arith.subi %[[Z]], %[[X]] overflow<nsw> : i32
// CHECK: arith.maxsi
// CHECK: arith.minui
// The uniform operand %k stays a scalar input of the map.
// CHECK: tirx.map cta %[[C:.*]], %[[A]], %[[K]] : !tirx.buffer<128xi1, {{.*}}>, !tirx.buffer<128xi32, {{.*}}>, i32
// CHECK-NEXT: ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32):
// CHECK-NEXT: %[[R:.*]] = arith.cmpi sge, %[[X]], %[[Y]] : i32
// CHECK-NEXT: tirx.yield %[[R]] : i1
// CHECK: arith.cmpi ult
// CHECK: arith.shli %{{.*}}, %{{.*}} : i32
// CHECK: arith.shrsi
// CHECK: arith.shrui
// CHECK: arith.andi
// CHECK: arith.ori
// CHECK: arith.xori
// i1 tiles: bitwise ops on the comparison results.
// CHECK: tirx.map cta %{{.*}}, %[[C]], %{{.*}} : !tirx.buffer<128xi1
// CHECK-NEXT: ^bb0(%{{.*}}: i1, %{{.*}}: i1):
// CHECK-NEXT: arith.xori %{{.*}}, %{{.*}} : i1
// Scalars: the same scalar form outside any map.
// CHECK: %[[S:.*]] = arith.muli %[[K]], %[[K]] : i32
// CHECK-NEXT: arith.maxui %[[S]], %[[K]] : i32
cuda_tile.module @m {
  entry @integer(%p: tile<ptr<i32>>, %k: tile<i32>) {
    %tv = make_tensor_view %p, shape = [256], strides = [1] : tensor_view<256xi32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(128), tensor_view<256xi32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %a, %t0 = load_view_tko weak %pv[%c0] : partition_view<tile=(128), tensor_view<256xi32, strides=[1]>>, tile<i32> -> tile<128xi32>, token
    %b, %t1 = load_view_tko weak %pv[%c1] : partition_view<tile=(128), tensor_view<256xi32, strides=[1]>>, tile<i32> -> tile<128xi32>, token
    %abs = absi %a : tile<128xi32>
    %add = addi %a, %b overflow<no_signed_wrap> : tile<128xi32>
    %sub = subi %a, %b overflow<no_unsigned_wrap> : tile<128xi32>
    %mul = muli %a, %b overflow<no_wrap> : tile<128xi32>
    %mulhi = mulhii %a, %b : tile<128xi32>
    %divs = divi %a, %b signed : tile<128xi32>
    %divu = divi %a, %b unsigned : tile<128xi32>
    %floor = divi %a, %b signed rounding<negative_inf> : tile<128xi32>
    %ceils = divi %a, %b signed rounding<positive_inf> : tile<128xi32>
    %ceilu = divi %a, %b unsigned rounding<positive_inf> : tile<128xi32>
    %rems = remi %a, %b signed : tile<128xi32>
    %remu = remi %a, %b unsigned : tile<128xi32>
    %neg = negi %a overflow<no_signed_wrap> : tile<128xi32>
    %max = maxi %a, %b signed : tile<128xi32>
    %min = mini %a, %b unsigned : tile<128xi32>
    %k1 = reshape %k : tile<i32> -> tile<1xi32>
    %kb = broadcast %k1 : tile<1xi32> -> tile<128xi32>
    %ge = cmpi greater_than_or_equal %a, %kb, signed : tile<128xi32> -> tile<128xi1>
    %lt = cmpi less_than %a, %b, unsigned : tile<128xi32> -> tile<128xi1>
    %shl = shli %a, %b : tile<128xi32>
    %sra = shri %a, %b signed : tile<128xi32>
    %srl = shri %a, %b unsigned : tile<128xi32>
    %and = andi %a, %b : tile<128xi32>
    %or = ori %a, %b : tile<128xi32>
    %xor = xori %a, %b : tile<128xi32>
    %x1 = xori %ge, %lt : tile<128xi1>
    %s = muli %k, %k : tile<i32>
    %smax = maxi %s, %k unsigned : tile<i32>
    return
  }
}
