// RUN: tile-opt %s -split-input-file -verify-diagnostics

// Regression test (fixed): RegionOp::verify (lib/Dialect/TirX/IR/TirXOps.cpp) calls
// isa<GlobalViewOp>(getSource().getDefiningOp()) without checking for a null
// defining op, so a region of a block argument crashes the verifier instead
// of reporting the error.

func.func @region_of_argument(%g: !tirx.buffer<?xf32, global>, %i: index) {
  // expected-error@+1 {{expects its source to be a tirx.global_view}}
  %r = tirx.region %g [%i] : !tirx.buffer<?xf32, global> -> !tirx.buffer<16xf32, global>
  return
}
