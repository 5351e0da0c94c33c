"""Worst-case inputs for TopCoder SRM 588 GameInDarkness: 50 x 50 trees with many branches.

Every case is the largest field (50 x 50); the empty cells form a tree. Cases where Alice wins
make a solver look at every cell (no early answer).
"""

import random

N = 50


def render(open_cells, a, b):
    rows = []
    for r in range(N):
        row = []
        for c in range(N):
            if (r, c) == a:
                row.append("A")
            elif (r, c) == b:
                row.append("B")
            elif (r, c) in open_cells:
                row.append(".")
            else:
                row.append("#")
        rows.append("".join(row))
    return rows


def lines(rows):
    return "\n".join(rows) + "\n"


def literal(rows):
    return "{" + ",\n ".join(f'"{r}"' for r in rows) + "}\n"


def comb():
    """Row 0 open, teeth down every other column: 25 junctions with three long branches."""
    cells = {(0, c) for c in range(N)} | {(r, c) for r in range(1, N) for c in range(0, N, 2)}
    return cells


def fishbone():
    """A spine down the middle column, full-width ribs on every other row."""
    return {(r, N // 2) for r in range(N)} | {(r, c) for r in range(0, N, 2) for c in range(N)}


def snake():
    """One long path: full rows joined alternately at the right and left ends."""
    cells = set()
    for r in range(0, N, 2):
        cells |= {(r, c) for c in range(N)}
        if r + 1 < N:
            cells.add((r + 1, N - 1 if (r // 2) % 2 == 0 else 0))
    return cells


def random_tree(seed):
    """A maximal random tree: grown from the centre by adding cells that touch exactly one."""
    rng = random.Random(seed)
    start = (N // 2, N // 2)
    cells = {start}
    frontier = [start]
    candidates = []

    def neighbours(r, c):
        return [(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)) if 0 <= r + dr < N and 0 <= c + dc < N]

    candidates.extend(neighbours(*start))
    while candidates:
        i = rng.randrange(len(candidates))
        candidates[i], candidates[-1] = candidates[-1], candidates[i]
        cell = candidates.pop()
        if cell in cells or sum(n in cells for n in neighbours(*cell)) != 1:
            continue
        cells.add(cell)
        frontier.append(cell)
        candidates.extend(n for n in neighbours(*cell) if n not in cells)
    return cells, frontier


def cases() -> dict[str, str]:
    out = {}
    teeth = comb()
    # Alice at the junction row's left end, Bob at the bottom of the last tooth: no junction is
    # closer to Bob by 2, Alice wins after every cell is examined.
    out["comb, Alice wins"] = lines(render(teeth, (0, 0), (N - 1, N - 2)))
    out["comb, Bob wins"] = lines(render(teeth, (N - 1, 0), (0, N // 2)))
    bones = fishbone()
    out["fishbone, Alice wins"] = lines(render(bones, (N // 2, N // 2), (N - 2, N - 1)))
    out["fishbone, Bob wins"] = lines(render(bones, (0, 0), (N - 2, N - 1)))
    path = snake()
    out["snake path, Alice wins"] = lines(render(path, (0, 0), (N - 2, N - 1)))
    tree, order = random_tree(588)
    out["random tree, A first B last"] = lines(render(tree, order[0], order[-1]))
    out["random tree literal form"] = literal(render(tree, order[-1], order[len(order) // 2]))
    return out


if __name__ == "__main__":
    for name, text in cases().items():
        print(name, len(text))
