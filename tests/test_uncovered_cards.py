"""A card uncovered is used at once (seeds/solver.md, "A card uncovered is used at once"):
after the solver moves a run off a face-up card onto another tableau pile, its next move
must use that card. Hand-built Klondike positions; the soundness on whole searches is
checked against the referee in test_solver.py."""
import pytest

import solitaire_engine as se
from positions import position, talon_move, winning_line

NO_TAKEBACK = {"foundation_takeback": False}
ACES_DOWN = ["#AC", "#AD", "#AH", "#AS"]  # no foundation can start: no safe move anywhere


def klondike(options, tableau, foundations=None):
    """A Klondike position with every other card in the talon (unlimited redeals)."""
    pos = position("klondike", "stock", options, redeals_left=-1, tableau=tableau,
                   foundations=foundations)
    return se.load_game("klondike", **options).from_json(pos), pos


def solver_move(core, text):
    """The solver's move with this text, as (code, pad); None if it does not try it."""
    found = [(code, pad) for code, pad in core.solver_moves() if not pad and core.move_text(code) == text]
    return found[0] if found else None


def after(core, line):
    """The moves owed after the line, and the solver's next moves as text."""
    owed, moves = core.solver_moves_after(line)
    return owed, sorted(core.move_text(code) for code, _ in moves)


# 7C leaves 8H for 8D; then 8H may take 7S (t3) or go onto 9C (t4), and nothing else.
USES = [["9S", "8H", "7C"], ["8D"], ["7S"], ["9C"], ACES_DOWN + ["KC"], ["KD"], ["KH"]]


@pytest.mark.parametrize("options", [{}, {"draw": 3}])
def test_after_a_run_leaves_a_face_up_card_only_moves_that_use_it_follow(options):
    state, _ = klondike(options, USES)
    core = state._core
    owed, moves = after(core, [solver_move(core, "t1-t2")])
    assert owed == [("t1", "uncovered")]
    assert moves == ["t1-t4", "t3-t1"]


def test_the_card_moved_off_may_not_go_straight_back():
    state, _ = klondike({}, USES)
    core = state._core
    assert "t2-t1" not in after(core, [solver_move(core, "t1-t2")])[1]
    state.play("t1-t2")
    assert "t2-t1" in [str(m) for m in state.legal_moves()]


def test_a_card_that_nothing_could_use_is_not_uncovered():
    # 8H's black 7s are 7C (the card moved off) and a face-down 7S; no black 9 or red 10 is
    # up anywhere: uncovering 8H would lead nowhere, so 7C does not move to 8D.
    hidden = ["#7S", "#9C", "#TH", "#TD"] + ACES_DOWN + ["KC"]
    state, _ = klondike({}, [["9S", "8H", "7C"], ["8D"], hidden, ["KD"], ["KH"], ["KS"], ["QS"]])
    assert "t1-t2" in [str(m) for m in state.legal_moves()]
    assert solver_move(state._core, "t1-t2") is None


def test_two_moves_may_be_owed_when_one_next_move_pays_both():
    # 7C leaves 8H for 8D, and 9C from the talon goes on TD: one move, 8H onto 9C, uses
    # both, in either order.
    state, pos = klondike({}, [["9S", "8H", "7C"], ["8D"], ["TD"], ["#7S"] + ACES_DOWN + ["KC"],
                               ["KD"], ["KH"], ["KS"]])
    core = state._core
    run = solver_move(core, "t1-t2")
    nine = talon_move(core, pos, "9C", "t3")
    assert nine, "9C from the talon to t3 is not a solver move"
    owed, moves = after(core, [run, nine])
    assert sorted(owed) == [("t1", "uncovered"), ("t3", "held")]
    assert moves == ["t1-t3"]
    owed, moves = after(core, [nine, run])
    assert sorted(owed) == [("t1", "uncovered"), ("t3", "held")]
    assert moves == ["t1-t3"]


def test_a_win_that_needs_a_card_uncovered_and_then_used_is_found():
    # 6S lies face down under 8H 7C, with 6C and the black 9s under it: 7C can only go to
    # 8D, alone, and 8H, uncovered, only up.
    pos = position("klondike", "stock", NO_TAKEBACK, redeals_left=-1,
                   foundations=[["AC", "2C", "3C", "4C", "5C"], ["AS", "2S", "3S", "4S", "5S"],
                                ["AH", "2H", "3H", "4H", "5H", "6H", "7H"],
                                ["AD", "2D", "3D", "4D", "5D", "6D", "7D"]],
                   tableau=[["#6C", "#9C", "#9S", "#6S", "8H", "7C"], ["8D"]] + [[]] * 5)
    line = winning_line(se.load_game("klondike", **NO_TAKEBACK), pos)
    assert line[line.index("t1-t2") + 1] == "t1-f3"


@pytest.mark.parametrize("tableau, move", [
    ([["#5C", "7C"], ["8D"]], "t1-t2"),        # turns 5C face up
    ([["7C"], ["8D"]], "t1-t2"),               # empties t1
    ([["9S", "KC"], []], "t1-t2"),             # onto an empty pile
])
def test_a_move_that_turns_a_card_up_empties_a_pile_or_fills_one_owes_nothing(tableau, move):
    rest = [ACES_DOWN + ["KD"], ["KH"], ["KS"], ["QS"], ["QH"]]
    state, _ = klondike({}, tableau + rest)
    core = state._core
    owed, moves = after(core, [solver_move(core, move)])
    assert owed == [] and moves


def test_two_decks_owe_nothing():
    # Double Trigon solo builds down in suit with two decks: 7H may leave one 8H for the
    # other, and no move is owed (the rule is kept to one copy of each card).
    rest = [["#AH", "#AH", "#AS", "#AS", "#AD", "#AD", "#AC", "#AC", "KC"],
            ["KD"], ["KD"], ["KH"], ["KH"], ["KS"], ["KS"]]
    pos = position("double-trigon-solo", "stock", redeals_left=-1,
                   tableau=[["9H", "8H", "7H"], ["8H"]] + rest)
    core = se.load_game("double-trigon-solo").from_json(pos)._core
    owed, _ = after(core, [solver_move(core, "t1-t2")])
    assert owed == []
