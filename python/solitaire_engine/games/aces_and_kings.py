"""Aces and Kings and its relatives: two foundation rows, one building up, one down.

Deuces and Queens (seeds 000, 001; PySolFC 911), Aces and Kings (seed 003; PySolFC 800),
Acey and Kingsley (PySolFC 814). Rules in words: seeds/<name>.md.
"""
from __future__ import annotations

from .. import ranks
from ..cards import ACE, KING, QUEEN, rank_of, suit_of
from ..ruletable import DealRow, Group, Options, RuleTable, TalonCard, ToWaste
from . import GameInfo, Option, register

TWO = 1


def _reserve_rounds(reserves: int, per_pile: int = 13) -> list[DealRow]:
    # PySolFC deals the reserves round-robin, one card each per round.
    return [DealRow("reserve", tuple(range(reserves))) for _ in range(per_pile)]


def _stock_and_waste() -> tuple[Group, Group]:
    return Group("stock"), Group("waste")


def deuces_and_queens(options: Options) -> RuleTable:
    wrap_up, wrap_down = ranks.up(wrap=True), ranks.down(wrap=True)
    return RuleTable(
        name="deuces-and-queens",
        decks=2,
        groups=(
            Group("foundation", 4, tuple(wrap_up), empty_ranks=ranks.ranks(TWO), max_cards=13,
                  label="2 up"),
            Group("foundation", 4, tuple(wrap_down), empty_ranks=ranks.ranks(QUEEN), max_cards=13,
                  label="Q down"),
            Group("tableau", 4, tuple(ranks.up_or_down(wrap=True)), fill="stock"),
            Group("reserve", 3),
            *_stock_and_waste(),
        ),
        # Seed 000: the waste starts empty, so PySolFC's opening waste card stays on the stock.
        deal_steps=(*_reserve_rounds(3), DealRow("tableau", (0, 1, 2, 3))),
        options=options,
    )


def _aces_and_kings_groups(options: Options) -> tuple[Group, ...]:
    by_stock = options["empty_tableau"] == "stock"
    return (
        Group("foundation", 4, tuple(ranks.up()), empty_ranks=ranks.ranks(ACE), max_cards=13,
              label="A up"),
        Group("foundation", 4, tuple(ranks.down()), empty_ranks=ranks.ranks(KING), max_cards=13,
              label="K down"),
        Group("tableau", 4, empty_ranks=ranks.ALL, max_cards=1, fill="stock" if by_stock else "none"),
        Group("reserve", 2),
        *_stock_and_waste(),
    )


def aces_and_kings(options: Options) -> RuleTable:
    return RuleTable(
        name="aces-and-kings",
        decks=2,
        groups=_aces_and_kings_groups(options),
        deal_steps=(*_reserve_rounds(2), DealRow("tableau", (0, 1, 2, 3)), ToWaste(1)),
        options=options,
    )


def _first_deck_aces_and_kings_on_top(cards: list[TalonCard]) -> list[TalonCard]:
    """Acey and Kingsley (PySolFC's hook): deck 0's Aces and Kings go to the top of the
    talon, sorted so they are dealt A♣ A♠ A♥ A♦ K♣ K♠ K♥ K♦ onto f1..f8; the other cards
    keep their order."""
    picked = [c for c in cards if c[1] == 0 and rank_of(c[0]) in (ACE, KING)]
    rest = [c for c in cards if not (c[1] == 0 and rank_of(c[0]) in (ACE, KING))]
    picked.sort(key=lambda c: (rank_of(c[0]), suit_of(c[0])), reverse=True)
    return rest + picked


def acey_and_kingsley(options: Options) -> RuleTable:
    return RuleTable(
        name="acey-and-kingsley",
        decks=2,
        groups=_aces_and_kings_groups(options),
        deal_steps=(
            DealRow("foundation", tuple(range(8))),
            *_reserve_rounds(2),
            DealRow("tableau", (0, 1, 2, 3)),
            ToWaste(1),
        ),
        shuffle_hook=_first_deck_aces_and_kings_on_top,
        options=options,
    )


_EMPTY_TABLEAU = Option(
    "empty_tableau",
    "any",
    ("any", "stock"),
    "any: an empty tableau pile takes any card (seed 003); stock: PySolFC's rule, "
    "refilled at once from the stock while it lasts",
)

register(GameInfo("deuces-and-queens", "Deuces and Queens", 911, deuces_and_queens))
register(GameInfo("aces-and-kings", "Aces and Kings", 800, aces_and_kings, (_EMPTY_TABLEAU,)))
register(GameInfo("acey-and-kingsley", "Acey and Kingsley", 814, acey_and_kingsley, (_EMPTY_TABLEAU,)))
