"""Worst-case inputs for yukicoder 819 Enjapma: the largest boards (4 million cells)."""

import random


def cases() -> dict[str, str]:
    rng = random.Random(819)
    n = 2000
    # Random rows built from a pool, so that generating 4 million cells stays quick.
    pool = ["".join(rng.choice("o.") for _ in range(n)) for _ in range(64)]
    random_rows = [rng.choice(pool) for _ in range(n)]
    return {
        "2000x2000 random": f"{n} {n}\n" + "\n".join(random_rows) + "\n",
        "2000x2000 full": f"{n} {n}\n" + "\n".join(["o" * n] * n) + "\n",
        "2000x2000 checkerboard": f"{n} {n}\n"
        + "\n".join(("o." * n)[r % 2 : r % 2 + n] for r in range(n))
        + "\n",
        "1x4000000 one row": "1 4000000\n" + rng.choice(pool) * 2000 + "\n",
        "4000000x1 one column": "4000000 1\n" + "\n".join(rng.choice("o.") for _ in range(4_000_000)) + "\n",
        "2000x2000 CRLF": (f"{n} {n}\n" + "\n".join(random_rows) + "\n").replace("\n", "\r\n"),
    }
