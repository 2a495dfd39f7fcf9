"""A card taken back off its foundation is used at once (seeds/solver.md, "A card taken back
is used at once"): in the depth-first searches that prove losses, after the solver takes a
card back onto a tableau card, its next move must put a card on it or move the card it left
on top of its foundation. Hand-built Klondike positions; then the solver's own moves, as
those searches play them, against a plain exhaustive search on small endgames."""
import json
import random

import pytest

import solitaire_engine as se
from plain_search import plain_verdict
from positions import position

HEARTS_TO_5 = ["AH", "2H", "3H", "4H", "5H"]
CLUBS_TO_5 = ["AC", "2C", "3C", "4C", "5C"]
KINGS = [["KD"], ["KH"], ["KS"]]  # no empty pile, no Ace in the talon: no safe move


def klondike(tableau, foundations):
    """A Klondike snapshot with every other card in the talon (unlimited redeals)."""
    return position("klondike", "stock", redeals_left=-1, tableau=tableau, foundations=foundations)


def core_of(pos, proving=True):
    """The core at snapshot `pos`, playing as the depth-first searches of the whole game do
    (proving=True) or as the best-first ones do."""
    core = se.load_game("klondike").from_json(pos)._core
    core.set_cards_wait_for_use(proving)
    return core


def solver_move(core, text):
    found = [(code, pad) for code, pad in core.solver_moves() if not pad and core.move_text(code) == text]
    return found[0] if found else None


def after(core, texts):
    """The moves owed after the solver's moves `texts`, and its next moves as text."""
    line = []
    for text in texts:
        owed, moves = core.solver_moves_after(line)
        found = [(c, p) for c, p in moves if not p and core.move_text(c) == text]
        assert found, f"{text} is not a solver move after {texts[:len(line)]}"
        line.append(found[0])
    owed, moves = core.solver_moves_after(line)
    return sorted(owed), sorted(core.move_text(c) for c, _ in moves)


# 5H comes back onto 6S: then 4C may go on it, or 4H (left on the hearts) onto 5C.
USES = [["6S"], ["4C"], ["5C"], ["#AC", "#AS", "#AD", "#4S", "KC"]] + KINGS


def test_after_a_card_comes_back_only_moves_that_use_it_follow():
    core = core_of(klondike(USES, [[], [], HEARTS_TO_5, []]))
    assert after(core, ["f3-t1"]) == ([("t1", "taken back")], ["f3-t3", "t2-t1"])


def test_as_the_best_first_searches_play_nothing_is_owed():
    core = core_of(klondike(USES, [[], [], HEARTS_TO_5, []]), proving=False)
    owed, moves = after(core, ["f3-t1"])
    assert owed == [] and "t3-t1" not in moves and len(moves) > 2


def test_a_card_nothing_could_use_is_not_taken_back():
    # The black 4s and 5s lie face down: nothing could go on 5H, and 4H nowhere.
    hidden = ["#AC", "#AS", "#AD", "#4S", "#4C", "#5C", "#5S", "KC"]
    pos = klondike([["6S"], hidden, ["9D"], ["QS"]] + KINGS, [[], [], HEARTS_TO_5, []])
    state = se.load_game("klondike").from_json(pos)
    assert "f3-t1" in [str(m) for m in state.legal_moves()]
    assert solver_move(core_of(pos), "f3-t1") is None
    assert solver_move(core_of(pos, proving=False), "f3-t1") is not None


@pytest.mark.parametrize("order", [["f3-t1", "f1-t2"], ["f1-t2", "f3-t1"]])
def test_two_cards_come_back_when_one_next_move_uses_both(order):
    # 5H onto 6S and 5C onto 6D: 4C then goes on 5H, or 4H on 5C, each using both.
    pos = klondike([["6S"], ["6D"], ["#AS", "#AD", "#4S", "#4D", "KC"], ["QS"]] + KINGS,
                   [CLUBS_TO_5, [], HEARTS_TO_5, []])
    owed, moves = after(core_of(pos), order)
    assert owed == [("t1", "taken back"), ("t2", "taken back")]
    assert moves == ["f1-t1", "f3-t2"]


def test_a_card_taken_back_and_a_card_uncovered_share_one_use_taken_back_first():
    # 4D leaves 5S for 5C, and 5H comes back onto 6C: 4H, left on the hearts, then goes on
    # 5S, using both. The two moves touch different piles, so some win takes the card back
    # first; uncovering 5S first, which nothing else could use, is not tried.
    pos = klondike([["9D", "5S", "4D"], ["5C"], ["6C"], ["#AC", "#AS", "#AD", "KC"]] + KINGS,
                   [[], [], HEARTS_TO_5, []])
    owed, moves = after(core_of(pos), ["f3-t3", "t1-t2"])
    assert owed == [("t1", "uncovered"), ("t3", "taken back")]
    assert moves == ["f3-t1"]
    assert solver_move(core_of(pos), "t1-t2") is None


def test_a_card_comes_back_onto_the_run_that_uncovered_the_card_it_will_hold():
    # 6S leaves 4C for 7D; 5H then comes back onto 6S, and 4C goes on it: here the card can
    # only come back after the run moved, so the run may move for it.
    pos = klondike([["9D", "4C", "6S"], ["7D"], ["#AC", "#AS", "#AD", "#3D", "#5D", "KC"]] + KINGS + [["QS"]],
                   [[], [], HEARTS_TO_5, []])
    owed, moves = after(core_of(pos), ["t1-t2", "f3-t2"])
    assert owed == [("t1", "uncovered"), ("t2", "taken back")]
    assert moves == ["t1-t2"]


def _endgames(rng, count, game):
    """Won positions with 8 to 13 cards taken back onto three tableau piles (most of those
    under the top face down) or into the talon: small searches full of takebacks."""
    out = []
    while len(out) < count:
        pos = json.loads(game.deal(1).to_json())
        pos["foundations"] = [[r + s for r in "A23456789TJQK"] for s in "CSHD"]
        pos["tableau"] = [[] for _ in pos["tableau"]]
        pos["stock"], pos["waste"], pos["redeals_left"] = [], [], -1
        for _ in range(rng.randrange(8, 14)):
            f = rng.choice([f for f in pos["foundations"] if f])
            pile = pos["stock"] if rng.random() < 0.25 else pos["tableau"][rng.randrange(3)]
            pile.append(f.pop())
        rng.shuffle(pos["stock"])
        for pile in pos["tableau"]:
            for j in range(len(pile) - 1):
                if rng.random() < 0.7:
                    pile[j] = "#" + pile[j]
        out.append(pos)
    return out


def _solver_graph_verdict(game, pos, limit):
    """Exhaustive search over the solver's own moves (safe moves, macro moves over the talon,
    every move owed), as the depth-first searches of the whole game play them; positions
    told apart by their cards and what they owe. Also counts the positions owing a card
    taken back. None once more than `limit` positions are seen."""
    core = game.from_json(pos)._core
    core.set_cards_wait_for_use(True)

    def play(line):  # the plain moves a line of solver moves stands for, dealing included
        state = game.from_json(pos)
        for code, pad in line:
            while pad and len(state.pile("w")) != pad:
                state.play("s-w" if state.pile("s") else "w-s")
            assert state._core.play(code)
        return state

    seen, taken_back = set(), 0
    stack = [[]]
    while stack:
        line = stack.pop()
        state = play(line)
        if state.is_won():
            return "solved", taken_back
        owed, moves = core.solver_moves_after(line)
        key = (tuple(tuple(p) for p in state._core.piles()), tuple(sorted(owed)))
        if key in seen:
            continue
        seen.add(key)
        taken_back += any(kind == "taken back" for _, kind in owed)
        if len(seen) > limit:
            return None, taken_back
        stack.extend(line + [m] for m in moves)
    return "unsolvable", taken_back


def test_the_proving_searches_moves_reach_a_win_wherever_one_exists():
    """Every win the plain search finds, the solver's own moves reach too, and where they
    reach one there is one; hundreds of the positions on the way owe a card taken back.
    (Trigon builds in suit, so its foundation cards are always settled: never taken back.)"""
    game = se.load_game("klondike")
    verdicts, taken_back = {"solved": 0, "unsolvable": 0}, 0
    for pos in _endgames(random.Random(1), 40, game):
        truth = plain_verdict(game.from_json(pos)._core, limit=3000)
        if truth is None:
            continue
        verdict, owing = _solver_graph_verdict(game, pos, limit=3000)
        assert verdict == truth, pos
        verdicts[truth] += 1
        taken_back += owing
    assert verdicts["solved"] >= 30, verdicts
    assert taken_back >= 300, taken_back


def test_with_draw_3_a_card_taken_back_owes_nothing():
    # Sound there too, but measured to cost positions (Rules::lazy_takeback).
    pos = klondike(USES, [[], [], HEARTS_TO_5, []])
    pos["options"] = {"draw": 3}
    core = se.load_game("klondike", draw=3).from_json(pos)._core
    core.set_cards_wait_for_use(True)
    owed, moves = after(core, ["f3-t1"])
    assert owed == [] and "t3-t1" not in moves and len(moves) > 2
