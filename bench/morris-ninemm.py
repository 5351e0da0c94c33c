#!/usr/bin/env python3
"""Nine Men's Morris tier by tier: nimber against ninemm, side by side, on the same pairs.

    cargo build --release
    NINEMM=/path/to/ninemm python3 bench/morris-ninemm.py [MAX_TOTAL]

Solves the mid/endgame tiers with at most MAX_TOTAL stones on the board (default 10: the pairs
3-3 to 5-5 and 7-3, nine tiers) with `nimber solve morris --save DIR --tiers ...` (the binary
named by NIMBER_BIN, else target/release/nimber) and, when NINEMM names a ninemm built by hand
from github.com/eigenraum/solving-nine-mens-morris (`cargo build --release` in a throwaway
directory; its code is not part of nimber), `ninemm solve --dir DIR --max-total MAX_TOTAL`, one
after the other, each with the machine to itself. Prints each one's wall time, peak resident
memory and bytes on disk, and the ratios against issue 33's goals: nimber at most a tenth of
ninemm's time, a quarter of its peak memory and a tenth of its disk.

Without NINEMM it prints nimber's figures with the anchor of issue 33, measured on this 2-core
machine on 2026-11-28: `--max-total 10` took 814 s, peak 714 MB, 330 MB on disk.
"""

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ANCHOR = {"seconds": 814.0, "mb": 714.0, "disk_mb": 330.0}


def run(args, cwd):
    """Wall seconds and peak resident MB of one command (its output kept for the caller)."""
    started = time.perf_counter()
    proc = subprocess.Popen(args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - started
    out = proc.stdout.read().decode(errors="replace")
    err = proc.stderr.read().decode(errors="replace")
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{args[0]} failed:\n{err}")
    return wall, usage.ru_maxrss * 1024 / 1e6, out


def disk(path):
    """Bytes of the files under `path`."""
    return sum(f.stat().st_size for f in Path(path).rglob("*") if f.is_file())


def tiers(max_total):
    """The tiers with at most `max_total` stones on the board, named bigger first, and their
    number."""
    all_tiers = [(a, b) for a in range(3, 10) for b in range(3, a + 1) if a + b <= max_total]
    return ",".join(f"{a}-{b}" for a, b in all_tiers), len(all_tiers)


def main():
    max_total = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    nimber = os.environ.get("NIMBER_BIN") or str(ROOT / "target/release/nimber")
    if not Path(nimber).exists():
        sys.exit(f"no nimber binary at {nimber}: cargo build --release (or set NIMBER_BIN)")
    ninemm = os.environ.get("NINEMM")
    spec, count = tiers(max_total)
    with tempfile.TemporaryDirectory() as scratch:
        dir_ = Path(scratch) / "nimber"
        wall, mb, out = run([nimber, "solve", "morris", "--save", str(dir_), "--tiers", spec], scratch)
        solved = out.count("note: tier ")
        if solved != count:
            sys.exit(f"nimber solved {solved} tiers, not {count}:\n{out}")
        bytes_ = disk(dir_)
        print(f"nimber solve morris --tiers {spec} ({count} tiers): {wall:.1f} s, peak {mb:.0f} MB, "
              f"{bytes_ / 1e6:.1f} MB on disk")
        if ninemm:
            db = Path(scratch) / "ninemm"
            n_wall, n_mb, _ = run([ninemm, "solve", "--dir", str(db), "--max-total", str(max_total)], scratch)
            n_disk = disk(db) / 1e6
            print(f"ninemm solve --max-total {max_total}: {n_wall:.1f} s, peak {n_mb:.0f} MB, {n_disk:.1f} MB on disk")
            anchor = {"seconds": n_wall, "mb": n_mb, "disk_mb": n_disk}
            source = "measured now"
        else:
            if max_total != 10:
                sys.exit("the anchor is of --max-total 10: set NINEMM to compare other sizes")
            anchor = ANCHOR
            source = "issue 33's anchor, 2026-11-28"
        print(f"ratios against ninemm ({source}): time {wall / anchor['seconds']:.3f} (goal 0.1), "
              f"memory {mb / anchor['mb']:.3f} (goal 0.25), disk {bytes_ / 1e6 / anchor['disk_mb']:.3f} (goal 0.1)")


if __name__ == "__main__":
    main()
