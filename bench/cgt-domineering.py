#!/usr/bin/env python3
"""Domineering canonical forms: nimber against cgt-tools (cgt-py, from PyPI), side by side.

    python3 bench/cgt-domineering.py [--nimber PATH] [--venv DIR] [--repeat N]

Installs cgt-py 0.11.0 into a throwaway virtual environment (default target/cgt-py-venv; cgt-tools
is AGPL: it is only run here, never a dependency of nimber), builds nimber (release) unless
--nimber names a binary, and for every rectangle from 2x2 to 4x6 and 5x5 (rows x columns, Left
vertical):

- times cgt-py's canonical form in its own Python process (construction and canonical form,
  measured inside the process: interpreter start-up is not counted), and `nimber cgt domineering`
  as a whole process (start-up counted: the comparison is conservative for nimber); the best
  of N runs each (default 3);
- checks that the two values are equal, with `nimber value 'CGT == NIMBER'` (cgt-py prints
  `{1|-1}` where CGSuite and nimber print `+-1`: the comparison is of values, not of texts);
- prints each board's times and their ratio, and the ratio over all boards (sums of times);
- prints the peak resident memory of each process (the largest of the N runs; cgt-py's includes
  its Python interpreter, about 10 MiB before any work: see the `1x1` line), and for nimber the
  positions valued and the distinct canonical forms stored, to show that its memory grows with
  the forms rather than the positions.

Exit status 1 when a value differs. Measure on an otherwise quiet machine.
"""

import argparse
import os
import re
import subprocess
import sys
import time
import venv

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CGT_PY = "cgt-py==0.11.0"

CGT_SCRIPT = r"""
import sys, time, cgt_py
board = sys.argv[1]
start = time.perf_counter()
value = cgt_py.Domineering(board).canonical_form
elapsed = time.perf_counter() - start
text = repr(value)
prefix = "CanonicalForm('"
assert text.startswith(prefix) and text.endswith("')"), text
print(elapsed)
print(text[len(prefix):-2])
"""


def boards():
    out = [(r, c) for r in range(2, 5) for c in range(2, 7)]
    out.append((5, 5))
    return out


def ensure_venv(path):
    python = os.path.join(path, "bin", "python")
    if not os.path.exists(python):
        print(f"installing {CGT_PY} into {path} (a throwaway environment)...", file=sys.stderr)
        venv.create(path, with_pip=True)
        subprocess.run([python, "-m", "pip", "install", "-q", CGT_PY, "anywidget"], check=True)
    return python


def nimber_binary(given):
    if given:
        return given
    print("building nimber (release)...", file=sys.stderr)
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "nimber"], cwd=ROOT, check=True)
    return os.path.join(ROOT, "target", "release", "nimber")


def best(times):
    return min(times)


def peak_mib(cmd):
    """The peak resident memory of one run of `cmd`, in MiB (Linux: ru_maxrss in KiB)."""
    pid = os.fork()
    if pid == 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        try:
            os.execvp(cmd[0], cmd)
        finally:
            os._exit(127)
    _, status, usage = os.wait4(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{cmd} failed")
    return usage.ru_maxrss / 1024


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nimber", help="a nimber binary (default: build target/release/nimber)")
    ap.add_argument("--venv", default=os.path.join(ROOT, "target", "cgt-py-venv"))
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    python = ensure_venv(args.venv)
    nimber = nimber_binary(args.nimber)
    print(f"{'board':>6} {'cgt-py s':>10} {'nimber s':>10} {'ratio':>7} {'cgt MiB':>8} {'nim MiB':>8} "
          f"{'positions':>10} {'forms':>8}  value")
    total_cgt = total_nimber = 0.0
    failed = False
    base_cgt = peak_mib([python, "-c", CGT_SCRIPT, "."])
    base_nimber = peak_mib([nimber, "cgt", "domineering", "-p", "board=."])
    print(f"{'1x1':>6} {'':>10} {'':>10} {'':>7} {base_cgt:8.1f} {base_nimber:8.1f}  (start-up: the processes' own memory)")
    for rows, cols in boards():
        cgt_board = "|".join(["." * cols] * rows)
        our_board = "/".join(["." * cols] * rows)
        cgt_times, cgt_value = [], None
        for _ in range(args.repeat):
            out = subprocess.run([python, "-c", CGT_SCRIPT, cgt_board], capture_output=True, text=True, check=True)
            seconds, cgt_value = out.stdout.splitlines()[:2]
            cgt_times.append(float(seconds))
        our_times, our_value = [], None
        for _ in range(args.repeat):
            start = time.perf_counter()
            out = subprocess.run(
                [nimber, "cgt", "domineering", "-p", f"board={our_board}", "--json"],
                capture_output=True, text=True, check=True,
            )
            our_times.append(time.perf_counter() - start)
            import json
            our_value = json.loads(out.stdout)["value"]
        cgt_mib = max(peak_mib([python, "-c", CGT_SCRIPT, cgt_board]) for _ in range(args.repeat))
        our_cmd = [nimber, "cgt", "domineering", "-p", f"board={our_board}"]
        our_mib = max(peak_mib(our_cmd) for _ in range(args.repeat))
        work = subprocess.run(our_cmd, capture_output=True, text=True, check=True).stdout
        found = re.search(r"([\d,]+) positions valued, ([\d,]+) canonical forms", work)
        positions, forms = (int(g.replace(",", "")) for g in found.groups())
        same = subprocess.run([nimber, "value", f"{cgt_value} == {our_value}"], capture_output=True, text=True)
        agree = same.returncode == 0 and same.stdout.startswith("true")
        failed |= not agree
        c, n = best(cgt_times), best(our_times)
        total_cgt += c
        total_nimber += n
        shown = our_value if len(our_value) <= 40 else our_value[:37] + "..."
        print(f"{rows}x{cols:<4} {c:10.4f} {n:10.4f} {c / n:7.2f} {cgt_mib:8.1f} {our_mib:8.1f} "
              f"{positions:10d} {forms:8d}  {shown}{'' if agree else '  DIFFERS: ' + cgt_value}")
    print(f"{'all':>6} {total_cgt:10.4f} {total_nimber:10.4f} {total_cgt / total_nimber:7.2f}  "
          f"(cgt-py time / nimber time; best of {args.repeat})")
    if failed:
        print("values differ", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
