"""The solver's safe moves (seeds/solver.md, "Safe moves"): one test per condition, each on
a hand-built position, showing the move taken when the condition holds and refused when it
does not. Their soundness on whole searches is checked against the referee in test_solver.py."""
import json

import solitaire_engine as se
from solitaire_engine import variants as v
from solitaire_engine.cards import ACE
from positions import position


def safe(game, pos):
    state = game.from_json(pos)
    code = state._core.safe_move()
    return None if code is None else state._core.move_text(code)


NO_TAKEBACK = {"foundation_takeback": False}


def klondike(takeback=False, draw=1):
    return se.load_game("klondike", draw=draw, foundation_takeback=takeback)


def test_condition_1_only_games_won_on_the_foundations():
    golf = se.load_game("golf")
    state = golf.deal(3)
    assert state._core.safe_move() is None


def test_condition_2_a_card_nothing_can_still_be_put_on_goes_up():
    # f1 clubs, f3 hearts, f4 diamonds: both red Aces are up, so nothing will ever go on 2C.
    pos = position("klondike", "stock", NO_TAKEBACK, redeals_left=-1,
                   foundations=[["AC"], [], ["AH"], ["AD"]], tableau=[["2C"]] + [[]] * 6)
    assert safe(klondike(), pos) == "t1-f1"


def test_condition_2_a_card_that_may_still_hold_a_red_ace_waits():
    pos = position("klondike", "stock", NO_TAKEBACK, redeals_left=-1,
                   foundations=[["AC"], [], ["AH"], []], tableau=[["2C"]] + [[]] * 6)
    assert safe(klondike(), pos) is None  # AD, in the stock, could go on 2C


def test_condition_3_a_foundation_that_takes_other_cards_too_is_a_choice():
    # Double Trigon: an empty foundation takes any Ace, so which Ace goes there is a choice.
    pos = position("double-trigon-solo", "stock", NO_TAKEBACK, redeals_left=-1,
                   tableau=[["AS"]] + [[]] * 8)
    assert safe(se.load_game("double-trigon-solo", **NO_TAKEBACK), pos) is None


def test_condition_4_with_takeback_only_a_first_card_on_an_empty_foundation():
    # The 2C of condition 2 waits when cards may come back down (a red Ace could return)...
    pos = position("klondike", "stock", redeals_left=-1,
                   foundations=[["AC"], [], ["AH"], ["AD"]], tableau=[["2C"]] + [[]] * 6)
    assert safe(klondike(takeback=True), pos) is None
    # ...but an Ace goes to its empty foundation: nothing on it could be wanted back.
    pos = position("klondike", "stock", redeals_left=-1,
                   foundations=[["AC"], [], ["AH"], ["AD"]], tableau=[["2C"], ["AS"]] + [[]] * 5)
    assert safe(klondike(takeback=True), pos) == "t2-f2"


def test_condition_5_a_card_two_foundations_could_take_is_a_choice():
    # Two decks: both spade foundations could take the 2S.
    pos = position("double-trigon-solo", "stock", NO_TAKEBACK, redeals_left=-1,
                   foundations=[["AS"], ["AS"], ["AC"], ["AC"], ["AH"], ["AH"], ["AD"], ["AD"]],
                   tableau=[["2S"]] + [[]] * 8)
    assert safe(se.load_game("double-trigon-solo", **NO_TAKEBACK), pos) is None
    # The other spade foundation already has its 2S: then this one goes up.
    pos = position("double-trigon-solo", "stock", NO_TAKEBACK, redeals_left=-1,
                   foundations=[["AS"], ["AH", "2H", "3H"], ["AC"], ["AC"], ["AH"], ["AS", "2S"], ["AD"], ["AD"]],
                   tableau=[["2S"]] + [[]] * 8)
    # f6 holds the other AS and 2S; no foundation is empty: only f1 could ever take this 2S.
    assert safe(se.load_game("double-trigon-solo", **NO_TAKEBACK), pos) == "t1-f1"


def test_condition_6_draw_three_waste_cards_wait_while_redeals_regroup_the_talon():
    pos = position("klondike", "stock", {"draw": 3, **NO_TAKEBACK}, redeals_left=-1,
                   tableau=[[]] * 7, waste=["AS"])
    assert safe(klondike(draw=3), pos) is None
    pos = position("klondike", "stock", NO_TAKEBACK, redeals_left=-1, tableau=[[]] * 7, waste=["AS"])
    assert safe(klondike(draw=1), pos) == "w-f2"


def _refilling(options):
    return v.RuleTable(
        name="safe-refill",
        decks=1,
        groups=(
            v.Group("foundation", 4, tuple(v.ranks.up()), suit="same", empty_ranks=v.ranks.ranks(ACE),
                    pile_suits=(0, 1, 2, 3), max_cards=13, can_leave=False),
            v.Group("tableau", 2, empty_ranks=v.ranks.ALL, max_cards=1, fill="stock"),
            v.Group("stock"),
            v.Group("waste"),
        ),
        deal_steps=(v.DealRow("tableau", (0, 1)),),
        options=options,
    )


def test_condition_6_a_card_whose_leaving_sets_off_a_refill_waits():
    try:
        v.register_game(v.GameInfo("safe-refill", "refill test", 0, _refilling))
    except se.OptionError:
        pass  # registered by an earlier test in this process
    game = se.load_game("safe-refill")
    pos = json.loads(game.deal(1).to_json())
    cards = [c for p in pos["tableau"] for c in p] + pos["stock"] + pos["waste"]
    cards.remove("AC")
    pos["tableau"] = [["AC"], [cards.pop()]]
    pos["stock"], pos["waste"] = cards, []
    assert safe(game, pos) is None  # t1 would take the stock's top card now, not later
    pos["waste"], pos["stock"] = pos["stock"], []
    assert safe(game, pos) == "t1-f1"  # nothing left to refill it
