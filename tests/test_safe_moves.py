"""The solver's safe moves (seeds/solver.md, "Safe moves"): one test per condition, each on
a hand-built position, showing the move taken when the condition holds and refused when it
does not. Their soundness on whole searches is checked against the referee in test_solver.py."""
import json

import solitaire_engine as se
from solitaire_engine import variants as v
from solitaire_engine.cards import ACE
from positions import RANKS, position


def safe(game, pos):
    state = game.from_json(pos)
    move = state._core.safe_move()
    if move is None:
        return None
    code, pad = move
    if not pad:
        return state._core.move_text(code)
    talon = pos["waste"] + pos["stock"][::-1]  # in dealing order
    return f"{state._core.move_text(code)} {talon[pad - 1]}"  # dealt round to first


NO_TAKEBACK = {"foundation_takeback": False}


def _test_game(name, decks, foundation, tableau):
    """A game of this file's: these foundations and tableau, a stock and a waste, one card
    dealt to each tableau pile; registered once per process."""
    def rule_table(options):
        return v.RuleTable(
            name=name,
            decks=decks,
            groups=(foundation, tableau, v.Group("stock"), v.Group("waste")),
            deal_steps=(v.DealRow("tableau", tuple(range(tableau.count))),),
            options=options,
        )

    try:
        v.register_game(v.GameInfo(name, "safe move test", 0, rule_table))
    except se.OptionError:
        pass  # registered by an earlier test in this process
    return se.load_game(name)


_UP_IN_SUIT = dict(build=tuple(v.ranks.up()), suit="same", empty_ranks=v.ranks.ranks(ACE), max_cards=13)


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
    # AD, in the stock, could go on 2C: 2C waits (the talon's AS goes up instead, dealt
    # round to: condition 6).
    assert safe(klondike(), pos) == "w-f2 AS"


def test_condition_3_a_foundation_that_takes_other_cards_too_is_a_choice():
    # Double Trigon: an empty foundation takes any Ace, so which Ace goes there is a choice.
    pos = position("double-trigon-solo", "stock", NO_TAKEBACK, redeals_left=-1,
                   tableau=[["AS"]] + [[]] * 8)
    assert safe(se.load_game("double-trigon-solo", **NO_TAKEBACK), pos) is None


def _two_takes_red_fives():
    # Foundations up in suit from the Ace, and their cards may come back down. The tableau
    # builds nothing but a red 5 on a 2: so a 2 taken back could hold a red 5, and nothing
    # can go on a 3 at all. Conditions 2 and 4 then look at different cards.
    two_takes_five = [0] * 13
    two_takes_five[1] = v.ranks.ranks(4)
    return _test_game("safe-two-five", 1, v.Group("foundation", 4, pile_suits=(0, 1, 2, 3), **_UP_IN_SUIT),
                      v.Group("tableau", 3, tuple(two_takes_five), suit="alternate", empty_ranks=v.ranks.ALL))


def _placed(game, foundations, tableau):
    """A position of `game` with these foundations and tableau, every other card in the stock."""
    pos = json.loads(game.deal(1).to_json())
    cards = [c.lstrip("#") for k in ("foundations", "tableau") for p in pos[k] for c in p]
    cards += pos["stock"] + pos["waste"]
    for c in [c for p in foundations + tableau for c in p]:
        cards.remove(c)
    pos["foundations"], pos["tableau"] = foundations, tableau
    pos["stock"], pos["waste"] = cards, []
    return pos


def test_condition_4_with_takeback_the_foundation_holds_nothing_wanted_back_first():
    game = _two_takes_red_fives()
    # f1..f4 take clubs, spades, hearts, diamonds. Nothing can ever go on the 3S (2), but the
    # 2S under it on f2 could come back down to an empty pile and hold the 5D, still out.
    hearts = [r + "H" for r in "A2345"]
    pos = _placed(game, [["AC"], ["AS", "2S"], hearts, ["AD", "2D", "3D", "4D"]], [["3S"], [], []])
    assert safe(game, pos) is None
    # With both red 5s home, nothing the 2S could hold is still out: the 3S goes up.
    pos = _placed(game, [["AC"], ["AS", "2S"], hearts, ["AD", "2D", "3D", "4D", "5D"]], [["3S"], [], []])
    assert safe(game, pos) == "t1-f2"
    # And an Ace goes to its empty foundation, in Klondike too: nothing on it to want back.
    pos = position("klondike", "stock", redeals_left=-1,
                   foundations=[["AC"], [], ["AH"], []], tableau=[["2C"], ["AS"]] + [[]] * 5)
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


def test_condition_6_dealing_one_by_one_any_talon_card_goes_up():
    # Round and round one card at a time, every talon card can be played at any moment and
    # one taken out regroups nothing: AS, second in the stock, goes up as if it were on the
    # waste, dealt round to in the same move. By threes it waits.
    def talon_safe(draw):
        options = {"draw": draw, **NO_TAKEBACK}
        pos = position("klondike", "stock", options, redeals_left=-1, tableau=[[]] * 7,
                       stock=["AS", "9D"], waste=["7H"])
        core = klondike(draw=draw).from_json(pos)._core
        move = core.safe_move()
        if move is None:
            assert len(core.solver_moves()) > 1
            return None
        assert core.solver_moves() == [move]  # tried alone
        talon = pos["waste"] + pos["stock"][::-1]  # in dealing order
        return core.move_text(move[0]), talon[move[1] - 1]
    assert talon_safe(1) == ("w-f2", "AS")
    assert talon_safe(3) is None


def _refilling():
    return _test_game("safe-refill", 1,
                      v.Group("foundation", 4, pile_suits=(0, 1, 2, 3), can_leave=False, **_UP_IN_SUIT),
                      v.Group("tableau", 2, empty_ranks=v.ranks.ALL, max_cards=1, fill="stock"))


def test_condition_6_a_card_whose_leaving_sets_off_a_refill_waits():
    game = _refilling()
    pos = json.loads(game.deal(1).to_json())
    cards = [c for p in pos["tableau"] for c in p] + pos["stock"] + pos["waste"]
    cards.remove("AC")
    pos["tableau"] = [["AC"], [cards.pop()]]
    pos["stock"], pos["waste"] = cards, []
    assert safe(game, pos) is None  # t1 would take the stock's top card now, not later
    pos["waste"], pos["stock"] = pos["stock"], []
    assert safe(game, pos) == "t1-f1"  # nothing left to refill it


def _klondike_up_to(clubs, spades, hearts, diamonds, top):
    suits = (("C", clubs), ("S", spades), ("H", hearts), ("D", diamonds))
    return position("klondike", "stock", redeals_left=-1,
                    foundations=[[r + s for r in RANKS[:n]] for s, n in suits],
                    tableau=[[top]] + [[]] * 6)


def test_condition_7_with_takeback_a_card_goes_up_once_nothing_could_need_what_it_would_hold():
    # Both black 4s are home, so only they could ever go on the 5H, and only if taken back.
    # They would be worth taking back only to hold a red 3, and both red 3s are home too.
    assert safe(klondike(takeback=True), _klondike_up_to(4, 4, 4, 3, "5H")) == "t1-f3"
    # The red Aces could come back down onto the 2C, but nothing could then go on them.
    assert safe(klondike(takeback=True), _klondike_up_to(1, 0, 1, 1, "2C")) == "t1-f1"


def test_condition_7_a_card_waits_while_what_could_go_on_it_might_still_be_wanted():
    # The 3D is still out: a winning line might take the 4S back onto the 5H to hold it. So
    # the 5H waits (the 3D itself goes up from the talon, dealt round to: condition 6).
    assert safe(klondike(takeback=True), _klondike_up_to(4, 4, 4, 2, "5H")) == "w-f4 3D"
    # The 4C is out: it could go on the 5H itself.
    assert safe(klondike(takeback=True), _klondike_up_to(3, 4, 4, 3, "5H")) == "w-f4 4D"


def test_condition_7_in_trigon_every_card_that_fits_its_foundation_goes_up():
    # Trigon builds down in suit: only the 4S could go on the 5S, and it is on the 5S's
    # own foundation, with the spades below it that it alone could hold.
    pos = position("trigon", "stock", redeals_left=-1,
                   foundations=[[], [r + "S" for r in "A234"], [], []], tableau=[["5S"]] + [[]] * 6)
    assert safe(se.load_game("trigon"), pos) == "t1-f2"


def test_condition_7_with_two_decks_a_card_waits_while_its_other_copy_is_out():
    # Double Trigon solo with takeback: any Ace starts any foundation, two of each card.
    # The other 2S is in the stock: either 2S could go on either spade foundation.
    pos = position("double-trigon-solo", "stock", redeals_left=-1,
                   foundations=[["AS"], ["AS"], ["AC"], ["AC"], ["AH"], ["AH"], ["AD"], ["AD"]],
                   tableau=[["2S"]] + [[]] * 8)
    assert safe(se.load_game("double-trigon-solo"), pos) is None


def test_condition_8_with_two_decks_a_card_goes_up_once_its_other_copy_is_home():
    # f1 holds the other 3S, on both 2S and both AS: only an AS could ever go on a 2S, so
    # the last 3S goes up on f2 rather than wait.
    pos = position("double-trigon-solo", "stock", redeals_left=-1,
                   foundations=[["AS", "2S", "3S"], ["AS", "2S"], [], [], [], [], [], []],
                   tableau=[["3S"]] + [[]] * 8)
    assert safe(se.load_game("double-trigon-solo"), pos) == "t1-f2"
    # From the waste too: with one card dealt at a time, the talon regroups nothing.
    pos = position("double-trigon-solo", "stock", redeals_left=-1,
                   foundations=[["AS", "2S", "3S"], ["AS", "2S"], [], [], [], [], [], []],
                   tableau=[[]] * 9, waste=["3S"])
    assert safe(se.load_game("double-trigon-solo"), pos) == "w-f2"


def test_settled_cards_are_never_taken_back_off_their_foundation():
    # Every card below the black 5s is home, so nothing that could go on a black 5 is still
    # out: the 5C and 5S are settled, and the solver never takes them back onto the 6D (a
    # legal move). With the 4H out (face down under the 6D), the 5C might still be wanted to
    # hold it, and may come back; the 4D, on which only settled black 3s could go, may not.
    def back_moves(hearts):
        pos = position("klondike", "stock", redeals_left=-1,
                       foundations=[[r + "C" for r in "A2345"], [r + "S" for r in "A2345"],
                                    [r + "H" for r in RANKS[:hearts]], [r + "D" for r in "A234"]],
                       tableau=[(["#4H"] if hearts < 4 else []) + ["#5H", "#5D", "6D"]] + [[]] * 6)
        core = klondike(takeback=True).from_json(pos)._core
        assert core.safe_move() is None
        legal = {core.move_text(c) for c in core.legal_moves()}
        tried = {core.move_text(c) for c, _ in core.solver_moves()}
        return sorted(m for m in legal if m[0] == "f"), sorted(m for m in tried if m[0] == "f")
    assert back_moves(4) == (["f1-t1", "f2-t1"], [])
    assert back_moves(3) == (["f1-t1", "f2-t1"], ["f1-t1", "f2-t1"])


def _two_deck_alternate():
    # Two decks; foundations up in suit from any Ace, and their cards may come back down;
    # the tableau builds down in alternate colours, so the card under a 2S on a foundation
    # (an AS) is not one the tableau could put on it (a red Ace).
    return _test_game("safe-two-deck-alternate", 2, v.Group("foundation", 8, **_UP_IN_SUIT),
                      v.Group("tableau", 3, tuple(v.ranks.down()), suit="alternate", empty_ranks=v.ranks.ALL))


def test_condition_8_only_where_a_tableau_could_hold_what_lies_under_a_card_at_home():
    game = _two_deck_alternate()
    spades = [["AS", "2S", "3S"], ["AS", "2S"]]
    assert safe(game, _placed(game, spades + [["AH"], ["AH"], ["AD"], ["AD"], [], []], [["3S"], [], []])) is None
