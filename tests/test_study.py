"""Studies in SQLite: results kept as they finish, resumed after a kill, re-solved only
when the limits grow, reported as text, JSON, CSV and a picture."""
import json
import os
import signal
import sqlite3
import subprocess
import time

import pexpect
import pytest

import solitaire_engine as se
from solitaire_engine.study import report
from test_cli import SOLITAIRE

# A position cap keeps verdicts the same from run to run (a time limit would not).
LIMITS = {"time_limit": None, "memory_mb": 256}


def rows(db):
    with sqlite3.connect(db) as c:
        return c.execute("SELECT deal, status, positions, finished_at, time_limit, max_positions "
                         "FROM results ORDER BY deal").fetchall()


def test_a_study_keeps_every_result_and_agrees_with_winnability(tmp_path):
    db = tmp_path / "s.sqlite"
    summary = se.study("deuces-and-queens", range(1, 21), db, max_positions=20_000, jobs=2, progress=False,
                       **LIMITS)
    w = se.winnability(se.load_game("deuces-and-queens"), range(1, 21), max_positions=20_000, workers=2, **LIMITS)
    assert (summary.solved, summary.unsolvable, summary.unknown) == (w.solved, w.unsolvable, w.unknown)
    assert summary.unknown > 0 and summary.solved > 0  # both kinds, for the tests below
    assert (summary.low, summary.high) == pytest.approx((w.low, w.high))
    stored = rows(db)
    assert [r[0] for r in stored] == list(range(1, 21))
    with sqlite3.connect(db) as c:
        line, = c.execute("SELECT line FROM results WHERE status = 'solved' LIMIT 1").fetchone()
        deal, = c.execute("SELECT deal FROM results WHERE line = ?", (line,)).fetchone()
        version, = c.execute("SELECT DISTINCT engine_version FROM results").fetchone()
    state = se.load_game("deuces-and-queens").deal(deal)
    for move in line.split():  # the stored line replays to a win
        state.play(move)
    assert state.is_won() and version == se.__version__


def test_running_again_solves_nothing_twice_and_more_generous_limits_only_the_unknowns(tmp_path):
    db = tmp_path / "s.sqlite"
    first = []
    se.study("deuces-and-queens", range(1, 21), db, max_positions=20_000, progress=False,
             on_result=lambda n, r: first.append((n, r.status)), **LIMITS)
    again = []
    se.study("deuces-and-queens", range(1, 21), db, max_positions=20_000, progress=False,
             on_result=lambda n, r: again.append(n), **LIMITS)
    assert again == []
    unknown = [n for n, s in first if s == "unknown"]
    tighter = []
    se.study("deuces-and-queens", range(1, 21), db, max_positions=5_000, progress=False,
             on_result=lambda n, r: tighter.append(n), **LIMITS)
    assert tighter == []  # unknown at 20,000 positions: no point trying 5,000
    retried = []  # after the solver improved: the unknowns again, at the same limits
    se.study("deuces-and-queens", range(1, 21), db, max_positions=20_000, progress=False, retry_unknown=True,
             on_result=lambda n, r: retried.append(n), **LIMITS)
    assert retried == unknown
    before = rows(db)
    time.sleep(1.1)  # finish times are kept to the second
    subprocess.run([SOLITAIRE, "study", "deuces-and-queens", "--deals", "1-20", "--max-positions", "20000",
                    "--time", "none", "--memory", "256", "--jobs", "1", "-q", "--retry-unknown",
                    "--db", str(db)], check=True, capture_output=True)
    changed = [a[0] for a, b in zip(before, rows(db)) if a != b]
    assert changed == unknown  # a new finish time on each unknown row, no other row touched
    with pytest.raises(se.OptionError):
        se.study("deuces-and-queens", range(1, 3), db, retry_unknown="yes")
    more = []
    summary = se.study("deuces-and-queens", range(1, 26), db, max_positions=2_000_000, progress=False,
                       on_result=lambda n, r: more.append(n), **LIMITS)
    assert more == unknown + list(range(21, 26))
    assert summary.deals == 25 and summary.unknown < len(unknown)
    # The report counts each deal once, with its best verdict.
    (whole,) = report(db)
    assert (whole.deals, whole.solved, whole.unsolvable, whole.unknown) == (
        summary.deals, summary.solved, summary.unsolvable, summary.unknown)


def _start(db, deals="1-400", time_limit="0.3"):
    return subprocess.Popen([SOLITAIRE, "study", "deuces-and-queens", "--deals", deals, "--time", time_limit,
                             "--jobs", "2", "--db", str(db)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _wait_for_rows(db, count, proc, timeout=60):
    end = time.time() + timeout
    while time.time() < end:
        if os.path.exists(db):
            try:
                if len(rows(db)) >= count:
                    return
            except sqlite3.OperationalError:  # the table is being created
                pass
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.05)
    raise AssertionError("the study wrote too few rows")


def test_kill_9_loses_no_finished_deal_and_the_rerun_solves_none_twice(tmp_path):
    db = tmp_path / "k.sqlite"
    proc = _start(db, "1-60", "0.3")
    _wait_for_rows(db, 10, proc)
    proc.kill()  # SIGKILL: no chance to clean up
    proc.wait()
    before = {r[0]: r for r in rows(db)}
    assert len(before) >= 10
    out = subprocess.run([SOLITAIRE, "study", "deuces-and-queens", "--deals", "1-60", "--time", "0.3", "--jobs",
                          "2", "--db", str(db)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert f"{len(before)} of 60 deals already in the database" in out.stderr
    after = {r[0]: r for r in rows(db)}
    assert sorted(after) == list(range(1, 61))  # every deal once (the key forbids twice)
    assert all(after[n] == before[n] for n in before)  # finished deals untouched


def test_ctrl_c_stops_within_a_second_and_keeps_what_finished(tmp_path):
    db = tmp_path / "c.sqlite"
    proc = _start(db, "1-400", "0.5")
    _wait_for_rows(db, 4, proc)
    t = time.time()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert time.time() - t < 1.5
    assert proc.returncode == 130 and "finished deals are kept" in err and "Traceback" not in err
    kept = rows(db)
    assert 4 <= len(kept) < 400 and len({r[0] for r in kept}) == len(kept)


def test_progress_is_a_bar_on_a_terminal_and_lines_otherwise(tmp_path):
    child = pexpect.spawn(SOLITAIRE, ["study", "trigon", "--deals", "1-30", "--time", "1", "--jobs", "1",
                                      "--db", str(tmp_path / "p.sqlite")], encoding="utf-8", timeout=120)
    child.expect(pexpect.EOF)
    text = child.before
    assert "30/30" in text and "deal/s" in text and "solved" in text  # tqdm's bar, with the counts
    out = subprocess.run([SOLITAIRE, "study", "trigon", "--deals", "31-40", "--time", "1", "--jobs", "1",
                          "--db", str(tmp_path / "p.sqlite")], capture_output=True, text=True, timeout=120)
    assert "10/10 deals:" in out.stderr and "deals/s" in out.stderr and "left" in out.stderr
    assert "\r" not in out.stderr  # plain lines, no bar


def test_report_as_text_json_csv_and_a_picture(tmp_path):
    db = tmp_path / "r.sqlite"
    se.study("trigon", range(1, 31), db, time_limit=2, progress=False)
    se.study("deuces-and-queens", range(1, 11), db, max_positions=20_000, progress=False, **LIMITS)
    text = subprocess.run([SOLITAIRE, "report", str(db)], capture_output=True, text=True, timeout=60).stdout
    assert "trigon foundation_takeback=True: 30 deals" in text and "deuces-and-queens: 10 deals" in text
    data = json.loads(subprocess.run([SOLITAIRE, "report", str(db), "--json"], capture_output=True, text=True,
                                     timeout=60).stdout)
    trigon = next(d for d in data if d["game"] == "trigon")
    assert trigon["solved"] + trigon["unsolvable"] + trigon["unknown"] == 30
    assert trigon["low"] <= trigon["solved"] / 30 <= trigon["high"]
    assert trigon["median_seconds"] <= trigon["p99_seconds"]
    csv = subprocess.run([SOLITAIRE, "report", str(db), "--csv"], capture_output=True, text=True,
                         timeout=60).stdout.splitlines()
    assert csv[0].startswith("game,options,deals,solved") and len(csv) == 3
    png = tmp_path / "r.png"
    out = subprocess.run([SOLITAIRE, "report", str(db), "--plot", str(png)], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    import matplotlib.image

    picture = matplotlib.image.imread(str(png))  # open what we drew
    height, width = picture.shape[:2]
    assert width > 1000 and height > 200
    assert picture[..., :3].std() > 0.05  # not a blank canvas
    # Every deal solved: the interval's high end is the rate itself, and still plots.
    every = tmp_path / "every.sqlite"
    summary = se.study(se.load_game("double-or-quits", kings="discard"), range(1, 6), every, progress=False)
    assert summary.solved == 5 and summary.high == 1.0
    out = subprocess.run([SOLITAIRE, "report", str(every), "--plot", str(png)], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr


@pytest.mark.parametrize("call, message", [
    (lambda db: se.study("double-trigon", [1], db, progress=False), "two-player"),
    (lambda db: se.study("trigon", [1], db, jobs=0, progress=False), "jobs"),
    (lambda db: se.study("trigon", "1-5", db, progress=False), "game numbers"),
    (lambda db: se.study("trigon", [0], db, progress=False), "game number"),
    (lambda db: se.study("trigon", [1], db, time_limit=-1, progress=False), "time_limit"),
])
def test_bad_study_arguments_are_refused_before_any_work(tmp_path, call, message):
    with pytest.raises(se.OptionError, match=message):
        call(tmp_path / "x.sqlite")


def test_a_file_that_is_not_a_study_database_is_refused(tmp_path):
    bad = tmp_path / "bad.sqlite"
    bad.write_text("not sqlite at all " * 100)
    with pytest.raises(se.OptionError, match="not a study database"):
        se.study("trigon", [1], bad, progress=False)
    out = subprocess.run([SOLITAIRE, "report", str(tmp_path / "missing.sqlite")], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 2 and "no study database" in out.stderr


def _table(db):
    with sqlite3.connect(db) as c:
        return c.execute("SELECT game, options, deal, status, line, positions FROM results ORDER BY deal").fetchall()


def test_a_local_dask_cluster_of_two_processes_writes_the_same_results(tmp_path):
    threads, cluster = tmp_path / "t.sqlite", tmp_path / "c.sqlite"
    se.study("deuces-and-queens", range(1, 41), threads, max_positions=20_000, progress=False, **LIMITS)
    summary = se.study("deuces-and-queens", range(1, 41), cluster, max_positions=20_000, progress=False,
                       cluster="local:2", **LIMITS)
    assert _table(cluster) == _table(threads) and summary.deals == 40


def test_a_study_reaches_a_scheduler_by_its_address(tmp_path):
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as lc:
        out = subprocess.run([SOLITAIRE, "study", "trigon", "--deals", "1-30", "--time", "2", "--db",
                              str(tmp_path / "a.sqlite"), "--cluster", lc.scheduler_address],
                             capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "trigon foundation_takeback=True: 30 deals" in out.stdout
    assert len(rows(tmp_path / "a.sqlite")) == 30


def test_an_unreachable_scheduler_is_a_clean_error(tmp_path):
    out = subprocess.run([SOLITAIRE, "study", "trigon", "--deals", "1-3", "--db", str(tmp_path / "u.sqlite"),
                          "--cluster", "tcp://127.0.0.1:9"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and "cannot reach the Dask scheduler" in out.stderr


def test_shares_keep_the_digits_that_matter():
    from solitaire_engine.study import percent
    assert [percent(x) for x in (0.0, 0.0002, 0.0128, 0.16, 0.99961, 1.0)] == [
        "0%", "0.02%", "1.3%", "16.0%", "99.96%", "100%"]
