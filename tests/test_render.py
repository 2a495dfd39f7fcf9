"""str(state): a plain-text board, one line per pile, face-down cards hidden."""
import solitaire_engine as se


def test_board_lists_every_pile_with_its_cards():
    state = se.load_game("aces-and-kings").deal(1)
    board = str(state)
    lines = board.splitlines()
    assert lines[0] == "Aces and Kings #1"
    assert any(ln.split()[:3] == ["f1", "(A", "up)"] for ln in lines)
    assert any(ln.split()[:3] == ["f8", "(K", "down)"] for ln in lines)
    assert any(ln.split() == ["t1", "2H"] for ln in lines)
    assert any(ln.split()[0] == "r2" and ln.split()[1:] == state.pile("r2") for ln in lines)
    assert "[73 cards, 0 redeals left]" in board


def test_face_down_cards_are_hidden():
    state = se.load_game("klondike").deal(1)
    t7 = next(ln for ln in str(state).splitlines() if ln.split()[:1] == ["t7"])
    assert t7.split()[1:] == ["##"] * 6 + ["AS"]
    assert "unlimited redeals" in str(state)


def test_won_board_says_so():
    game = se.load_game("double-or-quits", kings="discard")
    state = game.deal(2)
    result = state.solve(max_positions=100_000)
    assert result.solved
    for m in result.moves:
        state.play(m)
    assert str(state).splitlines()[-1] == "Won."
