"""``Game``: one registered game with its options, compiled once; it makes ``State``s."""
from __future__ import annotations

from typing import Any, Callable, Optional, Union

from . import _core
from .dealing import check_game_number
from .dealing import deal as _deal
from .dealing import deal_seats
from .errors import PositionError, RuleTableError, brief
from .games import GameInfo, lookup, names
from .position import piles_from_snapshot
from .ruletable import Options, RuleTable
from .state import State


class Game:
    """A game and its options: ``se.load_game("aces-and-kings", empty_tableau="stock")``."""

    def __init__(self, info: GameInfo, options: dict[str, Any]) -> None:
        if not isinstance(info, GameInfo):
            raise RuleTableError(f"Game() takes a GameInfo (or use load_game(name)), got {brief(info)}")
        info.check()
        self.info = info
        self.options = info.resolve_options(options)
        table = info.make_table(dict(self.options))
        if not isinstance(table, RuleTable):
            raise RuleTableError(f"{info.name}: make_table must return a RuleTable, got {brief(table)}")
        table.check()
        try:
            self._rules = _core.Rules(table.to_core())
        except ValueError as e:  # the core's own checks of the table
            raise RuleTableError(f"{info.name}: {e}") from None
        self.table: RuleTable = table
        self.pile_kinds = self.table.pile_kinds()
        self.pile_names = [self._rules.pile_name(i) for i in range(self._rules.piles)]
        self._index = {n: i for i, n in enumerate(self.pile_names)}

    @property
    def name(self) -> str:
        """The registered name, e.g. ``"aces-and-kings"``."""
        return self.info.name

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"load_game({self.name!r}{opts})"

    def __reduce__(self) -> tuple[Callable[..., "Game"], tuple[str, Options]]:
        return (_load, (self.name, dict(self.options)))

    def pile_index(self, name: str) -> int:
        """The core's index of pile ``name`` (``"t3"``), or -1 if the game has no such pile."""
        return self._index.get(name, -1) if isinstance(name, str) else -1

    def deal(self, number: int) -> State:
        """The position PySolFC deals for this game number: an int, 1 <= number < 10**20
        (``solitaire_engine.parse_game_number`` reads typed text like ``"#5"``)."""
        number = check_game_number(number)
        if self.table.players == 2:
            return self._state(deal_seats(self.table, number), self.table.redeals, number)
        by_kind, stock = _deal(self.table, number)
        piles = []
        seen = {k: 0 for k in by_kind}
        for kind in self.pile_kinds:
            if kind == "stock":
                piles.append(stock)
            elif kind == "waste":
                piles.append(by_kind["waste"][0])
            else:
                piles.append(by_kind[kind][seen[kind]])
                seen[kind] += 1
        try:
            return self._state(piles, self.table.redeals, number)
        except PositionError as e:  # every deal of a sound table is a position of its game
            raise RuleTableError(f"the deal of game {number} is not a valid position: {e}") from None

    @property
    def players(self) -> int:
        """1, or 2 for a two-player game such as ``double-trigon``."""
        return self.table.players

    def from_json(self, snapshot: Union[str, bytes, dict[str, Any]]) -> State:
        """A position from ``state.to_json()`` text or its dict. Raises PositionError."""
        piles, redeals_left, turn = piles_from_snapshot(self, snapshot)
        state = self._state(piles, redeals_left, None)
        if turn is not None:
            try:
                state._core.set_turn(*turn)
            except ValueError as e:
                raise PositionError(f"{self.name}: {e}") from None
        return state

    def _state(self, piles: list[list[int]], redeals_left: int, number: Optional[int]) -> State:
        core = _core.State(self._rules)
        try:
            core.set_piles(piles, redeals_left)
        except ValueError as e:
            raise PositionError(f"{self.name}: {e}") from None
        return State(self, core, number)


def _load(name: str, options: Options) -> Game:
    return load_game(name, **options)


def load_game(name: str, /, **options: Any) -> Game:
    """The game ``name`` with ``options``; unknown names or options raise ValueError."""
    return Game(lookup(name), options)


def list_games() -> list[str]:
    """The names of every registered game, sorted (``load_game`` takes any of them)."""
    return names()
