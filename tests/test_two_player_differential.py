"""The C++ engine against the pure-Python referee in the two-player game double-trigon.

Along random playouts both must list the same legal moves at every step, reach the same
snapshot after the same move (cards, turn, and the blocked rule's counters), and agree on
whether, how and for whom the game is over (seeds/double-trigon.md rules 10-15).
"""
import random
from collections import Counter

import pytest

import referee
import solitaire_engine as se

GAME = "double-trigon"
OPTION_VALUES = (False, True)
DEALS_PER_OPTION = 60           # half below 32000 (Microsoft LC), half above (Mersenne Twister)
SHORT_STEPS = 200
LONG_STEPS = 3000
LONG_PLAYOUT_EVERY = 5
NEAR_END_POSITIONS = 40         # hand-built positions close to a win or a block, per option


def deal_numbers(count, rng):
    small = [rng.randrange(1, 32000) for _ in range(count // 2)]
    large = [rng.randrange(32000, 10**20) for _ in range(count - len(small))]
    return small + large


def choose(moves, rng, bias):
    """A random move; with bias, foundation moves first and card moves before dealing."""
    if bias:
        up = [m for m in moves if "-f" in m]
        if up and rng.random() < 0.9:
            return rng.choice(up)
        cards = [m for m in moves if kind(m) not in ("pass", "deal", "redeal")]
        if cards and rng.random() < 0.5:
            return rng.choice(cards)
    return rng.choice(moves)


def kind(move):
    if move == "pass":
        return "pass"
    source, target = move.split("-")
    if target[0] in "sw":
        return "deal" if source[0] == "s" else "redeal"
    if "x" in target:
        return "run"
    return ("waste" if source[0] == "w" else "tableau") + "-to-" + target[0]


def engine_winner(state):
    """The engine's winner (0 or 1, None for a draw or a game in play) as 1, 2 or None."""
    return None if state.winner is None else state.winner + 1


def assert_same_end(state, pos, where):
    assert state.is_over() == referee.is_over(pos), where
    assert state.is_won() == referee.is_won(pos), where
    assert engine_winner(state) == (referee.winner(pos) if referee.winner(pos) != "draw"
                                    else None), where
    if not referee.is_won(pos):
        assert state.blocked == referee.is_blocked(pos), where


def how_it_ended(pos):
    """"won", "blocked-plies" (rule 14, 1,000 moves), "blocked-turns" (rule 14, talons
    gone through twice) or "running"."""
    if referee.is_won(pos):
        return "won"
    if not referee.is_over(pos):
        return "running"
    return "blocked-plies" if pos["quiet_plies"] >= 1000 else "blocked-turns"


def play_out(state, steps, rng, bias, where):
    """Play up to steps random moves, checking the engine against the referee throughout.
    Returns the referee's final position."""
    pos = state.to_dict()
    referee.check_position(pos)
    for step in range(steps):
        engine = sorted(str(m) for m in state.legal_moves())
        expected = sorted(referee.legal_moves(pos))
        history = [str(m) for m in state.moves]
        assert engine == expected, f"{where}: moves after {history}"
        assert state.is_over() == (not expected), f"{where}: is_over after {history}"
        if not engine:
            break
        move = choose(engine, rng, bias)
        state.play(move)
        pos = referee.play(pos, move)
        assert state.to_dict() == pos, f"{where}: position after {history + [move]}"
    assert_same_end(state, pos, f"{where} after {[str(m) for m in state.moves]}")
    return pos


@pytest.mark.parametrize("layout", ["rows", "triangle"])
@pytest.mark.parametrize("stuck", OPTION_VALUES, ids=lambda v: f"draw_only_when_stuck={v}")
def test_random_playouts_agree(stuck, layout):
    game = se.load_game(GAME, draw_only_when_stuck=stuck, layout=layout)
    rng = random.Random(f"two-player-differential-{stuck}-{layout}")
    ends = Counter()
    seen = set()
    for i, number in enumerate(deal_numbers(DEALS_PER_OPTION // 2, rng)):
        long = i % LONG_PLAYOUT_EVERY == 0
        state = game.deal(number)
        pos = play_out(state, LONG_STEPS if long else SHORT_STEPS, rng, bias=long or i % 2 == 0,
                       where=f"{GAME}[{stuck}] #{number}")
        ends[how_it_ended(pos)] += 1
        seen.update(kind(str(m)) for m in state.moves)
    # Games reach their ends: the triangle mostly blocks, the rows are often won.
    assert ends["running"] < DEALS_PER_OPTION // 2, ends
    if layout == "triangle":
        assert ends["blocked-turns"] >= DEALS_PER_OPTION // 6, ends
    # The playouts used every kind of move but `pass` (the near-end test plays that); with
    # 25-card stocks and the strict turn rule a redeal may not come up within the steps.
    kinds = {"deal", "run", "waste-to-t", "waste-to-f", "tableau-to-t", "tableau-to-f"}
    assert kinds | ({"redeal"} if layout == "triangle" or not stuck else set()) <= seen, seen


# ---------------------------------------------------------------------------
# Hand-built positions near the end: wins, draws, and both cases of the blocked rule
# ---------------------------------------------------------------------------


def near_end_position(rng, stuck, tidy):
    """A complete snapshot with most cards home and the rest in their owners' piles.
    tidy: the rest lie in the tableau, high ranks below low ones, so they can go home."""
    foundations = []
    loose = {1: [], 2: []}
    for suit in "CDHS":
        tops = [rng.randrange(7, 14), rng.randrange(7, 14)]   # ranks home on the two piles
        piles = [[], []]
        for value, rank in enumerate(referee.RANKS, 1):
            owners = [1, 2]
            rng.shuffle(owners)
            for pile, top, owner in zip(piles, tops, owners):
                card = f"{rank}{suit}{owner}"
                (pile if value <= top else loose[owner]).append(card)
        foundations += piles
    rng.shuffle(foundations)
    tableau = [[] for _ in range(18)]
    stock, waste = [[], []], [[], []]
    for player in (1, 2):
        cards = loose[player]
        rng.shuffle(cards)
        if tidy:
            cards.sort(key=lambda card: referee.RANKS.index(card[0]), reverse=True)
        for card in cards:
            where = 0 if tidy else rng.random()
            if where < 0.6:
                tableau[9 * (player - 1) + rng.randrange(9)].append(card)
            elif where < 0.8:
                stock[player - 1].append(card)
            else:
                waste[player - 1].append(card)
    talon = [len(stock[p]) + len(waste[p]) for p in (0, 1)]
    return {
        "version": 1, "game": GAME, "options": {"draw_only_when_stuck": stuck, "layout": "rows"},
        "foundations": foundations, "tableau": tableau, "reserves": [],
        "stock": stock, "waste": waste, "redeals_left": -1,
        "to_move": rng.choice([1, 2]),
        "quiet_plies": rng.choice([0, rng.randrange(1000), rng.randrange(980, 1000)]),
        "quiet_turns": [rng.randrange(2 * (t + 1)) for t in talon],
        "redeals_done": [rng.randrange(3), rng.randrange(3)],
    }


@pytest.mark.parametrize("stuck", OPTION_VALUES, ids=lambda v: f"draw_only_when_stuck={v}")
def test_near_end_positions_agree(stuck):
    game = se.load_game(GAME, draw_only_when_stuck=stuck)
    rng = random.Random(f"two-player-near-end-{stuck}")
    ends = Counter()
    passes = 0
    for i in range(NEAR_END_POSITIONS):
        pos = near_end_position(rng, stuck, tidy=i % 2 == 0)
        state = game.from_json(pos)
        assert state.to_dict() == pos
        # Long enough for the 1,000-move limit to end a game of cards moved back and forth.
        final = play_out(state, 1200, rng, bias=i % 3 != 0, where=f"near-end #{i}: {pos}")
        ends[how_it_ended(final)] += 1
        passes += sum(str(m) == "pass" for m in state.moves)
    assert ends["won"] >= 3, ends
    assert ends["blocked-turns"] + ends["blocked-plies"] >= 5, ends
    assert passes > 0


# ---------------------------------------------------------------------------
# perft
# ---------------------------------------------------------------------------

PERFT_DEALS = (1, 2, 31999, 32000, 123456789)


def engine_tree_count(state, depth):
    """perft by brute force over the engine's own legal_moves() and play()."""
    if depth == 0:
        return 1
    moves = [str(m) for m in state.legal_moves()]
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        child = state.copy()
        child.play(move)
        total += engine_tree_count(child, depth - 1)
    return total


@pytest.mark.parametrize("stuck", OPTION_VALUES, ids=lambda v: f"draw_only_when_stuck={v}")
def test_perft_agrees(stuck):
    # The core's perft (make/unmake, reused move lists) against the referee, and both
    # against the tree of the engine's own legal_moves() and play().
    game = se.load_game(GAME, draw_only_when_stuck=stuck)
    for number in PERFT_DEALS:
        state = game.deal(number)
        for depth in (1, 2, 3):
            expected = referee.perft(state.to_dict(), depth)
            assert state.perft(depth) == expected == engine_tree_count(state, depth), (number, depth)
