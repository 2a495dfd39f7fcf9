"""Benchmark helpers: each benchmark records a rate; the session ends with a table of
rates and of each engine rate's ratio to the pure-Python referee measured in the same run."""
import os
import random
import sys
from collections import defaultdict

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))

import solitaire_engine as se  # noqa: E402

GAMES = [
    "deuces-and-queens",
    "aces-and-kings",
    "acey-and-kingsley",
    "double-or-quits",
    "double-trigon-solo",
    "trigon",
    "klondike",
    "black-hole",
    "golf",
]

TWO_PLAYER_GAMES = ["double-trigon"]  # playouts and bots only: the solver is for one player

_RATES = defaultdict(dict)  # game -> {measure: (rate, unit)}
BOT_MEASURES = ["random bot", "greedy bot", "search bot (1000 playouts)"]


def mid_game(name, number=1, moves=40, seed=7):
    """A fixed position some way into a game: `moves` seeded random moves from deal `number`,
    avoiding dead ends (so every game has moves to generate)."""
    state = se.load_game(name).deal(number)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = state.legal_moves()
        if not legal:
            break
        state.play(rng.choice(legal))
        if not state.legal_moves():
            state.undo()
            break
    return state


@pytest.fixture
def record():
    def _record(game, measure, rate, unit):
        _RATES[game][measure] = (rate, unit)

    return _record


def pytest_terminal_summary(terminalreporter):
    if not _RATES:
        return
    tr = terminalreporter
    tr.section("solitaire-engine rates (single core)")
    measures = ["playout steps", "referee playout steps", "movegen", "perft", "solver", "py legal_moves",
                "py play+undo", "deals decided", "solver positions"]
    tr.write_line("| game | " + " | ".join(measures) + " | playout vs referee |")
    tr.write_line("|" + " --- |" * (len(measures) + 2))
    for game in GAMES + TWO_PLAYER_GAMES:
        row = _RATES.get(game, {})
        cells = []
        for m in measures:
            if m in row:
                rate, unit = row[m]
                cells.append(f"{rate:,.0f} {unit}" if rate >= 100 else f"{rate:.2f} {unit}")
            else:
                cells.append("-")
        ratio = "-"
        if "playout steps" in row and "referee playout steps" in row:
            ratio = f"{row['playout steps'][0] / row['referee playout steps'][0]:,.0f}x"
        tr.write_line(f"| {game} | " + " | ".join(cells) + f" | {ratio} |")
    for game, row in _RATES.items():  # whichever game test_bench_study.py runs
        one, two = row.get("study deals/s, jobs=1"), row.get("study deals/s, jobs=2")
        if one and two:
            tr.write_line("")
            tr.write_line(f"study ({game}, SQLite): jobs=1 {one[0]:.1f} deals/s, jobs=2 {two[0]:.1f} deals/s, "
                          f"{two[0] / one[0]:.2f}x")
    bots = {g: r for g, r in _RATES.items() if any(m in r for m in BOT_MEASURES)}
    if bots:
        tr.write_line("")
        tr.write_line("| game | " + " | ".join(f"{m} decisions" for m in BOT_MEASURES) + " |")
        tr.write_line("|" + " --- |" * (len(BOT_MEASURES) + 1))
        for game, row in bots.items():
            cells = [f"{row[m][0]:,.1f} {row[m][1]}" if m in row else "-" for m in BOT_MEASURES]
            tr.write_line(f"| {game} | " + " | ".join(cells) + " |")
