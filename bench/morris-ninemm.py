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

With KEEP=DIR the solutions are kept in DIR/nimber and DIR/ninemm (for a later comparison of
positions) instead of a temporary directory that is removed.

Either way, every tier nimber solved is checked against ninemm's published per-subspace counts
(its RESULTS.md: wins, losses and draws for the side to move, over the canonical states, 8.9e9
in all, the same classes as nimber's index): a tier `a-b` of nimber holds ninemm's subspaces
`a-b` and `b-a`.

With NINEMM, both solutions are also compared position by position (bench/ninemm_db.py, a reader
of ninemm's database written from its readme-database.md): on 200 random positions of every tier
(seed 1), `nimber query --db` against ninemm's files; it exits non-zero on a disagreement.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import time
from contextlib import nullcontext
from pathlib import Path

sys.dont_write_bytecode = True  # no bench/__pycache__ from importing the reader beside
from ninemm_db import compare  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]

# ninemm's RESULTS.md, per subspace `w-b` (stones of the side to move, then of the other): the
# positions won, lost and drawn for the side to move.
PUBLISHED = {
    "3-3": (140621, 28736, 269),
    "3-4": (102281, 0, 658117),
    "4-3": (75397, 3095, 681906),
    "3-5": (6301, 9677, 2564412),
    "5-3": (580660, 0, 1999730),
    "4-4": (159, 29, 3225409),
    "3-6": (0, 192000, 6683320),
    "6-3": (2752371, 0, 4122949),
    "4-5": (51, 1510, 10308935),
    "5-4": (9889, 8, 10300599),
    "3-7": (0, 6965784, 7759904),
    "7-3": (13411581, 0, 1314107),
    "4-6": (22, 1649972, 24115798),
    "6-4": (5985293, 4, 19780495),
    "5-5": (28819, 4289, 30881316),
    "3-8": (0, 23397858, 2365978),
    "8-3": (25697503, 0, 66333),
    "4-7": (18, 37626914, 13889596),
    "7-4": (47531650, 3, 3984875),
    "5-6": (18321, 4806956, 67290795),
    "6-5": (17229622, 2052, 54884398),
    "3-9": (0, 37197445, 11783),
    "9-3": (37209196, 0, 32),
    "4-8": (15, 77883072, 5822711),
    "8-4": (83063749, 3, 642046),
    "5-7": (12156, 80867010, 53031730),
    "7-5": (117737860, 1393, 16171643),
    "6-6": (23250808, 5273162, 127705390),
    "4-9": (23, 111463785, 133804),
    "9-4": (111596447, 4, 1161),
    "5-8": (9430, 175925821, 24917737),
    "8-5": (197131113, 1000, 3720875),
    "6-7": (19007081, 99105562, 149680645),
    "7-6": (197340770, 3342246, 67110272),
    "5-9": (2872, 241700295, 3776081),
    "9-5": (245214294, 191, 264763),
    "6-8": (9014966, 259100308, 100090242),
    "8-6": (344867329, 1152604, 22185583),
    "7-7": (197782562, 63016948, 159993586),
    "6-9": (2904209, 382611312, 23591219),
    "9-6": (406106715, 276492, 2723533),
    "7-8": (111934094, 221367411, 192677895),
    "8-7": (420563898, 22670392, 82745110),
    "7-9": (41317865, 401584464, 83077071),
    "9-7": (502466519, 5852417, 17660464),
    "8-8": (318690930, 107554848, 165480912),
    "8-9": (149356285, 247948155, 128674960),
    "9-8": (434874914, 34681537, 56422949),
    "9-9": (240426123, 91780175, 76900442),
}
ANCHOR = {"seconds": 814.0, "mb": 714.0, "disk_mb": 330.0}
COMPARE_PER_TIER, COMPARE_SEED = 200, 1


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


def machine():
    """The processor, its cores and the memory, from /proc (Linux)."""
    try:
        cpu = next(line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo")
                   if line.startswith("model name"))
        mem = next(int(line.split()[1]) for line in open("/proc/meminfo") if line.startswith("MemTotal"))
        return f"{cpu}, {os.cpu_count()} cores, {mem / 2**20:.0f} GiB"
    except (OSError, StopIteration):
        return f"{os.cpu_count()} cores"


def disk(path):
    """Bytes of the files under `path`."""
    return sum(f.stat().st_size for f in Path(path).rglob("*") if f.is_file())


def tiers(max_total):
    """The tiers with at most `max_total` stones on the board, named bigger first, and their
    number."""
    all_tiers = [(a, b) for a in range(3, 10) for b in range(3, a + 1) if a + b <= max_total]
    return ",".join(f"{a}-{b}" for a, b in all_tiers), len(all_tiers)


def tier_counts(store):
    """Wins, losses and draws of a tier's store, from its header's `count=` lines."""
    data = store.read_bytes()[:1 << 20]
    text = data[36:36 + int.from_bytes(data[12:16], "little")].decode()
    sums = {"win": 0, "lose": 0, "draw": 0}
    for line in text.splitlines():
        if line.startswith("count="):
            value, _, n = line[len("count="):].split(" ")
            sums[value] = sums.get(value, 0) + int(n)
    return sums["win"], sums["lose"], sums["draw"]


def check_published(dir_):
    """Compares every tier's counts with ninemm's published table; exits on a difference."""
    for store in sorted(dir_.glob("*.nimber")):
        a, b = store.stem.split("-")
        want = PUBLISHED[f"{a}-{b}"]
        if a != b:
            want = tuple(x + y for x, y in zip(want, PUBLISHED[f"{b}-{a}"]))
        got = tier_counts(store)
        if got != want:
            sys.exit(f"tier {store.stem}: nimber {got}, ninemm's table {want}")
    print(f"every tier's wins, losses and draws equal ninemm's published table")


def compare_positions(nimber, nimber_dir, ninemm_dir, spec):
    """Compares nimber's and ninemm's values on random positions of every tier, a line per tier
    and one in all; exits on a disagreement (or a tier where no position could be compared)."""
    results = compare(nimber, nimber_dir, ninemm_dir, spec, COMPARE_PER_TIER, COMPARE_SEED)
    compared = sum(r["compared"] for r in results)
    agree = sum(r["agree"] for r in results)
    refused = sum(r["refused_nimber"] + r["refused_ninemm"] for r in results)
    print(f"positions compared with ninemm's database: {agree} of {compared} agree over {len(results)} tiers"
          f"{f', {refused} refused by one of them' if refused else ''}")
    if agree != compared or any(r["compared"] == 0 for r in results):
        sys.exit("nimber and ninemm disagree (or nothing compared), see above")


def main():
    max_total = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    nimber = os.environ.get("NIMBER_BIN") or str(ROOT / "target/release/nimber")
    if not Path(nimber).exists():
        sys.exit(f"no nimber binary at {nimber}: cargo build --release (or set NIMBER_BIN)")
    ninemm = os.environ.get("NINEMM")
    spec, count = tiers(max_total)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True).stdout.strip() or "unknown"
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                           capture_output=True, text=True).stdout.strip()
    print(f"commit {commit}{' (with changes not committed)' if dirty else ''}; machine: {machine()}")
    keep = os.environ.get("KEEP")
    with (nullcontext(keep) if keep else tempfile.TemporaryDirectory()) as scratch:
        Path(scratch).mkdir(parents=True, exist_ok=True)
        for old in ("nimber", "ninemm"):
            shutil.rmtree(Path(scratch) / old, ignore_errors=True)
        dir_ = Path(scratch) / "nimber"
        wall, mb, out = run([nimber, "solve", "morris", "--save", str(dir_), "--tiers", spec], scratch)
        solved = out.count("note: tier ")
        if solved != count:
            sys.exit(f"nimber solved {solved} tiers, not {count}:\n{out}")
        check_published(dir_)
        bytes_ = disk(dir_)
        print(f"nimber solve morris --tiers {spec} ({count} tiers): {wall:.1f} s, peak {mb:.0f} MB, "
              f"{bytes_ / 1e6:.1f} MB on disk")
        if ninemm:
            db = Path(scratch) / "ninemm"
            n_wall, n_mb, _ = run([ninemm, "solve", "--dir", str(db), "--max-total", str(max_total)], scratch)
            n_disk = disk(db) / 1e6
            print(f"ninemm solve --max-total {max_total}: {n_wall:.1f} s, peak {n_mb:.0f} MB, {n_disk:.1f} MB on disk")
            compare_positions(nimber, dir_, db, spec)
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
