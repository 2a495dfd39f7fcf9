"""Klondike-style games: a face-down triangle, building down, Kings into spaces.

Double Trigon solo (PySolFC 822, rules of play from seed 004), Trigon (PySolFC 821),
Klondike (PySolFC 2; draw=3 is PySolFC's Klondike by Threes).
"""
from __future__ import annotations

from .. import ranks
from ..cards import ACE, KING
from ..ruletable import DealRow, Group, Options, RuleTable, ToWaste
from . import GameInfo, Option, register

PYSOL_SUITS = (0, 1, 2, 3)  # clubs, spades, hearts, diamonds


def _triangle_right_to_left(rows: int) -> list[DealRow]:
    # PySolFC Klondike: face-down rows dealt right to left, pile k ends with k face-down cards.
    steps = [DealRow("tableau", tuple(range(rows - 1, i - 1, -1)), face_up=False) for i in range(1, rows)]
    steps.append(DealRow("tableau", tuple(range(rows - 1, -1, -1))))
    return steps


def _triangle_left_to_right(rows: int) -> list[DealRow]:
    # PySolFC Double Klondike / Double Trigon: the same triangle, dealt left to right.
    steps = [DealRow("tableau", tuple(range(i + 1, rows)), face_up=False) for i in range(rows - 1)]
    steps.append(DealRow("tableau", tuple(range(rows))))
    return steps


def _tableau(rows: int, suit: str) -> Group:
    return Group("tableau", rows, tuple(ranks.down()), suit=suit, empty_ranks=ranks.ranks(KING), runs=True)


def _foundations(count: int, suit_bound: bool, options: Options) -> Group:
    # PySolFC binds suits in blocks: C S H D for four piles, C C S S H H D D for eight.
    suits = tuple(PYSOL_SUITS[i * 4 // count] for i in range(count)) if suit_bound else None
    return Group(
        "foundation", count, tuple(ranks.up()), suit="same", empty_ranks=ranks.ranks(ACE),
        pile_suits=suits, max_cards=13, can_leave=options.get("foundation_takeback", True),
    )


def _one_deck(name: str, tableau_suit: str, options: Options) -> RuleTable:
    draw = options.get("draw", 1)
    return RuleTable(
        name=name,
        decks=1,
        groups=(_foundations(4, True, options), _tableau(7, tableau_suit), Group("stock"), Group("waste")),
        deal_count=draw,
        redeals=-1,
        deal_steps=(*_triangle_right_to_left(7), ToWaste(draw)),
        options=options,
    )


def klondike(options: Options) -> RuleTable:
    return _one_deck("klondike", "alternate", options)


def trigon(options: Options) -> RuleTable:
    return _one_deck("trigon", "same", options)


def double_trigon_solo(options: Options) -> RuleTable:
    return RuleTable(
        name="double-trigon-solo",
        decks=2,
        # Seed 004: any Ace may start any foundation pile.
        groups=(_foundations(8, False, options), _tableau(9, "same"), Group("stock"), Group("waste")),
        redeals=-1,
        deal_steps=(*_triangle_left_to_right(9), ToWaste(1)),
        options=options,
    )


# PySolFC lets a foundation's top card come back down; many solvers and published win
# rates do not, so both are offered.
TAKEBACK = Option("foundation_takeback", True, (True, False), "foundation cards may come back down")

register(GameInfo("klondike", "Klondike", 2, klondike, (Option("draw", 1, (1, 3), "cards per deal"), TAKEBACK)))
register(GameInfo("trigon", "Trigon", 821, trigon, (TAKEBACK,)))
register(GameInfo("double-trigon-solo", "Double Trigon (one player)", 822, double_trigon_solo, (TAKEBACK,)))
