"""The solver's limits are the ones a user thinks in (seconds, megabytes, positions); any
limit reached gives "unknown" with the limit named, and a verdict does not depend on them."""
import json
import os
import subprocess
import sys
import textwrap

import pytest

import solitaire_engine as se

LONG = ("aces-and-kings", 39)  # undecided after minutes of search


def _long():
    return se.load_game(LONG[0]).deal(LONG[1])


def test_time_limit_stops_the_search_on_time():
    r = _long().solve(time_limit=0.5)
    assert (r.status, r.stopped_by, r.moves) == ("unknown", "time", [])
    assert 0.5 <= r.seconds < 0.7
    assert r.positions > 10_000 and r.peak_table_mb > 0


def test_position_limit_is_exact_and_named():
    r = _long().solve(max_positions=50_000, time_limit=None)
    assert (r.status, r.stopped_by, r.positions) == ("unknown", "positions", 50_000)


def test_memory_limit_caps_the_tables():
    r = _long().solve(memory_mb=8, time_limit=60)
    assert (r.status, r.stopped_by) == ("unknown", "memory")
    assert 4 < r.peak_table_mb <= 8


def test_memory_limit_holds_for_the_whole_process():
    # Peak RSS grows by no more than the cap (plus 10%) however long the search runs. No
    # time limit: the memory cap must be what stops it, however slow the build (under the
    # sanitizers the 48 MB take about a minute; the search order does not depend on speed).
    script = textwrap.dedent("""
        import json, resource, solitaire_engine as se
        state = se.load_game("aces-and-kings").deal(39)
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        r = state.solve(memory_mb=48, time_limit=None)
        after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        print(json.dumps([r.status, r.stopped_by, (after - before) / 1024, r.peak_table_mb]))
    """)
    # Under AddressSanitizer, freed blocks wait in its quarantine (up to 256 MB) and count in
    # the RSS: that is the sanitizer's memory, not the solver's, so the quarantine is off here.
    asan = ":".join(filter(None, [os.environ.get("ASAN_OPTIONS"), "quarantine_size_mb=0"]))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=600,
                          env={**os.environ, "ASAN_OPTIONS": asan})
    assert done.returncode == 0, done.stderr
    status, stopped_by, grown_mb, table_mb = json.loads(done.stdout)
    assert (status, stopped_by) == ("unknown", "memory")
    assert 30 < table_mb <= 48 and grown_mb <= 48 * 1.1


def test_a_verdict_does_not_depend_on_the_limits():
    game = se.load_game("aces-and-kings")
    small = game.deal(1).solve(max_positions=300_000, time_limit=None)
    large = game.deal(1).solve(max_positions=30_000_000, time_limit=None)
    assert small.status == "solved"
    assert (large.status, large.moves, large.positions) == (small.status, small.moves, small.positions)


def test_solve_result_reports_its_costs():
    r = se.load_game("klondike").deal(1).solve()
    assert r.status == "solved" and r.stopped_by is None
    assert r.positions > 0 and r.seconds >= 0 and r.peak_table_mb > 0


@pytest.mark.parametrize("bad", [
    dict(time_limit=0), dict(time_limit=-1), dict(time_limit=float("nan")), dict(time_limit=float("inf")),
    dict(time_limit=True), dict(time_limit="10"), dict(time_limit=1e7),
    dict(memory_mb=0), dict(memory_mb=-3), dict(memory_mb=2**21), dict(memory_mb=True), dict(memory_mb="1G"),
    dict(max_positions=0), dict(max_positions=True), dict(max_positions=2.5), dict(max_positions=10**13),
])
def test_absurd_limits_are_refused(bad):
    state = se.load_game("klondike").deal(1)
    with pytest.raises(se.OptionError):
        state.solve(**bad)
    with pytest.raises(se.OptionError):
        se.winnability(se.load_game("klondike"), [1], **bad)


def test_no_limits_at_all_is_allowed_and_interruptible_by_the_caller():
    # Every limit None: the search runs until it decides (a small deal decides quickly).
    r = se.load_game("klondike").deal(1).solve(time_limit=None, memory_mb=None, max_positions=None)
    assert r.status == "solved" and r.stopped_by is None


def _deep(n=100_000):
    v: list = []
    for _ in range(n):
        v = [v]
    return v


@pytest.mark.parametrize("bad", [dict(time_limit=_deep()), dict(memory_mb=_deep()), dict(max_positions=_deep()),
                                 dict(time_limit=10**5000), dict(memory_mb=-10**5000)])
def test_limits_of_any_shape_are_refused_cleanly(bad):
    with pytest.raises(se.OptionError):
        se.load_game("klondike").deal(1).solve(**bad)


@pytest.mark.parametrize("numbers", [5, "1-5", None, _deep(1000)])
def test_winnability_wants_an_iterable_of_numbers(numbers):
    with pytest.raises(se.SolitaireError):
        se.winnability(se.load_game("klondike"), numbers, max_positions=100)


def test_winnability_workers_of_any_shape_are_refused_cleanly():
    with pytest.raises(se.OptionError):
        se.winnability(se.load_game("klondike"), [1], workers=_deep())
