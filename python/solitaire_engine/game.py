"""``Game``: one registered game with its options, compiled once; it makes ``State``s."""
from __future__ import annotations

from typing import Any, Union

from . import _core
from .dealing import deal as _deal
from .errors import PositionError
from .games import GameInfo, lookup, names
from .position import piles_from_snapshot
from .ruletable import RuleTable
from .state import State


class Game:
    """A game and its options: ``se.load_game("aces-and-kings", empty_tableau="stock")``."""

    def __init__(self, info: GameInfo, options: dict) -> None:
        self.info = info
        self.options = info.resolve_options(options)
        self.table: RuleTable = info.make_table(self.options)
        self._rules = _core.Rules(self.table.to_core())
        self.pile_kinds = self.table.pile_kinds()
        self.pile_names = [self._rules.pile_name(i) for i in range(self._rules.piles)]
        self._index = {n: i for i, n in enumerate(self.pile_names)}

    @property
    def name(self) -> str:
        return self.info.name

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"load_game({self.name!r}{opts})"

    def __reduce__(self):
        return (_load, (self.name, dict(self.options)))

    def pile_index(self, name: str) -> int:
        return self._index.get(name, -1)

    def deal(self, number: int) -> State:
        """The position PySolFC deals for this game number (1 <= number < 10**20)."""
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
        return self._state(piles, self.table.redeals, number)

    def from_json(self, snapshot: Union[str, bytes, dict]) -> State:
        """A position from ``state.to_json()`` text or its dict. Raises PositionError."""
        piles, redeals_left = piles_from_snapshot(self, snapshot)
        return self._state(piles, redeals_left, None)

    def _state(self, piles: list, redeals_left: int, number) -> State:
        core = _core.State(self._rules)
        try:
            core.set_piles(piles, redeals_left)
        except ValueError as e:
            raise PositionError(f"{self.name}: {e}") from None
        return State(self, core, number)


def _load(name: str, options: dict) -> Game:
    return load_game(name, **options)


def load_game(name: str, **options: Any) -> Game:
    """The game ``name`` with ``options``; unknown names or options raise ValueError."""
    return Game(lookup(name), options)


def list_games() -> list[str]:
    return names()
