#!/bin/sh
# Interestingness test for tile-reduce: `contains-op.sh OP FILE` exits 1
# (interesting) while FILE still holds an OP op, and 0 otherwise.
grep -q " = $1 \| $1 " "$2" && exit 1
exit 0
