#!/usr/bin/env python3
"""Toads and Frogs values: nimber against canonical forms built by cgt-py, on every strip.

    python3 bench/cgt-toadsandfrogs.py [--nimber PATH] [--venv DIR] [--max N]

cgt-tools has no Toads and Frogs, so this script states the rules again (a toad steps right into
an empty square or jumps right over one frog into the empty square beyond; frogs likewise to the
left), move by move with no cutting into parts, and has cgt-py build each strip's canonical form
from its options' (`CanonicalForm('{A,B|C}')`). It compares that with `nimber cgt toadsandfrogs`
on every strip of `T`, `F` and `.` of 1 to N squares (default 8: 9,840 strips; 9 gives 29,523),
with cgt-py's equality, or `nimber value 'A == B'` where cgt-py cannot read nimber's text
(`{2|1||0}`). cgt-py is installed as by bench/cgt-domineering.py (a throwaway environment, never
a dependency). Exit status 1 when a value differs.
"""

import argparse
import importlib.util
import itertools
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Run by the environment's Python: every strip's value, one `STRIP VALUE` line each.
CGT_SCRIPT = r"""
import functools, itertools, sys
from cgt_py import CanonicalForm

def text(g):
    return repr(g)[len("CanonicalForm('"):-2]

@functools.lru_cache(maxsize=None)
def value(s):
    n, left, right = len(s), [], []
    for i, c in enumerate(s):
        if c == 'T':
            if i + 1 < n and s[i + 1] == '.':
                left.append(s[:i] + '.T' + s[i + 2:])
            elif i + 2 < n and s[i + 1] == 'F' and s[i + 2] == '.':
                left.append(s[:i] + '.FT' + s[i + 3:])
        elif c == 'F':
            if i >= 1 and s[i - 1] == '.':
                right.append(s[:i - 1] + 'F.' + s[i + 1:])
            elif i >= 2 and s[i - 1] == 'T' and s[i - 2] == '.':
                right.append(s[:i - 2] + 'FT.' + s[i + 1:])
    options = lambda side: ",".join(text(value(x)) for x in side)
    return CanonicalForm("{" + options(left) + "|" + options(right) + "}")

for n in range(1, int(sys.argv[1]) + 1):
    for p in itertools.product("TF.", repeat=n):
        s = "".join(p)
        print(s, text(value(s)))
"""


def domineering_bench():
    """bench/cgt-domineering.py as a module (its environment and build helpers)."""
    spec = importlib.util.spec_from_file_location("cgt_domineering", os.path.join(ROOT, "bench", "cgt-domineering.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nimber", help="a nimber binary (default: build target/release/nimber)")
    ap.add_argument("--venv", default=os.path.join(ROOT, "target", "cgt-py-venv"))
    ap.add_argument("--max", type=int, default=8, help="the longest strips (default 8)")
    args = ap.parse_args()
    bench = domineering_bench()
    python = bench.ensure_venv(args.venv)
    nimber = bench.nimber_binary(args.nimber)
    out = subprocess.run([python, "-c", CGT_SCRIPT, str(args.max)], capture_output=True, text=True, check=True)
    strips = differ = 0
    for line in out.stdout.splitlines():
        strip, theirs = line.split(" ", 1)
        doc = subprocess.run(
            [nimber, "cgt", "toadsandfrogs", "-p", f"board={strip}", "--json"],
            capture_output=True, text=True, check=True,
        )
        ours = json.loads(doc.stdout)["value"]
        strips += 1
        if ours == theirs:
            continue
        same = subprocess.run([nimber, "value", f"{theirs} == {ours}"], capture_output=True, text=True)
        if not (same.returncode == 0 and same.stdout.startswith("true")):
            print(f"{strip}: nimber {ours}, cgt-py {theirs}")
            differ += 1
    print(f"{strips} strips of 1 to {args.max} squares, {differ} values differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
