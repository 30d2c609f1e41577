// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_80 | FileCheck %s --check-prefix=SM80
// RUN: tile-opt %s --convert-cuda-tile-to-tirx="chip=sm_90a ptx-version=84" | FileCheck %s --check-prefix=SM90A
// RUN: tile-opt %s --convert-cuda-tile-to-tirx=pointer-alignment=4 | FileCheck %s --check-prefix=ALIGN
// RUN: not tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_75 2>&1 | FileCheck %s --check-prefix=SM75
// RUN: not tile-opt %s --convert-cuda-tile-to-tirx="chip=sm_90 ptx-version=78" 2>&1 | FileCheck %s --check-prefix=OLDPTX
// RUN: not tile-opt %s --convert-cuda-tile-to-tirx=num-threads=96 2>&1 | FileCheck %s --check-prefix=THREADS

// The pass options: the chip and PTX version go into the #nvvm.target,
// pointer-alignment into every global view; bad values are errors.

// SM80: gpu.module @opts [#nvvm.target<O = 3, chip = "sm_80", features = "+ptx70">]
// SM90A: gpu.module @opts [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx84">]
// ALIGN: tirx.global_view %{{.*}} sizes [256] strides [1] {alignment = 4 : i64}
// SM75: error: unsupported chip 'sm_75'; supported chips: sm_80, sm_86, sm_89, sm_90, sm_90a
// SM75-NOT: gpu.module
// OLDPTX: error: PTX version 7.8 is too old for sm_90 (needs 8.0 or newer)
// THREADS: :[[@LINE+3]]:3: error: 'cuda_tile.entry' op expects a power-of-two CTA size of at most 1024, got 96
// THREADS-NOT: gpu.func
cuda_tile.module @opts {
  entry @copy(%x: tile<ptr<f32>>) {
    %tx = make_tensor_view %x, shape = [256], strides = [1] : tensor_view<256xf32, strides=[1]>
    %px = make_partition_view %tx : partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t = load_view_tko weak %px[%c0] : partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>, tile<i32> -> tile<256xf32>, token
    return
  }
}
