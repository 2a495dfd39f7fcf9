"""Properties that hold for every game along any sequence of moves (hypothesis)."""
import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import solitaire_engine as se
from conftest import GAME_VARIANTS
from positions import card_set

variants = st.sampled_from(GAME_VARIANTS)
numbers = st.integers(min_value=1, max_value=10**20 - 1)
choices = st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=60)


def _all_cards(pos):
    cards = [c for key in ("foundations", "tableau", "reserves") for pile in pos[key] for c in pile]
    return Counter(c.lstrip("#") for c in cards + pos["stock"] + pos["waste"])


def _walk(variant, number, picks):
    """Plays moves chosen by `picks`; yields (state, snapshot before, hash before, move)."""
    name, options = variant
    state = se.load_game(name, **options).deal(number)
    for k in picks:
        moves = state.legal_moves()
        if not moves:
            return
        before, h = state.to_json(), state.hash
        move = moves[k % len(moves)]
        state.play(move)
        yield state, before, h, move


@settings(max_examples=60, deadline=None)
@given(variants, numbers, choices)
def test_every_card_is_in_exactly_one_place(variant, number, picks):
    full = card_set(variant[0], variant[1])
    for state, *_ in _walk(variant, number, picks):
        assert _all_cards(json.loads(state.to_json())) == full


@settings(max_examples=60, deadline=None)
@given(variants, numbers, choices)
def test_undo_restores_position_and_hash(variant, number, picks):
    for state, before, h, move in _walk(variant, number, picks):
        after, h_after = state.to_json(), state.hash
        assert state.undo() == move
        assert state.to_json() == before and state.hash == h
        state.play(move)
        assert state.to_json() == after and state.hash == h_after


@settings(max_examples=60, deadline=None)
@given(variants, numbers, choices)
def test_json_round_trips_and_equal_positions_hash_equal(variant, number, picks):
    name, options = variant
    game = se.load_game(name, **options)
    for state, *_ in _walk(variant, number, picks):
        text = state.to_json()
        again = game.from_json(text)
        assert again.to_json() == text
        assert again.hash == state.hash
        assert sorted(map(str, again.legal_moves())) == sorted(map(str, state.legal_moves()))
        assert game.from_json(json.loads(text)).to_json() == text


@settings(max_examples=40, deadline=None)
@given(variants, numbers, choices)
def test_copy_is_independent(variant, number, picks):
    for state, *_ in _walk(variant, number, picks):
        twin = state.copy()
        snap = twin.to_json()
        moves = state.legal_moves()
        if moves:
            state.play(moves[0])
            assert twin.to_json() == snap
            state.undo()
        assert twin.hash == state.hash


def test_distinct_positions_have_distinct_hashes():
    """No collisions among tens of thousands of distinct positions from random walks."""
    import random

    seen = {}
    rng = random.Random(3)
    for name, options in GAME_VARIANTS:
        game = se.load_game(name, **options)
        for number in range(1, 41):
            state = game.deal(number)
            for _ in range(120):
                snapshot = state.to_json()  # names the game and options too
                assert seen.setdefault((name, str(options), state.hash), snapshot) == snapshot
                moves = state.legal_moves()
                if not moves:
                    break
                state.play(rng.choice(moves))
    assert len(seen) > 20000
