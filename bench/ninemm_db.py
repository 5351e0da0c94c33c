#!/usr/bin/env python3
"""ninemm's Nine Men's Morris databases, read from Python, and a comparison with nimber's tiers.

ninemm (github.com/eigenraum/solving-nine-mens-morris, a separate program whose code is not part
of nimber) stores the mid/endgame (both hands empty) in a directory of `wdl_W_B.bin` files and a
`manifest.json`. This reader follows its specification, readme-database.md ("Using the Database
From Another Program"), and nothing of its code:

- points `p = ring*8 + i` (ring 0 the outer square, `i` clockwise from the upper left corner),
  named a1..g7 by the formula of its §1;
- the 16 symmetries `i -> (a*i + b) mod 8` (a = ±1, b in 0, 2, 4, 6), times outer and inner
  rings swapped, applied to both sets; the canonical image minimizes (mover, opponent) as a pair
  of 24-bit integers, mover first (§3);
- in the subspace `W-B` (mover's stones, then the opponent's), the index
  `rank of mover among the canonical W-sets * C(24-W, B) + colex rank of opponent among the
  24-W points left` (§4);
- little-endian u16 values: 0xFFFF a draw, else the depth in plies, odd a win and even a loss for
  the side to move (§5); a subspace counts only when its file has the manifest's size and XXH3-64
  (§7).

The spec leaves out the file name: `wdl_{w}_{b}.bin` with `w` the mover's count was read from
ninemm's persist.rs (and agrees with the sizes: 757 * C(20, 3) entries for wdl_4_3.bin). XXH3-64
(seed 0, default secret) is written below from xxHash's specification, for the inputs of more
than 240 bytes that every subspace file is; the 192-byte default secret is the constant of
xxHash (Copyright (c) Yann Collet, BSD 2-Clause license), part of the hash's definition.

    python3 bench/ninemm_db.py NINEMM_DIR 'W:a1,d1,g7 B:b2,b4,b6 w'
    python3 bench/ninemm_db.py NINEMM_DIR NIMBER_DIR 4-4,5-3 [PER_TIER] [SEED] [NIMBER_BIN]

The first form prints ninemm's value of one position; the second compares, on PER_TIER random
positions of each tier (default 300), nimber's `query --db` with ninemm's database.
"""

import bisect
import itertools
import json
import random
import struct
import subprocess
import sys
from math import comb
from pathlib import Path

# --- the board (§1) -----------------------------------------------------------------------------


def _point_name(p):
    """The a1..g7 name of ninemm's point `p`: half-width h = 3 - ring, (col, row) from i."""
    ring, i = divmod(p, 8)
    h = 3 - ring
    col, row = [(4 - h, 4 + h), (4, 4 + h), (4 + h, 4 + h), (4 + h, 4),
                (4 + h, 4 - h), (4, 4 - h), (4 - h, 4 - h), (4 - h, 4)][i]
    return "abcdefg"[col - 1] + str(row)


NAMES = [_point_name(p) for p in range(24)]
POINT = {name: p for p, name in enumerate(NAMES)}

# --- symmetries and canonical sets (§3, §4.1) ---------------------------------------------------


def _symmetries():
    """The 16 point permutations, each a list `perm[p] = image of p`; the identity first."""
    perms = []
    for s in (0, 1):
        for a in (1, -1):
            for b in (0, 2, 4, 6):
                perm = []
                for p in range(24):
                    ring, i = divmod(p, 8)
                    perm.append((2 - ring if s else ring) * 8 + (a * i + b) % 8)
                perms.append(perm)
    return perms


SYMMETRIES = _symmetries()


def _byte_tables(perm):
    """Three 256-entry tables that map a mask's bytes 0, 1, 2 to their images under `perm`."""
    tables = []
    for byte in range(3):
        table = []
        for v in range(256):
            image = 0
            for bit in range(8):
                if v >> bit & 1:
                    image |= 1 << perm[byte * 8 + bit]
            table.append(image)
        tables.append(table)
    return tables


TABLES = [_byte_tables(perm) for perm in SYMMETRIES]


def apply(tables, mask):
    """The image of a 24-bit point set under the symmetry of `tables`."""
    t0, t1, t2 = tables
    return t0[mask & 255] | t1[mask >> 8 & 255] | t2[mask >> 16]


def canonical(mover, opponent):
    """The canonical image of a position: the least (mover, opponent) of the 16 images."""
    return min((apply(t, mover), apply(t, opponent)) for t in TABLES)


_CANONICAL_SETS = {}
CANONICAL_SET_SIZES = {3: 158, 4: 757, 5: 2830, 6: 8774, 7: 22188, 8: 46879, 9: 82880}


def canonical_sets(n):
    """The sorted n-point sets that are the least of their orbit (computed once per n; n = 9 takes
    some seconds)."""
    if n not in _CANONICAL_SETS:
        found = []
        others = TABLES[1:]
        for points in itertools.combinations(range(24), n):
            mask = sum(1 << p for p in points)
            if all(apply(t, mask) >= mask for t in others):
                found.append(mask)
        found.sort()
        if n in CANONICAL_SET_SIZES and len(found) != CANONICAL_SET_SIZES[n]:
            raise AssertionError(f"{len(found)} canonical {n}-sets, the spec says {CANONICAL_SET_SIZES[n]}")
        _CANONICAL_SETS[n] = found
    return _CANONICAL_SETS[n]


def index(mover, opponent):
    """The subspace (w, b) of a position and its index in that subspace's file (§4.2)."""
    w, b = bin(mover).count("1"), bin(opponent).count("1")
    mover, opponent = canonical(mover, opponent)
    sets = canonical_sets(w)
    white_rank = bisect.bisect_left(sets, mover)
    if white_rank == len(sets) or sets[white_rank] != mover:
        raise AssertionError(f"canonical mover set {mover:#08x} not among the canonical {w}-sets")
    black_rank = 0
    j = 0
    for p in range(24):
        if opponent >> p & 1:
            compact = p - bin(mover & ((1 << p) - 1)).count("1")
            j += 1
            black_rank += comb(compact, j)
    return (w, b), white_rank * comb(24 - w, b) + black_rank


# --- XXH3-64 (seed 0, default secret), for the manifest's checksums -----------------------------

_SECRET = bytes.fromhex(
    "b8fe6c3923a44bbe7c01812cf721ad1cded46de9839097db7240a4a4b7b3671f"
    "cb79e64eccc0e578825ad07dccff7221b8084674f743248ee03590e6813a264c"
    "3c2852bb91c300cb88d0658b1b532ea371644897a20df94e3819ef46a9deacd8"
    "a8fa763fe39c343ff9dcbbc7c70b4f1d8a51e04bcdb45931c89f7ec9d9787364"
    "eac5ac8334d3ebc3c581a0fffa1363eb170ddd51b7f0da49d316552629d4689e"
    "2b16be587d47a1fc8ff8b8d17ad031ce45cb3a8f95160428afd7fbcabb4b407e")
_P32_1, _P32_2, _P32_3 = 0x9E3779B1, 0x85EBCA77, 0xC2B2AE3D
_P64_1, _P64_2, _P64_3 = 0x9E3779B185EBCA87, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9
_P64_4, _P64_5 = 0x85EBCA77C2B2AE63, 0x27D4EB2F165667C5
_M64 = (1 << 64) - 1


def _accumulate(acc, words, keys):
    """One 64-byte stripe (eight words) into the eight accumulators, with eight secret words."""
    for i in range(8):
        value = words[i]
        key = value ^ keys[i]
        acc[i ^ 1] = (acc[i ^ 1] + value) & _M64
        acc[i] = (acc[i] + (key & 0xFFFFFFFF) * (key >> 32)) & _M64


def xxh3_64(data):
    """XXH3-64 of `data` with seed 0 and the default secret; inputs of more than 240 bytes only
    (the long loop: blocks of 16 stripes, each followed by a scramble)."""
    n = len(data)
    if n <= 240:
        raise ValueError("xxh3_64 here covers inputs of more than 240 bytes only")
    secret = struct.unpack("<24Q", _SECRET)
    scramble = secret[16:24]
    acc = [_P32_3, _P64_1, _P64_2, _P64_3, _P64_4, _P32_2, _P64_5, _P32_1]
    per_block = (192 - 64) // 8  # 16 stripes
    block_len = 64 * per_block
    blocks = (n - 1) // block_len
    block_format = struct.Struct(f"<{8 * per_block}Q")
    for blk in range(blocks):
        words = block_format.unpack_from(data, blk * block_len)
        for s in range(per_block):
            _accumulate(acc, words[8 * s:8 * s + 8], secret[s:s + 8])
        for i in range(8):
            a = acc[i]
            a ^= a >> 47
            a ^= scramble[i]
            acc[i] = (a * _P32_1) & _M64
    stripes = ((n - 1) - block_len * blocks) // 64
    base = blocks * block_len
    for s in range(stripes):
        _accumulate(acc, struct.unpack_from("<8Q", data, base + 64 * s), secret[s:s + 8])
    _accumulate(acc, struct.unpack_from("<8Q", data, n - 64), struct.unpack_from("<8Q", _SECRET, 192 - 64 - 7))
    merge = struct.unpack_from("<8Q", _SECRET, 11)
    result = (n * _P64_1) & _M64
    for i in range(4):
        product = (acc[2 * i] ^ merge[2 * i]) * (acc[2 * i + 1] ^ merge[2 * i + 1])
        result = (result + ((product & _M64) ^ (product >> 64))) & _M64
    result ^= result >> 37
    result = (result * 0x165667919E3779F9) & _M64
    return result ^ (result >> 32)


# --- the database -------------------------------------------------------------------------------


class Refused(Exception):
    """A position the database cannot answer (its subspace absent, or not a mid/endgame one)."""


def parse(position):
    """(white names, black names, side to move 'w' or 'b') of nimber's notation
    `W:a1,d1,g7 B:b2,b4,b6 w` (stones in hand, if given, must be 0 0)."""
    fields = position.split()
    if len(fields) not in (3, 5) or not fields[0].startswith("W:") or not fields[1].startswith("B:"):
        raise ValueError(f"not a position: {position!r}")
    if len(fields) == 5 and fields[3:] != ["0", "0"]:
        raise Refused(f"stones in hand: {position!r}")
    sides = [set(n for n in f[2:].split(",") if n not in ("", "-")) for f in fields[:2]]
    return sides[0], sides[1], fields[2]


def notation(white, black, to_move):
    """nimber's notation of a position (names sorted as nimber writes them)."""
    return f"W:{','.join(sorted(white)) or '-'} B:{','.join(sorted(black)) or '-'} {to_move}"


class NinemmDb:
    """A ninemm database directory, its subspaces opened (and checksummed) on first use."""

    def __init__(self, directory, verify=True):
        self.dir = Path(directory)
        self.verify = verify
        manifest = json.loads((self.dir / "manifest.json").read_text())
        self.entries = {(e["w"], e["b"]): e for e in manifest["entries"]}
        self.values = {}

    def subspace(self, w, b):
        """The u16 values of subspace (w, b) (mover's stones, opponent's), checked against the
        manifest; Refused when absent or not matching."""
        if (w, b) not in self.values:
            entry = self.entries.get((w, b))
            path = self.dir / f"wdl_{w}_{b}.bin"
            if entry is None or not path.exists():
                raise Refused(f"subspace {w}-{b} not in {self.dir}")
            data = path.read_bytes()
            size = CANONICAL_SET_SIZES[w] * comb(24 - w, b)
            if len(data) != 2 * entry["size"] or entry["size"] != size:
                raise Refused(f"subspace {w}-{b}: {len(data)} bytes, manifest {entry['size']} entries, spec {size}")
            if self.verify and f"{xxh3_64(data):016x}" != entry["xxh3"].lower():
                raise Refused(f"subspace {w}-{b}: checksum differs from the manifest's")
            self.values[w, b] = memoryview(data).cast("H") if sys.byteorder == "little" else \
                struct.unpack(f"<{len(data) // 2}H", data)
        return self.values[w, b]

    def raw(self, mover, opponent):
        """The stored u16 of a position given as two 24-bit masks of ninemm's points."""
        w, b = bin(mover).count("1"), bin(opponent).count("1")
        if mover & opponent or not (3 <= w <= 9 and 3 <= b <= 9):
            raise Refused(f"not a mid/endgame position: {w} and {b} stones")
        (w, b), i = index(mover, opponent)
        return self.subspace(w, b)[i]

    def value(self, white, black, to_move):
        """('win' | 'lose' | 'draw', depth in plies or None) for the side to move, of the position
        with these sets of point names (a1..g7) and `to_move` 'w' or 'b'."""
        masks = [sum(1 << POINT[n] for n in side) for side in (white, black)]
        mover, opponent = masks if to_move == "w" else masks[::-1]
        d = self.raw(mover, opponent)
        if d == 0xFFFF:
            return "draw", None
        return ("win" if d % 2 else "lose"), d


# --- the comparison with nimber -----------------------------------------------------------------


def nimber_value(nimber_bin, nimber_dir, position):
    """('win' | 'lose' | 'draw', remoteness or None) of `nimber query --json --db DIR POSITION`
    (one process a position: query takes one), or Refused with nimber's message."""
    proc = subprocess.run([str(nimber_bin), "query", "--json", "--db", str(nimber_dir), "--", position],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise Refused(proc.stderr.strip() or f"exit status {proc.returncode}")
    answer = json.loads(proc.stdout)
    return answer["value"], answer.get("remoteness")


def sample(tier, per_tier, seed):
    """`per_tier` random positions of tier `a-b` in nimber's notation: a stones for one side and
    b for the other, the side to move alternating between the one with a and the one with b, its
    colour at random, the points uniformly at random (reproducible from seed and tier)."""
    a, b = (int(x) for x in tier.split("-"))
    rng = random.Random(f"{seed}:{tier}")
    positions = []
    for k in range(per_tier):
        mover_count, other_count = (a, b) if k % 2 == 0 else (b, a)
        points = rng.sample(NAMES, mover_count + other_count)
        mover, other = set(points[:mover_count]), set(points[mover_count:])
        to_move = rng.choice("wb")
        white, black = (mover, other) if to_move == "w" else (other, mover)
        positions.append(notation(white, black, to_move))
    return positions


def compare(nimber_bin, nimber_dir, ninemm_dir, tiers, per_tier, seed, log=print):
    """Compares nimber's `query --db nimber_dir` with ninemm's database on `per_tier` random
    positions of each tier (a list, or names separated by commas). Returns a dict per tier:
    tier, compared, agree (same win, lose or draw), same_depth (also the same remoteness),
    refused_nimber, refused_ninemm, first (the first disagreement: position, nimber's value,
    ninemm's, else None), first_depth (the first position of the same value and another depth);
    with `log`, prints a line per tier."""
    db = NinemmDb(ninemm_dir)
    if isinstance(tiers, str):
        tiers = [t for t in tiers.split(",") if t]
    results = []
    for tier in tiers:
        r = {"tier": tier, "compared": 0, "agree": 0, "same_depth": 0, "refused_nimber": 0,
             "refused_ninemm": 0, "first": None, "first_depth": None}
        for position in sample(tier, per_tier, seed):
            try:
                theirs = db.value(*parse(position))
            except Refused:
                r["refused_ninemm"] += 1
                continue
            try:
                ours = nimber_value(nimber_bin, nimber_dir, position)
            except Refused:
                r["refused_nimber"] += 1
                continue
            r["compared"] += 1
            if ours[0] == theirs[0]:
                r["agree"] += 1
                if ours[1] == theirs[1]:
                    r["same_depth"] += 1
                elif r["first_depth"] is None:
                    r["first_depth"] = (position, ours, theirs)
            elif r["first"] is None:
                r["first"] = (position, ours, theirs)
        if log:
            log(describe(r))
        results.append(r)
    return results


def _show(value):
    return value[0] if value[1] is None else f"{value[0]} in {value[1]}"


def describe(r):
    """One line of a tier's comparison."""
    line = (f"tier {r['tier']}: {r['agree']} of {r['compared']} positions agree with ninemm "
            f"({r['same_depth']} with the same depth)")
    refused = [f"{r[k]} refused by {k[8:]}" for k in ("refused_nimber", "refused_ninemm") if r[k]]
    if refused:
        line += "; " + ", ".join(refused)
    if r["first"]:
        position, ours, theirs = r["first"]
        line += f"; first disagreement: {position}: nimber {_show(ours)}, ninemm {_show(theirs)}"
    elif r["first_depth"]:
        position, ours, theirs = r["first_depth"]
        line += f"; first other depth: {position}: nimber {_show(ours)}, ninemm {_show(theirs)}"
    return line


def main():
    args = sys.argv[1:]
    if len(args) == 2:
        db = NinemmDb(args[0])
        value = db.value(*parse(args[1]))
        print(f"{args[1]}: {_show(value)}")
        return
    if not 3 <= len(args) <= 6:
        sys.exit(__doc__)
    root = Path(__file__).resolve().parents[1]
    per_tier = int(args[3]) if len(args) > 3 else 300
    seed = int(args[4]) if len(args) > 4 else 1
    nimber = args[5] if len(args) > 5 else root / "target/release/nimber"
    results = compare(nimber, args[1], args[0], args[2], per_tier, seed)
    compared = sum(r["compared"] for r in results)
    agree = sum(r["agree"] for r in results)
    print(f"all tiers: {agree} of {compared} positions agree")
    if agree != compared:
        sys.exit(1)


if __name__ == "__main__":
    main()
