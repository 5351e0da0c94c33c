"""Games written in Python, as a user would write them, for the tests and the benchmark."""

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def three(board, mark):
    return any(board[a] == board[b] == board[c] == mark for a, b, c in LINES)


class TicTacToe:
    """Tic-tac-toe: a position is the board (9 characters, `x`, `o` or `.`) and the player to
    move."""

    start = ("." * 9, "x")

    def terminal(self, position):
        board, player = position
        if three(board, "o" if player == "x" else "x"):
            return "lose"
        if "." not in board:
            return "tie"
        return None

    def moves(self, position):
        board, player = position
        other = "o" if player == "x" else "x"
        return {
            "abc"[i % 3] + str(i // 3 + 1): (board[:i] + player + board[i + 1:], other)
            for i in range(9)
            if board[i] == "."
        }


def notation(board):
    """The built-in game's notation of a board: rows from the top, separated by `/`."""
    return "/".join(board[r * 3:r * 3 + 3] for r in range(3))


class Kayles:
    """Kayles (octal 0.77): knock down one pin or two adjacent ones from a row. A position is the
    sorted tuple of the rows' lengths."""

    impartial = True

    def __init__(self, n=10, take=(1, 2)):
        self.start = (n,)
        self.take = take

    def moves(self, heaps):
        for i, h in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1:]
            for take in self.take:
                for left in range(h - take + 1):
                    right = h - take - left
                    yield tuple(sorted(rest + tuple(x for x in (left, right) if x)))

    def split(self, heaps):
        return [(h,) for h in heaps]


class BitKayles:
    """Kayles on a row of n pins as the strong solvers see it, without splitting into sums: a
    position is the bitmask of the pins standing, 2^n positions. Cheap moves on ints."""

    def __init__(self, n=17):
        self.start = (1 << n) - 1
        self.singles = [1 << i for i in range(n)]
        self.pairs = [3 << i for i in range(n - 1)]

    def moves(self, p):
        return [p ^ b for b in self.singles if p & b] + [p ^ b for b in self.pairs if p & b == b]


class Dawson:
    """Dawson's Kayles (octal 0.07): remove two adjacent pins, anywhere in a row."""

    impartial = True

    def __init__(self, n=10):
        self.start = (n,)

    def moves(self, heaps):
        for i, h in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1:]
            for left in range(h - 1):
                right = h - 2 - left
                yield tuple(sorted(rest + tuple(x for x in (left, right) if x)))

    def split(self, heaps):
        return [(h,) for h in heaps]


class Graph:
    """A game given by its edges (a dict of lists): the same as `nimber.game("graph", ...)`."""

    impartial = True

    def __init__(self, edges, start):
        self.edges = edges
        self.start = start

    def moves(self, position):
        return self.edges.get(position, [])


class Subtraction:
    """Take 1 or 2 counters from a heap: the first player loses exactly at multiples of 3."""

    impartial = True

    def __init__(self, n=30):
        self.start = n
        self.n = n

    def moves(self, n):
        return [n - k for k in (1, 2) if k <= n]

    def features(self, n):
        return {"n": n}

    def family(self):
        return range(self.n + 1)


class Domineering:
    """Domineering: Left places vertical dominoes, Right horizontal. A position is the frozenset
    of empty squares (row, column)."""

    def __init__(self, rows, cols):
        self.start = frozenset((r, c) for r in range(rows) for c in range(cols))

    def left_moves(self, empty):
        return [empty - {(r, c), (r + 1, c)} for (r, c) in empty if (r + 1, c) in empty]

    def right_moves(self, empty):
        return [empty - {(r, c), (r, c + 1)} for (r, c) in empty if (r, c + 1) in empty]


def negamax(game):
    """What a user writes without nimber: a memoized negamax (value and remoteness) of a game with
    `start`, `moves` and optionally `terminal`, without cycles. Returns the table."""
    import sys

    sys.setrecursionlimit(100_000)
    memo = {}
    terminal = getattr(game, "terminal", None)
    moves = game.moves

    def solve(pos):
        if pos in memo:
            return memo[pos]
        said = terminal(pos) if terminal else None
        if said is not None:
            result = (said, 0)
        else:
            best = None
            children = moves(pos)
            for child in children.values() if isinstance(children, dict) else children:
                v, r = solve(child)
                mine = {"lose": ("win", r + 1), "win": ("lose", r + 1), "tie": ("tie", r + 1)}[v]
                if best is None or better(mine, best):
                    best = mine
            result = best if best is not None else ("lose", 0)
        memo[pos] = result
        return result

    def better(a, b):
        rank = {"win": 2, "tie": 1, "lose": 0}
        if rank[a[0]] != rank[b[0]]:
            return rank[a[0]] > rank[b[0]]
        return a[1] < b[1] if a[0] == "win" else a[1] > b[1]

    start = game.start() if callable(game.start) else game.start
    solve(start)
    return memo
