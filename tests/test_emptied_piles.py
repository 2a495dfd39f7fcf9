"""A pile emptied is filled at once (seeds/solver.md, "A pile emptied is filled at once"): in
the depth-first searches that prove losses, after the solver moves a pile's last run onto a
card, its next move must fill an empty pile. Hand-built Klondike positions;
test_proving_moves.py checks the soundness on whole searches."""
import solitaire_engine as se
from owed_moves import after, core_of, klondike, solver_move

# 9D leaves t1 for TS; KC, on four hidden Aces, may then fill it. The other Kings lie at the
# bottom of their piles, where moving them would only make two piles trade places.
FILL = [["9D"], ["TS"], ["#AC", "#AS", "#AD", "#AH", "KC"], ["KD"], ["KH"], ["KS"], ["QS"]]


def test_after_a_pile_is_emptied_only_moves_that_fill_it_follow():
    core = core_of(klondike(FILL, None))
    assert after(core, ["t1-t2"]) == ([("t1", "emptied")], ["t3-t1"])


def test_as_the_best_first_searches_play_nothing_is_owed():
    owed, moves = after(core_of(klondike(FILL, None), proving=False), ["t1-t2"])
    assert owed == [] and "t3-t1" in moves and len(moves) > 1


def test_a_pile_nothing_could_fill_is_not_emptied():
    # Every King lies at the bottom of its pile.
    pos = klondike([["9D"], ["TS"], ["KC"], ["KD"], ["KH"], ["KS"], ["#AC", "#AS", "#AD", "#AH", "QS"]], None)
    assert "t1-t2" in [str(m) for m in se.load_game("klondike").from_json(pos).legal_moves()]
    assert solver_move(core_of(pos), "t1-t2") is None
    assert solver_move(core_of(pos, proving=False), "t1-t2") is not None


def test_a_king_in_the_talon_could_fill_the_pile():
    # Three Kings lie at the bottom of their piles; KC waits in the talon.
    pos = klondike([["9D"], ["TS"], ["KD"], ["KH"], ["KS"], ["#AC", "#AS", "#AD", "#AH", "QS"], ["#2C", "JD"]],
                   None)
    owed, moves = after(core_of(pos), ["t1-t2"])
    assert owed == [("t1", "emptied")] and moves and all(m.endswith("-t1") for m in moves)
    assert "w-t1" in moves


def test_a_king_on_its_foundation_could_fill_the_pile():
    # Every club is home, up to KC, which could come back into the emptied pile.
    clubs = [r + "C" for r in "A23456789TJQK"]
    pos = klondike([["9D"], ["TS"], ["KD"], ["KH"], ["KS"], ["#AS", "#AD", "#AH", "QS"], []], [clubs, [], [], []])
    owed, moves = after(core_of(pos), ["t1-t2"])
    assert owed == [("t1", "emptied")] and "f1-t1" in moves


def test_a_pile_emptied_and_a_card_uncovered_share_one_use_emptied_first():
    # 9D leaves t1 empty, and QH leaves KC (on a hidden Ace) for KS: KC then fills t1, using
    # both. Uncovering KC first, which nothing else could use, is not tried.
    pos = klondike([["9D"], ["TS"], ["#AC", "KC", "QH"], ["KD"], ["KH"], ["KS"],
                    ["#AS", "#AD", "#AH", "#QD", "5C"]], None)
    owed, moves = after(core_of(pos), ["t1-t2", "t3-t6"])
    assert owed == [("t1", "emptied"), ("t3", "uncovered")]
    assert moves == ["t3-t1"]
    assert solver_move(core_of(pos), "t3-t6") is None


def test_a_move_that_turns_a_card_up_empties_nothing():
    # 9D leaves a face-down 4C, which turns up: nothing is owed.
    pos = klondike([["#4C", "9D"], ["TS"], ["#AC", "#AS", "#AD", "#AH", "KC"], ["KD"], ["KH"], ["KS"],
                    ["QS"]], None)
    owed, moves = after(core_of(pos), ["t1-t2"])
    assert owed == [] and len(moves) > 1
