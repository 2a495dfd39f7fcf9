"""A game as data: pile groups, building relations, the deal. The core compiles it.

A new variant of the family is a new ``RuleTable`` (see ``games/``); no C++ changes.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from . import ranks
from .cards import deck
from .errors import RuleTableError, brief

# A game's options, by name: what load_game was given, resolved against the choices.
Options = dict[str, Any]
# A card of the talon with the deck it came from (0, 1, ...), as a shuffle_hook sees it.
TalonCard = tuple[int, int]

KINDS = ("foundation", "tableau", "reserve", "stock", "waste")
WIN_TESTS = ("foundation_cards", "tableau_empty")
JSON_KEYS = {"foundation": "foundations", "tableau": "tableau", "reserve": "reserves"}
MAX_DECKS = 8  # the core holds at most 8 copies of a card (and at most 160 cards in all)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _need(ok: bool, where: str, what: str, value: object) -> None:
    if not ok:
        raise RuleTableError(f"{where}: {what}, got {brief(value)}")


@dataclass(frozen=True)
class Group:
    """Identical piles: how many, what builds on what, what fills a space.

    A waste group with a ``build`` relation (or ``empty_ranks``) also takes cards by hand,
    as Golf's does: cards dealt from the stock land on it whatever their rank, cards played
    to it must fit. A stock never takes a card by hand."""

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

    def check(self, where: str) -> None:
        """Refuses fields of the wrong type (the core checks the ranges): a bool is not a
        count, and a build relation that is not 13 masks cannot be read at all."""
        _need(self.kind in KINDS, where, f"kind is one of {', '.join(KINDS)}", self.kind)
        for name in ("count", "empty_ranks", "max_cards", "owner"):
            _need(_is_int(getattr(self, name)), where, f"{name} is a whole number", getattr(self, name))
        _need(isinstance(self.build, (tuple, list)) and len(self.build) == ranks.N
              and all(_is_int(m) for m in self.build),
              where, f"build is {ranks.N} rank masks (see solitaire_engine.ranks)", self.build)
        for name in ("suit", "fill", "label"):
            _need(isinstance(getattr(self, name), str), where, f"{name} is text", getattr(self, name))
        _need(self.pile_suits is None or (isinstance(self.pile_suits, (tuple, list))
                                          and all(_is_int(x) for x in self.pile_suits)),
              where, "pile_suits is None or one suit number per pile", self.pile_suits)
        for name in ("runs", "can_leave"):
            _need(isinstance(getattr(self, name), bool), where, f"{name} is True or False", getattr(self, name))
        _need(self.kind != "stock" or (not any(self.build) and not self.empty_ranks), where,
              "a stock takes no card by hand: its build and empty_ranks stay empty", self.kind)

    def to_core(self) -> dict[str, Any]:
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
    removed_ranks: frozenset[int] = frozenset()  # ranks taken out of play (Double or Quits' Kings)
    deal_count: int = 1
    redeals: int = 0  # -1: unlimited
    win_needs_empty_stock: bool = False
    win_foundation_cards: Optional[int] = None  # default: every card in play
    # "foundation_cards": won when the foundations hold win_foundation_cards cards;
    # "tableau_empty" (Golf): won when every tableau pile is empty.
    win: str = "foundation_cards"
    deal_steps: tuple[Any, ...] = ()  # DealRow / ToWaste, in order; what is left becomes the stock
    # PySolFC's per-game reordering after the shuffle: takes and returns the talon as
    # (code, deck) pairs, bottom to top.
    shuffle_hook: Optional[Callable[[list[TalonCard]], list[TalonCard]]] = None
    options: Options = field(default_factory=dict)
    # Two-player games: groups have owners (0, 1; -1 shared), each player has a deck of
    # their own (the second deck's cards have back 1) and deals it with deal_steps onto
    # their own piles (dealing.deal_seats).
    players: int = 1
    draw_only_when_stuck: bool = False  # two players: deal only when nothing else moves

    def check(self) -> None:
        """Raises RuleTableError if the table is malformed in ways the core cannot see: field
        types, the deck, and the deal steps (which run in Python). The core checks the rest
        when it compiles the table."""
        where = f"rule table {brief(self.name)}"
        _need(isinstance(self.name, str), where, "name is text", self.name)
        _need(isinstance(self.groups, (tuple, list)) and all(isinstance(g, Group) for g in self.groups),
              where, "groups is a tuple of Group", self.groups)
        for i, g in enumerate(self.groups):
            g.check(f"{where}, group {i + 1} ({brief(g.kind)})")
        _need(_is_int(self.decks) and 1 <= self.decks <= MAX_DECKS, where, f"decks is 1 to {MAX_DECKS}", self.decks)
        _need(isinstance(self.removed_ranks, (frozenset, set, tuple, list))
              and all(_is_int(r) and 0 <= r < ranks.N for r in self.removed_ranks),
              where, "removed_ranks is a set of ranks 0 (Ace) to 12 (King)", self.removed_ranks)
        for name in ("deal_count", "redeals"):
            _need(_is_int(getattr(self, name)), where, f"{name} is a whole number", getattr(self, name))
        _need(isinstance(self.win_needs_empty_stock, bool), where, "win_needs_empty_stock is True or False",
              self.win_needs_empty_stock)
        _need(self.players in (1, 2) and _is_int(self.players), where, "players is 1 or 2", self.players)
        _need(isinstance(self.draw_only_when_stuck, bool), where, "draw_only_when_stuck is True or False",
              self.draw_only_when_stuck)
        _need(self.players == 2 or all(g.owner == -1 for g in self.groups), where,
              "pile owners are for two-player games (players=2)", [g.owner for g in self.groups])
        _need(self.players == 1 or (self.decks == 1 and not self.removed_ranks and self.shuffle_hook is None),
              where, "a two-player game gives each player one whole deck (decks=1)", self.decks)
        in_play = len(self.cards())
        win = self.win_foundation_cards
        _need(win is None or (_is_int(win) and 0 <= win <= in_play), where,
              f"win_foundation_cards is None or 0 to {in_play} (the cards in play)", win)
        _need(isinstance(self.win, str) and self.win in WIN_TESTS, where,
              f"win is one of {', '.join(WIN_TESTS)}", self.win)
        if self.win == "tableau_empty":
            _need(win is None, where, "win_foundation_cards is None when win is tableau_empty", win)
            _need(any(g.kind == "tableau" for g in self.groups), where,
                  "win tableau_empty needs a tableau group", [g.kind for g in self.groups])
        _need(self.shuffle_hook is None or callable(self.shuffle_hook), where,
              "shuffle_hook is None or a function", self.shuffle_hook)
        self._check_deal(where)

    def _check_deal(self, where: str) -> None:
        # dealing.deal trusts the steps: a bad one would be an IndexError or KeyError
        # there, or cards silently lost.
        counts = {k: 0 for k in KINDS}
        for g in self.groups:
            counts[g.kind] += g.count
        _need(isinstance(self.deal_steps, (tuple, list)), where, "deal_steps is a tuple of DealRow and ToWaste",
              self.deal_steps)
        talon = left = len(self.packs()) // self.players
        if self.players == 2:  # the steps deal one player's deck onto that player's piles
            counts = {k: sum(g.count for g in self.groups if g.kind == k and g.owner == 0) for k in KINDS}
        for n, step in enumerate(self.deal_steps, 1):
            at = f"{where}, deal step {n}"
            if isinstance(step, DealRow):
                _need(step.kind in JSON_KEYS, at, f"a DealRow deals to one of {', '.join(JSON_KEYS)}", step.kind)
                have = counts[step.kind]
                _need(isinstance(step.piles, (tuple, list))
                      and all(_is_int(i) and 0 <= i < have for i in step.piles),
                      at, f"piles are indexes 0 to {have - 1} of the game's {have} {step.kind} piles", step.piles)
                _need(isinstance(step.face_up, bool), at, "face_up is True or False", step.face_up)
                _need(step.face_up or step.kind == "tableau", at, "only tableau cards are dealt face down",
                      step.kind)
                left -= len(step.piles)
                _need(left >= 0, at, f"the deal runs out of cards ({talon} in the decks)", step)
            elif isinstance(step, ToWaste):
                _need(_is_int(step.count) and step.count >= 0, at, "ToWaste count is a whole number >= 0",
                      step.count)
                _need(counts["waste"] > 0, at, "ToWaste needs a waste pile", step)
                left -= min(step.count, left)
            else:
                _need(False, at, "a deal step is a DealRow or a ToWaste", step)

    def cards(self) -> list[int]:
        """The cards in play, in PySolFC's creation order (two players: player 1's deck, then
        player 2's)."""
        return [c for p in range(self.players) for c in deck(self.decks, self.removed_ranks, back=p)]

    def packs(self) -> list[int]:
        """Every card of the decks, in play or not: what PySolFC shuffles and deals."""
        return [c for p in range(self.players) for c in deck(self.decks, back=p)]

    def pile_labels(self) -> list[str]:
        return [g.label for g in self.groups for _ in range(g.count)]

    def pile_kinds(self) -> list[str]:
        """Kind of each core pile, in core order (the order of ``groups``)."""
        return [g.kind for g in self.groups for _ in range(g.count)]

    def to_core(self) -> dict[str, Any]:
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
            "win": self.win,
            "win_foundation_cards": win,
            "win_needs_empty_stock": self.win_needs_empty_stock,
            "draw_only_when_stuck": self.draw_only_when_stuck,
        }
