#!/usr/bin/env python3
# ===- check-diagnostic-coverage.py - Diagnostics without a test -----------===#
#
# Part of TileIR.
#
# Lists the diagnostic messages of the cuda_tile dialect that no
# -verify-diagnostics test expects.
#
# A message is the text of one emission site in lib/Dialect/CudaTile (a call
# of emitOpError, emitError, emitWarning, ... that carries string literals):
# its literals in order, with a wildcard for each formatted part in between
# (`emitOpError("expects ") << n << " indices, got " << m` gives
# `expects .* indices, got `) and an alternation for `c ? "a" : "b"`.
# Identical messages from several sites count once.
#
# An expectation is the text of an `expected-error`, `expected-warning` or
# `expected-remark` line in a test of test/Dialect/CudaTile whose RUN lines
# use -verify-diagnostics. It covers the messages whose pattern it matches,
# but only the most specific ones (those with the most literal text), so that
# `expects a mask of shape [4] (the source shape), got [8]` covers that
# message and not also the shorter `expects a mask of shape .*, got `.
#
# Prints every message without an expectation and a summary line; exits 1
# when a message is not covered.
#
# ===-----------------------------------------------------------------------===#

import argparse
import re
import sys
from pathlib import Path

EMIT_CALL = re.compile(r"\bemit\w*\s*\(")
EXPECTATION = re.compile(
    r"expected-(?:error|warning|remark)(-re)?\s*(?:@\S+\s*)?\{\{(.*)\}\}")
VERIFY_RUN = re.compile(r"^//\s*RUN:.*-verify-diagnostics", re.MULTILINE)
ESCAPES = {"n": "\n", "t": "\t", "\\": "\\", '"': '"', "'": "'", "0": "\0"}


def strip_comments(text):
    """Blanks out // and /* */ comments, keeping string literals and line
    numbers."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def unescape(literal):
    return re.sub(r"\\(.)", lambda m: ESCAPES.get(m.group(1), m.group(1)),
                  literal)


def statement_tokens(text, start, emit_call=False):
    """Tokens of the statement that contains the code at `start`, from there
    to the statement's end, and the offset of that end: ('str', value) for
    the string literals of the message and ('code', text) for everything
    else. Literals passed to other calls (the separator of a `join`) are
    code; those of the call at `start` when `emit_call`, and of plain
    parentheses, are message text. A statement ends at a `;` or after a
    block's `}` at its own nesting level, or where that level closes."""
    tokens, i, n, code = [], start, len(text), []
    groups = []  # kinds of the open brackets: emit, group, call, brace
    block = False

    def flush():
        if code:
            tokens.append(("code", "".join(code)))
            code.clear()

    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            if all(kind in ("emit", "group") for kind in groups):
                flush()
                tokens.append(("str", unescape(text[i + 1:j])))
            else:
                code.append(text[i:j + 1])
            i = j + 1
            continue
        if c == "'":
            j = i + 1
            while text[j] != "'":
                j += 2 if text[j] == "\\" else 1
            code.append(text[i:j + 1])
            i = j + 1
            continue
        if c == "(":
            before = text[start:i].rstrip()
            if emit_call and not groups and not tokens and \
                    EMIT_CALL.fullmatch(text[start:i + 1]):
                groups.append("emit")
            elif before and (before[-1].isalnum() or before[-1] in "_>]"):
                groups.append("call")
            else:
                groups.append("group")
        elif c in "[{":
            if c == "{" and not groups:
                before = "".join(code).rstrip()
                block = not before or before.endswith(")") or \
                    re.search(r"\belse$", before)
            groups.append("brace")
        elif c in ")]}":
            if not groups:
                break
            groups.pop()
            if c == "}" and not groups and block:
                code.append(c)
                i += 1
                break
        elif c == ";" and not groups:
            i += 1
            break
        code.append(c)
        i += 1
    flush()
    return tokens, i


def continuation_tokens(text, name, start):
    """Tokens that statements after `start` stream into diagnostic `name`,
    up to the end of the enclosing block: `name << ...;` and
    `return name << ...;` add their tokens, any other statement that uses
    `name` (a conditional `if (c) name << ...;`, a lambda) a formatted
    part."""
    tokens, i = [], start
    unconditional = re.compile(r"\s*(?:return\s+)?%s\s*<<" % re.escape(name))
    while i < len(text):
        statement, end = statement_tokens(text, i)
        if end == i:
            break
        body = "".join(value for _, value in statement)
        match = unconditional.match(body) if statement else None
        if match and statement[0][0] == "code":
            rest = statement[0][1][match.end():]
            tokens.append(("code", "<<" + rest))
            tokens.extend(statement[1:])
        elif re.search(r"\b%s\b" % re.escape(name), body):
            tokens.append(("code", "<formatted>"))
        i = end
        # The enclosing block closed.
        if end < len(text) and text[end - 1] != ";" and text[end - 1] != "}":
            break
    return tokens


def message_pattern(tokens):
    """The regex of a message and the number of literal characters in it, or
    None when the statement carries no literal."""
    parts, literal_chars, i = [], 0, 0
    while i < len(tokens):
        kind, value = tokens[i]
        if kind == "code":
            if parts and value.strip() and parts[-1] != ".*":
                parts.append(".*")
            i += 1
            continue
        # Adjacent literals are one string.
        while (i + 2 < len(tokens) and tokens[i + 1][0] == "code" and
               not tokens[i + 1][1].strip() and tokens[i + 2][0] == "str"):
            value += tokens[i + 2][1]
            i += 2
        # `cond ? "a" : "b"`
        if (i > 0 and tokens[i - 1][1].rstrip().endswith("?") and
                i + 2 < len(tokens) and tokens[i + 1][1].strip() == ":" and
                tokens[i + 2][0] == "str"):
            other = tokens[i + 2][1]
            parts.append("(?:%s|%s)" % (re.escape(value), re.escape(other)))
            literal_chars += min(len(value), len(other))
            i += 3
            continue
        parts.append(re.escape(value))
        literal_chars += len(value)
        i += 1
    while parts and parts[-1] == ".*":
        parts.pop()
    if not literal_chars:
        return None
    return "".join(parts), literal_chars


def readable(pattern):
    """A message pattern as text: `...` for a formatted part."""
    text = pattern.replace(".*", "...")
    text = re.sub(r"\(\?:(.*?)\|(.*?)\)", r"{\1|\2}", text)
    return re.sub(r"\\(.)", r"\1", text)


def collect_messages(root, source_dirs):
    """{pattern: (literal chars, [(file, line), ...])} of every emission
    site, files relative to `root`."""
    messages = {}
    for directory in source_dirs:
        for path in sorted(directory.rglob("*")):
            if path.suffix not in (".cpp", ".h", ".td"):
                continue
            text = strip_comments(path.read_text())
            for match in EMIT_CALL.finditer(text):
                tokens, end = statement_tokens(text, match.start(),
                                               emit_call=True)
                if not any(kind == "str" for kind, _ in tokens):
                    continue
                # `InFlightDiagnostic diag = emit...(...)` goes on in the
                # statements that stream into `diag`.
                start = text.rfind("\n", 0, match.start())
                declared = re.search(r"InFlightDiagnostic\s+(\w+)\s*=\s*[\w:.>-]*$",
                                     text[max(0, start - 200):match.start()])
                if declared:
                    tokens += continuation_tokens(text, declared.group(1), end)
                found = message_pattern(tokens)
                if not found:
                    continue
                pattern, size = found
                line = text.count("\n", 0, match.start()) + 1
                site = (str(path.relative_to(root)), line)
                messages.setdefault(pattern, (size, []))[1].append(site)
    return messages


def collect_expectations(root, test_dirs):
    """[(file:line, text)] of the expectations of -verify-diagnostics tests,
    files relative to `root`."""
    expectations = []
    for directory in test_dirs:
        for path in sorted(directory.rglob("*.mlir")):
            text = path.read_text()
            if not VERIFY_RUN.search(text):
                continue
            for number, line in enumerate(text.splitlines(), 1):
                match = EXPECTATION.search(line)
                if not match:
                    continue
                expected = match.group(2)
                if match.group(1):
                    # expected-...-re: a regex piece stands for any text.
                    expected = re.sub(r"\{\{.*?\}\}", "?", expected)
                where = "%s:%d" % (path.relative_to(root), number)
                expectations.append((where, expected))
    return expectations


def main():
    root = Path(__file__).resolve().parent.parent
    parser = argparse.ArgumentParser(
        description="Lists the cuda_tile diagnostics that no test expects.")
    parser.add_argument("--root", type=Path, default=root,
                        help="the TileIR checkout (default: %(default)s)")
    parser.add_argument("--sources", nargs="+",
                        default=["lib/Dialect/CudaTile",
                                 "include/tileir/Dialect/CudaTile"],
                        help="source folders, relative to --root")
    parser.add_argument("--tests", nargs="+",
                        default=["test/Dialect/CudaTile"],
                        help="test folders, relative to --root")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="also list each message with its first test")
    args = parser.parse_args()

    messages = collect_messages(args.root,
                                [args.root / d for d in args.sources])
    expectations = collect_expectations(args.root,
                                        [args.root / d for d in args.tests])
    compiled = {p: re.compile(p, re.DOTALL) for p in messages}

    covered_by = {}
    for where, expected in expectations:
        matching = [p for p in messages if compiled[p].search(expected)]
        if not matching:
            continue
        best = max(messages[p][0] for p in matching)
        for pattern in matching:
            if messages[pattern][0] == best:
                covered_by.setdefault(pattern, where)

    missing = [p for p in messages if p not in covered_by]
    for pattern in sorted(missing, key=lambda p: messages[p][1][0]):
        sites = ", ".join("%s:%d" % site for site in messages[pattern][1])
        print("MISSING: %s\n  message: %s" % (sites, readable(pattern)))
    if args.verbose:
        for pattern in sorted(covered_by, key=lambda p: messages[p][1][0]):
            print("covered: %s\n  by %s" %
                  (readable(pattern), covered_by[pattern]))
    sites = sum(len(where) for _, where in messages.values())
    print("diagnostic messages: %d (from %d sites), covered: %d, missing: %d"
          % (len(messages), sites, len(covered_by), len(missing)))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
