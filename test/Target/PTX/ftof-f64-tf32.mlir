// REQUIRES: ptxas
// RUN: tile-translate --cuda-tile-to-ptx %s -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_80 %s -o %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o %t.sm80.cubin
// RUN: FileCheck %s --check-prefix=SM80 --input-file=%t.sm80.ptx

// ftof f64 -> tf32 rounds once, as NVIDIA's tileiras does: to nearest even
// through f32 rounded to odd (cvt.rz.f32.f64, the last bit set when that
// was inexact, then cvt.rn.tf32.f32: f32 keeps 13 more bits than tf32, so
// the second rounding sees the first one's ties and sticky bit); toward
// zero twice. Below sm_90 the f32 -> tf32 step rounds the bits.

// CHECK-LABEL: .entry f64_tf32_rn(
// CHECK: cvt.rz.f32.f64 [[T:%r[0-9]+]], [[X:%rd[0-9]+]];
// CHECK-NEXT: cvt.f64.f32 [[B:%rd[0-9]+]], [[T]];
// CHECK-NEXT: setp.neu.f64 [[P:%p[0-9]+]], [[X]], [[B]];
// CHECK-NEXT: selp.b32 [[S:%r[0-9]+]], 1, 0, [[P]];
// CHECK-NEXT: or.b32 [[O:%r[0-9]+]], [[S]], [[T]];
// CHECK-NEXT: cvt.rn.tf32.f32 %r{{[0-9]+}}, [[O]];
// CHECK-LABEL: .entry f64_tf32_rz(
// CHECK: cvt.rz.f32.f64 [[T:%r[0-9]+]],
// CHECK-NEXT: cvt.rz.tf32.f32 %r{{[0-9]+}}, [[T]];

// SM80-LABEL: .entry f64_tf32_rn(
// SM80: cvt.rz.f32.f64
// SM80: or.b32
// SM80: add.s32 {{.*}}, 4095;
// SM80-NEXT: and.b32 {{.*}}, -8192;
// SM80-LABEL: .entry f64_tf32_rz(
// SM80: cvt.rz.f32.f64
// SM80-NEXT: and.b32 {{.*}}, -8192;

cuda_tile.module @ftof_f64_tf32 {
  entry @f64_tf32_rn(%p: tile<ptr<f64>>, %q: tile<ptr<f32>>) {
    %i = iota : tile<128xi32>
    %p1 = reshape %p : tile<ptr<f64>> -> tile<1xptr<f64>>
    %pb = broadcast %p1 : tile<1xptr<f64>> -> tile<128xptr<f64>>
    %pp = offset %pb, %i : tile<128xptr<f64>>, tile<128xi32> -> tile<128xptr<f64>>
    %q1 = reshape %q : tile<ptr<f32>> -> tile<1xptr<f32>>
    %qb = broadcast %q1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %qq = offset %qb, %i : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %x, %t0 = load_ptr_tko weak %pp : tile<128xptr<f64>> -> tile<128xf64>, token
    %y = ftof %x : tile<128xf64> -> tile<128xtf32>
    %z = ftof %y : tile<128xtf32> -> tile<128xf32>
    %t1 = store_ptr_tko weak %qq, %z : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }

  entry @f64_tf32_rz(%p: tile<ptr<f64>>, %q: tile<ptr<f32>>) {
    %i = iota : tile<128xi32>
    %p1 = reshape %p : tile<ptr<f64>> -> tile<1xptr<f64>>
    %pb = broadcast %p1 : tile<1xptr<f64>> -> tile<128xptr<f64>>
    %pp = offset %pb, %i : tile<128xptr<f64>>, tile<128xi32> -> tile<128xptr<f64>>
    %q1 = reshape %q : tile<ptr<f32>> -> tile<1xptr<f32>>
    %qb = broadcast %q1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %qq = offset %qb, %i : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %x, %t0 = load_ptr_tko weak %pp : tile<128xptr<f64>> -> tile<128xf64>, token
    %y = ftof %x rounding<zero> : tile<128xf64> -> tile<128xtf32>
    %z = ftof %y : tile<128xtf32> -> tile<128xf32>
    %t1 = store_ptr_tko weak %qq, %z : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }
}
