#!/usr/bin/env python3
"""Connect Four 7x6 by exact search: nimber beside Pascal Pons' solver and John Tromp's
Fhourstones, on Pons' benchmark sets, one after the other on the same machine.

    PONS=.../c4solver FHOUR=.../SearchGame DATA=.../data \\
        python3 bench/connect4-peers.py [--lines N] [--sets Test_L3_R1,...] [--weak] NIMBER

The peers are run, never linked or copied (Pons' solver is AGPL-3.0; Fhourstones has its own
licence): build them in a throwaway directory, Pons' from github PascalPons/connect4 (`make
c4solver`, run without its opening book, `7x6.book`, in the directory it is run from) and
Fhourstones 3.1 from the tarball c4/Fhourstones.tar.gz of github tromp/tromp.github.io (`make
SearchGame`). DATA holds Pons' sets Test_L3_R1 ... Test_L1_R3 (1,000 lines "moves score" each,
the data/ folder of github gamesolver/gamesolver.github.io).

Exact scores (the default): every set's positions are given to Pons' solver (`c4solver`, its
table 2^24 + a few entries of 5 bytes, 84 MB) and to `NIMBER search connect4 --remoteness
--memory 84M --batch -` (one table for the whole set, as Pons' solver keeps its own); both must
print every score of the set's file. With `--weak`, the value only (win, loss or tie): `c4solver
-w`, Fhourstones (one position a line, a table of 8,306,069 entries of 8 bytes, 66 MB) and
`NIMBER search connect4 --memory 66M --batch -`; every value must be the sign of the file's score.

Prints, for each set, the seconds of each program and nimber's ratios to the faster peer, nimber
run on one thread (`nimber-1`, against the peers' one) and on every core (`nimber-N`); exits
non-zero when an answer differs. Timings on a shared VM drift: compare within one invocation.
"""

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SETS = ["Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2", "Test_L1_R3"]


def timed(cmd, text, cwd=None, env=None):
    start = time.time()
    out = subprocess.run(cmd, input=text, capture_output=True, text=True, cwd=cwd, env=env, check=True).stdout
    return time.time() - start, out


def sign(x):
    return (x > 0) - (x < 0)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("nimber")
    ap.add_argument("--lines", type=int, default=1000, help="the first N lines of each set")
    ap.add_argument("--sets", default=",".join(SETS))
    ap.add_argument("--weak", action="store_true", help="values only, with Fhourstones too")
    args = ap.parse_args()
    data = Path(os.environ.get("DATA", "data"))
    pons = os.environ.get("PONS")
    fhour = os.environ.get("FHOUR")
    repo = Path(__file__).resolve().parent.parent
    commit = subprocess.run(["git", "-C", str(repo), "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
    print(f"nimber {commit}, {platform.machine()} {cpu}, {os.cpu_count()} cores")
    mode = "values (weak)" if args.weak else "exact scores"
    print(f"{mode}, the first {args.lines} lines of each set")
    failed = False
    # Pons' solver reads `7x6.book` from the directory it runs in: run it in an empty one.
    empty = tempfile.mkdtemp(prefix="c4-peers-")
    for name in args.sets.split(","):
        lines = [l.split() for l in (data / name).read_text().splitlines() if l.strip()][: args.lines]
        moves = [l[0] for l in lines]
        want = [int(l[1]) for l in lines]
        text = "".join(m + "\n" for m in moves)
        times = {}
        if args.weak:
            cmd = [args.nimber, "search", "connect4", "--memory", "66M", "--json", "--batch", "-"]
        else:
            cmd = [args.nimber, "search", "connect4", "--remoteness", "--memory", "84M", "--json", "--batch", "-"]

        def nimber(label, threads):
            nonlocal failed
            env = dict(os.environ)
            if threads:
                env["RAYON_NUM_THREADS"] = str(threads)
            t, out = timed(cmd, text, env=env)
            times[label] = t
            got = [json.loads(l) for l in out.splitlines()]
            for m, w, g in zip(moves, want, got):
                ok = g["value"] == {1: "win", -1: "lose", 0: "tie"}[sign(w)] if args.weak else g.get("score") == w
                if not ok:
                    print(f"  {name}: {label} says {g.get('value')} {g.get('score')} for {m}, the set {w}")
                    failed = True
            if len(got) != len(moves):
                print(f"  {name}: {label} answered {len(got)} of {len(moves)} positions")
                failed = True

        # One thread against the peers' one, then every core; the peers run between the two.
        nimber("nimber-1", 1)
        if pons:
            t, out = timed([os.path.abspath(pons)] + (["-w"] if args.weak else []), text, cwd=empty)
            times["pons"] = t
            scores = [int(l.split()[1]) for l in out.splitlines()]
            if [sign(s) for s in scores] != [sign(w) for w in want] or (not args.weak and scores != want):
                print(f"  {name}: Pons' solver disagrees with the set")
                failed = True
        if fhour and args.weak:
            t, out = timed([os.path.abspath(fhour)], text)
            times["fhourstones"] = t
            marks = [l.split("(")[1][0] for l in out.splitlines() if l.startswith("score")]
            if [{"+": 1, "-": -1, "=": 0}.get(c) for c in marks] != [sign(w) for w in want]:
                print(f"  {name}: Fhourstones disagrees with the set")
                failed = True
        nimber(f"nimber-{os.cpu_count()}", None)
        ours = [k for k in times if k.startswith("nimber")]
        peers = {k: v for k, v in times.items() if k not in ours}
        line = f"{name}: " + ", ".join(f"{k} {v:.2f} s" for k, v in times.items())
        if peers:
            best = min(peers, key=peers.get)
            line += "; " + ", ".join(f"{k} / {best} = {times[k] / peers[best]:.3f}" for k in ours)
        print(line, flush=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
