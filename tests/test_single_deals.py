"""Losses proved dealing one card at a time (seeds/solver.md, "Losses proved dealing one card at
a time"): where the stock deals several cards, every line of the game is a line of the same game
dealing one card at a time, so a position that game loses is lost. The solver searches it too,
and says when that search gave the proof."""
import json
import random

import pytest

import solitaire_engine as se
from positions import RANKS, position
from test_cli import run


def clubs_from_nine(draw):
    """Klondike without takebacks, every card home but the clubs from 9 up, which the stock
    deals 9C, TC, JC, then QC and KC."""
    options = {"draw": draw, "foundation_takeback": False}
    pos = position("klondike", "stock", options, redeals_left=-1, stock=["KC", "QC", "JC", "TC", "9C"],
                   foundations=[[r + "C" for r in RANKS[:8]]] + [[r + s for r in RANKS] for s in "SHD"])
    return se.load_game("klondike", **options).from_json(json.dumps(pos))


def test_a_win_dealing_one_card_at_a_time_proves_nothing():
    # One card at a time the clubs go up in turn; three at a time show the JC over the 9C and
    # TC on every pass (the KC can go down, and nothing on it).
    assert clubs_from_nine(1).solve(time_limit=10).status == "solved"
    r = clubs_from_nine(3).solve(time_limit=10)
    assert r.status == "unsolvable" and not r.single_deals


@pytest.mark.parametrize("number", [36, 395, 854])
def test_klondike_draw_3_deals_proved_lost_dealing_one_card_at_a_time(number):
    r = se.load_game("klondike", draw=3).deal(number).solve(time_limit=30)
    assert r.status == "unsolvable" and r.single_deals
    one = se.load_game("klondike").deal(number).solve(time_limit=30)
    assert one.status == "unsolvable" and not one.single_deals


def test_the_search_dealing_one_card_at_a_time_takes_more_turns_in_long_solves():
    # Four slices a turn until the solve has gone 4 M positions, twelve after: #620 is then
    # proved lost in about 6.4 M positions; with four throughout it took 9.1 M.
    r = se.load_game("klondike", draw=3).deal(620).solve(time_limit=None, max_positions=7_000_000)
    assert r.status == "unsolvable" and r.single_deals


def test_games_dealing_one_card_at_a_time_never_claim_it():
    for name, options in [("klondike", {}), ("trigon", {}), ("aces-and-kings", {})]:
        game = se.load_game(name, **options)
        for number in (36, 72):
            assert not game.deal(number).solve(max_positions=200_000).single_deals


def test_positions_it_proves_lost_are_lost_dealing_one_card_at_a_time():
    # Positions a few random moves into deals it proves lost: wherever the proof came from the
    # game dealing one card at a time, that game, searched on its own, never wins from there.
    draw3, draw1 = se.load_game("klondike", draw=3), se.load_game("klondike")
    rng = random.Random("single deals")
    proofs = 0
    for number in (36, 395, 854, 896):
        for _ in range(3):
            state = draw3.deal(number)
            for _ in range(rng.randrange(1, 12)):
                state.push(rng.choice(state.legal_moves()))
            r = state.solve(max_positions=3_000_000)
            if r.single_deals:
                proofs += 1
                pos = json.loads(state.to_json())
                pos["options"]["draw"] = 1
                one = draw1.from_json(json.dumps(pos))
                assert one.solve(max_positions=3_000_000).status != "solved", (number, state.to_json())
    assert proofs >= 6, proofs


def test_the_cli_says_where_the_proof_came_from():
    lines = run("solve", "klondike", "36", "-o", "draw=3").stdout.splitlines()
    assert lines[0].startswith("unsolvable (")
    assert lines[1] == ("Lost even if the stock dealt one card at a time: every line of this game is a line of "
                        "that one, and the search went through every position of that game from here.")
    data = json.loads(run("solve", "klondike", "36", "-o", "draw=3", "--json").stdout)
    assert data["status"] == "unsolvable" and data["single_deals"] is True
