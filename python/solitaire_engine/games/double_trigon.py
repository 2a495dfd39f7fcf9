"""Double Trigon for two players (seed 004): a deck each, eight shared foundations.

Each player has nine tableau piles dealt face up (three rows, 27 cards; or with
``layout="triangle"`` PySolFC's 1-to-9 triangle, 45 cards), a stock of the rest and a
waste; the rules are in seeds/double-trigon.md."""
from __future__ import annotations

from .. import ranks
from ..cards import ACE, KING
from ..ruletable import DealRow, Group, Options, RuleTable
from . import GameInfo, Option, register

ROWS = 9


ROWS_DEALT = 3  # layout="rows": three cards a pile


def _triangle_face_up(rows: int) -> list[DealRow]:
    # Left to right, as PySolFC's Double Trigon, but every card face up (seed 004).
    return [DealRow("tableau", tuple(range(i, rows))) for i in range(rows)]


def _rows_face_up(piles: int, rows: int) -> list[DealRow]:
    return [DealRow("tableau", tuple(range(piles))) for _ in range(rows)]


def _seat(owner: int) -> tuple[Group, ...]:
    label = f"player {owner + 1}"
    return (
        Group("tableau", ROWS, tuple(ranks.down()), suit="same", empty_ranks=ranks.ranks(KING), runs=True,
              owner=owner, label=label),
        Group("stock", owner=owner, label=label),
        Group("waste", owner=owner, label=label),
    )


def double_trigon(options: Options) -> RuleTable:
    return RuleTable(
        name="double-trigon",
        decks=1,
        players=2,
        groups=(
            # Any Ace starts any foundation; cards stay there (whose would they be?).
            Group("foundation", 8, tuple(ranks.up()), suit="same", empty_ranks=ranks.ranks(ACE), max_cards=13,
                  can_leave=False),
            *_seat(0),
            *_seat(1),
        ),
        redeals=-1,
        deal_steps=tuple(_triangle_face_up(ROWS) if options["layout"] == "triangle" else _rows_face_up(ROWS, ROWS_DEALT)),
        draw_only_when_stuck=options["draw_only_when_stuck"],
        options=options,
    )


register(GameInfo(
    "double-trigon", "Double Trigon (two players)", 0, double_trigon,
    (Option("draw_only_when_stuck", False, (False, True),
            "dealing is legal only when the player has no other move (else at any time); it ends the turn"),
     Option("layout", "rows", ("rows", "triangle"),
            "each player's tableau: three face-up rows (27 cards) or a 1-to-9 face-up triangle (45)")),
    players=2,
))
