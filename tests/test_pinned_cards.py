"""Pinned cards (seeds/solver.md, "Pinned cards"): a card that can leave its pile only for its
foundation, because every card it could be laid on lies under it, makes a position lost when
some card that must wait for it could then rest nowhere. One test per statement on hand-built
Klondike positions (every card not named waits in the stock, unlimited redeals), then its
soundness: no position or deal it calls lost is won by the search without it (the referee's
exhaustive search cannot finish the positions where it proves more than that relaxation)."""
import json
import random

import pytest

import solitaire_engine as se
from test_solver import _won
from test_stuck_cards import klondike, turn_some_down

NO_TAKEBACK = {"foundation_takeback": False}

# 8C lies on 2H, 9H and 9D: it can go onto neither red 9, so it leaves only for its
# foundation, after AC..7C; until then no heart from 2H up, no diamond from 9D up and no club
# above it can go up.
PINNED = ["#2H", "#9H", "#9D", "8C"]


def pinned(tableau, foundations=None, options=None):
    return klondike(tableau, foundations, options)._core.pinned_loss()


def test_a_waiting_card_that_can_rest_nowhere_loses():
    # 7H must leave AC (which goes up before 8C) and waits for 2H; it could then lie only on
    # 8S, which has nowhere to lie itself with both red 9s under 8C.
    state = klondike([PINNED, ["#AC", "7H"]])
    assert pinned([PINNED, ["#AC", "7H"]])
    assert state._core.stuck_cards() is None  # beyond the relaxation of what covers what
    r = state.solve(time_limit=5)
    assert r.status == "unsolvable" and r.positions < 10


def test_the_search_alone_agrees():
    state = klondike([PINNED, ["#AC", "7H"]])
    assert state._core.solve(max_positions=3_000_000, stuck_cards=False)["status"] == "unsolvable"


def test_a_waiting_card_rests_where_it_lies_if_nothing_under_it_must_go_up():
    assert not pinned([PINNED, ["#5D", "7H"]])


def test_a_waiting_card_on_a_card_that_must_go_up_must_move():
    assert pinned([PINNED, ["#5D", "#AC", "7H"]])


def test_a_waiting_king_rests_in_an_empty_pile():
    assert not pinned([PINNED, ["#AC", "KH"]])


def test_a_waiting_card_rests_on_a_card_that_rests():
    # TH onto JS (stock), JS onto QD, QD onto KC or KS, the King into an empty pile.
    assert not pinned([PINNED, ["#AC", "TH"]])


def test_waiting_cards_in_the_talon_need_no_rest():
    assert not pinned([PINNED])  # 7H waits in the stock


def test_a_card_with_a_holder_elsewhere_is_not_pinned():
    assert not pinned([["#2H", "#9H", "8C"], ["#AC", "7H"]])  # 9D in the stock


def test_a_card_built_on_the_card_under_it_is_not_pinned():
    # 8C on a face-up 9D leaves with it as a run.
    assert not pinned([["#2H", "#9H", "9D", "8C"], ["#AC", "7H"]])


def test_a_card_of_its_suit_under_it_loses():
    # 5C must be up before 8C can go, and lies under it.
    assert pinned([["#9H", "#5C", "#9D", "8C"]])


# 3H must leave AC; it waits for 2H. Its holders: 4C (which goes up before 8C) and 4S, here
# on its foundation. 4S could lie on 5D, on 6S, which rests where it lies.
SPADES_TO_4 = [[], [r + "S" for r in "A234"], [], []]
THREE_ON_ACE = [PINNED, ["#AC", "3H"], ["6S"]]


def test_a_foundation_card_may_come_back_down_to_hold_one():
    assert not pinned(THREE_ON_ACE, SPADES_TO_4)


def test_without_takeback_a_foundation_card_holds_nothing():
    assert pinned(THREE_ON_ACE, SPADES_TO_4, NO_TAKEBACK)
    assert klondike(THREE_ON_ACE, SPADES_TO_4, NO_TAKEBACK).solve(time_limit=5).status == "unsolvable"


# Hearts and diamonds up to the 9s, and the AS: 8C lies on 2S, its holders on their
# foundations. 3S waits for 2S, and must leave AC; both its holders are up too.
REDS_TO_9 = [[], ["AS"], [r + "H" for r in "A23456789"], [r + "D" for r in "A23456789"]]
EIGHT_OVER_TWO = [["#2S", "8C"], ["#AC", "3S"]]


def test_without_takeback_holders_on_their_foundations_pin_a_card():
    assert pinned(EIGHT_OVER_TWO, REDS_TO_9, NO_TAKEBACK)
    assert klondike(EIGHT_OVER_TWO, REDS_TO_9, NO_TAKEBACK).solve(time_limit=5).status == "unsolvable"


def test_with_takeback_holders_on_their_foundations_may_come_down():
    assert not pinned(EIGHT_OVER_TWO, REDS_TO_9)


def test_games_where_a_card_has_many_homes_never_ask():
    for name in ("aces-and-kings", "double-trigon-solo", "black-hole", "golf", "double-or-quits"):
        game = se.load_game(name)
        assert not any(game.deal(n)._core.pinned_loss() for n in range(1, 31)), name


def test_klondike_72_is_lost_at_the_deal():
    # 8C lies on 2H, KS, 9H and 9D; 7H lies on AC (and 9C), and could rest only on 8S.
    state = se.load_game("klondike").deal(72)
    assert state._core.stuck_cards() is None and state._core.pinned_loss()
    r = state.solve(time_limit=10)
    assert (r.status, r.positions, r.stuck, r.pinned) == ("unsolvable", 0, [], ("t5", "8C", "7H"))


def test_a_position_not_lost_at_the_start_names_no_pinned_card():
    r = se.load_game("klondike").deal(2).solve(time_limit=10)
    assert r.status == "solved" and r.pinned is None


def test_the_cli_explains_a_pinned_loss():
    from test_cli import run

    lines = run("solve", "klondike", "72").stdout.splitlines()
    assert lines[0].startswith("unsolvable (0 positions")
    assert lines[1] == ("The 8C in t5 can leave only for its foundation (every card it could go on lies "
                        "under it); by then the 7H, which must wait for it, could lie nowhere.")
    data = json.loads(run("solve", "klondike", "72", "--json").stdout)
    assert data["status"] == "unsolvable" and data["pinned"] == ["t5", "8C", "7H"]


RANKS = "A23456789TJQK"


def holders_of(card):
    r = RANKS.index(card[0])
    return [RANKS[r + 1] + s for s in ("CS" if card[1] in "HD" else "HD")] if r < 12 else []


def _pinned_positions(game, rng, count):
    """Won positions with many cards taken back (9 to 11 of one suit, 2 to 6 of the others):
    a card that is not a King laid face up on both its holders and one or two low cards,
    face down, in t1; the rest dealt onto two to four other piles (some face down) or into
    the stock. Pins over buried low cards, the shape the test looks for."""
    out = []
    while len(out) < count:
        pos = _won(game)
        deep, pulled = rng.randrange(4), []
        for i, f in enumerate(pos["foundations"]):
            for _ in range(rng.randrange(9, 12) if i == deep else rng.randrange(2, 7)):
                pulled.append(f.pop())
        kept = [c for c in pulled if c[0] != "K" and all(h in pulled for h in holders_of(c))]
        if not kept:
            continue
        card = rng.choice(kept)
        low = [c for c in pulled if c != card and c not in holders_of(card) and c[0] in "23456"]
        under = holders_of(card) + rng.sample(low, min(len(low), rng.randrange(1, 3)))
        rng.shuffle(under)
        pos["tableau"][0] = ["#" + c for c in under] + [card]
        scatter(pos, [c for c in pulled if c != card and c not in under], rng, 0.4)
        out.append(pos)
    return out


def scatter(pos, rest, rng, stock_share):
    """Deals `rest`, shuffled, onto two to four tableau piles other than t1 (some cards turned
    face down) or, each with probability `stock_share`, into the stock; unlimited redeals."""
    rng.shuffle(rest)
    tableau = pos["tableau"]
    piles = rng.sample(range(1, len(tableau)), rng.randrange(2, 5))
    for c in rest:
        if rng.random() < stock_share:
            pos["stock"].append(c)
        else:
            tableau[rng.choice(piles)].append(c)
    turn_some_down(tableau[1:], rng)
    pos["redeals_left"] = -1


def verdicts_without_the_tests(game, positions, counted):
    """The verdicts, at 50,000 positions with every test of stuck, pinned or crowded cards
    off, of the positions (snapshots) for which `counted(core state)` holds."""
    cores = (game.from_json(pos)._core for pos in positions)
    return [core.solve(max_positions=50_000, stuck_cards=False)["status"] for core in cores if counted(core)]


@pytest.mark.parametrize("options", [{}, NO_TAKEBACK, {"draw": 3}], ids=str)
def test_positions_it_calls_lost_the_search_without_it_never_wins(options):
    # Only positions the relaxation of what covers what does not already prove lost.
    game = se.load_game("klondike", **options)
    rng = random.Random(f"pinned klondike {options}")
    verdicts = verdicts_without_the_tests(game, _pinned_positions(game, rng, 600),
                                          lambda core: core.pinned_loss() and core.stuck_cards() is None)
    assert "solved" not in verdicts
    assert verdicts.count("unsolvable") >= 10, verdicts


# Deals the solver proves lost only with pinned cards, at 10 s: the search without them
# (nor the relaxation) never wins them, though it may not finish.
@pytest.mark.parametrize("name,options,numbers", [("klondike", {}, [72, 237, 318]),
                                                  ("klondike", {"draw": 3}, [72, 237, 318])])
def test_deals_it_calls_lost_the_search_never_wins(name, options, numbers):
    game = se.load_game(name, **options)
    for n in numbers:
        core = game.deal(n)._core
        assert core.pinned_loss()
        assert core.solve(max_positions=300_000, stuck_cards=False)["status"] != "solved", (name, n)
