"""Golden playthroughs (OpenSpiel style): for each game a fixed deal and move sequence, with
the legal-move list before every move and the final position, pinned in
tests/golden/playthroughs.json. Any change to rules, move order or notation shows up here."""
import json
import os
import random

import pytest

import referee

import solitaire_engine as se
from conftest import GAME_VARIANTS, variant_id

HERE = os.path.dirname(__file__)
STEPS = 80


def playthrough(variant):
    name, options = variant
    state = se.load_game(name, **options).deal(7)
    rng = random.Random(f"playthrough-{variant_id(variant)}")
    steps = []
    for _ in range(STEPS):
        legal = [str(m) for m in state.legal_moves()]
        if not legal:
            break
        up = [m for m in legal if "-f" in m and not m.startswith("f")]
        move = rng.choice(up) if up and rng.random() < 0.7 else rng.choice(legal)
        steps.append({"legal": legal, "play": move})
        state.play(move)
    return {"deal": 7, "steps": steps, "final": json.loads(state.to_json()), "won": state.is_won()}


@pytest.mark.parametrize("variant", GAME_VARIANTS, ids=variant_id)
def test_playthrough_matches_golden(variant):
    with open(os.path.join(HERE, "golden", "playthroughs.json")) as f:
        golden = json.load(f)[variant_id(variant)]
    game = se.load_game(variant[0], **variant[1])
    state = game.deal(golden["deal"])
    pos = json.loads(state.to_json())
    for i, step in enumerate(golden["steps"]):
        assert [str(m) for m in state.legal_moves()] == step["legal"], f"step {i}"
        assert sorted(referee.legal_moves(pos)) == sorted(step["legal"]), f"step {i}"
        state.play(step["play"])
        pos = referee.play(pos, step["play"])
    assert json.loads(state.to_json()) == golden["final"] == pos
    assert state.is_won() == golden["won"]


if __name__ == "__main__":  # regenerate (review the diff: every change is a behaviour change)
    out = {variant_id(v): playthrough(v) for v in GAME_VARIANTS}
    with open(os.path.join(HERE, "golden", "playthroughs.json"), "w") as f:
        json.dump(out, f, indent=0, sort_keys=True)
