"""Defining a new game of the family from Python: no C++ change, no rebuild.

>>> from solitaire_engine import variants as v
>>> def my_table(options):
...     return v.RuleTable(name="my-game", groups=(...), deal_steps=(...))
>>> v.register_game(v.GameInfo("my-game", "My Game", 0, my_table))
>>> se.load_game("my-game").deal(1)

A table lists pile groups (`Group`: kind, count, the 13-entry rank relation `build` made with
`ranks.up/down/up_or_down/doubling`, suit relation, what an empty pile takes, capacity,
whether runs move, whether cards may leave, what refills it), the deal (`DealRow`,
`ToWaste`; what is left is the stock) and the stock's deal count and redeals.

A table the core cannot use is refused with `RuleTableError` (a `SolitaireError`) when the
game is loaded: `register_game` checks the `GameInfo`, `load_game` the table its options give.
"""
from . import ranks
from .errors import RuleTableError
from .games import GameInfo, Option, register as register_game
from .ruletable import DealRow, Group, RuleTable, ToWaste

__all__ = ["DealRow", "GameInfo", "Group", "Option", "RuleTable", "RuleTableError", "ToWaste", "ranks",
           "register_game"]
