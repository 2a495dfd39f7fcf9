"""Deuces and Queens: one test per numbered rule of play in seeds/deuces-and-queens.md.

Every position is built by hand with tests/positions.py. Unless a test says otherwise, the
cards a test does not name are buried at the bottom of reserve `r3`, under a "blocker" card
the test puts on top of `r3` and picks so that it fits nowhere that matters. Stock and waste
then hold exactly the cards the test gives them. Every expectation is worked out from the
rules document, not copied from the engine.
"""
import json


import solitaire_engine as se
from rule_asserts import assert_two_single_deals, assert_illegal, moves, play_then_undo  # noqa: F401
from positions import position

GAME = "deuces-and-queens"
G = se.load_game(GAME)

DEUCE_RUN = "23456789TJQKA"  # a full deuce foundation, bottom to top (rule 3)
QUEEN_RUN = "QJT98765432AK"  # a full queen foundation, bottom to top (rule 5)


def run(ranks, suit):
    return [r + suit for r in ranks]


def load(filler="r3", **kw):
    return G.from_json(position(GAME, filler, **kw))


def test_rule_01_one_card_per_move_groups_never_move():
    """Rule 1: a move carries one card; groups never move together."""
    # t1 holds 6D with 5C on it. As a group, 6D-5C would fit on t2's 7H (6 is one below 7),
    # so a game that moved groups would allow t1-t2x2. Here only the single top card 5C
    # moves, and it fits t3's 4S but not t2's 7H.
    s = load(tableau=[["6D", "5C"], ["7H"], ["4S"], ["9H"]],
             reserves=[["KC"], ["KD"], ["KH"]])
    listed = moves(s)
    assert "t1-t3" in listed
    assert not any("x" in m for m in listed)
    assert_illegal(s, "t1-t2x2", "t1-t3x2", "t1-t2")
    play_then_undo(s, "t1-t3", {"t1": ["6D"], "t3": ["4S", "5C"]})


def test_rule_02_empty_deuce_foundation_takes_any_2():
    """Rule 2: an empty deuce foundation (f1-f4) takes any 2."""
    # Two 2s of different suits; near misses: a 3 (one above), an Ace (the rank before 2 in
    # the wrap) and the 2 offered to a queen foundation. Stock is empty, so the empty tableau
    # piles t2-t4 stay empty (rule 11) and play no part.
    s = load(reserves=[["2H"], ["3H"], ["KC"]], tableau=[["2S"], [], [], []], waste=["AH"])
    listed = moves(s)
    assert {"r1-f1", "r1-f2", "r1-f3", "r1-f4", "t1-f1", "t1-f4"} <= listed
    assert_illegal(s, "r2-f1", "w-f1", "r1-f5", "t1-f8")
    play_then_undo(s, "r1-f1", {"f1": ["2H"], "r1": []})
    play_then_undo(s, "t1-f3", {"f3": ["2S"], "t1": []})


def test_rule_03_deuce_foundation_builds_up_any_suit_wrapping_king_to_ace():
    """Rule 3: a non-empty deuce foundation takes any suit one rank above; after K comes A."""
    # f1 runs 2C..KC (12 cards), so it wants an Ace next (the wrap); Q is one *below* K.
    # f2 is 2D 3D: any 4 fits (4S, another suit); 5D (same suit, two above) and 3H (same rank)
    # do not.
    s = load(foundations=[run("23456789TJQK", "C"), ["2D", "3D"], [], [], [], [], [], []],
             reserves=[["AH"], ["QD"], ["5D"]], waste=["4S"], tableau=[["3H"], [], [], []])
    listed = moves(s)
    assert {"r1-f1", "w-f2"} <= listed
    assert_illegal(s, "r2-f1", "r3-f2", "t1-f2", "r1-f2")
    play_then_undo(s, "r1-f1", {"f1": run("23456789TJQK", "C") + ["AH"], "r1": []})
    play_then_undo(s, "w-f2", {"f2": ["2D", "3D", "4S"], "w": []})


def test_rule_04_empty_queen_foundation_takes_any_queen():
    """Rule 4: an empty queen foundation (f5-f8) takes any Queen."""
    # Near misses: a King (one above Q), a Jack (one below) and the Queen offered to a deuce
    # foundation.
    s = load(reserves=[["QS"], ["KS"], ["7C"]], waste=["JS"], tableau=[["QH"], [], [], []])
    listed = moves(s)
    assert {"r1-f5", "r1-f6", "r1-f7", "r1-f8", "t1-f5", "t1-f8"} <= listed
    assert_illegal(s, "r1-f1", "r2-f5", "w-f5", "t1-f4")
    play_then_undo(s, "r1-f5", {"f5": ["QS"], "r1": []})


def test_rule_05_queen_foundation_builds_down_any_suit_wrapping_ace_to_king():
    """Rule 5: a non-empty queen foundation takes any suit one rank below; after A comes K."""
    # f5 runs QC..AC (12 cards), so it wants a King next (the wrap); 2 is one *above* A.
    # f6 is QD JD: any 10 fits (TS); 9D (same suit, two below) and JH (same rank) do not.
    s = load(foundations=[[], [], [], [], run("QJT98765432A", "C"), ["QD", "JD"], [], []],
             reserves=[["KH"], ["2D"], ["JH"]], waste=["TS"], tableau=[["9D"], [], [], []])
    listed = moves(s)
    assert {"r1-f5", "w-f6"} <= listed
    assert_illegal(s, "r2-f5", "t1-f6", "r3-f6", "r1-f6")
    play_then_undo(s, "r1-f5", {"f5": run("QJT98765432A", "C") + ["KH"], "r1": []})
    play_then_undo(s, "w-f6", {"f6": ["QD", "JD", "TS"], "w": []})


def test_rule_06_foundation_holds_at_most_13_cards():
    """Rule 6: no foundation ever holds more than 13 cards."""
    # f1 is a finished deuce pile (2..K, A) and f5 a finished queen pile (Q..A, K). By the wrap
    # alone a 2 would follow f1's Ace and a Queen would follow f5's King; the 13-card limit
    # forbids both. The same cards still go to empty foundations of their kind.
    s = load(foundations=[run(DEUCE_RUN, "C"), [], [], [], run(QUEEN_RUN, "D"), [], [], []],
             reserves=[["2H"], ["QH"], ["7C"]])
    listed = moves(s)
    assert {"r1-f2", "r2-f6"} <= listed
    assert not any(m.endswith("-f1") or m.endswith("-f5") for m in listed)
    assert_illegal(s, "r1-f1", "r2-f5")


def test_rule_07_foundation_top_card_can_be_taken_off_again():
    """Rule 7: a foundation's top card may be played to another foundation or a tableau pile."""
    # f1 (deuce) tops 5C; f5 (queen) tops 6D. 5C fits on f5 (one below 6) and 6D fits on f1
    # (one above 5): moves across the two kinds, both ways. 5C also fits t1's 4H, not t2's 9S.
    # Reserves and waste never take cards, and an empty deuce foundation wants a 2.
    s = load(foundations=[["2C", "3C", "4C", "5C"], [], [], [],
                          ["QD", "JD", "TD", "9D", "8D", "7D", "6D"], [], [], []],
             tableau=[["4H"], ["9S"], [], []], reserves=[["8H"], ["8S"], ["8C"]], waste=["KS"])
    listed = moves(s)
    assert {"f1-f5", "f5-f1", "f1-t1"} <= listed
    assert_illegal(s, "f1-t2", "f1-r1", "f1-w", "f1-f2")
    play_then_undo(s, "f1-f5", {"f1": ["2C", "3C", "4C"],
                                "f5": ["QD", "JD", "TD", "9D", "8D", "7D", "6D", "5C"]})
    play_then_undo(s, "f5-f1", {"f1": ["2C", "3C", "4C", "5C", "6D"],
                                "f5": ["QD", "JD", "TD", "9D", "8D", "7D"]})
    play_then_undo(s, "f1-t1", {"f1": ["2C", "3C", "4C"], "t1": ["4H", "5C"]})


def test_rule_08_tableau_builds_up_or_down_any_suit_wrapping_both_ways():
    """Rule 8: a non-empty tableau pile takes any suit one rank above or below, wrapping."""
    # AS fits on KC (wrap) and 2D, not on 3H or QH. KS fits on QH, not on KC, 2D or 3H; once
    # AS lies on KC, KS fits on that Ace (wrap the other way). Blocker 7C fits nowhere.
    s = load(tableau=[["KC"], ["2D"], ["3H"], ["QH"]], reserves=[["AS"], ["KS"], ["7C"]])
    listed = moves(s)
    assert {"r1-t1", "r1-t2", "r2-t4"} <= listed
    assert_illegal(s, "r1-t3", "r1-t4", "r2-t1", "r2-t2", "r2-t3")
    play_then_undo(s, "r1-t2", {"t2": ["2D", "AS"], "r1": []})
    play_then_undo(s, "r2-t4", {"t4": ["QH", "KS"], "r2": []})
    s.play("r1-t1")
    assert s.pile("t1") == ["KC", "AS"]
    assert "r2-t1" in moves(s)
    s.play("r2-t1")
    assert s.pile("t1") == ["KC", "AS", "KS"]
    assert s.pile("r2") == []


def test_rule_09_tableau_pile_grows_to_any_size():
    """Rule 9: a tableau pile may grow to any size."""
    # t1 already holds 16 cards (AC..KC, then AD 2D 3D: each one rank from the last, with
    # the K-A wrap), more than any foundation may hold. It still takes 4H, then 5S.
    t1 = run("A23456789TJQK", "C") + ["AD", "2D", "3D"]
    s = load(tableau=[t1, [], [], []], reserves=[["4H"], ["5S"], ["9H"]])
    s.play("r1-t1")
    assert s.pile("t1") == t1 + ["4H"]
    assert "r2-t1" in moves(s)
    s.play("r2-t1")
    assert s.pile("t1") == t1 + ["4H", "5S"]
    assert len(s.pile("t1")) == 18


def test_rule_10_empty_tableau_pile_cannot_be_filled_by_hand():
    """Rule 10: an empty tableau pile cannot be filled by hand."""
    # Stock empty, t1/t3/t4 empty. 7H (reserve) and 9D (waste) may go on t2's 8S but into no
    # empty pile; neither may t2's card or a foundation's top card.
    s = load(tableau=[[], ["8S"], [], []], reserves=[["7H"], ["5D"], ["JC"]], waste=["9D"],
             foundations=[["2C", "3C"], [], [], [], [], [], [], []])
    listed = moves(s)
    assert {"r1-t2", "w-t2"} <= listed
    assert not any(m.split("-")[1] in ("t1", "t3", "t4") for m in listed)
    assert_illegal(s, "r1-t1", "w-t1", "t2-t1", "f1-t1", "r2-t3", "r3-t4")


def test_rule_11_emptied_tableau_pile_is_refilled_from_stock_top():
    """Rule 11 (first half): emptying a tableau pile while the stock has cards deals the
    stock's top card face up into it, as part of the same move."""
    # Cards not named lie at the bottom of the stock; its top two are 9H, then KS on top.
    # t1's only card 5C goes to f1 (on 4D) or to t2 (on 6D): either way t1 takes KS.
    # t2's 6D onto t1's 5C leaves 7S in t2, so nothing is dealt.
    s = load(filler="stock", stock=["9H", "KS"],
             tableau=[["5C"], ["7S", "6D"], ["9C"], ["9S"]],
             foundations=[["2D", "3D", "4D"], [], [], [], [], [], [], []])
    stock = s.pile("s")
    assert stock[-2:] == ["9H", "KS"]
    play_then_undo(s, "t1-f1", {"f1": ["2D", "3D", "4D", "5C"], "t1": ["KS"],
                                "s": stock[:-1], "w": []})
    play_then_undo(s, "t1-t2", {"t2": ["7S", "6D", "5C"], "t1": ["KS"], "s": stock[:-1]})
    play_then_undo(s, "t2-t1", {"t1": ["5C", "6D"], "t2": ["7S"], "s": stock})
    # The refill is part of the one move: one undo restores everything.
    before = json.loads(s.to_json())
    s.play("t1-f1")
    assert [str(m) for m in s.moves] == ["t1-f1"]
    s.undo()
    assert json.loads(s.to_json()) == before


def test_rule_11_emptied_tableau_pile_stays_empty_once_stock_is_empty():
    """Rule 11 (second half): once the stock is empty, an emptied tableau pile stays empty."""
    # Stock empty; the waste holds KH, which must not be used as a refill either.
    s = load(tableau=[["5C"], ["9S"], ["9D"], ["9H"]], waste=["KH"],
             foundations=[["2D", "3D", "4D"], [], [], [], [], [], [], []],
             reserves=[["JD"], ["JS"], ["JC"]])
    s.play("t1-f1")
    assert s.pile("t1") == []
    assert s.pile("w") == ["KH"]
    assert s.pile("f1") == ["2D", "3D", "4D", "5C"]
    assert not any(m.endswith("-t1") for m in moves(s))
    assert_illegal(s, "w-t1", "f1-t1", "t2-t1")


def test_rule_12_reserves_take_nothing_and_only_their_top_card_plays():
    """Rule 12: reserves never take cards; only their top cards can be played."""
    # r1 is 3H under 2S. The covered 3H would fit f1's 2D, but only 2S may move (to an empty
    # deuce foundation). 5D (tableau) and 5H (waste) are one above r2's 4C, yet reserves
    # take nothing.
    s = load(reserves=[["3H", "2S"], ["4C"], ["JC"]], tableau=[["5D"], [], [], []],
             waste=["5H"], foundations=[["2D"], [], [], [], [], [], [], []])
    listed = moves(s)
    assert not any(m.split("-")[1].startswith("r") for m in listed)
    assert_illegal(s, "r1-f1", "t1-r2", "w-r2", "f1-r1", "r2-r1")
    s.play("r1-f2")
    assert s.pile("r1") == ["3H"]
    assert s.pile("f2") == ["2S"]
    assert "r1-f1" in moves(s)
    s.play("r1-f1")
    assert s.pile("f1") == ["2D", "3H"]
    assert s.pile("r1") == []


def test_rule_13_waste_receives_only_from_stock_and_only_its_top_plays():
    """Rule 13: the waste only receives cards from the stock; only its top card can be played."""
    # Waste 3S under 7H: the covered 3S would fit f1's 2D but only 7H plays (onto t1's 8C).
    # 6C (tableau), 6H (reserve) and 2D (foundation) are one below 7H, yet the waste takes
    # nothing from them. Only s-w feeds it.
    s = load(waste=["3S", "7H"], stock=["9D"],
             tableau=[["8C"], ["6C"], ["QC"], ["QD"]],
             reserves=[["6H"], ["KH"], ["JC"]],
             foundations=[["2D"], [], [], [], [], [], [], []])
    listed = moves(s)
    assert {"w-t1", "s-w"} <= listed
    assert not any(m.endswith("-w") and m != "s-w" for m in listed)
    assert_illegal(s, "w-f1", "t2-w", "r1-w", "f1-w")
    play_then_undo(s, "s-w", {"w": ["3S", "7H", "9D"], "s": []})
    s.play("w-t1")
    assert s.pile("w") == ["3S"]
    assert s.pile("t1") == ["8C", "7H"]
    assert "w-f1" in moves(s)


def test_rule_14_deal_turns_one_stock_card_face_up_onto_waste():
    """Rule 14: s-w turns the stock's top card face up onto the waste, one card per move."""
    # Stock is 4C under JD. r1's 2H could go to a foundation: dealing is allowed anyway.
    s = load(stock=["4C", "JD"], waste=["9S"], reserves=[["2H"], ["5H"], ["7C"]],
             tableau=[["KC"], ["KD"], ["KH"], ["KS"]])
    assert {"s-w", "r1-f1"} <= moves(s)
    assert_two_single_deals(s, ["9S"], ["4C", "JD"])


def test_rule_15_no_redeal():
    """Rule 15: there are no redeals; w-s is never legal."""
    # Stock empty, waste full: the very position where a redeal would be possible elsewhere.
    s = load(waste=["5C", "9D", "JH"], reserves=[["2H"], ["8H"], ["7C"]])
    assert "w-s" not in moves(s)
    assert "r1-f1" in moves(s)  # the position is not dead; only the redeal is missing
    assert_illegal(s, "w-s")


def test_rule_16_moves_between_piles_of_the_same_kind():
    """Rule 16: a card may move foundation to foundation or tableau to tableau when the target
    accepts it."""
    # Deuce piles: f1 tops 5C, f2 tops 4D: 5C may go onto 4D, not 4D onto 5C; f3's lone 2H
    # may go to the empty f4 (a pointless but legal move). Queen piles: f5 tops JH, f6 is QS:
    # JH onto QS, not QS onto JH; QS to the empty f7. Tableau (stock empty): 9C and TD fit each
    # other both ways, JS onto TD; 9C not onto JS or 9H.
    s = load(foundations=[["2C", "3C", "4C", "5C"], ["2D", "3D", "4D"], ["2H"], [],
                          ["QH", "JH"], ["QS"], [], []],
             tableau=[["9C"], ["TD"], ["JS"], ["9H"]], reserves=[[], [], ["7C"]])
    listed = moves(s)
    assert {"f1-f2", "f3-f4", "f5-f6", "f6-f7", "t1-t2", "t2-t1", "t3-t2"} <= listed
    assert_illegal(s, "f2-f1", "f6-f5", "f1-f3", "t1-t3", "t1-t4")
    play_then_undo(s, "f1-f2", {"f1": ["2C", "3C", "4C"], "f2": ["2D", "3D", "4D", "5C"]})
    play_then_undo(s, "f5-f6", {"f5": ["QH"], "f6": ["QS", "JH"]})
    play_then_undo(s, "f3-f4", {"f3": [], "f4": ["2H"]})
    play_then_undo(s, "t1-t2", {"t1": [], "t2": ["TD", "9C"]})


def _complete_foundations():
    return [run(DEUCE_RUN, suit) for suit in "CDHS"] + [run(QUEEN_RUN, suit) for suit in "CDHS"]


def test_win_one_move_from_the_end():
    """Winning: all 104 cards on the foundations, 13 on each of the eight."""
    # Every card is on a foundation except f8's last card KS, which is r1's only card.
    # f8 (QS..2S, AS) wants a King: r1's KS, or the King on top of full f5, f6 or f7 (rule 7).
    # Nothing else can move: the deuce piles are full and their Aces fit nowhere (rule 6), the
    # tableau and the stock are empty (rules 10, 11).
    f = _complete_foundations()
    f[7] = f[7][:-1]
    s = load(filler="r1", foundations=f, reserves=[["KS"], [], []])
    assert not s.is_won()
    assert not s.is_over()
    assert moves(s) == {"r1-f8", "f5-f8", "f6-f8", "f7-f8"}
    s.play("r1-f8")
    assert s.is_won()
    assert s.pile("f8") == run(QUEEN_RUN, "S")
    # Every foundation now holds 13 cards and none takes more: no move is left.
    assert s.is_over()
    assert moves(s) == set()
    s.undo()
    assert not s.is_won()


def test_dead_position_is_over():
    """Winning: the game is over when no legal move is left."""
    # Stock empty, foundations and tableau empty. Tops: r1 9H, r2 5D, r3 7C, waste KS: none
    # is a 2 or a Queen, and an empty tableau pile takes nothing (rule 10); w-s is never legal.
    dead = position(GAME, "r3", reserves=[["9H"], ["5D"], ["7C"]], waste=["KS"])
    s = G.from_json(dead)
    assert moves(s) == set()
    assert s.is_over()
    assert not s.is_won()
    # Near misses: one card left in the stock, or a 2 on the waste, and the game goes on.
    alive = position(GAME, "r3", reserves=[["9H"], ["5D"], ["7C"]], waste=["KS"], stock=["4H"])
    s = G.from_json(alive)
    assert moves(s) == {"s-w"}
    assert not s.is_over()
    s = G.from_json(position(GAME, "r3", reserves=[["9H"], ["5D"], ["7C"]], waste=["2S"]))
    assert moves(s) == {"w-f1", "w-f2", "w-f3", "w-f4"}
    assert not s.is_over()
