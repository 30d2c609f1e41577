// RUN: tile-opt %s --convert-cuda-tile-to-tirx | FileCheck %s

// pack (56) and unpack (57): the k pieces of each byte (sub-byte elements)
// or of each element (wider than a byte) sit in k consecutive registers of
// one thread (the grouped layout L.unpack(k) of the whole side's blocked
// layout L); piece i is a tirx.view with memory strides times k and memory
// offset i, and the packing is tirx.map register arithmetic. The other side
// is regrouped through shared memory, as i8, when its layout differs.

// Small tiles: the blocked layouts already group, no shared memory.
// CHECK-LABEL: gpu.func @small
// CHECK: %[[B:.*]] = tirx.alloc : !tirx.buffer<8xi8, local, <S[8:1] + R[32:1@tx]>>
// CHECK-NOT: shared
// CHECK: %[[U:.*]] = tirx.alloc : !tirx.buffer<16xi4, local, <S[16:1] + R[32:1@tx]>>
// CHECK: %[[U0:.*]] = tirx.view %[[U]] : {{.*}} -> !tirx.buffer<8xi4, local, <S[8:2] + R[32:1@tx]>>
// CHECK: tirx.map cta %[[U0]], %[[B]]
// CHECK-NEXT: ^bb0(%[[X:.*]]: i8):
// CHECK-NEXT: %[[T:.*]] = arith.trunci %[[X]] : i8 to i4
// CHECK-NEXT: tirx.yield %[[T]] : i4
// CHECK: %[[U1:.*]] = tirx.view %[[U]] : {{.*}} -> !tirx.buffer<8xi4, local, <S[8:2] + R[32:1@tx] + 1>>
// CHECK: tirx.map cta %[[U1]], %[[B]]
// CHECK-NEXT: ^bb0(%[[X:.*]]: i8):
// CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : i8
// CHECK-NEXT: %[[S:.*]] = arith.shrui %[[X]], %[[C4]] : i8
// CHECK-NEXT: %[[T:.*]] = arith.trunci %[[S]] : i8 to i4
// CHECK-NEXT: tirx.yield %[[T]] : i4
// pack reads the unpacked buffer's pieces directly.
// CHECK: %[[P0:.*]] = tirx.view %[[U]] : {{.*}} -> !tirx.buffer<8xi4, local, <S[8:2] + R[32:1@tx]>>
// CHECK: %[[P1:.*]] = tirx.view %[[U]] : {{.*}} -> !tirx.buffer<8xi4, local, <S[8:2] + R[32:1@tx] + 1>>
// CHECK: %[[R:.*]] = tirx.alloc : !tirx.buffer<8xi8, local, <S[8:1] + R[32:1@tx]>>
// CHECK: tirx.map cta %[[R]], %[[P0]], %[[P1]]
// CHECK-NEXT: ^bb0(%[[X0:.*]]: i4, %[[X1:.*]]: i4):
// CHECK-NEXT: %[[E0:.*]] = arith.extui %[[X0]] : i4 to i8
// CHECK-NEXT: %[[E1:.*]] = arith.extui %[[X1]] : i4 to i8
// CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : i8
// CHECK-NEXT: %[[H:.*]] = arith.shli %[[E1]], %[[C4]] : i8
// CHECK-NEXT: %[[O:.*]] = arith.ori %[[E0]], %[[H]] : i8
// CHECK-NEXT: tirx.yield %[[O]] : i8

// 64 x i4 (16 per thread) -> 32 bytes (16 per thread, two i4 each): widened
// to i8 in place, regrouped to 32 per thread by a layout change.
// CHECK-LABEL: gpu.func @pack_i4
// CHECK: %[[N:.*]] = tirx.alloc : !tirx.buffer<64xi4, local, <S[(4,16):(1@tx,1)] + R[8:4@tx]>>
// CHECK: %[[W:.*]] = tirx.alloc : !tirx.buffer<64xi8, local, <S[(4,16):(1@tx,1)] + R[8:4@tx]>>
// CHECK: tirx.map cta %[[W]], %[[N]]
// CHECK-NEXT: ^bb0(%[[X:.*]]: i4):
// CHECK-NEXT: %[[E:.*]] = arith.extui %[[X]] : i4 to i8
// CHECK: %[[G:.*]] = tirx.alloc : !tirx.buffer<64xi8, local, <S[(2,16,2):(1@tx,2,1)] + R[16:2@tx]>>
// CHECK: tirx.permute_layout cta %[[G]], %[[W]]
// CHECK: %[[G0:.*]] = tirx.view %[[G]] : {{.*}} -> !tirx.buffer<32xi8, local, <S[(2,16):(1@tx,2)] + R[16:2@tx]>>
// CHECK: %[[G1:.*]] = tirx.view %[[G]] : {{.*}} -> !tirx.buffer<32xi8, local, <S[(2,16):(1@tx,2)] + R[16:2@tx] + 1>>
// CHECK: %[[P:.*]] = tirx.alloc : !tirx.buffer<32xi8, local, <S[(2,16):(1@tx,1)] + R[16:2@tx]>>
// CHECK: tirx.map cta %[[P]], %[[G0]], %[[G1]]
// CHECK-NEXT: ^bb0(%[[X0:.*]]: i8, %[[X1:.*]]: i8):
// CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : i8
// CHECK-NEXT: %[[H:.*]] = arith.shli %[[X1]], %[[C4]] : i8
// CHECK-NEXT: %[[O:.*]] = arith.ori %[[X0]], %[[H]] : i8
// CHECK-NEXT: tirx.yield %[[O]] : i8

// 64 x i1 -> 8 bytes: eight pieces per byte.
// CHECK-LABEL: gpu.func @pack_i1
// CHECK: arith.extui %{{.*}} : i1 to i8
// CHECK: tirx.permute_layout cta %[[G:.*]], %{{.*}} : !tirx.buffer<64xi8, local, <S[(8,8):(8,1)] + R[32:1@tx]>>
// CHECK: tirx.view %[[G]] : {{.*}} -> !tirx.buffer<8xi8, local, <S[8:8] + R[32:1@tx] + 7>>
// CHECK: tirx.map
// CHECK-NEXT: ^bb0(%[[X0:.*]]: i8, %{{.*}}: i8, %{{.*}}: i8, %{{.*}}: i8, %{{.*}}: i8, %{{.*}}: i8, %{{.*}}: i8, %[[X7:.*]]: i8):
// CHECK: %[[C7:.*]] = arith.constant 7 : i8
// CHECK-NEXT: %[[H:.*]] = arith.shli %[[X7]], %[[C7]] : i8
// CHECK-NEXT: %[[O:.*]] = arith.ori %{{.*}}, %[[H]] : i8
// CHECK-NEXT: tirx.yield %[[O]] : i8

// 64 x f16 <-> 128 bytes: byte i of each element into register i of its
// pair (two maps), and back with one map; the blocked layouts match.
// CHECK-LABEL: gpu.func @pack_f16
// CHECK: %[[F:.*]] = tirx.alloc : !tirx.buffer<64xf16, local, <S[(8,8):(1@tx,1)] + R[4:8@tx]>>
// CHECK: %[[BY:.*]] = tirx.alloc : !tirx.buffer<128xi8, local, <S[(8,16):(1@tx,1)] + R[4:8@tx]>>
// CHECK: %[[V0:.*]] = tirx.view %[[BY]] : {{.*}} -> !tirx.buffer<64xi8, local, <S[(8,8):(1@tx,2)] + R[4:8@tx]>>
// CHECK: tirx.map cta %[[V0]], %[[F]]
// CHECK-NEXT: ^bb0(%[[X:.*]]: f16):
// CHECK-NEXT: %[[I:.*]] = arith.bitcast %[[X]] : f16 to i16
// CHECK-NEXT: %[[T:.*]] = arith.trunci %[[I]] : i16 to i8
// CHECK-NEXT: tirx.yield %[[T]] : i8
// CHECK: %[[V1:.*]] = tirx.view %[[BY]] : {{.*}} -> !tirx.buffer<64xi8, local, <S[(8,8):(1@tx,2)] + R[4:8@tx] + 1>>
// CHECK: tirx.map cta %[[V1]], %[[F]]
// CHECK-NEXT: ^bb0(%[[X:.*]]: f16):
// CHECK-NEXT: %[[I:.*]] = arith.bitcast %[[X]] : f16 to i16
// CHECK-NEXT: %[[C8:.*]] = arith.constant 8 : i16
// CHECK-NEXT: %[[S:.*]] = arith.shrui %[[I]], %[[C8]] : i16
// CHECK-NEXT: %[[T:.*]] = arith.trunci %[[S]] : i16 to i8
// CHECK-NEXT: tirx.yield %[[T]] : i8
// CHECK-NOT: shared
// CHECK: %[[BYG:.*]] = tirx.view %[[BY]] : {{.*}} -> !tirx.buffer<128xi8, local, <S[(8,8,2):(1@tx,2,1)] + R[4:8@tx]>>
// CHECK: %[[W0:.*]] = tirx.view %[[BYG]] : {{.*}} -> !tirx.buffer<64xi8, local, <S[(8,8):(1@tx,2)] + R[4:8@tx]>>
// CHECK: %[[W1:.*]] = tirx.view %[[BYG]] : {{.*}} -> !tirx.buffer<64xi8, local, <S[(8,8):(1@tx,2)] + R[4:8@tx] + 1>>
// CHECK: %[[U:.*]] = tirx.alloc : !tirx.buffer<64xf16, local, <S[(8,8):(1@tx,1)] + R[4:8@tx]>>
// CHECK: tirx.map cta %[[U]], %[[W0]], %[[W1]]
// CHECK-NEXT: ^bb0(%[[X0:.*]]: i8, %[[X1:.*]]: i8):
// CHECK-NEXT: %[[E0:.*]] = arith.extui %[[X0]] : i8 to i16
// CHECK-NEXT: %[[E1:.*]] = arith.extui %[[X1]] : i8 to i16
// CHECK-NEXT: %[[C8:.*]] = arith.constant 8 : i16
// CHECK-NEXT: %[[H:.*]] = arith.shli %[[E1]], %[[C8]] : i16
// CHECK-NEXT: %[[O:.*]] = arith.ori %[[E0]], %[[H]] : i16
// CHECK-NEXT: %[[R:.*]] = arith.bitcast %[[O]] : i16 to f16
// CHECK-NEXT: tirx.yield %[[R]] : f16

// f4E2M1FN registers: pieces are unpacked as i8, regrouped, narrowed and
// bitcast; packing bitcasts back to i4.
// CHECK-LABEL: gpu.func @unpack_f4
// CHECK: tirx.permute_layout cta %[[G:.*]], %{{.*}} : !tirx.buffer<64xi8, local, <S[(4,16):(1@tx,1)] + R[8:4@tx]>>, !tirx.buffer<64xi8, local
// CHECK: %[[F:.*]] = tirx.alloc : !tirx.buffer<64xf4E2M1FN, local, <S[(4,16):(1@tx,1)] + R[8:4@tx]>>
// CHECK: tirx.map cta %[[F]], %[[G]]
// CHECK-NEXT: ^bb0(%[[X:.*]]: i8):
// CHECK-NEXT: %[[T:.*]] = arith.trunci %[[X]] : i8 to i4
// CHECK-NEXT: %[[R:.*]] = arith.bitcast %[[T]] : i4 to f4E2M1FN
// CHECK-NEXT: tirx.yield %[[R]] : f4E2M1FN
// CHECK: tirx.map cta %{{.*}}, %[[F]]
// CHECK-NEXT: ^bb0(%[[X:.*]]: f4E2M1FN):
// CHECK-NEXT: %[[I:.*]] = arith.bitcast %[[X]] : f4E2M1FN to i4
// CHECK-NEXT: arith.extui %[[I]] : i4 to i8

cuda_tile.module @k {
  entry @small() {
    %i = iota : tile<8xi8>
    %u = unpack %i : tile<8xi8> -> tile<16xi4>
    %p = pack %u : tile<16xi4> -> tile<8xi8>
    return
  }
  entry @pack_i4() {
    %i = iota : tile<64xi32>
    %t = trunci %i : tile<64xi32> -> tile<64xi4>
    %p = pack %t : tile<64xi4> -> tile<32xi8>
    return
  }
  entry @pack_i1() {
    %i = iota : tile<64xi32>
    %t = trunci %i : tile<64xi32> -> tile<64xi1>
    %p = pack %t : tile<64xi1> -> tile<8xi8>
    return
  }
  entry @pack_f16() {
    %i = iota : tile<64xi16>
    %f = bitcast %i : tile<64xi16> -> tile<64xf16>
    %p = pack %f : tile<64xf16> -> tile<128xi8>
    %u = unpack %p : tile<128xi8> -> tile<64xf16>
    return
  }
  entry @unpack_f4() {
    %i = iota : tile<32xi8>
    %f = unpack %i : tile<32xi8> -> tile<64xf4E2M1FN>
    %p = pack %f : tile<64xf4E2M1FN> -> tile<32xi8>
    return
  }
}
