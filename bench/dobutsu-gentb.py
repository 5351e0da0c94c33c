#!/usr/bin/env python3
"""The full Dōbutsu shōgi solve: nimber against clausecker's gentb, side by side.

    cargo build --release
    GENTB=/path/to/gentb python3 bench/dobutsu-gentb.py

Runs `nimber solve dobutsu --save FILE` (the binary named by NIMBER_BIN, else
target/release/nimber; the live index solved lean, as gentb solves its tablebase: every position
in which the game goes on, reachable or not) and, when GENTB names a gentb built by hand from clausecker/dobutsu
(`make CC="gcc -std=gnu99" INTLLDLIBS= INTLCFLAGS= INTLLDFLAGS= build`; its code is not part of
nimber), `gentb -j2 dobutsu.tb` in a scratch folder, one after the other, each with the machine
to itself. Prints each one's wall time and peak resident memory, nimber's stored file in bytes
per position, and the ratios against issue 15's goals: nimber's time at most 0.3 of gentb's,
its peak at most 256 MiB, its file at most 0.2 byte per position reachable from the start
(246,803,167 under Tanaka's conventions).

Without GENTB it prints nimber's figures with the anchor measured side by side on a 2-core AMD
EPYC (Zen 3) machine on 2026-11-23: gentb -j 2 took 132.8 to 141.9 s with a peak of 245 MiB.
"""

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
POSITIONS = 246_803_167
LIVE = 121_134_668
ANCHOR = {"seconds": (132.8, 141.9), "mib": 245}


def run(args, cwd):
    """Wall seconds and peak resident MiB of one command (its output kept for the caller)."""
    started = time.perf_counter()
    proc = subprocess.Popen(args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - started
    out = proc.stdout.read().decode(errors="replace")
    err = proc.stderr.read().decode(errors="replace")
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{args[0]} failed:\n{err}")
    return wall, usage.ru_maxrss / 1024, out


def main():
    nimber = os.environ.get("NIMBER_BIN") or str(ROOT / "target/release/nimber")
    if not Path(nimber).exists():
        sys.exit(f"no nimber binary at {nimber}: cargo build --release (or set NIMBER_BIN)")
    gentb = os.environ.get("GENTB")
    with tempfile.TemporaryDirectory() as scratch:
        store = Path(scratch) / "dobutsu.nimber"
        wall, mib, out = run([nimber, "solve", "dobutsu", "--save", str(store)], scratch)
        if f"positions: {LIVE}" not in out or "lose in 78" not in out:
            sys.exit(f"nimber's solve is not the published one:\n{out}")
        per_position = store.stat().st_size / POSITIONS
        print(f"nimber solve dobutsu --save: {wall:.1f} s, peak {mib:.0f} MiB, "
              f"file {store.stat().st_size:,} bytes ({per_position:.3f} byte per reachable position)")
        if gentb:
            g_wall, g_mib, _ = run([gentb, "-j2", "dobutsu.tb"], scratch)
            print(f"gentb -j2: {g_wall:.1f} s, peak {g_mib:.0f} MiB")
            g_seconds, g_peak, where = (g_wall, g_wall), g_mib, "this run"
        else:
            g_seconds, g_peak, where = ANCHOR["seconds"], ANCHOR["mib"], "the anchor (2026-11-23)"
            print(f"gentb -j 2 (anchor, 2-core AMD EPYC Zen 3, 2026-11-23): "
                  f"{g_seconds[0]}-{g_seconds[1]} s, peak {g_peak} MiB")
    lo, hi = wall / g_seconds[1], wall / g_seconds[0]
    time_ratio = f"{lo:.2f}" if lo == hi else f"{lo:.2f}-{hi:.2f}"
    print(f"against {where}: time nimber/gentb {time_ratio} (goal at most 0.30), "
          f"peak nimber/gentb {mib / g_peak:.2f}; peak {mib:.0f} MiB (goal at most 256), "
          f"file {per_position:.3f} byte per reachable position (goal at most 0.2)")


if __name__ == "__main__":
    main()
