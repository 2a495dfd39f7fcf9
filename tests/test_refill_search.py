"""Wins found in the stricter game whose stock refills an emptied tableau pile at once
(seeds/solver.md, "Wins through the game that refills from the stock"): Aces and Kings' seed
game can make each refill itself, a deal and then the waste's new top card into the space, so
such a win, written out with those moves, wins here too."""
import json

import solitaire_engine as se


def solve_972():
    # Its own searches leave it unknown after 8.7 M positions (10 s); the refilling game's
    # depth-first search wins it within its first slice, at the end of the first round.
    return se.load_game("aces-and-kings").deal(972).solve(time_limit=None, max_positions=2_000_000)


def test_aces_and_kings_972_is_won_through_the_refilling_game():
    result = solve_972()
    assert result.status == "solved"
    state = se.load_game("aces-and-kings").deal(972)
    for move in result.moves:
        state.play(move)
    assert state.is_won()


def test_each_refill_shows_in_the_line_as_a_deal_and_a_move_into_the_space():
    moves = [str(m) for m in solve_972().moves]
    state = se.load_game("aces-and-kings").deal(972)
    refills = 0
    for before, move in zip(["-"] + moves, moves):
        if before == "s-w" and move.startswith("w-t"):
            assert json.loads(state.to_json())["tableau"][int(move[3:]) - 1] == []
            refills += 1
        state.play(move)
    assert refills >= 5  # ten in the shortened line
