"""Study throughput: deals a second into a SQLite database with one job and with two, in
the same run (the solver runs without the GIL, so two jobs should near double it on two
cores)."""
import pytest

import solitaire_engine as se

DEALS = range(1, 61)


@pytest.mark.benchmark(group="study")
@pytest.mark.parametrize("jobs", [1, 2])
def test_study_throughput(benchmark, record, tmp_path, jobs):
    runs = iter(range(1000))

    def run():
        # A fresh database each round: every deal is solved, none skipped.
        se.study("trigon", DEALS, tmp_path / f"b{next(runs)}.sqlite", time_limit=None, max_positions=200_000,
                 jobs=jobs, progress=False)

    benchmark.pedantic(run, rounds=3, iterations=1)
    record("trigon", f"study deals/s, jobs={jobs}", len(DEALS) / benchmark.stats.stats.mean, "deals/s")
