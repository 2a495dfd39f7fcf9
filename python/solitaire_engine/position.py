"""Position snapshots: the versioned JSON form of a position (docs/notation.md)."""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Union

from .cards import card_text, parse_card
from .errors import CardError, PositionError
from .ruletable import JSON_KEYS

if TYPE_CHECKING:
    from .game import Game

VERSION = 1
_KEYS = {"version", "game", "options", "foundations", "tableau", "reserves", "stock", "waste", "redeals_left"}


class Snapshot(str):
    """JSON text of a position (what ``state.to_json()`` returns). It is a ``str``, ready to
    write or ``json.loads``; indexing it by key (``snap["tableau"]``) also reads the parsed
    snapshot, for callers that treat it as the object it encodes."""

    __slots__ = ()

    def __getitem__(self, key):  # type: ignore[override]
        if isinstance(key, str):
            return json.loads(self)[key]
        return str.__getitem__(self, key)


def snapshot(game: "Game", piles: list[list[int]], redeals_left: int) -> dict:
    out: dict = {"version": VERSION, "game": game.name, "options": dict(game.options)}
    for key in JSON_KEYS.values():
        out[key] = []
    out["stock"], out["waste"] = [], []
    for kind, pile in zip(game.pile_kinds, piles):
        cards = [card_text(c) for c in pile]
        if kind in JSON_KEYS:
            out[JSON_KEYS[kind]].append(cards)
        else:
            out[kind] = cards
    out["redeals_left"] = redeals_left
    return out


def _load(obj: Union[str, bytes, dict]) -> dict:
    if isinstance(obj, (str, bytes, bytearray)):
        try:
            obj = json.loads(obj)
        except (ValueError, RecursionError) as e:
            raise PositionError(f"not JSON: {e}") from None
    if not isinstance(obj, dict):
        raise PositionError(f"a position is a JSON object, got {type(obj).__name__}")
    return obj


def _cards(value: object, where: str) -> list[int]:
    if not isinstance(value, list):
        raise PositionError(f"{where} must be a list of cards, got {type(value).__name__}")
    try:
        return [parse_card(c) for c in value]
    except CardError as e:
        raise PositionError(f"{where}: {e}") from None


def piles_from_snapshot(game: "Game", obj: Union[str, bytes, dict]) -> tuple[list[list[int]], int]:
    d = _load(obj)
    unknown = set(d) - _KEYS
    if unknown:
        raise PositionError(f"unknown keys in position: {', '.join(sorted(map(str, unknown)))}")
    if d.get("version", VERSION) != VERSION:
        raise PositionError(f"position version {d.get('version')!r} is not supported (this is {VERSION})")
    if d.get("game", game.name) != game.name:
        raise PositionError(f"position is of game {d.get('game')!r}, not {game.name!r}")
    opts = d.get("options", game.options)
    if not isinstance(opts, dict):
        raise PositionError("options must be an object")
    if game.info.resolve_options(opts) != game.options:
        raise PositionError(f"position has options {opts}, but the game was loaded with {game.options}")
    by_key: dict[str, list[list[int]]] = {}
    for kind, key in JSON_KEYS.items():
        want = game.pile_kinds.count(kind)
        value = d.get(key, [])
        if not isinstance(value, list) or len(value) != want:
            got = len(value) if isinstance(value, list) else type(value).__name__
            raise PositionError(f"{game.name} has {want} {key} piles; the position gives {got}")
        by_key[key] = [_cards(p, f"{key}[{i}]") for i, p in enumerate(value)]
    for key in ("stock", "waste"):
        by_key[key] = [_cards(d.get(key, []), key)]
        if "stock" not in game.pile_kinds and by_key[key][0]:
            raise PositionError(f"{game.name} has no {key}")
    if any(c & 0x80 for c in by_key["stock"][0]):
        raise PositionError("stock cards are face down by nature; write them without '#'")
    redeals = d.get("redeals_left", game.table.redeals)
    if game.table.redeals == -1 and (redeals is None or (type(redeals) is int and redeals >= -1)):
        redeals = -1  # unlimited: any count (or null) means the same thing
    if isinstance(redeals, bool) or not isinstance(redeals, int):
        raise PositionError(f"redeals_left must be a whole number (-1 for unlimited), got {redeals!r}")
    taken = {key: 0 for key in by_key}
    piles = []
    for kind in game.pile_kinds:
        key = JSON_KEYS.get(kind, kind)
        piles.append(by_key[key][taken[key]])
        taken[key] += 1
    return piles, redeals
