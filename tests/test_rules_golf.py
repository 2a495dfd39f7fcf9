"""Rule tests for Golf and Dead King Golf (seeds/golf.md), one test per rule statement.

Every position is built by hand with tests/positions.py and every expectation below was
worked out from the rules document, not taken from the engine.  Tests that hold for both
options run once with kings="alive" and once with kings="dead".

Piles: t1..t7 (tableau rows), s (stock: its last card is dealt next), w (waste, the game's
only foundation: its last card is the top).
"""
import pytest

import solitaire_engine as se
from positions import position
from rule_asserts import assert_illegal, assert_play, legal

GAME = "golf"
both_options = pytest.mark.parametrize("kings", ["alive", "dead"])


def golf(kings, waste=(), stock=(), filler="waste", **rows):
    """A hand-built position: `rows` maps "t3" to its cards (bottom to top).  Cards the test
    does not place go at the bottom of `filler` (the waste by default, so the stock holds
    exactly `stock`)."""
    tableau = [list(rows.get(f"t{i}", ())) for i in range(1, 8)]
    pos = position(GAME, filler, options={"kings": kings}, tableau=tableau,
                   stock=stock, waste=waste)
    return se.load_game(GAME, kings=kings).from_json(pos)


@both_options
def test_rule_1_the_only_card_moves_are_row_tops_to_the_waste(kings):
    """golf rule 1: a row's top card goes to w; nothing goes onto a row; lower cards wait."""
    s = golf(kings, waste=["8S"], stock=["KD"], t1=["5C", "9H"], t2=["7D"], t3=["2C"], t4=["9C", "3D"])
    assert legal(s) == {"t1-w", "t2-w", "s-w"}
    assert_illegal(s, "t1-t3", "t3-t1", "t2-t4", "w-t1", "t4-wx2", "t1-wx2", "t3-w", "t4-w")
    assert_play(s, "t1-w", {"t1": ["5C"], "w": s.pile("w") + ["9H"], "s": ["KD"]})


@both_options
def test_rule_2_one_rank_up_or_down_whatever_the_suits(kings):
    """golf rule 2: w takes a tableau card one rank above or below its top card, any suit."""
    s = golf(kings, waste=["8S"], t1=["9H"], t2=["7D"], t3=["9S"], t4=["8H"], t5=["TC"], t6=["6C"],
             t7=["7S"])
    assert legal(s) == {"t1-w", "t2-w", "t3-w", "t7-w"}
    assert_illegal(s, "t4-w", "t5-w", "t6-w")
    s.play("t2-w")  # 7D on top now: 6C and 8H fit, the Nines no longer do
    assert legal(s) == {"t4-w", "t6-w"}


@both_options
def test_rule_3_no_wrap_between_king_and_ace(kings):
    """golf rule 3: King and Ace are not neighbours: only a Two goes on an Ace."""
    s = golf(kings, waste=["AS"], t1=["KD"], t2=["2C"], t3=["QH"])
    assert legal(s) == {"t2-w"}
    assert_illegal(s, "t1-w", "t3-w")
    s = golf(kings, waste=["KS"], t1=["AH"], t2=["2C"])
    assert_illegal(s, "t1-w", "t2-w")


def test_rule_4_dead_kings_take_nothing_from_the_tableau():
    """golf rule 4: with kings="dead" nothing goes on a King; a King still goes on a Queen;
    with kings="alive" a Queen goes on a King."""
    rows = dict(t1=["QD"], t2=["AH"], t3=["KC"])
    dead = golf("dead", waste=["KS"], **rows)
    assert legal(dead) == set()
    assert_illegal(dead, "t1-w", "t2-w", "t3-w")
    alive = golf("alive", waste=["KS"], **rows)
    assert legal(alive) == {"t1-w"}
    dead = golf("dead", waste=["QS"], t1=["KD"], t2=["JC"])
    assert legal(dead) == {"t1-w", "t2-w"}
    assert_play(dead, "t1-w", {"w": dead.pile("w") + ["KD"], "t1": []})
    assert legal(dead) == set()  # the JC no longer fits: it would go on a King


@both_options
def test_rule_5_cards_never_leave_the_waste(kings):
    """golf rule 5: the waste's top card goes nowhere, not even to an empty row."""
    s = golf(kings, waste=["8S"], t2=["9H"])
    assert legal(s) == {"t2-w"}
    assert_illegal(s, "w-t1", "w-t2", "w-s")


@both_options
def test_rule_6_a_deal_lands_on_the_waste_whatever_its_rank(kings):
    """golf rule 6: s-w turns the stock's top card onto w with no rank check, even onto a
    King, and is legal while tableau cards could be played."""
    s = golf(kings, waste=["KS"], stock=["2D", "5H"], t1=["QH"])
    expected = {"s-w"} | ({"t1-w"} if kings == "alive" else set())
    assert legal(s) == expected
    assert_play(s, "s-w", {"w": s.pile("w") + ["5H"], "s": ["2D"]})
    assert_play(s, "s-w", {"w": s.pile("w") + ["2D"], "s": []})
    assert legal(s) == set()


@both_options
def test_rule_7_no_redeal(kings):
    """golf rule 7: with the stock empty, the waste is never turned over."""
    s = golf(kings, waste=["8S"], t1=["3C"])
    assert s.pile("s") == [] and legal(s) == set()
    assert_illegal(s, "w-s", "s-w")
    assert s.is_over() and not s.is_won()


@both_options
def test_rule_8_an_emptied_row_stays_empty(kings):
    """golf rule 8: nothing is ever put on an empty row."""
    s = golf(kings, waste=["8S"], stock=["4D"], t1=["9H"], t2=["TC"])
    s.play("t1-w")
    assert s.pile("t1") == []
    s.play("t2-w")
    assert legal(s) == {"s-w"}
    assert_illegal(s, "t2-t1", "w-t1", "s-t1")


@both_options
def test_rule_9_an_empty_waste_takes_nothing_from_the_tableau(kings):
    """golf rule 9: only the stock can put a card on an empty waste."""
    s = golf(kings, waste=[], filler="stock", t1=["9H"], t2=["AC"], t3=["KD"])
    assert s.pile("w") == []
    assert legal(s) == {"s-w"}
    assert_illegal(s, "t1-w", "t2-w", "t3-w")
    top = s.pile("s")[-1]
    assert_play(s, "s-w", {"w": [top]})


@both_options
def test_winning_every_row_empty_even_with_cards_in_the_stock(kings):
    """golf winning: won once t1..t7 are empty; the stock may still hold cards, and s-w
    stays legal (won and over are separate questions)."""
    s = golf(kings, waste=["8S"], filler="stock", t1=["9H"])
    assert not s.is_won()
    s.play("t1-w")
    assert s.is_won() and len(s.pile("s")) > 0
    assert legal(s) == {"s-w"} and not s.is_over()
    s.play("s-w")
    assert s.is_won()


@both_options
def test_the_deal_seven_rows_of_five_one_waste_card_sixteen_in_the_stock(kings):
    """golf deal: t1..t7 five face-up cards each, one card on w, 16 in the stock."""
    for n in (1, 31999, 100000):
        s = se.load_game(GAME, kings=kings).deal(n)
        assert all(len(s.pile(f"t{i}")) == 5 for i in range(1, 8))
        assert not any(c.startswith("#") for i in range(1, 8) for c in s.pile(f"t{i}"))
        assert len(s.pile("w")) == 1 and len(s.pile("s")) == 16
