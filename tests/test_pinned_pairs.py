"""Pinned pairs (seeds/solver.md, "Pinned pairs"): two cards in two piles, each of whose
resting places off the foundations lies under one of the two. Whichever leaves the card under
it first can only go up; if neither can go up first (pinned cards' test, for each), the
position is lost. One test per statement on hand-built Klondike positions (every card not
named waits in the stock, unlimited redeals), then its soundness: no position on a winning
line is called lost, and no position it calls lost is won by the search without it."""
import json
import random

import pytest

import solitaire_engine as se
from test_pinned_cards import RANKS, holders_of, scatter, verdicts_without_the_tests
from test_solver import _won
from test_stuck_cards import klondike

NO_TAKEBACK = {"foundation_takeback": False}

# Klondike #450's shape: TS on a face-down JD over AC, 2H and 7C; TC on JH. The TC cannot go
# up first (the AC is buried); the TS only once the 7S is up, and then the 6H (it waits for the
# 2H) could lie on neither black 7.
BURIED = ["#AC", "#2H", "#7C", "#JD", "TS"]
PAIR = [BURIED, ["JH", "TC"], ["7S", "6H"]]


def checks(tableau, foundations=None, options=None):
    core = klondike(tableau, foundations, options)._core
    return core.pinned_pair_loss(), core.pinned_loss(), core.crowded_loss(), core.stuck_cards() is not None


def test_two_cards_on_each_others_holders_lose_where_neither_can_go_up_first():
    assert checks(PAIR) == (True, False, False, False)  # beyond the tests of one card
    r = klondike(PAIR).solve(time_limit=None, max_positions=1000)
    assert r.status == "unsolvable" and r.positions < 10


def test_the_solver_names_the_pair_and_what_stops_each_card_leaving_first():
    r = klondike(PAIR).solve(time_limit=None, max_positions=1000)
    assert (r.status, r.positions, r.pinned, r.crowded) == ("unsolvable", 0, None, None)
    # The TS up first strands the 6H; the TC cannot go up before the AC, buried under the JD.
    assert r.pinned_pair == (("t1", "TS", "6H", False), ("t2", "TC", "AC", True))
    assert se.load_game("klondike").deal(2).solve(time_limit=10).pinned_pair is None  # won


def test_the_cli_explains_a_pinned_pair_at_the_deal():
    from test_cli import run

    # Klondike #9293: the face-down JD (t6) lies over the QC and the TD, the 9C (t7) over the QS
    # and the TH, so neither the JD's holders nor the 9C's are free. The JD cannot go up before
    # the 5D, under the 9C; the 9C up first leaves the 8H (it waits for the 2H, under the 9C)
    # with both black 9s gone: the 9C up, the 9S in the stock with both red 10s covered.
    lines = run("solve", "klondike", "9293").stdout.splitlines()
    assert lines[0].startswith("unsolvable (0 positions")
    assert lines[1] == ("The JD in t6 and the 9C in t7 can each go only onto cards under one of the two, so "
                        "whichever leaves first must go to its foundation. Neither can: the JD could go up only "
                        "after the 5D, which cannot be up by then; with the 9C up first, the 8H, which must wait, "
                        "could lie nowhere.")
    data = json.loads(run("solve", "klondike", "9293", "--json").stdout)
    assert data["pinned_pair"] == [["t6", "#JD", "5D", True], ["t7", "9C", "8H", False]]


def test_the_search_alone_agrees():
    # With most cards up, the search without any of these tests can finish.
    up = [[], [r + "S" for r in "A23456"], ["AH"], [r + "D" for r in "A23456789T"]]
    assert checks(PAIR, up)[0]
    assert klondike(PAIR, up)._core.solve(max_positions=5_000_000, stuck_cards=False)["status"] == "unsolvable"


def test_a_holder_in_the_talon_frees_the_pair():
    assert not checks([BURIED, ["TC"], ["7S", "6H"]])[0]  # JH in the stock


def test_the_card_leaving_first_may_go_up_if_nothing_then_strands():
    # 7C in the stock: the 6H could lie on it once the 7S is up.
    assert not checks([["#AC", "#2H", "#JD", "TS"], ["JH", "TC"], ["7S", "6H"]])[0]
    assert not checks([BURIED, ["JH", "TC"], ["7S"]])[0]  # 6H in the stock: it needs no rest


def test_a_card_built_on_its_holder_keeps_that_holder_covered():
    # The TC may carry the JH off (here off a face-down 5D), but never uncovers it.
    assert checks([BURIED, ["#5D", "JH", "TC"], ["7S", "6H"]])[0] is True


def test_a_card_covers_everything_under_it_where_it_cannot_leave_with_the_card_under_it():
    assert checks([BURIED, ["#JH", "#9D", "TC"], ["7S", "6H"]])[0] is True  # on a face-down card
    assert checks([BURIED, ["JH", "QS", "TC"], ["7S", "6H"]])[0] is True  # on a card it is not built on


def test_a_pair_needs_a_card_face_down_or_on_a_face_down_card():
    # With everything face up the TS lies on the JD as a run, so it covers the JD alone (the
    # AC is no longer covered), and the pair is not asked about.
    assert not checks([["AC", "2H", "7C", "JD", "TS"], ["JH", "TC"], ["7S", "6H"]])[0]


@pytest.mark.parametrize("options", [NO_TAKEBACK, {"draw": 3}], ids=str)
def test_the_other_klondike_rules_hold_it_too(options):
    assert checks(PAIR, None, options)[0]


def test_without_takebacks_the_searches_ask_it():
    r = klondike(PAIR, None, NO_TAKEBACK).solve(time_limit=None, max_positions=1000)
    assert r.status == "unsolvable" and r.positions < 10


def test_with_draw_3_the_games_own_searches_ask_it():
    # Klondike #849 with draw 3 is won dealing one card at a time, so only draw 3's own
    # searches can prove it lost; with pairs they do within a few thousand positions (with draw
    # 3's searches not asking them, it stayed unknown after 9 M).
    r = se.load_game("klondike", draw=3).deal(849).solve(time_limit=None, max_positions=20_000)
    assert (r.status, r.single_deals) == ("unsolvable", False)
    assert se.load_game("klondike").deal(849).solve(time_limit=None, max_positions=2_000_000).status == "solved"


def test_with_draw_3_a_pair_at_the_start_is_named_too():
    # The position the solver starts from is asked before any search, whatever the stock deals.
    r = klondike(PAIR, None, {"draw": 3}).solve(time_limit=None, max_positions=1000)
    assert (r.status, r.positions, r.single_deals) == ("unsolvable", 0, False)
    assert r.pinned_pair == (("t1", "TS", "6H", False), ("t2", "TC", "AC", True))


def test_games_where_a_card_has_many_homes_never_ask():
    for name in ("aces-and-kings", "double-trigon-solo", "black-hole", "golf", "double-or-quits"):
        game = se.load_game(name)
        assert not any(game.deal(n)._core.pinned_pair_loss() for n in range(1, 31)), name


@pytest.mark.parametrize("options", [{}, NO_TAKEBACK, {"draw": 3}], ids=str)
def test_no_position_on_a_winning_line_is_called_lost(options):
    game = se.load_game("klondike", **options)
    lines = 0
    for n in range(1, 31):
        state = game.deal(n)
        r = state.solve(time_limit=None, max_positions=300_000)  # positions, not seconds: sanitizers
        if r.status != "solved":
            continue
        lines += 1
        for move in r.moves:
            assert not state._core.pinned_pair_loss(), (n, len(state.moves()))
            state.play(move)
    assert lines >= 15


def _pair_positions(game, rng, count):
    """Won positions with many cards taken back (as for pinned cards), then two cards of one
    colour and rank (not Kings) laid each on one of their two holders: one holder face down
    under one of them, over a few lower cards also face down (most often one of each card's
    suit); the other face up under the other, sometimes over a face-down card. The rest dealt
    onto other piles or into the stock."""
    out = []
    while len(out) < count:
        pos = _won(game)
        deep, pulled = rng.randrange(4), []
        for i, f in enumerate(pos["foundations"]):
            for _ in range(rng.randrange(9, 12) if i == deep else rng.randrange(2, 7)):
                pulled.append(f.pop())
        twins = [(a, b) for a in pulled for b in pulled
                 if a < b and a[0] == b[0] and a[0] != "K" and holders_of(a) == holders_of(b)
                 and all(h in pulled for h in holders_of(a))]
        if not twins:
            continue
        x, y = rng.choice(twins)
        h1, h2 = rng.sample(holders_of(x), 2)
        low = [c for c in pulled if c not in (x, y, h1, h2) and c[0] in "A23456"]
        under = rng.sample(low, min(len(low), rng.randrange(0, 3)))
        for card in (x, y):  # most often a lower card of each one's suit: it cannot go up first
            below_it = [c for c in pulled if c[1] == card[1] and RANKS.index(c[0]) < RANKS.index(card[0])
                        and c not in under + [h1, h2]]
            if below_it and rng.random() < 0.7:
                under.append(rng.choice(below_it))
        rng.shuffle(under)
        pos["tableau"][0] = ["#" + c for c in under + [h1]] + [x]
        spare = [c for c in low if c not in under]
        below = rng.sample(spare, min(len(spare), rng.randrange(0, 2)))
        pos["tableau"][1] = ["#" + c for c in below] + [h2, y]
        placed = set(under + below + [x, y, h1, h2])
        scatter_from_two(pos, [c for c in pulled if c not in placed], rng)
        out.append(pos)
    return out


def scatter_from_two(pos, rest, rng):
    """scatter(), leaving t1 and t2 as they are."""
    t1, t2 = pos["tableau"][0], pos["tableau"][1]
    pos["tableau"][1] = []
    scatter(pos, rest, rng, 0.4)
    pos["tableau"][1] = t2 + pos["tableau"][1]
    pos["tableau"][0] = t1


@pytest.mark.parametrize("options", [{}, NO_TAKEBACK, {"draw": 3}], ids=str)
def test_positions_it_calls_lost_the_search_without_it_never_wins(options):
    # Only positions that pinned cards, crowded holders and the relaxation of what covers what
    # do not already prove lost.
    game = se.load_game("klondike", **options)
    rng = random.Random(f"pinned pairs klondike {options}")
    verdicts = verdicts_without_the_tests(
        game, _pair_positions(game, rng, 3000),
        lambda core: core.pinned_pair_loss() and not core.pinned_loss() and not core.crowded_loss()
        and core.stuck_cards() is None)
    assert "solved" not in verdicts
    assert verdicts.count("unsolvable") >= 20, verdicts


# Deals the solver proves lost within 10 s only since pinned pairs (#620 in 2.5 M positions,
# 3.2 s here; a position limit, as the sanitizers' build runs several times slower): the
# search without them never wins them, though it may not finish.
def test_deals_it_proves_lost_the_search_never_wins():
    game = se.load_game("klondike")
    for n in (620, 904):
        r = game.deal(n).solve(time_limit=None, max_positions=3_000_000)
        assert r.status == "unsolvable", n
        assert game.deal(n)._core.solve(max_positions=300_000, stuck_cards=False)["status"] != "solved", n
