"""Fuzzing the public entry points with arbitrary values: snapshots, moves, options, game
numbers and rule tables. Bad input must raise a SolitaireError subclass (never TypeError,
IndexError, RecursionError, ...); whatever is accepted must be a usable game or position.

The example counts are small so the normal suite stays fast; CI can run longer with e.g.
``SOLITAIRE_FUZZ_EXAMPLES=5000 python -m pytest tests/test_fuzz_inputs.py``.
"""
import json
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import solitaire_engine as se
from conftest import GAME_VARIANTS
from solitaire_engine import variants as v

EXAMPLES = int(os.environ.get("SOLITAIRE_FUZZ_EXAMPLES", "100"))
fuzz = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Integers around every boundary the engine has: a byte, a C int, 10**20, Python's
# 4300-digit limit on int <-> text.
# (Built by map, since hypothesis cannot repr a 5000-digit int in a strategy's description.)
edge_ints = st.sampled_from([-(2**63), -(2**31), -2, -1, 0, 1, 2, 3, 32, 33, 255, 256, 257,
                             2**31 - 1, 2**31, 2**32, 2**40, 2**64, 10**20 - 1, 10**20]) \
    | st.just(5000).map(lambda digits: 10**digits)
scalars = (st.none() | st.booleans() | st.integers() | edge_ints
           | st.floats(allow_nan=True) | st.text(max_size=8) | st.binary(max_size=4))
json_like = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
    | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
)


class Nested(list):
    """A list nested ``depth`` deep; its repr is short, so hypothesis can report it."""

    def __init__(self, depth: int, leaf: object = "QH") -> None:
        inner = leaf
        for _ in range(depth - 1):
            inner = [inner]
        super().__init__([inner])
        self.depth = depth

    def __repr__(self) -> str:
        return f"Nested({self.depth})"


# Built once: a fresh 100,000-deep list per example would take most of the run's time.
DEEP, LONG = Nested(100_000), "x" * 100_000
odd_values = json_like | st.sampled_from([DEEP, LONG]) | st.builds(object)
variants_ = st.sampled_from(GAME_VARIANTS)


def _game(variant):
    name, options = variant
    return se.load_game(name, **options)


def _usable(state):
    state.legal_moves()
    assert state.game.from_json(state.to_json()).to_json() == state.to_json()


# ----- snapshots -----

SNAPSHOT_KEYS = ["version", "game", "options", "foundations", "tableau", "reserves", "stock", "waste",
                 "redeals_left"]


@fuzz
@given(variants_, odd_values)
def test_from_json_with_arbitrary_values(variant, value):
    game = _game(variant)
    try:
        text = json.dumps(value, default=repr)
    except (RecursionError, ValueError):  # too deep, or an int too long to write
        text = "[]"
    for form in (value, text):
        try:
            _usable(game.from_json(form))
        except se.PositionError:
            pass


@fuzz
@given(variants_, st.integers(1, 10**6), st.data())
def test_from_json_with_mutated_snapshots(variant, number, data):
    game = _game(variant)
    snap = json.loads(game.deal(number).to_json())
    # Values drawn are shared between examples (DEEP is built once): only the snapshot's own
    # lists are ever changed in place, or a later example would draw from a changed value.
    replaced = set()
    for _ in range(data.draw(st.integers(1, 3))):
        key = data.draw(st.sampled_from(SNAPSHOT_KEYS + ["extra"]))
        action = data.draw(st.sampled_from(["replace", "delete", "card"]))
        if action == "delete":
            snap.pop(key, None)
        elif action == "card" and key not in replaced and isinstance(snap.get(key), list) and snap[key]:
            pile = snap[key]
            if isinstance(pile[0], list):  # foundations, tableau, reserves: a list of piles
                pile = data.draw(st.sampled_from(pile))
            if isinstance(pile, list) and pile:  # an earlier draw may have put a non-list there
                pile[data.draw(st.integers(0, len(pile) - 1))] = data.draw(odd_values)
        else:
            snap[key] = data.draw(odd_values)
            replaced.add(key)
    try:
        state = game.from_json(snap)
    except se.PositionError:
        return
    _usable(state)


# ----- moves -----

pile_names = st.sampled_from(["s", "w", "f1", "f9", "t1", "t4", "r1", "r3", "x", "t", "t0", "T1", "S"])
move_texts = st.builds(lambda a, b, n: f"{a}-{b}" + (f"x{n}" if n is not None else ""),
                       pile_names, pile_names, st.none() | st.integers(-3, 300) | st.integers(0, 10**30))


def _make_move(src, dst, count):
    try:
        return se.Move(src, dst, count)
    except se.IllegalMoveError:
        return "not-a-move"


moves = (odd_values | move_texts | st.text(max_size=20)
         | st.builds(_make_move, pile_names | scalars, pile_names | scalars, scalars))


@fuzz
@given(variants_, st.integers(1, 10**6), st.lists(moves, min_size=1, max_size=6))
def test_play_with_arbitrary_moves(variant, number, tries):
    state = _game(variant).deal(number)
    for move in tries:
        before, history = state.to_json(), list(state.moves)
        try:
            played = state.play(move)
        except se.IllegalMoveError:
            assert state.to_json() == before and state.moves == history
            continue
        # What was played is what the history says, and is written as the move given.
        assert state.moves == history + [played]
        if isinstance(move, (str, se.Move)) and not played.is_deal and not played.is_redeal:
            assert played == se.Move.parse(str(move)) if isinstance(move, str) else played == move
    _usable(state)


@fuzz
@given(variants_, odd_values)
def test_other_state_calls_with_arbitrary_values(variant, value):
    state = _game(variant).deal(1)
    for call in (state.perft, state.pile, state.game.deal, se.parse_game_number):
        if call == state.perft and type(value) is int and 4 < value <= 32:
            continue  # a valid depth is real work (minutes from depth 9); perft has its own tests
        try:
            call(value)
        except se.SolitaireError:
            pass


# ----- games and options -----

@fuzz
@given(st.sampled_from(se.list_games()) | odd_values,
       st.dictionaries(st.sampled_from(["draw", "kings", "empty_tableau", "foundation_takeback", "x"])
                       | st.text(max_size=5),
                       odd_values | st.sampled_from([1, 3, "3", " 3", "keep", "discard", "any", "stock",
                                                     True, False, "false", "True"]),
                       max_size=3))
def test_load_game_with_arbitrary_names_and_options(name, options):
    try:
        game = se.load_game(name, **options)
    except se.SolitaireError:
        return
    _usable(game.deal(1))
    assert se.load_game(name, **game.options).options == game.options


# ----- rule tables -----

masks = st.lists(st.integers(0, (1 << 13) - 1), min_size=13, max_size=13).map(tuple)
sometimes_odd = lambda good: good | scalars  # noqa: E731

groups = st.builds(
    v.Group,
    kind=st.sampled_from(["foundation", "tableau", "reserve", "tableau", "foundation"]) | scalars,
    count=st.integers(1, 6) | sometimes_odd(st.integers(-1, 50)),
    build=masks | st.lists(st.integers(-1, 1 << 13), min_size=12, max_size=14).map(tuple) | scalars,
    suit=st.sampled_from(["any", "same", "alternate"]) | scalars,
    empty_ranks=st.integers(0, (1 << 13) - 1) | scalars,
    pile_suits=st.none() | st.lists(st.integers(-2, 4), max_size=6).map(tuple) | scalars,
    max_cards=st.integers(0, 30) | scalars,
    runs=st.booleans() | scalars,
    can_leave=st.booleans() | scalars,
    fill=st.sampled_from(["none", "stock", "waste_then_stock"]) | scalars,
    owner=st.sampled_from([-1, 0, 1]) | scalars,
    label=st.text(max_size=4) | scalars,
)
deal_steps = st.lists(
    st.builds(v.DealRow, st.sampled_from(["foundation", "tableau", "reserve", "stock"]) | scalars,
              st.lists(st.integers(-1, 8), max_size=6).map(tuple) | scalars, st.booleans() | scalars)
    | st.builds(v.ToWaste, st.integers(-1, 5) | scalars) | scalars,
    max_size=8,
).map(tuple)


def _hook(kind):
    if kind == "reverse":
        return lambda cards: cards[::-1]
    if kind == "drop":
        return lambda cards: cards[1:]
    if kind == "junk":
        return lambda cards: [[c] for c in cards]
    return None


tables = st.builds(
    lambda gs, stock, **kw: v.RuleTable(name="fuzz", groups=tuple(gs) + stock, **kw),
    st.lists(groups, min_size=1, max_size=4),
    st.sampled_from([(v.Group("stock"), v.Group("waste"))] * 3 + [()]),
    decks=st.integers(1, 3) | scalars,
    removed_ranks=st.frozensets(st.integers(-1, 13), max_size=3) | scalars,
    deal_count=st.integers(1, 4) | scalars,
    redeals=st.integers(-1, 3) | scalars,
    win_needs_empty_stock=st.booleans() | scalars,
    win_foundation_cards=st.none() | st.integers(-1, 200) | scalars,
    deal_steps=deal_steps,
    shuffle_hook=st.sampled_from(["none", "reverse", "drop", "junk"]).map(_hook),
)


@fuzz
@given(tables, st.data())
def test_arbitrary_rule_tables_are_refused_or_play(table, data):
    info = v.GameInfo("fuzz-table", "Fuzz", 0, lambda options: table)
    try:
        game = se.Game(info, {})
        state = game.deal(data.draw(st.integers(1, 10**6)))
    except se.SolitaireError:
        return
    for _ in range(20):
        legal = state.legal_moves()
        if not legal:
            break
        state.play(data.draw(st.sampled_from(legal)))
    _usable(state)


@fuzz
@given(st.builds(v.GameInfo, name=st.text(max_size=6) | scalars, title=st.text(max_size=4) | scalars,
                 pysol_id=st.integers(0, 5) | scalars,
                 make_table=st.just(lambda options: se.load_game("trigon").table) | scalars,
                 options=st.tuples(st.builds(v.Option, st.text(max_size=4) | scalars, scalars,
                                             st.tuples(scalars) | scalars))
                 | st.just(()) | scalars,
                 players=st.sampled_from([1, 2]) | scalars))
def test_arbitrary_game_infos_are_refused_or_load(info):
    try:
        game = se.Game(info, {})
    except se.SolitaireError:
        return
    _usable(game.deal(1))
