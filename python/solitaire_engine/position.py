"""Position snapshots: the versioned JSON form of a position (docs/notation.md)."""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Optional, Union

from .cards import card_text, parse_card
from .errors import CardError, OptionError, PositionError, brief
from .ruletable import JSON_KEYS

if TYPE_CHECKING:
    from .game import Game

VERSION = 1
_KEYS = {"version", "game", "options", "foundations", "tableau", "reserves", "stock", "waste", "redeals_left"}
# Two-player games add whose turn it is and the counters of the blocked-game rule
# (seeds/double-trigon.md); their stock and waste are one list per player.
_TURN_KEYS = {"to_move", "quiet_plies", "quiet_turns", "redeals_done"}
# (to_move, quiet_plies, quiet_turns, redeals_done) as _core.State.set_turn takes them.
Turn = tuple[int, int, tuple[int, int], tuple[int, int]]


class Snapshot(str):
    """JSON text of a position (what ``state.to_json()`` returns). It is a ``str``, ready to
    write or ``json.loads``; indexing it by key (``snap["tableau"]``) also reads the parsed
    snapshot, for callers that treat it as the object it encodes."""

    __slots__ = ()

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            return json.loads(self)[key]
        return str.__getitem__(self, key)


def snapshot(game: "Game", piles: list[list[int]], redeals_left: int,
             turn: Optional[Turn] = None) -> dict[str, Any]:
    two = game.players == 2
    out: dict[str, Any] = {"version": VERSION, "game": game.name, "options": dict(game.options)}
    for key in JSON_KEYS.values():
        out[key] = []
    out["stock"], out["waste"] = [], []
    for kind, pile in zip(game.pile_kinds, piles):
        cards = [card_text(c, owners=two) for c in pile]
        if kind in JSON_KEYS or two:
            out[JSON_KEYS.get(kind, kind)].append(cards)
        else:
            out[kind] = cards
    out["redeals_left"] = redeals_left
    if two and turn is not None:
        to_move, plies, turns, redeals = turn
        out.update(to_move=to_move + 1, quiet_plies=plies, quiet_turns=list(turns), redeals_done=list(redeals))
    return out


def _load(obj: Union[str, bytes, dict[str, Any]]) -> dict[str, Any]:
    if isinstance(obj, (str, bytes, bytearray)):
        try:
            obj = json.loads(obj)
        except (ValueError, RecursionError) as e:
            raise PositionError(f"not JSON: {e}") from None
    if not isinstance(obj, dict):
        raise PositionError(f"a position is a JSON object, got {type(obj).__name__}")
    return obj


def _cards(value: object, where: str, most: int) -> list[int]:
    if not isinstance(value, list):
        raise PositionError(f"{where} must be a list of cards, got {type(value).__name__}")
    if len(value) > most:  # refused before reading a million "cards" one by one
        raise PositionError(f"{where} holds {len(value)} cards; the game has only {most}")
    try:
        return [parse_card(c) for c in value]
    except CardError as e:
        raise PositionError(f"{where}: {e}") from None


def _required(game: "Game") -> list[str]:
    """The keys a snapshot of ``game`` must give (docs/notation.md): the version, the game,
    and every pile list the game has. Without this a missing "stock" would read as an
    empty stock and be reported as missing cards."""
    keys = ["version", "game"]
    keys += [key for kind, key in JSON_KEYS.items() if kind in game.pile_kinds]
    if "stock" in game.pile_kinds:
        keys += ["stock", "waste"]
    return keys


def _check_options(game: "Game", opts: object) -> None:
    if not isinstance(opts, dict):
        raise PositionError(f"options must be an object, got {type(opts).__name__}")
    try:
        resolved = game.info.resolve_options(opts)
    except OptionError as e:
        raise PositionError(f"position options: {e}") from None
    if resolved != game.options:
        raise PositionError(f"position has options {resolved}, but the game was loaded with {game.options}")


def _redeals(game: "Game", value: object) -> int:
    allowed = game.table.redeals
    if allowed == -1 and (value is None or (isinstance(value, int) and _is_int(value) and value >= -1)):
        return -1  # unlimited: any count (or null) means the same thing
    if not isinstance(value, int) or not _is_int(value):
        raise PositionError(f"redeals_left must be a whole number (-1 for unlimited), got {brief(value)}")
    # Checked here, not only by the core: the core takes a 32-bit int, and a bigger one
    # would fail the conversion with a TypeError.
    if allowed == -1 or not 0 <= value <= allowed:
        raise PositionError(f"redeals_left {brief(value)} is impossible in {game.name} "
                            f"(it allows {'-1, unlimited' if allowed == -1 else f'0 to {allowed}' if allowed else 'only 0'})")
    return int(value)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _turn(game: "Game", d: dict[str, Any]) -> Optional[Turn]:
    if game.players != 2:
        extra = sorted(set(d) & _TURN_KEYS)
        if extra:
            raise PositionError(f"{', '.join(map(repr, extra))}: only two-player games have turns")
        return None
    to_move = d.get("to_move", 1)
    if not _is_int(to_move) or to_move not in (1, 2):
        raise PositionError(f"to_move is 1 or 2 (the player to move), got {brief(to_move)}")
    plies = d.get("quiet_plies", 0)
    if not _is_int(plies) or not 0 <= plies <= 0xFFFF:
        raise PositionError(f"quiet_plies is a whole number from 0 to 65535, got {brief(plies)}")
    pairs = []
    for key, most in (("quiet_turns", 0xFF), ("redeals_done", 0xFFFF)):
        v = d.get(key, [0, 0])
        if not (isinstance(v, list) and len(v) == 2 and all(_is_int(x) and 0 <= x <= most for x in v)):
            raise PositionError(f"{key} is a list of two whole numbers from 0 to {most}, got {brief(v)}")
        pairs.append((int(v[0]), int(v[1])))
    return to_move - 1, int(plies), pairs[0], pairs[1]


def piles_from_snapshot(game: "Game", obj: Union[str, bytes, dict[str, Any]]
                        ) -> tuple[list[list[int]], int, Optional[Turn]]:
    d = _load(obj)
    unknown = set(d) - _KEYS - (_TURN_KEYS if game.players == 2 else set())
    if unknown:
        raise PositionError(f"unknown keys in position: {', '.join(sorted(map(brief, unknown)))}")
    required = _required(game)
    missing = [k for k in required if k not in d]
    if missing:
        raise PositionError(f"position has no {', '.join(map(repr, missing))} key "
                            f"(a {game.name} snapshot needs {', '.join(required)})")
    version = d["version"]
    if not _is_int(version) or version != VERSION:
        raise PositionError(f"position version {brief(version)} is not supported (this is {VERSION})")
    if not isinstance(d["game"], str) or d["game"] != game.name:
        raise PositionError(f"position is of game {brief(d['game'])}, not {game.name!r}")
    _check_options(game, d.get("options", game.options))
    most = game._rules.total_cards
    by_key: dict[str, list[list[int]]] = {}
    for kind, key in JSON_KEYS.items():
        want = game.pile_kinds.count(kind)
        value = d.get(key, [])
        if not isinstance(value, list) or len(value) != want:
            got = len(value) if isinstance(value, list) else type(value).__name__
            raise PositionError(f"{game.name} has {want} {key} piles; the position gives {got}")
        by_key[key] = [_cards(p, f"{key}[{i}]", most) for i, p in enumerate(value)]
    for key in ("stock", "waste"):
        if game.players == 2:  # one list per player
            value = d.get(key)
            if not isinstance(value, list) or len(value) != 2:
                raise PositionError(f"{key} is one list of cards per player (two lists) in {game.name}")
            by_key[key] = [_cards(p, f"{key}[{i}]", most) for i, p in enumerate(value)]
            continue
        by_key[key] = [_cards(d.get(key, []), key, most)]
        if "stock" not in game.pile_kinds and by_key[key][0]:
            raise PositionError(f"{game.name} has no {key}")
    if any(c & 0x80 for pile in by_key["stock"] for c in pile):
        raise PositionError("stock cards are face down by nature; write them without '#'")
    redeals = _redeals(game, d.get("redeals_left", game.table.redeals))
    taken = {key: 0 for key in by_key}
    piles = []
    for kind in game.pile_kinds:
        key = JSON_KEYS.get(kind, kind)
        piles.append(by_key[key][taken[key]])
        taken[key] += 1
    return piles, redeals, _turn(game, d)
