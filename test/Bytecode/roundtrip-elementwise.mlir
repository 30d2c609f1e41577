// Round trip through Tile IR bytecode: text -> bytecode (13.3 and 13.5)
// -> text prints the same module, and reading is a fixed point.
// RUN: tile-opt %s -o %t.text
// RUN: tile-translate --mlir-to-cudatilebc %s -o %t.bc
// RUN: tile-opt %t.bc -o %t.back
// RUN: diff %t.text %t.back
// RUN: tile-translate --mlir-to-cudatilebc --bytecode-version=13.5 %s | tile-opt | diff %t.text -
// RUN: tile-translate --mlir-to-cudatilebc %t.bc | cmp - %t.bc
// RUN: FileCheck %s --input-file=%t.back
// REQUIRES: testing-ops

// CHECK: cuda_tile.module @kernels
// CHECK-DAG: absi 
// CHECK-DAG: xori 
// CHECK-DAG: pow 
// CHECK-DAG: unpack 
// CHECK-DAG: trunci 
// CHECK-DAG: ftoi 
// CHECK-DAG: itof 
// CHECK-DAG: cat 
// CHECK-DAG: extract 
// CHECK-DAG: scan 
// CHECK-DAG: permute 

// Round trip of the integer, bitwise, floating-point, math and conversion
// ops, the shape ops permute/cat/extract, and scan.

cuda_tile.module @kernels {
  testing$func @integer(%a: tile<i16>, %b: tile<2x2xi32>, %c: tile<i1>, %d: tile<i8>) {
    %0 = absi %b : tile<2x2xi32>
    %1 = subi %a, %a : tile<i16>
    %2 = subi %a, %a overflow<no_wrap> : tile<i16>
    %3 = cuda_tile.mulhii %d, %d : !cuda_tile.tile<i8>
    %4 = divi %c, %c signed rounding<negative_inf> : tile<i1>
    %5 = divi %b, %b unsigned rounding<zero> : tile<2x2xi32>
    %6 = divi %b, %b unsigned rounding<positive_inf> : tile<2x2xi32>
    %7 = remi %b, %b signed : tile<2x2xi32>
    %8 = negi %a overflow<no_signed_wrap> : tile<i16>
    %9 = negi %a : tile<i16>
    %10 = cuda_tile.maxi %c, %c signed : tile<i1>
    %11 = mini %b, %b unsigned : tile<2x2xi32>
    %12 = shli %a, %a overflow<no_unsigned_wrap> : tile<i16>
    %13 = shri %d, %d signed : tile<i8>
    %14 = shri %d, %d unsigned : tile<i8>
    %15 = andi %c, %c : tile<i1>
    %16 = ori %d, %d : tile<i8>
    %17 = xori %c, %c : tile<i1>
    return
  }

  testing$func @float(%x: tile<2x2xf32>, %h: tile<f16>, %d: tile<2xf64>, %bf: tile<bf16>) {
    %0 = absf %h : tile<f16>
    %1 = remf %x, %x : tile<2x2xf32>
    %2 = negf %x : tile<2x2xf32>
    %3 = minf %x, %x propagate_nan : tile<2x2xf32>
    %4 = minf %x, %x propagate_nan flush_to_zero : tile<2x2xf32>
    %5 = cmpf less_than ordered %h, %h : tile<f16> -> tile<i1>
    %6 = cmpf not_equal unordered %x, %x : tile<2x2xf32> -> tile<2x2xi1>
    %7 = fma %x, %x, %x rounding<zero> flush_to_zero : tile<2x2xf32>
    %8 = fma %d, %d, %d : tile<2xf64>
    %9 = ceil %bf : tile<bf16>
    %10 = floor %d : tile<2xf64>
    return
  }

  testing$func @math(%x: tile<2xf32>, %d: tile<2xf64>, %h: tile<2xf16>, %q: tile<4xf32>) {
    %0 = atan2 %x, %x : tile<2xf32>
    %1 = cos %x : tile<2xf32>
    %2 = cosh %d : tile<2xf64>
    %3 = sin %x : tile<2xf32>
    %4 = sinh %x : tile<2xf32>
    %5 = tan %x : tile<2xf32>
    %6 = tanh %q rounding<approx> : tile<4xf32>
    %7 = tanh %h : tile<2xf16>
    %8 = log %x : tile<2xf32>
    %9 = log2 %x : tile<2xf32>
    %10 = pow %d, %d : tile<2xf64>
    %11 = sqrt %x rounding<approx> : tile<2xf32>
    %12 = sqrt %d rounding<positive_inf> : tile<2xf64>
    %13 = sqrt %x flush_to_zero : tile<2xf32>
    %14 = rsqrt %q flush_to_zero : tile<4xf32>
    return
  }

  testing$func @conversions(%i8: tile<4xi8>, %i4: tile<i4>, %i16: tile<i16>,
                            %h: tile<2x2xf16>, %f8: tile<2xf8E4M3FN>, %i1: tile<i1>,
                            %i64: tile<i64>, %p: tile<ptr<i32>>, %p4: tile<4xptr<i8>>,
                            %w4: tile<64xi4>, %b: tile<64xi8>, %m: tile<16xi1>) {
    %0 = bitcast %i8 : tile<4xi8> -> tile<4xi8>
    %1 = bitcast %h : tile<2x2xf16> -> tile<2x2xi16>
    %2 = exti %i4 signed : tile<i4> -> tile<i8>
    %3 = exti %i8 unsigned : tile<4xi8> -> tile<4xi64>
    %4 = trunci %i16 overflow<no_signed_wrap> : tile<i16> -> tile<i8>
    %5 = trunci %i16 : tile<i16> -> tile<i4>
    %6 = ftof %h rounding<zero> : tile<2x2xf16> -> tile<2x2xf8E8M0FNU>
    %7 = ftof %h : tile<2x2xf16> -> tile<2x2xf32>
    %8 = ftoi %f8 signed : tile<2xf8E4M3FN> -> tile<2xi16>
    %9 = ftoi %h unsigned rounding<nearest_int_to_zero> : tile<2x2xf16> -> tile<2x2xi32>
    %10 = itof %i1 signed : tile<i1> -> tile<f16>
    %11 = int_to_ptr %i64 : tile<i64> -> tile<ptr<i8>>
    %12 = ptr_to_int %p : tile<ptr<i32>> -> tile<i64>
    %13 = ptr_to_ptr %p4 : tile<4xptr<i8>> -> tile<4xptr<f64>>
    %14 = pack %w4 : tile<64xi4> -> tile<32xi8>
    %15 = pack %m : tile<16xi1> -> tile<2xi8>
    %16 = unpack %b : tile<64xi8> -> tile<128xf4E2M1FN>
    %17 = unpack %b : tile<64xi8> -> tile<16xf32>
    return
  }

  testing$func @shapes(%x: tile<1x2xf32>, %y: tile<4x8xf32>, %i: tile<i32>) {
    %0 = permute %x [1,0] : tile<1x2xf32> -> tile<2x1xf32>
    %1 = cat %x, %x dim = 0 : tile<1x2xf32>, tile<1x2xf32> -> tile<2x2xf32>
    %2 = extract %y[%i, %i] : tile<4x8xf32> -> tile<2x4xf32>
    return
  }

  testing$func @scan(%x: tile<8xf32>, %y: tile<4x8xi32>) {
    %0 = scan %x dim=0 reverse=true identities=[0.000000e+0 : f32] : tile<8xf32> -> tile<8xf32>
    (%in: tile<f32>, %acc: tile<f32>) {
      %add = addf %in, %acc : tile<f32>
      yield %add : tile<f32>
    }
    // The default `reverse=false` is not printed.
    %1 = scan %y dim=1 reverse=false identities=[1 : i32] : tile<4x8xi32> -> tile<4x8xi32>
    (%in: tile<i32>, %acc: tile<i32>) {
      %mul = muli %in, %acc : tile<i32>
      yield %mul : tile<i32>
    }
    return
  }
}
