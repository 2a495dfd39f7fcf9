"""Aces and Kings and Acey and Kingsley: one test per numbered rule of play.

seeds/aces-and-kings.md and seeds/acey-and-kingsley.md number their rules alike (the latter
repeats the former's), so each rule test runs on both games. Rule 10 runs with the option
`empty_tableau="stock"`; every other rule test uses the default `empty_tableau="any"`.

Every position is built by hand with tests/positions.py. Unless a test says otherwise, the
cards a test does not name are buried at the bottom of reserve `r2`, under a "blocker" card
the test puts on top of `r2`. Stock and waste then hold exactly the cards the test gives them.
Every expectation is worked out from the rules documents, not copied from the engine.
"""
import json

import pytest

import solitaire_engine as se
from rule_asserts import assert_two_single_deals, assert_illegal, moves, play_then_undo  # noqa: F401
from positions import position

GAMES = ["aces-and-kings", "acey-and-kingsley"]
STOCK = {"empty_tableau": "stock"}

ACE_RUN = "A23456789TJQK"   # a full Ace foundation, bottom to top (rule 3)
KING_RUN = "KQJT98765432A"  # a full King foundation, bottom to top (rule 5)

per_game = pytest.mark.parametrize("game", GAMES)


def run(ranks, suit):
    return [r + suit for r in ranks]


def load(game, filler="r2", options=None, **kw):
    g = se.load_game(game, **(options or {}))
    return g.from_json(position(game, filler, options=options, **kw))


def targets(s):
    return {str(m).split("-")[1] for m in s.legal_moves()}


def fdn(**piles):
    """Eight foundations, empty except those named (f1=[...], f5=[...])."""
    return [list(piles.get(f"f{i}", [])) for i in range(1, 9)]


@per_game
def test_rule_01_one_card_per_move(game):
    """Rule 1: a move carries one card."""
    # f1 is AC 2C 3C. As a group, 2C-3C would fit on f2's AD, so a game that moved groups
    # would allow f1-f2x2; here only the top 3C moves (to the empty t1), and 3C alone does not
    # fit on AD.
    s = load(game, foundations=fdn(f1=["AC", "2C", "3C"], f2=["AD"]),
             tableau=[[], ["5C"], ["5D"], ["5H"]], reserves=[[], ["9S"]])
    listed = moves(s)
    assert "f1-t1" in listed
    assert not any("x" in m for m in listed)
    assert_illegal(s, "f1-f2x2", "f1-t1x2", "f1-f2")
    play_then_undo(s, "f1-t1", {"f1": ["AC", "2C"], "t1": ["3C"]})


@per_game
def test_rule_02_empty_ace_foundation_takes_any_ace(game):
    """Rule 2: an empty Ace foundation (f1-f4) takes any Ace."""
    # Two Aces of different suits. Near misses: a 2, a King (no wrap) and an Ace offered to a
    # King foundation.
    s = load(game, reserves=[["AH"], ["9C"]], waste=["2H"],
             tableau=[["AS"], ["KH"], ["5C"], ["5D"]])
    listed = moves(s)
    assert {"r1-f1", "r1-f2", "r1-f3", "r1-f4", "t1-f1", "t1-f4"} <= listed
    assert_illegal(s, "r1-f5", "w-f1", "t2-f1", "t1-f8")
    play_then_undo(s, "r1-f1", {"f1": ["AH"], "r1": []})
    play_then_undo(s, "t1-f2", {"f2": ["AS"], "t1": []})


@per_game
def test_rule_03_ace_foundation_builds_up_any_suit_without_wrap(game):
    """Rule 3: a non-empty Ace foundation takes any suit one rank above; no wrap."""
    # f1 is AC 2C 3C: any 4 fits (4H, another suit); 5C (same suit, two above), 3D (same rank)
    # and 2H (one below) do not. f2 runs AS..KS: an Ace does not follow its King (no wrap;
    # rule 6 would forbid it too).
    s = load(game, foundations=fdn(f1=["AC", "2C", "3C"], f2=run(ACE_RUN, "S")),
             reserves=[["4H"], ["9C"]], waste=["5C"],
             tableau=[["3D"], ["2H"], ["AD"], ["9S"]])
    listed = moves(s)
    assert {"r1-f1", "t3-f3"} <= listed
    assert_illegal(s, "w-f1", "t1-f1", "t2-f1", "t3-f2")
    play_then_undo(s, "r1-f1", {"f1": ["AC", "2C", "3C", "4H"], "r1": []})


@per_game
def test_rule_04_empty_king_foundation_takes_any_king(game):
    """Rule 4: an empty King foundation (f5-f8) takes any King."""
    # Near misses: a Queen, an Ace (no wrap) and a King offered to an Ace foundation.
    s = load(game, reserves=[["KH"], ["9C"]], waste=["QH"],
             tableau=[["KS"], ["AH"], ["5C"], ["5D"]])
    listed = moves(s)
    assert {"r1-f5", "r1-f6", "r1-f7", "r1-f8", "t1-f5", "t1-f8"} <= listed
    assert_illegal(s, "r1-f1", "w-f5", "t2-f5", "t1-f4")
    play_then_undo(s, "r1-f5", {"f5": ["KH"], "r1": []})


@per_game
def test_rule_05_king_foundation_builds_down_any_suit_without_wrap(game):
    """Rule 5: a non-empty King foundation takes any suit one rank below; no wrap."""
    # f5 is KC QC JC: any 10 fits (TD); 9C (same suit, two below), JD (same rank) and QD (one
    # above) do not. f6 runs KS..AS: a King does not follow its Ace (no wrap).
    s = load(game, foundations=fdn(f5=["KC", "QC", "JC"], f6=run(KING_RUN, "S")),
             reserves=[["TD"], ["9H"]], waste=["9C"],
             tableau=[["JD"], ["QD"], ["KD"], ["5S"]])
    listed = moves(s)
    assert {"r1-f5", "t3-f7"} <= listed
    assert_illegal(s, "w-f5", "t1-f5", "t2-f5", "t3-f6")
    play_then_undo(s, "r1-f5", {"f5": ["KC", "QC", "JC", "TD"], "r1": []})


@per_game
def test_rule_06_foundation_holds_at_most_13_cards(game):
    """Rule 6: no foundation ever holds more than 13 cards."""
    # f1 is a finished Ace pile (A..K) and f5 a finished King pile (K..A): they take nothing,
    # not even the Ace / King a wrap would allow, while the same cards go to empty foundations
    # of their kind. The tableau is full so foundation tops have nowhere else to go.
    s = load(game, foundations=fdn(f1=run(ACE_RUN, "C"), f5=run(KING_RUN, "D")),
             reserves=[["AH"], ["9C"]], waste=["KH"],
             tableau=[["5C"], ["5D"], ["5H"], ["5S"]])
    listed = moves(s)
    assert {"r1-f2", "w-f6"} <= listed
    assert "f1" not in targets(s) and "f5" not in targets(s)
    assert_illegal(s, "r1-f1", "w-f5")


@per_game
def test_rule_07_foundation_top_card_can_be_taken_off_again(game):
    """Rule 7: a foundation's top card may go to another foundation or an empty tableau pile."""
    # f1 (Ace pile) tops 5C, f5 (King pile) tops 6D: 5C fits on f5 and 6D on f1, across the two
    # kinds. 5C may also go to the empty t1, but not onto t2's 4S or t3's 6S (nothing is built
    # on the tableau), nor to a reserve, the waste or an empty Ace foundation.
    s = load(game, foundations=fdn(f1=run("A2345", "C"), f5=run("KQJT9876", "D")),
             tableau=[[], ["4S"], ["6S"], ["9H"]], reserves=[["8C"], ["9C"]], waste=["8S"])
    listed = moves(s)
    assert {"f1-f5", "f5-f1", "f1-t1", "f5-t1"} <= listed
    assert_illegal(s, "f1-t2", "f1-t3", "f1-r1", "f1-w", "f1-f2")
    play_then_undo(s, "f1-f5", {"f1": run("A234", "C"), "f5": run("KQJT9876", "D") + ["5C"]})
    play_then_undo(s, "f5-f1", {"f1": run("A2345", "C") + ["6D"], "f5": run("KQJT987", "D")})
    play_then_undo(s, "f1-t1", {"f1": run("A234", "C"), "t1": ["5C"]})


def test_acey_rule_07_starting_cards_move_like_any_foundation_top():
    """Acey and Kingsley rule 7: a starting foundation card can be taken off again, e.g. A♣
    from f1 onto a 2 on a King foundation, to an empty tableau pile, or to an emptied Ace
    foundation (the doc's own example)."""
    # f1 holds only AC; f2 has been emptied; f5 runs KD..2D; f6 holds KS (an Ace is not one
    # below a King); t1 is empty and t2 occupied.
    s = load("acey-and-kingsley",
             foundations=fdn(f1=["AC"], f3=["AH"], f4=["AD"], f5=run("KQJT98765432", "D"),
                             f6=["KS"], f7=["KH"], f8=["KC"]),
             tableau=[[], ["9H"], ["9D"], ["9S"]], reserves=[["8C"], ["8H"]], waste=["8D"])
    listed = moves(s)
    assert {"f1-f5", "f1-t1", "f1-f2"} <= listed
    assert_illegal(s, "f1-f6", "f1-t2", "f6-f1")
    play_then_undo(s, "f1-f5", {"f1": [], "f5": run("KQJT98765432", "D") + ["AC"]})
    play_then_undo(s, "f1-t1", {"f1": [], "t1": ["AC"]})
    play_then_undo(s, "f1-f2", {"f1": [], "f2": ["AC"]})


@per_game
def test_rule_08_tableau_pile_holds_at_most_one_card(game):
    """Rule 8: a tableau pile never holds more than one card; nothing is built on it."""
    # t1's 5H would take 4S or 6D in a building game, and 5H would fit on t3's 6C; none of
    # that is allowed. The empty t2 takes a single card.
    s = load(game, tableau=[["5H"], [], ["6C"], ["4D"]], reserves=[["4S"], ["9C"]],
             waste=["6D"])
    listed = moves(s)
    assert {"r1-t2", "t1-t2", "w-t2"} <= listed
    assert targets(s) & {"t1", "t3", "t4"} == set()
    assert_illegal(s, "r1-t1", "w-t1", "t1-t3", "t4-t1")
    s.play("r1-t2")
    assert s.pile("t2") == ["4S"]
    assert not any(t.startswith("t") for t in targets(s))
    assert_illegal(s, "w-t2", "t1-t2")


@per_game
def test_rule_09_default_empty_tableau_takes_any_card_and_only_from_the_player(game):
    """Rule 9: with empty_tableau="any", an empty tableau pile takes any single card from the
    waste, a reserve, another tableau pile or a foundation; nothing else ever fills it."""
    # t1 is empty while the stock still holds 9S: under this option the stock does not refill
    # it, and emptying t2 does not draw from the stock either.
    s = load(game, tableau=[[], ["3C"], ["QD"], ["JH"]], waste=["7D"], stock=["9S"],
             reserves=[["QS"], ["6C"]], foundations=fdn(f1=["AH", "2H"]))
    listed = moves(s)
    assert {"w-t1", "r1-t1", "r2-t1", "t2-t1", "f1-t1"} <= listed
    assert s.pile("t1") == []
    play_then_undo(s, "w-t1", {"t1": ["7D"], "w": []})
    play_then_undo(s, "r1-t1", {"t1": ["QS"], "r1": []})
    play_then_undo(s, "f1-t1", {"t1": ["2H"], "f1": ["AH"]})
    play_then_undo(s, "t2-t1", {"t1": ["3C"], "t2": [], "s": ["9S"]})
    # s-w feeds the waste only; the empty pile stays empty.
    s.play("s-w")
    assert s.pile("w") == ["7D", "9S"]
    assert s.pile("t1") == []


@per_game
def test_rule_10_stock_option_refills_emptied_tableau_pile_from_stock_top(game):
    """Rule 10 (first point), empty_tableau="stock": when a move removes a tableau card while
    the stock has cards, the stock's top card goes face up into that pile in the same move."""
    # Unnamed cards lie at the bottom of the stock; its top two are 9C, then KS on top.
    # t1's 5C goes to f1 (on 4D), t2's 7D to f5 (on 8H): either way the pile takes KS.
    # A reserve card going up (r1's 5S onto 4D) takes no stock card.
    s = load(game, filler="stock", options=STOCK, stock=["9C", "KS"],
             tableau=[["5C"], ["7D"], ["8D"], ["9D"]], reserves=[["5S"], []],
             foundations=fdn(f1=run("A234", "D"), f5=run("KQJT98", "H")))
    stock = s.pile("s")
    assert stock[-2:] == ["9C", "KS"]
    play_then_undo(s, "t1-f1", {"f1": run("A234", "D") + ["5C"], "t1": ["KS"],
                                "s": stock[:-1], "w": []})
    play_then_undo(s, "t2-f5", {"f5": run("KQJT98", "H") + ["7D"], "t2": ["KS"],
                                "s": stock[:-1]})
    play_then_undo(s, "r1-f1", {"f1": run("A234", "D") + ["5S"], "r1": [], "s": stock})
    before = json.loads(s.to_json())
    s.play("t1-f1")
    assert [str(m) for m in s.moves] == ["t1-f1"]  # one move, refill included
    s.undo()
    assert json.loads(s.to_json()) == before


@per_game
def test_rule_10_stock_option_no_tableau_pile_empty_while_stock_lasts(game):
    """Rule 10 (second point), empty_tableau="stock": while the stock has cards, no tableau
    pile is ever empty."""
    # The stock is exactly JC under TC. Two tableau cards go up in turn; after each move all
    # four piles still hold one card, and no move into the tableau is ever offered.
    s = load(game, options=STOCK, stock=["JC", "TC"],
             tableau=[["5C"], ["6H"], ["2S"], ["3S"]], waste=["8H"],
             reserves=[["8C"], ["9S"]], foundations=fdn(f1=run("A234", "D")))

    def all_four_hold_one_card():
        return all(len(s.pile(f"t{i}")) == 1 for i in range(1, 5))

    assert all_four_hold_one_card()
    assert not any(t.startswith("t") for t in targets(s))
    s.play("t1-f1")
    assert s.pile("t1") == ["TC"]
    assert all_four_hold_one_card()
    assert not any(t.startswith("t") for t in targets(s))
    s.play("t2-f1")
    assert s.pile("t2") == ["JC"]
    assert s.pile("f1") == run("A234", "D") + ["5C", "6H"]
    assert s.pile("s") == []
    assert all_four_hold_one_card()


@per_game
def test_rule_10_stock_option_once_stock_is_empty_a_space_takes_any_card(game):
    """Rule 10 (third point), empty_tableau="stock": once the stock is empty, an emptied
    tableau pile stays empty until the player fills it with any single card (as in rule 9)."""
    # The stock is exactly 9H. t1-f1 deals 9H into t1 and empties the stock; t2-f1 then
    # leaves t2 empty. From then on any single card may go there.
    s = load(game, options=STOCK, stock=["9H"],
             tableau=[["5C"], ["6H"], ["2S"], ["3S"]], waste=["7D"],
             reserves=[["QS"], ["9C"]], foundations=fdn(f1=run("A234", "D")))
    s.play("t1-f1")
    assert s.pile("t1") == ["9H"]
    assert s.pile("s") == []
    s.play("t2-f1")
    assert s.pile("t2") == []
    assert s.pile("f1") == run("A234", "D") + ["5C", "6H"]
    listed = moves(s)
    assert {"w-t2", "r1-t2", "r2-t2", "t1-t2", "f1-t2"} <= listed
    assert_illegal(s, "w-t1", "r1-t3")  # occupied piles still take nothing (rule 8)
    play_then_undo(s, "r1-t2", {"t2": ["QS"], "r1": []})
    play_then_undo(s, "f1-t2", {"t2": ["6H"], "f1": run("A234", "D") + ["5C"]})
    play_then_undo(s, "t1-t2", {"t2": ["9H"], "t1": []})  # stock empty: t1 stays empty


@per_game
def test_rule_11_reserves_take_nothing_and_only_their_top_card_plays(game):
    """Rule 11: reserves never take cards; only their top cards can be played."""
    # r1 is 2C under 5D. The covered 2C would fit f1's AS, but only 5D may move (to the empty
    # t1). No card from anywhere may go onto a reserve.
    s = load(game, reserves=[["2C", "5D"], ["9S"]], foundations=fdn(f1=["AS"]),
             tableau=[[], ["9C"], ["9D"], ["9H"]], waste=["6H"])
    assert not any(t.startswith("r") for t in targets(s))
    assert_illegal(s, "r1-f1", "w-r1", "t2-r1", "f1-r1", "r2-r1")
    s.play("r1-t1")
    assert s.pile("r1") == ["2C"]
    assert s.pile("t1") == ["5D"]
    assert "r1-f1" in moves(s)
    s.play("r1-f1")
    assert s.pile("f1") == ["AS", "2C"]
    assert s.pile("r1") == []


@per_game
def test_rule_12_waste_receives_only_from_stock_and_only_its_top_plays(game):
    """Rule 12: the waste only receives cards from the stock; only its top card can be played."""
    # Waste 2D under 9S: the covered 2D would fit f1's AC, but only 9S plays (to the empty t1).
    # Tableau, reserve and foundation cards never go to the waste; s-w feeds it.
    s = load(game, waste=["2D", "9S"], stock=["JC"], foundations=fdn(f1=["AC"]),
             tableau=[[], ["4H"], ["5H"], ["6H"]], reserves=[["7H"], ["9C"]])
    listed = moves(s)
    assert {"w-t1", "s-w"} <= listed
    assert [m for m in listed if m.endswith("-w")] == ["s-w"]
    assert_illegal(s, "w-f1", "t2-w", "r1-w", "f1-w")
    play_then_undo(s, "s-w", {"w": ["2D", "9S", "JC"], "s": []})
    s.play("w-t1")
    assert s.pile("w") == ["2D"]
    assert s.pile("t1") == ["9S"]
    assert "w-f1" in moves(s)


@per_game
def test_rule_13_deal_turns_one_stock_card_face_up_onto_waste(game):
    """Rule 13: s-w turns the stock's top card face up onto the waste, one card per move."""
    # Stock is 4C under JD. r1's AH could go to a foundation: dealing is allowed anyway.
    s = load(game, stock=["4C", "JD"], waste=["9S"], reserves=[["AH"], ["9C"]],
             tableau=[["5C"], ["5D"], ["5H"], ["5S"]])
    assert {"s-w", "r1-f1"} <= moves(s)
    assert_two_single_deals(s, ["9S"], ["4C", "JD"])


@per_game
def test_rule_14_no_redeal(game):
    """Rule 14: there are no redeals; w-s is never legal."""
    # Stock empty, waste full: the very position where a redeal would be possible elsewhere.
    s = load(game, waste=["5C", "9D", "JH"], reserves=[["AH"], ["9C"]],
             tableau=[["5C"], ["5D"], ["5H"], ["5S"]])
    assert "w-s" not in moves(s)
    assert "r1-f1" in moves(s)  # the position is not dead; only the redeal is missing
    assert_illegal(s, "w-s")


@per_game
def test_rule_15_moves_between_piles_of_the_same_kind(game):
    """Rule 15: a card may move foundation to foundation or tableau to tableau when the target
    accepts it."""
    # Ace piles: f1 tops 3C, f2 tops 2D: 3C onto 2D, not 2D onto 3C; f3's lone AH to the empty
    # f4. King piles: f5 tops QH, f6 is KS: QH onto KS, not KS onto QH; KS to the empty f7.
    # Tableau: t1's 7C to the empty t2, but not onto t3's 8D; t4's 6S not onto t1.
    s = load(game, foundations=fdn(f1=["AC", "2C", "3C"], f2=["AD", "2D"], f3=["AH"],
                                   f5=["KH", "QH"], f6=["KS"]),
             tableau=[["7C"], [], ["8D"], ["6S"]], reserves=[[], ["9C"]])
    listed = moves(s)
    assert {"f1-f2", "f3-f4", "f5-f6", "f6-f7", "t1-t2", "t3-t2", "t4-t2"} <= listed
    assert_illegal(s, "f2-f1", "f6-f5", "t1-t3", "t4-t1")
    play_then_undo(s, "f1-f2", {"f1": ["AC", "2C"], "f2": ["AD", "2D", "3C"]})
    play_then_undo(s, "f5-f6", {"f5": ["KH"], "f6": ["KS", "QH"]})
    play_then_undo(s, "f3-f4", {"f3": [], "f4": ["AH"]})
    play_then_undo(s, "t1-t2", {"t1": [], "t2": ["7C"]})


def _complete_foundations():
    return [run(ACE_RUN, suit) for suit in "CDHS"] + [run(KING_RUN, suit) for suit in "CDHS"]


VARIANTS = pytest.mark.parametrize("game,options", [
    ("aces-and-kings", None), ("aces-and-kings", STOCK),
    ("acey-and-kingsley", None), ("acey-and-kingsley", STOCK)])


@VARIANTS
def test_win_one_move_from_the_end(game, options):
    """Winning: all 104 cards on the foundations (for Acey and Kingsley, counting the eight
    starting cards)."""
    # Every card is on a foundation except f8's last card AS, the only card of t1. Stock is
    # empty. f8 (KS..2S) wants an Ace: t1's AS.
    f = _complete_foundations()
    f[7] = f[7][:-1]
    s = load(game, filler="t1", options=options, foundations=f, tableau=[["AS"], [], [], []])
    assert not s.is_won()
    assert not s.is_over()
    assert "t1-f8" in moves(s)
    s.play("t1-f8")
    assert s.is_won()
    assert s.pile("f8") == run(KING_RUN, "S")
    assert all(len(s.pile(f"f{i}")) == 13 for i in range(1, 9))
    # "Over" means no legal move is left. Even after the win, a foundation's top card may still
    # go to an empty tableau pile (rule 7 with rule 9, or rule 10 once the stock is empty), so
    # by the letter of the document the won game is not over.
    assert "f1-t1" in moves(s)
    assert s.is_over() == (not moves(s))
    s.undo()
    assert not s.is_won()


@VARIANTS
def test_dead_position_is_over(game, options):
    """Winning: the game is over when no legal move is left."""
    # Stock empty, foundations empty, every tableau pile holds its one card (rule 8), and no
    # top card is an Ace or a King: r1 QH, r2 7C, waste 9D, tableau 5s. w-s is never legal.
    kw = dict(reserves=[["QH"], ["7C"]], waste=["9D"], tableau=[["5C"], ["5D"], ["5H"], ["5S"]])
    s = load(game, options=options, **kw)
    assert moves(s) == set()
    assert s.is_over()
    assert not s.is_won()
    # Near misses: a King on r1, or one card in the stock, and the game goes on.
    s = load(game, options=options, **dict(kw, reserves=[["KH"], ["7C"]]))
    assert moves(s) == {"r1-f5", "r1-f6", "r1-f7", "r1-f8"}
    assert not s.is_over()
    s = load(game, options=options, stock=["4H"], **kw)
    assert moves(s) == {"s-w"}
    assert not s.is_over()


@pytest.mark.parametrize("number", [1, 2, 617, 100000])
def test_acey_layout_foundations_start_with_aces_and_kings(number):
    """Acey and Kingsley layout / deal step 1: f1..f8 start with A♣ A♠ A♥ A♦ K♣ K♠ K♥ K♦;
    13 cards per reserve, one per tableau pile, one on the waste, 65 in the stock."""
    pos = json.loads(se.load_game("acey-and-kingsley").deal(number).to_json())
    assert pos["foundations"] == [["AC"], ["AS"], ["AH"], ["AD"], ["KC"], ["KS"], ["KH"], ["KD"]]
    assert [len(r) for r in pos["reserves"]] == [13, 13]
    assert [len(t) for t in pos["tableau"]] == [1, 1, 1, 1]
    assert len(pos["waste"]) == 1
    assert len(pos["stock"]) == 65
