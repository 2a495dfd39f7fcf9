"""Verdicts of two variants where one only takes choices away from the other: every line of
the stricter game can be played in the looser one, so a deal the stricter game wins is never
unsolvable in the looser one, and a deal the looser game loses is never won in the stricter.
Each game's shortcuts (safe moves, waiting talon cards, stuck cards) are argued separately,
so this checks one game's proofs of loss against another game's wins, on real deals."""
import json

import pytest

import solitaire_engine as se

# (game, stricter options, looser options): why every stricter line plays in the looser game.
PAIRS = [
    # A deal of three is three deals of one, and the opening three are dealt the same way.
    ("klondike", {"draw": 3}, {"draw": 1}),
    # Forbidding cards back off the foundations only takes moves away.
    ("klondike", {"foundation_takeback": False}, {}),
    ("trigon", {"foundation_takeback": False}, {}),
    ("double-trigon-solo", {"foundation_takeback": False}, {}),
]
# Deals 1-40, and Klondike deals whose loss with draw 1 a search proves within 300,000
# positions (most of Klondike's early losses have cards that can never move: no search).
SEARCHED_LOSSES = [61, 103, 238, 319, 402, 545, 550, 569, 803]
DEALS = list(range(1, 41)) + SEARCHED_LOSSES


_verdicts = {}  # by the game's repr, which names every option: Klondike with draw 1 serves two pairs


def verdicts(name, options):
    game = se.load_game(name, **options)
    if repr(game) not in _verdicts:
        out = _verdicts[repr(game)] = {}
        se.winnability(game, DEALS, time_limit=None, max_positions=300_000, workers=2,
                       on_result=lambda n, r: out.__setitem__(n, r.status))
    return _verdicts[repr(game)]


@pytest.mark.parametrize("name,stricter,looser", PAIRS,
                         ids=[f"{p[0]}-{json.dumps(p[1])}" for p in PAIRS])
def test_the_stricter_game_never_wins_what_the_looser_loses(name, stricter, looser):
    strict, loose = verdicts(name, stricter), verdicts(name, looser)
    contradictions = [n for n in DEALS if strict[n] == "solved" and loose[n] == "unsolvable"]
    assert contradictions == []
    # Not vacuous: both verdicts are seen in the looser game where the game has losses.
    assert "solved" in loose.values()
    if name != "double-trigon-solo":  # its losses are about one in ten thousand
        assert "unsolvable" in loose.values()
        assert "solved" in strict.values()
    if name == "klondike":  # the looser game is Klondike with draw 1, with takebacks
        assert [loose[n] for n in SEARCHED_LOSSES] == ["unsolvable"] * len(SEARCHED_LOSSES)


def test_the_same_deal_in_both_klondikes():
    # The implication above needs the same layout and talon for a number in both games.
    one = json.loads(se.load_game("klondike", draw=1).deal(5).to_json())
    three = json.loads(se.load_game("klondike", draw=3).deal(5).to_json())
    assert one["tableau"] == three["tableau"]
    # The talon in the order its cards are turned: the waste from the bottom, then the stock
    # from the top.
    assert one["waste"] + one["stock"][::-1] == three["waste"] + three["stock"][::-1]
    assert len(three["waste"]) == 3


# Aces and Kings with `empty_tableau="stock"` refills a tableau pile from the stock as part
# of the move that empties it; the seed's game can do the same in two moves of its own (deal,
# then the waste's new top card into the space). So every line of the stock variant is a line
# of the seed's game, and a deal the seed's game loses is lost in the stock variant too.
def as_seed_game_line(stock_game_state, line):
    """The stock variant's line as moves of the seed's game, checked position by position."""
    seed_game = se.load_game("aces-and-kings", empty_tableau="any")
    state = seed_game.deal(stock_game_state.number)
    stock = stock_game_state.copy()
    seed_line = []

    def board(s):
        snapshot = json.loads(s.to_json())
        del snapshot["options"]
        return snapshot

    for move in line:
        stock.play(move)
        state.play(str(move))
        seed_line.append(str(move))
        snapshot = json.loads(state.to_json())
        spaces = [i for i, pile in enumerate(snapshot["tableau"]) if not pile]
        if spaces and snapshot["stock"]:  # the stock variant filled this space from the stock
            assert len(spaces) == 1 and str(move) != "s-w"
            for filling in ("s-w", f"w-t{spaces[0] + 1}"):
                state.play(filling)
                seed_line.append(filling)
        assert board(state) == board(stock), f"after {seed_line}"
    return state, seed_line


@pytest.mark.parametrize("number", [1, 2, 3, 6, 9, 11])
def test_a_win_of_aces_and_kings_stock_variant_plays_in_the_seed_game(number):
    stock_game = se.load_game("aces-and-kings", empty_tableau="stock")
    start = stock_game.deal(number)
    result = start.solve(time_limit=None, max_positions=1_000_000)
    assert result.status == "solved"
    state, seed_line = as_seed_game_line(start, result.moves)
    assert state.is_won()
    # The refills happened: the seed's game needed two moves more for each of them.
    assert len(seed_line) > len(result.moves)
