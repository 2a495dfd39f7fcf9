"""Bad input is a clear ValueError (or subclass), never a crash or a half-changed state."""
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import solitaire_engine as se


@pytest.fixture
def dq():
    return se.load_game("deuces-and-queens")


@pytest.fixture
def snap(dq):
    return json.loads(dq.deal(7).to_json())


def test_unknown_game_lists_the_known_ones():
    with pytest.raises(se.UnknownGameError, match="deuces-and-queens"):
        se.load_game("freecell")
    assert issubclass(se.UnknownGameError, ValueError)


def test_unknown_option_lists_the_valid_ones():
    with pytest.raises(se.OptionError, match="empty_tableau"):
        se.load_game("aces-and-kings", empty_tablaeu="stock")
    with pytest.raises(se.OptionError, match="'any', 'stock'"):
        se.load_game("aces-and-kings", empty_tableau="waste")
    with pytest.raises(se.OptionError):
        se.load_game("klondike", draw=2)
    with pytest.raises(se.OptionError, match="none"):
        se.load_game("deuces-and-queens", draw=3)


def test_option_values_from_text_are_understood():
    assert se.load_game("klondike", draw="3").options["draw"] == 3


@pytest.mark.parametrize("text", ["", "ZZ", "1H", "QX", "QHH", "11H", "#", "Q", "10", "1OH"])
def test_malformed_cards_are_rejected(dq, snap, text):
    snap["reserves"][0][-1] = text
    with pytest.raises(se.PositionError):
        dq.from_json(snap)


@pytest.mark.parametrize("value", [None, 5, ["QH"], {"r": "Q"}])
def test_cards_that_are_not_text_are_rejected(dq, snap, value):
    snap["tableau"][0] = [value]
    with pytest.raises(se.PositionError):
        dq.from_json(snap)


def test_lower_case_and_ten_are_accepted(dq, snap):
    t1 = snap["tableau"][0][0]
    snap["tableau"][0][0] = t1.lower().replace("t", "10")
    assert dq.from_json(snap).pile("t1") == [t1]


def test_duplicated_card_is_rejected(dq, snap):
    snap["stock"].append(snap["stock"][0])
    with pytest.raises(se.PositionError, match="appears 3 times"):
        dq.from_json(snap)


def test_missing_card_is_rejected(dq, snap):
    snap["stock"].pop()
    with pytest.raises(se.PositionError, match="missing"):
        dq.from_json(snap)


@pytest.mark.parametrize("key,count", [("foundations", 7), ("tableau", 5), ("reserves", 2)])
def test_wrong_pile_counts_are_rejected(dq, snap, key, count):
    snap[key] = (snap[key] + [[]] * 8)[:count]
    with pytest.raises(se.PositionError, match=key):
        dq.from_json(snap)


def test_over_full_pile_is_rejected():
    game = se.load_game("aces-and-kings")
    snap = json.loads(game.deal(3).to_json())
    snap["tableau"][0].append(snap["stock"].pop())
    with pytest.raises(se.PositionError, match="at most 1"):
        game.from_json(snap)


def test_face_down_top_card_is_rejected():
    game = se.load_game("klondike")
    snap = json.loads(game.deal(3).to_json())
    snap["tableau"][3][-1] = "#" + snap["tableau"][3][-1]
    with pytest.raises(se.PositionError, match="face down"):
        game.from_json(snap)


def test_face_down_card_outside_the_tableau_is_rejected(dq, snap):
    snap["reserves"][0][0] = "#" + snap["reserves"][0][0]
    with pytest.raises(se.PositionError, match="face down"):
        dq.from_json(snap)


@pytest.mark.parametrize("redeals", [-2, 1, 3, "0", None, 1.0])
def test_impossible_redeal_counts_are_rejected(dq, snap, redeals):
    snap["redeals_left"] = redeals
    with pytest.raises(se.PositionError):
        dq.from_json(snap)


def test_position_of_another_game_or_options_is_rejected(snap):
    with pytest.raises(se.PositionError, match="deuces-and-queens"):
        se.load_game("aces-and-kings").from_json(snap)
    ak = se.load_game("aces-and-kings")
    other = json.loads(ak.deal(1).to_json())
    other["options"] = {"empty_tableau": "stock"}
    with pytest.raises(se.PositionError, match="options"):
        ak.from_json(other)


@pytest.mark.parametrize("garbage", ["", "{", "[]", "null", "42", '"text"', b"\xff\xfe", "{\"version\": 2}",
                                     "[" * 100000])
def test_garbage_json_is_rejected(dq, garbage):
    with pytest.raises(se.PositionError):
        dq.from_json(garbage)


def test_unknown_keys_are_rejected(dq, snap):
    snap["jokers"] = []
    with pytest.raises(se.PositionError, match="jokers"):
        dq.from_json(snap)


@pytest.mark.parametrize("move", ["", "r2", "r2-", "-f5", "r9-f1", "q1-f1", "r2-f5x0", "r2-f5x999",
                                  "r2-f5-f6", "s-s", "f1-t1x2", 42, None])
def test_malformed_or_illegal_moves_leave_the_state_alone(dq, move):
    state = dq.deal(7)
    before = state.to_json()
    with pytest.raises(se.IllegalMoveError):
        state.play(move)
    assert state.to_json() == before


def test_moves_from_empty_piles_are_illegal(dq):
    state = dq.deal(7)
    for move in ("f1-t1", "w-t1", "w-s"):
        with pytest.raises(se.IllegalMoveError):
            state.play(move)


def test_undo_with_nothing_played(dq):
    with pytest.raises(se.NothingToUndoError):
        dq.deal(1).undo()
    with pytest.raises(IndexError):
        dq.deal(1).undo()


@pytest.mark.parametrize("depth", [-1, 33, 10**30, 2**40, "3", True, 1.0, None, [3]])
def test_absurd_perft_depths_are_rejected(dq, depth):
    with pytest.raises(se.OptionError, match="perft depth"):
        dq.deal(1).perft(depth)


def test_perft_depth_zero_counts_the_empty_sequence(dq):
    assert dq.deal(1).perft(0) == 1


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_fuzz_move_parser(text):
    state = se.load_game("klondike").deal(11)
    before = state.to_json()
    try:
        state.play(text)
    except se.IllegalMoveError:
        assert state.to_json() == before


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_fuzz_from_json_with_garbage(value):
    with pytest.raises(se.PositionError):
        se.load_game("double-or-quits").from_json(value if isinstance(value, dict) else json.dumps(value))


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_fuzz_from_json_with_mutated_snapshots(data):
    game = se.load_game(data.draw(st.sampled_from(["deuces-and-queens", "klondike", "double-or-quits"])))
    snap = json.loads(game.deal(data.draw(st.integers(1, 10**6))).to_json())
    key = data.draw(st.sampled_from(["foundations", "tableau", "reserves", "stock", "waste", "redeals_left"]))
    snap[key] = data.draw(json_values)
    try:
        state = game.from_json(snap)
    except se.PositionError:
        return
    state.legal_moves()  # whatever was accepted must be a usable position
    assert json.loads(state.to_json())["game"] == game.name


@pytest.mark.parametrize("redeals", [None, -1, 0, 7])
def test_unlimited_redeal_games_read_any_count_as_unlimited(redeals):
    game = se.load_game("klondike")
    snap = json.loads(game.deal(2).to_json())
    snap["redeals_left"] = redeals
    assert game.from_json(snap).redeals_left == -1


# ----- game numbers: ints for deal(), text through parse_game_number -----

@pytest.mark.parametrize("number", ["1", "#5", 1.0, True, None, [1], 0, 10**20,
                                    pytest.param(10**5000, id="10**5000")])
def test_deal_takes_only_int_game_numbers(dq, number):
    with pytest.raises(se.OptionError, match="game number"):
        dq.deal(number)


def test_game_numbers_from_text():
    assert se.parse_game_number("5") == 5
    assert se.parse_game_number(" #5 ") == 5
    assert se.parse_game_number("99999999999999999999") == 10**20 - 1
    for text in ["", "#", "0", "-5", "+5", "1_000", "1e3", "5.0", "\uff15", "1" + "0" * 20, "9" * 5000, 5, None]:
        with pytest.raises(se.OptionError, match="game number"):
            se.parse_game_number(text)
    assert se.load_game("trigon").deal(se.parse_game_number("#7")).number == 7


# ----- moves are checked however they are made (a Move, its text, or anything else) -----

def test_a_move_count_past_one_byte_does_not_wrap_into_another_move(dq):
    """Move("t1", "f1", 257) used to play t1-f1 (257 mod 256) and return 't1-f1x257'."""
    with pytest.raises(se.IllegalMoveError, match="1 to 255"):
        se.Move("t1", "f1", 257)
    state = dq.deal(1)
    with pytest.raises(se.IllegalMoveError):
        state.play(se.Move("t1", "f1", 257))
    assert state.moves == []


@pytest.mark.parametrize("src,dst,count", [(1, "f1", 1), ("", "f1", 1), ("t1", None, 1), ("t-1", "f1", 1),
                                           ("t1 ", "f1", 1), ("t1", "f1", 0), ("t1", "f1", -1),
                                           ("t1", "f1", True), ("t1", "f1", 1.0), ("t1", "f1", "2")])
def test_moves_built_directly_are_checked(src, dst, count):
    with pytest.raises(se.IllegalMoveError):
        se.Move(src, dst, count)


def test_moves_built_directly_read_pile_names_as_parse_does():
    assert se.Move("T1", "F1", 2) == se.Move.parse("T1-F1x2") == "t1-f1x2"


def test_a_tampered_move_count_is_refused_by_the_state(dq):
    state = dq.deal(1)
    move = se.Move("t1", "f1")
    object.__setattr__(move, "count", 257)  # past __post_init__, as a frozen dataclass allows
    with pytest.raises(se.IllegalMoveError):
        state.play(move)
    assert state.moves == []


def test_a_move_count_too_long_for_int_is_an_illegal_move(dq):
    # int() refuses more than 4300 digits with a plain ValueError.
    with pytest.raises(se.IllegalMoveError, match="1 to 255"):
        dq.deal(1).play("t1-f1x" + "9" * 5000)


def deeply_nested(depth=100_000, leaf="QH"):
    for _ in range(depth):
        leaf = [leaf]
    return leaf


def test_a_deeply_nested_move_is_an_illegal_move(dq):
    with pytest.raises(se.IllegalMoveError):
        dq.deal(1).play(deeply_nested())


def test_card_text_is_ascii(dq, snap):
    piles = snap["reserves"] + snap["tableau"] + [snap["stock"]]
    pile = next(p for p in piles if "AS" in p)
    pile[pile.index("AS")] = "A\u017f"  # upper() makes the long s an S
    with pytest.raises(se.PositionError, match="not a card"):
        dq.from_json(snap)


# ----- game definitions, options and game numbers: strict, and refused as SolitaireErrors -----

def test_a_deeply_nested_option_value_is_an_option_error():
    with pytest.raises(se.OptionError):
        se.load_game("klondike", draw=deeply_nested())


def test_a_pile_name_that_is_not_text_is_refused(dq):
    with pytest.raises(se.IllegalMoveError, match="no pile"):
        dq.deal(1).pile(["t1"])  # was a TypeError (unhashable list)


from solitaire_engine import variants as v  # noqa: E402


def _table(**changes):
    base = dict(
        name="small", decks=1,
        groups=(v.Group("foundation", 4, tuple(v.ranks.up()), empty_ranks=v.ranks.ranks(0)),
                v.Group("tableau", 4, tuple(v.ranks.down()), empty_ranks=v.ranks.ALL),
                v.Group("stock"), v.Group("waste")),
        deal_steps=(v.DealRow("tableau", (0, 1, 2, 3)),),
    )
    base.update(changes)
    return v.RuleTable(**base)


def _load(table):
    return se.Game(v.GameInfo("small", "Small", 0, lambda options: table), {})


def test_the_test_table_itself_is_sound():
    state = _load(_table()).deal(1)
    assert len(state.pile("s")) == 48


@pytest.mark.parametrize("steps", [
    (v.DealRow("tableau", (4,)),),                      # no fifth tableau pile: was IndexError
    (v.DealRow("tableau", (-1,)),),
    (v.DealRow("stock", (0,)),),                        # was KeyError
    (v.DealRow("tableau", (0, 1, 2, 3)),) * 14,          # 56 cards from a 52-card deck: was IndexError
    (v.DealRow("foundation", (0,), face_up=False),),    # face down outside the tableau
    (v.DealRow("tableau", (0,), face_up="no"),),
    (v.ToWaste(-1),),
    ("t1",),                                            # not a step: was TypeError
])
def test_bad_deal_steps_are_rule_table_errors(steps):
    with pytest.raises(se.RuleTableError, match="deal step"):
        _load(_table(deal_steps=steps)).deal(1)


def test_dealing_to_the_waste_needs_a_waste():
    groups = _table().groups[:2]
    with pytest.raises(se.RuleTableError, match="waste"):
        _load(_table(groups=groups, deal_steps=(v.ToWaste(1),))).deal(1)


@pytest.mark.parametrize("changes", [
    {"groups": (v.Group("tableau", 0),)},               # the core: a group needs a pile
    {"groups": (v.Group("tableau", 2, fill="stock"),)},  # the core: refills need a stock
    {"redeals": -2},
    {"deal_count": 0},
    {"decks": 4},                                       # the core: more than 160 cards
])
def test_tables_the_core_refuses_are_rule_table_errors(changes):
    with pytest.raises(se.RuleTableError, match="small"):
        _load(_table(**changes))


@pytest.mark.parametrize("changes", [
    {"decks": 2.0}, {"decks": True}, {"decks": 10**9}, {"removed_ranks": 5}, {"removed_ranks": {13}},
    {"deal_count": 1.5}, {"redeals": None}, {"win_foundation_cards": 53}, {"win_foundation_cards": True},
    {"shuffle_hook": "reverse"}, {"groups": [v.Group("tableau")] * 0 + ["tableau"]},
    {"groups": (v.Group("tableau", 2, build=5),)}, {"groups": (v.Group("tableau", True),)},
    {"groups": (v.Group("tableau", 2, build=(1,) * 12),)}, {"groups": (v.Group("tableau", 2, runs=1),)},
    {"groups": (v.Group("tableau", 2, pile_suits=3),)}, {"groups": (v.Group("pile", 2),)},
])
def test_malformed_table_fields_are_rule_table_errors(changes):
    with pytest.raises(se.RuleTableError):
        _load(_table(**changes))


@pytest.mark.parametrize("hook", [lambda cards: None, lambda cards: cards[1:], lambda cards: [[c] for c in cards],
                                  lambda cards: cards[:1] * len(cards)])
def test_a_shuffle_hook_must_return_the_talon_reordered(hook):
    game = _load(_table(shuffle_hook=hook))
    with pytest.raises(se.RuleTableError, match="shuffle_hook"):
        game.deal(1)


def test_a_deal_that_is_no_position_is_a_rule_table_error():
    # Nothing refills t1..t4 and there is no stock, so most of the deck goes nowhere.
    with pytest.raises(se.RuleTableError, match="deal of game 1"):
        _load(_table(groups=_table().groups[:2])).deal(1)


def test_game_definitions_are_checked():
    with pytest.raises(se.RuleTableError, match="GameInfo"):
        v.register_game("klondike")  # was a TypeError
    with pytest.raises(se.RuleTableError, match="lower-case"):
        v.register_game(v.GameInfo("Small", "Small", 0, lambda options: _table()))  # load_game could never find it
    with pytest.raises(se.RuleTableError, match="default"):
        v.register_game(v.GameInfo("small-x", "Small", 0, lambda options: _table(),
                                   (v.Option("draw", 2, (1, 3)),)))
    with pytest.raises(se.RuleTableError, match="RuleTable"):
        se.Game(v.GameInfo("small", "Small", 0, lambda options: "a table"), {})
    with pytest.raises(se.RuleTableError, match="GameInfo"):
        se.Game("klondike", {})
    assert issubclass(se.RuleTableError, se.SolitaireError) and "RuleTableError" in se.__all__
    assert v.RuleTableError is se.RuleTableError


@pytest.mark.parametrize("draw", [True, False, 3.0, 1.0, "3.0", b"3", [3]])
def test_option_values_are_not_coerced_across_types(draw):
    with pytest.raises(se.OptionError, match="draw"):
        se.load_game("klondike", draw=draw)


@pytest.mark.parametrize("value", [1, 0, 1.0, None, "yes", "1"])
def test_yes_no_options_take_only_bools_or_their_text(value):
    assert se.load_game("trigon", foundation_takeback="false").options == {"foundation_takeback": False}
    assert se.load_game("trigon", foundation_takeback=" True ").options == {"foundation_takeback": True}
    with pytest.raises(se.OptionError, match="foundation_takeback"):
        se.load_game("trigon", foundation_takeback=value)


def test_an_option_named_like_load_games_own_argument_is_an_option_error():
    with pytest.raises(se.OptionError, match="'name'"):
        se.load_game("klondike", name="x")  # was TypeError: multiple values for 'name'


def test_options_that_are_not_a_dict_are_refused():
    from solitaire_engine.games import lookup

    with pytest.raises(se.OptionError):
        se.Game(lookup("klondike"), ["draw"])


# ----- snapshots: every key the game needs, values of the right type -----

@pytest.mark.parametrize("redeals", [2**31, 2**40, -(2**40), pytest.param(10**5000, id="10**5000")])
def test_redeal_counts_beyond_a_c_int_are_position_errors(dq, snap, redeals):
    snap["redeals_left"] = redeals
    with pytest.raises(se.PositionError, match="redeals_left"):
        dq.from_json(snap)


@pytest.mark.parametrize("where", ["stock", "card", "version", "game", "options", "redeals_left"])
def test_deeply_nested_snapshot_values_are_position_errors(where):
    game = se.load_game("klondike")
    snap = json.loads(game.deal(4).to_json())
    if where == "card":
        snap["tableau"][0][-1] = deeply_nested()
    elif where == "options":
        snap["options"] = {"draw": deeply_nested()}
    else:
        snap[where] = deeply_nested()
    with pytest.raises(se.PositionError):
        game.from_json(snap)


@pytest.mark.parametrize("version", [True, 1.0, "1", None])
def test_snapshot_version_is_exactly_the_integer_1(dq, snap, version):
    snap["version"] = version
    with pytest.raises(se.PositionError, match="version"):
        dq.from_json(snap)


def test_snapshot_option_values_follow_load_game():
    game = se.load_game("klondike", draw=3)
    snap = json.loads(game.deal(2).to_json())
    snap["options"] = {"draw": "3"}
    assert game.from_json(snap).to_json() == game.deal(2).to_json()
    snap["options"] = {"draw": 3.0}
    with pytest.raises(se.PositionError, match="options"):
        game.from_json(snap)


@pytest.mark.parametrize("key", ["version", "game", "foundations", "tableau", "reserves", "stock", "waste"])
def test_a_missing_snapshot_key_is_named(dq, snap, key):
    del snap[key]
    with pytest.raises(se.PositionError, match=f"no '{key}' key"):
        dq.from_json(snap)


def test_optional_snapshot_keys_may_be_left_out():
    game = se.load_game("klondike", draw=3)
    state = game.deal(6)
    snap = json.loads(state.to_json())
    for key in ("options", "redeals_left", "reserves"):  # Klondike has no reserves
        del snap[key]
    assert game.from_json(snap).to_json() == state.to_json()
