"""Cards that can never move (seeds/solver.md, "Cards that can never move"): a proof of loss
with no search, from a game relaxed to what covers what. One test per statement of the
relaxation on hand-built positions (every card not named waits in the stock, unlimited
redeals), then its soundness: no deal or position it calls lost is won by the search or by
the referee's exhaustive one."""
import json
import random

import pytest

import solitaire_engine as se
from positions import position
from test_solver import _referee_verdict, _won

NO_TAKEBACK = {"foundation_takeback": False}
SUITS = "CSHD"


def klondike(tableau, foundations=None, options=None):
    options = options or {}
    tableau = tableau + [[]] * (7 - len(tableau))
    pos = position("klondike", "stock", options, redeals_left=-1, tableau=tableau, foundations=foundations)
    return se.load_game("klondike", **options).from_json(pos)


def stuck(state):
    """The relaxation's stuck cards as (pile, card) text, or None if it proves nothing."""
    found = state._core.stuck_cards()
    if found is None:
        return None
    names, piles = state.game.pile_names, state._core.piles()
    return [(names[p], state.pile(names[p])[i]) for p, i in found]


def test_a_card_over_both_its_holders_and_a_lower_card_of_its_suit_never_moves():
    # QS can go up only after 5S, and onto a red King only: all three lie under it.
    state = klondike([["#KH", "#KD", "#5S", "QS"]])
    assert stuck(state) == [("t1", "QS"), ("t1", "#5S"), ("t1", "#KD"), ("t1", "#KH")]
    r = state.solve(time_limit=5)
    assert (r.status, r.positions, r.stuck) == ("unsolvable", 0, stuck(state))


def test_a_card_with_one_holder_free_may_move():
    state = klondike([["#KD", "#5S", "QS"]])  # KH waits in the stock
    assert stuck(state) is None
    assert state.solve(time_limit=5).status == "solved"


def test_a_card_that_can_go_up_needs_no_holder():
    state = klondike([["#KH", "#KD", "QS"]])  # AS..JS wait in the stock
    assert stuck(state) is None


def test_a_built_run_leaves_as_one_with_its_lowest_card():
    # 4H on 5S: alone, 4H could neither go up (3H under it) nor onto a black 5 (both under
    # it). But it never has to leave 5S: 5S carries it onto a red 6 from the stock.
    state = klondike([["#5C", "#3H", "5S", "4H"]])
    assert stuck(state) is None
    assert state.solve(time_limit=5).status == "solved"


def test_cards_above_a_stuck_card_may_still_leave():
    state = klondike([["#6H", "#6D", "#4S", "5S", "4H"]])
    assert stuck(state) == [("t1", "5S"), ("t1", "#4S"), ("t1", "#6D"), ("t1", "#6H")]


# Each King lies on the Queen of its suit; each Jack on the Ten of its suit, its holders (the
# other colour's Queens) under the Kings. A King could leave only for an empty pile, and no
# pile can ever empty.
KINGS_ON_QUEENS = [["#QS", "KS"], ["#QH", "KH"], ["#QD", "KD"], ["#QC", "KC"],
                   ["#TS", "JS"], ["#TH", "JH"], ["#TD", "JD"]]


def test_a_king_needs_a_pile_that_can_empty():
    state = klondike(KINGS_ON_QUEENS)
    assert len(stuck(state)) == 14
    assert state.solve(time_limit=5).status == "unsolvable"


def test_one_pile_that_can_empty_frees_the_kings():
    state = klondike(KINGS_ON_QUEENS[:6] + [["9C"]])  # TD and JD in the stock
    assert stuck(state) is None


# QS over KH and 5S; the other red King, KD, is the top card of the diamonds' foundation.
KD_UP = [[], [], [], [r + "D" for r in "A23456789TJQK"]]


def test_a_foundation_card_may_come_back_down_to_hold_one():
    assert stuck(klondike([["#KH", "#5S", "QS"]], KD_UP)) is None


def test_without_takeback_a_foundation_card_holds_nothing():
    state = klondike([["#KH", "#5S", "QS"]], KD_UP, NO_TAKEBACK)
    assert stuck(state) == [("t1", "QS"), ("t1", "#5S"), ("t1", "#KH")]


def test_a_stock_card_holds_one_only_once_it_can_be_laid_down():
    # 9S over 8S and its holder TH; the other holder, TD, waits in the stock, but could be
    # laid only on a black Jack, and both lie under 9S too.
    state = klondike([["#TH", "#JS", "#JC", "#8S", "9S"]])
    assert stuck(state)[0] == ("t1", "9S")


def test_a_stock_card_that_can_be_laid_down_holds_one():
    # JC in the stock: TD goes on it (JC on a red Queen, the Queen on a black King, the King
    # into an empty pile), and 9S on TD.
    assert stuck(klondike([["#TH", "#JS", "#8S", "9S"]])) is None


# Dealing three at a time (no takeback): every card home but the clubs; the 4C to the QC
# lie face up on t1, the KC and the clubs from the Ace to the 4 wait in the talon in the given
# dealing order. Only the KC has somewhere to go besides up (an empty pile).
DRAW_3 = {"draw": 3, "foundation_takeback": False}


def dealt_in_threes(order, options=DRAW_3):
    full = [[r + s for r in "A23456789TJQK"] for s in "SHD"]
    pos = position("klondike", "stock", options, redeals_left=-1, foundations=[[]] + full,
                   tableau=[[r + "C" for r in "QJT98765"]] + [[]] * 6, stock=list(reversed(order)))
    return se.load_game("klondike", **options).from_json(pos)


def test_dealing_three_a_card_off_every_deal_boundary_never_comes_to_the_top():
    # The 3C and the 4C come to the top of every pass and can go nowhere; the cards under
    # them never do.
    state = dealt_in_threes(["2C", "AC", "3C", "KC", "4C"])
    assert [c for p, c in stuck(state) if p == "s"] == ["4C", "KC", "3C", "AC", "2C"]
    r = state.solve(time_limit=5)
    assert (r.status, r.positions) == ("unsolvable", 0)
    assert state._core.solve(max_positions=100_000, stuck_cards=False)["status"] == "unsolvable"
    dealt_singly = dealt_in_threes(["2C", "AC", "3C", "KC", "4C"], {"foundation_takeback": False})
    assert stuck(dealt_singly) is None and dealt_singly.solve(time_limit=5).status == "solved"


@pytest.mark.parametrize("order", [
    ["2C", "AC", "KC", "4C", "3C"],  # the KC, dealt third, leaves: the AC, then the 2C, come up
    ["KC", "3C", "2C", "4C", "AC"],  # the talon's last card comes to the top
    ["3C", "2C", "KC", "AC", "4C"],  # the KC gone, the next pass deals the AC third
], ids=["the card dealt after it gone", "the last card", "a card before it gone"])
def test_dealing_three_a_card_comes_to_the_top(order):
    state = dealt_in_threes(order)
    assert stuck(state) is None
    assert state.solve(time_limit=5).status == "solved"


def test_dealing_three_the_talon_cards_it_calls_stuck_are_never_won():
    # Every dealing order of the KC and the clubs from the Ace to the 4.
    import itertools
    lost = 0
    for order in itertools.permutations(["KC", "AC", "2C", "3C", "4C"]):
        core = dealt_in_threes(list(order))._core
        if core.stuck_cards() is not None:
            lost += 1
            assert core.solve(max_positions=200_000, stuck_cards=False)["status"] == "unsolvable", order
    assert lost >= 60, lost


def test_a_game_won_short_of_every_card_counts_only_what_it_needs():
    # Double or Quits keeps its Kings off the foundation: they never go up, and need not.
    for n in range(1, 21):
        assert se.load_game("double-or-quits").deal(n)._core.stuck_cards() is None


def test_the_cli_names_the_cards_that_never_move():
    from test_cli import run

    out = run("solve", "klondike", "68").stdout
    assert out.splitlines()[0].startswith("unsolvable (0 positions")
    assert "never move" in out and "t7: QS 5S KH KD AC" in out


def test_the_cli_names_the_talon_cards_that_never_leave_it():
    from test_cli import run

    out = run("solve", "klondike", "138", "-o", "draw=3").stdout
    assert out.splitlines()[0].startswith("unsolvable (0 positions")
    assert "These cards never leave the talon" in out and "  w: 9C 6H 8H" in out


# Soundness. Deals the relaxation calls lost, where the search alone (the relaxation off)
# decides them: it must never find a win.
SEARCH_DECIDES = [("klondike", {}, [73, 262, 494, 530, 631, 663, 773, 834, 880]),
                  ("klondike", {"draw": 3}, [7, 10, 23, 30, 66, 73, 82, 262, 631, 773]),
                  ("trigon", {}, list(range(1, 41))),
                  ("black-hole", {}, [1, 27, 38, 59, 68, 89])]


@pytest.mark.parametrize("name,options,numbers", SEARCH_DECIDES, ids=lambda x: str(x)[:20])
def test_deals_it_calls_lost_the_search_never_wins(name, options, numbers):
    game = se.load_game(name, **options)
    proved = 0
    for n in numbers:
        core = game.deal(n)._core
        if core.stuck_cards() is None:
            continue
        proved += 1
        assert core.solve(max_positions=2_000_000, stuck_cards=False)["status"] != "solved", (name, n)
    assert proved >= min(4, len(numbers))


def _tangled_positions(game, rng, count):
    """Won positions with 5 to 9 cards taken back off the foundations, shuffled onto one to
    three tableau piles, some face down: high cards over lower ones of their suit and over
    their holders, the tangles the relaxation looks for, in searches the referee can finish."""
    out = []
    while len(out) < count:
        pos = _won(game)
        pulled = []
        for _ in range(rng.randrange(5, 10)):
            f = rng.choice([f for f in pos["foundations"] if f])
            pulled.append(f.pop())
        rng.shuffle(pulled)
        piles = rng.sample(range(len(pos["tableau"])), rng.randrange(1, 4))
        for card in pulled:
            pos["tableau"][rng.choice(piles)].append(card)
        turn_some_down(pos["tableau"], rng)
        pos["redeals_left"] = -1
        out.append(pos)
    return out


def turn_some_down(piles, rng):
    """Each card under the top of each pile turned face down with probability one half."""
    for pile in piles:
        for j in range(len(pile) - 1):
            if rng.random() < 0.5:
                pile[j] = "#" + pile[j]


# (Trigon with takeback gives the referee searches too long for a test; with two decks,
# Double Trigon solo's tangles of a few cards always come loose.)
@pytest.mark.parametrize("name,options", [("klondike", {}), ("klondike", NO_TAKEBACK), ("trigon", NO_TAKEBACK)])
def test_positions_it_calls_lost_the_referee_cannot_win(name, options):
    game = se.load_game(name, **options)
    rng = random.Random(f"stuck {name} {options}")
    proved = 0
    for pos in _tangled_positions(game, rng, 300):
        if game.from_json(pos)._core.stuck_cards() is None:
            continue
        truth = _referee_verdict(pos, 20000)
        assert truth != "solved", json.dumps(pos)
        proved += truth == "unsolvable"
    assert proved >= 10, proved
