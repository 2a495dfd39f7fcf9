"""A card that goes up off a face-up card it could come straight back onto (seeds/solver.md,
"A card put up where it could come back"): in the depth-first searches that prove losses,
where cards taken back wait for their use (Klondike, either draw), such a move is made alone. The two positions are
won or lost together. Hand-built Klondike positions; test_proving_moves.py checks the
soundness on whole searches."""
import solitaire_engine as se
from owed_moves import after, core_of, klondike

# Every Ace home, the other 2s face down: no safe move.
HOME = [["AC", "2C", "3C"], ["AD"], ["AH"], ["AS"]]
OTHERS = [["#2D", "3D"], ["#2H", "QS"], ["#2S", "JD"], ["KD"], ["KH"], ["KS"]]


def moves_of(core):
    return after(core, [])[1]


def test_a_card_that_could_come_back_goes_up_alone():
    # 4C lies on 5H, which it fits: up and back down are one move each way.
    pos = klondike([["9S", "5H", "4C"]] + OTHERS, HOME)
    assert moves_of(core_of(pos)) == ["t1-f1"]


def test_as_the_best_first_searches_play_it_is_one_move_of_many():
    pos = klondike([["9S", "5H", "4C"]] + OTHERS, HOME)
    moves = moves_of(core_of(pos, proving=False))
    assert "t1-f1" in moves and "t2-t1" in moves


def test_not_off_a_face_down_card():
    # Turning the card under it up cannot be undone.
    pos = klondike([["9S", "#5H", "4C"]] + OTHERS, HOME)
    moves = moves_of(core_of(pos))
    assert "t1-f1" in moves and len(moves) > 1


def test_not_off_a_card_it_could_not_come_back_onto():
    # 4C on 5C (dealt so): back down it could go only onto a red 5.
    pos = klondike([["9S", "5C", "4C"]] + OTHERS, HOME)
    moves = moves_of(core_of(pos))
    assert "t1-f1" in moves and len(moves) > 1


def test_not_a_card_alone_in_its_pile():
    # A King alone could come back only into an empty pile, where it would owe nothing.
    pos = klondike([["KC"]] + OTHERS, [[r + "C" for r in "A23456789TJQ"]] + HOME[1:])
    moves = moves_of(core_of(pos))
    assert "t1-f1" in moves and len(moves) > 1


def test_taken_back_for_its_use_it_stays_down():
    # To free the 2D under the 3D, the 4C must hold the 3D: taken back, it owes that use, and
    # is not put up again before it.
    pos = klondike([["9S", "5H", "4C"]] + OTHERS, HOME)
    owed, moves = after(core_of(pos), ["t1-f1", "f1-t1"])
    assert owed == [("t1", "taken back")]
    assert "t2-t1" in moves and "t1-f1" not in moves


def test_with_draw_3_too():
    pos = klondike([["9S", "5H", "4C"]] + OTHERS, HOME)
    pos["options"] = {"draw": 3}
    core = se.load_game("klondike", draw=3).from_json(pos)._core
    core.set_cards_wait_for_use(True)
    assert moves_of(core) == ["t1-f1"]


def test_not_where_cards_never_leave_the_foundations():
    # Up, the 4C could not come back: the move is one of many.
    pos = klondike([["9S", "5H", "4C"]] + OTHERS, HOME)
    pos["options"] = {"foundation_takeback": False}
    core = se.load_game("klondike", foundation_takeback=False).from_json(pos)._core
    core.set_cards_wait_for_use(True)
    assert "t1-f1" in moves_of(core) and len(moves_of(core)) > 1
