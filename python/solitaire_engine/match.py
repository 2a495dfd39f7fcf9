"""Bots and matches for two-player games (``double-trigon``).

A bot is a name of a built-in bot (``"random"``, ``"greedy"``, ``"search"`` or
``"search:N"`` for N playouts a move: C++, see cpp/bots.hpp) or
any object with ``choose(state) -> Move | str`` (a Python bot); ``play_match`` plays them
against each other over many deals, seats swapped, and reports wins with 95% intervals.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Iterable, Optional, Protocol, Union, runtime_checkable

from .dealing import check_game_number
from .errors import IllegalMoveError, OptionError, brief
from .game import Game, load_game
from .move import Move
from .solving import wilson
from .state import State

BUILT_IN_BOTS = ("random", "greedy", "search")
SEARCH_PLAYOUTS = 1000  # the search bot's playouts per move; "search:N" gives N
MAX_PLAYOUTS = 10_000_000


@runtime_checkable
class Bot(Protocol):
    """A Python bot: picks a legal move for ``state.to_move``."""

    def choose(self, state: State) -> Union[Move, str]: ...


BotSpec = Union[str, Bot]


def _name(bot: BotSpec) -> str:
    return bot if isinstance(bot, str) else getattr(bot, "name", type(bot).__name__)


def _built_in(spec: str) -> tuple[str, int]:
    """``"search:500"`` -> ("search", 500); the playouts matter to the search bot only."""
    name, _, budget = spec.partition(":")
    if name not in BUILT_IN_BOTS or (budget and name != "search"):
        raise OptionError(f"no bot named {brief(spec)}; built-in bots: {', '.join(BUILT_IN_BOTS)} "
                          "('search:N' for N playouts a move)")
    if not budget:
        return name, SEARCH_PLAYOUTS
    if not budget.isdigit() or not 1 <= int(budget) <= MAX_PLAYOUTS:
        raise OptionError(f"the search bot's playouts are 1 to {MAX_PLAYOUTS:,}, got {brief(budget)}")
    return name, int(budget)


def _check_bot(bot: object) -> BotSpec:
    if isinstance(bot, str):
        _built_in(bot)
        return bot
    if isinstance(bot, Bot):
        return bot
    raise OptionError(f"a bot is a name ({', '.join(BUILT_IN_BOTS)}) or an object with choose(state), "
                      f"got {brief(bot)}")


def bot_moves(bot: BotSpec, state: State, rng: random.Random) -> list[Move]:
    """The moves ``bot`` plays next for the player to move, in order: one move, or for the
    search bot its plan for the rest of its turn. IllegalMoveError if the game is over or a
    Python bot picks an illegal move."""
    if isinstance(bot, str):
        name, playouts = _built_in(bot)
        codes = state._core.bot_moves(name, rng.getrandbits(64), playouts)
        if not codes:
            raise IllegalMoveError("the game is over: no move to pick")
        return [state._move(c) for c in codes]
    choice = bot.choose(state.copy())  # a copy: a bot cannot change the game
    move = choice if isinstance(choice, Move) else Move.parse(choice)
    if move not in state.legal_moves():
        raise IllegalMoveError(f"bot {_name(bot)} chose {move}, which is not legal here")
    return [move]


def bot_move(bot: BotSpec, state: State, rng: random.Random) -> Move:
    """The move ``bot`` plays next for the player to move (the first of ``bot_moves``)."""
    return bot_moves(bot, state, rng)[0]


@dataclass
class GameRecord:
    """One game of a match: who sat where, how it ended, how long it took."""

    number: int
    seats: tuple[str, str]  # bot names, player 1 then player 2
    winner: Optional[int]   # seat 0 or 1, None for a draw
    blocked: bool           # ended by the blocked-game rule (else someone won outright)
    home: tuple[int, int]   # own cards on the foundations, per seat
    moves: int
    seat_of_bot: tuple[int, int] = (0, 1)  # where the match's first and second bot sat


@dataclass
class MatchResult:
    """Per bot: wins, draws, losses (with a 95% Wilson interval on the win share), average
    own cards home; and the seats' record."""

    bots: tuple[str, str]
    games: list[GameRecord] = field(default_factory=list)

    def _for(self, bot: int) -> tuple[int, int, int]:
        w = d = lo = 0
        for g in self.games:
            if g.winner is None:
                d += 1
            elif g.winner == g.seat_of_bot[bot]:
                w += 1
            else:
                lo += 1
        return w, d, lo

    def wins(self, bot: int) -> int:
        """Games won by bot 0 (``bot_a``) or bot 1 (``bot_b``)."""
        return self._for(bot)[0]

    def draws(self) -> int:
        """Games that ended blocked with equal counts home."""
        return sum(g.winner is None for g in self.games)

    def win_interval(self, bot: int) -> tuple[float, float]:
        """95% Wilson interval of the bot's share of games won."""
        return wilson(self.wins(bot), len(self.games))

    def average_home(self, bot: int) -> float:
        """The bot's own cards on the foundations at the end, on average."""
        total = sum(g.home[g.seat_of_bot[bot]] for g in self.games)
        return total / len(self.games) if self.games else 0.0

    def seat_wins(self) -> tuple[int, int]:
        """Games won from the seat of player 1 and of player 2, whichever bot sat there."""
        return (sum(g.winner == 0 for g in self.games), sum(g.winner == 1 for g in self.games))

    def average_moves(self) -> float:
        """Moves a game took, on average (both players', deals and passes included)."""
        return sum(g.moves for g in self.games) / len(self.games) if self.games else 0.0

    def report(self) -> str:
        """The text ``solitaire match`` prints."""
        n = len(self.games)
        lines = [f"{n} games: {self.bots[0]} against {self.bots[1]}"]
        for b in (0, 1):
            w, d, lo = self._for(b)
            low, high = self.win_interval(b)
            lines.append(f"  {self.bots[b]:<10} won {w}, drew {d}, lost {lo}; wins {100 * w / max(n, 1):.1f}% "
                         f"(95%: {100 * low:.1f}-{100 * high:.1f}%); own cards home {self.average_home(b):.1f} of 52")
        s0, s1 = self.seat_wins()
        blocked = sum(g.blocked for g in self.games)
        lines.append(f"  seats: player 1 won {s0}, player 2 won {s1}; {blocked} games ended blocked; "
                     f"{self.average_moves():.0f} moves a game on average")
        return "\n".join(lines)


def play_game(game: Game, number: int, seat_bots: tuple[BotSpec, BotSpec], seed: int = 0,
              max_moves: int = 100_000) -> State:
    """Plays deal ``number`` to its end with ``seat_bots[0]`` as player 1; returns the final
    state. (The blocked-game rule ends every game; ``max_moves`` is only a safety net.)"""
    state = game.deal(check_game_number(number))
    rng = random.Random(seed)
    while len(state.moves) < max_moves:
        if state.is_over():
            return state
        for move in bot_moves(seat_bots[state.to_move], state, rng):
            state.play(move)
    raise RuntimeError(f"game {number} did not end within {max_moves} moves")  # pragma: no cover


def play_match(game: Union[Game, str], bot_a: BotSpec, bot_b: BotSpec, deals: Iterable[int] = range(1, 101),
               swap_seats: bool = True, seed: int = 0) -> MatchResult:
    """Plays ``bot_a`` against ``bot_b`` on each deal; with ``swap_seats`` each deal is played
    twice, the bots changing seats, so neither gains from the seat or the deal."""
    game = load_game(game) if isinstance(game, str) else game
    if not isinstance(game, Game) or game.players != 2:
        raise OptionError(f"play_match needs a two-player game, got {brief(game)}")
    bots = (_check_bot(bot_a), _check_bot(bot_b))
    numbers = [check_game_number(n) for n in deals]
    if not numbers:
        raise OptionError("play_match needs at least one deal")
    names = (_name(bots[0]), _name(bots[1]))
    if names[0] == names[1]:
        names = (names[0] + " (a)", names[1] + " (b)")
    result = MatchResult(names)
    for i, n in enumerate(numbers):
        orders = [(0, 1), (1, 0)] if swap_seats else [(0, 1)]
        for k, order in enumerate(orders):
            final = play_game(game, n, (bots[order[0]], bots[order[1]]), seed=seed * 1_000_003 + 2 * i + k)
            result.games.append(GameRecord(
                n, (names[order[0]], names[order[1]]), final.winner, final.blocked,
                (final.home(0), final.home(1)), len(final.moves), (order.index(0), order.index(1))))
    return result
