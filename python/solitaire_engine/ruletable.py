"""A game as data: pile groups, building relations, the deal. The core compiles it.

A new variant of the family is a new ``RuleTable`` (see ``games/``); no C++ changes.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional

from . import ranks
from .cards import deck

KINDS = ("foundation", "tableau", "reserve", "stock", "waste")
JSON_KEYS = {"foundation": "foundations", "tableau": "tableau", "reserve": "reserves"}


@dataclass(frozen=True)
class Group:
    """Identical piles: how many, what builds on what, what fills a space."""

    kind: str
    count: int = 1
    build: tuple[int, ...] = tuple(ranks.NONE_)  # build[r]: rank mask allowed on rank r
    suit: str = "any"  # "any", "same" or "alternate" (colour)
    empty_ranks: int = 0  # ranks an empty pile takes by hand (a mask)
    pile_suits: Optional[tuple[int, ...]] = None  # per pile, the one suit it takes when empty
    max_cards: int = 0  # 0: no limit
    runs: bool = False  # built runs move, and are taken, as a unit
    can_leave: bool = True  # whether its top card may be moved off
    fill: str = "none"  # "none", "stock", "waste_then_stock": refill of an emptied pile
    owner: int = -1  # -1 shared; 0/1 in two-player games
    label: str = ""  # shown beside each pile's id in the text board, e.g. "2 up"

    def to_core(self) -> dict:
        d = {
            "kind": self.kind,
            "count": self.count,
            "build": list(self.build),
            "suit": self.suit,
            "empty_ranks": self.empty_ranks,
            "max_cards": self.max_cards,
            "runs": self.runs,
            "can_leave": self.can_leave,
            "fill": self.fill,
            "owner": self.owner,
        }
        if self.pile_suits is not None:
            d["pile_suits"] = list(self.pile_suits)
        return d


@dataclass(frozen=True)
class DealRow:
    """One card from the top of the talon to each listed pile (0-based within its kind)."""

    kind: str
    piles: tuple[int, ...]
    face_up: bool = True


@dataclass(frozen=True)
class ToWaste:
    """Turn ``count`` cards from the talon onto the waste, as PySolFC's opening deal does."""

    count: int = 1


@dataclass(frozen=True)
class RuleTable:
    name: str
    groups: tuple[Group, ...]
    decks: int = 2
    removed_ranks: frozenset = frozenset()  # ranks taken out of play (Double or Quits' Kings)
    deal_count: int = 1
    redeals: int = 0  # -1: unlimited
    win_needs_empty_stock: bool = False
    win_foundation_cards: Optional[int] = None  # default: every card in play
    deal_steps: tuple = ()  # DealRow / ToWaste, in order; what is left becomes the stock
    # PySolFC's per-game reordering after the shuffle: takes and returns the talon as
    # (code, deck) pairs, bottom to top.
    shuffle_hook: Optional[Callable[[list], list]] = None
    options: dict = field(default_factory=dict)

    def cards(self) -> list[int]:
        """The cards in play, in PySolFC's creation order."""
        return deck(self.decks, self.removed_ranks)

    def packs(self) -> list[int]:
        """Every card of the decks, in play or not: what PySolFC shuffles and deals."""
        return deck(self.decks)

    def pile_labels(self) -> list[str]:
        return [g.label for g in self.groups for _ in range(g.count)]

    def pile_kinds(self) -> list[str]:
        """Kind of each core pile, in core order (the order of ``groups``)."""
        return [g.kind for g in self.groups for _ in range(g.count)]

    def to_core(self) -> dict:
        counts = [0] * 128
        for c in self.cards():
            counts[c] += 1
        win = self.win_foundation_cards
        if win is None:
            win = len(self.cards())
        return {
            "name": self.name,
            "groups": [g.to_core() for g in self.groups],
            "deal_count": self.deal_count,
            "redeals": self.redeals,
            "card_counts": counts,
            "win_foundation_cards": win,
            "win_needs_empty_stock": self.win_needs_empty_stock,
        }
