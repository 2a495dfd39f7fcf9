"""Solver throughput per game, single core: deals decided per second over a fixed set of
deals at a fixed time limit, and the positions expanded per second meanwhile.

Run: python -m pytest benchmarks/test_bench_solver.py --benchmark-only"""
import pytest

import solitaire_engine as se
from conftest import GAMES

DEALS = range(1, 11)
TIME_LIMIT = 1.0  # seconds per deal


@pytest.mark.benchmark(group="solver-deals")
@pytest.mark.parametrize("name", GAMES)
def test_solver_deals_decided(benchmark, record, name):
    """Deals 1-10 solved one after another (workers=1), each within TIME_LIMIT seconds."""
    game = se.load_game(name)
    results = []

    def run():
        results.clear()
        results.extend(game.deal(n).solve(time_limit=TIME_LIMIT) for n in DEALS)

    benchmark.pedantic(run, rounds=1, iterations=1)
    seconds = benchmark.stats.stats.mean
    decided = sum(r.status != "unknown" for r in results)
    record(name, "deals decided", decided / seconds, "deals/s")
    record(name, "solver positions", sum(r.positions for r in results) / seconds, "positions/s")
    benchmark.extra_info.update(decided=decided, deals=len(results),
                                unknown=sum(r.status == "unknown" for r in results))
