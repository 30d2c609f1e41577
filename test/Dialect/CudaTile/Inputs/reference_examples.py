#!/usr/bin/env python3
"""Checks that every IR example of the cuda_tile specification parses and
round-trips through tile-opt.

Usage: reference_examples.py SPEC.md TILE_OPT

Extracts every inline code span of SPEC.md that is an op (`%r = op ... : T`,
`op ... : T`) and every ```mlir block. Single ops are wrapped in a
`testing$func` whose arguments are the SSA values the op uses, typed from
the op's own type list; blocks that are whole modules or entries are wrapped
in a module. Each case must parse, and print the same after a custom-form
and a generic-form round trip. Lines the specification itself marks as wrong
or incomplete are listed in EXCLUDED with the reason.
"""

import re
import subprocess
import sys

# Example text (prefix match) -> why it is not checked.
EXCLUDED = {
    # The spec marks these as wrong or as fragments.
    "%0 = cuda_tile.remi": "spec: taken from a failing test (2x4x8 shape)",
    "print \"Iteration result\"": "spec: 13.1 syntax, print_tko since 13.2",
    "print_tko \"Running example module": "spec: README lines lack -> token",
    "print_tko \"Data: %f": "spec: README lines lack -> token",
    "cuda_tile.module @example_module": "spec: README print_tko lines lack -> token",
    "cuda_tile.module @kernels {\n  entry @mutated_kernel": "spec: 13.1 print syntax",
    "entry @vadd_ptr": "spec: '… same three lines …' elides %pb/%pc",
    "entry @test_optimization_hints": "a function header without body",
    "cuda_tile.module @kernels attributes": "a module header without body",
    "%0 = reduce": "region follows in prose",
    "%0 = scan": "region follows in prose",
    "(%arg0_in": "region of the reduce example, not an op",
    "%if_result = if": "checked by ops-control.mlir (needs an i1 constant)",
    "%for_result = for": "body elided with …",
    "for unsigned %iv_u": "needs bounds of the for example",
    "%loop2:3 = loop": "body elided with …",
    "%loop1 = loop": "needs a break in its body",
    "break %a": "terminator: needs an enclosing loop",
    "continue %": "terminator: needs an enclosing loop",
    "yield %0": "terminator: needs an enclosing if",
    "return": "terminator",
    "entry @k(": "syntax template with …",
    "entry @name(": "syntax template with …",
    "global [": "syntax template",
    "%0 = get_global": "needs the global of ops.mlir",
    "make_strided_view %tensor_view0": "no result name; view type only",
    "make_gather_scatter_view %tensor_view0": "no result name; view type only",
    "%tok3 = print_tko": "spec: second print_tko of the pair uses %tok3",
    "load_view_tko ORDERING": "syntax template",
    "store_view_tko ORDERING": "syntax template",
    "atomic_red_view_tko` custom": "syntax template",
    "if %cond [": "syntax template",
    "for [unsigned]": "syntax template",
    "loop [iter_values": "syntax template",
    "make_tensor_view %a, shape = [%n]": "fragment of the vadd example",
    "make_tensor_view %base, shape = [": "syntax template",
    "$operands attr-dict": "assembly-format template",
    "get_tensor_shape %tv : TENSOR_VIEW_TYPE": "syntax template",
    "get_index_space_shape %v : VIEW_TYPE": "syntax template",
    "loop : RESULT_TYPES": "syntax template",
    "assume PRED": "syntax template",
    "memory_ordering_semantics = 0 : i32": "an attribute, not an op",
    "get_global @g :": "needs a global @g",
    "!cuda_tile.strided_view<tile=(1024x1024), traversal_strides=[1024,1]":
        "spec: negative example (dim 0 mapped twice)",
}

OP_SPAN = re.compile(
    r"^(%[\w#:]+(, %[\w#:]+)* = )?(cuda_tile\.)?[a-z_$0-9]+( |$)")


def excluded(text):
    if re.search(r"…|\.\.\.|\b[A-Z][A-Z_]+\b|<T>", text):
        return "syntax template with placeholders"
    for prefix, reason in EXCLUDED.items():
        if text.startswith(prefix) or ("\n" in prefix and prefix in text):
            return reason
    return None


def split_top(text, sep=","):
    """Splits at `sep` outside <>, (), [] and {}."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def signature(op):
    """Returns (body, input types) for `body : in-types [-> results]`."""
    depth, colon = 0, -1
    for i, ch in enumerate(op):
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        elif ch == ":" and depth == 0 and op[i - 1] == " ":
            colon = i
    if colon < 0:
        return op, []
    body, types = op[:colon], op[colon + 1:]
    inputs = types.split("->")[0] if "->" in types else types
    return body, split_top(inputs)


def wrap_op(line):
    lhs, _, rhs = line.partition(" = ") if re.match(r"^%[\w#:]+(, %[\w#:]+)* = ", line) else ("", "", line)
    body, types = signature(rhs)
    body_no_str = re.sub(r'"[^"]*"', '""', body)
    mnemonic = body_no_str.split()[0].replace("cuda_tile.", "")
    tokens = set(re.findall(r"token ?= ?(%[\w]+)", body_no_str))
    names = []
    for name in re.findall(r"%[\w]+", body_no_str):
        if name not in names:
            names.append(name)
    operands = [n for n in names if n not in tokens]
    args = {n: "token" for n in tokens}
    if mnemonic == "atomic_red_view_tko":
        # Types are value, view, index while the text reads view, index..., value.
        order = [operands[-1], operands[0]] + operands[1:-1]
        operands = order
    if mnemonic == "extract":
        args.update({n: "tile<i32>" for n in operands[1:]})
        operands = operands[:1]
    if mnemonic == "make_tensor_view":
        view = rhs.split("->")[-1].strip() if "->" in rhs else types[0]
        elem = re.match(r"tensor_view<(?:[\d?]+x)*(\w+)", view).group(1)
        args[operands[0]] = "tile<ptr<%s>>" % elem
        for n in operands[1:]:
            args[n] = types[0]
        operands = []
    if mnemonic in ("make_partition_view", "make_strided_view",
                    "make_gather_scatter_view"):
        inner = re.search(r"tensor_view<[^>]*>", types[0]).group(0)
        args[operands[0]] = inner
        operands = []
    for i, n in enumerate(operands):
        if not types:
            return None
        args[n] = types[min(i, len(types) - 1)]
    arglist = ", ".join("%s: %s" % (n, t) for n, t in args.items())
    return ("cuda_tile.module @kernels {\n  testing$func @f(%s) {\n    %s\n"
            "    return\n  }\n}\n" % (arglist, line))


def run(args, text):
    return subprocess.run(args, input=text, capture_output=True, text=True)


def check(tile_opt, name, text):
    first = run([tile_opt], text)
    if first.returncode:
        return "does not parse:\n" + first.stderr
    again = run([tile_opt], first.stdout)
    generic = run([tile_opt, "--mlir-print-op-generic"], text)
    back = run([tile_opt], generic.stdout)
    if again.stdout != first.stdout:
        return "custom round trip differs"
    if back.stdout != first.stdout:
        return "generic round trip differs:\n" + back.stderr
    return None


def main():
    spec, tile_opt = sys.argv[1], sys.argv[2]
    text = open(spec).read()
    cases = []
    for block in re.findall(r"```mlir\n(.*?)```", text, re.S):
        cases.append(block.strip())
    prose = re.sub(r"```.*?```", "", text, flags=re.S)
    for span in re.findall(r"`([^`\n]+)`", prose):
        span = span.strip()
        if " : " in span and OP_SPAN.match(span):
            cases.append(span)
        elif re.match(r"^(%\w+: )?!cuda_tile\.\w+<.*>$", span):
            cases.append(span)
    checked, skipped, failures = 0, 0, []
    for case in cases:
        reason = excluded(case)
        if reason:
            print("EXCLUDED: %s (%s)" % (case.splitlines()[0], reason))
            skipped += 1
            continue
        if case.startswith("!") or re.match(r"^%\w+: ", case):
            arg = case if case.startswith("%") else "%arg: " + case
            wrapped = ("cuda_tile.module @kernels {\n  testing$func @f(%s) {"
                       "\n    return\n  }\n}\n" % arg)
        elif case.startswith("cuda_tile.module"):
            wrapped = case
        elif case.startswith(("entry", "testing$func", "global")):
            wrapped = "cuda_tile.module @kernels {\n%s\n}\n" % case
        elif "\n" in case:
            wrapped = case
        else:
            wrapped = wrap_op(case)
            if wrapped is None:
                failures.append((case, "cannot infer operand types"))
                continue
        error = check(tile_opt, case, wrapped)
        checked += 1
        if error:
            failures.append((case, error + "\n" + wrapped))
    for case, error in failures:
        print("FAIL: %s\n  %s" % (case, error))
    print("checked %d examples, excluded %d, failed %d" %
          (checked, skipped, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
