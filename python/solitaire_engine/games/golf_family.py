"""Golf-style games: every card goes to one pile, one rank up or down from its top card.

Black Hole (PySolFC 98). Rules in words: seeds/<name>.md.
"""
from __future__ import annotations

from .. import ranks
from ..cards import ACE, code
from ..ruletable import DealRow, Group, Options, RuleTable, TalonCard
from . import GameInfo, register

ACE_OF_SPADES = code(ACE, 1)


def _ace_of_spades_dealt_last(cards: list[TalonCard]) -> list[TalonCard]:
    """Black Hole (PySolFC's hook): the Ace of Spades goes to the bottom of the talon, so it
    is the last card dealt (onto the foundation); the other cards keep their order."""
    ace = [c for c in cards if c[0] == ACE_OF_SPADES]
    return ace + [c for c in cards if c[0] != ACE_OF_SPADES]


def black_hole(options: Options) -> RuleTable:
    piles = tuple(range(17))
    return RuleTable(
        name="black-hole",
        decks=1,
        groups=(
            # PySolFC: any suit, one rank up or down, King and Ace adjacent; nothing leaves.
            # An empty foundation (never seen in play) takes an Ace.
            Group("foundation", 1, tuple(ranks.up_or_down(wrap=True)), empty_ranks=ranks.ranks(ACE),
                  can_leave=False, label="up or down"),
            Group("tableau", 17, max_cards=3),
        ),
        deal_steps=(DealRow("tableau", piles), DealRow("tableau", piles), DealRow("tableau", piles),
                    DealRow("foundation", (0,))),
        shuffle_hook=_ace_of_spades_dealt_last,
        options=options,
    )


register(GameInfo("black-hole", "Black Hole", 98, black_hole))
