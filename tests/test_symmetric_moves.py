"""The solver leaves out moves that only rename interchangeable piles (seeds/solver.md,
"Positions that are the same to the play"): every legal move it drops must reach a position
with the same key as a move it keeps, or as the position itself (a whole pile moved to an
empty pile of its class)."""
import random

import pytest

import solitaire_engine as se

# Games without a cycling talon, so every solver move is a plain legal move.
GAMES = [("aces-and-kings", {}), ("aces-and-kings", {"empty_tableau": "stock"}),
         ("deuces-and-queens", {}), ("acey-and-kingsley", {})]


def key_after(core, code):
    core.play(code)
    key = core.solver_key()
    core.undo()
    return key


@pytest.mark.parametrize("name,options", GAMES, ids=lambda x: str(x))
def test_every_dropped_move_has_a_kept_twin(name, options):
    game = se.load_game(name, **options)
    rng = random.Random(name + str(options))
    dropped = 0
    for number in range(1, 16):
        core = game.deal(number)._core
        for _ in range(80):
            legal = set(core.legal_moves())
            if not legal:
                break
            if core.safe_move() is None:
                kept = [code for code, pad in core.solver_moves()]
                assert all(pad == 0 for _, pad in core.solver_moves())
                assert set(kept) <= legal
                kept_keys = {key_after(core, code) for code in kept} | {core.solver_key()}
                for code in legal - set(kept):
                    dropped += 1
                    assert key_after(core, code) in kept_keys, core.move_text(code)
            core.play(rng.choice(sorted(legal)))
    assert dropped > 50  # the check above really ran


def test_of_two_piles_holding_the_same_cards_only_the_first_is_played_from_or_to():
    # Suits never matter in Aces and Kings: f1 and f2 (A, 2 each) hold the same cards to
    # the play, as do t1 and t2 (a 5 each). Either's move reaches the same key.
    from positions import position
    pos = position("aces-and-kings", "r1",
                   foundations=[["AC", "2C"], ["AD", "2H"], [], [], [r + "S" for r in "KQJT9876"], [], [], []],
                   tableau=[["5S"], ["5H"], ["9C"], []])
    core = se.load_game("aces-and-kings").from_json(pos)._core
    legal = {core.move_text(code) for code in core.legal_moves()}
    kept = {core.move_text(code) for code, _ in core.solver_moves()}
    assert {"f1-t4", "f2-t4", "t1-f5", "t2-f5"} <= legal
    assert {"f1-t4", "t1-f5"} <= kept
    assert not {"f2-t4", "t2-f5"} & kept
    # Onto the same cards likewise: a 3 goes onto f1, not f2.
    pos["tableau"][3] = ["3D"]
    pos["reserves"][0].remove("3D")
    core = se.load_game("aces-and-kings").from_json(pos)._core
    kept = {core.move_text(code) for code, _ in core.solver_moves()}
    assert "t4-f1" in kept and "t4-f2" not in kept


def test_a_card_moved_between_piles_that_only_trade_contents_is_not_tried():
    # f1 holds A, 2, 3 and f2 A, 2: the 3 going across leaves f1 as f2 was and f2 as f1 was,
    # the same position with two piles of one class renamed; so does f2's 2 going onto f3's
    # A. The same card going to an empty tableau pile is a real move.
    from positions import position
    pos = position("aces-and-kings", "r1",
                   foundations=[["AC", "2C", "3D"], ["AD", "2H"], ["AS"], [], [], [], [], []],
                   tableau=[["5S"], ["9C"], [], []])
    core = se.load_game("aces-and-kings").from_json(pos)._core
    assert core.safe_move() is None
    legal = {core.move_text(code): code for code in core.legal_moves()}
    kept = {core.move_text(code) for code, _ in core.solver_moves()}
    assert {"f1-f2", "f2-f3", "f1-t3"} <= set(legal)
    for text in ("f1-f2", "f2-f3"):
        assert key_after(core, legal[text]) == core.solver_key()
        assert text not in kept
    assert key_after(core, legal["f1-t3"]) != core.solver_key()
    assert "f1-t3" in kept
