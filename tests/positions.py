"""Hand-built positions for tests: a complete card set with only the cards a test names placed.

`position(game, filler, ...)` puts every card the test does not place at the BOTTOM of the
named filler pile ("stock", "waste", "f1", "r2", ...), so the cards the test places stay on top.
"""
from collections import Counter

RANKS = "A23456789TJQK"
SUITS = "CDHS"

# (decks, foundations, tableau piles, reserves)
LAYOUT = {
    "deuces-and-queens": (2, 8, 4, 3),
    "aces-and-kings": (2, 8, 4, 2),
    "acey-and-kingsley": (2, 8, 4, 2),
    "double-or-quits": (1, 1, 0, 7),
    "double-trigon-solo": (2, 8, 9, 0),
    "trigon": (1, 4, 7, 0),
    "klondike": (1, 4, 7, 0),
    "black-hole": (1, 1, 17, 0),
    "golf": (1, 0, 7, 0),
}


def card_set(game, options):
    decks = LAYOUT[game][0]
    kings_out = game == "double-or-quits" and options.get("kings") == "discard"
    return Counter([r + s for r in RANKS for s in SUITS
                    if not (kings_out and r == "K")] * decks)


def position(game, filler, options=None, foundations=None, tableau=None, reserves=None,
             stock=(), waste=(), redeals_left=0):
    """A complete snapshot; unplaced cards go under the given cards of pile `filler`
    ("stock", "waste", "f1", "r2", ...)."""
    options = dict(options or {})
    _, nf, nt, nr = LAYOUT[game]
    pos = {
        "version": 1, "game": game, "options": options,
        "foundations": [list(p) for p in (foundations or [[]] * nf)],
        "tableau": [list(p) for p in (tableau or [[]] * nt)],
        "reserves": [list(p) for p in (reserves or [[]] * nr)],
        "stock": list(stock), "waste": list(waste), "redeals_left": redeals_left,
    }
    assert (len(pos["foundations"]), len(pos["tableau"]), len(pos["reserves"])) == (nf, nt, nr)
    placed = Counter(card.lstrip("#") for key in ("foundations", "tableau", "reserves")
                     for pile in pos[key] for card in pile)
    placed.update(pos["stock"] + pos["waste"])
    full = card_set(game, options)
    assert not placed - full, f"placed too many: {placed - full}"
    unplaced = sorted((full - placed).elements())
    kinds = {"f": "foundations", "t": "tableau", "r": "reserves"}
    pile = pos[filler] if filler in ("stock", "waste") else \
        pos[kinds[filler[0]]][int(filler[1:]) - 1]
    pile[:0] = unplaced
    return pos


def talon_move(core, pos, card, pile):
    """The solver's move of `card` from the talon of snapshot `pos` onto `pile` ("t1"), as
    (code, pad); None if the solver would not try it."""
    talon = pos["waste"] + pos["stock"][::-1]  # in dealing order
    for code, pad in core.solver_moves():
        if core.move_text(code) == f"w-{pile}" and pad and talon[pad - 1] == card:
            return code, pad
    return None


def winning_line(game, pos):
    """Solves snapshot `pos`, checks that it is solved and that its line replays to a win,
    and returns the line as text."""
    result = game.from_json(pos).solve(time_limit=10)
    assert result.status == "solved"
    replay = game.from_json(pos)
    for move in result.moves:
        replay.play(move)
    assert replay.is_won()
    return [str(m) for m in result.moves]
