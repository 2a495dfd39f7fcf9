"""Double or Quits (seed 002; PySolFC 111 "Doublets"): one foundation built by doubling."""
from __future__ import annotations

from .. import ranks
from ..cards import ACE, KING, rank_of
from ..ruletable import DealRow, Group, Options, RuleTable, TalonCard, ToWaste
from . import GameInfo, Option, register


def _non_kings_to_top(cards: list[TalonCard]) -> list[TalonCard]:
    """PySolFC's Doublets hook: from the talon's bottom, the first eight non-Kings go on top
    (they are dealt first: seven reserves and the foundation); Kings passed on the way go to
    the very bottom."""
    kings: list[TalonCard] = []
    picked: list[TalonCard] = []
    i = 0
    while len(picked) < 8 and i < len(cards):
        (kings if rank_of(cards[i][0]) == KING else picked).append(cards[i])
        i += 1
    return kings + cards[i:] + picked


def double_or_quits(options: Options) -> RuleTable:
    discard = options["kings"] == "discard"
    return RuleTable(
        name="double-or-quits",
        decks=1,
        groups=(
            # PySolFC: an empty foundation (never seen in play) takes an Ace; it holds the 48
            # non-Kings at most.
            Group("foundation", 1, tuple(ranks.doubling()), empty_ranks=ranks.ranks(ACE),
                  max_cards=48, can_leave=False, label="doubling"),
            Group("reserve", 7, empty_ranks=ranks.ALL, max_cards=1, fill="waste_then_stock"),
            Group("stock"),
            Group("waste"),
        ),
        removed_ranks=frozenset({KING}) if discard else frozenset(),
        redeals=2,
        win_foundation_cards=48,
        win_needs_empty_stock=not discard,
        deal_steps=(DealRow("reserve", tuple(range(7))), DealRow("foundation", (0,)), ToWaste(1)),
        shuffle_hook=_non_kings_to_top,
        options=options,
    )


register(
    GameInfo(
        "double-or-quits",
        "Double or Quits",
        111,
        double_or_quits,
        (
            Option(
                "kings",
                "keep",
                ("keep", "discard"),
                "keep: Kings stay where they fall and block (seed 002's usual rule, PySolFC's only one); "
                "discard: Kings are out of play",
            ),
        ),
    )
)
