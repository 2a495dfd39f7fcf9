"""Many deals on worker threads: a slow deal never leaves the other workers idle, results
come out in order for winnability and as they finish for a study."""
import sqlite3
import threading
import time

import pytest

import solitaire_engine as se
from solitaire_engine import solving

DEALS = list(range(1, 41))


@pytest.fixture
def slow_first_deal(monkeypatch):
    """Deal 1 does not finish until every other deal has started and, if the test sets
    ``until``, until that holds too (or 20 s have passed): with two workers that happens
    only if the second worker goes on past it alone."""
    real_solve = solving.solve
    started, lock = set(), threading.Lock()
    everyone_started = threading.Event()
    seen = {}

    def solve(state, *args):
        with lock:
            started.add(state.number)
            if started == set(DEALS):
                everyone_started.set()
        if state.number == 1:
            deadline = time.monotonic() + 20
            ok = everyone_started.wait(timeout=20)
            until = seen.get("until")
            while ok and until is not None and not until():
                ok = time.monotonic() < deadline
                time.sleep(0.01)
            seen["others went on while deal 1 ran"] = ok
        return real_solve(state, None, None, 2_000)

    monkeypatch.setattr(solving, "solve", solve)
    return seen


def test_a_slow_deal_does_not_hold_up_the_other_worker(slow_first_deal):
    order = []
    w = se.winnability(se.load_game("deuces-and-queens"), DEALS, workers=2,
                       on_result=lambda n, r: order.append(n))
    assert slow_first_deal["others went on while deal 1 ran"]
    assert order == DEALS  # still reported in the order asked
    assert w.deals == len(DEALS)


def test_unordered_results_come_as_they_finish(slow_first_deal):
    game = se.load_game("deuces-and-queens")
    order = []
    slow_first_deal["until"] = lambda: len(order) == len(DEALS) - 1  # the others, yielded
    for n, _ in solving.solve_deals(game, DEALS, None, None, 2_000, 2, ordered=False):
        order.append(n)
    assert slow_first_deal["others went on while deal 1 ran"]
    assert sorted(order) == DEALS
    assert order[-1] == 1  # the slow deal, last: nothing waited behind it


def test_a_study_records_deals_finished_behind_a_slow_one(slow_first_deal, tmp_path):
    db = tmp_path / "study.sqlite"

    def recorded():
        try:
            with sqlite3.connect(db) as connection:
                return [n for (n,) in connection.execute("SELECT deal FROM results ORDER BY rowid")]
        except sqlite3.OperationalError:  # not created yet
            return []

    slow_first_deal["until"] = lambda: len(recorded()) == len(DEALS) - 1  # the others, written
    summary = se.study(se.load_game("deuces-and-queens"), DEALS, db=db, max_positions=2_000, jobs=2)
    assert slow_first_deal["others went on while deal 1 ran"]
    assert summary.deals == len(DEALS)
    assert sorted(recorded()) == DEALS and recorded()[-1] == 1  # each written as it finished
