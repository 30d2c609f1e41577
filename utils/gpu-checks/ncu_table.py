"""Prints chosen metrics of ncu's `--csv --page raw` output (stdin), one per
line: those named in argv[1] (comma-separated), else every metric."""
import csv
import io
import sys

wanted = sys.argv[1].split(",") if len(sys.argv) > 1 else None
text = sys.stdin.read()
lines = text.splitlines()
start = next((i for i, l in enumerate(lines) if l.startswith('"ID"')), None)
if start is None:
    print(text[-3000:])
    sys.exit(1)
rows = list(csv.reader(io.StringIO("\n".join(lines[start:]))))
header, units, values = rows[0], rows[1], rows[2:]
for row in values:
    for name, unit, value in zip(header, units, row):
        if wanted is None or name in wanted:
            print(f"{name:72s} {value} {unit}")
