"""Double Trigon for two players (seeds/double-trigon.md): one test per rule statement, on
hand-built positions."""
import pytest

import solitaire_engine as se
from solitaire_engine.dealing import shuffled

RANKS = "A23456789TJQK"
SUITS = "CSHD"
GAME = se.load_game("double-trigon")
STRICT = se.load_game("double-trigon", draw_only_when_stuck=True)


def deck(owner):
    return [r + s + str(owner) for s in SUITS for r in RANKS]


def position(t=None, f=None, stock=None, waste=None, to_move=1, game=GAME, **counters):
    """A position from the piles a test cares about (t: {"t3": [...]}, f: {"f1": [...]}).
    Every other card of a player lies at the bottom of their last pile (t9 or t18), under
    whatever the test puts there: tests give those piles a top card that keeps the junk
    below out of play (a King, which nothing in suit lies above)."""
    t, f = dict(t or {}), dict(f or {})
    stock, waste = stock or [[], []], waste or [[], []]
    used = [c for pile in list(t.values()) + list(f.values()) + stock + waste for c in pile]
    for owner, last in ((1, "t9"), (2, "t18")):
        rest = [c for c in deck(owner) if c not in used]
        t[last] = rest + t.get(last, [])
    snap = {
        "version": 1, "game": "double-trigon", "options": dict(game.options),
        "foundations": [f.get(f"f{i}", []) for i in range(1, 9)],
        "tableau": [t.get(f"t{i}", []) for i in range(1, 19)],
        "reserves": [], "stock": stock, "waste": waste, "redeals_left": -1, "to_move": to_move,
    }
    snap.update(counters)
    return game.from_json(snap)


def legal(state):
    return {str(m) for m in state.legal_moves()}


# Every other pile's top card is inert: nothing of its suit one rank away is ever on top
# (those cards lie in the junk), and no tableau pile is empty unless a test empties one.
BASE = {"t1": "KD1", "t2": "KH1", "t3": "KS1", "t4": "TD1", "t5": "TH1", "t6": "TS1", "t7": "JC1",
        "t8": "9C1", "t9": "KC1", "t10": "KD2", "t11": "KH2", "t12": "KS2", "t13": "TD2", "t14": "TH2",
        "t15": "TS2", "t16": "JC2", "t17": "9C2", "t18": "KC2"}


def base(**piles):
    t = {name: [card] for name, card in BASE.items()}
    t.update(piles)
    return t


LAYOUTS = {"rows": ([3] * 9, 25), "triangle": (list(range(1, 10)), 7)}


@pytest.mark.parametrize("layout", LAYOUTS)
def test_deal_gives_each_player_face_up_piles_a_stock_and_an_empty_waste(layout):
    sizes, stock = LAYOUTS[layout]
    s = se.load_game("double-trigon", layout=layout).deal(5)
    d = s.to_dict()
    for seat, piles in ((1, d["tableau"][:9]), (2, d["tableau"][9:])):
        assert [len(p) for p in piles] == sizes
        assert all(not c.startswith("#") and c.endswith(str(seat)) for p in piles for c in p)
        assert len(d["stock"][seat - 1]) == stock and d["waste"][seat - 1] == []
        assert all(c.endswith(str(seat)) for c in d["stock"][seat - 1])
    assert d["foundations"] == [[]] * 8 and s.to_move == 0


def dealing_order(layout):
    """(pile, height) of each card dealt, in the order they are dealt."""
    if layout == "rows":
        return [(i, row) for row in range(3) for i in range(9)]
    return [(i, row) for row in range(9) for i in range(row, 9)]


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("number", [1, 617, 31999, 32000, 123456789])
def test_player_1s_deck_is_pysolfcs_one_deck_shuffle_of_the_same_number(number, layout):
    talon = shuffled(se.load_game("klondike").table, number)  # bottom to top
    d = se.load_game("double-trigon", layout=layout).deal(number).to_dict()
    top_first = [d["tableau"][i][h] for i, h in dealing_order(layout)]
    top_first += list(reversed(d["stock"][0]))
    assert [se.cards.parse_card(c) for c in top_first] == list(reversed(talon))


@pytest.mark.parametrize("number", [7, 40000])
def test_player_2s_deck_is_the_same_generators_next_shuffle(number):
    from pysol_cards.random import LCRandom31, MTRandom

    def ms_order(cards):  # Microsoft's order of a 52-card deck, as PySolFC uses below 32000
        return [cards[i + j] for i in range(13) for j in (0, 39, 26, 13)]

    deck = [r | s << 4 for s in range(4) for r in range(13)]
    rng = LCRandom31(number) if number < 32000 else MTRandom(number)
    rng.reset()
    prepare = ms_order if number < 32000 else list
    rng.shuffle(prepare(list(deck)))  # player 1's
    second = rng.shuffle(prepare(list(deck)))  # bottom to top
    d = GAME.deal(number).to_dict()
    top_first = [d["tableau"][9 + i][h] for i, h in dealing_order("rows")] + list(reversed(d["stock"][1]))
    assert [se.cards.parse_card(c) & 0x3F for c in top_first] == list(reversed(second))
    assert all(c.endswith("2") for c in top_first)


def test_deals_are_reproducible_and_differ_between_numbers():
    assert GAME.deal(9).to_dict() == GAME.deal(9).to_dict()
    assert GAME.deal(9).to_dict() != GAME.deal(10).to_dict()


# Rule 1: the player to move moves only their own cards.
def test_a_player_moves_only_cards_of_their_own_piles():
    s = position(t=base(t1=["6H1"], t2=["5H1"], t10=["6S2"], t11=["5S2"]))
    assert legal(s) == {"t2-t1", "pass"}
    s2 = position(t=base(t1=["6H1"], t2=["5H1"], t10=["6S2"], t11=["5S2"]), to_move=2)
    assert legal(s2) == {"t11-t10", "pass"}


# Rule 2: never onto the other player's piles.
def test_a_card_never_goes_to_the_other_players_piles():
    s = position(t=base(t10=["6H2"]), waste=[["5H1"], []])
    assert "w1-t10" not in legal(s)
    s = position(t=base(t1=["6H1"]), waste=[["5H1"], []])
    assert "w1-t1" in legal(s)


# Rule 3: an empty foundation takes any Ace; foundations build up in suit, shared.
def test_foundations_start_with_any_ace_and_build_up_in_suit():
    s = position(t=base(t1=["AS1"]))
    assert {f"t1-f{i}" for i in range(1, 9)} <= legal(s)
    s = position(t=base(t10=["2S2"], t11=["2H2"]), f={"f1": ["AS1"]}, to_move=2)
    assert "t10-f1" in legal(s) and "t11-f1" not in legal(s)


def test_a_foundation_holds_at_most_thirteen_cards():
    spades = [r + "S1" for r in RANKS]
    s = position(t=base(t3=["2C1"], t6=["3C1"], t10=["KS2"], t12=["2C2"]), f={"f1": spades}, to_move=2)
    assert not any(m.startswith("t10-f") for m in legal(s))


# Rule 4: cards never leave a foundation.
def test_cards_never_leave_a_foundation():
    s = position(t=base(t4=[]), f={"f1": ["AS1"], "f2": ["AH1", "2H1"]})
    assert not any(m.startswith("f") for m in legal(s))


# Rule 5: the tableau builds down in suit; nothing goes on an Ace.
def test_the_tableau_builds_down_in_suit_and_nothing_goes_on_an_ace():
    s = position(t=base(t1=["6H1"], t2=["6S1"], t3=["AD1"], t4=["5H1"]), waste=[["KD1"], []])
    moves = legal(s)
    assert "t4-t1" in moves and "t4-t2" not in moves
    assert not any(m.endswith("-t3") for m in moves)


# Rule 6: in-suit runs move as a unit, any length of them, to tableau piles only.
def test_in_suit_runs_move_as_a_unit_of_any_length():
    s = position(t=base(t1=["8S1", "7S1", "6S1"], t2=["8H1"], t3=["7H1", "6C1"], t4=["9S1"],
                        t5=["7D1"]))
    moves = legal(s)
    assert "t1-t4x3" in moves  # 8S 7S 6S onto the 9S
    assert "t1-t4x2" not in moves and "t1-t4" not in moves  # 7S and 6S do not fit a 9S
    assert "t3-t2x2" not in moves  # 7H 6C is not a run
    assert "t3-t2" not in moves


# Rule 7: an empty tableau pile takes only a King or a King-led run.
def test_an_empty_tableau_pile_takes_only_a_king_or_a_king_led_run():
    s = position(t=base(t1=[], t2=["KS1", "QS1"], t3=["QH1"]), waste=[["KH1"], []])
    moves = legal(s)
    assert {"t2-t1x2", "w1-t1"} <= moves
    assert "t3-t1" not in moves and "t2-t1" not in moves  # a lone QS is not a King


# Rule 8: the waste's top card goes to the player's tableau or a foundation.
def test_the_waste_top_goes_to_the_tableau_or_a_foundation():
    s = position(t=base(t1=["3D1"]), f={"f1": ["AD1"]}, waste=[["2D1"], []])
    assert {"w1-t1", "w1-f1"} <= legal(s)


# Rule 9: dealing one card, and turning the waste over, without limit.
def test_deal_and_redeal_keep_the_talon_order():
    s = position(t=base(), stock=[["5C1", "4C1"], []])
    s.play("s1-w1")
    assert s.to_dict()["waste"][0] == ["4C1"]
    s.play("pass")
    s.play("s1-w1")
    s.play("pass")
    s.play("w1-s1")
    assert s.to_dict()["stock"][0] == ["5C1", "4C1"] and s.to_dict()["waste"][0] == []
    assert s.to_dict()["redeals_done"] == [1, 0]


# Rule 10: a deal or a redeal ends the turn; other moves do not.
def test_dealing_ends_the_turn_and_other_moves_do_not():
    s = position(t=base(t1=["6H1"], t2=["5H1"]), stock=[["4C1"], ["4C2"]])
    s.play("t2-t1")
    assert s.to_move == 0
    s.play("s1-w1")
    assert s.to_move == 1
    s.play("s2-w2")
    assert s.to_move == 0
    s.play("w1-s1")  # the redeal ends the turn too
    assert s.to_move == 1


# Rule 11: pass only with nothing to deal.
def test_a_player_passes_only_when_their_stock_and_waste_are_empty():
    s = position(t=base(t1=["6H1"], t2=["5H1"]), stock=[[], ["4C2"]])
    assert "pass" in legal(s) and "t2-t1" in legal(s)
    s.play("pass")
    assert s.to_move == 1 and "pass" not in legal(s)
    with pytest.raises(se.IllegalMoveError):
        s.play("pass")


# Rule 12: strict reading: deal only when nothing else moves; pass only with no move at all.
def test_draw_only_when_stuck_allows_dealing_only_without_other_moves():
    s = position(t=base(t1=["6H1"], t2=["2C1", "5H1"]), stock=[["4C1"], []], game=STRICT)
    assert legal(s) == {"t2-t1"}
    s.play("t2-t1")
    assert legal(s) == {"s1-w1"}
    s = position(t=base(t1=["6H1"], t2=["2C1", "5H1"]), game=STRICT)
    assert legal(s) == {"t2-t1"}  # no pass while a move is left
    s.play("t2-t1")
    assert legal(s) == {"pass"}


# Rule 13: a player with all 52 own cards home wins at once.
def test_a_player_with_their_whole_deck_home_wins_at_once():
    f = {f"f{i + 1}": [r + s + "1" for r in RANKS] for i, s in enumerate(SUITS[:3])}
    f["f4"] = [r + "D1" for r in RANKS[:-1]]
    t = {"t1": ["KD1"], "t18": ["KC2"]}
    s = position(t=t, f=f)
    assert not s.is_over() and s.winner is None
    s.play("t1-f4")
    assert s.is_won() and s.is_over() and s.winner == 0 and s.home(0) == 52
    assert s.legal_moves() == []  # rule 15
    s.undo()
    assert not s.is_over() and s.to_move == 0


# Rule 14: blocked after 1,000 moves without a card reaching a foundation...
def test_the_game_is_blocked_after_a_thousand_moves_without_progress():
    t = base(t1=["6H1"], t2=["5H1"], t3=["6S1"])
    s = position(t=t, quiet_plies=999, f={"f1": ["AD1"]}, stock=[["4C1"], ["4C2"]])
    assert not s.is_over()
    s.play("t2-t1")
    assert s.blocked and s.is_over() and s.legal_moves() == []
    assert s.winner == 0  # one card home against none
    s.undo()
    assert not s.is_over()
    # ...unless that move put a card on a foundation.
    s2 = position(t=base(t1=["2D1"]), quiet_plies=999, f={"f1": ["AD1"]}, stock=[["4C1"], ["4C2"]])
    s2.play("t1-f1")
    assert not s2.is_over() and s2.to_dict()["quiet_plies"] == 0


# ...or once each player has ended 2 x (talon + 1) turns since then.
def test_the_game_is_blocked_after_two_passes_of_both_talons_without_progress():
    talons = {"stock": [["4C1"], ["4C2", "5C2"]]}
    # player 1: 1 card, needs 4 turns; player 2: 2 cards, needs 6.
    s = position(t=base(), quiet_turns=[4, 5], to_move=2, **talons)
    assert not s.is_over()
    s.play("s2-w2")
    assert s.to_dict()["quiet_turns"] == [4, 6] and s.is_over() and s.blocked
    assert s.winner is None  # a blocked game with equal counts is a draw
    s = position(t=base(), quiet_turns=[3, 9], to_move=1, **talons)
    s.play("s1-w1")
    assert s.is_over() and s.winner is None


def test_a_blocked_game_goes_to_the_player_with_more_own_cards_home():
    s = position(t=base(), f={"f1": ["AS2", "2S2"], "f2": ["AH1"]}, quiet_plies=999, to_move=2,
                 stock=[["4C1"], ["4C2"]])
    s.play("s2-w2")
    assert s.is_over() and s.winner == 1 and (s.home(0), s.home(1)) == (1, 2)


def test_undo_restores_the_turn_and_the_counters():
    s = position(t=base(t1=["6H1"], t2=["5H1"]), stock=[["4C1"], ["4C2"]], quiet_turns=[2, 3])
    before = s.to_dict()
    s.play("t2-t1")
    s.play("s1-w1")
    s.undo()
    s.undo()
    assert s.to_dict() == before


def test_snapshots_keep_owners_turn_and_counters():
    s = GAME.deal(3)
    for m in ["s1-w1", "s2-w2"]:
        s.play(m)
    d = s.to_dict()
    assert d["to_move"] == 1 and d["quiet_turns"] == [1, 1] and d["quiet_plies"] == 2
    back = GAME.from_json(s.to_json())
    assert back == s and back.to_move == 0
    rows = [line.split()[1:] for line in str(s).splitlines() if line.startswith("  t")]
    assert all(card[-1] in "12" for row in rows for card in row)  # drawn with their owner


@pytest.mark.parametrize("bad", [{"to_move": 3}, {"to_move": True}, {"quiet_turns": [1]},
                                 {"quiet_plies": -1}, {"redeals_done": [0, "x"]}])
def test_bad_turn_keys_are_refused(bad):
    d = GAME.deal(1).to_dict()
    d.update(bad)
    with pytest.raises(se.PositionError):
        GAME.from_json(d)


def test_one_player_snapshots_refuse_turn_keys():
    d = se.load_game("trigon").deal(1).to_dict()
    d["to_move"] = 1
    with pytest.raises(se.PositionError):
        se.load_game("trigon").from_json(d)


def test_a_card_of_the_wrong_owner_is_refused():
    d = GAME.deal(1).to_dict()
    d["stock"][0][0] = d["stock"][0][0][:2] + "2"  # player 2 would own 53 cards
    with pytest.raises(se.PositionError):
        GAME.from_json(d)


def test_the_solver_refuses_a_two_player_game():
    with pytest.raises(se.OptionError, match="two-player"):
        GAME.deal(1).solve(time_limit=1)
    with pytest.raises(se.OptionError, match="two-player"):
        se.winnability(GAME, range(1, 3), time_limit=1)


def test_pass_is_not_a_move_of_one_player_games():
    with pytest.raises(se.IllegalMoveError):
        se.load_game("trigon").deal(1).play("pass")
