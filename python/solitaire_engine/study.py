"""Winnability studies that survive a weekend: results kept in SQLite as they finish.

One row per (game, options, deal, limits): the verdict, the winning line, positions,
seconds, peak table memory, the engine version and when it finished. Every result is
committed the moment it arrives, so a study that is killed (even ``kill -9``) and started
again loses no finished deal and solves none twice. A deal already decided (solved or
proved unsolvable) at any limits is never solved again; one left unknown is solved again
only under more generous limits than every earlier try.
"""
from __future__ import annotations

import importlib
import json
import math
import sqlite3
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Optional, TextIO, Union, cast

from . import __version__
from .dealing import check_game_number
from .errors import OptionError, brief
from .game import Game, load_game
from .solving import (
    DEFAULT_MAX_POSITIONS,
    DEFAULT_MEMORY_MB,
    DEFAULT_TIME_LIMIT,
    MAX_WORKERS,
    SolveResult,
    check_max_positions,
    check_memory_mb,
    check_one_player,
    check_time_limit,
    solve_deals,
    wilson,
)

SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    game TEXT NOT NULL,
    options TEXT NOT NULL,             -- the options as canonical JSON
    deal INTEGER NOT NULL,
    time_limit REAL NOT NULL,          -- seconds; Inf: none
    memory_mb REAL NOT NULL,           -- Inf: none
    max_positions REAL NOT NULL,       -- Inf: none
    status TEXT NOT NULL CHECK (status IN ('solved', 'unsolvable', 'unknown')),
    line TEXT NOT NULL,                -- the winning moves, space separated
    positions INTEGER NOT NULL,
    seconds REAL NOT NULL,
    peak_mb REAL NOT NULL,
    stopped_by TEXT,                   -- the limit that stopped an unknown
    engine_version TEXT NOT NULL,
    finished_at TEXT NOT NULL,         -- UTC, ISO 8601
    PRIMARY KEY (game, options, deal, time_limit, memory_mb, max_positions)
);
"""
BATCH = 1000  # deal numbers looked up in the database at a time

Limits = tuple[float, float, float]  # time_limit, memory_mb, max_positions; inf for none


def _limit(value: Optional[float]) -> float:
    return math.inf if value is None else float(value)


def open_db(path: Union[str, Path]) -> sqlite3.Connection:
    """The study database at ``path``, created if new. WAL journal: a committed result
    survives the process being killed."""
    try:
        db = sqlite3.connect(str(path), timeout=30, isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.executescript(SCHEMA)
    except sqlite3.DatabaseError as e:
        raise OptionError(f"{path}: not a study database ({e})") from None
    return db


def options_key(game: Game) -> str:
    return json.dumps(game.options, sort_keys=True)


def _settled(db: sqlite3.Connection, game: Game, deals: list[int], limits: Limits,
             retry_unknown: bool = False) -> set[int]:
    """The deals that need no solving under ``limits``: decided at any limits, or (unless
    ``retry_unknown``) unknown under limits at least as generous in every respect."""
    marks = ",".join("?" * len(deals))
    retry = 1 if retry_unknown else 0
    rows = db.execute(
        f"SELECT DISTINCT deal FROM results WHERE game = ? AND options = ? AND deal IN ({marks}) AND "
        "(status != 'unknown' OR (? = 0 AND time_limit >= ? AND memory_mb >= ? AND max_positions >= ?))",
        (game.name, options_key(game), *deals, retry, *limits))
    return {r[0] for r in rows}


def _record(db: sqlite3.Connection, game: Game, n: int, limits: Limits, r: SolveResult) -> None:
    db.execute(
        "INSERT OR REPLACE INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (game.name, options_key(game), n, *limits, r.status, " ".join(map(str, r.moves)), r.positions,
         r.seconds, r.peak_table_mb, r.stopped_by, __version__,
         time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())))


def percent(share: float) -> str:
    """A share as a percentage with the digits that matter near 0% and 100%: 0.02%, 16.0%,
    99.96%, 100%."""
    if share in (0.0, 1.0):
        return f"{100 * share:.0f}%"
    return f"{100 * share:.2f}%" if share < 0.01 or share >= 0.995 else f"{100 * share:.1f}%"


@dataclass(frozen=True)
class StudySummary:
    """One game with its options, over the deals of a study: each deal counts once, with its
    best verdict (decided beats unknown). ``low``..``high`` is a 95% Wilson interval on the
    win rate with the unknowns counted as losses for ``low`` and as wins for ``high``."""

    game: str
    options: dict[str, Any]
    deals: int
    solved: int
    unsolvable: int
    unknown: int
    low: float
    high: float
    median_seconds: Optional[float]  # solve times of the decided deals
    p90_seconds: Optional[float]
    p99_seconds: Optional[float]
    time_limit: Optional[float]  # the most generous time limit an unknown deal was tried with

    @property
    def unknown_share(self) -> float:
        """The share of deals left unknown at the limits used (0 to 1)."""
        return self.unknown / self.deals if self.deals else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The fields as a dict (what ``solitaire report --json`` prints)."""
        return asdict(self)

    def __str__(self) -> str:
        times = ("" if self.median_seconds is None else
                 f"; decided in {self.median_seconds:.2g} s median, {self.p99_seconds:.3g} s at the 99th percentile")
        return (f"{label(self.game, self.options)}: {self.deals} deals, {self.solved} solved, {self.unsolvable} unsolvable, "
                f"{self.unknown} unknown ({percent(self.unknown_share)}); win rate {percent(self.low)}.."
                f"{percent(self.high)} (95%){times}")


def _percentile(sorted_values: list[float], q: float) -> Optional[float]:
    if not sorted_values:
        return None
    k = min(len(sorted_values) - 1, max(0, math.ceil(q * len(sorted_values)) - 1))  # nearest rank
    return sorted_values[k]


def summaries(db: sqlite3.Connection, only: Optional[tuple[str, str, set[int]]] = None) -> list[StudySummary]:
    """Per game and options in the database (or only ``(game, options_key, deals)``)."""
    where, args = "", cast(tuple[str, ...], ())
    if only is not None:
        where, args = "WHERE game = ? AND options = ?", (only[0], only[1])
    best: dict[tuple[str, str], dict[int, tuple[str, float, float]]] = {}
    rank = {"solved": 2, "unsolvable": 2, "unknown": 0}
    for game, options, deal, status, seconds, time_limit in db.execute(
            f"SELECT game, options, deal, status, seconds, time_limit FROM results {where}", args):
        if only is not None and deal not in only[2]:
            continue
        per = best.setdefault((game, options), {})
        old = per.get(deal)
        if old is None or rank[status] > rank[old[0]] or (status == old[0] == "unknown" and time_limit > old[2]):
            per[deal] = (status, seconds, time_limit)
    out = []
    for (game, options), per in sorted(best.items()):
        counts = {"solved": 0, "unsolvable": 0, "unknown": 0}
        for status, _, _ in per.values():
            counts[status] += 1
        n = len(per)
        times = sorted(s for status, s, _ in per.values() if status != "unknown")
        unknown_limits = [t for status, _, t in per.values() if status == "unknown"]
        limit = max(unknown_limits) if unknown_limits else None
        out.append(StudySummary(
            game, json.loads(options), n, counts["solved"], counts["unsolvable"], counts["unknown"],
            wilson(counts["solved"], n)[0], wilson(counts["solved"] + counts["unknown"], n)[1],
            _percentile(times, 0.5), _percentile(times, 0.9), _percentile(times, 0.99),
            None if limit is None or math.isinf(limit) else limit))
    return out


class Progress:
    """Deals done, verdicts so far, rate and time left: a bar on a terminal (tqdm), a plain
    line every ``every`` seconds otherwise."""

    def __init__(self, total: int, skipped: int, enabled: bool, out: TextIO = sys.stderr,
                 every: float = 10.0) -> None:
        self.total, self.out, self.every = total, out, every
        self.counts = {"solved": 0, "unsolvable": 0, "unknown": 0}
        self.done = 0
        self.t0 = self.last = time.monotonic()
        self.bar: Any = None
        self.enabled = enabled
        if enabled and skipped:
            print(f"{skipped} of {total + skipped} deals already in the database", file=out, flush=True)
        if enabled and out.isatty():
            from tqdm import tqdm

            self.bar = tqdm(total=total, unit="deal", file=out, dynamic_ncols=True)

    def add(self, status: str) -> None:
        self.counts[status] += 1
        self.done += 1
        text = ", ".join(f"{v} {k}" for k, v in self.counts.items())
        if self.bar is not None:
            self.bar.set_postfix_str(text, refresh=False)
            self.bar.update(1)
            return
        now = time.monotonic()
        if self.enabled and (now - self.last >= self.every or self.done == self.total):
            self.last = now
            rate = self.done / max(now - self.t0, 1e-9)
            left = (self.total - self.done) / rate if rate else math.inf
            print(f"{self.done}/{self.total} deals: {text}; {rate:.2f} deals/s, about {_duration(left)} left",
                  file=self.out, flush=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _duration(seconds: float) -> str:
    if math.isinf(seconds):
        return "?"
    seconds = int(seconds)
    return f"{seconds // 3600}h{seconds // 60 % 60:02d}m" if seconds >= 3600 else f"{seconds // 60}m{seconds % 60:02d}s"


def _batches(numbers: Iterable[int]) -> Iterator[list[int]]:
    batch: list[int] = []
    for n in numbers:
        batch.append(check_game_number(n))
        if len(batch) == BATCH:
            yield batch
            batch = []
    if batch:
        yield batch


CLUSTER_BATCH = 20  # deals per task sent to a cluster worker


def _solve_batch(name: str, options: dict[str, Any], numbers: list[int], time_limit: Optional[float],
                 memory_mb: Optional[float], max_positions: Optional[int]) -> list[tuple[int, SolveResult]]:
    """What a cluster worker runs: a batch of deals, one after another."""
    from .solving import solve

    game = load_game(name, **options)
    return [(n, solve(game.deal(n), time_limit, memory_mb, max_positions)) for n in numbers]


def _on_cluster(game: Game, numbers: list[int], time_limit: Optional[float], memory_mb: Optional[float],
                max_positions: Optional[int], cluster: str) -> Iterator[tuple[int, SolveResult]]:
    """Solves the deals on a Dask cluster, batches of deal numbers per task, and yields the
    results as they come back. ``cluster`` is a scheduler address (``tcp://host:8786``) or
    ``local:N`` for N worker processes on this machine."""
    try:  # an optional extra, and not typed: used as Any
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise OptionError("--cluster needs Dask: pip install 'solitaire-engine[cluster]'") from None
    local = None
    if cluster.startswith("local:"):
        count = cluster.partition(":")[2]
        if not count.isdigit() or not 1 <= int(count) <= MAX_WORKERS:
            raise OptionError(f"local:N takes N from 1 to {MAX_WORKERS} worker processes, got {brief(cluster)}")
        local = distributed.LocalCluster(n_workers=int(count), threads_per_worker=1, processes=True, dashboard_address=None)
        client = distributed.Client(local)
    else:
        try:
            client = distributed.Client(cluster, timeout=20)
        except (OSError, ValueError, TypeError) as e:
            raise OptionError(f"cannot reach the Dask scheduler at {brief(cluster)}: {e}") from None
    futures = []
    try:
        for start in range(0, len(numbers), CLUSTER_BATCH):
            futures.append(client.submit(_solve_batch, game.name, dict(game.options),
                                         numbers[start:start + CLUSTER_BATCH], time_limit, memory_mb,
                                         max_positions, pure=False))
        for future in distributed.as_completed(futures):
            yield from future.result()
    finally:
        client.cancel(futures)
        client.close()
        if local is not None:
            local.close()


def study(
    game: Union[Game, str],
    deals: Iterable[int],
    db: Union[str, Path],
    time_limit: Optional[float] = DEFAULT_TIME_LIMIT,
    memory_mb: Optional[float] = DEFAULT_MEMORY_MB,
    max_positions: Optional[int] = DEFAULT_MAX_POSITIONS,
    jobs: int = 1,
    progress: bool = True,
    on_result: Optional[Callable[[int, SolveResult], None]] = None,
    cluster: Optional[str] = None,
    retry_unknown: bool = False,
) -> StudySummary:
    """Solves every deal of ``deals`` not yet settled in the database ``db`` (a path; created
    if new), writing each result as it finishes; returns the summary over ``deals``.
    ``jobs`` threads solve side by side; or, with ``cluster`` (a Dask scheduler address, or
    ``"local:N"`` for N processes here), the cluster's workers do, and the results are
    written here as they come back. Ctrl-C stops within a second and keeps what finished;
    running the same study again carries on where it stopped. ``retry_unknown`` solves the
    deals left unknown again even under the limits they were tried with (after the solver
    has improved)."""
    game = load_game(game) if isinstance(game, str) else game
    if not isinstance(game, Game):
        raise OptionError(f"study needs a game, got {brief(game)}")
    check_one_player(game)
    limits = (_limit(check_time_limit(time_limit)), _limit(check_memory_mb(memory_mb)),
              _limit(check_max_positions(max_positions)))
    if isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= MAX_WORKERS:
        raise OptionError(f"jobs must be from 1 to {MAX_WORKERS}, got {brief(jobs)}")
    if not isinstance(retry_unknown, bool):
        raise OptionError(f"retry_unknown must be True or False, got {brief(retry_unknown)}")
    if isinstance(deals, (str, bytes)):
        raise OptionError(f"deals are game numbers, e.g. range(1, 101), got {brief(deals)}")
    numbers = [n for batch in _batches(deals) for n in batch]
    connection = open_db(db)
    try:
        todo: list[int] = []
        for start in range(0, len(numbers), BATCH):
            batch = numbers[start:start + BATCH]
            settled = _settled(connection, game, batch, limits, retry_unknown)
            todo += [n for n in batch if n not in settled]
        bar = Progress(len(todo), len(numbers) - len(todo), progress)
        try:
            results = (solve_deals(game, todo, time_limit, memory_mb, max_positions, jobs, ordered=False)
                       if cluster is None
                       else _on_cluster(game, todo, time_limit, memory_mb, max_positions, cluster))
            for n, result in results:
                _record(connection, game, n, limits, result)
                bar.add(result.status)
                if on_result is not None:
                    on_result(n, result)
        finally:
            bar.close()
        (summary,) = summaries(connection, (game.name, options_key(game), set(numbers))) or [
            StudySummary(game.name, dict(game.options), 0, 0, 0, 0, 0.0, 1.0, None, None, None, None)]
        return summary
    finally:
        connection.close()


def solve_times(db: Union[str, Path]) -> dict[str, list[float]]:
    """Seconds each decided deal took, by "game options" label (the best verdict per deal)."""
    connection = open_db(db)
    try:
        best: dict[tuple[str, str, int], float] = {}
        for game, options, deal, seconds in connection.execute(
                "SELECT game, options, deal, seconds FROM results WHERE status != 'unknown'"):
            key = (game, options, deal)
            best[key] = min(seconds, best.get(key, math.inf))
    finally:
        connection.close()
    out: dict[str, list[float]] = {}
    for (game, options, _), seconds in sorted(best.items()):
        out.setdefault(label(game, json.loads(options)), []).append(seconds)
    return out


def label(game: str, options: dict[str, Any]) -> str:
    """``aces-and-kings empty_tableau=stock``: a game with the options it was studied with."""
    return game + "".join(f" {k}={v}" for k, v in options.items())


def report(db: Union[str, Path]) -> list[StudySummary]:
    """The summaries of every game and options in the study database ``db``."""
    if not Path(db).is_file():
        raise OptionError(f"no study database at {db}")
    connection = open_db(db)
    try:
        return summaries(connection)
    finally:
        connection.close()
