"""The solver leaves out moves that only rename interchangeable piles (seeds/solver.md,
"Positions that are the same to the play"): every legal move it drops must reach a position
with the same key as a move it keeps, or as the position itself (a whole pile moved to an
empty pile of its class)."""
import random

import pytest

import solitaire_engine as se

# Games without a cycling talon, so every solver move is a plain legal move.
GAMES = [("aces-and-kings", {}), ("aces-and-kings", {"empty_tableau": "stock"}),
         ("deuces-and-queens", {}), ("acey-and-kingsley", {})]


def key_after(core, code):
    core.play(code)
    key = core.solver_key()
    core.undo()
    return key


@pytest.mark.parametrize("name,options", GAMES, ids=lambda x: str(x))
def test_every_dropped_move_has_a_kept_twin(name, options):
    game = se.load_game(name, **options)
    rng = random.Random(name + str(options))
    dropped = 0
    for number in range(1, 16):
        core = game.deal(number)._core
        for _ in range(80):
            legal = set(core.legal_moves())
            if not legal:
                break
            if core.safe_move() is None:
                kept = [code for code, pad in core.solver_moves()]
                assert all(pad == 0 for _, pad in core.solver_moves())
                assert set(kept) <= legal
                kept_keys = {key_after(core, code) for code in kept} | {core.solver_key()}
                for code in legal - set(kept):
                    dropped += 1
                    assert key_after(core, code) in kept_keys, core.move_text(code)
            core.play(rng.choice(sorted(legal)))
    assert dropped > 50  # the check above really ran
