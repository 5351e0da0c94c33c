"""Worst-case inputs for more-reclamation: rivers of the maximal r = 100 rows."""

import random


def river(r, cells):
    return f"{r} {len(cells)}\n" + "".join(f"{i} {c}\n" for i, c in cells)


def cases():
    r = 100
    rng = random.Random(335)
    # Random consistent cells: each row reclaimed with probability 1/5, no conflicts.
    cells, prev = [], 0
    for i in range(1, r + 1):
        kind = 0
        if rng.random() < 0.2:
            kind = prev if prev else rng.choice((1, 2))
            cells.append((i, kind))
        prev = kind
    rng.shuffle(cells)
    return {
        "r=100 nothing reclaimed": river(r, []),
        "r=100 one cell at the end": river(r, [(1, 1)]),
        "r=100 one cell in the middle": river(r, [(50, 2)]),
        "r=100 every third row": river(r, [(i, 1 + (i // 3) % 2) for i in range(1, r + 1, 3)]),
        "r=100 random cells": river(r, cells),
    }
