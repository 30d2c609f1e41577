#!/usr/bin/env bash
# Builds the libFuzzer targets (tools/fuzz; CMake option TILEIR_FUZZ, in
# build-fuzz/) and runs each for a bounded time; fails if any finds a crash,
# a hang, a leak, an out-of-memory or a sanitizer error. docs/Testing.md.
#
#   utils/fuzz.sh [TARGET...]      TARGET: parser, bytecode, compile (all)
#
# TILEIR_FUZZ_TIME      seconds per target (60)
# TILEIR_FUZZ_DIR       corpora, crashes and logs (build-fuzz/fuzz)
# TILEIR_FUZZ_ARGS      more libFuzzer options, e.g. "-fork=2"
# TILEIR_FUZZ_BUILD_DIR the build (build-fuzz)
#
# Under TILEIR_FUZZ_DIR: seeds/ (made afresh from test/ and examples/ each
# run), corpus/TARGET/ (what the fuzzer found interesting, kept between
# runs), crashes/TARGET/ (crash-*, timeout-*, leak-*, oom-* inputs; run
# `build-fuzz/bin/tile-TARGET-fuzzer FILE` to reproduce one) and
# logs/TARGET.log.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${TILEIR_FUZZ_BUILD_DIR:-$root/build-fuzz}"
work="${TILEIR_FUZZ_DIR:-$build/fuzz}"
seconds="${TILEIR_FUZZ_TIME:-60}"
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(parser bytecode compile)
for t in "${targets[@]}"; do
  case "$t" in parser | bytecode | compile) ;;
  *) echo "fuzz.sh: unknown target '$t' (parser, bytecode, compile)" >&2; exit 2 ;;
  esac
done

TILEIR_BUILD_DIR="$build" \
  TILEIR_CMAKE_ARGS="-DTILEIR_FUZZ=ON -DTILEIR_BUILD_UNITTESTS=OFF ${TILEIR_CMAKE_ARGS:-}" \
  "$root/utils/build.sh" tileir-fuzzers tile-translate

# Seeds: every cuda_tile module of the tests and examples, one file per
# `// -----` piece without its comment lines, and their Tile IR bytecode
# (besides the bytecode files of test/).
seeds="$work/seeds"
rm -rf "$seeds"
mkdir -p "$seeds/text" "$seeds/bytecode"
while IFS= read -r -d '' file; do
  grep -q 'cuda_tile' "$file" || continue
  awk -v dir="$seeds/text" -v base="$(echo "$file" | md5sum | cut -c1-12)" '
    /^\/\/ -----/ { if (out) close(out); n++; next }
    /^[ \t]*\/\// { next }
    { out = dir "/" base "-" n ".mlir"; print > out }' "$file"
done < <(find "$root/test" "$root/examples" -name '*.mlir' -print0 | sort -z)
for f in "$seeds"/text/*.mlir; do
  grep -q 'cuda_tile' "$f" || rm "$f"
done
find "$root/test" -name '*.tilebc' -exec cp {} "$seeds/bytecode/" \;
for f in "$seeds"/text/*.mlir; do
  for v in 13.1 13.5; do
    ASAN_OPTIONS=detect_leaks=0 "$build/bin/tile-translate" --mlir-to-cudatilebc \
      --bytecode-version=$v "$f" -o "$seeds/bytecode/$(basename "$f" .mlir)-$v.tilebc" \
      2>/dev/null || rm -f "$seeds/bytecode/$(basename "$f" .mlir)-$v.tilebc"
  done
done
# A dictionary for the text targets: the most frequent words of the seeds
# (op names, keywords, types) and the punctuation of the syntax.
{
  cat "$seeds"/text/*.mlir | grep -oE '\b[a-z_][a-z0-9_]+\b' | sort | uniq -c |
    sort -rn | awk 'NR <= 400 { print "\"" $2 "\"" }'
  for p in '<' '>' '(' ')' '[' ']' '{' '}' ':' ',' '=' '->' '%' '@' '?' '!' 'x' \
    'dense<' 'tile<' 'ptr<' 'array<i32: ' '// -----'; do
    printf '"%s"\n' "$p"
  done
} > "$seeds/text.dict"
echo "== seeds: $(ls "$seeds/text" | wc -l) text, $(ls "$seeds/bytecode" | wc -l) bytecode"

export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:abort_on_error=1}"
failed=()
for t in "${targets[@]}"; do
  kind=text timeout=10 dict=(-dict="$seeds/text.dict")
  [ "$t" = bytecode ] && kind=bytecode dict=()
  [ "$t" = compile ] && timeout=60
  mkdir -p "$work/corpus/$t" "$work/crashes/$t" "$work/logs"
  echo "== $t: ${seconds}s"
  # shellcheck disable=SC2086
  if "$build/bin/tile-$t-fuzzer" "${dict[@]}" -max_total_time="$seconds" \
    -timeout="$timeout" -rss_limit_mb=4096 -max_len=65536 -print_final_stats=1 \
    -artifact_prefix="$work/crashes/$t/" ${TILEIR_FUZZ_ARGS:-} \
    "$work/corpus/$t" "$seeds/$kind" >"$work/logs/$t.log" 2>&1; then
    grep -E '^stat::number_of_executed_units|^stat::new_units_added' "$work/logs/$t.log" || true
  else
    failed+=("$t")
    grep -E 'ERROR|runtime error|Test unit written|tileir fuzz' "$work/logs/$t.log" | head -20 || true
    echo "   log: $work/logs/$t.log"
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz.sh: failures in: ${failed[*]} (inputs under $work/crashes)" >&2
  exit 1
fi
