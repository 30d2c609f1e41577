// REQUIRES: ptxas
// RUN: tile-translate --cuda-tile-to-ptx %s -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_80 %s -o %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o %t.sm80.cubin
// RUN: FileCheck %s --check-prefix=SM80 --input-file=%t.sm80.ptx

// ftof with the rounding modes other than nearest_even: the cvt of each
// direction (f64 -> f32: rz, rm, rp; f32 -> tf32: rna, rz, rn; f32/f64/bf16
// -> f16/bf16: rz, from f64 through f32 toward zero twice); exact
// conversions ignore the mode. Below sm_90, which has no cvt.rn/rz.tf32.f32,
// f32 -> tf32 rounds on the bits (add half an ulp for rn, clear the 13 low
// bits, NaN as the canonical NaN).

// CHECK-LABEL: .entry f64_f32_rz(
// CHECK: cvt.rz.f32.f64
// CHECK-LABEL: .entry f64_f32_rm(
// CHECK: cvt.rm.f32.f64
// CHECK-LABEL: .entry f64_f32_rp(
// CHECK: cvt.rp.f32.f64
// CHECK-LABEL: .entry f32_tf32_rna(
// CHECK: cvt.rna.tf32.f32
// CHECK-LABEL: .entry f32_tf32_rz(
// CHECK: cvt.rz.tf32.f32
// CHECK-LABEL: .entry f32_tf32_rn(
// CHECK: cvt.rn.tf32.f32
// CHECK-LABEL: .entry f32_f16_rz(
// CHECK: cvt.rz.f16.f32
// CHECK-LABEL: .entry f32_bf16_rz(
// CHECK: cvt.rz.bf16.f32
// CHECK-LABEL: .entry f64_f16_rz(
// CHECK: cvt.rz.f32.f64 [[T:%r[0-9]+]]
// CHECK-NEXT: cvt.rz.f16.f32 %rs{{[0-9]+}}, [[T]];
// CHECK-LABEL: .entry bf16_f16_rz(
// CHECK: cvt.f32.bf16 [[W:%r[0-9]+]]
// CHECK-NEXT: cvt.rz.f16.f32 %rs{{[0-9]+}}, [[W]];
// CHECK-LABEL: .entry f16_f32_rm(
// CHECK-NOT: cvt.r
// CHECK: cvt.f32.f16
// CHECK-NOT: cvt.r
// CHECK: ret;

// SM80-LABEL: .entry f32_tf32_rna(
// SM80: cvt.rna.tf32.f32
// SM80-LABEL: .entry f32_tf32_rz(
// SM80-NOT: cvt.{{.*}}.tf32
// SM80: and.b32 {{.*}}, -8192;
// SM80: selp.f32 {{.*}}, 0f7FFFFFFF,
// SM80-LABEL: .entry f32_tf32_rn(
// SM80-NOT: cvt.{{.*}}.tf32
// SM80: add.s32 {{.*}}, 4095;
// SM80-NEXT: and.b32 {{.*}}, -8192;
// SM80: selp.f32 {{.*}}, 0f7FFFFFFF,
// SM80-LABEL: .entry f32_f16_rz(

cuda_tile.module @ftof_rounding {
  entry @f64_f32_rz(%p: tile<ptr<f64>>, %q: tile<ptr<f32>>) {
    %i = iota : tile<128xi32>
    %p1 = reshape %p : tile<ptr<f64>> -> tile<1xptr<f64>>
    %pb = broadcast %p1 : tile<1xptr<f64>> -> tile<128xptr<f64>>
    %pp = offset %pb, %i : tile<128xptr<f64>>, tile<128xi32> -> tile<128xptr<f64>>
    %q1 = reshape %q : tile<ptr<f32>> -> tile<1xptr<f32>>
    %qb = broadcast %q1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %qq = offset %qb, %i : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %x, %t0 = load_ptr_tko weak %pp : tile<128xptr<f64>> -> tile<128xf64>, token
    %y = ftof %x rounding<zero> : tile<128xf64> -> tile<128xf32>
    %t1 = store_ptr_tko weak %qq, %y : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }

  entry @f64_f32_rm(%p: tile<ptr<f64>>, %q: tile<ptr<f32>>) {
    %i = iota : tile<128xi32>
    %p1 = reshape %p : tile<ptr<f64>> -> tile<1xptr<f64>>
    %pb = broadcast %p1 : tile<1xptr<f64>> -> tile<128xptr<f64>>
    %pp = offset %pb, %i : tile<128xptr<f64>>, tile<128xi32> -> tile<128xptr<f64>>
    %q1 = reshape %q : tile<ptr<f32>> -> tile<1xptr<f32>>
    %qb = broadcast %q1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %qq = offset %qb, %i : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %x, %t0 = load_ptr_tko weak %pp : tile<128xptr<f64>> -> tile<128xf64>, token
    %y = ftof %x rounding<negative_inf> : tile<128xf64> -> tile<128xf32>
    %t1 = store_ptr_tko weak %qq, %y : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }

  entry @f64_f32_rp(%p: tile<ptr<f64>>, %q: tile<ptr<f32>>) {
    %i = iota : tile<128xi32>
    %p1 = reshape %p : tile<ptr<f64>> -> tile<1xptr<f64>>
    %pb = broadcast %p1 : tile<1xptr<f64>> -> tile<128xptr<f64>>
    %pp = offset %pb, %i : tile<128xptr<f64>>, tile<128xi32> -> tile<128xptr<f64>>
    %q1 = reshape %q : tile<ptr<f32>> -> tile<1xptr<f32>>
    %qb = broadcast %q1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %qq = offset %qb, %i : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %x, %t0 = load_ptr_tko weak %pp : tile<128xptr<f64>> -> tile<128xf64>, token
    %y = ftof %x rounding<positive_inf> : tile<128xf64> -> tile<128xf32>
    %t1 = store_ptr_tko weak %qq, %y : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }

  entry @f32_tf32_rna(%p: tile<ptr<f32>>, %q: tile<ptr<f32>>) {
    %i = iota : tile<128xi32>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %pp = offset %pb, %i : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %q1 = reshape %q : tile<ptr<f32>> -> tile<1xptr<f32>>
    %qb = broadcast %q1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %qq = offset %qb, %i : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %x, %t0 = load_ptr_tko weak %pp : tile<128xptr<f32>> -> tile<128xf32>, token
    %y = ftof %x rounding<nearest_away> : tile<128xf32> -> tile<128xtf32>
    %z = ftof %y : tile<128xtf32> -> tile<128xf32>
    %t1 = store_ptr_tko weak %qq, %z : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }

  entry @f32_tf32_rz(%p: tile<ptr<f32>>, %q: tile<ptr<f32>>) {
    %i = iota : tile<128xi32>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %pp = offset %pb, %i : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %q1 = reshape %q : tile<ptr<f32>> -> tile<1xptr<f32>>
    %qb = broadcast %q1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %qq = offset %qb, %i : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %x, %t0 = load_ptr_tko weak %pp : tile<128xptr<f32>> -> tile<128xf32>, token
    %y = ftof %x rounding<zero> : tile<128xf32> -> tile<128xtf32>
    %z = ftof %y : tile<128xtf32> -> tile<128xf32>
    %t1 = store_ptr_tko weak %qq, %z : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }

  entry @f32_tf32_rn(%p: tile<ptr<f32>>, %q: tile<ptr<f32>>) {
    %i = iota : tile<128xi32>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %pp = offset %pb, %i : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %q1 = reshape %q : tile<ptr<f32>> -> tile<1xptr<f32>>
    %qb = broadcast %q1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %qq = offset %qb, %i : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %x, %t0 = load_ptr_tko weak %pp : tile<128xptr<f32>> -> tile<128xf32>, token
    %y = ftof %x rounding<nearest_even> : tile<128xf32> -> tile<128xtf32>
    %z = ftof %y : tile<128xtf32> -> tile<128xf32>
    %t1 = store_ptr_tko weak %qq, %z : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }

  entry @f32_f16_rz(%p: tile<ptr<f32>>, %q: tile<ptr<f16>>) {
    %i = iota : tile<128xi32>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %pp = offset %pb, %i : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %q1 = reshape %q : tile<ptr<f16>> -> tile<1xptr<f16>>
    %qb = broadcast %q1 : tile<1xptr<f16>> -> tile<128xptr<f16>>
    %qq = offset %qb, %i : tile<128xptr<f16>>, tile<128xi32> -> tile<128xptr<f16>>
    %x, %t0 = load_ptr_tko weak %pp : tile<128xptr<f32>> -> tile<128xf32>, token
    %y = ftof %x rounding<zero> : tile<128xf32> -> tile<128xf16>
    %t1 = store_ptr_tko weak %qq, %y : tile<128xptr<f16>>, tile<128xf16> -> token
    return
  }

  entry @f32_bf16_rz(%p: tile<ptr<f32>>, %q: tile<ptr<bf16>>) {
    %i = iota : tile<128xi32>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %pp = offset %pb, %i : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %q1 = reshape %q : tile<ptr<bf16>> -> tile<1xptr<bf16>>
    %qb = broadcast %q1 : tile<1xptr<bf16>> -> tile<128xptr<bf16>>
    %qq = offset %qb, %i : tile<128xptr<bf16>>, tile<128xi32> -> tile<128xptr<bf16>>
    %x, %t0 = load_ptr_tko weak %pp : tile<128xptr<f32>> -> tile<128xf32>, token
    %y = ftof %x rounding<zero> : tile<128xf32> -> tile<128xbf16>
    %t1 = store_ptr_tko weak %qq, %y : tile<128xptr<bf16>>, tile<128xbf16> -> token
    return
  }

  entry @f64_f16_rz(%p: tile<ptr<f64>>, %q: tile<ptr<f16>>) {
    %i = iota : tile<128xi32>
    %p1 = reshape %p : tile<ptr<f64>> -> tile<1xptr<f64>>
    %pb = broadcast %p1 : tile<1xptr<f64>> -> tile<128xptr<f64>>
    %pp = offset %pb, %i : tile<128xptr<f64>>, tile<128xi32> -> tile<128xptr<f64>>
    %q1 = reshape %q : tile<ptr<f16>> -> tile<1xptr<f16>>
    %qb = broadcast %q1 : tile<1xptr<f16>> -> tile<128xptr<f16>>
    %qq = offset %qb, %i : tile<128xptr<f16>>, tile<128xi32> -> tile<128xptr<f16>>
    %x, %t0 = load_ptr_tko weak %pp : tile<128xptr<f64>> -> tile<128xf64>, token
    %y = ftof %x rounding<zero> : tile<128xf64> -> tile<128xf16>
    %t1 = store_ptr_tko weak %qq, %y : tile<128xptr<f16>>, tile<128xf16> -> token
    return
  }

  entry @bf16_f16_rz(%p: tile<ptr<bf16>>, %q: tile<ptr<f16>>) {
    %i = iota : tile<128xi32>
    %p1 = reshape %p : tile<ptr<bf16>> -> tile<1xptr<bf16>>
    %pb = broadcast %p1 : tile<1xptr<bf16>> -> tile<128xptr<bf16>>
    %pp = offset %pb, %i : tile<128xptr<bf16>>, tile<128xi32> -> tile<128xptr<bf16>>
    %q1 = reshape %q : tile<ptr<f16>> -> tile<1xptr<f16>>
    %qb = broadcast %q1 : tile<1xptr<f16>> -> tile<128xptr<f16>>
    %qq = offset %qb, %i : tile<128xptr<f16>>, tile<128xi32> -> tile<128xptr<f16>>
    %x, %t0 = load_ptr_tko weak %pp : tile<128xptr<bf16>> -> tile<128xbf16>, token
    %y = ftof %x rounding<zero> : tile<128xbf16> -> tile<128xf16>
    %t1 = store_ptr_tko weak %qq, %y : tile<128xptr<f16>>, tile<128xf16> -> token
    return
  }

  entry @f16_f32_rm(%p: tile<ptr<f16>>, %q: tile<ptr<f32>>) {
    %i = iota : tile<128xi32>
    %p1 = reshape %p : tile<ptr<f16>> -> tile<1xptr<f16>>
    %pb = broadcast %p1 : tile<1xptr<f16>> -> tile<128xptr<f16>>
    %pp = offset %pb, %i : tile<128xptr<f16>>, tile<128xi32> -> tile<128xptr<f16>>
    %q1 = reshape %q : tile<ptr<f32>> -> tile<1xptr<f32>>
    %qb = broadcast %q1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %qq = offset %qb, %i : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %x, %t0 = load_ptr_tko weak %pp : tile<128xptr<f16>> -> tile<128xf16>, token
    %y = ftof %x rounding<negative_inf> : tile<128xf16> -> tile<128xf32>
    %t1 = store_ptr_tko weak %qq, %y : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }
}
