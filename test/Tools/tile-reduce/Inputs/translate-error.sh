#!/bin/sh
# Interestingness test for tile-reduce: `translate-error.sh MESSAGE FILE`
# exits 1 (interesting) while `tile-translate --cuda-tile-to-ptx FILE` still
# reports an error that contains MESSAGE, and 0 otherwise.
tile-translate --cuda-tile-to-ptx "$2" 2>&1 >/dev/null | grep -q -- "$1" && exit 1
exit 0
