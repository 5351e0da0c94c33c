"""nimber: solve two-player combinatorial games exactly, from Python.

The Rust engine of the ``nimber`` command, as a library::

    >>> import nimber
    >>> ttt = nimber.game("tictactoe")
    >>> s = ttt.solve()
    >>> s.positions, s.outcome()
    (5478, Outcome(value='tie', remoteness=9))
    >>> nimber.grundy("0.77", upto=20).period          # Kayles
    12

Games of your own are plain Python objects (a class or functions) with ``start`` and
``moves``; :func:`define` makes them games that every solver works on::

    >>> class Kayles:
    ...     impartial = True
    ...     start = (10,)
    ...     def moves(self, heaps):
    ...         for i, h in enumerate(heaps):
    ...             rest = heaps[:i] + heaps[i + 1:]
    ...             for take in (1, 2):
    ...                 for left in range(h - take + 1):
    ...                     right = h - take - left
    ...                     yield tuple(sorted(rest + tuple(x for x in (left, right) if x)))
    ...     def split(self, heaps):
    ...         return [(h,) for h in heaps]
    >>> nimber.define(Kayles()).nim()
    2

Positions of the library's games are strings in the game's notation (as on the command line);
positions of your games are your own (hashable) objects. Errors in what you pass raise
:class:`NimberError` (a ``ValueError``) with the engine's message, numbers out of range too (a
negative ``upto``); an argument of the wrong type raises ``TypeError``. Long work releases the
GIL and stops on Ctrl-C (``KeyboardInterrupt``).
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, List, NamedTuple, Optional, Sequence as Seq, Tuple, Union

from . import _nimber
from ._nimber import NimberError, RulesError

__all__ = [
    "Comparison",
    "Count",
    "Exploration",
    "Game",
    "GameInfo",
    "Infinite",
    "Move",
    "NimberError",
    "Outcome",
    "Position",
    "Query",
    "RulesError",
    "Searched",
    "SearchedMove",
    "Sequence",
    "Solution",
    "Stored",
    "Survey",
    "Value",
    "Verdict",
    "define",
    "game",
    "games",
    "grundy",
    "open",
    "value",
]

__version__: str = _nimber.__version__


# ---------------------------------------------------------------------------------------------
# Small values


class Outcome(NamedTuple):
    """A position's value for the player to move (``"win"``, ``"lose"``, ``"tie"`` or
    ``"draw"``, endless play) and its remoteness: the number of moves to the end under best
    play, the winner hurrying and the loser delaying (``None`` for a draw)."""

    value: str
    remoteness: Optional[int]

    def __str__(self) -> str:
        if self.remoteness is None:
            return self.value
        return f"{self.value} in {self.remoteness}"


class Infinite(NamedTuple):
    """The generalized nim value ``∞(K)`` of a position of a game with cycles from which play
    can go on forever: ``K`` is the set of finite nim values among its options."""

    options: Tuple[int, ...]

    def __str__(self) -> str:
        return "∞(" + (",".join(map(str, self.options)) if self.options else "∅") + ")"


NimValue = Union[int, Infinite]


def _nim(v: Any) -> Optional[NimValue]:
    if v is None or isinstance(v, int):
        return v
    return Infinite(tuple(v))


class Move(NamedTuple):
    """A move: its label (``None`` when the game does not name its moves), the position it
    leads to, and what it gives the player who makes it (its value and remoteness, the move
    itself counted); ``nim`` is the nim value of the position it leads to, when asked for."""

    label: Optional[str]
    position: Any
    value: str
    remoteness: Optional[int]
    nim: Optional[NimValue] = None

    @property
    def outcome(self) -> Outcome:
        """The value and remoteness for the player who makes the move."""
        return Outcome(self.value, self.remoteness)


class Count(NamedTuple):
    """How many positions have a value and remoteness."""

    value: str
    remoteness: Optional[int]
    count: int


_COLOURS = {"win": "#d8efd8", "lose": "#f6d6d3", "tie": "#f4ecc9", "draw": "#d6e4f5"}


def _cell(text: Any, colour: Optional[str] = None) -> str:
    style = f' style="background:{colour}"' if colour else ""
    return f"<td{style}>{html.escape(str(text))}</td>"


def _table(head: Seq[str], rows: Iterable[str]) -> str:
    th = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    return f"<table><thead><tr>{th}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


@dataclass(frozen=True)
class Query:
    """A position's value and remoteness, and every move with what it gives the player who makes
    it, best first."""

    position: Any
    value: str
    remoteness: Optional[int]
    moves: List[Move]
    nim: Optional[NimValue] = None
    notes: List[str] = field(default_factory=list)

    @property
    def outcome(self) -> Outcome:
        """The position's value and remoteness."""
        return Outcome(self.value, self.remoteness)

    def best(self) -> List[Move]:
        """The moves that keep the position's value: every move as good as the best one."""
        if not self.moves:
            return []
        top = self.moves[0]
        return [m for m in self.moves if (m.value, m.remoteness) == (top.value, top.remoteness)]

    def _repr_html_(self) -> str:
        rows = [
            "<tr>" + _cell(m.label if m.label is not None else "") + _cell(m.position)
            + _cell(Outcome(m.value, m.remoteness), _COLOURS.get(m.value)) + "</tr>"
            for m in self.moves
        ]
        title = html.escape(f"{self.position!s}: {self.outcome}")
        return f"<p><b>{title}</b></p>" + _table(["move", "to", "for the mover"], rows)


class SearchedMove(NamedTuple):
    """A move of a search: what it gives the player who makes it, with the remoteness and the
    game's score where searched for."""

    label: str
    position: str
    value: str
    remoteness: Optional[int]
    score: Optional[int]


class Searched(NamedTuple):
    """A position's value by exact search (:meth:`Game.search`): its remoteness and the game's
    own score (Connect Four: 22 minus the winner's stones on 7x6) where searched for, the moves
    when asked for (best first), the positions searched, and of those the positions read from a
    stored solution (:meth:`Stored.search`)."""

    position: str
    value: str
    remoteness: Optional[int]
    score: Optional[int]
    moves: List[SearchedMove]
    nodes: int
    probed: int = 0

    @property
    def outcome(self) -> Outcome:
        """The position's value and remoteness."""
        return Outcome(self.value, self.remoteness)


def _searched(d: Dict[str, Any]) -> Searched:
    found = [SearchedMove(*m) for m in d["moves"]]
    return Searched(d["position"], d["value"], d["remoteness"], d["score"], found, d["nodes"], d["probed"])


def _query(d: Dict[str, Any]) -> Query:
    moves = [Move(label, pos, value, rem, _nim(nim)) for (label, pos, value, rem, nim) in d["moves"]]
    return Query(d["position"], d["value"], d["remoteness"], moves, _nim(d.get("nim")), list(d["notes"]))


def _memory(memory: Union[None, int, str]) -> Optional[int]:
    """Bytes, from an int or a text such as ``"2G"`` or ``"512M"``."""
    if memory is None or isinstance(memory, int):
        return memory
    text = str(memory).strip().upper().rstrip("B").replace("I", "")
    scale = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}
    try:
        if text and text[-1] in scale:
            bytes_ = int(float(text[:-1]) * scale[text[-1]])
        else:
            bytes_ = int(text)
    except (ValueError, OverflowError):
        bytes_ = -1
    if bytes_ < 0:
        raise NimberError(f"memory={memory!r}: a number of bytes, or with K, M, G or T (such as 2G)")
    return bytes_


# ---------------------------------------------------------------------------------------------
# Games


@dataclass(frozen=True)
class GameInfo:
    """A game of the library: its name, one line of summary, its help (rules, notation, source),
    its parameters with their defaults, and whether it is a partizan game with values or a heap
    game."""

    name: str
    summary: str
    help: str
    params: Dict[str, str]
    param_help: Dict[str, str]
    values: bool
    heaps: bool

    def __str__(self) -> str:
        return f"{self.name}: {self.summary}"


def games() -> List[GameInfo]:
    """Every game of the library, in alphabetical order."""
    out = []
    for d in _nimber.games():
        params = {name: default for name, default, _ in d["params"]}
        helps = {name: text for name, _, text in d["params"]}
        out.append(GameInfo(d["name"], d["summary"], d["help"], params, helps, d["values"], d["heaps"]))
    return out


def _param(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(str(v) for v in value)
    return str(value)


def game(name: str, **params: Any) -> "Game":
    """A game of the library with its parameters, as on the command line's ``-p key=value``
    (lists are written with commas)::

        nimber.game("tictactoe")
        nimber.game("nim", heaps=[3, 4, 5])
        nimber.game("domineering", board="..../..../....")
    """
    given = [(k, _param(v)) for k, v in params.items()]
    return Game(_nimber.Game.builtin(name, given))


class _Sides:
    """A game given by Left's and Right's moves, as the strong solvers see it: positions are
    pairs ``(position, "L" or "R")``, the second naming the player to move."""

    impartial = False

    def __init__(self, rules: Any, first: str = "L"):
        self._rules = rules
        start = rules.start() if callable(getattr(rules, "start", None)) else rules.start
        self.start = (start, first)
        if hasattr(rules, "svg"):
            self.svg = lambda pos: rules.svg(pos[0])

    def moves(self, pos: Tuple[Any, str]) -> Any:
        p, who = pos
        side, other = (self._rules.left_moves, "R") if who == "L" else (self._rules.right_moves, "L")
        said = side(p)
        if isinstance(said, dict):
            return {label: (q, other) for label, q in said.items()}
        return [(q, other) for q in said]


class _Functions:
    """A game given as functions (see :func:`define`)."""

    def __init__(self, **parts: Any):
        for k, v in parts.items():
            if v is not None:
                setattr(self, k, v)


def define(
    rules: Any = None,
    *,
    start: Any = None,
    moves: Any = None,
    terminal: Any = None,
    impartial: bool = False,
    split: Any = None,
    features: Any = None,
    family: Any = None,
    svg: Any = None,
    left_moves: Any = None,
    right_moves: Any = None,
) -> "Game":
    """A game defined in Python, solved by the Rust engine with the same solvers as the library's.

    Give an object (an instance of your class) or the same things as keyword arguments:

    - ``start``: the start position (or a method returning it). Positions are any hashable
      values: tuples, frozensets, ints, strings.
    - ``moves(position)``: the positions the player to move can move to, as an iterable, or a
      dict from move labels to positions. A position with no moves ends the game and the player
      to move loses (normal play), unless ``terminal`` says otherwise.
    - ``terminal(position)`` (optional): ``None`` while play goes on; when the game has ended,
      its outcome for the player to move: ``"win"``, ``"lose"`` or ``"tie"``, or a pair such as
      ``("lose", 0)`` with the remoteness. Positions that are terminal are not asked for moves.
    - ``impartial`` (optional, default False): both players have the same moves, so nim values
      (Sprague-Grundy) apply. Otherwise the position must say whose turn it is.
    - ``split(position)`` (optional, impartial games): the independent components whose sum the
      position is; nim values of sums are then the XOR of the components' values.
    - ``features(position)`` (optional): a dict of integer features (the same names for every
      position), for :meth:`Game.explore` and :meth:`Game.check`.
    - ``family()`` (optional): the positions that ``explore`` and ``check`` survey (by default
      those reachable from the start).
    - ``svg(position)`` (optional): a drawing, shown in notebooks.
    - ``left_moves(position)`` and ``right_moves(position)``: for a partizan game in the sense of
      combinatorial game theory, where both players may move from every position. Such a game
      has values (:meth:`Game.value`: canonical forms, stops, temperature); without ``moves``,
      its positions for the strong solvers are pairs ``(position, "L")`` or ``(position, "R")``
      naming the player to move, Left first from the start.

    Each method is called at most once per position; an exception raised in your code comes back
    with its traceback, and a broken contract (an unhashable position, ``moves`` returning
    ``None``) raises :class:`RulesError`.
    """
    if rules is None:
        rules = _Functions(
            start=start, moves=moves, terminal=terminal, impartial=impartial, split=split,
            features=features, family=family, svg=svg, left_moves=left_moves, right_moves=right_moves,
        )
    sides = None
    if callable(getattr(rules, "left_moves", None)) and callable(getattr(rules, "right_moves", None)):
        sides = rules
        if not callable(getattr(rules, "moves", None)):
            rules = _Sides(rules)
    return Game(_nimber.Game.define(rules), sides)


class Position:
    """A position with its game: shows as its drawing in notebooks (``_repr_svg_``) when the game
    draws its positions, and as its notation otherwise."""

    def __init__(self, game: "Game", position: Any):
        self.game = game
        self.position = position

    def svg(self) -> Optional[str]:
        """The drawing, an SVG document, or ``None``."""
        return self.game.svg(self.position)

    def _repr_svg_(self) -> Optional[str]:
        return self.svg()

    def __str__(self) -> str:
        return str(self.position)

    def __repr__(self) -> str:
        return f"Position({self.game.name}, {self.position!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and other.game is self.game and other.position == self.position

    def __hash__(self) -> int:
        return hash(self.position)


class Game:
    """A game: one of the library's (:func:`game`) or one defined in Python (:func:`define`).
    Every capability works on both."""

    def __init__(self, native: "_nimber.Game", sides: Any = None):
        self._native = native
        self._sides = sides

    @property
    def name(self) -> str:
        """The game's name (for a game defined in Python, its class name)."""
        return self._native.name

    @property
    def kind(self) -> str:
        """``"impartial"`` or ``"partizan"``."""
        return self._native.kind

    @property
    def start(self) -> Any:
        """The start position."""
        return self._native.start

    @property
    def params(self) -> Dict[str, str]:
        """Every parameter with its value, defaults included."""
        return dict(self._native.params)

    @property
    def rules(self) -> Any:
        """The object that defines a game defined in Python (``None`` for the library's)."""
        return self._native.rules

    def __repr__(self) -> str:
        shown = " ".join(f"{k}={v}" for k, v in self._native.params if v)
        return f"<nimber.Game {self.name}{' ' + shown if shown else ''}>"

    def position(self, position: Any = None) -> Position:
        """A position of the game (the start when ``None``), checked: for the library's games
        the notation is read (an error names the column of a mistake) and written back."""
        if position is None:
            position = self.start
        return Position(self, self._native.normalize(position))

    def svg(self, position: Any = None) -> Optional[str]:
        """The drawing of a position (the start when ``None``) as SVG, or ``None``."""
        return self._native.svg(self.start if position is None else position)

    def solve(
        self, position: Any = None, *, solver: str = "auto", memory: Union[None, int, str] = None
    ) -> "Solution":
        """Solves every position reachable from ``position`` (the start when ``None``): win,
        lose, tie or draw (endless play) with remoteness. ``solver``: ``"auto"`` (memo search,
        retrograde analysis when the game has cycles), ``"memo"`` or ``"retrograde"``;
        ``memory``: the most memory a large solve may take (bytes, or ``"4G"``), refused beforehand
        with the estimate when it will not fit."""
        return Solution(self._native.solve(position, solver, _memory(memory)), self)

    def query(self, position: Any = None, *, nim: bool = False) -> Query:
        """Solves one position (the start when ``None``): its value and every move with what it
        gives the player who makes it, best first; with ``nim``, nim values too."""
        return _query(self._native.query(position, nim))

    def search(
        self,
        position: Any = None,
        *,
        remoteness: bool = False,
        moves: bool = False,
        memory: Union[None, int, str] = None,
    ) -> "Searched":
        """Proves the value of one position (the start when ``None``) by exact alpha-beta search,
        without solving every position: for games too large to solve whole (Connect Four 7x6).
        ``remoteness``: the exact remoteness too (slower); ``moves``: every move's value too, each
        searched; ``memory``: the transposition table's size (bytes, or ``"256M"``; 64 MiB by
        default). Built-in games only."""
        return _searched(self._native.search(position, remoteness, moves, _memory(memory)))

    def nim(self, position: Any = None) -> NimValue:
        """The nim value (Sprague-Grundy) of a position (the start when ``None``) of an impartial
        game; for a game with cycles it may be :class:`Infinite`."""
        return _nim(self._native.nim(position))  # type: ignore[return-value]

    def nim_values(self, position: Any = None) -> Dict[Any, NimValue]:
        """The nim values of a position (the start when ``None``) and of every position it
        reaches (or component it splits into), the position first."""
        return {p: _nim(v) for p, v in self._native.nim_values(position)}  # type: ignore[misc]

    def value(self, position: Any = None) -> "Value":
        """The value of a position (the start when ``None``) in the algebra of partizan games:
        its canonical form in CGSuite's notation, outcome class, stops, mean, temperature and
        thermograph. For the library's partizan games with values (Domineering, Clobber, ...)
        and games defined with ``left_moves`` and ``right_moves``."""
        if self._sides is not None:
            rules = self._sides
            if position is None:
                position = rules.start() if callable(getattr(rules, "start", None)) else rules.start
            return Value._of(_nimber.partizan_value(rules, position))
        if self._native.rules is not None:
            raise NimberError(
                "values need Left's and Right's moves: define the game with left_moves and right_moves"
            )
        return Value._of(_nimber.game_value(self._native, position))

    def feature_names(self) -> List[str]:
        """The features of positions that :meth:`explore` and :meth:`check` know (``moves``, the
        number of moves, last)."""
        return list(self._native.feature_names())

    def survey(self, position: Any = None, *, nim: bool = False) -> "Survey":
        """Solves every position of the game's family (or every position reachable from
        ``position``) and tabulates them by their features, once for many :meth:`Survey.explore`
        and :meth:`Survey.check` calls."""
        return Survey(self._native.survey(position, nim))

    def explore(self, by: Union[str, Seq[str]], *, position: Any = None, nim: bool = False) -> "Exploration":
        """The outcome (or nim value) of every position of the family laid out by one to four
        features, with whether they decide it, periods, and a rule mined from the table."""
        return self.survey(position, nim=nim).explore(by)

    def check(self, rule: str, *, value: str = "lose", position: Any = None, nim: bool = False) -> "Verdict":
        """Checks a conjectured rule on every position of the family: ``rule`` is an expression
        over the features, true exactly on the positions of ``value`` (with ``nim``, it may give
        the nim value instead). The verdict holds, or gives the first counterexample."""
        return self.survey(position, nim=nim).check(rule, value=value)


class Solution:
    """A solved game: the value and remoteness of every position reached, queried many times
    without solving again."""

    def __init__(self, native: "_nimber.Solution", game: Game):
        self._native = native
        self.game = game

    @property
    def positions(self) -> int:
        """How many positions were solved."""
        return self._native.positions

    def __len__(self) -> int:
        return self._native.positions

    def __repr__(self) -> str:
        return f"<nimber.Solution of {self.game.name}: {self.positions} positions>"

    def query(self, position: Any = None) -> Query:
        """A position (the start when ``None``): its value and remoteness, and every move with
        what it gives the player who makes it, best first."""
        return _query(self._native.query(position))

    def outcome(self, position: Any = None) -> Outcome:
        """The value and remoteness of a position (the start when ``None``)."""
        return Outcome(*self._native.outcome(position))

    def value(self, position: Any = None) -> str:
        """``"win"``, ``"lose"``, ``"tie"`` or ``"draw"``, for the player to move."""
        return self._native.outcome(position)[0]

    def remoteness(self, position: Any = None) -> Optional[int]:
        """Moves to the end under best play (``None`` for a draw)."""
        return self._native.outcome(position)[1]

    def moves(self, position: Any = None) -> List[Move]:
        """Every move from a position with what it gives the player who makes it, best first."""
        return self.query(position).moves

    def __contains__(self, position: Any) -> bool:
        try:
            self._native.outcome(position)
            return True
        except (NimberError, TypeError):
            return False

    def counts(self) -> List[Count]:
        """The positions by value and remoteness."""
        return [Count(*row) for row in self._native.counts()]

    def totals(self) -> Dict[str, int]:
        """The positions by value."""
        out: Dict[str, int] = {}
        for row in self._native.counts():
            out[row[0]] = out.get(row[0], 0) + row[2]
        return out

    def _repr_html_(self) -> str:
        start = self.outcome()
        rows = [
            "<tr>" + _cell(c.value, _COLOURS.get(c.value)) + _cell("" if c.remoteness is None else c.remoteness)
            + _cell(f"{c.count:,}") + "</tr>"
            for c in self.counts()
        ]
        title = html.escape(f"{self.game.name}: {self.positions:,} positions; the start is a {start}")
        return f"<p><b>{title}</b></p>" + _table(["value", "remoteness", "positions"], rows)


class Stored:
    """A solved game stored by ``nimber solve GAME --save FILE`` (a store file) or, for a game
    solved tier by tier, ``nimber solve morris --save DIR`` (a directory of tiers): queries read
    the files."""

    def __init__(self, path: str):
        self._native = _nimber.Stored(str(path))

    @property
    def name(self) -> str:
        """The stored game's name."""
        return self._native.name

    @property
    def params(self) -> Dict[str, str]:
        """The stored game's parameters."""
        return dict(self._native.params)

    @property
    def positions(self) -> int:
        """How many positions are stored."""
        return self._native.positions

    @property
    def start(self) -> str:
        """The position shown first: the game's start or, for a directory of tiers that does not
        hold it (Nine Men's Morris: the empty board), the first position of the last tier."""
        return self._native.start

    def counts(self) -> List[Count]:
        """The positions by value and remoteness."""
        return [Count(*row) for row in self._native.counts()]

    def query(self, position: Optional[str] = None) -> Query:
        """A position (``start`` when ``None``), in the game's notation: its value and every move
        with what it gives the player who makes it, best first."""
        return _query(self._native.query(position))

    def outcome(self, position: Optional[str] = None) -> Outcome:
        """The value and remoteness of a position."""
        return self.query(position).outcome

    def search(
        self,
        position: Optional[str] = None,
        *,
        remoteness: bool = False,
        moves: bool = False,
        memory: Union[None, int, str] = None,
    ) -> Searched:
        """Proves the value of a position (the start when ``None``) by exact alpha-beta search
        over the game's rules, as :meth:`Game.search` does, every position the files hold read
        from them: for Nine Men's Morris, the placement searched over the stored tiers. The
        answer's ``probed`` counts the positions read."""
        return _searched(self._native.search(position, remoteness, moves, _memory(memory)))

    def svg(self, position: str) -> Optional[str]:
        """The drawing of a position, if the game has one."""
        return self._native.svg(position)

    def __repr__(self) -> str:
        return f"<nimber.Stored {self.name}: {self.positions} positions>"


def open(path: str) -> Stored:  # noqa: A001 - the name users look for
    """Opens a solved game stored by ``nimber solve GAME --save FILE`` (or a directory of tiers
    saved by ``--save DIR``)."""
    return Stored(path)


# ---------------------------------------------------------------------------------------------
# Exploration


@dataclass(frozen=True)
class Exploration:
    """A survey laid out by some features: ``cells`` maps each tuple of feature values to the
    values found there, each with how many positions have it and the first of them."""

    features: List[str]
    nim: bool
    scope: str
    positions: int
    cells: Dict[Tuple[Any, ...], List[Tuple[Any, int, Any]]]
    function: bool
    counterexample: Optional[List[Tuple[Any, Any]]]
    periods: Dict[str, Optional[Tuple[int, int]]]
    rule_value: str
    rule: Optional[str]
    nim_rule: Optional[str]
    value_rule: Optional[str]

    def table(self) -> Dict[Tuple[Any, ...], Any]:
        """Each tuple of feature values with its value, when the features decide it (else the
        list of values found there)."""
        return {k: (v[0][0] if len(v) == 1 else [e[0] for e in v]) for k, v in self.cells.items()}

    def __str__(self) -> str:
        lines = [f"{self.positions} positions ({self.scope}) by {', '.join(self.features)}"]
        if self.function:
            lines.append("the value is a function of these features")
        if self.rule:
            lines.append(f"{self.rule_value} exactly when {self.rule}")
        if self.nim_rule:
            lines.append(f"nim value = {self.nim_rule}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        def show(entries: List[Tuple[Any, int, Any]]) -> Tuple[str, Optional[str]]:
            text = " / ".join(str(e[0]) for e in entries)
            colour = _COLOURS.get(entries[0][0]) if len(entries) == 1 and isinstance(entries[0][0], str) else None
            if len(entries) == 1 and entries[0][0] == 0 and self.nim:
                colour = _COLOURS["lose"]
            return text, colour

        head = f"<p><b>{html.escape(str(self))}</b></p>"
        if len(self.features) == 2:
            xs = sorted({k[1] for k in self.cells}, key=_order)
            ys = sorted({k[0] for k in self.cells}, key=_order)
            rows = []
            for y in ys:
                cells = [_cell(y)]
                for x in xs:
                    entries = self.cells.get((y, x))
                    cells.append(_cell(*show(entries)) if entries else _cell(""))
                rows.append("<tr>" + "".join(cells) + "</tr>")
            names = f"{self.features[0]} \\ {self.features[1]}"
            return head + _table([names] + [str(x) for x in xs], rows)
        rows = [
            "<tr>" + "".join(_cell(k) for k in key) + _cell(*show(entries)) + "</tr>"
            for key, entries in self.cells.items()
        ]
        return head + _table(list(self.features) + ["value"], rows)


def _order(v: Any) -> Tuple[int, Any]:
    return (0, v) if isinstance(v, int) else (1, str(v))


@dataclass(frozen=True)
class Verdict:
    """The result of checking a rule: whether it holds on every position, how many were checked,
    and the first counterexample (its position, true value, what the rule claimed, features)."""

    rule: str
    holds: bool
    positions: int
    counterexample: Optional[Dict[str, Any]]

    def __bool__(self) -> bool:
        return self.holds

    def __str__(self) -> str:
        if self.holds:
            return f"holds on all {self.positions} positions: {self.rule}"
        c = self.counterexample or {}
        return (
            f"fails: {c.get('position')!r} is {c.get('value')}, the rule says {c.get('claimed')} "
            f"(features {c.get('features')})"
        )


class Survey:
    """Every position of a scope solved and tabulated by all its features."""

    def __init__(self, native: "_nimber.Survey"):
        self._native = native

    @property
    def features(self) -> List[str]:
        """The feature names."""
        return list(self._native.features)

    @property
    def positions(self) -> int:
        """How many positions."""
        return self._native.positions

    @property
    def scope(self) -> str:
        """Which positions, in words."""
        return self._native.scope

    def explore(self, by: Union[str, Seq[str]]) -> Exploration:
        """The values laid out by one to four features (see :class:`Exploration`)."""
        names = [by] if isinstance(by, str) else list(by)
        d = self._native.explore(names)
        cells = {tuple(key): list(entries) for key, entries in d["cells"]}
        periods = dict(zip(d["features"], d["periods"]))
        return Exploration(
            list(d["features"]), d["nim"], d["scope"], d["positions"], cells, d["function"],
            d["counterexample"], periods, d["rule_value"], d["rule"], d["nim_rule"], d["value_rule"],
        )

    def check(self, rule: str, *, value: str = "lose") -> Verdict:
        """Checks a rule on every position (see :meth:`Game.check`)."""
        d = self._native.check(rule, value)
        return Verdict(d["rule"], d["holds"], d["positions"], d["counterexample"])


# ---------------------------------------------------------------------------------------------
# Heap games


class Sequence:
    """The nim values G(0..upto) of single heaps of a heap game, with their period."""

    def __init__(self, d: Dict[str, Any]):
        self.code: str = d["code"]
        self.title: str = d["title"]
        self._values: List[int] = d["values"]
        self.period: Optional[int] = d["period"]
        self.preperiod: Optional[int] = d["preperiod"]
        self.saltus: int = d["saltus"]
        self.proved: bool = d["proved"]

    @property
    def values(self) -> Any:
        """The values: a NumPy array (``uint32``) when NumPy is installed, a list otherwise."""
        try:
            import numpy
        except ImportError:
            return list(self._values)
        return numpy.asarray(self._values, dtype=numpy.uint32)

    def tolist(self) -> List[int]:
        """The values as a list."""
        return list(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __getitem__(self, n: Any) -> Any:
        return self._values[n]

    def __str__(self) -> str:
        if self.period is None:
            found = "no period found"
        else:
            saltus = f", saltus {self.saltus}" if self.saltus else ""
            status = "proved" if self.proved else "observed"
            found = f"period {self.period} from n = {self.preperiod}{saltus} ({status})"
        return f"{self.title}: G(0..{len(self) - 1}); {found}"

    def __repr__(self) -> str:
        return f"<nimber.Sequence {self}>"

    def _repr_html_(self) -> str:
        width = self.period if self.period and self.period <= 24 else 10
        shown = self._values[:1000]
        rows = []
        for start in range(0, len(shown), width):
            rows.append("<tr>" + _cell(start) + "".join(_cell(v) for v in shown[start:start + width]) + "</tr>")
        return f"<p><b>{html.escape(str(self))}</b></p>" + _table(["n"] + [f"+{i}" for i in range(width)], rows)


def grundy(code: str, upto: int = 1000) -> Sequence:
    """The nim values G(0..upto) of single heaps of a heap game given by an octal code
    (``"0.77"`` is Kayles, ``"0.07"`` Dawson's Kayles), a subtraction set (``"S(1,2,3)"``), an
    all-but set or a name, and their period (proved by the periodicity theorem where it
    applies)."""
    return Sequence(_nimber.grundy(code, upto))


# ---------------------------------------------------------------------------------------------
# Partizan values


@dataclass(frozen=True)
class Value:
    """A value in the algebra of partizan games: its canonical form in CGSuite's notation, its
    outcome class (``L``, ``R``, ``N`` or ``P``), its stops, mean and temperature (exact numbers
    written as text, such as ``"-1/2"``) and its thermograph (SVG)."""

    value: str
    outcome: str
    meaning: str
    left_stop: str
    right_stop: str
    mean: str
    temperature: str
    thermograph: str
    position: Any = None

    @staticmethod
    def _of(d: Dict[str, Any]) -> "Value":
        return Value(
            d["value"], d["outcome"], d["meaning"], d["left_stop"], d["right_stop"], d["mean"],
            d["temperature"], d["thermograph"], d.get("position"),
        )

    def __str__(self) -> str:
        return self.value

    def _repr_html_(self) -> str:
        facts = (
            f"<b>{html.escape(self.value)}</b> &middot; {self.outcome} ({html.escape(self.meaning)}) &middot; "
            f"stops {html.escape(self.left_stop)}, {html.escape(self.right_stop)} &middot; "
            f"mean {html.escape(self.mean)}, temperature {html.escape(self.temperature)}"
        )
        return f"<div><p>{facts}</p>{self.thermograph}</div>"


@dataclass(frozen=True)
class Comparison:
    """The answer to a comparison of values: whether ``left op right`` holds, and how the two
    really compare (``relation``: ``<``, ``=``, ``>`` or ``||``, confused)."""

    holds: bool
    left: str
    op: str
    right: str
    relation: str

    def __bool__(self) -> bool:
        return self.holds

    def __str__(self) -> str:
        return f"{str(self.holds).lower()}: {self.left} {self.relation} {self.right}"


def value(expression: str) -> Union[Value, Comparison]:
    """A value in CGSuite's notation, or a comparison: ``value("{2|-1/2} + ^* - 1/4")`` gives the
    canonical form and its facts, ``value("{1|-1} > 0")`` a :class:`Comparison` (false: the two
    are confused)."""
    d = _nimber.value(expression)
    if "holds" in d:
        return Comparison(d["holds"], d["left"], d["op"], d["right"], d["relation"])
    return Value._of(d)
