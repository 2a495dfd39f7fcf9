"""The registry of games: name -> how to build its rule table from options."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..errors import OptionError, RuleTableError, UnknownGameError, brief
from ..ruletable import Options, RuleTable


def _matches(value: object, choice: object) -> bool:
    # Strict by type: True == 1 and 3.0 == 3 in Python, but neither is a draw count. Text
    # "3" (or "false") is accepted for 3 (or False), since option values typed on a command
    # line arrive as text.
    if isinstance(choice, bool):
        if isinstance(value, str):
            return value.strip().lower() == str(choice).lower()
        return value is choice
    if choice is None:
        return value is None
    if isinstance(choice, int):
        if isinstance(value, str):
            return value.strip() == str(choice)
        return isinstance(value, int) and not isinstance(value, bool) and int(value) == choice
    return isinstance(value, str) and value == choice


@dataclass(frozen=True)
class Option:
    name: str
    default: object
    choices: tuple[Any, ...]
    doc: str = ""

    def coerce(self, value: object) -> object:
        for c in self.choices:
            if _matches(value, c):
                return c
        raise OptionError(
            f"option {self.name}={brief(value)} is not allowed; choose one of "
            + ", ".join(repr(c) for c in self.choices)
        )

    def check(self, where: str) -> None:
        at = f"{where}, option {brief(self.name)}"
        if not isinstance(self.name, str) or not self.name:
            raise RuleTableError(f"{at}: an option's name is non-empty text")
        # Choices travel in snapshots (JSON) and on command lines (text).
        if not isinstance(self.choices, tuple) or not self.choices or not all(
                c is None or isinstance(c, (str, int)) for c in self.choices):
            raise RuleTableError(f"{at}: choices is a non-empty tuple of text, whole numbers, True/False or None")
        if not any(_matches(self.default, c) and self.default == c for c in self.choices):
            raise RuleTableError(f"{at}: the default {brief(self.default)} is not one of its choices")


@dataclass(frozen=True)
class GameInfo:
    name: str
    title: str
    pysol_id: int
    make_table: Callable[[Options], RuleTable]
    options: tuple[Option, ...] = ()
    players: int = 1

    def check(self) -> None:
        """Raises RuleTableError for a malformed game definition (its table is checked when
        a game is loaded, since it depends on the options)."""
        where = f"game {brief(self.name)}"
        # load_game looks names up stripped and in lower case: any other name is unreachable.
        if not isinstance(self.name, str) or not self.name or self.name != self.name.strip().lower():
            raise RuleTableError(f"{where}: a game's name is non-empty lower-case text without outer spaces")
        if not isinstance(self.title, str):
            raise RuleTableError(f"{where}: title is text, got {brief(self.title)}")
        if isinstance(self.pysol_id, bool) or not isinstance(self.pysol_id, int):
            raise RuleTableError(f"{where}: pysol_id is a whole number, got {brief(self.pysol_id)}")
        if not callable(self.make_table):
            raise RuleTableError(f"{where}: make_table is a function from options to a RuleTable")
        if self.players not in (1, 2) or isinstance(self.players, bool):
            raise RuleTableError(f"{where}: players is 1 or 2, got {brief(self.players)}")
        if not isinstance(self.options, tuple) or not all(isinstance(o, Option) for o in self.options):
            raise RuleTableError(f"{where}: options is a tuple of Option")
        for o in self.options:
            o.check(where)
        if len({o.name for o in self.options}) != len(self.options):
            raise RuleTableError(f"{where}: two options share a name")

    def resolve_options(self, given: dict[str, Any]) -> Options:
        if not isinstance(given, dict):
            raise OptionError(f"options are a dict of name to value, got {brief(given)}")
        known = {o.name: o for o in self.options}
        unknown = [k for k in given if k not in known]
        if unknown:
            valid = ", ".join(sorted(known)) or "none"
            raise OptionError(
                f"{self.name} has no option {', '.join(map(brief, unknown))}; its options: {valid}"
            )
        return {o.name: o.coerce(given[o.name]) if o.name in given else o.default for o in self.options}


_REGISTRY: dict[str, GameInfo] = {}


def register(info: GameInfo) -> GameInfo:
    """Adds a game to the registry (``load_game`` then knows it); names are unique."""
    if not isinstance(info, GameInfo):
        raise RuleTableError(f"register() takes a GameInfo, got {brief(info)}")
    info.check()
    if info.name in _REGISTRY and _REGISTRY[info.name] is not info:
        raise OptionError(f"a game named {info.name!r} is already registered")
    _REGISTRY[info.name] = info
    return info


def lookup(name: object) -> GameInfo:
    if isinstance(name, str) and name.strip().lower() in _REGISTRY:
        return _REGISTRY[name.strip().lower()]
    raise UnknownGameError(f"unknown game {brief(name)}; known games: {', '.join(sorted(_REGISTRY))}")


def names() -> list[str]:
    return sorted(_REGISTRY)


from . import aces_and_kings, double_or_quits, double_trigon, golf_family, klondike_family  # noqa: E402,F401  (registers)
