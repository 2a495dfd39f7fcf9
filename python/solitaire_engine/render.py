"""Plain-text board: one line per pile, bottom card first; face-down cards show as ``##``."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import card_text

if TYPE_CHECKING:
    from .state import State

_TITLES = {"foundation": "Foundations", "tableau": "Tableau", "reserve": "Reserves"}


def render(state: "State") -> str:
    if state.game.players == 2:
        return _render_two_players(state)
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


def _render_two_players(state: "State") -> str:
    # Foundations, then each player's own piles; every card carries its owner (QH2).
    game = state.game
    piles = state._core.piles()
    owners = [g.owner for g in game.table.groups for _ in range(g.count)]
    number = f" #{state.number}" if state.number is not None else ""
    lines = [f"{game.info.title}{number}"]
    width = max(len(n) for n in game.pile_names) + 2

    def row(i: int) -> str:
        name, pile = game.pile_names[i], piles[i]
        if game.pile_kinds[i] == "stock":
            return f"  {name:<{width}}[{len(pile)} cards]"
        return (f"  {name:<{width}}" + " ".join(card_text(c, owners=True) for c in pile)).rstrip()

    lines.append("Foundations:")
    lines += [row(i) for i, o in enumerate(owners) if o < 0]
    for seat in (0, 1):
        mark = " (to move)" if state.to_move == seat and not state.is_over() else ""
        lines.append(f"Player {seat + 1}: {state.home(seat)} cards home{mark}")
        lines += [row(i) for i, o in enumerate(owners) if o == seat]
    if state.is_over():
        w = state.winner
        why = "won" if state._core.winner() >= 0 else "blocked"
        lines.append(f"Over ({why}): " + ("a draw." if w is None else f"player {w + 1} wins."))
    return "\n".join(lines)
