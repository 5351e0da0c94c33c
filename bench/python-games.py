#!/usr/bin/env python3
"""Games defined in Python: what nimber's engine adds to the user's own code.

    python3 bench/python-games.py [--quick]

Needs the `nimber` package installed (`pip install ./crates/python`) in the Python that runs
it. For each game written in Python (crates/python/tests/games.py) it times, side by side in one
run, best of several rounds:

- user: the user's own methods called once per position nimber explores (`terminal` and
  `moves`, and `split` for nim values of sums), the positions listed beforehand;
- nimber: `nimber.define(game).solve()` (or `.nim_values()`) from scratch, a fresh object each
  time: the same calls, numbering the positions, and the whole solve;
- negamax: what a user writes without nimber, a memoized negamax of value and remoteness
  (`games.negamax`), on the games of 10^5 positions and more.

For a built-in game it also times `nimber.game(...).solve()` against the command line's `nimber
solve` of the same game (the binary named by NIMBER_BIN, else target/release/nimber; its time
includes starting the process), and the cost of one query of the solution from Python.

It prints nimber / user (the goal of issue 14: at most 1.5, the engine's own work at most half
the user's code) and negamax / nimber (the goal: at least 3 on games of 10^5 positions and
more), and checks that nimber's and negamax's tables agree.

Both nimber and negamax call `moves` once per position, so negamax / nimber can reach 3 only on
games whose moves cost less than a third of negamax's own bookkeeping: it is at most
(negamax / user) / (nimber / user). The Kayles rows (sorted tuples built per move) spend most of
their time in `moves`; the bitmask Kayles (a few integer operations per move) is the game where
the engine's per-move cost (numbering the positions moved to) shows.
"""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "crates/python/tests"))

import nimber  # noqa: E402
from games import BitKayles, Dawson, Kayles, TicTacToe, negamax  # noqa: E402

QUICK = "--quick" in sys.argv
ROUNDS = 3 if QUICK else 5


def best(f):
    times = []
    result = None
    for _ in range(ROUNDS):
        started = time.perf_counter()
        result = f()
        times.append(time.perf_counter() - started)
    return min(times), result


def children(game, pos):
    said = game.moves(pos)
    return list(said.values()) if isinstance(said, dict) else list(said)


def explored(game, parts):
    """The positions nimber's exploration asks about, in its order (breadth first)."""
    start = game.start
    order, seen, head = [start], {start}, 0
    terminal = getattr(game, "terminal", None)
    while head < len(order):
        pos = order[head]
        head += 1
        if terminal and terminal(pos) is not None:
            continue
        nxt = None
        if parts:
            split = game.split(pos)
            if split is not None and len(split) != 1:
                nxt = list(split)
        if nxt is None:
            nxt = children(game, pos)
        for c in nxt:
            if c not in seen:
                seen.add(c)
                order.append(c)
    return order


def user_calls(game, positions, parts):
    terminal = getattr(game, "terminal", None)
    for pos in positions:
        if terminal and terminal(pos) is not None:
            continue
        if parts:
            split = game.split(pos)
            if split is not None and len(split) != 1:
                list(split)
                continue
        children(game, pos)


def row(name, make, parts=False, reference=False):
    game = make()
    positions = explored(game, parts)
    t_user, _ = best(lambda: user_calls(game, positions, parts))
    if parts:
        t_nimber, values = best(lambda: nimber.define(make()).nim_values())
        count = len(values)
    else:
        t_nimber, solution = best(lambda: nimber.define(make()).solve())
        count = solution.positions
    assert count == len(positions), (count, len(positions))
    line = f"{name:<28} {count:>9,} {t_user:>9.3f} {t_nimber:>9.3f} {t_nimber / t_user:>8.2f}"
    if reference:
        t_negamax, table = best(lambda: negamax(make()))
        assert len(table) == count
        for pos, (v, r) in list(table.items())[:: max(1, len(table) // 2000)]:
            assert solution.outcome(pos) == (v, r), pos
        line += f" {t_negamax:>9.3f} {t_negamax / t_nimber:>8.2f}"
    print(line, flush=True)


def builtin(name, params):
    """A built-in game solved from Python and from the command line, and a query's cost."""
    import os
    import subprocess

    root = Path(__file__).resolve().parents[1]
    binary = os.environ.get("NIMBER_BIN") or str(root / "target/release/nimber")
    if not Path(binary).exists():
        print(f"{name}: no binary at {binary} (cargo build --release, or set NIMBER_BIN)")
        return
    args = [binary, "solve", name] + [a for k, v in params.items() for a in ("-p", f"{k}={v}")]
    t_cli, _ = best(lambda: subprocess.run(args, check=True, capture_output=True))
    t_py, solution = best(lambda: nimber.game(name, **params).solve())
    start = solution.query()
    probes = [m.position for m in start.moves] or [None]
    calls = 20_000
    began = time.perf_counter()
    for k in range(calls):
        solution.outcome(probes[k % len(probes)])
    per_query = (time.perf_counter() - began) / calls
    label = f"{name} " + " ".join(f"{k}={v}" for k, v in params.items())
    print(
        f"{label:<28} {solution.positions:>9,} python {t_py:.3f} s, command line {t_cli:.3f} s "
        f"(python / cli {t_py / t_cli:.2f}); a query {per_query * 1e6:.1f} us",
        flush=True,
    )


def main():
    print(f"nimber {nimber.__version__}, Python {sys.version.split()[0]}, best of {ROUNDS}")
    print(f"{'game':<28} {'positions':>9} {'user s':>9} {'nimber s':>9} {'n/user':>8} {'negamax s':>9} {'neg/n':>8}")
    row("tic-tac-toe (solve)", TicTacToe)
    row("Kayles 0.77 G(0..120)", lambda: Kayles(120), parts=True)
    row("Dawson 0.07 G(0..120)", lambda: Dawson(120), parts=True)
    row("Kayles row of 30 (solve)", lambda: Kayles(30), reference=True)
    row("Kayles row of 40 (solve)", lambda: Kayles(40), reference=not QUICK)
    row("Dawson row of 40 (solve)", lambda: Dawson(40), reference=True)
    row("Kayles bitmask of 17 (solve)", lambda: BitKayles(17), reference=True)
    if not QUICK:
        row("Kayles bitmask of 19 (solve)", lambda: BitKayles(19), reference=True)
    print("goals (issue 14): n/user at most 1.5; neg/n at least 3 from 10^5 positions")
    print()
    builtin("dodgem", {"n": 4})


if __name__ == "__main__":
    main()
