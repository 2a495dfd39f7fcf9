"""``State``: a position you can play on (python-chess style: ``play``/``undo``, ``str``)."""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Callable, Optional, Union

from .errors import IllegalMoveError, NothingToUndoError, OptionError, brief
from .move import MAX_COUNT, PASS, Move
from .position import Snapshot, snapshot
from .render import render
from .ruletable import Options
from .solving import DEFAULT_MAX_POSITIONS, DEFAULT_MEMORY_MB, DEFAULT_TIME_LIMIT, SolveResult
from .solving import solve as _solve

if TYPE_CHECKING:
    from . import _core
    from .game import Game

MAX_PERFT_DEPTH = 32  # the core's limit
_PASS_CODE = 0xFF | 0xFF << 8 | 1 << 16  # the core's pass move (two-player games)


class State:
    """A position of a game. Make one with ``game.deal(n)`` or ``game.from_json(...)``."""

    __slots__ = ("game", "_core", "number", "_moves")

    def __init__(self, game: "Game", core: "_core.State", number: Optional[int] = None) -> None:
        self.game = game
        self._core = core
        self.number = number  # the game number it was dealt from, if any
        self._moves: dict[int, Move] = {}

    # ----- moves -----
    def _move(self, code: int) -> Move:
        m = self._moves.get(code)
        if m is None:
            names = self.game.pile_names
            if code & 0xFFFF == _PASS_CODE & 0xFFFF:
                m = PASS
            else:
                m = Move(names[code & 0xFF], names[code >> 8 & 0xFF], code >> 16)
            self._moves[code] = m
        return m

    def legal_moves(self) -> list[Move]:
        """Every legal move once (each target pile its own move)."""
        return [self._move(c) for c in self._core.legal_moves()]

    def _code(self, move: Union[Move, str]) -> int:
        m = move if isinstance(move, Move) else Move.parse(move)
        if m.is_pass:
            if self.game.players != 2:
                raise IllegalMoveError(f"{self.game.name} is a one-player game: there is no 'pass'")
            return _PASS_CODE
        src, dst = self.game.pile_index(m.src), self.game.pile_index(m.dst)
        if src < 0 or dst < 0:
            bad = m.src if src < 0 else m.dst
            raise IllegalMoveError(
                f"{self.game.name} has no pile {bad!r}; its piles: {' '.join(self.game.pile_names)}"
            )
        if m.is_deal or m.is_redeal:  # the count is the position's, not the writer's
            for c in self._core.legal_moves():
                if c & 0xFFFF == src | dst << 8:
                    return c
            raise IllegalMoveError(f"{m} is not legal here: {self._why_not(m)}")
        # Move checks its count, but the code has one byte for it: a count that got past
        # (object.__setattr__ on the frozen Move) would wrap into another move.
        if not (isinstance(m.count, int) and 1 <= m.count <= MAX_COUNT):
            raise IllegalMoveError(f"a move carries 1 to {MAX_COUNT} cards, not {brief(m.count)}")
        return src | dst << 8 | m.count << 16

    def _why_not(self, m: Move) -> str:
        if m.is_deal:
            return "the stock is empty"
        if m.is_redeal:
            return "a redeal needs an empty stock, cards in the waste and a redeal left"
        return "see legal_moves()"

    def play(self, move: Union[Move, str]) -> Move:
        """Play a move (a ``Move`` or text like ``"r2-f5"``); IllegalMoveError leaves the state as it was."""
        code = self._code(move)
        if not self._core.play(code):
            raise IllegalMoveError(f"{move} is not a legal move here; legal: "
                                   + " ".join(str(m) for m in self.legal_moves()))
        return self._move(code)

    push = play

    def undo(self) -> Move:
        """Take back the last move played; returns it."""
        history = self._core.history()
        if not history:
            raise NothingToUndoError("no move to undo")
        self._core.undo()
        return self._move(history[-1])

    pop = undo

    @property
    def moves(self) -> list[Move]:
        """The moves played so far, oldest first."""
        return [self._move(c) for c in self._core.history()]

    # ----- questions -----
    def is_won(self) -> bool:
        """Every card where the game wants it (its foundations, or in Golf-like games an empty
        tableau)."""
        return self._core.is_won()

    def is_over(self) -> bool:
        """No legal move is left. (A won game of some games, e.g. Aces and Kings, still has
        legal moves, since foundation cards may come back down: ask ``is_won()`` for that.)
        A two-player game is over once a player has won or the game is blocked."""
        return self._core.is_over()

    # ----- two-player games (seeds/double-trigon.md) -----
    @property
    def to_move(self) -> int:
        """The player to move: 0 (player 1) or 1 (player 2); always 0 in one-player games."""
        return self._core.to_move

    def home(self, player: int) -> int:
        """How many of ``player``'s own cards (0 or 1) are on the foundations."""
        if self.game.players != 2 or player not in (0, 1) or isinstance(player, bool):
            raise OptionError(f"home() takes player 0 or 1 of a two-player game, got {brief(player)}")
        return self._core.home(player)

    @property
    def blocked(self) -> bool:
        """Two-player games: no progress is possible by the blocked-game rule."""
        return self.game.players == 2 and self._core.blocked()

    @property
    def winner(self) -> Optional[int]:
        """Two-player games: 0 or 1 once a player has won (whole deck home) or the game is
        blocked with one player ahead; None while the game goes on or after a blocked draw."""
        if self.game.players != 2:
            return None
        w = self._core.winner()
        if w >= 0:
            return int(w)
        if self._core.blocked():
            a, b = self._core.home(0), self._core.home(1)
            return None if a == b else (0 if a > b else 1)
        return None

    @property
    def hash(self) -> int:
        """64-bit position hash: equal positions, equal hashes."""
        return self._core.hash

    @property
    def redeals_left(self) -> int:
        """Times the waste may still be turned over: 0 for none, -1 for unlimited."""
        return self._core.redeals_left

    def pile(self, name: str) -> list[str]:
        """The cards of pile ``name`` (``"t3"``, ``"s"``), bottom to top."""
        from .cards import card_text

        i = self.game.pile_index(name)
        if i < 0:
            raise IllegalMoveError(f"{self.game.name} has no pile {brief(name)}")
        return [card_text(c) for c in self._core.piles()[i]]

    def copy(self) -> "State":
        """An independent copy (with the move history, so it can undo too)."""
        return State(self.game, self._core.copy(), self.number)

    __copy__ = copy

    def __deepcopy__(self, memo: dict[int, object]) -> "State":
        return self.copy()

    def __reduce__(self) -> tuple[Callable[..., "State"], tuple[str, Options, str, Optional[int]]]:
        # Pickles as its game and snapshot (so it crosses process boundaries); the move
        # history is not kept.
        return (_restore, (self.game.name, dict(self.game.options), str(self.to_json()), self.number))

    # ----- saving -----
    def to_dict(self) -> dict[str, Any]:
        """The position snapshot as a dict (``to_json`` is the same as text; docs/notation.md)."""
        turn = None
        if self.game.players == 2:
            plies, turns, redeals = self._core.turn_counters()
            turn = (self._core.to_move, plies, turns, redeals)
        return snapshot(self.game, self._core.piles(), self._core.redeals_left, turn)

    def to_json(self) -> Snapshot:
        """The versioned position snapshot as JSON text; ``game.from_json`` reads it back."""
        return Snapshot(json.dumps(self.to_dict()))

    def __str__(self) -> str:
        return render(self)

    def __repr__(self) -> str:
        n = f" #{self.number}" if self.number is not None else ""
        return f"<State {self.game.name}{n}, {len(self._core.history())} moves played>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.game.name == other.game.name and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # positions change under play(); key on .hash

    # ----- long loops in the core (GIL released, Ctrl-C stops them) -----
    def perft(self, depth: int) -> int:
        """Number of distinct move sequences of exactly ``depth`` moves, 0 <= depth <= 32
        (``perft(0)`` is 1: the empty sequence)."""
        # Checked here: the core takes a C int, and anything else fails its conversion
        # with a TypeError; True would count as depth 1.
        if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= MAX_PERFT_DEPTH:
            raise OptionError(f"perft depth is a whole number from 0 to {MAX_PERFT_DEPTH}, got {brief(depth)}")
        return self._core.perft(int(depth))

    def solve(
        self,
        time_limit: Optional[float] = DEFAULT_TIME_LIMIT,
        memory_mb: Optional[float] = DEFAULT_MEMORY_MB,
        max_positions: Optional[int] = DEFAULT_MAX_POSITIONS,
    ) -> SolveResult:
        """Search for a win within the limits: seconds, megabytes of position tables, and
        positions (None: no such limit). See ``solitaire_engine.solving``. The state is
        not changed."""
        return _solve(self, time_limit, memory_mb, max_positions)


def _restore(name: str, options: Options, snapshot: str, number: Optional[int]) -> State:
    from .game import load_game

    state = load_game(name, **options).from_json(snapshot)
    state.number = number
    return state
