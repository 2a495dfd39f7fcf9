"""Rule tests for the Klondike family, one test per rule statement:
seeds/double-trigon-solo.md (dts), seeds/trigon.md, seeds/klondike.md with draw=3.

Every position is built by hand with tests/positions.py and every expectation below was
worked out from the rules documents, not taken from the engine.

Piles: f1..f4 (trigon, klondike: clubs, spades, hearts, diamonds) or f1..f8 (dts, any Ace),
t1..t7 or t1..t9 (tableau; "#" marks a face-down card), s (stock: its last card is dealt
next), w (waste: its last card is the playable top).  Redeals are unlimited (-1).
"""

import solitaire_engine as se
from rule_asserts import assert_illegal, assert_play, legal  # noqa: F401
from positions import position

RANKS = "A23456789TJQK"
GAMES = {  # name: (foundations, tableau piles, options)
    "trigon": (4, 7, {}),
    "klondike": (4, 7, {"draw": 3}),
    "double-trigon-solo": (8, 9, {}),
}
DTS = "double-trigon-solo"


# ----------------------------------------------------------------------------- helpers

def up(suit, top):
    """A foundation built from the Ace of `suit` up to rank `top`."""
    return [r + suit for r in RANKS[:RANKS.index(top) + 1]]


def build(game, f=None, t=None, stock=(), waste=(), redeals_left=-1, explicit=False, **extra):
    """A hand-built position; `f` and `t` map pile ids ("f3", "t7") to cards, bottom first.
    Unplaced cards go at the bottom of the stock; with explicit=True the test places every
    card itself, and this checks that nothing was left over."""
    nf, nt, options = GAMES[game]
    options = {**options, **extra}
    f, t = f or {}, t or {}
    assert set(f) <= {f"f{i}" for i in range(1, nf + 1)}
    assert set(t) <= {f"t{i}" for i in range(1, nt + 1)}
    pos = position(game, "stock", options=options,
                   foundations=[list(f.get(f"f{i}", [])) for i in range(1, nf + 1)],
                   tableau=[list(t.get(f"t{i}", [])) for i in range(1, nt + 1)],
                   stock=stock, waste=waste, redeals_left=redeals_left)
    if explicit:
        assert pos["stock"] == list(stock), "explicit position left cards unplaced"
    return se.load_game(game, **options).from_json(pos)


def to_foundations(s):
    return {m for m in legal(s) if m.split("-")[1].startswith("f")}


def from_foundations(s):
    return {m for m in legal(s) if m.startswith("f")}


def no_x1(s):
    assert not any(m.endswith("x1") for m in legal(s))


# Shared positions (the rules they test read the same in two or three documents).

def suit_foundations_position(game):
    return build(game, t={"t1": ["AH"], "t2": ["AC"], "t3": ["AS"], "t4": ["AD"], "t5": ["2H"]})


def check_suit_foundations(game):
    s = suit_foundations_position(game)
    assert to_foundations(s) == {"t1-f3", "t2-f1", "t3-f2", "t4-f4"}
    for move in ("t1-f1", "t1-f2", "t1-f4", "t2-f2", "t2-f3", "t3-f1", "t4-f3", "t5-f3",
                 "t5-f1"):
        assert_illegal(s, move)
    assert_play(s, "t1-f3", {"f3": ["AH"], "t1": []})
    for move in ("f3-f1", "f3-f2", "f3-f4"):      # a lone Ace cannot change foundation
        assert_illegal(s, move)


def check_face_down_turns_up(game):
    s = build(game, f={"f1": up("C", "4"), "f2": ["AS"]}, t={"t1": ["#7D", "#2S", "5C"]})
    assert_illegal(s, "t1-f2")                    # 2S is face down under 5C
    assert_play(s, "t1-f1", {"t1": ["#7D", "2S"], "f1": up("C", "5")})
    assert_play(s, "t1-f2", {"t1": ["7D"], "f2": ["AS", "2S"]})
    s.undo()
    assert s.pile("t1") == ["#7D", "2S"]
    s.undo()
    assert s.pile("t1") == ["#7D", "#2S", "5C"] and s.pile("f1") == up("C", "4")
    assert_illegal(s, "t1-f2")


def full_but_diamonds(game, waste):
    """Every card on a foundation except TD JD QD KD, which are in the waste; stock empty."""
    if game == DTS:
        f = {"f1": up("C", "K"), "f2": up("C", "K"), "f3": up("S", "K"), "f4": up("S", "K"),
             "f5": up("H", "K"), "f6": up("H", "K"), "f7": up("D", "K"), "f8": up("D", "9")}
        dia = "f8"
    else:
        f = {"f1": up("C", "K"), "f2": up("S", "K"), "f3": up("H", "K"), "f4": up("D", "9")}
        dia = "f4"
    return build(game, f=f, waste=waste, explicit=True), dia


def check_single_card_deal(game):
    s = build(game, stock=["4C", "7D"], waste=["2H"])
    stock = s.pile("s")
    assert_play(s, "s-w", {"w": ["2H", "7D"], "s": stock[:-1]})
    assert_play(s, "s-w", {"w": ["2H", "7D", "4C"], "s": stock[:-2]})
    s, _ = full_but_diamonds(game, ["TD", "KD", "QD", "JD"])
    assert s.pile("s") == []
    assert_illegal(s, "s-w")


def check_redeal_unlimited(game):
    waste = ["TD", "KD", "QD", "JD"]
    s, dia = full_but_diamonds(game, waste)
    assert "w-s" in legal(s) and "s-w" not in legal(s)
    for _ in range(3):            # any number of times
        assert_play(s, "w-s", {"s": ["JD", "QD", "KD", "TD"], "w": []})
        assert s.redeals_left == -1
        assert_illegal(s, "w-s")                  # the waste is empty
        assert_play(s, "s-w", {"w": ["TD"], "s": ["JD", "QD", "KD"]})
        assert_illegal(s, "w-s")                  # the stock is not empty
        assert f"w-{dia}" in legal(s)             # TD goes on the 9D
        for _ in range(3):
            s.play("s-w")
        assert s.pile("w") == waste and s.pile("s") == []


def check_waste_top_only(game):
    if game == "klondike":
        s = build(game, f={"f1": up("C", "8")}, t={"t1": ["TD"], "t2": ["5S"], "t3": ["3D"]},
                  waste=["4H", "JS", "9C"])
    else:
        s = build(game, f={"f1": up("C", "8")}, t={"t1": ["TC"], "t2": ["5H"], "t3": ["3D"]},
                  waste=["4H", "9C"])
    assert {"w-t1", "w-f1", "s-w"} <= legal(s)
    assert {m for m in legal(s) if m.startswith("w-")} == {"w-t1", "w-f1"}
    assert_illegal(s, "w-t2")                     # 4H would fit t2 but is not the top
    assert_illegal(s, "t3-w")
    assert_illegal(s, "f1-w")
    assert_illegal(s, "t1-w")
    w = s.pile("w")
    assert_play(s, "w-f1", {"f1": up("C", "9"), "w": w[:-1]})
    s.undo()
    top = s.pile("t1")
    assert_play(s, "w-t1", {"t1": top + ["9C"], "w": w[:-1]})


def check_winning(game):
    nf = GAMES[game][0]
    suits = "CCSSHHDD" if game == DTS else "CSHD"
    win = build(game, f={f"f{i + 1}": up(suits[i], "K") for i in range(nf)}, explicit=True)
    assert win.is_won()
    near = dict((f"f{i + 1}", up(suits[i], "K")) for i in range(nf))
    near[f"f{nf}"] = up("D", "Q")
    s = build(game, f=near, t={"t1": ["KD"]}, explicit=True)
    assert not s.is_won()
    assert_play(s, f"t1-f{nf}", {f"f{nf}": up("D", "K"), "t1": []})
    assert s.is_won()
    s = build(game, f=near, waste=["KD"], explicit=True)
    assert not s.is_won()
    s.play(f"w-f{nf}")
    assert s.is_won()


# ============================================================================= trigon

def test_trigon_rule_01_each_foundation_takes_only_the_ace_of_its_suit():
    """trigon rule 1: f1 clubs, f2 spades, f3 hearts, f4 diamonds; empty takes its Ace only."""
    check_suit_foundations("trigon")


def test_trigon_rule_02_foundation_builds_up_in_suit_without_wrap():
    """trigon rule 2."""
    s = build("trigon", f={"f1": up("C", "5"), "f3": ["AH"]},
              t={"t1": ["6C"], "t2": ["7C"], "t3": ["6D"], "t4": ["2H"], "t5": ["3H"]})
    assert to_foundations(s) == {"t1-f1", "t4-f3"}
    for move in ("t2-f1", "t3-f1", "t3-f4", "t5-f3", "t4-f1"):
        assert_illegal(s, move)
    assert_play(s, "t1-f1", {"f1": up("C", "6"), "t1": []})
    assert "t2-f1" in legal(s)
    # A full pile ends at the King and takes nothing more.
    s = build("trigon", f={"f2": up("S", "K")}, t={"t1": ["AC"], "t2": ["2D"]})
    assert not any(m.endswith("-f2") for m in legal(s))
    assert_illegal(s, "t1-f2")
    assert_illegal(s, "t2-f2")


def test_trigon_rule_03_foundations_take_one_card_at_a_time():
    """trigon rule 3."""
    s = build("trigon", f={"f1": up("C", "2")}, t={"t1": ["#9D", "4C", "3C"]})
    assert_illegal(s, "t1-f1x2")
    assert_play(s, "t1-f1", {"f1": up("C", "3"), "t1": ["#9D", "4C"]})
    assert_play(s, "t1-f1", {"f1": up("C", "4"), "t1": ["9D"]})


def test_trigon_rule_04_foundation_top_may_go_back_to_a_tableau_pile():
    """trigon rule 4."""
    s = build("trigon", f={"f1": up("C", "5"), "f3": up("H", "K")},
              t={"t1": ["6C"], "t2": ["6D"], "t4": ["7S"], "t5": ["2D"], "t6": ["9S"],
                 "t7": ["QD"]})
    assert from_foundations(s) == {"f1-t1", "f3-t3"}
    for move in ("f1-t2", "f1-t3", "f1-f2", "f1-f4", "f3-f1", "f3-t7"):
        assert_illegal(s, move)
    assert_play(s, "f1-t1", {"f1": up("C", "4"), "t1": ["6C", "5C"]})
    assert_play(s, "f3-t3", {"f3": up("H", "Q"), "t3": ["KH"]})


def test_trigon_rule_05_tableau_builds_down_in_suit_without_wrap():
    """trigon rule 5."""
    s = build("trigon", t={"t1": ["9H"], "t2": ["8D"], "t3": ["7H"], "t4": ["AS"],
                           "t5": ["#3C", "KS"], "t6": ["2S"], "t7": ["QC"]},
              waste=["8H"])
    assert {"w-t1", "t4-t6"} <= legal(s)
    for move in ("t2-t1", "t3-t1", "t5-t4", "t7-t1"):
        assert_illegal(s, move)
    assert_play(s, "w-t1", {"t1": ["9H", "8H"], "w": []})
    assert_play(s, "t3-t1", {"t1": ["9H", "8H", "7H"], "t3": []})
    assert_play(s, "t4-t6", {"t6": ["2S", "AS"], "t4": []})


def test_trigon_rule_06_a_group_is_a_face_up_same_suit_run_from_the_top():
    """trigon rule 6.  With one deck the card one rank above a run's bottom card (same suit)
    is unique, so a run moves whole onto it, or King-led to a space (any shorter k would
    need a target inside the run itself)."""
    s = build("trigon", t={"t1": ["#2C", "8H", "TS", "9S", "8S", "7S"], "t2": ["JS"],
                           "t3": ["#6D", "5D", "4D"], "t4": ["7D"],
                           "t5": ["#QD", "KH", "QH", "JH"], "t7": ["3C"]})
    assert legal(s) == {"t1-t2x4", "t5-t6x3", "s-w"}
    no_x1(s)
    for move in ("t1-t2x5", "t1-t2x3", "t1-t2x2", "t1-t2", "t1-t2x1",
                 "t3-t4x3",   # 6D would fit 7D but is face down
                 "t3-t4x2", "t3-t4", "t5-t6x2", "t5-t6", "t5-t6x4"):
        assert_illegal(s, move)
    assert_play(s, "t1-t2x4", {"t2": ["JS", "TS", "9S", "8S", "7S"], "t1": ["#2C", "8H"]})
    assert_play(s, "t5-t6x3", {"t6": ["KH", "QH", "JH"], "t5": ["QD"]})


def test_trigon_rule_07_a_group_s_bottom_card_must_fit_the_target():
    """trigon rule 7."""
    s = build("trigon", t={"t1": ["#4C", "QH", "JH"], "t2": ["KH"], "t4": ["KS"],
                           "t5": ["#2D", "KC", "QC"], "t6": ["5D"], "t7": ["9S"]})
    assert legal(s) == {"t1-t2x2", "t2-t3", "t4-t3", "t5-t3x2", "s-w"}
    for move in ("t1-t3x2", "t1-t4x2", "t5-t3", "t1-t3"):
        assert_illegal(s, move)
    assert_play(s, "t1-t2x2", {"t2": ["KH", "QH", "JH"], "t1": ["4C"]})
    assert_play(s, "t5-t3x2", {"t3": ["KC", "QC"], "t5": ["2D"]})


def test_trigon_rule_08_an_empty_tableau_pile_takes_only_a_king_or_king_led_group():
    """trigon rule 8 (and: each empty pile is its own move)."""
    s = build("trigon", t={"t2": ["#3D", "KH"], "t3": ["#4D", "KC", "QC"], "t4": ["QS"],
                           "t6": ["5H"], "t7": ["8C"]},
              waste=["QD", "KD"])
    assert legal(s) == {"t2-t1", "t2-t5", "t3-t1x2", "t3-t5x2", "w-t1", "w-t5", "s-w"}
    for move in ("t3-t1", "t4-t1", "t6-t5", "t7-t1", "t3-t5"):
        assert_illegal(s, move)
    assert_play(s, "t2-t1", {"t1": ["KH"], "t2": ["3D"]})
    s.undo()
    assert_play(s, "w-t5", {"t5": ["KD"], "w": ["QD"]})
    assert_play(s, "w-t5", {"t5": ["KD", "QD"], "w": []})


def test_trigon_rule_09_an_uncovered_face_down_card_turns_up_in_the_same_move():
    """trigon rule 9 (undo turns it back down)."""
    check_face_down_turns_up("trigon")


def test_trigon_rule_10_waste_gets_cards_only_from_stock_and_only_its_top_plays():
    """trigon rule 10."""
    check_waste_top_only("trigon")


def test_trigon_rule_11_deal_turns_one_card():
    """trigon rule 11."""
    check_single_card_deal("trigon")


def test_trigon_rule_12_redeal_any_number_of_times_bottom_card_first():
    """trigon rule 12."""
    check_redeal_unlimited("trigon")


def test_trigon_rule_13_tableau_to_tableau_whenever_the_target_accepts():
    """trigon rule 13 (a pointless King move between spaces included)."""
    s = build("trigon", t={"t1": ["KH"], "t4": ["7D"], "t5": ["8D"], "t6": ["#2C", "9S", "8S"],
                           "t7": ["TS"]})
    assert {"t1-t2", "t1-t3", "t4-t5", "t6-t7x2"} <= legal(s)
    for move in ("t5-t4", "t6-t7", "t7-t6"):
        assert_illegal(s, move)
    assert_play(s, "t1-t2", {"t1": [], "t2": ["KH"]})
    assert_play(s, "t4-t5", {"t4": [], "t5": ["8D", "7D"]})
    assert_play(s, "t6-t7x2", {"t6": ["2C"], "t7": ["TS", "9S", "8S"]})


def test_trigon_winning():
    """trigon, Winning: all 52 cards on the foundations."""
    check_winning("trigon")


# ============================================================================= klondike, draw=3

def test_klondike_rule_01_each_foundation_takes_only_the_ace_of_its_suit():
    """klondike rule 1."""
    check_suit_foundations("klondike")


def test_klondike_rule_02_foundation_builds_up_in_suit_without_wrap():
    """klondike rule 2."""
    s = build("klondike", f={"f1": up("C", "5"), "f3": ["AH"]},
              t={"t1": ["6C"], "t2": ["7C"], "t3": ["6S"], "t4": ["2H"], "t5": ["3H"],
                 "t6": ["2D"]})
    assert to_foundations(s) == {"t1-f1", "t4-f3"}
    for move in ("t2-f1", "t3-f1", "t5-f3", "t6-f3", "t6-f4"):
        assert_illegal(s, move)
    assert_play(s, "t1-f1", {"f1": up("C", "6"), "t1": []})
    assert "t2-f1" in legal(s)


def test_klondike_rule_03_foundations_take_one_card_at_a_time():
    """klondike rule 3."""
    s = build("klondike", f={"f4": ["AD", "2D"]}, t={"t1": ["#9S", "4C", "3D"]})
    assert_illegal(s, "t1-f4x2")
    assert_play(s, "t1-f4", {"f4": ["AD", "2D", "3D"], "t1": ["#9S", "4C"]})


def test_klondike_rule_04_foundation_top_may_go_back_to_a_tableau_pile():
    """klondike rule 4."""
    s = build("klondike", f={"f1": up("C", "5"), "f3": up("H", "K")},
              t={"t1": ["6D"], "t2": ["6S"], "t4": ["6C"], "t5": ["2D"], "t6": ["9S"],
                 "t7": ["QC"]})
    assert from_foundations(s) == {"f1-t1", "f3-t3"}
    for move in ("f1-t2", "f1-t4", "f1-t3", "f1-f2", "f3-t7"):
        assert_illegal(s, move)
    assert_play(s, "f1-t1", {"f1": up("C", "4"), "t1": ["6D", "5C"]})
    assert_illegal(s, "f1-t1")           # 4C on 5C: same colour
    assert_play(s, "f3-t3", {"f3": up("H", "Q"), "t3": ["KH"]})


def test_klondike_rule_05_tableau_builds_down_in_alternate_colours_without_wrap():
    """klondike rule 5."""
    s = build("klondike", t={"t1": ["9H"], "t2": ["8D"], "t3": ["8C"], "t4": ["7S"],
                             "t5": ["AS"], "t6": ["#3D", "KH"], "t7": ["2H"]},
              waste=["4C", "8S"])
    assert {"w-t1", "t3-t1", "t5-t7"} <= legal(s)
    for move in ("t2-t1", "t4-t1", "t6-t5"):
        assert_illegal(s, move)
    assert_play(s, "w-t1", {"t1": ["9H", "8S"], "w": ["4C"]})
    assert_illegal(s, "t4-t1")           # 7S on 8S: same colour
    assert_play(s, "t5-t7", {"t7": ["2H", "AS"], "t5": []})


def test_klondike_rule_06_a_group_is_any_top_part_of_a_face_up_alternating_run():
    """klondike rule 6: a run of 6 (KS QH JC TD 9S 8H) moves as 1, 2, 3, 4, 5 or 6 cards."""
    s = build("klondike", t={"t1": ["#5C", "KS", "QH", "JC", "TD", "9S", "8H"],
                             "t3": ["KC"], "t4": ["QD"], "t5": ["JS"], "t6": ["TH"],
                             "t7": ["9C"]})
    assert legal(s) == {"t1-t7", "t1-t6x2", "t1-t5x3", "t1-t4x4", "t1-t3x5", "t1-t2x6",
                        "t3-t2", "t4-t3", "t5-t4", "t6-t5", "t7-t6", "s-w"}
    no_x1(s)
    for move in ("t1-t2x7", "t1-t2x5", "t1-t3x4", "t1-t3x6", "t1-t4x3", "t1-t5x4",
                 "t1-t6", "t1-t7x2"):
        assert_illegal(s, move)
    run = ["KS", "QH", "JC", "TD", "9S", "8H"]
    for k, dst, under in ((1, "t7", "9C"), (2, "t6", "TH"), (3, "t5", "JS"), (4, "t4", "QD"),
                          (5, "t3", "KC")):
        move = f"t1-{dst}" + (f"x{k}" if k > 1 else "")
        assert_play(s, move, {dst: [under] + run[-k:], "t1": ["#5C"] + run[:-k]})
        s.undo()
    assert_play(s, "t1-t2x6", {"t2": run, "t1": ["5C"]})
    # A face-down card never joins a group, even where its rank and colour would fit.
    s = build("klondike", t={"t1": ["#TD", "9S", "8H"], "t2": ["JC"]})
    for move in ("t1-t2x3", "t1-t2x2", "t1-t2"):
        assert_illegal(s, move)


def test_klondike_rule_07_a_group_s_bottom_card_must_fit_the_target():
    """klondike rule 7."""
    s = build("klondike", t={"t1": ["#4C", "9H", "8S"], "t2": ["9D"], "t3": ["TC"],
                             "t5": ["#2D", "KS", "QH"], "t6": ["#3D", "QC", "JH"], "t7": ["5S"]})
    assert {"t1-t2", "t1-t3x2", "t5-t4x2"} <= legal(s)
    for move in ("t1-t2x2",     # the top card 8S fits 9D, the bottom card 9H does not
                 "t6-t4x2", "t6-t4", "t1-t4x2", "t5-t4"):
        assert_illegal(s, move)
    assert_play(s, "t1-t3x2", {"t3": ["TC", "9H", "8S"], "t1": ["4C"]})
    assert_play(s, "t5-t4x2", {"t4": ["KS", "QH"], "t5": ["2D"]})


def test_klondike_rule_08_an_empty_tableau_pile_takes_only_a_king_or_king_led_group():
    """klondike rule 8 (and: each empty pile is its own move)."""
    s = build("klondike", t={"t2": ["#3D", "KH"], "t3": ["#4D", "KC", "QH"], "t4": ["QS"],
                             "t6": ["5H"], "t7": ["8C"]},
              waste=["QD", "JS", "KD"])
    assert legal(s) == {"t2-t1", "t2-t5", "t3-t1x2", "t3-t5x2", "w-t1", "w-t5", "t4-t2",
                        "s-w"}
    for move in ("t3-t1", "t4-t1", "t6-t5", "t7-t1", "t3-t5"):
        assert_illegal(s, move)
    assert_play(s, "t2-t1", {"t1": ["KH"], "t2": ["3D"]})
    s.undo()
    assert_play(s, "w-t5", {"t5": ["KD"], "w": ["QD", "JS"]})


def test_klondike_rule_09_an_uncovered_face_down_card_turns_up_in_the_same_move():
    """klondike rule 9 (undo turns it back down)."""
    check_face_down_turns_up("klondike")


def test_klondike_rule_10_waste_gets_cards_only_from_stock_and_only_its_top_plays():
    """klondike rule 10, with draw=3: of three waste cards only the top one plays."""
    check_waste_top_only("klondike")


def test_klondike_rule_11_deal_turns_three_or_what_is_left_one_at_a_time():
    """klondike rule 11 (draw=3): min(3, stock) cards, the last one turned on top."""
    s = build("klondike", stock=["2C", "9D", "5H", "JS"], waste=["4C"])
    stock = s.pile("s")
    assert_play(s, "s-w", {"w": ["4C", "JS", "5H", "9D"], "s": stock[:-3]})
    assert s.pile("s")[-1] == "2C"
    # Two left in the stock: both are turned.
    f = {"f1": up("C", "K"), "f2": up("S", "K"), "f3": up("H", "J"), "f4": up("D", "Q")}
    s = build("klondike", f=f, stock=["KD", "QH"], waste=["KH"], explicit=True)
    assert_play(s, "s-w", {"w": ["KH", "QH", "KD"], "s": []})
    assert_illegal(s, "s-w")
    assert_play(s, "w-s", {"s": ["KD", "QH", "KH"], "w": []})
    assert_play(s, "s-w", {"w": ["KH", "QH", "KD"], "s": []})
    # One left.
    s = build("klondike", f=f, stock=["QH"], waste=["KH", "KD"], explicit=True)
    assert_play(s, "s-w", {"w": ["KH", "KD", "QH"], "s": []})


def test_klondike_rule_12_redeal_any_number_of_times_bottom_card_first():
    """klondike rule 12 (draw=3)."""
    waste = ["TD", "KD", "QD", "JD"]
    s, _ = full_but_diamonds("klondike", waste)
    for _ in range(3):
        assert_play(s, "w-s", {"s": ["JD", "QD", "KD", "TD"], "w": []})
        assert s.redeals_left == -1
        assert_illegal(s, "w-s")
        assert_play(s, "s-w", {"w": ["TD", "KD", "QD"], "s": ["JD"]})
        assert_illegal(s, "w-s")
        assert_play(s, "s-w", {"w": waste, "s": []})


def test_klondike_rule_13_tableau_to_tableau_whenever_the_target_accepts():
    """klondike rule 13."""
    s = build("klondike", t={"t1": ["KH"], "t4": ["7D"], "t5": ["8S"], "t6": ["#2C", "9H", "8C"],
                             "t7": ["TS"]})
    assert {"t1-t2", "t1-t3", "t4-t5", "t4-t6", "t6-t7x2"} <= legal(s)
    for move in ("t5-t4", "t6-t7", "t7-t6"):
        assert_illegal(s, move)
    assert_play(s, "t1-t2", {"t1": [], "t2": ["KH"]})
    assert_play(s, "t4-t5", {"t4": [], "t5": ["8S", "7D"]})
    assert_play(s, "t6-t7x2", {"t6": ["2C"], "t7": ["TS", "9H", "8C"]})


def test_klondike_winning():
    """klondike, Winning: all 52 cards on the foundations."""
    check_winning("klondike")


# ============================================================================= double trigon solo

def test_dts_rule_01_an_empty_foundation_takes_any_ace():
    """double-trigon-solo rule 1 (every empty foundation is its own move)."""
    s = build(DTS, f={"f1": ["AS"]}, t={"t1": ["AH"], "t2": ["2H"], "t3": ["AS"]})
    empties = [f"f{i}" for i in range(2, 9)]
    assert to_foundations(s) == ({f"t1-{x}" for x in empties} | {f"t3-{x}" for x in empties}
                                 | {f"f1-{x}" for x in empties})
    for move in ("t1-f1", "t2-f2", "t2-f1", "t3-f1"):
        assert_illegal(s, move)
    assert_play(s, "t1-f5", {"f5": ["AH"], "t1": []})      # hearts on f5: any Ace anywhere


def test_dts_rule_02_foundation_builds_up_in_suit_without_wrap():
    """double-trigon-solo rule 2 (at most 13 cards: a second AC cannot follow KC)."""
    s = build(DTS, f={"f1": up("C", "K"), "f2": ["AH", "2H"]},
              t={"t1": ["AC"], "t2": ["3H"], "t3": ["3D"], "t4": ["4H"]})
    empties = [f"f{i}" for i in range(3, 9)]
    assert {m for m in to_foundations(s) if m.startswith("t")} == \
        {f"t1-{x}" for x in empties} | {"t2-f2"}
    for move in ("t1-f1", "t3-f2", "t4-f2", "t3-f3", "t2-f3"):
        assert_illegal(s, move)
    assert_play(s, "t2-f2", {"f2": ["AH", "2H", "3H"], "t2": []})
    assert "t4-f2" in legal(s)


def test_dts_rule_03_foundations_take_one_card_at_a_time():
    """double-trigon-solo rule 3."""
    s = build(DTS, f={"f1": ["AD", "2D"]}, t={"t1": ["#9C", "4D", "3D"]})
    assert_illegal(s, "t1-f1x2")
    assert_play(s, "t1-f1", {"f1": ["AD", "2D", "3D"], "t1": ["#9C", "4D"]})
    assert_illegal(s, "t1-f1x2")
    assert_play(s, "t1-f1", {"f1": ["AD", "2D", "3D", "4D"], "t1": ["9C"]})


def test_dts_rule_04_foundation_top_may_go_to_a_tableau_pile_or_another_foundation():
    """double-trigon-solo rule 4: 5S from one spade pile onto 4S on the other; a lone Ace to
    each empty foundation; 5S back to a tableau 6S."""
    s = build(DTS, f={"f1": up("S", "4"), "f2": up("S", "5"), "f3": ["AH"]},
              t={"t1": ["6S"], "t2": ["6D"], "t3": ["9C"], "t4": ["3D"], "t5": ["JH"],
                 "t6": ["8D"], "t7": ["2C"], "t8": ["TD"], "t9": ["QS"]})
    assert from_foundations(s) == {"f2-f1", "f2-t1", "f3-f4", "f3-f5", "f3-f6", "f3-f7",
                                   "f3-f8"}
    for move in ("f1-f2", "f1-t1", "f2-t2", "f3-f1", "f2-f3", "f1-f4"):
        assert_illegal(s, move)
    assert_play(s, "f2-t1", {"f2": up("S", "4"), "t1": ["6S", "5S"]})
    s.undo()
    assert_play(s, "f3-f6", {"f3": [], "f6": ["AH"]})
    assert_play(s, "f2-f1", {"f1": up("S", "5"), "f2": up("S", "4")})
    assert "f1-f2" in legal(s)


def test_dts_rule_05_tableau_builds_down_in_suit_without_wrap():
    """double-trigon-solo rule 5."""
    s = build(DTS, t={"t1": ["9H"], "t2": ["8H"], "t3": ["8H"], "t4": ["8D"], "t5": ["AS"],
                      "t6": ["#3C", "KS"], "t7": ["7H"], "t8": ["2S"], "t9": ["QC"]})
    assert {"t2-t1", "t3-t1", "t5-t8"} <= legal(s)
    for move in ("t4-t1", "t7-t1", "t6-t5", "t9-t1"):
        assert_illegal(s, move)
    assert_play(s, "t2-t1", {"t1": ["9H", "8H"], "t2": []})
    assert_illegal(s, "t3-t1")           # 8H on 8H
    assert_play(s, "t7-t1", {"t1": ["9H", "8H", "7H"], "t7": []})


def test_dts_rule_06_a_group_is_any_top_part_of_a_face_up_same_suit_run():
    """double-trigon-solo rule 6: a run of 5 (KS QS JS TS 9S) moves as 1 to 5 cards."""
    s = build(DTS, t={"t1": ["#5C", "KS", "QS", "JS", "TS", "9S"], "t3": ["KS"],
                      "t4": ["QS"], "t5": ["JS"], "t6": ["TS"], "t7": ["2D"], "t8": ["5H"],
                      "t9": ["8C"]})
    assert legal(s) == {"t1-t6", "t1-t5x2", "t1-t4x3", "t1-t3x4", "t1-t2x5",
                        "t3-t2", "t4-t3", "t5-t4", "t6-t5", "s-w"}
    no_x1(s)
    for move in ("t1-t2x6", "t1-t2x4", "t1-t3x5", "t1-t3x3", "t1-t4x2", "t1-t6x2", "t1-t5"):
        assert_illegal(s, move)
    run = ["KS", "QS", "JS", "TS", "9S"]
    for k, dst, under in ((1, "t6", "TS"), (2, "t5", "JS"), (3, "t4", "QS"), (4, "t3", "KS")):
        move = f"t1-{dst}" + (f"x{k}" if k > 1 else "")
        assert_play(s, move, {dst: [under] + run[-k:], "t1": ["#5C"] + run[:-k]})
        s.undo()
    assert_play(s, "t1-t2x5", {"t2": run, "t1": ["5C"]})
    # A face-down card never joins a group, even where it would fit.
    s = build(DTS, t={"t1": ["#TD", "9D", "8D"], "t2": ["JD"]})
    for move in ("t1-t2x3", "t1-t2x2", "t1-t2"):
        assert_illegal(s, move)


def test_dts_rule_07_a_group_s_bottom_card_must_fit_the_target():
    """double-trigon-solo rule 7."""
    s = build(DTS, t={"t1": ["#4C", "9H", "8H"], "t2": ["9H"], "t3": ["TH"],
                      "t5": ["#2D", "KS", "QS"], "t6": ["#3D", "QC", "JC"], "t7": ["5S"],
                      "t8": ["3H"], "t9": ["7C"]})
    assert {"t1-t2", "t1-t3x2", "t5-t4x2"} <= legal(s)
    for move in ("t1-t2x2",     # the top card 8H fits 9H, the bottom card 9H does not
                 "t6-t4x2", "t6-t4", "t1-t4x2", "t5-t4"):
        assert_illegal(s, move)
    assert_play(s, "t1-t3x2", {"t3": ["TH", "9H", "8H"], "t1": ["4C"]})
    assert_play(s, "t5-t4x2", {"t4": ["KS", "QS"], "t5": ["2D"]})


def test_dts_rule_08_an_empty_tableau_pile_takes_only_a_king_or_king_led_group():
    """double-trigon-solo rule 8 (and: each empty pile is its own move)."""
    s = build(DTS, t={"t2": ["#3D", "KH"], "t3": ["#4D", "KC", "QC"], "t4": ["QS"],
                      "t6": ["5H"], "t7": ["8C"], "t8": ["2S"], "t9": ["9D"]},
              waste=["QD", "KD"])
    assert legal(s) == {"t2-t1", "t2-t5", "t3-t1x2", "t3-t5x2", "w-t1", "w-t5", "s-w"}
    for move in ("t3-t1", "t4-t1", "t6-t5", "t7-t1", "t3-t5"):
        assert_illegal(s, move)
    assert_play(s, "t2-t1", {"t1": ["KH"], "t2": ["3D"]})
    s.undo()
    assert_play(s, "w-t5", {"t5": ["KD"], "w": ["QD"]})
    assert_play(s, "w-t5", {"t5": ["KD", "QD"], "w": []})


def test_dts_rule_09_an_uncovered_face_down_card_turns_up_in_the_same_move():
    """double-trigon-solo rule 9 (undo turns it back down)."""
    check_face_down_turns_up(DTS)


def test_dts_rule_10_waste_gets_cards_only_from_stock_and_only_its_top_plays():
    """double-trigon-solo rule 10."""
    check_waste_top_only(DTS)


def test_dts_rule_11_deal_turns_one_card():
    """double-trigon-solo rule 11."""
    check_single_card_deal(DTS)


def test_dts_rule_12_redeal_any_number_of_times_bottom_card_first():
    """double-trigon-solo rule 12."""
    check_redeal_unlimited(DTS)


def test_dts_rule_13_same_kind_moves_whenever_the_target_accepts():
    """double-trigon-solo rule 13: foundation to foundation and tableau to tableau."""
    s = build(DTS, f={"f1": up("S", "3"), "f2": up("S", "2")},
              t={"t1": ["KH"], "t3": ["7D"], "t4": ["8D"], "t5": ["4C"], "t6": ["JH"],
                 "t7": ["9S"], "t8": ["2D"], "t9": ["QC"]})
    assert {"f1-f2", "t1-t2", "t3-t4"} <= legal(s)
    for move in ("f2-f1", "t4-t3", "t1-t3"):
        assert_illegal(s, move)
    assert_play(s, "f1-f2", {"f1": up("S", "2"), "f2": up("S", "3")})
    assert_play(s, "t1-t2", {"t1": [], "t2": ["KH"]})
    assert_play(s, "t3-t4", {"t3": [], "t4": ["8D", "7D"]})


def test_dts_winning():
    """double-trigon-solo, Winning: all 104 cards on the foundations."""
    check_winning(DTS)


# ----------------------------------------------------------------------------- option
# foundation_takeback=False (all three games): "Option" in each seeds/<game>.md.

def test_trigon_option_no_takeback_keeps_foundation_cards_up():
    """trigon, foundation_takeback=False: rule 4's moves are gone; the rest still plays."""
    s = build("trigon", f={"f1": up("C", "5"), "f3": up("H", "K")},
              t={"t1": ["6C"], "t2": ["6D"], "t4": ["7S"], "t5": ["2D"], "t6": ["9S"],
                 "t7": ["QD"]}, foundation_takeback=False)
    assert from_foundations(s) == set()
    for move in ("f1-t1", "f3-t3"):
        assert_illegal(s, move)
    assert_play(s, "t1-f1", {"f1": up("C", "6"), "t1": []})  # cards still go up


def test_klondike_option_no_takeback_keeps_foundation_cards_up():
    """klondike (draw 3), foundation_takeback=False: nothing leaves a foundation."""
    s = build("klondike", f={"f1": up("C", "5"), "f2": up("S", "8")},
              t={"t1": ["6H"], "t2": ["9D"], "t3": ["6C"]}, foundation_takeback=False)
    assert from_foundations(s) == set()
    for move in ("f1-t1", "f2-t2"):
        assert_illegal(s, move)
    assert_play(s, "t3-f1", {"f1": up("C", "6"), "t3": []})


def test_dts_option_no_takeback_keeps_foundation_cards_up():
    """double-trigon-solo, foundation_takeback=False: no moves to a tableau pile or to
    another foundation, though both would take the card."""
    s = build(DTS, f={"f1": up("S", "4"), "f2": up("S", "5"), "f3": ["AH"]},
              t={"t1": ["6S"], "t2": ["6D"], "t3": ["9C"], "t4": ["3D"], "t5": ["JH"],
                 "t6": ["8D"], "t7": ["2C"], "t8": ["TD"], "t9": ["QS"]}, foundation_takeback=False)
    assert from_foundations(s) == set()
    for move in ("f2-f1", "f2-t1", "f3-f6"):
        assert_illegal(s, move)
    assert_play(s, "t1-f2", {"f2": up("S", "6"), "t1": []})
