#!/usr/bin/env python3
"""One Nine Men's Morris tier solved alone, by one or more builds of nimber, phase by phase.

    python3 bench/morris-tier.py --dir DIR --tier 8-4 [--runs 2] BIN [BIN ...]

DIR holds a tier solve (`nimber solve morris --save DIR`) in which the tier and every tier it
reads are finished. For each run and each binary in turn (back to back, so that the binaries
meet the same state of the machine), the stores of DIR are hard-linked into a scratch directory
beside DIR, the tier's own store is removed, and `BIN solve morris --tiers TIER --save SCRATCH`
solves it again under a pseudo-terminal, so that its progress bars can be read: the script prints
the seconds of the set-up, the rounds of wins and losses, and the rounds of ties, then the tier in
all. Every run's store must be byte for byte the first run's (and DIR's own, when DIR's store of
the tier is not compacted); the script exits non-zero otherwise.

A solve that compacts other tiers once this one is finished does so after the timed phases.
Timings on a shared VM drift from hour to hour: compare binaries within one invocation.
"""

import argparse
import filecmp
import os
import pty
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

PHASES = [("set-up", "setting up the table"), ("wins and losses", "wins and losses"), ("ties", "ties")]


def run(binary, scratch, tier):
    """Solves `tier` into `scratch` with `binary`; returns the seconds from start to each phase's
    first progress line, and to the tier's end (its `found solved` note or the process's end)."""
    master, slave = pty.openpty()
    start = time.time()
    proc = subprocess.Popen(
        [binary, "solve", "morris", "--tiers", tier, "--save", str(scratch)],
        stdout=subprocess.DEVNULL,
        stderr=slave,
        stdin=subprocess.DEVNULL,
    )
    os.close(slave)
    seen, text, ended = {}, b"", None
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        text += chunk
        lines = re.split(rb"[\r\n]", text)
        text = lines.pop()
        for line in lines:
            s = line.decode("utf-8", "replace")
            for name, marker in PHASES:
                if marker in s and name not in seen:
                    seen[name] = time.time() - start
            if re.search(rf"note: tier {re.escape(tier)}: \d+ positions", s) and ended is None:
                ended = time.time() - start
    os.close(master)
    code = proc.wait()
    if code != 0:
        sys.exit(f"{binary} exited with {code}")
    return seen, ended if ended is not None else time.time() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", required=True, type=Path)
    parser.add_argument("--tier", required=True)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("binaries", nargs="+")
    args = parser.parse_args()
    store = args.dir / f"{args.tier}.nimber"
    if not store.exists():
        sys.exit(f"{store}: no such store (solve the tier into {args.dir} first)")
    scratch = args.dir.parent / f"{args.dir.name}-bench-{args.tier}"
    first = None
    print(f"{'binary':<40} {'set-up':>8} {'w/l':>8} {'ties':>8} {'tier':>8}")
    for _ in range(args.runs):
        for binary in args.binaries:
            shutil.rmtree(scratch, ignore_errors=True)
            scratch.mkdir()
            for f in args.dir.glob("*.nimber"):
                os.link(f, scratch / f.name)
            shutil.copy(args.dir / "manifest", scratch / "manifest")
            (scratch / store.name).unlink()
            seen, end = run(binary, scratch, args.tier)
            marks = [seen.get(name) for name, _ in PHASES] + [end]
            spans = [
                (marks[i + 1] if marks[i + 1] is not None else end) - marks[i] if marks[i] is not None else None
                for i in range(3)
            ]
            cells = " ".join(f"{s:8.1f}" if s is not None else f"{'-':>8}" for s in spans)
            print(f"{binary[-40:]:<40} {cells} {end:8.1f}", flush=True)
            result = scratch / store.name
            if first is None:
                first = scratch.parent / f"{scratch.name}.first"
                shutil.copy(result, first)
                if result.stat().st_size == store.stat().st_size and not filecmp.cmp(result, store, shallow=False):
                    sys.exit(f"{binary}: the store of {args.tier} differs from {store}")
            elif not filecmp.cmp(result, first, shallow=False):
                sys.exit(f"{binary}: the store of {args.tier} differs from the first run's")
    shutil.rmtree(scratch, ignore_errors=True)
    if first is not None:
        first.unlink()
    print("every run's store is the same")


if __name__ == "__main__":
    main()
