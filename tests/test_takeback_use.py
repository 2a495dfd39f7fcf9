"""A card taken back off its foundation is used at once (seeds/solver.md, "A card taken back
is used at once"): in the depth-first searches that prove losses, after the solver takes a
card back onto a tableau card, its next move must put a card on it or move the card it left
on top of its foundation. Hand-built Klondike positions; test_proving_moves.py checks the
soundness on whole searches."""
import pytest

import solitaire_engine as se
from owed_moves import after, core_of, klondike, solver_move

HEARTS_TO_5 = ["AH", "2H", "3H", "4H", "5H"]
CLUBS_TO_5 = ["AC", "2C", "3C", "4C", "5C"]
KINGS = [["KD"], ["KH"], ["KS"]]  # no empty pile, no Ace in the talon: no safe move


# 5H comes back onto 6S: then 4C may go on it, or 4H (left on the hearts) onto 5C.
USES = [["6S"], ["4C"], ["5C"], ["#AC", "#AS", "#AD", "#4S", "KC"]] + KINGS


def test_after_a_card_comes_back_only_moves_that_use_it_follow():
    core = core_of(klondike(USES, [[], [], HEARTS_TO_5, []]))
    assert after(core, ["f3-t1"]) == ([("t1", "taken back")], ["f3-t3", "t2-t1"])


def test_as_the_best_first_searches_play_nothing_is_owed():
    core = core_of(klondike(USES, [[], [], HEARTS_TO_5, []]), proving=False)
    owed, moves = after(core, ["f3-t1"])
    assert owed == [] and "t3-t1" not in moves and len(moves) > 2


def test_a_card_nothing_could_use_is_not_taken_back():
    # The black 4s and 5s lie face down: nothing could go on 5H, and 4H nowhere.
    hidden = ["#AC", "#AS", "#AD", "#4S", "#4C", "#5C", "#5S", "KC"]
    pos = klondike([["6S"], hidden, ["9D"], ["QS"]] + KINGS, [[], [], HEARTS_TO_5, []])
    state = se.load_game("klondike").from_json(pos)
    assert "f3-t1" in [str(m) for m in state.legal_moves()]
    assert solver_move(core_of(pos), "f3-t1") is None
    assert solver_move(core_of(pos, proving=False), "f3-t1") is not None


@pytest.mark.parametrize("order", [["f3-t1", "f1-t2"], ["f1-t2", "f3-t1"]])
def test_two_cards_come_back_when_one_next_move_uses_both(order):
    # 5H onto 6S and 5C onto 6D: 4C then goes on 5H, or 4H on 5C, each using both.
    pos = klondike([["6S"], ["6D"], ["#AS", "#AD", "#4S", "#4D", "KC"], ["QS"]] + KINGS,
                   [CLUBS_TO_5, [], HEARTS_TO_5, []])
    owed, moves = after(core_of(pos), order)
    assert owed == [("t1", "taken back"), ("t2", "taken back")]
    assert moves == ["f1-t1", "f3-t2"]


def test_a_card_taken_back_and_a_card_uncovered_share_one_use_taken_back_first():
    # 4D leaves 5S for 5C, and 5H comes back onto 6C: 4H, left on the hearts, then goes on
    # 5S, using both. The two moves touch different piles, so some win takes the card back
    # first; uncovering 5S first, which nothing else could use, is not tried.
    pos = klondike([["9D", "5S", "4D"], ["5C"], ["6C"], ["#AC", "#AS", "#AD", "KC"]] + KINGS,
                   [[], [], HEARTS_TO_5, []])
    owed, moves = after(core_of(pos), ["f3-t3", "t1-t2"])
    assert owed == [("t1", "uncovered"), ("t3", "taken back")]
    assert moves == ["f3-t1"]
    assert solver_move(core_of(pos), "t1-t2") is None


def test_a_card_comes_back_onto_the_run_that_uncovered_the_card_it_will_hold():
    # 6S leaves 4C for 7D; 5H then comes back onto 6S, and 4C goes on it: here the card can
    # only come back after the run moved, so the run may move for it.
    pos = klondike([["9D", "4C", "6S"], ["7D"], ["#AC", "#AS", "#AD", "#3D", "#5D", "KC"]] + KINGS + [["QS"]],
                   [[], [], HEARTS_TO_5, []])
    owed, moves = after(core_of(pos), ["t1-t2", "f3-t2"])
    assert owed == [("t1", "uncovered"), ("t2", "taken back")]
    assert moves == ["t1-t2"]


def test_with_draw_3_too_only_moves_that_use_it_follow():
    pos = klondike(USES, [[], [], HEARTS_TO_5, []])
    pos["options"] = {"draw": 3}
    core = se.load_game("klondike", draw=3).from_json(pos)._core
    core.set_cards_wait_for_use(True)
    owed, moves = after(core, ["f3-t1"])
    assert owed == [("t1", "taken back")] and moves == ["f3-t3", "t2-t1"]
