"""Golf-style games: every card goes to one pile, one rank up or down from its top card.

Black Hole (PySolFC 98); Golf (PySolFC 36) and, with kings="dead", Dead King Golf (PySolFC
259). Rules in words: seeds/<name>.md.
"""
from __future__ import annotations

from .. import ranks
from ..cards import ACE, KING, code
from ..ruletable import DealRow, Group, Options, RuleTable, TalonCard, ToWaste
from . import GameInfo, Option, register

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


def golf(options: Options) -> RuleTable:
    # The waste is Golf's only foundation: the stock deals onto it whatever the rank, a
    # tableau card must be one rank above or below its top card (no wrap).
    build = list(ranks.up_or_down(wrap=False))
    if options["kings"] == "dead":
        build[KING] = 0  # Dead King Golf: nothing is played on a King
    rows = tuple(range(7))
    return RuleTable(
        name="golf",
        decks=1,
        groups=(
            Group("tableau", 7),
            Group("stock"),
            Group("waste", 1, tuple(build), can_leave=False, label="up or down"),
        ),
        deal_steps=(*(DealRow("tableau", rows) for _ in range(5)), ToWaste(1)),
        win="tableau_empty",
        options=options,
    )


register(GameInfo("golf", "Golf", 36, golf, (
    Option("kings", "alive", ("alive", "dead"),
           "alive: PySolFC's Golf (36), a Queen may go on a King; dead: PySolFC's Dead King Golf (259), "
           "nothing is played on a King"),
)))
