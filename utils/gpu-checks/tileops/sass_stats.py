"""SASS instruction count and opcode histogram per f16 kernel (or k_* kernel) of the cubins in a folder
(cuobjdump -sass; on the GPU machine, where cuobjdump is installed):

  python3 sass_stats.py DIR   (cubins made here with ptxas -arch=sm_90 X.ptx -o DIR/X.cubin)
Static counts: a kernel's masked tail path counts too.
"""
import collections
import glob
import os
import re
import shutil
import subprocess
import sys

tool = shutil.which("cuobjdump") or "/usr/local/cuda/bin/cuobjdump"
for f in sorted(glob.glob(os.path.join(sys.argv[1], "*.cubin"))):
    txt = subprocess.run([tool, "-sass", f], capture_output=True, text=True).stdout
    for fn in re.split(r"\n\s*Function : ", txt)[1:]:
        name = fn.split("\n", 1)[0].strip()
        if "_f16" not in name and not name.startswith("k_"):
            continue
        ops = re.findall(r"/\*[0-9a-f]{4}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)", fn)
        c = collections.Counter(o.split(".")[0] for o in ops)
        print(f"{os.path.basename(f)}:{name}: {len(ops)} SASS; "
              + " ".join(f"{k}={v}" for k, v in c.most_common(12)))
