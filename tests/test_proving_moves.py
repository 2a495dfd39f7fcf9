"""The depth-first searches that prove losses leave out moves whose use does not follow at
once (seeds/solver.md: a talon card put down, a card uncovered, a card taken back, a pile
emptied; a card that could come straight back goes up alone). Some win always survives: an exhaustive search over the solver's own moves, as
those searches play them, against a plain exhaustive search over the legal moves, on small
Klondike endgames full of such moves."""
import json
import random
from collections import Counter

import pytest

import solitaire_engine as se
from plain_search import plain_verdict


def _endgames(rng, count, game, down):
    """Won positions with 14 to 19 cards taken back, in shuffled order, onto the tableau
    (each card under a pile's top face down with chance `down`) or into the talon: small
    searches full of takebacks, runs that empty piles, and Kings to fill them."""
    out = []
    while len(out) < count:
        pos = json.loads(game.deal(1).to_json())
        pos["foundations"] = [[r + s for r in "A23456789TJQK"] for s in "CSHD"]
        pos["tableau"] = [[] for _ in pos["tableau"]]
        pos["stock"], pos["waste"], pos["redeals_left"] = [], [], -1
        taken = []
        for _ in range(rng.randrange(14, 20)):
            taken.append(rng.choice([f for f in pos["foundations"] if f]).pop())
        rng.shuffle(taken)
        for card in taken:
            pile = pos["stock"] if rng.random() < 0.3 else rng.choice(pos["tableau"])
            pile.append(card)
        for pile in pos["tableau"]:
            for j in range(len(pile) - 1):
                if rng.random() < down:
                    pile[j] = "#" + pile[j]
        out.append(pos)
    return out


def _solver_graph_verdict(game, pos, limit):
    """Exhaustive search over the solver's own moves (safe moves, macro moves over the talon,
    every move owed), as the depth-first searches of the whole game play them; positions
    told apart by their cards and what they owe. Also counts the positions owing each kind
    of move. None once more than `limit` positions are seen."""
    core = game.from_json(pos)._core
    core.set_cards_wait_for_use(True)

    def play(line):  # the plain moves a line of solver moves stands for, dealing included
        state = game.from_json(pos)
        for code, pad in line:
            while pad and len(state.pile("w")) != pad:
                state.play("s-w" if state.pile("s") else "w-s")
            assert state._core.play(code)
        return state

    seen, owing = set(), Counter()
    stack = [[]]
    while stack:
        line = stack.pop()
        state = play(line)
        if state.is_won():
            return "solved", owing
        owed, moves = core.solver_moves_after(line)
        key = (tuple(tuple(p) for p in state._core.piles()), tuple(sorted(owed)))
        if key in seen:
            continue
        seen.add(key)
        owing.update({kind for _, kind in owed})
        # One move where the best-first searches (state._core plays as they do) see more:
        # no safe move, but a card that could come straight back.
        if not owed and len(moves) == 1 and len(state._core.solver_moves()) > 1:
            owing["put up alone"] += 1
        if len(seen) > limit:
            return None, owing
        stack.extend(line + [m] for m in moves)
    return "unsolvable", owing


@pytest.mark.parametrize("draw, kinds", [
    (1, ("held", "uncovered", "taken back", "emptied", "put up alone")),
    (3, ("uncovered", "taken back", "emptied", "put up alone")),  # talon cards owe nothing
])
def test_the_proving_searches_moves_reach_a_win_wherever_one_exists(draw, kinds):
    """Every win the plain search finds, the solver's own moves reach too, and where they
    reach one there is one (where it ends within its limit); a hundred or more of the
    positions on the way owe each kind of move, or have a card put up alone. (Trigon builds
    in suit, so its foundation cards are always settled: never taken back.)"""
    game = se.load_game("klondike", draw=draw)
    verdicts, owing = Counter(), Counter()
    rng = random.Random(1)
    for pos in _endgames(rng, 20, game, down=0.0) + _endgames(rng, 20, game, down=0.3):
        truth = plain_verdict(game.from_json(pos)._core, limit=20000)
        if truth is None:
            continue
        verdict, owed = _solver_graph_verdict(game, pos, limit=3000)
        owing += owed
        if verdict is None:  # its debts make many more positions than the plain search's
            continue
        assert verdict == truth, pos
        verdicts[truth] += 1
    assert verdicts["solved"] >= 30, verdicts
    assert min(owing[kind] for kind in kinds) >= 100, owing
