"""Smaller games with ghosts (seeds/solver.md, "A smaller game with ghosts"): keep a few cards,
make every other card a ghost (always up, never in the way, always there to hold a card), and
search that game to the end. Every line of the real game plays in the smaller one, so a
smaller game that cannot be won proves the real position lost. One test per statement on
Klondike #54, whose loss eleven cards decide; then its soundness: no position on a winning
line is ever called lost, and positions it calls lost the search without it never wins."""
import json
import random
import subprocess
import sys

import pytest

import solitaire_engine as se

RANKS, SUITS = "A23456789TJQK", "CSHD"
# Klondike #54: the 7H lies on a face-down 8S, 7C, 9H, QH and 5H. The 7H can leave only onto
# the 8C, which must then lie on the 9D (the 9H is buried); the 8S cannot go up (the 6H must
# first leave the 4S, for the 7S or the buried 7C, and on the 7S it keeps the 7S down), so it
# needs the 9D too.
ELEVEN = "5H QH 9H 7C 8S 7H 8C 9D 6H 7S 4S".split()


def mask(cards):
    return sum(1 << (RANKS.index(c[0]) | SUITS.index(c[1]) << 4) for c in cards)


def smaller(state, cards):
    return state._core.smaller_game_lost(mask(cards))[0]


def deal54():
    return se.load_game("klondike").deal(54)


def test_eleven_cards_decide_klondike_54():
    lost, positions = deal54()._core.smaller_game_lost(mask(ELEVEN))
    assert lost is True and positions < 100


def test_a_ghost_counts_as_up_where_a_card_goes_home():
    # With the 4S a ghost, the spades under the 8S are all up as soon as the 7S is: it goes up.
    assert smaller(deal54(), [c for c in ELEVEN if c != "4S"]) is False


def test_a_ghost_holds_any_card_that_fits_it():
    # With the 9D a ghost, the 8C and the 8S each find a red 9.
    assert smaller(deal54(), [c for c in ELEVEN if c != "9D"]) is False


def test_a_ghost_is_never_in_the_way():
    # The 4S lies under the 2D and the 6H: with the 6H a ghost, it is free to go up at once.
    assert smaller(deal54(), [c for c in ELEVEN if c != "6H"]) is False


def test_keeping_every_card_is_the_real_game_and_too_big():
    assert smaller(deal54(), [r + s for r in RANKS for s in SUITS]) is None


def test_the_tries_find_a_smaller_game_from_the_deal():
    kept, positions = deal54()._core.ghost_loss()
    assert kept is not None and len(kept) <= 30 and positions > 0


def test_solve_proves_54_and_101_lost():
    game = se.load_game("klondike")
    for n in (54, 101):
        r = game.deal(n).solve(time_limit=30)
        assert r.status == "unsolvable", n
        # The search without smaller games (nor the tests that need no search) does not.
        assert game.deal(n)._core.solve(max_positions=300_000, stuck_cards=False)["status"] == "unknown"


def test_games_where_a_card_has_many_homes_never_ask():
    state = se.load_game("aces-and-kings").deal(1)
    assert state._core.ghost_loss()[0] is None
    with pytest.raises(ValueError):
        state._core.smaller_game_lost(1)


@pytest.mark.parametrize("options,numbers", [({}, range(1, 5)), ({"draw": 3}, range(1, 3)),
                                             ({"foundation_takeback": False}, range(1, 3))], ids=str)
def test_no_position_on_a_winning_line_is_called_lost(options, numbers):
    game = se.load_game("klondike", **options)
    checked = 0
    for n in numbers:
        state = game.deal(n)
        r = state.solve(time_limit=20)
        if r.status != "solved":
            continue
        for k, move in enumerate(r.moves):
            if k % 12 == 0:
                assert state._core.ghost_loss(budget=20_000)[0] is None, (n, k)
                checked += 1
            state.play(move)
    assert checked >= 10


@pytest.mark.parametrize("options", [{}, {"draw": 3}, {"foundation_takeback": False}], ids=str)
def test_positions_the_search_wins_are_never_called_lost(options):
    # Positions a random walk of 10 to 60 moves reaches from deals 1-40.
    game = se.load_game("klondike", **options)
    rng = random.Random(f"ghost walks {options}")
    won = 0
    for n in range(1, 41):
        state = game.deal(n)
        for _ in range(rng.randrange(10, 60)):
            moves = state.legal_moves()
            if not moves:
                break
            state.play(rng.choice(moves))
        if state._core.solve(max_positions=30_000, stuck_cards=False)["status"] == "solved":
            won += 1
            assert state._core.ghost_loss(budget=20_000)[0] is None, (n, str(state))
    assert won >= 10


@pytest.mark.parametrize("options", [{}, {"draw": 3}], ids=str)
def test_deals_it_calls_lost_no_search_wins(options):
    # Klondike #54, #101 and #200 (draw 1), undecided at 10 s before: no draw-1 search
    # without smaller games wins them, nor the game with draw 3 (every draw-3 line plays with
    # draw 1).
    game = se.load_game("klondike", **options)
    for n in (54, 101, 200):
        core = game.deal(n)._core
        assert core.solve(max_positions=300_000, stuck_cards=False)["status"] != "solved", n


def test_the_result_and_the_cli_name_the_smaller_game():
    # With draw 3, where the searches ask no smaller games along the way (with draw 1 they
    # prove #54 lost first, in 0.1 s), the tries from the deal prove it.
    r = se.load_game("klondike", draw=3).deal(54).solve(time_limit=30)
    assert r.status == "unsolvable" and len(r.smaller_game) <= 30
    assert {"7H", "8S", "8C", "9D"} <= set(r.smaller_game)
    command = [sys.executable, "-m", "solitaire_engine", "solve", "klondike", "54", "-o", "draw=3"]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    assert out.startswith("unsolvable (")
    assert "Lost even in a smaller game keeping only the " in out and " 7H, " in out
    data = json.loads(subprocess.run(command + ["--json"], capture_output=True, text=True, check=True).stdout)
    assert data["status"] == "unsolvable" and set(data["smaller_game"]) == set(r.smaller_game)


def test_bad_arguments_are_refused():
    core = deal54()._core
    with pytest.raises(ValueError):
        core.smaller_game_lost(1 << 15)  # rank 16: no such card
    with pytest.raises(ValueError):
        core.smaller_game_lost(mask(ELEVEN), cap=10**9)
    with pytest.raises(ValueError):
        core.ghost_loss(max_kept=0)
    with pytest.raises(ValueError):
        core.ghost_loss(budget=10**9)


def test_smaller_games_asked_along_the_search_prove_klondike_341_lost():
    # The tries from the deal find no smaller game that loses; asked wherever a card turns up,
    # the smaller games prove the positions there lost, and the deal with them (the searches
    # alone had not decided it in 8.7 M positions; seeds/solver.md).
    state = se.load_game("klondike").deal(341)
    assert state._core.ghost_loss()[0] is None
    r = state.solve(time_limit=None, max_positions=3_000_000)
    assert r.status == "unsolvable" and not r.smaller_game and not r.moves


def test_smaller_games_prove_klondike_341_lost_dealing_three_through_the_game_dealing_one():
    # With draw 3 the game's own searches do not ask them; the search of the same deal dealing
    # one card at a time does, and its proof holds here (tests/test_single_deals.py). Without
    # them, 3 M positions left this deal unknown.
    r = se.load_game("klondike", draw=3).deal(341).solve(time_limit=None, max_positions=3_000_000)
    assert r.status == "unsolvable" and r.single_deals and not r.smaller_game


def test_kept_sets_asked_wherever_the_search_goes_prove_klondike_697_lost():
    # Asked at turned-up cards only, the smaller games left #697 unknown after 12 M positions.
    # The kept sets that proved a loss are also asked of every other position the depth-first
    # searches enter, their answers looked up by the smaller game's key (seeds/solver.md).
    r = se.load_game("klondike").deal(697).solve(time_limit=None, max_positions=6_000_000)
    assert r.status == "unsolvable" and not r.smaller_game and not r.single_deals


def test_draw_3_searches_ask_the_smaller_games_once_they_run_long():
    # Dealing three, the game's own depth-first searches ask the smaller games only once they
    # have expanded 4 M positions. #674 is then proved lost in about 7 M positions; without
    # them it was still unknown after 38 M (seeds/solver.md).
    r = se.load_game("klondike", draw=3).deal(674).solve(time_limit=None, max_positions=7_500_000)
    assert r.status == "unsolvable" and not r.smaller_game and not r.single_deals
