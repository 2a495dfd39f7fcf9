"""Solving deals, and measuring how winnable a game is.

``state.solve()`` searches every position reachable from ``state`` (depth first, best moves
first, remembering positions up to swapping interchangeable piles) and answers:

- ``"solved"``: ``result.moves`` replays from ``state`` to a win;
- ``"unsolvable"``: every reachable position was visited and none is won, or (with no
  search at all) ``result.stuck`` names cards that can never move, so never reach a
  foundation;
- ``"unknown"``: a limit came first (``result.stopped_by`` says which).

The limits are the ones a user thinks in: seconds of wall-clock time, megabytes for the
search's tables, and optionally a number of positions. Several move orders search in turn,
a slice of positions each, so a deal decided within some limits is decided the same way
within larger ones.

Positions are remembered by 128-bit keys, so an "unsolvable" verdict could only be wrong by
a key collision (odds far below one in 10**20 for searches this size).
"""
from __future__ import annotations

import collections
import collections.abc
import math
import time
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, Optional

from . import _core
from .cards import card_text
from .dealing import check_game_number
from .errors import OptionError, brief
from .move import Move

if TYPE_CHECKING:
    from .game import Game
    from .state import State

DEFAULT_TIME_LIMIT = 10.0  # seconds per deal
DEFAULT_MEMORY_MB = 1024  # per deal: the position tables
DEFAULT_MAX_POSITIONS: Optional[int] = None  # no limit on positions unless asked
MAX_TIME_LIMIT = 1e6  # seconds (11.6 days): more is surely a mistake
MAX_MEMORY_MB = 1 << 20  # 1 TiB
MAX_POSITIONS_LIMIT = 10**12
MAX_WORKERS = 256  # threads for winnability
# The tables get this share of memory_mb; the rest is room for the searches' move stacks.
_TABLE_SHARE = 15 / 16


@dataclass(frozen=True)
class SolveResult:
    """What ``state.solve()`` found, and what it cost."""

    status: str  # "solved", "unsolvable" or "unknown"
    moves: list[Move] = field(default_factory=list)
    positions: int = 0  # distinct positions expanded
    seconds: float = 0.0
    peak_table_mb: float = 0.0  # the most memory the position tables held at once
    stopped_by: Optional[str] = None  # "time", "memory" or "positions" when unknown
    # Unsolvable with no search at all: the cards that can never move (so never reach a
    # foundation), as (pile, card), each pile's from its highest such card down; where the
    # stock deals several cards, also the talon's cards that never leave it ("s" and "w").
    stuck: list[tuple[str, str]] = field(default_factory=list)
    # Unsolvable with no search, by a pinned card (seeds/solver.md, "Pinned cards"): the pile,
    # the card that can leave it only for its foundation, and a card waiting for that which
    # could then lie nowhere.
    pinned: Optional[tuple[str, str, str]] = None
    # Unsolvable with no search, by crowded holders (seeds/solver.md, "Crowded holders"): the
    # pile, the card that can never leave it, the cards that would each need a card of their
    # own to lie on by then, and the fewer cards that could hold them.
    crowded: Optional[tuple[str, str, tuple[str, ...], tuple[str, ...]]] = None
    # Unsolvable with no search, by a pinned pair (seeds/solver.md, "Pinned pairs"): two cards
    # that can each lie only on cards under one of the two, so the first to leave must go up.
    # For each: its pile, the card, a card that stops it leaving first, and whether that card
    # must be up before it and cannot be (True) or would wait and could lie nowhere (False).
    pinned_pair: Optional[tuple[tuple[str, str, str, bool], tuple[str, str, str, bool]]] = None
    # Unsolvable, proved in the same position of the game that deals one card at a time, where
    # this one deals several (seeds/solver.md, "Losses proved dealing one card at a time"):
    # every line of this game is a line of that one.
    single_deals: bool = False
    # Unsolvable, proved by a smaller game that cannot be won (seeds/solver.md, "A smaller game
    # with ghosts"): the cards it kept; every other card was a ghost, always up, never in the
    # way and always there to hold a card.
    smaller_game: tuple[str, ...] = ()

    @property
    def solved(self) -> bool:
        """True when ``moves`` replays to a win."""
        return self.status == "solved"


def _real(value: object, lo: float, hi: float) -> bool:
    # Compared before any float(): a 5000-digit int would overflow the conversion.
    return (not isinstance(value, bool) and isinstance(value, (int, float)) and lo <= value <= hi
            and math.isfinite(value))


def check_max_positions(n: object) -> Optional[int]:
    if n is None:
        return None
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_POSITIONS_LIMIT:
        raise OptionError(f"max_positions must be a whole number from 1 to {MAX_POSITIONS_LIMIT:,} "
                          f"(or None), got {brief(n)}")
    return n


def check_time_limit(t: object) -> Optional[float]:
    if t is None:
        return None
    if not _real(t, 0, MAX_TIME_LIMIT) or t == 0:
        raise OptionError(f"time_limit must be seconds, more than 0 and at most {MAX_TIME_LIMIT:g} "
                          f"(or None), got {brief(t)}")
    return float(t)  # type: ignore[arg-type]


def check_memory_mb(mb: object) -> Optional[float]:
    if mb is None:
        return None
    if not _real(mb, 1, MAX_MEMORY_MB):
        raise OptionError(f"memory_mb must be megabytes from 1 to {MAX_MEMORY_MB:,} (or None), got {brief(mb)}")
    return float(mb)  # type: ignore[arg-type]


def check_one_player(game: "Game") -> None:
    if game.players != 1:
        raise OptionError(f"{game.name} is a two-player game: the solver plays one-player games "
                          "(for two players see solitaire_engine.play_match)")


def solve(
    state: "State",
    time_limit: Optional[float] = DEFAULT_TIME_LIMIT,
    memory_mb: Optional[float] = DEFAULT_MEMORY_MB,
    max_positions: Optional[int] = DEFAULT_MAX_POSITIONS,
    _cancel: Optional[_core.CancelToken] = None,
) -> SolveResult:
    """Searches for a win from ``state`` within the limits (None: no such limit)."""
    check_one_player(state.game)
    seconds = check_time_limit(time_limit)
    mb = check_memory_mb(memory_mb)
    positions = check_max_positions(max_positions)
    r = state._core.solve(
        max_positions=positions or 0,
        seconds=seconds or 0.0,
        memory_bytes=int(mb * _TABLE_SHARE * (1 << 20)) if mb else 0,
        cancel=_cancel,
    )
    return SolveResult(
        r["status"],
        [state._move(c) for c in r["line"]],
        r["positions"],
        r["seconds"],
        r["peak_table_bytes"] / (1 << 20),
        r["stopped_by"] or None,
        _stuck_cards(state, r["stuck"]),
        _pinned(state, r["pinned"]),
        _crowded(state, r["crowded"], r["crowded_holders"]),
        _pinned_pair(state, r["pinned_pair"]),
        r["single_deals"],
        tuple(card_text(c) for c in r["smaller_game"]),
    )


def _stuck_cards(state: "State", stuck: list[tuple[int, int]]) -> list[tuple[str, str]]:
    if not stuck:
        return []
    names, piles = state.game.pile_names, state._core.piles()
    return [(names[p], card_text(piles[p][i])) for p, i in stuck]


def _pinned(state: "State", pinned: list[int]) -> Optional[tuple[str, str, str]]:
    if not pinned:
        return None
    pile, index, unplaced = pinned
    return (state.game.pile_names[pile], card_text(state._core.piles()[pile][index]), card_text(unplaced))


def _crowded(state: "State", crowded: list[int],
             holders: list[int]) -> Optional[tuple[str, str, tuple[str, ...], tuple[str, ...]]]:
    if not crowded:
        return None
    pile, index, *cards = crowded
    return (state.game.pile_names[pile], card_text(state._core.piles()[pile][index]),
            tuple(card_text(c) for c in cards), tuple(card_text(h) for h in holders))


def _pinned_pair(state: "State",
                 pair: list[int]) -> Optional[tuple[tuple[str, str, str, bool], tuple[str, str, str, bool]]]:
    if not pair:
        return None
    names, piles = state.game.pile_names, state._core.piles()

    def one(pile: int, index: int, blocker: int, needed_up: int) -> tuple[str, str, str, bool]:
        return (names[pile], card_text(piles[pile][index]), card_text(blocker), bool(needed_up))

    return (one(*pair[:4]), one(*pair[4:]))


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    # Exact at the ends: rounding would leave the high end of n out of n at 0.9999999999999999,
    # below the rate itself.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return (low, high)


@dataclass(frozen=True)
class Winnability:
    """How many deals were solved, proved unsolvable, or left unknown, and what that says
    about the game's win rate: ``low``..``high`` is a 95% interval that covers both sampling
    and the unknowns (counted as losses for ``low``, as wins for ``high``)."""

    game: str
    deals: int
    solved: int
    unsolvable: int
    unknown: int
    seconds: float
    low: float
    high: float

    def __str__(self) -> str:
        return (
            f"{self.game}: {self.deals} deals, {self.solved} solved, {self.unsolvable} unsolvable, "
            f"{self.unknown} unknown; win rate {100 * self.low:.1f}%..{100 * self.high:.1f}% (95%), "
            f"{self.seconds:.1f}s"
        )


def solve_deals(
    game: "Game",
    numbers: Iterable[int],
    time_limit: Optional[float],
    memory_mb: Optional[float],
    max_positions: Optional[int],
    workers: int,
    ordered: bool = True,
) -> Iterator[tuple[int, SolveResult]]:
    """Solves the deals on ``workers`` threads and yields ``(number, result)`` in the order
    of ``numbers`` (limits already checked), or as each finishes if not ``ordered``. Closing
    the generator early, or Ctrl-C while it waits, stops the running solves within
    milliseconds; queued ones never start."""
    cancel = _core.CancelToken()

    def solve_deal(n: int) -> SolveResult:
        return solve(game.deal(n), time_limit, memory_mb, max_positions, cancel)

    # Deals are dealt by the workers, a few at a time: a million-deal run holds a handful of
    # positions, not a million. Results come out in order, but a slow deal at the head does
    # not hold the other workers up: deals keep starting while fewer than `ahead` are
    # unfinished, and up to `kept` finished ones wait for their turn (in order only: a study
    # records each result as it finishes, so a kill loses none).
    ahead, kept = 4 * workers, 256 * workers
    with ThreadPoolExecutor(max_workers=workers) as pool:
        pending: collections.deque[tuple[int, Future[SolveResult]]] = collections.deque()
        unfinished: set[Future[SolveResult]] = set()
        todo = iter(numbers)
        more = True
        try:
            while True:
                unfinished = {f for f in unfinished if not f.done()}
                while more and len(unfinished) < ahead and len(pending) < kept:
                    n = next(todo, None)
                    if n is None:
                        more = False
                        break
                    future = pool.submit(solve_deal, n)
                    pending.append((n, future))
                    unfinished.add(future)
                if not pending:
                    break
                if ordered:
                    done = [pending[0]] if pending[0][1].done() else []
                else:
                    done = [item for item in pending if item[1].done()]
                if done:
                    for item in done:
                        pending.remove(item)
                    for n, future in done:
                        yield n, future.result()
                    continue
                # A bounded wait keeps the main thread where Ctrl-C can reach it on every
                # platform.
                wait(unfinished, timeout=0.2, return_when=FIRST_COMPLETED)
        except BaseException:
            # Ctrl-C, a failing consumer, or the generator closed: the running solves stop
            # within milliseconds, the queued ones never start, and the pool's exit does not
            # wait for them.
            cancel.cancel()
            for _, f in pending:
                f.cancel()
            raise


def winnability(
    game: "Game",
    numbers: Iterable[int],
    time_limit: Optional[float] = DEFAULT_TIME_LIMIT,
    memory_mb: Optional[float] = DEFAULT_MEMORY_MB,
    max_positions: Optional[int] = DEFAULT_MAX_POSITIONS,
    workers: int = 1,
    on_result: Optional[Callable[[int, SolveResult], None]] = None,
) -> Winnability:
    """Solves each deal within the limits (each deal's own: with ``workers`` threads, up to
    ``workers * memory_mb`` at once); the threads share the work, as the solver runs
    without the GIL."""
    check_one_player(game)
    check_time_limit(time_limit)
    check_memory_mb(memory_mb)
    check_max_positions(max_positions)
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= MAX_WORKERS:
        raise OptionError(f"workers must be from 1 to {MAX_WORKERS}, got {brief(workers)}")
    if isinstance(numbers, (str, bytes)) or not isinstance(numbers, collections.abc.Iterable):
        raise OptionError(f"numbers must be game numbers, e.g. range(1, 101), got {brief(numbers)}")
    numbers = [check_game_number(n) for n in numbers]  # bad numbers fail here, before any work
    t = time.perf_counter()
    counts = {"solved": 0, "unsolvable": 0, "unknown": 0}
    for n, result in solve_deals(game, numbers, time_limit, memory_mb, max_positions, workers):
        counts[result.status] += 1
        if on_result is not None:
            on_result(n, result)
    total = len(numbers)
    low = wilson(counts["solved"], total)[0]
    high = wilson(counts["solved"] + counts["unknown"], total)[1]
    return Winnability(game.name, total, counts["solved"], counts["unsolvable"], counts["unknown"],
                       time.perf_counter() - t, low, high)
