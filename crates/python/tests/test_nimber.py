"""Tests of the Python package: every capability, games defined in Python against the built-in
equivalents, errors, interrupts and the notebook representations."""

import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import nimber
from games import Dawson, Domineering, Graph, Kayles, Subtraction, TicTacToe, negamax, notation

ROOT = Path(__file__).resolve().parents[3]


# --- the library's games -------------------------------------------------------------------------


def test_games_are_listed_with_their_parameters():
    infos = {g.name: g for g in nimber.games()}
    assert {"tictactoe", "nim", "domineering", "dobutsu", "berzerk"} <= set(infos)
    assert infos["nim"].params["heaps"] == "3,4,5"
    assert infos["domineering"].values and not infos["nim"].values
    assert infos["subtraction"].heaps
    assert "Bouton" in infos["nim"].help


def test_tictactoe_is_a_tie_in_nine_over_5478_positions():
    s = nimber.game("tictactoe").solve()
    assert s.positions == len(s) == 5478
    assert s.outcome() == ("tie", 9) and str(s.outcome()) == "tie in 9"
    assert s.totals() == {"win": 2836, "lose": 1574, "tie": 1068}
    assert sum(c.count for c in s.counts()) == 5478
    # Every opening move keeps the tie; after a corner, only the centre does.
    assert [m.label for m in s.query().best()] == ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]
    after = s.query("x../.../...")
    assert after.outcome == ("tie", 8)
    assert [m.label for m in after.best()] == ["b2"]
    assert s.value("xx./oo./...") == "win" and s.remoteness("xx./oo./...") == 1


def test_parameters_and_nim_values():
    nim = nimber.game("nim", heaps=[3, 4, 5])
    assert nim.params["heaps"] == "3,4,5"
    assert nim.nim() == 3 ^ 4 ^ 5
    assert nim.nim("1,2,3") == 0
    values = nim.nim_values("1,2")
    assert list(values.items())[0] == ("1,2", 3)
    assert values["2"] == 2
    q = nim.query("1,2", nim=True)
    assert q.nim == 3 and {m.position: m.nim for m in q.moves}["1,1"] == 0


def test_solve_options_and_queries_from_a_position():
    s = nimber.game("tictactoe").solve("xo./.../...", solver="retrograde")
    assert s.outcome() == ("win", 5)
    assert "xo./.../..." in s and ".../.../..." not in s
    with pytest.raises(nimber.NimberError, match="solver `fast`"):
        nimber.game("tictactoe").solve(solver="fast")
    with pytest.raises(nimber.NimberError, match="memory"):
        nimber.game("tictactoe").solve(memory="lots")


def test_a_builtin_game_with_cycles():
    # Dodgem's positions repeat; Winning Ways: the first player wins on the 3x3 board.
    s = nimber.game("dodgem", n=3).solve()
    assert s.positions == 2055 and s.outcome() == ("win", 20)


def test_grundy_sequences_with_period_and_proof():
    kayles = nimber.grundy("0.77", upto=200)
    assert (kayles.period, kayles.preperiod, kayles.proved) == (12, 71, True)
    assert kayles.tolist()[:12] == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    numpy = pytest.importorskip("numpy")
    assert isinstance(kayles.values, numpy.ndarray) and kayles.values.dtype == numpy.uint32
    assert kayles[71] == kayles[83]
    assert nimber.grundy("sub:1,2", upto=30).period == 3
    with pytest.raises(nimber.NimberError, match="cannot read ruleset"):
        nimber.grundy("0.7x")


def test_grundy_without_numpy_is_a_list(monkeypatch):
    import builtins

    real = builtins.__import__

    def no_numpy(name, *args, **kwargs):
        if name == "numpy":
            raise ImportError("no numpy here")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_numpy)
    assert nimber.grundy("0.07", upto=10).values == [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]


def test_explore_and_check_of_a_builtin_game():
    nim = nimber.game("nim", heaps=2, max=5)
    e = nim.explore(["heap1", "heap2"])
    assert e.positions > 0 and e.function
    assert e.table()[(3, 3)] == "lose" and e.table()[(2, 3)] == "win"
    assert nim.check("xor == 0").holds
    wrong = nim.check("heap1 == 0")
    assert not wrong and wrong.counterexample["position"] == "1"
    assert (wrong.counterexample["value"], wrong.counterexample["claimed"]) == ("win", "lose")
    assert "<table" in e._repr_html_()


def test_partizan_values_of_builtin_games_and_expressions():
    # Winning Ways, ch. 2: Domineering 2x2 is +-1, 2x3 {2|-1/2}, 3x3 +-1.
    assert str(nimber.game("domineering", board="../..").value()) == "+-1"
    v = nimber.game("domineering", board=".../...").value()
    assert (v.value, v.outcome, v.left_stop, v.right_stop, v.mean, v.temperature) == (
        "{2|-1/2}", "N", "2", "-1/2", "3/4", "5/4")
    assert v.thermograph.startswith("<svg")
    assert nimber.game("domineering", board=".../.../...").value().value == "+-1"
    assert nimber.value("{2|-1/2} + ^* - 1/4").value == "{7/4^*|-3/4^*}"
    c = nimber.value("{1|-1} > 0")
    assert not c and c.relation == "||"
    assert nimber.value("^ + ^ == ^2")
    with pytest.raises(nimber.NimberError, match="column"):
        nimber.value("{1|")
    with pytest.raises(nimber.NimberError, match="not a partizan game with values"):
        nimber.game("nim").value()


# --- games defined in Python ---------------------------------------------------------------------


def test_tictactoe_in_python_matches_the_builtin_on_every_position():
    mine = nimber.define(TicTacToe()).solve()
    builtin = nimber.game("tictactoe").solve()
    assert mine.positions == 5478
    assert mine.outcome() == ("tie", 9)
    assert mine.totals() == builtin.totals()
    boards = [("." * 9, "x")]
    seen = set(boards)
    while boards:  # every reachable position, compared with the built-in's value
        pos = boards.pop()
        assert mine.outcome(pos) == builtin.outcome(notation(pos[0])), pos
        if TicTacToe().terminal(pos) is None:
            for child in TicTacToe().moves(pos).values():
                if child not in seen:
                    seen.add(child)
                    boards.append(child)
    assert len(seen) == 5478
    # Moves keep the user's labels.
    assert [m.label for m in mine.query(("x........", "o")).best()] == ["b2"]


def test_kayles_and_dawsons_kayles_in_python_match_grundy():
    n = 60
    kayles = nimber.define(Kayles(n))
    values = kayles.nim_values()
    assert [values[(h,)] for h in range(1, n + 1)] == nimber.grundy("0.77", upto=n).tolist()[1:]
    dawson = nimber.define(Dawson(n))
    assert [dawson.nim((h,)) for h in range(n + 1)] == nimber.grundy("0.07", upto=n).tolist()
    assert kayles.nim((3, 5)) == 3 ^ 4
    # The strong solver agrees: a position loses exactly where its nim value is 0.
    s = nimber.define(Kayles(12)).solve()
    for pos in [(1, 1), (4, 7), (12,), (2, 3, 5)]:
        assert (s.value(pos) == "lose") == (kayles.nim(pos) == 0)


LOOPY = {
    "x": ["z", "t", "x"], "t": ["z", "o"], "o": ["z"], "p": ["q"], "q": ["p", "z"],
    "d": ["e"], "e": ["d", "o"],
}


def test_a_loopy_game_in_python_matches_the_graph_game(tmp_path):
    path = tmp_path / "loopy.txt"
    path.write_text("".join(f"{u} {v}\n" for u, vs in LOOPY.items() for v in vs))
    for start in ["x", "p", "d"]:
        mine = nimber.define(Graph(LOOPY, start)).solve()
        builtin = nimber.game("graph", file=str(path), start=start).solve(start)
        assert mine.positions == builtin.positions
        for pos in LOOPY:
            if pos in mine:
                assert mine.outcome(pos) == builtin.outcome(pos), pos
    d = nimber.define(Graph(LOOPY, "d")).solve()
    assert d.outcome("d") == ("draw", None) and d.outcome("e") == ("draw", None)
    # Generalized nim values, as examples/graphs/loopy.txt states them.
    g = nimber.define(Graph(LOOPY, "x"))
    assert g.nim("x") == nimber.Infinite((0, 2)) and str(g.nim("x")) == "∞(0,2)"
    assert g.nim("t") == 2 and g.nim("p") == 0 and g.nim("q") == 1
    assert nimber.define(Graph(LOOPY, "d")).nim("d") == nimber.Infinite(())


def test_games_given_as_functions_and_terminal_values():
    game = nimber.define(start=5, moves=lambda n: [n - 1] if n else [], terminal=lambda n: "win" if n == 2 else None)
    s = game.solve()
    assert s.outcome(2) == ("win", 0) and s.outcome(3) == ("lose", 1) and s.outcome(5) == ("lose", 3)
    pair = nimber.define(start=1, moves=lambda n: [0], terminal=lambda n: ("lose", 4) if n == 0 else None)
    assert pair.solve().outcome() == ("win", 5)


def test_explore_and_check_a_game_defined_in_python():
    game = nimber.define(Subtraction(30))
    assert game.feature_names() == ["n", "moves"]
    e = game.explore("n")
    assert e.positions == 31 and e.function
    assert e.periods["n"] == (3, 0)
    assert game.check("n % 3 == 0").holds
    v = game.check("n % 2 == 0")
    # 0 loses and 1 wins as the rule says; 2 wins, where the rule says it loses.
    assert not v.holds and v.counterexample["position"] == 2 and v.counterexample["value"] == "win"
    nim = game.explore("n", nim=True)
    assert nim.table()[(7,)] == 1 and nim.nim_rule is not None


def test_the_moves_feature_counts_moves_where_a_position_splits():
    """In a survey of nim values, a sum is split into its components, not played; its `moves`
    feature is still the number of its moves, as the game's code says (8 for rows of 1 and 4,
    which has 2 components)."""
    kayles = Kayles(6)
    values = dict(nimber.define(Kayles(6)).nim_values())
    expected = {}
    for pos, value in values.items():
        expected.setdefault(len(list(kayles.moves(pos))), set()).add(value)
    e = nimber.define(Kayles(6)).explore("moves", nim=True)
    assert e.positions == len(values) == 13
    table = {key[0]: set(v) if isinstance(v, list) else {v} for key, v in e.table().items()}
    assert table == expected
    split = nimber.define(Kayles(6)).explore("moves", nim=True, position=(1, 4))
    assert len(list(kayles.moves((1, 4)))) == 8
    assert split.table()[(8,)] == 1 ^ 1  # G(1) ^ G(4)


def test_partizan_games_in_python_have_values_and_outcomes():
    for rows, cols, value in [(1, 2, "-1"), (2, 1, "1"), (2, 2, "+-1"), (2, 3, "{2|-1/2}"), (3, 3, "+-1")]:
        mine = nimber.define(Domineering(rows, cols))
        assert mine.value().value == value, (rows, cols)
        board = "/".join("." * cols for _ in range(rows))
        assert nimber.game("domineering", board=board).value().value == value
    # The strong solvers see (position, player to move) pairs: 2x3 is N, so whoever starts wins.
    g = nimber.define(Domineering(2, 3))
    start = Domineering(2, 3).start
    assert g.solve().outcome() == ("win", 1)  # the middle column leaves Right no move
    assert g.solve((start, "R")).value((start, "R")) == "win"
    # 2x1 is 1: Left wins whoever starts.
    one = nimber.define(Domineering(2, 1))
    start = Domineering(2, 1).start
    assert one.solve().value() == "win" and one.solve((start, "R")).value() == "lose"


# --- errors --------------------------------------------------------------------------------------


def test_bad_input_is_a_value_error_with_the_engines_message():
    with pytest.raises(nimber.NimberError, match="unknown game `chess`"):
        nimber.game("chess")
    with pytest.raises(ValueError, match="heaps"):
        nimber.game("nim", heaps="3,x")
    with pytest.raises(nimber.NimberError, match="column"):
        nimber.game("tictactoe").solve().query("xx?/.../...")
    with pytest.raises(TypeError, match="as str"):
        nimber.game("tictactoe").solve().query(42)
    with pytest.raises(nimber.NimberError, match="impartial"):
        nimber.define(TicTacToe()).nim()


@pytest.mark.parametrize(
    "call, said",
    [
        (lambda: nimber.grundy("0.77", upto=-1), "upto=-1: the largest heap, a whole number from 0 to 100000000"),
        (lambda: nimber.grundy("0.77", upto=10**8 + 1), "upto=100000001: the largest heap"),
        (lambda: nimber.grundy("0.77", upto=2**64), "upto=18446744073709551616: the largest heap"),
        (lambda: nimber.grundy("0.77", upto=-(10**100)), "upto=" + str(-(10**100))[:40] + "...: the largest heap"),
        (lambda: nimber._nimber.grundy("0.77", -1), "upto=-1: the largest heap"),
        (lambda: nimber.game("tictactoe").solve(memory=-1), "memory=-1: a number of bytes from 0 to 18446744073709551615"),
        (lambda: nimber.game("tictactoe").solve(memory=2**64), "memory=18446744073709551616: a number of bytes"),
        (lambda: nimber.game("tictactoe").solve(memory="-2G"), "memory='-2G': a number of bytes"),
        (lambda: nimber.game("tictactoe").solve(memory="infG"), "memory='infG': a number of bytes"),
    ],
)
def test_numbers_out_of_range_are_value_errors_not_overflow_errors(call, said):
    with pytest.raises(nimber.NimberError, match=re.escape(said)):
        call()


def test_whole_numbers_of_other_types():
    # Integers of other types count (NumPy's); what is not an integer is a TypeError.
    numpy = pytest.importorskip("numpy")

    assert nimber.grundy("0.77", upto=numpy.int64(12)).tolist() == nimber.grundy("0.77", upto=12).tolist()
    assert len(nimber.grundy("0.77")) == 1001
    with pytest.raises(TypeError, match="upto='12': the largest heap, a whole number, not a str"):
        nimber.grundy("0.77", upto="12")
    with pytest.raises(TypeError, match="upto=1.5"):
        nimber.grundy("0.77", upto=1.5)


def test_exceptions_in_the_users_code_come_back_with_their_traceback():
    def moves(n):
        if n == 3:
            raise ZeroDivisionError("the user's bug")
        return [n + 1] if n < 5 else []

    with pytest.raises(ZeroDivisionError, match="the user's bug") as info:
        nimber.define(start=0, moves=moves).solve()
    assert any(entry.name == "moves" for entry in info.traceback)


def test_positions_are_the_same_when_a_dict_says_so():
    """Positions are numbered as dict keys: ints by value (also past 64 bits and below zero, and
    -1, whose hash is -2 like -2's), equal numbers of other types (1.0, True) are the same
    position, and objects with their own __hash__ and __eq__ are compared by them."""
    big = 1 << 80
    chain = [0, -1, -2, big, -big, 2**63 - 1, -(2**63), 2**61 - 1, 2**61, 7, 7.5]
    nxt = {a: b for a, b in zip(chain, chain[1:])}
    game = nimber.define(start=0, moves=lambda p: [nxt[p]] if p in nxt else [])
    s = game.solve()
    assert s.positions == len(chain) == 11
    assert s.outcome(7.5) == ("lose", 0) and s.outcome(0) == ("win" if len(chain) % 2 == 0 else "lose", 10)
    assert s.outcome(-(2**63)) == ("lose", 4)
    # 1, 1.0 and True are one position; 2 and 2.0 another.
    same = nimber.define(start=0, moves=lambda p: {0: [1, 1.0, True], 1: [2.0], 2: []}[int(p)]).solve()
    assert same.positions == 3 and same.outcome(True) == ("win", 1) and same.outcome(2) == ("lose", 0)

    class Key:
        """Equal when the numbers agree modulo 5: 25 positions collapse to 5."""

        def __init__(self, n):
            self.n = n

        def __hash__(self):
            return self.n % 5

        def __eq__(self, other):
            return isinstance(other, Key) and self.n % 5 == other.n % 5

    modular = nimber.define(start=Key(0), moves=lambda k: [Key(k.n + m) for m in range(1, 6)] if k.n < 20 else [])
    assert modular.solve().positions == 5

    class Unequal(Key):
        __hash__ = Key.__hash__

        def __eq__(self, other):
            raise ArithmeticError("no comparing")

    with pytest.raises(ArithmeticError, match="no comparing"):
        nimber.define(start=Unequal(0), moves=lambda k: [Unequal(5)]).solve()


def test_broken_contracts_are_clear_errors():
    with pytest.raises(nimber.RulesError, match="not hashable"):
        nimber.define(start=(0,), moves=lambda p: [[1, 2]]).solve()
    with pytest.raises(nimber.RulesError, match="returned None"):
        nimber.define(start=0, moves=lambda p: None).solve()
    with pytest.raises(nimber.RulesError, match="not an iterable"):
        nimber.define(start=0, moves=lambda p: 7).solve()
    with pytest.raises(nimber.RulesError, match="terminal"):
        nimber.define(start=0, moves=lambda p: [], terminal=lambda p: "maybe").solve()
    with pytest.raises(nimber.RulesError, match="needs `moves"):
        nimber.define(start=0)
    with pytest.raises(nimber.RulesError, match="not hashable"):
        nimber.define(start=[], moves=lambda p: [])
    with pytest.raises(nimber.NimberError, match="not reached"):
        nimber.define(Kayles(3)).solve().outcome((9, 9))


# --- the GIL and Ctrl-C --------------------------------------------------------------------------


@pytest.fixture
def ctrl_c():
    """Ctrl-C raises KeyboardInterrupt during the test, as in an interactive Python. A shell starts
    a background job (`.ci/run &`, nohup, a CI runner without a terminal) with SIGINT ignored,
    and Python then keeps it ignored and installs no handler: the interrupt would never come.
    The handler before is restored afterwards."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def interrupt_after(seconds):
    main = threading.main_thread().ident
    timer = threading.Timer(seconds, lambda: signal.pthread_kill(main, signal.SIGINT))
    timer.start()
    return timer


# Work that Ctrl-C stops half a second in. Each takes seconds and bounded memory when nothing
# stops it, so that a test that fails ends soon and leaves the machine alone (a chain of 10**8
# positions once grew to 18 GB): Dawson's Kayles to a million (a few MiB), the 5x5 Dodgem board
# folded by its mirror image (about 400 MiB), a chain of 3 million positions defined in Python
# (about 600 MiB).
LONG_WORK = {
    "grundy": lambda: nimber.grundy("0.07", upto=1_000_000),
    "solve": lambda: nimber.game("dodgem", n=5, mirror=1).solve(),
    "python": lambda: nimber.define(start=0, moves=lambda n: [n + 1] if n < 3_000_000 else []).solve(),
}


@pytest.mark.parametrize("work", ["grundy", "solve", "python"])
def test_ctrl_c_stops_long_work_within_a_second(work, ctrl_c):
    timer = interrupt_after(0.5)
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        LONG_WORK[work]()
    timer.join()
    assert time.monotonic() - started < 1.5


def test_ctrl_c_stops_work_in_a_background_job():
    # The tests above in a pytest started as a shell starts a background job: SIGINT ignored.
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k", "ctrl_c_stops_long_work", __file__],
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN),
        cwd=Path(__file__).parents[1],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0 and "3 passed" in run.stdout, run.stdout + run.stderr


def test_the_gil_is_released_while_the_engine_works():
    ticks = 0
    done = threading.Event()

    def count():
        nonlocal ticks
        while not done.is_set():
            ticks += 1
            time.sleep(0.001)

    counter = threading.Thread(target=count)
    counter.start()
    started = time.monotonic()
    nimber.grundy("0.07", upto=300_000)
    elapsed = time.monotonic() - started
    done.set()
    counter.join()
    # The counting thread ran throughout (about one tick a millisecond).
    assert ticks >= elapsed * 1000 * 0.3, (ticks, elapsed)


# --- notebooks -----------------------------------------------------------------------------------


def test_notebook_representations():
    ttt = nimber.game("tictactoe")
    assert ttt.position("x../.o./...")._repr_svg_().startswith("<svg")
    assert str(ttt.position("x../.o./...")) == "x../.o./..."
    solution = ttt.solve()
    html = solution._repr_html_()
    assert "<table" in html and "5,478 positions" in html and "tie in 9" in html
    assert "b2" in solution.query("x../.../...")._repr_html_()
    assert "<table" in nimber.grundy("0.77", upto=100)._repr_html_()
    assert "<svg" in nimber.value("+-1")._repr_html_()
    assert nimber.define(Kayles(3)).position()._repr_svg_() is None
    drawn = nimber.define(start=0, moves=lambda n: [], svg=lambda n: f"<svg><text>{n}</text></svg>")
    assert drawn.position()._repr_svg_() == "<svg><text>0</text></svg>"


# --- stored solutions ----------------------------------------------------------------------------


def nimber_binary():
    env = os.environ.get("NIMBER_BIN")
    for candidate in [env, ROOT / "target/checked/nimber", ROOT / "target/release/nimber", ROOT / "target/debug/nimber"]:
        if candidate and Path(candidate).is_file():
            return str(candidate)
    pytest.skip("no nimber binary to write a store with (set NIMBER_BIN)")


def test_a_stored_solve_opens_and_answers(tmp_path):
    db = tmp_path / "ttt.db"
    subprocess.run([nimber_binary(), "solve", "tictactoe", "--save", str(db)], check=True, capture_output=True)
    stored = nimber.open(str(db))
    assert stored.name == "tictactoe" and stored.positions == 5478
    assert stored.outcome() == ("tie", 9)
    assert stored.query("x../.../...").best()[0].label == "b2"
    # A search over the store reads the position searched from it, and each move's.
    found = stored.search("x../.../...", remoteness=True, moves=True)
    assert (found.value, found.remoteness, found.nodes, found.probed) == ("tie", None, 9, 9)
    assert [(m.label, m.value) for m in found.moves][0] == ("b2", "tie") and len(found.moves) == 8
    with pytest.raises(nimber.NimberError):
        nimber.open(str(tmp_path / "missing.db"))


def test_a_directory_of_tiers_opens_and_answers(tmp_path):
    """Six Men's Morris solved tier by tier (ten tiers, 1,205,908 positions): the directory
    opens like a store; White closes a mill and takes one of Black's three stones: win in 1."""
    db = tmp_path / "six"
    subprocess.run([nimber_binary(), "solve", "morris", "-p", "stones=6", "--save", str(db)], check=True,
                   capture_output=True)
    stored = nimber.open(str(db))
    assert stored.name == "morris" and stored.params["stones"] == "6"
    assert stored.positions == 1205908 and sum(c.count for c in stored.counts()) == 1205908
    assert stored.outcome("W:a1,c1,e3 B:b3,c4,d2 w") == ("win", 1)
    assert stored.query("W:a1,c1,e3 B:b3,c4,d2 w").best()[0].label.startswith("e3-e1x")
    # The empty board with full hands lies in no tier: the first position shown is one of 6-6.
    white, black, mover = stored.start.split(" ")
    assert (len(white[2:].split(",")), len(black[2:].split(",")), mover) == (6, 6, "w")
    assert stored.outcome() == stored.outcome(stored.start)
    with pytest.raises(nimber.NimberError, match="lies in no tier"):
        stored.query("W: B: w 6 6")
    assert "<svg" in stored.svg(stored.start)


def test_negamax_reference_agrees():
    """The benchmark's reference (a plain memoized negamax) gives the same values."""
    table = negamax(TicTacToe())
    s = nimber.define(TicTacToe()).solve()
    assert len(table) == 5478
    for pos, (value, remoteness) in table.items():
        assert s.outcome(pos) == (value, remoteness)


def test_search_proves_one_position_with_scores():
    # Connect Four 5x4 from the empty board: a tie (Tromp), as the strong solve says; every move
    # searched too, with its value for the mover as query() gives it.
    c4 = nimber.game("connect4", w=5, h=4)
    found = c4.search(remoteness=True, moves=True, memory="1M")
    assert (found.value, found.remoteness, found.score) == ("tie", None, 0)
    solved = c4.query()
    assert sorted((m.label, m.value, m.remoteness) for m in found.moves) == sorted(
        (m.label, m.value, m.remoteness if m.value in ("win", "lose") else None) for m in solved.moves
    )
    # o wins at once with a fourth stone on 7x6: score 22 - 4, in 1 ply; moves as column digits.
    found = nimber.game("connect4").search("1212123", remoteness=True)
    assert (found.outcome, found.score) == (nimber.Outcome("win", 1), 18)
    assert found.nodes >= 0 and found.moves == []
    with pytest.raises(nimber.NimberError, match="the game is over"):
        nimber.game("connect4").search("1212121")
    with pytest.raises(nimber.NimberError, match="too small"):
        nimber.game("connect4").search(memory=1024)
