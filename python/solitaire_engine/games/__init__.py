"""The registry of games: name -> how to build its rule table from options."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..errors import OptionError, UnknownGameError
from ..ruletable import RuleTable


@dataclass(frozen=True)
class Option:
    name: str
    default: object
    choices: tuple
    doc: str = ""

    def coerce(self, value: object) -> object:
        for c in self.choices:
            if value == c or (isinstance(c, int) and isinstance(value, str) and value.strip() == str(c)):
                return c
        raise OptionError(
            f"option {self.name}={value!r} is not allowed; choose one of "
            + ", ".join(repr(c) for c in self.choices)
        )


@dataclass(frozen=True)
class GameInfo:
    name: str
    title: str
    pysol_id: int
    make_table: Callable[[dict], RuleTable]
    options: tuple[Option, ...] = ()
    players: int = 1

    def resolve_options(self, given: dict) -> dict:
        known = {o.name: o for o in self.options}
        unknown = [k for k in given if k not in known]
        if unknown:
            valid = ", ".join(sorted(known)) or "none"
            raise OptionError(
                f"{self.name} has no option {', '.join(map(repr, unknown))}; its options: {valid}"
            )
        return {o.name: o.coerce(given[o.name]) if o.name in given else o.default for o in self.options}


_REGISTRY: dict[str, GameInfo] = {}


def register(info: GameInfo) -> GameInfo:
    """Adds a game to the registry (``load_game`` then knows it); names are unique."""
    if not isinstance(info, GameInfo):
        raise TypeError("register() takes a GameInfo")
    if info.name in _REGISTRY and _REGISTRY[info.name] is not info:
        raise OptionError(f"a game named {info.name!r} is already registered")
    _REGISTRY[info.name] = info
    return info


def lookup(name: object) -> GameInfo:
    if isinstance(name, str) and name.strip().lower() in _REGISTRY:
        return _REGISTRY[name.strip().lower()]
    raise UnknownGameError(f"unknown game {name!r}; known games: {', '.join(sorted(_REGISTRY))}")


def names() -> list[str]:
    return sorted(_REGISTRY)


from . import aces_and_kings, double_or_quits, klondike_family  # noqa: E402,F401  (registers)
