"""Worst-case inputs for fivehundredeleven (TopCoder SRM 511 Div 2 1000): 50 cards (the limit)
that reach many (memory, cards played) states before the memory can become 511.

Even the heaviest of these costs the classic memoized recursion under 6 * 10^4 card checks
(counted by a Python copy of it over a random search of hands): both programs spend nearly all
their time starting up, so the ratio measures process start-up, not the method."""

import random


def cases() -> dict[str, str]:
    rng = random.Random(511)
    single_bits = [1 << (i % 9) for i in range(50)]
    sparse = [(1 << rng.randrange(9)) | (1 << rng.randrange(9)) for _ in range(50)]
    with_zeros = [0] * 10 + [1 << (i % 9) for i in range(40)]
    # The heaviest hand found by that search (56,841 card checks in this order).
    searched = [0] * 16 + [1, 1, 1, 2, 4, 4, 4, 4, 8, 8, 10, 16, 16, 18, 32, 32, 32, 33, 64, 64, 64, 98]
    searched += [128, 128, 128, 128, 128, 128, 129, 137, 168, 195, 256, 257]
    return {
        "50 single bits": " ".join(map(str, single_bits)),
        "50 two-bit cards": " ".join(map(str, sparse)),
        "10 zeros, 40 bits (braces)": "{" + ", ".join(map(str, with_zeros)) + "}",
        "searched worst (newlines)": "\n".join(map(str, searched)) + "\n",
    }
