"""The solver on Black Hole and Golf: its verdicts agree with the referee's exhaustive
search on small hand-cut positions, and whole deals get decided. In these games only the
top card and size of the pile everything goes to (Black Hole's f1, Golf's waste) matter,
and the solver's key looks at no more; these checks make sure that loses no position."""
import json
import random

import pytest

import referee
import solitaire_engine as se
from conftest import variant_id
from test_solver import _referee_verdict

VARIANTS = [("black-hole", {}), ("golf", {}), ("golf", {"kings": "dead"})]


RANKS = "A23456789TJQK"


def _next_ranks(game, rank):
    """Ranks a tableau card may have to go on `rank`, as the rules documents say."""
    i = RANKS.index(rank)
    if game.name == "black-hole":
        return [RANKS[(i + 1) % 13], RANKS[(i - 1) % 13]]
    if game.options["kings"] == "dead" and rank == "K":
        return []
    return [RANKS[j] for j in (i - 1, i + 1) if 0 <= j < 13]


def _endgame(game, rng):
    """A small endgame built forward from a winning line (so often won), then sometimes
    spoiled by swapping tableau cards (often dead): a few cards in the tableau and, in
    Golf, a few in the stock; every other card lies under the top of the pile everything
    goes to (Black Hole's f1, Golf's waste)."""
    free = [r + s for r in RANKS for s in "CDHS"]
    rng.shuffle(free)
    top = free.pop()
    played, dealt = [], []  # in the order the winning line plays / deals them
    current = top
    for _ in range(rng.randrange(3, 12)):
        if game.name == "golf" and rng.random() < 0.25:
            card = free.pop()
            dealt.append(card)
        else:
            fits = [c for c in free if c[0] in _next_ranks(game, current[0])]
            if not fits:
                break
            card = rng.choice(fits)
            free.remove(card)
            played.append(card)
        current = card
    pos = json.loads(game.deal(1).to_json())
    rows = [[] for _ in pos["tableau"]]
    cap = 3 if game.name == "black-hole" else 5
    for card in reversed(played):  # the first card played ends up on top of its row
        row = rng.choice([r for r in rows if len(r) < cap])
        row.append(card)
    cards = [(i, j) for i, r in enumerate(rows) for j in range(len(r))]
    for _ in range(rng.choice([0, 0, 1, 2, 3])):
        if len(cards) >= 2:
            (a, b), (c, d) = rng.sample(cards, 2)
            rows[a][b], rows[c][d] = rows[c][d], rows[a][b]
    pos["tableau"] = rows
    if game.name == "golf":
        pos["stock"] = dealt[::-1]  # the first card dealt is the stock's top (last)
        pos["waste"] = free + [top]
    else:
        pos["foundations"] = [free + [top]]
    return pos


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
def test_verdicts_agree_with_brute_force(variant):
    game = se.load_game(variant[0], **variant[1])
    rng = random.Random(variant_id(variant))
    decided = {"solved": 0, "unsolvable": 0}
    for _ in range(100):
        pos = _endgame(game, rng)
        truth = _referee_verdict(pos, 4000)
        if truth is None:
            continue
        result = game.from_json(pos).solve(max_positions=1_000_000)
        assert result.status == truth, pos
        if result.solved:
            replay = pos
            for m in result.moves:
                replay = referee.play(replay, str(m))
            assert referee.is_won(replay)
        decided[truth] += 1
    assert decided["solved"] >= 5 and decided["unsolvable"] >= 5, decided


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
def test_whole_deals_are_decided(variant):
    game = se.load_game(variant[0], **variant[1])
    statuses = [game.deal(n).solve(max_positions=5_000_000).status for n in range(1, 6)]
    assert "unknown" not in statuses and "solved" in statuses, statuses
