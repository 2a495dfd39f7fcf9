"""A talon card goes down on the tableau only to hold a card at once (seeds/solver.md, "The
talon's cards go down only to hold a card"): after the solver puts a talon card on the
tableau, its next move must put a card on it. Hand-built Klondike positions; the soundness
on whole searches is checked against the referee in test_solver.py."""
import pytest

import solitaire_engine as se
from positions import position as _position, talon_move, winning_line

NO_TAKEBACK = {"foundation_takeback": False}


def position(*args, **kwargs):
    """positions.position, with the talon's Aces face down under t2's card (t1's if t2 is
    empty): an Ace in the talon would go up first, as the safe move (dealt round to:
    test_safe_moves.py), and these tests are about the moves around it."""
    pos = _position(*args, **kwargs)
    aces = [c for c in pos["stock"] + pos["waste"] if c[0] == "A"]
    for talon in ("stock", "waste"):
        pos[talon] = [c for c in pos[talon] if c[0] != "A"]
    pos["tableau"][1 if pos["tableau"][1] else 0][:0] = ["#" + c for c in aces]
    return pos


SPADES_TO_7 = ["AS", "2S", "3S", "4S", "5S", "6S", "7S"]
CLUBS_TO_7 = ["AC", "2C", "3C", "4C", "5C", "6C", "7C"]


def after_talon_card(core, pos, card, pile="t1"):
    """What the solver tries after putting `card` from the talon of snapshot `pos` on `pile`:
    the moves it then owes, and those it tries, as text, a talon card's move named by the
    card."""
    move = talon_move(core, pos, card, pile)
    assert move, f"{card} from the talon to {pile} is not a solver move"
    owed, moves = core.solver_moves_after([move])
    talon = pos["waste"] + pos["stock"][::-1]
    rest = talon[:move[1] - 1] + talon[move[1]:]
    return owed, sorted(core.move_text(c) + (f" {rest[p - 1]}" if p else "") for c, p in moves)


def after_each_placement(core, to_pile):
    """For each solver move that puts a card on tableau pile `to_pile` ("-t1", or "-t" for
    any): the moves it then owes, and the solver's next moves as text."""
    out = []
    for code, pad in core.solver_moves():
        if pad and to_pile in core.move_text(code):
            owed, moves = core.solver_moves_after([(code, pad)])
            out.append((owed, [core.move_text(c) for c, _ in moves]))
    assert out, "no such placement among the solver's moves"
    return out


def test_after_a_talon_card_goes_down_only_cards_onto_it_are_tried():
    # 9S on t1 holds 8H or 8D from the talon; after 8H, only the black 7s (from the talon)
    # may follow, onto 8H, not the other moves the position has.
    pos = position("klondike", "stock", redeals_left=-1, tableau=[["9S"], ["KD"]] + [[]] * 5)
    owed, moves = after_talon_card(se.load_game("klondike").from_json(pos)._core, pos, "8H")
    assert owed == [("t1", "held")]
    assert moves == ["w-t1 7C", "w-t1 7S"]


def test_with_no_card_to_hold_the_talon_card_does_not_go_down():
    # Both black 7s are home and may not come back: nothing can ever go on 8H, so putting
    # it on 9S would lead nowhere (8H goes up from the talon directly instead). With the
    # black 7s in the talon, it goes down.
    game = se.load_game("klondike", **NO_TAKEBACK)
    home = position("klondike", "stock", NO_TAKEBACK, redeals_left=-1,
                    foundations=[CLUBS_TO_7, SPADES_TO_7, [], []], tableau=[["9S"]] + [[]] * 6)
    assert talon_move(game.from_json(home)._core, home, "8H", "t1") is None
    out = position("klondike", "stock", NO_TAKEBACK, redeals_left=-1,
                   foundations=[CLUBS_TO_7[:-1], SPADES_TO_7[:-1], [], []], tableau=[["9S"]] + [[]] * 6)
    assert talon_move(game.from_json(out)._core, out, "8H", "t1") is not None


def test_a_card_taken_back_off_a_foundation_may_be_the_one_it_holds():
    pos = position("klondike", "stock", redeals_left=-1,
                   foundations=[CLUBS_TO_7, SPADES_TO_7, [], []], tableau=[["9S"]] + [[]] * 6)
    owed, moves = after_talon_card(se.load_game("klondike").from_json(pos)._core, pos, "8H")
    assert owed == [("t1", "held")] and moves == ["f1-t1", "f2-t1"]


def test_dealing_by_threes_owes_nothing():
    # By threes, taking a card out of the talon regroups the later deals: no such rule.
    game = se.load_game("klondike", draw=3)
    pos = position("klondike", "stock", {"draw": 3}, redeals_left=-1,
                   tableau=[["9S"], ["KD"]] + [[]] * 5)
    for owed, moves in after_each_placement(game.from_json(pos)._core, "-t1"):
        assert owed == [] and any(not m.endswith("-t1") for m in moves)


def test_a_win_that_needs_a_talon_card_to_hold_a_run_is_found():
    # 6S lies face down under 7S; the only way to free it is 8H from the talon onto 9C,
    # then 7S onto 8H (no takebacks; the empty piles take only Kings).
    pos = position("klondike", "stock", NO_TAKEBACK, redeals_left=-1,
                   foundations=[["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C"],
                                ["AS", "2S", "3S", "4S", "5S"],
                                ["AH", "2H", "3H", "4H", "5H", "6H", "7H"],
                                ["AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD",
                                 "JD", "QD", "KD"]],
                   tableau=[["9C"], ["#6S", "7S"]] + [[]] * 5)
    winning_line(se.load_game("klondike", **NO_TAKEBACK), pos)


def test_solver_moves_after_refuses_a_move_it_would_not_try():
    state = se.load_game("klondike").deal(1)
    with pytest.raises(ValueError):
        state._core.solver_moves_after([(0, 0)])


def test_two_decks_owe_nothing():
    # Sound there too, but measured not to pay (Double Trigon solo's quick wins came later).
    core = se.load_game("double-trigon-solo").deal(1)._core
    assert all(owed == [] for owed, _ in after_each_placement(core, "-t"))


# The depth-first searches of the whole game also put a talon card on a foundation only to
# hold the card that follows it there (State::set_cards_wait_for_use, seeds/solver.md).

def waiting_home(pos):
    """Klondike snapshot `pos` as the depth-first searches play it."""
    core = se.load_game("klondike").from_json(pos)._core
    core.set_cards_wait_for_use(True)
    return core


def test_a_talon_card_goes_up_only_to_hold_the_next_card_there():
    # 8C on the Clubs is not safe (the red 7s could still go on it); 9C is in the talon.
    pos = position("klondike", "stock", redeals_left=-1, foundations=[CLUBS_TO_7, [], [], []],
                   tableau=[["9S"], ["KD"]] + [[]] * 5)
    owed, moves = after_talon_card(waiting_home(pos), pos, "8C", "f1")
    assert owed == [("f1", "held")]
    assert moves == ["w-f1 9C"]
    # As the best-first searches play: nothing owed, every move of the position.
    plain = se.load_game("klondike").from_json(pos)._core
    owed, moves = plain.solver_moves_after([talon_move(plain, pos, "8C", "f1")])
    assert owed == [] and len(moves) > 1


def test_a_talon_card_nothing_could_follow_does_not_go_up():
    # 9C lies face down under 5H: no next move could put it on 8C.
    pos = position("klondike", "stock", redeals_left=-1, foundations=[CLUBS_TO_7, [], [], []],
                   tableau=[["#9C", "5H"], ["KD"]] + [[]] * 5)
    assert talon_move(waiting_home(pos), pos, "8C", "f1") is None
    assert talon_move(se.load_game("klondike").from_json(pos)._core, pos, "8C", "f1") is not None


def test_a_king_goes_up_owing_nothing():
    # Nothing ever follows a King on a foundation.
    pos = position("klondike", "stock", redeals_left=-1,
                   foundations=[[r + "C" for r in "A23456789TJQ"], [], [], []],
                   tableau=[["9S"], ["KD"]] + [[]] * 5)
    core = waiting_home(pos)
    owed, moves = core.solver_moves_after([talon_move(core, pos, "KC", "f1")])
    assert owed == [] and moves


def test_the_safe_move_owes_nothing():
    # Both red Aces are home: 2C from the waste is the safe move, made alone and owing
    # nothing, though 3C lies face down. Without the red Aces it is an ordinary move, and
    # owes 3C.
    safe = position("klondike", "stock", redeals_left=-1, foundations=[["AC"], [], ["AH"], ["AD"]],
                    tableau=[["9S"], ["KD"], ["#3C", "5H"]] + [[]] * 4, waste=["2C"])
    core = waiting_home(safe)
    assert [core.move_text(c) for c, _ in core.solver_moves()] == ["w-f1"]
    owed, moves = core.solver_moves_after(core.solver_moves())
    assert owed == [] and moves
    unsafe = position("klondike", "stock", redeals_left=-1, foundations=[["AC"], [], [], ["AD"]],
                      tableau=[["9S"], ["KD"]] + [[]] * 5, waste=["2C"])
    core = waiting_home(unsafe)
    two = [(c, p) for c, p in core.solver_moves() if core.move_text(c) == "w-f1" and p == 0]
    owed, _ = core.solver_moves_after(two)
    assert owed == [("f1", "held")]
