#!/usr/bin/env python3
"""Dōbutsu shōgi on a cluster of two processes on this machine, against one process.

    cargo build --release
    python3 bench/cluster-dobutsu.py [--runs N]

Solves Dōbutsu shōgi over its full index (`-p index=full`: the 246,803,167 positions reachable
from the start, solved by retrograde analysis) twice, one after the other, each with the
machine to itself:

- one process with two solver threads: `nimber solve dobutsu -p index=full --threads 2`;
- two processes of one thread each over loopback: `... --threads 1 --local-processes 2`
  (`--exchange-log` writes the bytes they sent each other per round).

Both must give the published facts (246,803,167 positions; the start is lost in 78 plies for
the side to move, as Tanaka's solve found) and byte-identical stores. Prints each one's wall
time and the peak resident memory of its largest process, the ratio of the two wall times
against issue 16's goal (two processes within 1.5 times one process: the exchange costs little
when it stays in memory on one box), and the bytes exchanged: in all, per position, per round
(every round, by phase). With --runs N each is run N times, alternating, and the medians are
compared. The binary is target/release/nimber, or NIMBER_BIN.
"""

import argparse
import csv
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
POSITIONS = 246_803_167
START = "start: gle/.c./.C./ELG b - lose in 78"
GOAL = 1.5


def run(args, cwd):
    """Wall seconds, peak resident MiB (ru_maxrss of os.wait4: the largest of the process and
    the children it waited for) and standard output of one command."""
    started = time.perf_counter()
    proc = subprocess.Popen(args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = proc.stdout.read()
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(args)} failed:\n{err.decode(errors='replace')}")
    return wall, usage.ru_maxrss / 1024, out.decode(errors="replace")


def check(name, out):
    if f"positions: {POSITIONS}" not in out or START not in out:
        sys.exit(f"{name}: not the published solve:\n{out}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=1)
    args = ap.parse_args()
    nimber = os.environ.get("NIMBER_BIN") or str(ROOT / "target/release/nimber")
    if not Path(nimber).exists():
        sys.exit(f"no nimber binary at {nimber}: cargo build --release (or set NIMBER_BIN)")
    game = ["solve", "dobutsu", "-p", "index=full"]
    with tempfile.TemporaryDirectory() as scratch:
        one_db, two_db, log = (Path(scratch) / n for n in ("one.nimber", "two.nimber", "rounds.csv"))
        walls = {"one": [], "two": []}
        peaks = {"one": 0.0, "two": 0.0}
        for _ in range(args.runs):
            for name in ("one", "two"):
                if name == "one":
                    cmd = [nimber, *game, "--threads", "2", "--save", str(one_db)]
                else:
                    cmd = [nimber, *game, "--threads", "1", "--local-processes", "2", "--save", str(two_db),
                           "--exchange-log", str(log)]
                (one_db if name == "one" else two_db).unlink(missing_ok=True)
                wall, mib, out = run(cmd, scratch)
                check(name, out)
                walls[name].append(wall)
                peaks[name] = max(peaks[name], mib)
                if name == "two":
                    note = next((l for l in out.splitlines() if "exchanged" in l), "")
            if one_db.read_bytes() != two_db.read_bytes():
                sys.exit("the two processes' store differs from the one process's store")
        one, two = statistics.median(walls["one"]), statistics.median(walls["two"])
        print(f"one process, 2 threads:      {one:6.1f} s (runs {', '.join(f'{w:.1f}' for w in walls['one'])}), "
              f"peak {peaks['one']:.0f} MiB")
        print(f"two processes, 1 thread each: {two:6.1f} s (runs {', '.join(f'{w:.1f}' for w in walls['two'])}), "
              f"peak {peaks['two']:.0f} MiB (the largest process)")
        ratio = two / one
        print(f"ratio two/one: {ratio:.2f} (goal <= {GOAL}: {'met' if ratio <= GOAL else 'NOT met'}); "
              f"stores byte-identical; published facts checked")
        print(note.replace("note: ", "").strip())
        with open(log) as f:
            rows = list(csv.DictReader(f))
        for phase in ("wins", "ties"):
            got = [r for r in rows if r["phase"] == phase]
            if not got:
                continue
            total = sum(int(r["bytes"]) for r in got)
            print(f"bytes exchanged per round, {phase} ({len(got)} rounds, {total:,} bytes):")
            cells = [f"{r['round']:>4}: {int(r['bytes']):>11,}" for r in got]
            for k in range(0, len(cells), 5):
                print("  " + "   ".join(cells[k:k + 5]))


if __name__ == "__main__":
    main()
