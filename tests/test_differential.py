"""The C++ move generator against the pure-Python referee, along random playouts.

At every step both must list the same legal moves, and after the same move both must
reach the same position (snapshot for snapshot), on 200 deals per game variant.
"""
import json
import random

import pytest

import referee
import solitaire_engine as se
from conftest import GAME_VARIANTS, REFEREE_ONLY_VARIANTS, variant_id

DEALS_PER_VARIANT = 200
STEPS_PER_DEAL = 30
LONG_PLAYOUT_EVERY = 10  # every tenth deal is played far enough to empty stocks and redeal
LONG_STEPS = 600


def deal_numbers(count, rng):
    # Both of PySolFC's generators: Microsoft LC below 32000, Mersenne Twister above.
    small = [rng.randrange(1, 32000) for _ in range(count // 2)]
    large = [rng.randrange(32000, 10**20) for _ in range(count - len(small))]
    return small + large


def _progressing(moves, rng):
    """A random move, biased towards foundations and dealing so long playouts reach
    endgames (empty stocks, emptied piles that stay empty, redeals, sometimes wins)."""
    up = [m for m in moves if m.split("-")[1].startswith("f") and not m.startswith("f")]
    if up and rng.random() < 0.8:
        return rng.choice(up)
    if "s-w" in moves and rng.random() < 0.5:
        return "s-w"
    return rng.choice(moves)


@pytest.mark.parametrize("variant", GAME_VARIANTS + REFEREE_ONLY_VARIANTS, ids=variant_id)
def test_legal_moves_and_positions_agree_along_random_playouts(variant):
    name, options = variant
    game = se.load_game(name, **options)
    rng = random.Random(f"differential-{variant_id(variant)}")
    for i, number in enumerate(deal_numbers(DEALS_PER_VARIANT, rng)):
        state = game.deal(number)
        pos = json.loads(state.to_json())
        steps = LONG_STEPS if i % LONG_PLAYOUT_EVERY == 0 else STEPS_PER_DEAL
        for _step in range(steps):
            engine = sorted(str(m) for m in state.legal_moves())
            expected = sorted(referee.legal_moves(pos))
            assert engine == expected, f"{name} #{number} after {[str(m) for m in state.moves]}"
            if not engine:
                break
            move = _progressing(engine, rng) if steps == LONG_STEPS else rng.choice(engine)
            state.play(move)
            pos = referee.play(pos, move)
            assert json.loads(state.to_json()) == pos, f"{name} #{number} after {move}"
            assert state.is_won() == referee.is_won(pos)
