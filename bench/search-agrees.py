#!/usr/bin/env python3
"""Search against the table on a board too large for the tests: Connect Four 6x5 (2,818,972,642
positions), solved strongly and stored, then 10,000 positions reached by random play searched
by Connect Four's own search and read from the store, value and remoteness compared.

    python3 bench/search-agrees.py [--positions N] [--db FILE] NIMBER

Without `--db`, the board is solved first (`NIMBER solve connect4 -p w=6 -p h=5 --save FILE`,
minutes and about 3.3 GB; the file is kept in a temporary directory and removed after). The
positions are drawn by random play from the empty board (a random length, then random
columns), none finished, each once; they are given as column digits to `NIMBER search
connect4 -p w=6 -p h=5 --remoteness --batch -` (one table for all) and to `NIMBER search
connect4 --db FILE --remoteness --batch -`, which reads every position from the store. Every
value and remoteness must agree. Prints the positions by value, the time of each side, the
commit and the machine; exits non-zero at the first disagreement.
"""

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

W, H = 6, 5


def four(cells, col, row, me):
    """Whether the stone of `me` at (col, row) makes four in a line."""
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        n = 1
        for s in (1, -1):
            c, r = col + s * dc, row + s * dr
            while 0 <= c < W and 0 <= r < H and cells.get((c, r)) == me:
                n += 1
                c, r = c + s * dc, r + s * dr
        if n >= 4:
            return True
    return False


def random_position(rng):
    """Column digits of a random game prefix that ends in no finished position, or None."""
    heights = [0] * W
    cells = {}
    moves = []
    for ply in range(rng.randrange(0, W * H)):
        free = [c for c in range(W) if heights[c] < H]
        col = rng.choice(free)
        row = heights[col]
        me = ply % 2
        if four(cells, col, row, me):
            return None
        cells[(col, row)] = me
        heights[col] += 1
        moves.append(str(col + 1))
    if len(moves) == W * H:
        return None
    return "".join(moves)


def run(cmd, text):
    start = time.time()
    out = subprocess.run(cmd, input=text, capture_output=True, text=True, check=True).stdout
    return time.time() - start, [json.loads(l) for l in out.splitlines()]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("nimber")
    ap.add_argument("--positions", type=int, default=10_000)
    ap.add_argument("--db", help="a store of connect4 w=6 h=5 already written by `solve --save`")
    args = ap.parse_args()
    repo = Path(__file__).resolve().parent.parent
    commit = subprocess.run(["git", "-C", str(repo), "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
    print(f"nimber {commit}, {platform.machine()} {cpu}, {os.cpu_count()} cores", flush=True)
    rng = random.Random(34)
    seen, positions = set(), []
    while len(positions) < args.positions:
        p = random_position(rng)
        if p is not None and p not in seen:
            seen.add(p)
            positions.append(p)
    text = "".join(p + "\n" for p in positions)
    with tempfile.TemporaryDirectory(prefix="search-agrees-") as tmp:
        db = args.db
        if db is None:
            db = os.path.join(tmp, "connect4-6x5.db")
            start = time.time()
            subprocess.run([args.nimber, "solve", "connect4", "-p", "w=6", "-p", "h=5", "--save", db], check=True,
                           stdout=subprocess.DEVNULL)
            print(f"solved and stored 6x5 in {time.time() - start:.1f} s", flush=True)
        t_search, searched = run(
            [args.nimber, "search", "connect4", "-p", "w=6", "-p", "h=5", "--remoteness", "--json", "--batch", "-"], text)
        t_store, stored = run([args.nimber, "search", "connect4", "--db", db, "--remoteness", "--json", "--batch", "-"], text)
    if len(searched) != len(positions) or len(stored) != len(positions):
        print(f"answers: {len(searched)} searched, {len(stored)} stored, of {len(positions)}")
        sys.exit(1)
    by_value = {}
    for p, s, t in zip(positions, searched, stored):
        if (s["value"], s.get("remoteness")) != (t["value"], t.get("remoteness")):
            print(f"{p}: search says {s['value']} {s.get('remoteness')}, the store {t['value']} {t.get('remoteness')}")
            sys.exit(1)
        if t["probed"] != t["nodes"]:
            print(f"{p}: the store's answer searched {t['nodes']} positions, read {t['probed']}")
            sys.exit(1)
        by_value[s["value"]] = by_value.get(s["value"], 0) + 1
    print(f"{len(positions)} positions of Connect Four 6x5 agree, value and remoteness: {by_value}")
    print(f"search {t_search:.1f} s, read from the store {t_store:.1f} s")


if __name__ == "__main__":
    main()
