"""Rule tests for Black Hole (seeds/black-hole.md), one test per rule statement.

Every position is built by hand with tests/positions.py and every expectation below was
worked out from the rules document, not taken from the engine.  Cards a test does not
place go at the bottom of f1 (the foundation), so the cards a test puts on f1 are its top.

Piles: f1 (the foundation), t1..t17 (fans of at most three cards); no stock, no waste.
"""
import json

import pytest

import solitaire_engine as se
from positions import position
from rule_asserts import assert_illegal, legal

GAME = "black-hole"


def bh(f1_top=(), **fans):
    """A hand-built position: `fans` maps "t3" to its cards (bottom to top); `f1_top` are
    the foundation's top cards, above every card the test does not place."""
    tableau = [list(fans.get(f"t{i}", ())) for i in range(1, 18)]
    pos = position(GAME, "f1", foundations=[list(f1_top)], tableau=tableau)
    return se.load_game(GAME).from_json(pos)


def f1_top(s, n=1):
    return s.pile("f1")[-n:]


def test_rule_1_the_only_moves_are_fan_tops_to_the_foundation():
    """black-hole rule 1: a fan's top card to f1; nothing onto a fan, no lower card."""
    s = bh(["8S"], t1=["5C", "9H"], t2=["7D"], t3=["2C"], t4=["9C", "3D"])
    # 9H and 7D fit on 8S; 2C does not; 9C lies under 3D.
    assert legal(s) == {"t1-f1", "t2-f1"}
    assert_illegal(s, "t1-t3", "t3-t1", "t2-t1", "t4-f1x2", "t1-f1x2", "t3-f1", "t4-f1")
    before = s.pile("t1")
    s.play("t1-f1")
    assert f1_top(s, 2) == ["8S", "9H"]
    assert s.pile("t1") == before[:-1]
    s.undo()
    assert s.pile("t1") == before


def test_rule_2_one_rank_up_or_down_whatever_the_suits():
    """black-hole rule 2: f1 takes one rank above or below its top card, any suit."""
    s = bh(["8S"], t1=["9H"], t2=["7D"], t3=["9S"], t4=["8H"], t5=["TC"], t6=["6C"], t7=["7S"])
    assert legal(s) == {"t1-f1", "t2-f1", "t3-f1", "t7-f1"}
    assert_illegal(s, "t4-f1", "t5-f1", "t6-f1")
    s.play("t2-f1")  # now 7D on top: 6C and 8H fit, 9s no longer do
    assert f1_top(s) == ["7D"]
    assert legal(s) == {"t4-f1", "t6-f1"}


def test_rule_3_king_and_ace_are_next_to_each_other():
    """black-hole rule 3: a King goes on an Ace and an Ace on a King."""
    s = bh(["KS"], t1=["AH"], t2=["QD"], t3=["2C"])
    assert legal(s) == {"t1-f1", "t2-f1"}
    s = bh(["AS"], t1=["KD"], t2=["2C"], t3=["QH"])
    assert legal(s) == {"t1-f1", "t2-f1"}
    s.play("t1-f1")
    assert f1_top(s, 2) == ["AS", "KD"]
    assert legal(s) == {"t3-f1"}


def test_rule_4_cards_never_leave_the_foundation():
    """black-hole rule 4: f1's top card goes nowhere, not even to an empty fan."""
    s = bh(["8S"], t1=[], t2=["9H"])
    assert legal(s) == {"t2-f1"}
    assert_illegal(s, "f1-t1", "f1-t2")


def test_rule_5_an_emptied_fan_stays_empty():
    """black-hole rule 5: once a fan is empty nothing is put on it."""
    s = bh(["8S"], t1=["9H"], t2=["KD", "TC"], t3=["4C"])
    s.play("t1-f1")
    assert s.pile("t1") == []
    s.play("t2-f1")  # TC on 9H
    assert s.pile("t1") == [] and legal(s) == set()
    assert_illegal(s, "t2-t1", "t3-t1", "f1-t1")


def test_rule_6_no_stock_no_waste_and_over_when_nothing_fits():
    """black-hole rule 6: no stock, waste or redeal; no fitting top card ends the game."""
    s = bh(["8S"], t1=["2C"], t2=["JD"])
    assert legal(s) == set() and s.is_over() and not s.is_won()
    assert_illegal(s, "s-w", "w-s", "t1-w")
    snap = json.loads(s.to_json())
    assert snap["stock"] == [] and snap["waste"] == []
    for name in ("s", "w"):
        with pytest.raises(se.IllegalMoveError):
            s.pile(name)  # the game has no such pile


def test_winning_all_52_cards_on_the_foundation():
    """black-hole winning: won once f1 holds all 52 cards (and then nothing is left to move)."""
    s = bh(["9C", "TH"], t1=["JD"])
    assert not s.is_won()
    s.play("t1-f1")
    assert len(s.pile("f1")) == 52
    assert s.is_won() and s.is_over()


def test_the_deal_puts_the_ace_of_spades_on_the_foundation():
    """black-hole deal: 17 fans of three face-up cards, the Ace of Spades alone on f1."""
    for n in (1, 31999, 100000):
        s = se.load_game(GAME).deal(n)
        assert s.pile("f1") == ["AS"]
        for i in range(1, 18):
            assert len(s.pile(f"t{i}")) == 3 and not any(c.startswith("#") for c in s.pile(f"t{i}"))
