"""state.to_json(): JSON text (a str) that also reads like the object it encodes."""
import json

import solitaire_engine as se


def test_to_json_is_text_that_round_trips():
    game = se.load_game("deuces-and-queens")
    state = game.deal(5)
    text = state.to_json()
    assert isinstance(text, str)
    obj = json.loads(text)
    assert obj["version"] == 1 and obj["game"] == "deuces-and-queens" and obj["options"] == {}
    assert [len(p) for p in obj["reserves"]] == [13, 13, 13] and obj["waste"] == []
    assert game.from_json(text).to_json() == text
    assert game.from_json(obj).to_json() == text
    assert game.from_json(text.encode()).to_json() == text


def test_to_json_reads_by_key_and_stays_a_string():
    text = se.load_game("klondike", draw=3).deal(2).to_json()
    assert text["options"] == {"draw": 3, "foundation_takeback": True}
    assert text["redeals_left"] == -1
    assert text[:1] == "{" and text[0] == "{"
    # Written out as a JSON string and read back, it is still a position.
    assert se.load_game("klondike", draw=3).from_json(json.loads(json.dumps(text))).to_json() == text


def test_moves_equal_their_text():
    state = se.load_game("deuces-and-queens").deal(1)
    moves = state.legal_moves()
    assert "t1-f1" in moves and "t1-f9" not in moves
    assert se.Move("t1", "f1") == "t1-f1" == se.Move.parse("T1-F1")
    assert se.Move("t3", "t7", 4) == "t3-t7x4" != se.Move("t3", "t7")
    assert {"s-w"} & set(moves) == {"s-w"}
    assert se.Move("s", "w", 3) == "s-w"  # a deal is written without its count


def test_states_and_games_pickle_and_deepcopy():
    import copy
    import pickle

    game = se.load_game("klondike", draw=3)
    state = game.deal(9)
    state.play(state.legal_moves()[0])
    again = pickle.loads(pickle.dumps(state))
    assert again.to_json() == state.to_json() and again.number == 9
    assert again.game.options == {"draw": 3, "foundation_takeback": True}
    assert pickle.loads(pickle.dumps(game)).options == {"draw": 3, "foundation_takeback": True}
    twin = copy.deepcopy(state)
    twin.undo()
    assert twin.to_json() != state.to_json()
