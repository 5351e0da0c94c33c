"""Worst-case inputs for pathgame: boards of the maximal width W = 1000."""

import random


def board(columns):
    """Two rows from column kinds: 0 white, 1 top black, 2 bottom black."""
    top = "".join("#" if c == 1 else "." for c in columns)
    bottom = "".join("#" if c == 2 else "." for c in columns)
    return f"{top}\n{bottom}\n"


def cases():
    w = 1000
    rng = random.Random(637)
    # Short runs: a black cell every third column, rows chosen at random.
    short = [0] * w
    for c in range(0, w, 3):
        short[c] = rng.choice((1, 2))
    # Random board: blacks with probability 1/10, kept consistent (no top/bottom neighbours).
    rand = [0] * w
    for c in range(w):
        if rng.random() < 0.1:
            prev = rand[c - 1] if c > 0 else 0
            rand[c] = prev if prev else rng.choice((1, 2))
    one_wall = [0] * w
    one_wall[0] = 1
    middle = [0] * w
    middle[w // 2] = 2
    return {
        "W=1000 no walls": board([0] * w),
        "W=1000 one wall at the edge": board(one_wall),
        "W=1000 one wall in the middle": board(middle),
        "W=1000 runs of 2": board(short),
        "W=1000 random 10% black": board(rand),
    }
