"""Bots and matches in the two-player game: legal choices, no peeking at hidden cards,
honest bookkeeping, clean errors."""
import random
import subprocess
import sys

import pytest

import solitaire_engine as se
from solitaire_engine.match import bot_move, play_game

GAME = se.load_game("double-trigon")


@pytest.mark.parametrize("bot", ["random", "greedy", "search:20"])
def test_built_in_bots_choose_legal_moves_until_the_game_ends(bot):
    final = play_game(GAME, 4, (bot, bot), seed=3)
    assert final.is_over() and final.legal_moves() == []
    replay = GAME.deal(4)
    for m in final.moves:  # every move was legal when it was played
        assert m in replay.legal_moves()
        replay.play(m)


def _reshuffled_stocks(state, seed):
    """The same position but for the order of each stock not yet turned over: what no
    player has seen."""
    d = state.to_dict()
    rng = random.Random(seed)
    for p in (0, 1):
        if d["redeals_done"][p] == 0:
            rng.shuffle(d["stock"][p])
    return GAME.from_json(d)


@pytest.mark.parametrize("bot", ["random", "greedy", "search:200"])
@pytest.mark.parametrize("number", [1, 2, 3, 40000])
def test_a_bots_choice_does_not_depend_on_the_hidden_order_of_the_stocks(bot, number):
    s = GAME.deal(number)
    rng = random.Random(number)
    for _ in range(30):  # along a game, so wastes and partly dealt stocks come up too
        if s.is_over():
            break
        for k in range(3):
            other = _reshuffled_stocks(s, k)
            assert bot_move(bot, other, random.Random(9)) == bot_move(bot, s, random.Random(9))
        s.play(rng.choice(s.legal_moves()))


def test_greedy_takes_a_card_home_when_it_can():
    s = GAME.deal(1)
    while not any(str(m).split("-")[1].startswith("f") for m in s.legal_moves()):
        s.play(bot_move("random", s, random.Random(len(s.moves))))
    move = bot_move("greedy", s, random.Random(0))
    assert str(move).split("-")[1].startswith("f")


def test_search_plays_the_card_home_that_leads_to_a_win():
    # Player 2 has every card home but the clubs from 5 up: 6C-KC lie as a run in t10 and
    # 5C is the top of their waste once dealt. Playing it home is not yet a win; the other
    # moves (5C onto the run, the run to empty piles, turning the waste over) win nothing.
    ranks = "A23456789TJQK"
    d = {"version": 1, "game": "double-trigon", "reserves": [], "to_move": 2,
         "foundations": [[r + s + "2" for r in ranks] for s in "SHD"] + [["AC2", "2C2", "3C2", "4C2"]]
                        + [[], [], [], []],
         "tableau": [[r + s + "1" for s in "CSHD" for r in ranks]] + [[] for _ in range(8)]
                    + [[r + "C2" for r in "KQJT9876"]] + [[] for _ in range(8)],
         "stock": [[], ["5C2"]], "waste": [[], []]}
    state = GAME.from_json(d)
    state.play("s2-w2")  # ends player 2's turn
    state.play("pass")   # player 1 has nothing to deal
    assert {"w2-f4", "w2-t10", "w2-s2"} <= {str(m) for m in state.legal_moves()}
    assert str(bot_move("search:100", state, random.Random(1))) == "w2-f4"
    state.play("w2-f4")  # and then the run goes home card by card, on later moves
    assert not state.is_over()


class FirstMove:
    name = "first"

    def choose(self, state):
        return state.legal_moves()[0]


class Cheater:
    def choose(self, state):
        return "t1-f1x5"


def test_a_python_bot_plays_and_an_illegal_choice_is_refused():
    r = se.play_match(GAME, FirstMove(), "random", deals=[1, 2])
    assert len(r.games) == 4 and r.bots == ("first", "random")
    with pytest.raises(se.IllegalMoveError):
        se.play_match(GAME, Cheater(), "random", deals=[1])


def test_match_bookkeeping_adds_up_and_seats_are_swapped():
    r = se.play_match("double-trigon", "greedy", "random", deals=range(1, 11))
    n = len(r.games)
    assert n == 20
    assert r.wins(0) + r.wins(1) + r.draws() == n
    assert sum(r.seat_wins()) == r.wins(0) + r.wins(1)
    assert [g.seat_of_bot for g in r.games[:2]] == [(0, 1), (1, 0)]
    for g in r.games:
        replay = play_game(GAME, g.number, tuple(g.seats[i].split()[0] for i in (0, 1)), seed=0)
        assert replay.is_over()
        assert g.home[0] + g.home[1] <= 104
    low, high = r.win_interval(0)
    assert 0 <= low <= r.wins(0) / n <= high <= 1
    once = se.play_match("double-trigon", "greedy", "random", deals=range(1, 4), swap_seats=False)
    assert len(once.games) == 3 and all(g.seat_of_bot == (0, 1) for g in once.games)


@pytest.mark.parametrize("args, error", [
    (("trigon", "greedy", "random"), se.OptionError),
    (("double-trigon", "greedy", "nobody"), se.OptionError),
    (("double-trigon", "search:0", "greedy"), se.OptionError),
    (("double-trigon", "greedy:5", "greedy"), se.OptionError),
    (("double-trigon", "greedy", 3), se.OptionError),
])
def test_bad_match_arguments_are_refused(args, error):
    with pytest.raises(error):
        se.play_match(*args, deals=[1])
    with pytest.raises(se.OptionError):
        se.play_match("double-trigon", "greedy", "random", deals=[])


def test_the_match_command_prints_the_report():
    out = subprocess.run([sys.executable, "-m", "solitaire_engine", "match", "double-trigon", "greedy", "random",
                          "--deals", "1-3"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "6 games: greedy against random" in out.stdout and "seats: player 1 won" in out.stdout
    bad = subprocess.run([sys.executable, "-m", "solitaire_engine", "match", "double-trigon", "greedy", "x"],
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "no bot named 'x'" in bad.stderr
