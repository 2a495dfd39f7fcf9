"""Perft: the number of distinct move sequences of exactly d moves from fixed deals.

tests/golden/perft.json was produced by the engine and confirmed by the pure-Python referee
(the referee check below runs the smaller depths on every test run).
"""
import json
import os

import pytest

import referee
import solitaire_engine as se
from conftest import GAME_VARIANTS, variant_id

HERE = os.path.dirname(__file__)
DEALS = [1, 2, 3, 617, 100000]
ENGINE_DEPTH = 5
REFEREE_DEPTH = 3


def _table():
    with open(os.path.join(HERE, "golden", "perft.json")) as f:
        return json.load(f)


def _key(variant, n):
    return f"{variant_id(variant)}#{n}"


@pytest.mark.parametrize("variant", GAME_VARIANTS, ids=variant_id)
def test_engine_perft_matches_the_table(variant):
    table = _table()
    game = se.load_game(variant[0], **variant[1])
    for n in DEALS:
        state = game.deal(n)
        assert [state.perft(d) for d in range(ENGINE_DEPTH + 1)] == table[_key(variant, n)]


@pytest.mark.parametrize("variant", GAME_VARIANTS, ids=variant_id)
def test_referee_perft_matches_the_table(variant):
    table = _table()
    game = se.load_game(variant[0], **variant[1])
    for n in DEALS:
        pos = json.loads(game.deal(n).to_json())
        assert [referee.perft(pos, d) for d in range(REFEREE_DEPTH + 1)] == \
            table[_key(variant, n)][: REFEREE_DEPTH + 1]


def test_perft_leaves_the_state_untouched():
    state = se.load_game("klondike").deal(5)
    before = state.to_json()
    state.perft(4)
    assert state.to_json() == before


if __name__ == "__main__":  # regenerate, then confirm deeper with the referee before committing
    import sys

    depth = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    out = {}
    for v in GAME_VARIANTS:
        game = se.load_game(v[0], **v[1])
        for n in DEALS:
            state = game.deal(n)
            counts = [state.perft(d) for d in range(ENGINE_DEPTH + 1)]
            pos = json.loads(state.to_json())
            assert [referee.perft(pos, d) for d in range(depth + 1)] == counts[: depth + 1], (v, n)
            out[_key(v, n)] = counts
            print(_key(v, n), counts, flush=True)
    with open(os.path.join(HERE, "golden", "perft.json"), "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
