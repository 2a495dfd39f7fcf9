"""Game numbers to deals, as PySolFC deals them.

Three kinds of evidence:
- pysol-cards' own Klondike dealer (an implementation of PySolFC's deal independent of ours)
  must give our Klondike and Trigon layouts card for card;
- layouts for games #1 and #100000 worked out by hand from PySolFC's source (one per
  generator: Microsoft LC below 32000, Mersenne Twister above);
- pinned snapshots of several numbers per game (tests/golden/deals.json), so any change to
  dealing shows up.
"""
import json
import os
import random

import pytest
from pysol_cards.cards import CardRenderer
from pysol_cards.deal_game import Game as PysolCardsGame
from pysol_cards.random_base import RandomBase

import solitaire_engine as se
from conftest import GAME_VARIANTS, variant_id

HERE = os.path.dirname(__file__)


def _pysol_cards_layout(game_id, n):
    """pysol-cards' PySolFC layout: (talon top first, rows with "#" for face-down cards)."""
    text = PysolCardsGame(
        game_id=game_id, game_num=n, which_deals=RandomBase.DEALS_PYSOLFC, max_rank=13
    ).calc_layout_string(CardRenderer(print_ts=True))
    lines = [ln for ln in text.splitlines() if ln.strip()]
    talon = lines[0].split(":", 1)[1].split()  # top first
    rows = [[("#" + c.strip("<>")) if c.startswith("<") else c for c in ln.split()] for ln in lines[1:]]
    return talon, rows


# pysol-cards uses the LC generator up to 32000 inclusive, PySolFC below 32000: skip 32000.
KLONDIKE_NUMBERS = [1, 2, 3, 617, 11982, 31999, 32001, 100000, 2**31 + 7, 10**19 + 3, 10**20 - 1]


@pytest.mark.parametrize("name", ["klondike", "trigon"])
@pytest.mark.parametrize("n", KLONDIKE_NUMBERS + random.Random(5).sample(range(1, 10**6), 20))
def test_one_deck_triangle_deals_match_pysol_cards(name, n):
    if n == 32000:
        pytest.skip("the one number where pysol-cards and PySolFC pick different generators")
    talon, rows = _pysol_cards_layout("klondike", n)
    pos = json.loads(se.load_game(name).deal(n).to_json())
    assert pos["tableau"] == rows
    assert pos["waste"] == [talon[0]]
    assert pos["stock"][::-1] == talon[1:]


def test_klondike_draw_three_turns_three_cards_at_the_start():
    talon, rows = _pysol_cards_layout("klondike", 1)
    pos = json.loads(se.load_game("klondike", draw=3).deal(1).to_json())
    assert pos["tableau"] == rows
    assert pos["waste"] == talon[:3]
    assert pos["stock"][::-1] == talon[3:]


def _snap(name, n, **options):
    return json.loads(se.load_game(name, **options).deal(n).to_json())


def _fan(text):
    return text.split()


# Worked out from PySolFC's source (acesandkings.py, doublets.py, harp.py, game/__init__.py).
def test_aces_and_kings_game_1():
    p = _snap("aces-and-kings", 1)
    assert p["reserves"] == [_fan("3D JC 5S KC 8D AS 6C TC 4C QC KD TD AC"),
                             _fan("5H KH 5H KC JD 8C 6H 8D JS 4H 2H 8S 7C")]
    assert p["tableau"] == [["2H"], ["AD"], ["9H"], ["8S"]]
    assert p["waste"] == ["7D"]
    assert p["stock"][::-1][:5] == _fan("9S 8H JH 4D 2D") and len(p["stock"]) == 73


def test_acey_and_kingsley_game_1():
    p = _snap("acey-and-kingsley", 1)
    assert p["foundations"] == [[c] for c in _fan("AC AS AH AD KC KS KH KD")]
    assert p["reserves"] == [_fan("3D JC 5H 8D AS 6C TC 4C QC 2H 8S 7C AD"),
                             _fan("5H 5S KC JD 8C 6H 8D JS 4H TD AC 2H 9H")]
    assert p["tableau"] == [["8S"], ["7D"], ["9S"], ["8H"]]
    assert p["waste"] == ["JH"]
    assert p["stock"][::-1][:5] == _fan("4D 2D 6H TH 8C") and len(p["stock"]) == 65


def test_deuces_and_queens_game_1_keeps_the_waste_empty():
    p = _snap("deuces-and-queens", 1)
    assert p["reserves"] == [_fan("3D KH KC JD 6C 8D QC 2H AC AD 7D JH 6H"),
                             _fan("5H 5S KC AS 6H 4C 4H TD 7C 9H 9S 4D TH"),
                             _fan("JC 5H 8D 8C TC JS KD 8S 2H 8S 8H 2D 8C")]
    assert p["tableau"] == [["2S"], ["3S"], ["9C"], ["7D"]]
    assert p["waste"] == []
    # PySolFC turns 4S onto the waste; seed 000 leaves it on top of the stock.
    assert p["stock"][::-1][:5] == _fan("4S 8H TH AH JC") and len(p["stock"]) == 61


def test_double_or_quits_game_1():
    p = _snap("double-or-quits", 1)
    assert p["reserves"] == [[c] for c in _fan("6C 3D 8C TC 6S 9C 2H")]
    assert p["foundations"] == [["6H"]]
    assert p["waste"] == ["JD"]
    assert p["stock"][::-1][:5] == _fan("2D 9H JC 5D 7H") and len(p["stock"]) == 43


def test_double_trigon_solo_game_1():
    p = _snap("double-trigon-solo", 1)
    assert p["tableau"][0] == ["6H"]
    assert p["tableau"][3] == ["#JC", "#JD", "#8D", "2S"]
    assert p["tableau"][8] == _fan("#KC #TC #KD #7C #8S #8H #4D #2D 8H")
    assert p["waste"] == ["TH"]
    assert p["stock"][::-1][:5] == _fan("AH JC 4H 7H QS") and len(p["stock"]) == 58


def test_aces_and_kings_game_100000():
    p = _snap("aces-and-kings", 100000)
    assert p["reserves"] == [_fan("TC 6S 9S 4D QH 3D 2C KC 6H KS 5C KD 5S"),
                             _fan("4H 2D 9H QC 9C JC QD AD 7H QH 8D 8S 7D")]
    assert p["tableau"] == [["7S"], ["JD"], ["6C"], ["TD"]]
    assert p["waste"] == ["4C"]
    assert p["stock"][::-1][:5] == _fan("5D 8S 7D 6H TS")


def test_deuces_and_queens_game_100000():
    p = _snap("deuces-and-queens", 100000)
    assert p["reserves"][2] == _fan("6S 9H QH JC KC 7H 5C 8S 7S TD 8S TS 4D")
    assert p["tableau"] == [["8C"], ["3S"], ["5H"], ["QS"]]
    assert p["stock"][::-1][:5] == _fan("7S TS JD AC 2S")


def test_double_or_quits_game_100000_sends_passed_kings_to_the_bottom():
    p = _snap("double-or-quits", 100000)
    assert p["reserves"] == [[c] for c in _fan("7D AS 6C QH 3H 3C 3D")]
    assert p["foundations"] == [["AC"]]
    assert p["waste"] == ["5C"]
    assert p["stock"][::-1][:5] == _fan("2D 9H 6D TH 4S")
    assert p["stock"][:5] == _fan("KD KS 9D 3S 8D")  # bottom first


def test_double_or_quits_discard_removes_only_the_kings():
    keep = _snap("double-or-quits", 100000)
    gone = _snap("double-or-quits", 100000, kings="discard")
    assert gone["reserves"] == keep["reserves"] and gone["foundations"] == keep["foundations"]
    assert gone["stock"] == [c for c in keep["stock"] if c[0] != "K"]
    assert all(c[0] != "K" for c in gone["stock"] + gone["waste"])


def _pysol_cards_lines(game_id, n):
    """pysol-cards' layout for games that print a "Foundations:" line: (named lines by
    their label, e.g. {"Talon": [...], "Foundations": [...]}, the rows bottom to top)."""
    text = PysolCardsGame(
        game_id=game_id, game_num=n, which_deals=RandomBase.DEALS_PYSOLFC, max_rank=13
    ).calc_layout_string(CardRenderer(print_ts=True))
    named, rows = {}, []
    for line in filter(str.strip, text.splitlines()):
        label, colon, rest = line.partition(":")
        if colon:
            named[label.strip()] = rest.split()
        else:
            rows.append(line.split())
    return named, rows


# Both generators: below 32000 (Microsoft LC, with the Microsoft card order) and above.
ONE_DECK_NUMBERS = [1, 2, 3, 617, 11982, 31999, 32001, 100000, 2**31 + 7, 10**19 + 3, 10**20 - 1] \
    + random.Random(98).sample(range(1, 32000), 15) + random.Random(36).sample(range(32001, 10**12), 15)


@pytest.mark.parametrize("n", ONE_DECK_NUMBERS)
def test_black_hole_deals_match_pysol_cards(n):
    named, rows = _pysol_cards_lines("black_hole", n)
    pos = _snap("black-hole", n)
    assert named == {"Foundations": ["AS"]}
    assert pos["foundations"] == [["AS"]]
    assert pos["tableau"] == rows and len(rows) == 17 and all(len(r) == 3 for r in rows)
    assert pos["stock"] == [] and pos["waste"] == []


@pytest.mark.parametrize("kings", ["alive", "dead"])
@pytest.mark.parametrize("n", ONE_DECK_NUMBERS)
def test_golf_deals_match_pysol_cards(n, kings):
    named, rows = _pysol_cards_lines("golf", n)
    pos = _snap("golf", n, kings=kings)
    assert pos["tableau"] == rows and len(rows) == 7 and all(len(r) == 5 for r in rows)
    # pysol-cards shows the card PySolFC turns onto the waste as its foundation, and the
    # rest of the talon top first.
    assert pos["waste"] == named["Foundations"]
    assert pos["stock"][::-1] == named["Talon"] and len(pos["stock"]) == 16
    assert pos["foundations"] == [] and pos["reserves"] == []


GOLDEN_NUMBERS = [1, 2, 31999, 32000, 100000, 2**32 + 5, 12345678901234567890, 10**20 - 1]


def _golden_key(variant, n):
    return f"{variant_id(variant)}#{n}"


@pytest.mark.parametrize("variant", GAME_VARIANTS, ids=variant_id)
def test_pinned_deals(variant):
    with open(os.path.join(HERE, "golden", "deals.json")) as f:
        golden = json.load(f)
    name, options = variant
    for n in GOLDEN_NUMBERS:
        assert _snap(name, n, **options) == golden[_golden_key(variant, n)], (name, n)


@pytest.mark.parametrize("bad", [0, -1, 10**20, "abc", 1.5, None, True])
def test_bad_game_numbers_are_value_errors(bad):
    with pytest.raises(ValueError):
        se.load_game("aces-and-kings").deal(bad)


if __name__ == "__main__":  # regenerate tests/golden/deals.json (review the diff!)
    out = {_golden_key(v, n): _snap(v[0], n, **v[1]) for v in GAME_VARIANTS for n in GOLDEN_NUMBERS}
    with open(os.path.join(HERE, "golden", "deals.json"), "w") as f:
        json.dump(out, f, indent=0, sort_keys=True)


def _gypsy_table(options):
    # PySolFC's Gypsy deal (two decks, 8 piles: two face-down rounds, one face-up round),
    # written with our deal steps: it exercises our two-deck shuffle against pysol-cards.
    from solitaire_engine import variants as v

    rows = tuple(range(8))
    return v.RuleTable(
        name="gypsy-deal", decks=2,
        groups=(v.Group("foundation", 8), v.Group("tableau", 8), v.Group("stock"), v.Group("waste")),
        deal_steps=(v.DealRow("tableau", rows, face_up=False), v.DealRow("tableau", rows, face_up=False),
                    v.DealRow("tableau", rows)),
        options=options)


@pytest.mark.parametrize("n", [1, 2, 617, 31999, 32001, 100000, 2**40 + 1, 10**20 - 1])
def test_two_deck_shuffle_matches_pysol_cards(n):
    """Our two-deck games share one shuffle of 104 cards; pysol-cards' Gypsy dealer (two
    decks, PySolFC's order and generators) must agree with it card for card."""
    from solitaire_engine import variants as v

    talon, rows = _pysol_cards_layout("gypsy", n)
    game = se.Game(v.GameInfo("gypsy-deal", "Gypsy deal", 1, _gypsy_table), {})
    pos = json.loads(game.deal(n).to_json())
    assert pos["tableau"] == rows
    assert pos["stock"][::-1] == talon
