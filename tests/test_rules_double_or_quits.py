"""Rule tests for Double or Quits (seeds/double-or-quits.md), one test per rule statement.

Every position is built by hand with tests/positions.py and every expectation below was
worked out from the rules document, not taken from the engine.  Tests that hold for both
options run once with kings="keep" and once with kings="discard".

Piles: f1 (the foundation), r1..r7 (reserves), s (stock: its last card is dealt next),
w (waste: its last card is the playable top).
"""
import pytest

import solitaire_engine as se
from rule_asserts import assert_illegal, assert_play, legal  # noqa: F401
from positions import position

GAME = "double-or-quits"

# The 48 non-Kings in an order f1 can really hold: four laps of the doubling cycle
# A 2 4 8 3 6 Q J 9 5 T 7, clubs, then diamonds, hearts, spades.  A prefix SEQ[:n] is a
# foundation reached in play; the cards left over are SEQ[n:].
CYCLE = "A24836QJ95T7"
SEQ = [rank + suit for suit in "CDHS" for rank in CYCLE]
assert len(SEQ) == 48 and len(set(SEQ)) == 48
KINGS = ["KC", "KD", "KH", "KS"]

both_options = pytest.mark.parametrize("kings", ["keep", "discard"])


# ----------------------------------------------------------------------------- helpers

def dq(kings, f1=(), reserves=(None,) * 7, stock=(), waste=(), redeals_left=2, explicit=False):
    """A hand-built position.  `reserves` lists r1..r7, each a card or None (empty).
    Unplaced cards go at the bottom of the stock; with explicit=True the test places every
    card itself, and this checks that nothing was left over."""
    assert len(reserves) == 7
    pos = position(GAME, "stock", options={"kings": kings},
                   foundations=[list(f1)],
                   reserves=[[c] if c else [] for c in reserves],
                   stock=stock, waste=waste, redeals_left=redeals_left)
    if explicit:
        assert pos["stock"] == list(stock), "explicit position left cards unplaced"
    return se.load_game(GAME, kings=kings).from_json(pos)


def to_f1(s):
    return {m for m in legal(s) if m.endswith("-f1")}


# ----------------------------------------------------------------------------- rules

@both_options
def test_rule_01_a_move_carries_one_card_from_the_waste_top_or_a_reserve(kings):
    """double-or-quits rule 1: sources are the waste's top card and a reserve's card."""
    s = dq(kings, f1=["4C"], reserves=["8H", "5S", "6S", "7S", "9S", "TS", "JS"],
           waste=["8D", "3H"], stock=["8S"])
    # 4 doubles to 8.  8H (r1) fits; 8D is in the waste but not on top; 8S is the stock's
    # top card, and the stock is not a source.  No reserve is empty.
    assert legal(s) == {"r1-f1", "s-w"}
    assert_illegal(s, "s-f1")
    assert_illegal(s, "w-f1")
    stock = s.pile("s")
    assert stock[-1] == "8S"
    assert_play(s, "r1-f1", {"f1": ["4C", "8H"], "r1": ["3H"], "w": ["8D"], "s": stock})


@both_options
def test_rule_02_foundation_builds_by_doubling_through_the_whole_cycle(kings):
    """double-or-quits rule 2: A 2 4 8 3 6 Q J 9 5 T 7 A ..., any suit, from any start."""
    s = dq(kings, f1=["AC"], reserves=["2D", "3D", "5D", "7D", "9D", "JD", "QD"],
           waste=["AH", "7S", "TS", "5S", "9S", "JS", "QS", "6S", "3S", "8S", "4S", "2S"])
    # Worked by hand: f1's top, its double, and which reserves hold that rank.
    steps = [
        ("AC", {"r1"}),   # 1 -> 2: 2D
        ("2S", set()),    # 2 -> 4
        ("4S", set()),    # 4 -> 8
        ("8S", {"r2"}),   # 8 -> 16-13 = 3: 3D
        ("3S", set()),    # 3 -> 6
        ("6S", {"r7"}),   # 6 -> 12 = Q: QD
        ("QS", {"r6"}),   # 12 -> 24-13 = 11 = J: JD
        ("JS", {"r5"}),   # 11 -> 22-13 = 9: 9D
        ("9S", {"r3"}),   # 9 -> 18-13 = 5: 5D
        ("5S", set()),    # 5 -> 10 = T
        ("TS", {"r4"}),   # 10 -> 20-13 = 7: 7D
        ("7S", set()),    # 7 -> 14-13 = 1 = A
    ]
    f1 = ["AC"]
    for top, fitting in steps:
        assert s.pile("f1") == f1 and f1[-1] == top
        assert to_f1(s) == {"w-f1"} | {r + "-f1" for r in fitting}, top
        for i in range(1, 8):
            if f"r{i}" not in fitting:
                assert_illegal(s, f"r{i}-f1")
        card = s.pile("w")[-1]
        f1.append(card)
        assert_play(s, "w-f1", {"f1": f1})
    assert s.pile("f1") == ["AC", "2S", "4S", "8S", "3S", "6S", "QS", "JS", "9S", "5S", "TS",
                            "7S", "AH"]
    assert s.pile("w") == []
    assert [s.pile(f"r{i}") for i in range(1, 8)] == [["2D"], ["3D"], ["5D"], ["7D"], ["9D"],
                                                        ["JD"], ["QD"]]


def test_rule_03_a_king_is_never_played_to_the_foundation():
    """double-or-quits rule 3 (kings="keep"; with "discard" there are no Kings)."""
    s = dq("keep", f1=["6C"], reserves=["KS", "QD", "KH", "KC", "2C", "3C", "9C"],
           waste=["5H", "KD"])
    # 6 doubles to Q: only QD (r2).  Kings on r1, r3, r4 and the waste's top never go.
    assert legal(s) == {"r2-f1", "s-w"}
    for move in ("r1-f1", "r3-f1", "r4-f1", "w-f1"):
        assert_illegal(s, move)
    assert_play(s, "r2-f1", {"f1": ["6C", "QD"], "r2": ["KD"], "w": ["5H"]})
    for move in ("r1-f1", "r2-f1", "r3-f1", "r4-f1"):   # Q doubles to J; still no King
        assert_illegal(s, move)
    # Hand-built: even with a King on top of f1 (rule 2 gives a King no double), a King
    # cannot follow it.
    s = dq("keep", f1=["KC"], reserves=["KD", "KH", "KS", "5C", "6C", "9C", "TC"])
    for move in ("r1-f1", "r2-f1", "r3-f1"):
        assert_illegal(s, move)


@both_options
def test_rule_04_an_empty_foundation_takes_only_an_ace(kings):
    """double-or-quits rule 4 (first statement): an empty f1 takes any Ace, nothing else."""
    r7 = "KH" if kings == "keep" else "9H"
    s = dq(kings, f1=[], reserves=["2C", "AD", "QS", "7H", "3S", "5S", r7],
           waste=["6D", "AS"], stock=["2D"])
    assert to_f1(s) == {"r2-f1", "w-f1"}
    for move in ("r1-f1", "r3-f1", "r4-f1", "r5-f1", "r6-f1", "r7-f1"):
        assert_illegal(s, move)
    assert_play(s, "w-f1", {"f1": ["AS"], "w": ["6D"]})
    s.undo()
    assert_play(s, "r2-f1", {"f1": ["AD"], "r2": ["AS"], "w": ["6D"]})
    assert to_f1(s) == {"r1-f1"}          # A doubles to 2: the 2C on r1


def test_rule_04_the_foundation_holds_at_most_48_cards():
    """double-or-quits rule 4 (second statement): f1 never holds more than 48 cards.

    Only a hand-built position can show it: a King under 47 non-Kings makes 48 cards."""
    s = dq("keep", f1=["KC"] + SEQ[:47], reserves=["7S", "KD", "KH", "KS", None, None, None],
           explicit=True)
    assert len(s.pile("f1")) == 48 and s.pile("f1")[-1] == "TS"
    # 7S doubles TS, but f1 is full; only reserve-to-empty-reserve moves are left.
    assert_illegal(s, "r1-f1")
    assert legal(s) == {f"r{i}-r{j}" for i in range(1, 5) for j in range(5, 8)}
    # Near miss: the same with one card fewer on f1 (the AC moved to r5): 7S goes, f1 is 48.
    s = dq("keep", f1=["KC"] + SEQ[1:47], reserves=["7S", "KD", "KH", "KS", "AC", None, None],
           explicit=True)
    assert len(s.pile("f1")) == 47
    assert_play(s, "r1-f1", {"f1": ["KC"] + SEQ[1:47] + ["7S"], "r1": []})


@both_options
def test_rule_05_cards_never_leave_the_foundation(kings):
    """double-or-quits rule 5."""
    k = KINGS if kings == "keep" else [None] * 4
    s = dq(kings, f1=SEQ[:46], reserves=k + ["TS", "7S", None], explicit=True)
    # Stock and waste are empty, so the empty r7 takes any single card (rule 8), and f1's
    # top 5S would be accepted there - yet it may not leave.
    assert "r5-r7" in legal(s)
    assert not any(m.startswith("f1-") for m in legal(s))
    for move in ("f1-r7", "f1-w", "f1-s", "f1-r5"):
        assert_illegal(s, move)
    assert_play(s, "r5-f1", {"f1": SEQ[:47], "r5": []})
    for move in ("f1-r5", "f1-r7", "f1-w"):
        assert_illegal(s, move)


def late_game(kings):
    """Stock and waste empty, r7 empty, the other reserves full; r6 holds f1's next card.
    keep: f1 ends 5S, wants a T; discard: f1 ends 6S, wants a Q."""
    if kings == "keep":
        return dq(kings, f1=SEQ[:46], reserves=KINGS + ["7S", "TS", None], explicit=True)
    return dq(kings, f1=SEQ[:42], reserves=["JS", "9S", "5S", "7S", "TS", "QS", None],
              explicit=True)


@both_options
def test_rule_06_a_reserve_holds_at_most_one_card(kings):
    """double-or-quits rule 6."""
    s = late_game(kings)
    r1, r2 = s.pile("r1")[0], s.pile("r2")[0]
    assert legal(s) == {"r6-f1"} | {f"r{i}-r7" for i in range(1, 7)}
    for move in ("r1-r2", "r2-r1", "r6-r5", "r7-r1"):
        assert_illegal(s, move)
    assert_play(s, "r1-r7", {"r7": [r1], "r1": []})
    assert_illegal(s, "r2-r7")            # r7 now holds a card
    assert_play(s, "r2-r1", {"r1": [r2], "r2": []})


@both_options
def test_rule_07_emptied_reserve_is_refilled_from_the_waste(kings):
    """double-or-quits rule 7 (first statement): refilled at once with the waste's top card."""
    s = dq(kings, f1=["AC"], reserves=["2D", "5D", "6D", "9D", "TD", "JD", "QD"],
           waste=["5C", "7H"], stock=["3S", "8H"])
    stock = s.pile("s")
    assert_play(s, "r1-f1", {"f1": ["AC", "2D"], "r1": ["7H"], "w": ["5C"], "s": stock})


@both_options
def test_rule_07_emptied_reserve_is_refilled_from_the_stock_when_the_waste_is_empty(kings):
    """double-or-quits rule 7 (second statement): empty waste, so the stock's top card."""
    s = dq(kings, f1=["AC"], reserves=["2D", "5D", "6D", "9D", "TD", "JD", "QD"],
           waste=[], stock=["3S", "8H"])
    stock = s.pile("s")
    assert stock[-2:] == ["3S", "8H"]
    assert_play(s, "r1-f1", {"f1": ["AC", "2D"], "r1": ["8H"], "w": [], "s": stock[:-1]})
    assert s.pile("s")[-1] == "3S"


@both_options
def test_rule_07_emptied_reserve_stays_empty_when_stock_and_waste_are_empty(kings):
    """double-or-quits rule 7 (third statement)."""
    others = KINGS if kings == "keep" else [None] * 4
    s = dq(kings, f1=SEQ[:46], reserves=["TS"] + others + ["7S", None], explicit=True)
    assert_play(s, "r1-f1", {"f1": SEQ[:47], "r1": [], "s": [], "w": []})


@both_options
def test_rule_08_an_empty_reserve_takes_any_single_card(kings):
    """double-or-quits rule 8: another reserve's card, of any rank (with kings="keep" even
    a King).  In play a reserve can only be empty once stock and waste are both empty."""
    s = late_game(kings)
    assert {m for m in legal(s) if m.endswith("-r7")} == {f"r{i}-r7" for i in range(1, 7)}
    for move in ("f1-r7", "s-r7", "w-r7"):
        assert_illegal(s, move)
    r1 = s.pile("r1")[0]                  # KC with Kings kept
    assert_play(s, "r1-r7", {"r7": [r1], "r1": []})   # nothing left to refill r1 (rule 7)
    s.undo()
    assert_play(s, "r5-r7", {"r7": [s.pile("r5")[0]], "r5": []})


@both_options
def test_rule_08_an_empty_reserve_takes_nothing_by_hand_while_it_can_be_refilled(kings):
    """double-or-quits rule 8: only once the stock and the waste are both empty does an empty
    reserve take a card by hand.  Only a hand-built position has an empty reserve while the
    waste has cards (in play rule 7 refills it at once)."""
    top = "KH" if kings == "keep" else "9H"
    s = dq(kings, f1=["AC"], reserves=[None, "5S", "6D", "9D", "TD", "JD", "QD"],
           waste=["3D", top], stock=["4S"])
    assert legal(s) == {"s-w"}
    assert_illegal(s, "w-r1")
    assert_illegal(s, "r2-r1")


@both_options
def test_rule_09_waste_receives_only_from_the_stock_and_only_its_top_plays(kings):
    """double-or-quits rule 9."""
    reserves = ["5S", "6S", "7S", "9S", "TS", "JS", "QS"]
    s = dq(kings, f1=["4H"], reserves=reserves, waste=["8C", "2D"], stock=["3C"])
    assert legal(s) == {"s-w"}
    assert_illegal(s, "w-f1")      # 8C doubles 4H but lies under 2D
    assert_illegal(s, "r1-w")
    assert_illegal(s, "f1-w")
    assert_play(s, "s-w", {"w": ["8C", "2D", "3C"]})
    # Near miss: the same 8C on top of the waste plays.
    s = dq(kings, f1=["4H"], reserves=reserves, waste=["2D", "8C"], stock=["3C"])
    assert legal(s) == {"w-f1", "s-w"}
    assert_play(s, "w-f1", {"f1": ["4H", "8C"], "w": ["2D"]})


@both_options
def test_rule_10_deal_turns_one_card_while_the_stock_has_cards(kings):
    """double-or-quits rule 10."""
    s = dq(kings, f1=["AC"], reserves=["5D", "6D", "9D", "TD", "JD", "QD", "3H"],
           waste=["7H"], stock=["4C", "8D"])
    stock = s.pile("s")
    assert_play(s, "s-w", {"w": ["7H", "8D"], "s": stock[:-1]})
    assert_play(s, "s-w", {"w": ["7H", "8D", "4C"], "s": stock[:-2]})
    # Near miss: an empty stock deals nothing.
    if kings == "keep":
        s = dq(kings, f1=SEQ[:44], reserves=KINGS + ["5S", "TS", "7S"], waste=["9S"],
               explicit=True)
    else:
        s = dq(kings, f1=SEQ[:40], reserves=["6S", "QS", "JS", "9S", "5S", "TS", "7S"],
               waste=["3S"], explicit=True)
    assert s.pile("s") == []
    assert_illegal(s, "s-w")
    assert legal(s) == {"w-f1", "w-s"}      # the waste's top doubles f1's top


def redeal_position(kings, redeals_left):
    """Stock empty, every reserve full, three or five cards in the waste (bottom first)."""
    if kings == "keep":
        waste = ["3S", "KH", "TS", "KS", "7S"]
        return dq(kings, f1=SEQ[:40], reserves=["6S", "QS", "JS", "9S", "5S", "KC", "KD"],
                  waste=waste, redeals_left=redeals_left, explicit=True), waste
    waste = ["4S", "TS", "7S"]
    return dq(kings, f1=SEQ[:38], reserves=["8S", "6S", "QS", "JS", "9S", "5S", "3S"],
              waste=waste, redeals_left=redeals_left, explicit=True), waste


@both_options
def test_rule_11_redeal_turns_the_waste_over_into_the_stock(kings):
    """double-or-quits rule 11: empty stock, non-empty waste, a redeal left; the waste's
    first (bottom) card is the next one dealt."""
    s, waste = redeal_position(kings, 2)
    assert legal(s) == {"w-s"}
    turned = ["7S", "KS", "TS", "KH", "3S"] if kings == "keep" else ["7S", "TS", "4S"]
    assert_play(s, "w-s", {"s": turned, "w": []})
    assert s.redeals_left == 1
    assert_illegal(s, "w-s")          # the waste is empty
    first = waste[0]
    assert_play(s, "s-w", {"w": [first], "s": turned[:-1]})
    assert_illegal(s, "w-s")          # the stock is not empty
    assert "w-f1" in legal(s)         # and the first card now doubles f1's top (8S / 2S)


@both_options
def test_rule_12_two_redeals_three_passes(kings):
    """double-or-quits rule 12: redeals_left counts 2, 1, 0, then w-s is illegal."""
    assert se.load_game(GAME, kings=kings).deal(1).redeals_left == 2
    s, waste = redeal_position(kings, 2)
    assert s.redeals_left == 2
    for left in (1, 0):
        assert_play(s, "w-s", {"s": waste[::-1], "w": []})
        assert s.redeals_left == left
        for _ in waste:
            s.play("s-w")
        assert s.pile("w") == waste and s.pile("s") == []
    assert s.redeals_left == 0
    assert_illegal(s, "w-s")
    assert legal(s) == set() and s.is_over() and not s.is_won()
    s.undo()                              # takes back the last deal only
    assert s.pile("s") == [waste[-1]] and s.pile("w") == waste[:-1] and s.redeals_left == 0


# ----------------------------------------------------------------------------- winning

def test_winning_with_kings_kept():
    """double-or-quits, Winning: f1 holds all 48 non-Kings, stock and waste empty."""
    s = dq("keep", f1=SEQ, reserves=KINGS + [None] * 3, explicit=True)
    assert s.is_won()
    # Won, but not over: the Kings may still move to the empty reserves (rule 8).
    assert legal(s) == {f"r{i}-r{j}" for i in range(1, 5) for j in range(5, 8)}
    assert not s.is_over()
    # Near misses (hand-built): f1 complete but a King still in the waste or the stock.
    s = dq("keep", f1=SEQ, reserves=KINGS[:3] + [None] * 4, waste=["KS"], explicit=True)
    assert not s.is_won()
    s = dq("keep", f1=SEQ, reserves=KINGS[:3] + [None] * 4, stock=["KS"], explicit=True)
    assert not s.is_won()
    # An ending as play reaches it: the last King is in the waste; 9S, 5S, TS, 7S to go.
    s = dq("keep", f1=SEQ[:44], reserves=KINGS[:3] + ["9S", "5S", "TS", "7S"], waste=["KS"],
           explicit=True)
    assert_play(s, "r4-f1", {"f1": SEQ[:45], "r4": ["KS"], "w": []})
    assert not s.is_won()
    s.play("r5-f1")
    s.play("r6-f1")
    assert not s.is_won()
    assert_play(s, "r7-f1", {"f1": SEQ, "r7": []})
    assert s.is_won()


def test_winning_with_kings_discarded():
    """double-or-quits, Winning: with kings="discard", f1 holds all 48 cards."""
    s = dq("discard", f1=SEQ, explicit=True)
    assert s.is_won() and s.is_over() and legal(s) == set()
    s = dq("discard", f1=SEQ[:47], waste=["7S"], explicit=True)
    assert not s.is_won() and not s.is_over()
    s.play("w-f1")
    assert s.is_won() and s.is_over()


@both_options
def test_game_is_over_when_no_legal_move_is_left(kings):
    """double-or-quits, Winning: "it is over when no legal move is left"."""
    k = KINGS if kings == "keep" else []
    # f1's 4S wants an 8; the 8S is at the bottom of the waste, every reserve is full.
    reserves = ["3S", "6S", "QS", "JS", "9S", "5S", "TS"]
    s = dq(kings, f1=SEQ[:39], reserves=reserves, waste=["8S"] + k + ["7S"], redeals_left=0,
           explicit=True)
    assert legal(s) == set() and s.is_over() and not s.is_won()
    # Near miss: one redeal left.
    s = dq(kings, f1=SEQ[:39], reserves=reserves, waste=["8S"] + k + ["7S"], redeals_left=1,
           explicit=True)
    assert legal(s) == {"w-s"} and not s.is_over()
