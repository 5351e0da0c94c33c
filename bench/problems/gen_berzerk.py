"""Worst-case inputs for berzerk (Codeforces 786A): n = 7000 (the limit) with step sets that
make the classic retrograde loop walk 10^7 to 10^8 predecessor moves, with and without loops."""

import random

N = 7000


def instance(s1, s2, n=N):
    return f"{n}\n{len(s1)} {' '.join(map(str, s1))}\n{len(s2)} {' '.join(map(str, s2))}\n"


def random_set(rng, density, n=N):
    return sorted(rng.sample(range(1, n), max(1, int((n - 1) * density))))


def cases() -> dict[str, str]:
    rng = random.Random(786)
    full = list(range(1, N))
    return {
        # Every state wins at once, but the classic loop still walks all 2 * 7000 * 6999 moves.
        "full k1=k2=6999": instance(full, full),
        # All steps but n-1: two lost states, the rest won.
        "all but n-1": instance(full[:-1], full[:-1]),
        # Random sets of 3/4 of the steps: a quarter of the states are loops.
        "random 75% (loops)": instance(random_set(rng, 0.75), random_set(rng, 0.75)),
        # Random sets of 1/2 and 9/10 of the steps: 30% loops.
        "random 50%+90% (loops)": instance(random_set(rng, 0.5), random_set(rng, 0.9)),
        # Even steps only: the monster keeps the parity of its object, and every state is a loop.
        "even steps (all loops)": instance(full[1::2], full[1::2]),
        # Player 1 steps back by at most 1000, player 2 forward by at most 999: states are
        # decided in a sweep around the circle.
        "ranges (sweep)": instance(list(range(N - 1000, N)), list(range(1, 1000))),
        # Player 1 moves one object at a time, player 2 has every step.
        "k1=1 k2=6999": instance([1], full),
    }
