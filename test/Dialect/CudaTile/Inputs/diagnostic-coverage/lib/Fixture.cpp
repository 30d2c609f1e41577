// Emission sites for diagnostic-coverage.test; not compiled.

LogicalResult covered(Operation *op, int n, bool wide) {
  if (n < 0)
    return op->emitOpError("expects a mask of shape ")
           << ListFormat{shape} << " (the source shape), got " << n;
  if (n > 8)
    return op->emitOpError("expects a mask of shape ") << n << ", got " << n;
  if (wide)
    return op->emitOpError("expects a ")
           << (wide ? "wider" : "narrower") << " result, got " << n;
  InFlightDiagnostic diag = parser.emitError(loc, "expects 1 ");
  if (n > 1)
    diag << "or " << n << " ";
  return diag << "types for " << n << " operands, got " << n;
}

LogicalResult uncovered(Operation *op, int n) {
  // A literal passed to another call is not message text.
  return op->emitOpError("expects one of ")
         << llvm::join(names, ", ") << ", got " << n;
}

LogicalResult noText(Operation *op) { return op->emitOpError(); }
