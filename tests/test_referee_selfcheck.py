"""Self-checks of tests/referee.py against hand-worked positions.

Every expected move set below was worked out by hand from rules-spec.md, not by
running the referee.  Positions are complete card sets (as from_json requires):
`position(...)` puts every card a test does not place at the BOTTOM of a named
filler pile, so the cards a test does place stay on top.
"""

import copy
import pytest

from referee import check_position, is_over, is_won, legal_moves, perft, play

from positions import LAYOUT, RANKS, SUITS, card_set, position  # noqa: F401


def assert_moves(pos, expected):
    moves = legal_moves(pos)
    assert len(moves) == len(set(moves)), f"duplicates in {moves}"
    assert sorted(moves) == sorted(expected)


def spades(first, last):
    return [r + "S" for r in RANKS[RANKS.index(first):RANKS.index(last) + 1]]


def suit_up(suit, last="K"):
    return [r + suit for r in RANKS[:RANKS.index(last) + 1]]


# ---------------------------------------------------------------------------
# deuces-and-queens
# ---------------------------------------------------------------------------

def dq_mixed():
    return position(
        "deuces-and-queens", filler="stock",
        foundations=[
            ["2C", "3C", "4C"],                                   # takes a 5
            [],                                                   # takes a 2
            [r + "H" for r in "23456789TJQK"],                    # 12 cards, takes an A
            [r + "S" for r in "23456789TJQKA"],                   # full: takes nothing
            ["QC", "JC"],                                         # takes a T
            [],                                                   # takes a Q
            [r + "D" for r in "QJT98765432A"],                    # 12 cards, takes a K
            ["QH"],                                               # takes a J
        ],
        tableau=[["5C"], ["KD", "AS"], ["TS"], ["2H"]],
        reserves=[["JS"], ["QS"], ["7H"]],
        stock=["9C"])


def test_dq_mixed_position():
    assert_moves(dq_mixed(), [
        "f1-t1", "f3-f7", "f3-t2", "f4-f3", "f4-t4", "f5-f8", "f5-t3", "f7-f3", "f7-t4",
        "f8-f6", "t1-f1", "t2-f3", "t2-t4", "t3-f5", "t4-f2", "t4-t2", "r1-f8", "r1-t3",
        "r2-f6", "s-w"])


def test_dq_emptied_tableau_refills_from_stock():
    pos = dq_mixed()
    after = play(pos, "t1-f1")
    assert after["tableau"][0] == ["9C"]
    assert after["foundations"][0][-1] == "5C"
    assert len(after["stock"]) == len(pos["stock"]) - 1


def test_dq_move_off_full_foundation_and_deal():
    pos = dq_mixed()
    after = play(pos, "f4-t4")
    assert after["tableau"][3] == ["2H", "AS"] and len(after["foundations"][3]) == 12
    dealt = play(pos, "s-w")
    assert dealt["waste"] == ["9C"] and dealt["stock"] == pos["stock"][:-1]


def dq_no_stock():
    return position(
        "deuces-and-queens", filler="waste",
        tableau=[[], ["9C"], ["KC"], ["AC"]],
        reserves=[["2D"], ["QC"], ["3S"]],
        waste=["8D"])


def test_dq_empty_tableau_takes_nothing_and_no_redeal():
    assert_moves(dq_no_stock(), [
        "t3-t4", "t4-t3", "r1-f1", "r1-f2", "r1-f3", "r1-f4", "r1-t4",
        "r2-f5", "r2-f6", "r2-f7", "r2-f8", "r2-t3", "w-t2"])


def test_dq_emptied_tableau_stays_empty_without_stock():
    after = play(dq_no_stock(), "t4-t3")
    assert after["tableau"][3] == [] and after["tableau"][2] == ["KC", "AC"]
    assert "r1-t4" not in legal_moves(after)


# ---------------------------------------------------------------------------
# aces-and-kings / acey-and-kingsley
# ---------------------------------------------------------------------------

def ak_position(game="aces-and-kings", empty_tableau=None, stock_empty=False):
    options = {} if empty_tableau is None else {"empty_tableau": empty_tableau}
    return position(
        game, filler="r1" if stock_empty else "stock", options=options,
        foundations=[
            ["AC", "2C", "3C"],                 # takes a 4
            [],                                 # takes an A
            ["AD"],                             # takes a 2
            suit_up("H"),                       # full
            ["KC", "QC"],                       # takes a J
            [],                                 # takes a K
            ["KS"],                             # takes a Q
            [r + "D" for r in "KQJT98765432A"],  # full
        ],
        tableau=[["4S"], [], ["JH"], ["QD"]],
        reserves=[["AS"], ["KH"]],
        waste=["2S"],
        stock=[] if stock_empty else ["9C"])


AK_WITHOUT_T2 = ["f3-f2", "f4-f6", "f5-f7", "f7-f6", "f8-f2", "t1-f1", "t3-f5", "t4-f7",
                 "r1-f2", "r2-f6", "w-f3"]
AK_TO_T2 = ["f1-t2", "f3-t2", "f4-t2", "f5-t2", "f7-t2", "f8-t2", "t1-t2", "t3-t2",
            "t4-t2", "r1-t2", "r2-t2", "w-t2"]


@pytest.mark.parametrize("game", ["aces-and-kings", "acey-and-kingsley"])
def test_ak_empty_tableau_takes_any_card(game):
    assert_moves(ak_position(game), AK_WITHOUT_T2 + AK_TO_T2 + ["s-w"])


def test_ak_stock_option_empty_tableau_closed_while_stock_left():
    assert_moves(ak_position(empty_tableau="stock"), AK_WITHOUT_T2 + ["s-w"])


def test_ak_stock_option_empty_tableau_open_once_stock_gone():
    assert_moves(ak_position(empty_tableau="stock", stock_empty=True),
                 AK_WITHOUT_T2 + AK_TO_T2)


def test_ak_refill_only_with_stock_option():
    assert play(ak_position(empty_tableau="stock"), "t1-f1")["tableau"][0] == ["9C"]
    assert play(ak_position(), "t1-f1")["tableau"][0] == []
    after = play(ak_position(empty_tableau="stock", stock_empty=True), "t1-t2")
    assert after["tableau"][:2] == [[], ["4S"]]


# ---------------------------------------------------------------------------
# double-or-quits
# ---------------------------------------------------------------------------

def test_doq_basic():
    pos = position(
        "double-or-quits", filler="stock", redeals_left=2,
        foundations=[["5S", "TC", "7D"]],                       # 7 doubles to A
        reserves=[["AH"], ["KS"], ["8C"], ["AD"], ["3H"], ["2C"], ["7C"]],
        waste=["6D"])
    assert_moves(pos, ["r1-f1", "r4-f1", "s-w"])
    after = play(pos, "r1-f1")
    assert after["reserves"][0] == ["6D"] and after["waste"] == []
    assert after["stock"] == pos["stock"]
    after = play(after, "r6-f1")        # 2 on A; waste now empty: refill from the stock
    assert after["reserves"][5] == [pos["stock"][-1]]


def doq_empty_foundation(redeals_left):
    return position(
        "double-or-quits", filler="waste", redeals_left=redeals_left,
        foundations=[[]],
        reserves=[["KS"], ["AH"], ["KD"], ["2C"], ["KH"], ["KC"], ["5S"]],
        waste=["QD"])


def test_doq_empty_foundation_takes_only_an_ace():
    # PySolFC's Doublets foundation has Ace as its base rank.
    assert_moves(doq_empty_foundation(1), ["r2-f1", "w-s"])
    assert_moves(doq_empty_foundation(0), ["r2-f1"])


def test_doq_redeal_and_refill_from_waste():
    pos = doq_empty_foundation(1)
    after = play(pos, "r2-f1")
    assert after["reserves"][1] == ["QD"] and after["waste"] == pos["waste"][:-1]
    turned = play(pos, "w-s")
    assert turned["stock"] == pos["waste"][::-1] and turned["waste"] == []
    assert turned["redeals_left"] == 0
    assert legal_moves(turned)[-1] == "s-w" and "w-s" not in legal_moves(turned)


def test_doq_empty_reserves_take_any_card_kings_discarded():
    pos = position(
        "double-or-quits", filler="f1", options={"kings": "discard"},
        foundations=[["4H"]],                                    # takes an 8
        reserves=[["8S"], [], [], ["3D"], ["JD"], ["8C"], ["QS"]])
    assert len(pos["foundations"][0]) == 43
    assert_moves(pos, [
        "r1-f1", "r1-r2", "r1-r3", "r4-r2", "r4-r3", "r5-r2", "r5-r3",
        "r6-f1", "r6-r2", "r6-r3", "r7-r2", "r7-r3"])
    after = play(pos, "r1-r2")
    assert after["reserves"][:3] == [[], ["8S"], []]


DOUBLING_CHAIN = "A24836QJ95T7A"


@pytest.mark.parametrize("low,high", list(zip(DOUBLING_CHAIN, DOUBLING_CHAIN[1:])))
def test_doq_doubling(low, high):
    others = [r for r in "A23456789TJQ" if r not in (low, high)][:2]
    pos = position(
        "double-or-quits", filler="stock",
        foundations=[[low + "H"]],
        reserves=[[high + "S"], ["KC"], ["KD"], ["KH"], ["KS"],
                  [others[0] + "C"], [others[1] + "C"]])
    assert_moves(pos, ["r1-f1", "s-w"])


def test_doq_won():
    kings_kept = position("double-or-quits", filler="f1",
                          reserves=[["KC"], ["KD"], ["KH"], ["KS"], [], [], []])
    assert is_won(kings_kept)
    king_in_stock = position("double-or-quits", filler="f1", stock=["KS"],
                             reserves=[["KC"], ["KD"], ["KH"], [], [], [], []])
    assert not is_won(king_in_stock)
    discarded = position("double-or-quits", filler="f1", options={"kings": "discard"})
    assert is_won(discarded)
    assert not is_won(doq_empty_foundation(1))


def test_doq_perft():
    pos = position(
        "double-or-quits", filler="f1", redeals_left=2,
        foundations=[["4H"]],
        reserves=[["3D"], ["KC"], ["KD"], ["KH"], ["KS"], ["5C"], ["9C"]],
        stock=["8S"])
    # s-w | w-f1, w-s | r1-f1 ; s-w | 6 reserve-to-r1 moves ; w-f1, w-s
    assert [perft(pos, d) for d in range(5)] == [1, 1, 2, 2, 8]


# ---------------------------------------------------------------------------
# double-trigon-solo
# ---------------------------------------------------------------------------

def dts_mixed():
    return position(
        "double-trigon-solo", filler="stock", redeals_left=-1,
        foundations=[
            suit_up("H", "6"),       # takes 7H
            [],                      # takes any A
            suit_up("S", "5"),       # takes 6S
            ["AC"],                  # takes 2C
            suit_up("D"),            # full
            ["AS"],                  # takes 2S
            suit_up("C", "3"),       # takes 4C
            ["AH"],                  # takes 2H
        ],
        tableau=[
            ["#4C", "9H", "8H", "7H"],
            ["TH"],
            [],
            ["#2D", "KS", "QS", "JD"],
            ["QD"],
            ["#5S", "#6S", "8S"],
            ["KH", "QH", "JH"],
            ["6S"],
            ["7S"],
        ],
        waste=["2H"])


def test_dts_mixed_position():
    assert_moves(dts_mixed(), [
        "f1-t1", "f3-t8", "f4-f2", "f5-t3", "f6-f2", "f8-f2", "t1-f1", "t1-t2x3",
        "t2-t7", "t4-t5", "t7-t3x3", "t8-f3", "t8-t9", "t9-t6", "w-f8", "s-w"])


def test_dts_run_move_turns_up_card():
    after = play(dts_mixed(), "t1-t2x3")
    assert after["tableau"][0] == ["4C"]
    assert after["tableau"][1] == ["TH", "9H", "8H", "7H"]
    assert "t1-f7" in legal_moves(after)
    assert play(dts_mixed(), "t1-t2x3") == play(dts_mixed(), "T1-T2X3")


def test_dts_runs_never_go_to_foundations():
    pos = position("double-trigon-solo", filler="stock", redeals_left=-1,
                   foundations=[suit_up("H", "6")] + [[]] * 7,
                   tableau=[["7H", "6H"]] + [[]] * 8)
    assert_moves(pos, ["s-w"])


def test_dts_king_run_to_each_empty_pile():
    pos = position("double-trigon-solo", filler="stock", redeals_left=-1,
                   tableau=[["#3C", "KS", "QS"]] + [[]] * 8)
    assert_moves(pos, [f"t1-t{k}x2" for k in range(2, 10)] + ["s-w"])
    after = play(pos, "t1-t5x2")
    assert after["tableau"][0] == ["3C"] and after["tableau"][4] == ["KS", "QS"]


def test_dts_unlimited_redeal():
    pos = position("double-trigon-solo", filler="waste", redeals_left=-1, waste=["5H"])
    assert_moves(pos, ["w-s"])
    after = play(pos, "w-s")
    assert after["redeals_left"] == -1 and after["waste"] == []
    assert after["stock"] == pos["waste"][::-1] and after["stock"][0] == "5H"


# ---------------------------------------------------------------------------
# trigon
# ---------------------------------------------------------------------------

def test_trigon_suit_bound_foundations():
    pos = position(
        "trigon", filler="stock", redeals_left=-1,
        foundations=[[], ["AS", "2S"], [], ["AD"]],          # f1 C, f2 S, f3 H, f4 D
        tableau=[["#5C", "AH"], ["#7D", "AC"], ["3S"], ["#9H", "5D", "4D"], ["6D"], [],
                 ["#2C", "KH", "QH"]],
        waste=["2D"])
    assert_moves(pos, ["t1-f3", "t2-f1", "t3-f2", "t4-t5x2", "t7-t6x2", "w-f4", "f2-t3",
                       "s-w"])


# ---------------------------------------------------------------------------
# klondike
# ---------------------------------------------------------------------------

def klondike_mixed(draw=None, stock=("9D", "TD", "JD"), filler="stock"):
    return position(
        "klondike", filler=filler, redeals_left=-1,
        options={} if draw is None else {"draw": draw},
        foundations=[["AC", "2C"], [], ["AH"], []],
        tableau=[["#4S", "#9C", "8D", "7C", "6H"], ["9S"], ["7S"], [],
                 ["#3D", "KD", "QS", "JH"], ["2H"], ["#5C", "AS"]],
        waste=["3C"], stock=stock)


def test_klondike_alternate_colour():
    assert_moves(klondike_mixed(), ["t1-t2x3", "t1-t3", "t5-t4x3", "t6-f3", "t7-f2",
                                    "t7-t6", "w-f1", "s-w"])
    assert_moves(klondike_mixed(draw=3), ["t1-t2x3", "t1-t3", "t5-t4x3", "t6-f3", "t7-f2",
                                          "t7-t6", "w-f1", "s-w"])


def test_klondike_turn_up_after_single_card_move():
    after = play(klondike_mixed(), "t7-f2")
    assert after["tableau"][6] == ["5C"] and after["foundations"][1] == ["AS"]


def test_klondike_draw_counts():
    pos = klondike_mixed()
    assert play(pos, "s-w")["waste"] == ["3C", "JD"]
    three = play(klondike_mixed(draw=3), "s-w")
    assert three["waste"] == ["3C", "JD", "TD", "9D"]
    short = klondike_mixed(draw=3, stock=["9D", "TD"], filler="waste")
    after = play(short, "s-w")
    assert after["stock"] == [] and after["waste"][-3:] == ["3C", "TD", "9D"]
    assert "w-s" in legal_moves(after)


def test_klondike_won_kings_may_still_move():
    pos = position("klondike", filler="stock", redeals_left=-1,
                   foundations=[suit_up(s) for s in "CSHD"])
    assert pos["stock"] == [] and is_won(pos)
    assert_moves(pos, [f"f{f}-t{t}" for f in range(1, 5) for t in range(1, 8)])
    assert not is_won(klondike_mixed())


# ---------------------------------------------------------------------------
# general behaviour
# ---------------------------------------------------------------------------

def test_play_rejects_illegal_and_does_not_mutate():
    pos = dq_mixed()
    before = copy.deepcopy(pos)
    for move in ["r3-t1", "w-s", "t1-t1", "f4-f3x2", "t9-f1", "s-s", "bogus"]:
        with pytest.raises(ValueError):
            play(pos, move)
    play(pos, "t1-f1")
    play(pos, "s-w")
    assert pos == before
    assert play(pos, "t1-f1x1") == play(pos, "t1-f1")


def test_incomplete_or_malformed_positions_rejected():
    pos = dq_mixed()
    pos["stock"].pop()
    with pytest.raises(ValueError, match="card set"):
        legal_moves(pos)
    pos = klondike_mixed()
    pos["stock"].remove("5H")
    pos["tableau"][0].append("#5H")
    with pytest.raises(ValueError, match="face-down card on top"):
        legal_moves(pos)
    pos = ak_position()
    pos["tableau"][0].append(pos["stock"].pop(0))   # aces-and-kings tableau holds one card
    with pytest.raises(ValueError, match="more than 1"):
        check_position(pos)
    with pytest.raises(ValueError, match="no option"):
        legal_moves({**dq_mixed(), "options": {"draw": 3}})
    with pytest.raises(ValueError, match="redeals_left"):
        legal_moves({**dq_mixed(), "redeals_left": 1})


def test_is_over():
    pos = position("double-or-quits", filler="f1", options={"kings": "discard"},
                   foundations=[["4H"]],
                   reserves=[["5S"], ["6S"], ["7S"], ["9S"], ["TS"], ["JS"], ["QS"]])
    assert is_over(pos) and not is_won(pos)
    assert not is_over(dq_mixed())


# ---------------------------------------------------------------------------
# black-hole and golf
# ---------------------------------------------------------------------------

def bh_position(f1_top, **fans):
    tableau = [list(fans.get(f"t{i}", ())) for i in range(1, 18)]
    return position("black-hole", filler="f1", foundations=[list(f1_top)], tableau=tableau)


def test_bh_up_or_down_with_wrap_and_nothing_back():
    pos = bh_position(["KS"], t1=["AH"], t2=["QD"], t3=["JC"], t4=["7C", "KD"])
    assert_moves(pos, ["t1-f1", "t2-f1"])
    after = play(pos, "t1-f1")
    assert after["foundations"][0][-2:] == ["KS", "AH"] and after["tableau"][0] == []
    assert_moves(after, ["t4-f1"])  # KD on AH: round the corner
    assert not is_won(after)


def test_bh_won_and_no_stock_allowed():
    pos = bh_position(["9C"], t1=["TH"])
    assert is_won(play(pos, "t1-f1")) and is_over(play(pos, "t1-f1"))
    bad = copy.deepcopy(pos)
    bad["stock"] = [bad["foundations"][0].pop(0)]
    with pytest.raises(ValueError):
        check_position(bad)


def golf_position(kings, waste, stock=(), filler="waste", **rows):
    tableau = [list(rows.get(f"t{i}", ())) for i in range(1, 8)]
    return position("golf", filler=filler, options={"kings": kings}, tableau=tableau,
                    stock=stock, waste=waste)


def test_golf_waste_builds_from_the_tableau_and_takes_any_deal():
    alive = golf_position("alive", ["KS"], stock=["2C"], t1=["QH"], t2=["AH"])
    assert_moves(alive, ["t1-w", "s-w"])
    dead = golf_position("dead", ["KS"], stock=["2C"], t1=["QH"], t2=["AH"])
    assert_moves(dead, ["s-w"])
    dealt = play(dead, "s-w")
    assert dealt["waste"][-2:] == ["KS", "2C"] and dealt["stock"] == []
    assert_moves(dealt, ["t2-w"])  # the dealt 2C covers the dead King: AH goes on it


def test_golf_won_with_cards_left_in_the_stock_and_no_redeal():
    pos = golf_position("alive", ["8S"], filler="stock", t1=["9H"])
    won = play(pos, "t1-w")
    assert is_won(won) and won["stock"] and legal_moves(won) == ["s-w"]
    spent = golf_position("alive", ["8S"], t1=["3C"])
    assert_moves(spent, [])
    with pytest.raises(ValueError):
        play(spent, "w-s")
