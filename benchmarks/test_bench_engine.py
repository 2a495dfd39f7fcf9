"""Engine throughput, looped inside C++ (one call from Python each), per game.

Run: python -m pytest benchmarks/ --benchmark-only   (the table at the end gives rates and
the playout ratio against the pure-Python referee measured in the same run)."""
import json
import random

import pytest

import referee
import solitaire_engine as se
from conftest import GAMES, TWO_PLAYER_GAMES, mid_game

PLAYOUTS = 2000
MAX_STEPS = 500


@pytest.mark.benchmark(group="playout")
@pytest.mark.parametrize("name", GAMES + TWO_PLAYER_GAMES)
def test_playout_steps(benchmark, record, name):
    """Random playouts from the deal: uniformly random legal moves until none is left,
    the game is won or MAX_STEPS moves are made."""
    state = se.load_game(name).deal(1)
    games, steps, _ = state._core.random_playouts(PLAYOUTS, MAX_STEPS, 1)  # deterministic
    benchmark.pedantic(state._core.random_playouts, args=(PLAYOUTS, MAX_STEPS, 1), rounds=5, iterations=1)
    record(name, "playout steps", steps / benchmark.stats.stats.mean, "steps/s")
    benchmark.extra_info["steps_per_call"] = steps


@pytest.mark.benchmark(group="referee")
@pytest.mark.parametrize("name", GAMES + TWO_PLAYER_GAMES)
def test_referee_playout_steps(benchmark, record, name):
    """The same kind of random playout, in the pure-Python referee (the peer)."""
    start = json.loads(se.load_game(name).deal(1).to_json())

    def playout():
        rng = random.Random(1)
        pos, steps = start, 0
        for _ in range(100):
            moves = referee.legal_moves(pos)
            if not moves or referee.is_won(pos):
                break
            pos = referee.play(pos, rng.choice(moves))
            steps += 1
        return steps

    steps = playout()
    benchmark.pedantic(playout, rounds=3, iterations=1)
    record(name, "referee playout steps", steps / benchmark.stats.stats.mean, "steps/s")


@pytest.mark.benchmark(group="movegen")
@pytest.mark.parametrize("name", GAMES)
def test_movegen(benchmark, record, name):
    """Legal moves generated per second on a fixed mid-game position."""
    state = mid_game(name)
    times = 200_000
    moves = benchmark.pedantic(state._core.generate_repeatedly, args=(times,), rounds=5, iterations=1)
    record(name, "movegen", moves / benchmark.stats.stats.mean, "moves/s")


def _perft_start(name, leaves=200_000):
    """The mid-game position, or else the first deal, whose move tree reaches `leaves` at
    some depth: open games (Black Hole, Golf) often run out of moves within a few plies."""
    for state in [mid_game(name)] + [se.load_game(name).deal(n) for n in range(1, 100)]:
        for depth in range(1, 33):
            n = state.perft(depth)
            if n >= leaves:
                return state, depth
            if n == 0:
                break
    raise AssertionError(f"no position of {name} has a move tree of {leaves} leaves")


@pytest.mark.benchmark(group="perft")
@pytest.mark.parametrize("name", GAMES)
def test_perft(benchmark, record, name):
    """Perft leaf nodes per second from a mid-game position (depth chosen per game so a
    call takes a noticeable time)."""
    state, depth = _perft_start(name)
    nodes = benchmark.pedantic(state.perft, args=(depth,), rounds=3, iterations=1)
    record(name, "perft", nodes / benchmark.stats.stats.mean, "nodes/s")
    benchmark.extra_info["depth"] = depth


@pytest.mark.benchmark(group="python-api")
@pytest.mark.parametrize("name", GAMES)
def test_python_legal_moves(benchmark, record, name):
    """Per-call cost of State.legal_moves() from Python."""
    state = mid_game(name)
    benchmark(state.legal_moves)
    record(name, "py legal_moves", 1 / benchmark.stats.stats.mean, "calls/s")


@pytest.mark.benchmark(group="python-api")
@pytest.mark.parametrize("name", GAMES)
def test_python_play_undo(benchmark, record, name):
    """Per-call cost of State.play(text) followed by State.undo() from Python."""
    state = mid_game(name)
    move = str(state.legal_moves()[0])

    def play_undo():
        state.play(move)
        state.undo()

    benchmark(play_undo)
    record(name, "py play+undo", 1 / benchmark.stats.stats.mean, "pairs/s")


LONG_SEARCH = 300_000


def long_search_deal(name, tries=50):
    """The first of deals 1..tries that the solver does not decide within LONG_SEARCH
    positions, else the one that took the most."""
    game = se.load_game(name)
    longest = (0, 1)
    for number in range(1, tries + 1):
        positions = game.deal(number).solve(max_positions=LONG_SEARCH, time_limit=None).positions
        if positions >= LONG_SEARCH:
            return number
        longest = max(longest, (positions, number))
    return longest[1]


@pytest.mark.benchmark(group="solver")
@pytest.mark.parametrize("name", GAMES)
def test_solver_positions(benchmark, record, name):
    """Distinct positions the solver expands per second on one long search
    (long_search_deal). Most deals #1 are decided within a few hundred positions, or none at
    all (Black Hole #1 has a card that can never move), which would measure set-up."""
    number = long_search_deal(name)
    state = se.load_game(name).deal(number)
    result = benchmark.pedantic(state.solve, kwargs={"max_positions": LONG_SEARCH, "time_limit": None},
                                rounds=3, iterations=1)
    assert result.positions > 0
    record(name, "solver", result.positions / benchmark.stats.stats.mean, "positions/s")
    benchmark.extra_info.update(deal=number, status=result.status, positions=result.positions)

