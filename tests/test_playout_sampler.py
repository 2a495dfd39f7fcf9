"""Random playouts pick moves without listing them (State::pick_move); the pick for a given
random number must be exactly the legal move listed at the matching index, so playouts are
uniform over legal moves."""
import random

import pytest

import solitaire_engine as se
from conftest import GAME_VARIANTS, variant_id


@pytest.mark.parametrize("variant", GAME_VARIANTS, ids=variant_id)
def test_pick_move_is_the_listed_move_at_the_same_index(variant):
    game = se.load_game(variant[0], **variant[1])
    rng = random.Random(variant_id(variant))
    for number in (1, 2, 617, 100000):
        core = game.deal(number)._core
        for _ in range(150):
            listed = core.legal_moves()
            if not listed:
                assert core.pick_move(0) is None
                break
            n = len(listed)
            for k in range(n):
                assert core.pick_move(((k << 32) + (1 << 31)) // n) == listed[k]
            core.play(rng.choice(listed))


def test_playouts_are_deterministic_and_count_steps():
    state = se.load_game("aces-and-kings").deal(3)
    a = state._core.random_playouts(50, 200, 9)
    assert a == state._core.random_playouts(50, 200, 9)
    games, steps, wins = a
    assert games == 50 and 0 < steps <= 50 * 200 and 0 <= wins <= games
