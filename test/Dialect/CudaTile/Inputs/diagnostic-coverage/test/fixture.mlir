// RUN: tile-opt %s -verify-diagnostics

// expected-error @+1 {{'x.y' op expects a mask of shape [4] (the source shape), got 8}}
// expected-error @+1 {{expects a narrower result, got 3}}
// expected-error @+1 {{expects 1 or 2 types for 2 operands, got 3}}
// expected-error @+1 {{expects one of a, b}}
