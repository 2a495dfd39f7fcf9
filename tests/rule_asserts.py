"""Assertions shared by the rule tests: what a legal and an illegal move must do."""
import pytest

import solitaire_engine as se


def legal(s):
    return {str(m) for m in s.legal_moves()}


moves = legal


def assert_illegal(s, *bad):
    """Each move is unlisted, raises IllegalMoveError and leaves the position and hash untouched."""
    listed = legal(s)
    for m in bad:
        assert m not in listed, m
        before, h = s.to_json(), s.hash
        with pytest.raises(se.IllegalMoveError):
            s.play(m)
        assert s.to_json() == before, m
        assert s.hash == h, m


def assert_play(s, move, expect, keep=True):
    """`move` is listed; playing it gives exactly the pile contents in `expect`
    ({pile: cards bottom to top}); undo restores the snapshot and hash exactly. With `keep`
    the move is then replayed, so the state is left after it."""
    assert move in legal(s), f"{move} not in {sorted(legal(s))}"
    before, h = s.to_json(), s.hash
    s.play(move)
    for pile, cards in expect.items():
        assert s.pile(pile) == list(cards), (move, pile)
    s.undo()
    assert s.to_json() == before and s.hash == h
    if keep:
        s.play(move)


def play_then_undo(s, move, expect):
    """As assert_play, leaving the state as it was before the move."""
    assert_play(s, move, expect, keep=False)


def assert_two_single_deals(s, waste, stock):
    """`s-w` twice from a two-card stock: each turns the stock's top card onto the waste,
    then dealing is illegal; undoing both restores the snapshot."""
    start = s.to_json()
    s.play("s-w")
    assert s.pile("w") == waste + [stock[1]]
    assert s.pile("s") == [stock[0]]
    s.play("s-w")
    assert s.pile("w") == waste + [stock[1], stock[0]]
    assert s.pile("s") == []
    assert_illegal(s, "s-w")
    s.undo()
    s.undo()
    assert s.to_json() == start
