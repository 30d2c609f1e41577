"""Registers, stack frame (ptxas -v) and PTX instruction count of every entry of the PTX files given.

  python3 ptx_stats.py DIR/ptx/*.ptx   (here: needs ptxas, /usr/local/cuda/bin or $PTXAS)
"""
import os
import re
import subprocess
import sys

PTXAS = os.environ.get("PTXAS", "/usr/local/cuda/bin/ptxas")

for f in sys.argv[1:]:
    err = subprocess.run([PTXAS, "-arch=sm_90", "-v", f, "-o", "/dev/null"], capture_output=True,
                         text=True).stderr
    ptx = open(f).read()
    name, stack = None, 0
    for line in err.splitlines():
        m = re.search(r"Compiling entry function '(\w+)'", line)
        if m:
            name, stack = m.group(1), 0
        m = re.search(r"(\d+) bytes stack frame", line)
        if m:
            stack = int(m.group(1))
        m = re.search(r"Used (\d+) registers", line)
        if m and name:
            body = ptx.split(f".entry {name}(")[1].split("\n}\n")[0]
            n = sum(1 for s in map(str.strip, body.splitlines())
                    if s and s[0].isalpha() and s.endswith(";"))
            print(f"{name:48s} regs={m.group(1):>3} stack={stack:<3} ptx_insts={n}")
