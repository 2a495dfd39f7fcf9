"""Plain-text board: one line per pile, bottom card first; face-down cards show as ``##``."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import card_text

if TYPE_CHECKING:
    from .state import State

_TITLES = {"foundation": "Foundations", "tableau": "Tableau", "reserve": "Reserves"}


def render(state: "State") -> str:
    game = state.game
    piles = state._core.piles()
    number = f" #{state.number}" if state.number is not None else ""
    lines = [f"{game.info.title}{number}"]
    section = None
    labels = game.table.pile_labels()
    tags = [f"{n} ({lb})" if lb else n for n, lb in zip(game.pile_names, labels)]
    width = max(len(t) for t in tags) + 2
    for tag, kind, pile in zip(tags, game.pile_kinds, piles):
        if kind in _TITLES and kind != section:
            section = kind
            lines.append(f"{_TITLES[kind]}:")
        if kind == "stock":
            redeals = state.redeals_left
            more = "unlimited redeals" if redeals < 0 else f"{redeals} redeal{'s' if redeals != 1 else ''} left"
            lines.append(f"  {tag:<{width}}[{len(pile)} cards, {more}]")
        else:
            lines.append((f"  {tag:<{width}}" + " ".join(card_text(c, hide_face_down=True) for c in pile)).rstrip())
    if state.is_won():
        lines.append("Won.")
    return "\n".join(lines)
