"""Crowded holders (seeds/solver.md, "Crowded holders"): a card that cannot go up while it lies
in its pile must leave onto a card it can be laid on; by then every card waiting for one under
it, above it in the pile or already lying on a card it can be laid on, lies on one of its own.
Too few such cards for them all: the position is lost. One test per statement on hand-built
Klondike positions (every card not named waits in the stock, unlimited redeals), then its
soundness against the search without it."""
import json
import random

import pytest

import solitaire_engine as se
from test_solver import _won
from test_pinned_cards import RANKS, holders_of, scatter, verdicts_without_the_tests
from test_stuck_cards import klondike

NO_TAKEBACK = {"foundation_takeback": False}

# Klondike #12's shape: QD cannot go up before AD, QH before 5H, both under QD; a Queen goes
# into no empty pile, KS is under them, and KC (in the stock) cannot hold both.
QUEENS = ["#5H", "#AD", "#KS", "#QD", "QH"]


def crowded(tableau, foundations=None, options=None):
    return klondike(tableau, foundations, options)._core.crowded_loss()


def test_two_queens_over_a_king_with_one_king_left_lose():
    state = klondike([QUEENS])
    assert crowded([QUEENS])
    assert state._core.stuck_cards() is None and not state._core.pinned_loss()  # beyond both
    r = state.solve(time_limit=5)
    assert r.status == "unsolvable" and r.positions == 0
    assert r.crowded == ("t1", "#QD", ("QH", "QD"), ("KC",))


def test_the_search_alone_agrees():
    state = klondike([QUEENS])
    assert state._core.solve(max_positions=3_000_000, stuck_cards=False)["status"] == "unsolvable"


def test_a_second_holder_not_under_them_is_enough():
    # KS waits in the stock instead of under QD (AC takes its place).
    assert not crowded([["#5H", "#AD", "#AC", "#QD", "QH"]])


def test_the_card_must_be_unable_to_go_up_where_it_lies():
    # Nothing of the diamonds under QD: it can go up once AD..JD have, from the stock.
    assert not crowded([["#5H", "#KS", "#QD", "QH"]])


def test_a_card_above_that_can_go_up_needs_no_holder():
    # 5H no longer under them: QH can go up, and only QD needs KC.
    assert not crowded([["#AD", "#KS", "#QD", "QH"]])


def test_a_card_an_empty_pile_takes_is_no_member():
    # Kings go into empty piles: KH over KS and AH needs no holder.
    assert not crowded([["#AH", "#KS", "#KH", "QD"]])
    assert not crowded([["#5H", "#AD", "#KS", "#QD", "KH"]])


def test_a_card_that_can_leave_with_the_card_under_it_is_not_the_one():
    # QD lies face up on a face-up KS: the two can go into an empty pile as a run.
    assert not crowded([["#5H", "#AD", "KS", "QD", "QH"]])


def test_a_member_lying_on_one_of_its_holders_elsewhere_counts():
    # QH already lies on KC in t2; QD over KS needs KC too.
    assert crowded([["#5H", "#AD", "#KS", "QD"], ["KC", "QH"]])


def test_a_member_lying_on_another_card_may_stay_there():
    # QH lies on the 5C where it was dealt, and may stay there while QD goes onto KC.
    assert not crowded([["#5H", "#AD", "#KS", "QD"], ["#5C", "QH"]])


def test_a_member_in_the_talon_may_stay_there():
    assert not crowded([["#5H", "#AD", "#KS", "QD"]])  # QH in the stock


def test_the_answer_names_only_the_cards_too_many_for_their_holders():
    # JC waits for 2C (under QD) and lies on QH: QD, QH and JC need KC, KC and a red Queen.
    # Both red Queens are members, but JC could lie on either: only the Queens are crowded.
    r = klondike([["#5H", "#AD", "#2C", "#KS", "#QD", "QH", "JC"]]).solve(time_limit=5)
    assert r.crowded == ("t1", "#QD", ("QH", "QD"), ("KC",))


def test_without_takeback_a_foundation_card_holds_nothing():
    # All spades up: KS, off the pile now, is a holder only where it can come back down.
    spades = [[], [r + "S" for r in "A23456789TJQK"], [], []]
    tableau = [["#5H", "#AD", "#QD", "QH"]]
    assert crowded(tableau, spades, NO_TAKEBACK)
    assert not crowded(tableau, spades)
    assert klondike(tableau, spades, NO_TAKEBACK).solve(time_limit=5).status == "unsolvable"


def test_games_where_a_card_has_many_homes_never_ask():
    for name in ("aces-and-kings", "double-trigon-solo", "black-hole", "golf", "double-or-quits"):
        game = se.load_game(name)
        assert not any(game.deal(n)._core.crowded_loss() for n in range(1, 31)), name


@pytest.mark.parametrize("number,pile,card,cards,holders", [
    (12, "t6", "#QD", ("QH", "QD"), ("KC",)),
    (340, "t7", "#QC", ("QC", "QS"), ("KD",)),
    (961, "t7", "#9H", ("9H", "9D"), ("TC",)),
])
def test_klondike_deals_lost_at_the_deal(number, pile, card, cards, holders):
    state = se.load_game("klondike").deal(number)
    core = state._core
    assert core.stuck_cards() is None and not core.pinned_loss() and core.crowded_loss()
    r = state.solve(time_limit=10)
    assert (r.status, r.positions, r.pinned, r.crowded) == ("unsolvable", 0, None, (pile, card, cards, holders))


def test_a_position_not_lost_at_the_start_names_no_crowd():
    r = se.load_game("klondike").deal(2).solve(time_limit=10)
    assert r.status == "solved" and r.crowded is None


def test_the_cli_explains_a_crowded_loss():
    from test_cli import run

    lines = run("solve", "klondike", "12").stdout.splitlines()
    assert lines[0].startswith("unsolvable (0 positions")
    assert lines[1] == ("The QD in t6 can never leave: until it does, the QH and QD cannot go up and no empty "
                        "pile takes them, so each would need a card of its own to lie on, and only the KC "
                        "could hold them.")
    data = json.loads(run("solve", "klondike", "12", "--json").stdout)
    assert data["status"] == "unsolvable" and data["crowded"] == ["t6", "#QD", ["QH", "QD"], ["KC"]]


def _crowded_positions(game, rng, count):
    """Won positions with 3 to 8 cards of each suit taken back: the cards of one rank and
    colour laid in t1 over a lower card of each one's suit and some of their holders, face
    down but the top; the rest dealt onto two to four other piles (some face down) or into
    the stock. Crowds over buried low cards, the shape the test looks for."""
    out = []
    while len(out) < count:
        pos = _won(game)
        pulled = [f.pop() for f in pos["foundations"] for _ in range(rng.randrange(3, 9))]
        rank, colour = rng.choice([c[0] for c in pulled if c[0] != "K"]), rng.choice(["HD", "CS"])
        members = [c for c in pulled if c[0] == rank and c[1] in colour]
        lows = [rng.choice(below) for m in members
                if (below := [c for c in pulled if c[1] == m[1] and RANKS.index(c[0]) < RANKS.index(rank)])]
        holders = sorted({h for m in members for h in holders_of(m)} & set(pulled))
        under = list(dict.fromkeys(lows + rng.sample(holders, rng.randrange(len(holders) + 1))))
        on_top = [c for c in members if c not in under]
        if not lows or not on_top:
            continue
        rng.shuffle(under)
        rng.shuffle(on_top)
        pos["tableau"][0] = ["#" + c for c in under + on_top[:-1]] + on_top[-1:]
        scatter(pos, [c for c in pulled if c not in under and c not in on_top], rng, 0.3)
        out.append(pos)
    return out


@pytest.mark.parametrize("options", [{}, NO_TAKEBACK, {"draw": 3}], ids=str)
def test_positions_it_calls_lost_the_search_without_it_never_wins(options):
    # Only positions neither the relaxation nor the pinned cards already prove lost.
    game = se.load_game("klondike", **options)
    rng = random.Random(f"crowded klondike {options}")
    verdicts = verdicts_without_the_tests(
        game, _crowded_positions(game, rng, 400),
        lambda core: core.crowded_loss() and core.stuck_cards() is None and not core.pinned_loss())
    assert "solved" not in verdicts
    assert verdicts.count("unsolvable") >= 10, verdicts


@pytest.mark.parametrize("options", [{}, {"draw": 3}, NO_TAKEBACK], ids=str)
def test_deals_it_calls_lost_the_search_never_wins(options):
    # At the deal only this test proves them lost; the search without it may not finish
    # them, but must never win one.
    game = se.load_game("klondike", **options)
    for number in (12, 340, 961):
        core = game.deal(number)._core
        assert core.crowded_loss()
        assert core.solve(max_positions=300_000, stuck_cards=False)["status"] != "solved", number


def test_where_holders_overlap_cards_are_matched_one_by_one():
    # Klondike building up or down: a red Queen goes on a black King or Jack, a red Ten on a
    # black Jack or Nine, so the holders of different ranks overlap. QD and QH over KS, JS
    # and JC have only KC; with JC in the stock, JC holds the second.
    import dataclasses

    from solitaire_engine import variants as v
    from solitaire_engine.games.klondike_family import klondike as klondike_table

    def table(options):
        t = klondike_table({})
        groups = tuple(dataclasses.replace(g, build=tuple(v.ranks.up_or_down())) if g.kind == "tableau" else g
                       for g in t.groups)
        return dataclasses.replace(t, name="klondike-up-or-down", groups=groups, options={})

    game = se.Game(v.GameInfo("klondike-up-or-down", "Klondike up or down", 0, table), {})

    def state(pile):
        pos = json.loads(klondike([pile]).to_json())
        pos["game"], pos["options"] = "klondike-up-or-down", {}
        return game.from_json(pos)

    lost = state(["#5H", "#AD", "#KS", "#JS", "#JC", "#QD", "QH"])
    r = lost.solve(time_limit=5)
    assert (r.status, r.positions, r.crowded) == ("unsolvable", 0, ("t1", "#QD", ("QH", "QD"), ("KC",)))
    assert not state(["#5H", "#AD", "#KS", "#JS", "#QD", "QH"])._core.crowded_loss()
