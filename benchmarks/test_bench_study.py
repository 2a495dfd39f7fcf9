"""Study throughput: deals a second into a SQLite database with one job and with two, in
the same run (the solver runs without the GIL, so two jobs should near double it on two
cores). Aces and Kings at 2,000,000 positions a deal: most deals take a few thousand, some
take the whole budget, as in a real study, where a slow deal must not idle the other job."""
import pytest

import solitaire_engine as se

GAME = "aces-and-kings"
DEALS = range(1, 31)


@pytest.mark.benchmark(group="study")
@pytest.mark.parametrize("jobs", [1, 2])
def test_study_throughput(benchmark, record, tmp_path, jobs):
    runs = iter(range(1000))

    def run():
        # A fresh database each round: every deal is solved, none skipped.
        se.study(GAME, DEALS, tmp_path / f"b{next(runs)}.sqlite", time_limit=None, max_positions=2_000_000,
                 jobs=jobs, progress=False)

    benchmark.pedantic(run, rounds=2, iterations=1)
    record(GAME, f"study deals/s, jobs={jobs}", len(DEALS) / benchmark.stats.stats.mean, "deals/s")
