"""Bot decisions per second in the two-player game, single core: each bot picks a move in
the same positions, taken along one game of greedy play."""
import random

import pytest

import solitaire_engine as se
from conftest import BOT_MEASURES
from solitaire_engine.match import bot_move, play_game

BOTS = {"random bot": "random", "greedy bot": "greedy", "search bot (1000 playouts)": "search:1000"}


def positions(count=20):
    """Positions of player 1 or 2 to move, along a greedy game of deal 1 (not the end)."""
    final = play_game(se.load_game("double-trigon"), 1, ("greedy", "greedy"))
    replay = se.load_game("double-trigon").deal(1)
    out = []
    for m in final.moves[: count]:
        out.append(replay.copy())
        replay.play(m)
    return out


@pytest.mark.benchmark(group="bots")
@pytest.mark.parametrize("measure", BOT_MEASURES)
def test_bot_decisions(benchmark, record, measure):
    bot = BOTS[measure]
    states = positions()

    def decide():
        rng = random.Random(1)
        for s in states:
            bot_move(bot, s, rng)

    rounds = 2 if bot.startswith("search") else 20
    benchmark.pedantic(decide, rounds=rounds, iterations=1)
    record("double-trigon", measure, len(states) / benchmark.stats.stats.mean, "moves/s")
