"""With unlimited redeals the solver never deals on its own: a talon move deals round to a
split and plays the waste's top card there, in one move (seeds/solver.md, "The talon as
macro moves"). On the dealing cycle every split reaches every other; off it (a card played
from the waste mid-pass, drawing by threes) the rest of the pass comes first. Checked on
positions reached by random play from real deals, against dealing with plain legal moves."""
import random

import pytest

import solitaire_engine as se


def _empty_piles(state):
    return {name for name in state.game.pile_names if name not in ("s", "w") and not state.pile(name)}


def _dest(text, empty):
    """A move's target, empty piles of one kind taken as one (the solver offers a card only
    the first of them)."""
    dst = text.split("-")[1]
    return f"an empty {dst[0]}" if dst in empty else dst


def _by_dealing(state):
    """(card, target) for every waste card that plain deals and redeals bring to the top:
    two passes round from here see every split there is."""
    core, empty = state._core, _empty_piles(state)
    seen, deals = set(), 0
    limit = 2 * (len(state.pile("w")) + len(state.pile("s"))) + 4
    while True:
        moves = {core.move_text(m): m for m in core.legal_moves()}
        seen |= {(state.pile("w")[-1], _dest(t, empty)) for t in moves if t.startswith("w-") and t != "w-s"}
        dealing = [m for t, m in moves.items() if t in ("s-w", "w-s")]
        if not dealing or deals == limit:
            break
        core.play(dealing[0])
        deals += 1
    for _ in range(deals):
        core.undo()
    return seen


def _by_solver(state):
    core, empty = state._core, _empty_piles(state)
    waste = state.pile("w")
    talon = waste + state.pile("s")[::-1]  # in dealing order
    out = set()
    for code, pad in core.solver_moves():
        text = core.move_text(code)
        assert text not in ("s-w", "w-s"), "the solver dealt on its own"
        if text.startswith("w-"):
            out.add((talon[pad - 1] if pad else waste[-1], _dest(text, empty)))
    return out


@pytest.mark.parametrize("draw", [1, 3])
def test_talon_moves_are_those_of_every_split_dealing_reaches(draw):
    game = se.load_game("klondike", draw=draw)
    rng = random.Random(draw)
    off_cycle = checked = 0
    for number in range(1, 400):
        state = game.deal(number)
        core = state._core
        for _ in range(rng.randrange(5, 60)):
            moves = core.legal_moves()
            if not moves or core.is_won():
                break
            core.play(rng.choice(moves))
        w, s = len(state.pile("w")), len(state.pile("s"))
        if not (w or s):
            continue
        solver, dealing = _by_solver(state), _by_dealing(state)
        assert solver <= dealing, state.to_json()
        if len(core.solver_moves()) < 2:  # a safe move, tried alone (test_safe_moves.py)
            continue
        if draw == 1:
            # One by one, a talon card goes down on the tableau only where a card could go on
            # it next (test_lazy_talon.py): the rest are all there.
            assert {m for m in dealing if m[1][0] == "f"} <= solver, state.to_json()
        else:
            assert solver == dealing, state.to_json()
        checked += 1
        off_cycle += s > 0 and w % draw != 0
        if checked == 30:
            break
    assert checked == 30
    if draw == 3:
        assert off_cycle >= 5, off_cycle
