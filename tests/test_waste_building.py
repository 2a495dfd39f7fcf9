"""Rule-table features Golf needs, on a small custom table: a waste that also takes cards
from the tableau (the stock's deals onto it skip the build check), and the win test
"every tableau pile empty". Bad values of the new fields are RuleTableErrors."""
import json

import pytest

import solitaire_engine as se
from solitaire_engine import variants as v


def _table(**changes):
    base = dict(
        name="mini-golf", decks=1,
        groups=(v.Group("tableau", 4), v.Group("stock"),
                v.Group("waste", 1, tuple(v.ranks.up_or_down()), can_leave=False)),
        deal_steps=(v.DealRow("tableau", (0, 1, 2, 3)), v.ToWaste(1)),
        win="tableau_empty",
    )
    base.update(changes)
    return v.RuleTable(**base)


def _game(table):
    return se.Game(v.GameInfo("mini-golf", "Mini Golf", 0, lambda options: table), {})


def _position(tableau, stock, waste):
    cards = [r + s for r in "A23456789TJQK" for s in "CDHS"]
    used = [c for p in tableau for c in p] + stock + waste
    rest = [c for c in cards if c not in used]
    return {"version": 1, "game": "mini-golf", "options": {}, "foundations": [], "reserves": [],
            "tableau": tableau, "stock": rest + stock, "waste": waste, "redeals_left": 0}


def test_tableau_cards_to_the_waste_must_fit_deals_need_not():
    s = _game(_table()).from_json(_position([["5C"], ["7D"], ["KS"], []], ["2H"], ["6S"]))
    assert {str(m) for m in s.legal_moves()} == {"t1-w", "t2-w", "s-w"}
    s.play("s-w")  # the 2H lands on the 6S: no build check for a deal
    assert s.pile("w") == ["6S", "2H"]
    assert {str(m) for m in s.legal_moves()} == {"s-w"}
    s.undo()
    s.play("t2-w")
    assert s.pile("w") == ["6S", "7D"] and s.pile("t2") == []
    with pytest.raises(se.IllegalMoveError):
        s.play("w-t2")  # can_leave=False: nothing comes back off the waste


def test_won_when_every_tableau_pile_is_empty_even_with_a_stock():
    s = _game(_table()).from_json(_position([["5C"], [], [], []], ["2H"], ["6S"]))
    assert not s.is_won()
    s.play("t1-w")
    assert s.is_won() and len(s.pile("s")) > 0


def test_the_default_win_test_still_counts_foundation_cards():
    table = _table(groups=(v.Group("foundation", 1), *_table().groups), win="foundation_cards")
    s = _game(table).deal(1)
    assert not s.is_won()
    assert json.loads(s.to_json())["foundations"] == [[]]


@pytest.mark.parametrize("changes", [
    {"win": "tableau"}, {"win": None}, {"win": 1},
    {"win_foundation_cards": 52},                                   # a count with tableau_empty
    {"groups": (v.Group("reserve", 4), v.Group("stock"), v.Group("waste")),
     "deal_steps": ()},                                             # tableau_empty, no tableau
    {"groups": (v.Group("tableau", 4), v.Group("stock", build=tuple(v.ranks.up())), v.Group("waste"))},
    {"groups": (v.Group("tableau", 4), v.Group("stock", empty_ranks=1), v.Group("waste"))},
    {"groups": (v.Group("tableau", 4), v.Group("stock"), v.Group("waste", 2))},  # the core: one waste
])
def test_bad_new_fields_are_rule_table_errors(changes):
    with pytest.raises(se.RuleTableError):
        _game(_table(**changes)).deal(1)
