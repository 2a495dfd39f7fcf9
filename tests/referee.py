"""A slow, obviously-correct pure-Python referee for differential testing.

Written from the rules specification alone (rules-spec.md, notation.md), with no
knowledge of the C++ core or the package, so that the two can disagree.

Positions are the snapshot dicts of notation.md ("game", "options", "foundations",
"tableau", "reserves", "stock", "waste", "redeals_left"); every list runs bottom to
top.  Public functions:

    legal_moves(pos) -> list[str]     every legal move, each (source, target, count) once
    play(pos, move)  -> dict          a NEW position; ValueError if the move is illegal
    is_won(pos)      -> bool
    is_over(pos)     -> bool
    perft(pos, depth) -> int          leaf count of the move tree, by brute force
    check_position(pos)               ValueError if the snapshot is malformed

    winner(pos)      -> 1, 2, "draw" or None   (two-player games; None while not over)
    is_blocked(pos)  -> bool          (two-player games)

The two-player game double-trigon (seeds/double-trigon.md, notation.md "Two-player
snapshots") is played by its own section at the end of this file; the public functions
hand its positions over to it.

Deliberate interpretations of points the spec leaves open are marked "Reading:".
"""

import re
from collections import Counter
from dataclasses import dataclass

RANKS = "A23456789TJQK"
SUITS = "CDHS"
RED_SUITS = "DH"

# ---------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------


def is_face_down(card):
    return card.startswith("#")


def face_value(card):
    """The card without its face-down marker."""
    return card[1:] if is_face_down(card) else card


def rank_of(card):
    return card[-2]


def suit_of(card):
    return card[-1]


def is_red(card):
    return suit_of(card) in RED_SUITS


# ---------------------------------------------------------------------------
# Rank relations: sets of (rank of the card underneath, rank of the card put on it).
# Kept as plain data so a reader can check them against the spec at a glance.
# ---------------------------------------------------------------------------

ONE_UP = frozenset((RANKS[i], RANKS[i + 1]) for i in range(12))        # A->2 .. Q->K
ONE_DOWN = frozenset((high, low) for low, high in ONE_UP)               # K->Q .. 2->A
ONE_UP_WRAPPING = ONE_UP | {("K", "A")}
ONE_DOWN_WRAPPING = ONE_DOWN | {("A", "K")}
ONE_UP_OR_DOWN_WRAPPING = ONE_UP_WRAPPING | ONE_DOWN_WRAPPING
ONE_UP_OR_DOWN = ONE_UP | ONE_DOWN                                       # Golf: no wrap
NOTHING_ON_A_KING = frozenset(pair for pair in ONE_UP_OR_DOWN if pair[0] != "K")
# Double or Quits: A=1 .. Q=12 and v -> 2v mod 13.  13 is prime, so 2v mod 13 is
# never 0 (a King) and the chain A 2 4 8 3 6 Q J 9 5 T 7 A closes on itself.
DOUBLED = frozenset((RANKS[v - 1], RANKS[(2 * v) % 13 - 1]) for v in range(1, 13))
NO_BUILDING = frozenset()

ALL_RANKS = frozenset(RANKS)
NO_RANKS = frozenset()


def suits_match(relation, under, card):
    if relation == "any":
        return True
    if relation == "same":
        return suit_of(under) == suit_of(card)
    if relation == "alternate":
        return is_red(under) != is_red(card)
    raise AssertionError(relation)


# ---------------------------------------------------------------------------
# Pile rules and game tables
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PileRule:
    build: frozenset = NO_BUILDING        # rank pairs allowed on a non-empty pile
    suits: str = "any"                    # suit relation on a non-empty pile
    empty_ranks: frozenset = NO_RANKS     # what an empty pile accepts
    empty_suit: str = None                # suit-bound foundations
    max_cards: int = None
    moves_runs: bool = False              # tableau built in runs that move as a unit
    cards_may_leave: bool = True
    refill: str = None                    # None, "stock" or "waste_else_stock"
    empty_needs_empty_stock: bool = False  # aces-and-kings, empty_tableau="stock"
    empty_needs_empty_waste: bool = False  # double-or-quits: refilled from the waste first


@dataclass(frozen=True)
class Game:
    decks: int
    foundations: tuple
    tableau: tuple
    reserves: tuple
    deal_count: int
    max_redeals: int                      # -1: unlimited
    kings_out_of_play: bool = False
    has_stock: bool = True                # black-hole: everything is dealt, no stock or waste
    waste: "PileRule" = None              # None: the plain WASTE below (takes nothing by hand)
    won_when: str = "foundations_full"    # or "tableau_empty" (golf)


# The waste's top card is playable, but nothing is ever put on it by hand.
WASTE = PileRule()

# Allowed option values; the first is the default.
OPTIONS = {
    "deuces-and-queens": {},
    "aces-and-kings": {"empty_tableau": ("any", "stock")},
    "acey-and-kingsley": {"empty_tableau": ("any", "stock")},
    "double-or-quits": {"kings": ("keep", "discard")},
    "double-trigon-solo": {"foundation_takeback": (True, False)},
    "trigon": {"foundation_takeback": (True, False)},
    "klondike": {"draw": (1, 3), "foundation_takeback": (True, False)},
    "black-hole": {},
    "golf": {"kings": ("alive", "dead")},
}

# f1..f4 of klondike and trigon, in PySolFC's suit order.
SUIT_BOUND_ORDER = "CSHD"


def deuces_and_queens(options):
    twos_up = PileRule(build=ONE_UP_WRAPPING, empty_ranks=frozenset("2"), max_cards=13)
    queens_down = PileRule(build=ONE_DOWN_WRAPPING, empty_ranks=frozenset("Q"), max_cards=13)
    tableau = PileRule(build=ONE_UP_OR_DOWN_WRAPPING, refill="stock")
    reserve = PileRule()
    return Game(decks=2, foundations=(twos_up,) * 4 + (queens_down,) * 4,
                tableau=(tableau,) * 4, reserves=(reserve,) * 3,
                deal_count=1, max_redeals=0)


def aces_and_kings(options):
    aces_up = PileRule(build=ONE_UP, empty_ranks=frozenset("A"), max_cards=13)
    kings_down = PileRule(build=ONE_DOWN, empty_ranks=frozenset("K"), max_cards=13)
    if options["empty_tableau"] == "stock":
        tableau = PileRule(empty_ranks=ALL_RANKS, max_cards=1, refill="stock",
                           empty_needs_empty_stock=True)
    else:
        tableau = PileRule(empty_ranks=ALL_RANKS, max_cards=1)
    reserve = PileRule()
    return Game(decks=2, foundations=(aces_up,) * 4 + (kings_down,) * 4,
                tableau=(tableau,) * 4, reserves=(reserve,) * 2,
                deal_count=1, max_redeals=0)


def double_or_quits(options):
    foundation = PileRule(build=DOUBLED, empty_ranks=frozenset("A"), max_cards=48,
                          cards_may_leave=False)
    # An empty reserve takes a card by hand only once nothing is left to refill it from
    # (only possible in a hand-built position while cards remain; in play it is refilled at once).
    reserve = PileRule(empty_ranks=ALL_RANKS, max_cards=1, refill="waste_else_stock",
                       empty_needs_empty_stock=True, empty_needs_empty_waste=True)
    return Game(decks=1, foundations=(foundation,), tableau=(), reserves=(reserve,) * 7,
                deal_count=1, max_redeals=2,
                kings_out_of_play=options["kings"] == "discard")


def double_trigon_solo(options):
    foundation = PileRule(build=ONE_UP, suits="same", empty_ranks=frozenset("A"), max_cards=13,
                          cards_may_leave=options["foundation_takeback"])
    tableau = PileRule(build=ONE_DOWN, suits="same", empty_ranks=frozenset("K"),
                       moves_runs=True)
    return Game(decks=2, foundations=(foundation,) * 8, tableau=(tableau,) * 9,
                reserves=(), deal_count=1, max_redeals=-1)


def suit_bound_foundations(options):
    return tuple(PileRule(build=ONE_UP, suits="same", empty_ranks=frozenset("A"),
                          empty_suit=suit, max_cards=13,
                          cards_may_leave=options["foundation_takeback"])
                 for suit in SUIT_BOUND_ORDER)


def trigon(options):
    tableau = PileRule(build=ONE_DOWN, suits="same", empty_ranks=frozenset("K"),
                       moves_runs=True)
    return Game(decks=1, foundations=suit_bound_foundations(options), tableau=(tableau,) * 7,
                reserves=(), deal_count=1, max_redeals=-1)


def klondike(options):
    tableau = PileRule(build=ONE_DOWN, suits="alternate", empty_ranks=frozenset("K"),
                       moves_runs=True)
    return Game(decks=1, foundations=suit_bound_foundations(options), tableau=(tableau,) * 7,
                reserves=(), deal_count=options["draw"], max_redeals=-1)


def black_hole(options):
    # One foundation, any suit, one rank up or down, King and Ace adjacent; nothing ever
    # leaves it.  Reading: an empty foundation (never seen in play) takes an Ace.
    hole = PileRule(build=ONE_UP_OR_DOWN_WRAPPING, empty_ranks=frozenset("A"),
                    cards_may_leave=False)
    # Seventeen fans of three: their top cards go to the foundation, nothing goes on them.
    fan = PileRule(max_cards=3)
    return Game(decks=1, foundations=(hole,), tableau=(fan,) * 17, reserves=(),
                deal_count=1, max_redeals=0, has_stock=False)


def golf(options):
    # The waste is Golf's foundation.  A card dealt from the stock lands on it whatever its
    # rank; a tableau card played to it must be one rank above or below its top card, no
    # wrap, any suit.  Nothing leaves it.  With kings="dead" nothing goes on a King.
    # Reading: an empty waste (never seen in play) takes nothing by hand.
    waste = PileRule(build=NOTHING_ON_A_KING if options["kings"] == "dead" else ONE_UP_OR_DOWN,
                     cards_may_leave=False)
    row = PileRule()  # seven rows of five: their top cards go to the waste, nothing onto them
    return Game(decks=1, foundations=(), tableau=(row,) * 7, reserves=(), deal_count=1,
                max_redeals=0, waste=waste, won_when="tableau_empty")


GAMES = {
    "deuces-and-queens": deuces_and_queens,
    "aces-and-kings": aces_and_kings,
    "acey-and-kingsley": aces_and_kings,     # differs only in the deal
    "double-or-quits": double_or_quits,
    "double-trigon-solo": double_trigon_solo,
    "trigon": trigon,
    "klondike": klondike,
    "black-hole": black_hole,
    "golf": golf,
}

_game_cache = {}


def options_of(pos):
    """The position's options with the spec's defaults filled in."""
    name = pos.get("game")
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}")
    given = pos.get("options") or {}
    allowed = OPTIONS[name]
    for key, value in given.items():
        if key not in allowed:
            raise ValueError(f"{name} has no option {key!r}")
        if value not in allowed[key]:
            raise ValueError(f"bad value {value!r} for option {key!r}")
    return {key: given.get(key, values[0]) for key, values in allowed.items()}


def game_of(pos):
    options = options_of(pos)
    key = (pos["game"], tuple(sorted(options.items())))
    if key not in _game_cache:
        _game_cache[key] = GAMES[pos["game"]](options)
    return _game_cache[key]


# ---------------------------------------------------------------------------
# Checking a snapshot
# ---------------------------------------------------------------------------

REQUIRED_KEYS = {"game", "foundations", "tableau", "reserves", "stock", "waste",
                 "redeals_left"}
CARD_PATTERN = re.compile(r"#?[A23456789TJQK][CDHS]")


def full_card_set(game):
    one_deck = [r + s for r in RANKS for s in SUITS
                if not (game.kings_out_of_play and r == "K")]
    return Counter(one_deck * game.decks)


def all_cards(pos):
    for key in ("foundations", "tableau", "reserves"):
        for pile in pos[key]:
            yield from pile
    yield from pos["stock"]
    yield from pos["waste"]


def check_position(pos):
    """Raise ValueError unless pos is a well-formed, complete snapshot of its game."""
    if pos.get("game") in TWO_PLAYER_GAMES:
        return dt_check_position(pos)
    missing = REQUIRED_KEYS - set(pos)
    if missing:
        raise ValueError(f"snapshot lacks {sorted(missing)}")
    game = game_of(pos)
    for key, rules in (("foundations", game.foundations), ("tableau", game.tableau),
                       ("reserves", game.reserves)):
        if len(pos[key]) != len(rules):
            raise ValueError(f"{pos['game']} has {len(rules)} {key}, not {len(pos[key])}")
        for number, (rule, pile) in enumerate(zip(rules, pos[key]), 1):
            if rule.max_cards is not None and len(pile) > rule.max_cards:
                raise ValueError(f"{key} pile {number} holds more than {rule.max_cards}")
    for card in all_cards(pos):
        if not isinstance(card, str) or not CARD_PATTERN.fullmatch(card):
            raise ValueError(f"bad card {card!r}")
    for key in ("foundations", "reserves"):
        for pile in pos[key]:
            if any(map(is_face_down, pile)):
                raise ValueError(f"face-down card in {key}")
    if not game.has_stock and (pos["stock"] or pos["waste"]):
        raise ValueError(f"{pos['game']} has no stock or waste")
    if any(map(is_face_down, pos["stock"])) or any(map(is_face_down, pos["waste"])):
        raise ValueError("face-down card in stock or waste")
    # Reading: a face-down tableau top cannot arise in play (it is turned up as part of
    # the move that uncovers it) and the spec gives it no meaning, so reject it.
    for pile in pos["tableau"]:
        if pile and is_face_down(pile[-1]):
            raise ValueError("face-down card on top of a tableau pile")
    if Counter(map(face_value, all_cards(pos))) != full_card_set(game):
        raise ValueError("the position does not hold exactly the game's card set")
    # Reading: redeals_left must lie within what the game ever allows.
    redeals = pos["redeals_left"]
    if game.max_redeals == -1:
        if redeals != -1:
            raise ValueError("this game has unlimited redeals: redeals_left must be -1")
    elif not (isinstance(redeals, int) and 0 <= redeals <= game.max_redeals):
        raise ValueError(f"redeals_left must be in 0..{game.max_redeals}")
    return game


# ---------------------------------------------------------------------------
# The rules
# ---------------------------------------------------------------------------


def builds_on(rule, under, card):
    """Whether card may lie directly on the face-up card under, in a pile with this rule."""
    return (not is_face_down(under)
            and (rank_of(under), rank_of(card)) in rule.build
            and suits_match(rule.suits, under, card))


def empty_pile_accepts(rule, card, stock, waste):
    if rule.empty_needs_empty_stock and stock:
        return False
    if rule.empty_needs_empty_waste and waste:
        return False
    if rule.empty_suit is not None and suit_of(card) != rule.empty_suit:
        return False
    return rank_of(card) in rule.empty_ranks


def pile_accepts(rule, pile, unit, stock, waste):
    """Whether the pile takes the cards of unit (bottom first) as one move."""
    # Reading: only tableau piles built in runs take a run.  A run descends, so putting
    # one on a foundation (or anywhere else) as a unit would break that pile's order.
    if len(unit) > 1 and not rule.moves_runs:
        return False
    if rule.max_cards is not None and len(pile) + len(unit) > rule.max_cards:
        return False
    if not pile:
        return empty_pile_accepts(rule, unit[0], stock, waste)
    return builds_on(rule, pile[-1], unit[0])


def movable_counts(rule, pile):
    """The numbers of top cards that may leave this pile as one unit."""
    if not pile or not rule.cards_may_leave or is_face_down(pile[-1]):
        return []
    if not rule.moves_runs:
        return [1]
    # A run is what the pile's own building rule would have produced.
    length = 1
    while length < len(pile) and builds_on(rule, pile[-length - 1], pile[-length]):
        length += 1
    return list(range(1, length + 1))


def can_deal(pos):
    return bool(pos["stock"])


def can_redeal(pos):
    return not pos["stock"] and bool(pos["waste"]) and pos["redeals_left"] != 0


# ---------------------------------------------------------------------------
# Piles by name
# ---------------------------------------------------------------------------

PILE_KINDS = {"f": "foundations", "t": "tableau", "r": "reserves"}


def card_piles(pos, game):
    """(name, rule, cards) for every foundation, tableau and reserve pile, in order."""
    for letter, key in PILE_KINDS.items():
        for number, (rule, cards) in enumerate(zip(getattr(game, key), pos[key]), 1):
            yield f"{letter}{number}", rule, cards


def pile_named(pos, name):
    if name == "w":
        return pos["waste"]
    return pos[PILE_KINDS[name[0]]][int(name[1:]) - 1]


def waste_rule(game):
    return game.waste if game.waste is not None else WASTE


def rule_named(game, name):
    if name == "w":
        return waste_rule(game)
    return getattr(game, PILE_KINDS[name[0]])[int(name[1:]) - 1]


def move_name(source, target, count):
    return f"{source}-{target}" + (f"x{count}" if count > 1 else "")


MOVE_PATTERN = re.compile(r"(w|[ftr][1-9][0-9]*)-(w|[ftr][1-9][0-9]*)(?:x([1-9][0-9]*))?")


def parse_move(move):
    """(source, target, count) of a card move; x1 is accepted as on the engine's input."""
    match = MOVE_PATTERN.fullmatch(move.strip().lower())
    if not match:
        raise ValueError(f"not a card move: {move!r}")
    source, target, count = match.groups()
    return source, target, int(count or 1)


def canonical_move(move):
    text = move.strip().lower()
    if text in ("s-w", "w-s"):
        return text
    return move_name(*parse_move(text))


# ---------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------


def legal_moves(pos):
    if pos.get("game") in TWO_PLAYER_GAMES:
        return dt_legal_moves(pos)
    game = check_position(pos)
    return _legal_moves(pos, game)


def _legal_moves(pos, game):
    targets = list(card_piles(pos, game))
    waste = ("w", waste_rule(game), pos["waste"])
    sources = targets + [waste]
    if waste[1].build or waste[1].empty_ranks:
        targets.append(waste)  # golf: the waste takes tableau cards by hand too
    stock = pos["stock"]
    moves = []
    for source, source_rule, source_cards in sources:
        for count in movable_counts(source_rule, source_cards):
            unit = source_cards[-count:]
            for target, target_rule, target_cards in targets:
                if target != source and pile_accepts(target_rule, target_cards, unit, stock,
                                                          pos["waste"]):
                    moves.append(move_name(source, target, count))
    if can_deal(pos):
        moves.append("s-w")
    if can_redeal(pos):
        moves.append("w-s")
    return moves


def play(pos, move):
    """The position after move (a new dict); ValueError if the move is not legal."""
    if pos.get("game") in TWO_PLAYER_GAMES:
        return dt_play(pos, move)
    game = check_position(pos)
    move = canonical_move(move)
    if move not in _legal_moves(pos, game):
        raise ValueError(f"illegal move {move!r}")
    return _apply(pos, game, move)


def copy_position(pos):
    new = dict(pos)
    new["options"] = dict(pos.get("options") or {})
    for key in ("foundations", "tableau", "reserves"):
        new[key] = [list(pile) for pile in pos[key]]
    new["stock"] = list(pos["stock"])
    new["waste"] = list(pos["waste"])
    return new


def deal(pos, game):
    for _ in range(min(game.deal_count, len(pos["stock"]))):
        pos["waste"].append(pos["stock"].pop())


def redeal(pos):
    pos["stock"] = pos["waste"][::-1]
    pos["waste"] = []
    if pos["redeals_left"] != -1:
        pos["redeals_left"] -= 1


def refill(pos, rule, pile):
    """Refill an emptied source pile, if its group refills itself."""
    if rule.refill == "stock" and pos["stock"]:
        pile.append(pos["stock"].pop())
    elif rule.refill == "waste_else_stock":
        if pos["waste"]:
            pile.append(pos["waste"].pop())
        elif pos["stock"]:
            pile.append(pos["stock"].pop())


def turn_up_tableau_tops(pos):
    for pile in pos["tableau"]:
        if pile and is_face_down(pile[-1]):
            pile[-1] = face_value(pile[-1])


def _apply(pos, game, move):
    """Play a move already known to be legal."""
    new = copy_position(pos)
    if move == "s-w":
        deal(new, game)
    elif move == "w-s":
        redeal(new)
    else:
        source, target, count = parse_move(move)
        source_cards = pile_named(new, source)
        unit = source_cards[-count:]
        del source_cards[-count:]
        pile_named(new, target).extend(unit)
        if not source_cards:
            refill(new, rule_named(game, source), source_cards)
    turn_up_tableau_tops(new)
    return new


def is_won(pos):
    if pos.get("game") in TWO_PLAYER_GAMES:
        return dt_is_won(pos)
    game = check_position(pos)
    if game.won_when == "tableau_empty":
        # Golf: the stock and waste may still hold cards.
        return not any(pos["tableau"])
    on_foundations = sum(map(len, pos["foundations"]))
    if pos["game"] == "double-or-quits" and not game.kings_out_of_play:
        # Kings can never reach f1: won once the 48 others are there and nothing is
        # left to deal.
        return on_foundations == 48 and not pos["stock"] and not pos["waste"]
    return on_foundations == sum(full_card_set(game).values())


def is_over(pos):
    if pos.get("game") in TWO_PLAYER_GAMES:
        return dt_is_over(pos)
    return not legal_moves(pos)


def perft(pos, depth):
    """Number of distinct sequences of exactly depth legal moves from pos.

    No special case for won positions: a move sequence counts whenever each of its
    moves is legal (a won position may still have legal moves)."""
    if pos.get("game") in TWO_PLAYER_GAMES:
        return dt_perft(pos, depth)
    game = check_position(pos)
    return _perft(pos, game, depth)


def _perft(pos, game, depth):
    return count_sequences(pos, depth, lambda p: _legal_moves(p, game), lambda p, m: _apply(p, game, m),
                           check_position)


def count_sequences(pos, depth, moves_of, apply, check):
    """perft over any game: moves_of(pos) lists the moves, apply(pos, move) plays one into
    a new position, check(pos) refuses a malformed one."""
    if depth == 0:
        return 1
    moves = moves_of(pos)
    if depth == 1:
        # Each listed move is one distinct sequence; no need to play it.
        return len(moves)
    total = 0
    for move in moves:
        child = apply(pos, move)
        check(child)       # cheap insurance against a card lost or duplicated
        total += count_sequences(child, depth - 1, moves_of, apply, check)
    return total


# ===========================================================================
# The two-player game double-trigon (seeds/double-trigon.md, cited as "rule N")
# ===========================================================================
#
# Snapshot (notation.md, "Two-player snapshots"): cards carry their owner ("QH2");
# "stock" and "waste" hold one list per player; "to_move" (1 or 2), "quiet_plies",
# "quiet_turns" [p1, p2] and "redeals_done" [p1, p2] are optional on input (defaults
# 1, 0, [0, 0], [0, 0]) and always written by dt_play.

TWO_PLAYER_GAMES = ("double-trigon",)

# The first value is the default. The layout only changes the deal, not the play.
DT_OPTIONS = {"draw_only_when_stuck": (False, True), "layout": ("rows", "triangle")}
DT_FOUNDATIONS = 8
DT_PILES_PER_PLAYER = 9
DT_QUIET_PLY_LIMIT = 1000                              # rule 14, first case
DT_CARD_PATTERN = re.compile(r"[A23456789TJQK][CDHS][12]")


def dt_rank(card):
    return card[0]


def dt_suit(card):
    return card[1]


def dt_owner(card):
    return int(card[2])


def dt_full_card_set():
    return Counter(r + s + str(owner) for owner in (1, 2) for r in RANKS for s in SUITS)


def dt_tableau_numbers(player):
    """1-based tableau pile numbers of a player: t1..t9 or t10..t18."""
    first = 1 + DT_PILES_PER_PLAYER * (player - 1)
    return range(first, first + DT_PILES_PER_PLAYER)


def dt_options(pos):
    given = pos.get("options") or {}
    for key, value in given.items():
        if key not in DT_OPTIONS:
            raise ValueError(f"double-trigon has no option {key!r}")
        if value not in DT_OPTIONS[key] or type(value) is not type(DT_OPTIONS[key][0]):
            raise ValueError(f"bad value {value!r} for option {key!r}")
    return {key: given.get(key, values[0]) for key, values in DT_OPTIONS.items()}


def _is_count(value):
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _is_pair_of_counts(value):
    return isinstance(value, list) and len(value) == 2 and all(map(_is_count, value))


def dt_check_position(pos):
    """Raise ValueError unless pos is a well-formed double-trigon snapshot."""
    missing = REQUIRED_KEYS - set(pos)
    if missing:
        raise ValueError(f"snapshot lacks {sorted(missing)}")
    options = dt_options(pos)
    if len(pos["foundations"]) != DT_FOUNDATIONS:
        raise ValueError("double-trigon has 8 foundations")
    if len(pos["tableau"]) != 2 * DT_PILES_PER_PLAYER:
        raise ValueError("double-trigon has 18 tableau piles")
    if pos["reserves"]:
        raise ValueError("double-trigon has no reserves")
    for key in ("stock", "waste"):
        if not (isinstance(pos[key], list) and len(pos[key]) == 2
                and all(isinstance(pile, list) for pile in pos[key])):
            raise ValueError(f"{key} must be one list per player")
    cards = [card for key in ("foundations", "tableau", "stock", "waste")
             for pile in pos[key] for card in pile]
    for card in cards:
        if not isinstance(card, str) or not DT_CARD_PATTERN.fullmatch(card):
            raise ValueError(f"bad card {card!r}")
    if Counter(cards) != dt_full_card_set():
        raise ValueError("the position does not hold exactly the game's card set")
    for pile in pos["foundations"]:
        if len(pile) > 13:
            raise ValueError("a foundation holds at most 13 cards")
    # Reading: a player's piles hold only that player's cards.  Cards are dealt to their
    # owner's piles (Deal 3, 4) and never go to the other player's piles (rule 2).
    for player in (1, 2):
        own = [pos["tableau"][n - 1] for n in dt_tableau_numbers(player)]
        own += [pos["stock"][player - 1], pos["waste"][player - 1]]
        if any(dt_owner(card) != player for pile in own for card in pile):
            raise ValueError(f"a card of the other player in player {player}'s piles")
    if pos["redeals_left"] != -1:
        raise ValueError("double-trigon has unlimited redeals: redeals_left must be -1")
    if pos.get("to_move", 1) not in (1, 2) or isinstance(pos.get("to_move", 1), bool):
        raise ValueError("to_move must be 1 or 2")
    if not _is_count(pos.get("quiet_plies", 0)):
        raise ValueError("quiet_plies must be a whole number from 0")
    for key in ("quiet_turns", "redeals_done"):
        if not _is_pair_of_counts(pos.get(key, [0, 0])):
            raise ValueError(f"{key} must be two whole numbers from 0")
    return options


# --- what the position says ------------------------------------------------


def dt_home_count(pos, player):
    """How many of player's own cards are on the (shared) foundations."""
    return sum(dt_owner(card) == player for pile in pos["foundations"] for card in pile)


def dt_talon_size(pos, player):
    """T_p of rule 14: the cards in player's stock and waste."""
    return len(pos["stock"][player - 1]) + len(pos["waste"][player - 1])


def _dt_won_by(pos):
    """Rule 13: the players whose 52 own cards are all on the foundations."""
    return [player for player in (1, 2) if dt_home_count(pos, player) == 52]


def _dt_blocked(pos):
    """Rule 14."""
    if pos.get("quiet_plies", 0) >= DT_QUIET_PLY_LIMIT:
        return True
    turns = pos.get("quiet_turns", [0, 0])
    return all(turns[player - 1] >= 2 * (dt_talon_size(pos, player) + 1)
               for player in (1, 2))


def dt_is_won(pos):
    dt_check_position(pos)
    return bool(_dt_won_by(pos))


def dt_is_blocked(pos):
    """Over as blocked (rule 14), and not won (a won game is over by rule 13)."""
    dt_check_position(pos)
    return not _dt_won_by(pos) and _dt_blocked(pos)


def dt_is_over(pos):
    dt_check_position(pos)
    return bool(_dt_won_by(pos)) or _dt_blocked(pos)


def dt_winner(pos):
    """1 or 2 for the winning player, "draw", or None while the game goes on."""
    dt_check_position(pos)
    won = _dt_won_by(pos)
    if won:
        # Reading: only a hand-built snapshot can have both decks home; call it a draw.
        return won[0] if len(won) == 1 else "draw"
    if not _dt_blocked(pos):
        return None
    ones, twos = dt_home_count(pos, 1), dt_home_count(pos, 2)
    return 1 if ones > twos else 2 if twos > ones else "draw"


def is_blocked(pos):
    return dt_is_blocked(pos)


def winner(pos):
    return dt_winner(pos)


# --- the rules of play --------------------------------------------------------


def dt_foundation_takes(pile, card):
    """Rule 3: an empty foundation takes any Ace; otherwise one rank up in suit, to the King."""
    if not pile:
        return dt_rank(card) == "A"
    top = pile[-1]
    return dt_suit(top) == dt_suit(card) and (dt_rank(top), dt_rank(card)) in ONE_UP


def dt_lies_on(under, card):
    """Rule 5 (and the runs of rule 6): same suit, one rank below.  Nothing on an Ace."""
    return dt_suit(under) == dt_suit(card) and (dt_rank(under), dt_rank(card)) in ONE_DOWN


def dt_tableau_takes(pile, unit):
    """Rules 5 and 7: unit (bottom first) onto a tableau pile."""
    if not pile:
        return dt_rank(unit[0]) == "K"
    return dt_lies_on(pile[-1], unit[0])


def dt_run_length(pile):
    """Rule 6: the length of the top run (each card one below the one beneath, same suit)."""
    if not pile:
        return 0
    length = 1
    while length < len(pile) and dt_lies_on(pile[-length - 1], pile[-length]):
        length += 1
    return length


def dt_pile(pos, name):
    """The card list of a pile named t<n>, f<n>, s<p> or w<p>."""
    kind, number = name[0], int(name[1:])
    key = {"t": "tableau", "f": "foundations", "s": "stock", "w": "waste"}[kind]
    return pos[key][number - 1]


def _dt_card_moves(pos, player):
    """Rules 1, 2, 5-8: every card move of player, each (source, target, count) once."""
    own_tableau = [f"t{n}" for n in dt_tableau_numbers(player)]
    foundations = [f"f{n}" for n in range(1, DT_FOUNDATIONS + 1)]
    moves = []
    # From the player's tableau: runs to their own tableau, single cards to foundations.
    for source in own_tableau:
        cards = dt_pile(pos, source)
        for count in range(1, dt_run_length(cards) + 1):
            unit = cards[-count:]
            for target in own_tableau:
                if target != source and dt_tableau_takes(dt_pile(pos, target), unit):
                    moves.append(move_name(source, target, count))
            if count == 1:
                for target in foundations:
                    if dt_foundation_takes(dt_pile(pos, target), unit[0]):
                        moves.append(move_name(source, target, 1))
    # The waste's top card (rule 8).  Cards never leave a foundation (rule 4).
    waste_name = f"w{player}"
    waste = dt_pile(pos, waste_name)
    if waste:
        card = waste[-1]
        for target in own_tableau:
            if dt_tableau_takes(dt_pile(pos, target), [card]):
                moves.append(move_name(waste_name, target, 1))
        for target in foundations:
            if dt_foundation_takes(dt_pile(pos, target), card):
                moves.append(move_name(waste_name, target, 1))
    return moves


def _dt_legal_moves(pos, options):
    if _dt_won_by(pos) or _dt_blocked(pos):
        return []                                          # rule 15
    player = pos.get("to_move", 1)
    moves = _dt_card_moves(pos, player)
    stock, waste = pos["stock"][player - 1], pos["waste"][player - 1]
    # Exactly one turn-ending move is open to the player (rules 9, 11).
    if stock:
        ends_turn = f"s{player}-w{player}"                  # deal
    elif waste:
        ends_turn = f"w{player}-s{player}"                  # redeal
    else:
        ends_turn = "pass"
    if options["draw_only_when_stuck"] and moves:
        return moves                                       # rule 12: not while cards can move
    return moves + [ends_turn]


def dt_legal_moves(pos):
    options = dt_check_position(pos)
    return _dt_legal_moves(pos, options)


DT_MOVE_PATTERN = re.compile(r"([tfsw][1-9][0-9]*)-([tfsw][1-9][0-9]*)(?:x([1-9][0-9]*))?")


def dt_canonical_move(move):
    text = move.strip().lower()
    if text == "pass":
        return text
    match = DT_MOVE_PATTERN.fullmatch(text)
    if not match:
        raise ValueError(f"not a move: {move!r}")
    source, target, count = match.groups()
    return move_name(source, target, int(count or 1))


def _dt_parse_move(move):
    source, target, count = DT_MOVE_PATTERN.fullmatch(move).groups()
    return source, target, int(count or 1)


def _dt_apply(pos, move):
    """Play a move already known to be legal; update the turn and the rule-14 counters."""
    player = pos.get("to_move", 1)
    new = dict(pos)
    new["options"] = dict(pos.get("options") or {})
    new["foundations"] = [list(pile) for pile in pos["foundations"]]
    new["tableau"] = [list(pile) for pile in pos["tableau"]]
    new["reserves"] = []
    new["stock"] = [list(pile) for pile in pos["stock"]]
    new["waste"] = [list(pile) for pile in pos["waste"]]
    quiet_turns = list(pos.get("quiet_turns", [0, 0]))
    redeals_done = list(pos.get("redeals_done", [0, 0]))
    reached_foundation = False
    ends_turn = False
    stock, waste = new["stock"][player - 1], new["waste"][player - 1]
    if move == "pass":                                     # rule 11
        ends_turn = True
    elif move == f"s{player}-w{player}":                   # rule 9: one card, ends the turn
        waste.append(stock.pop())
        ends_turn = True
    elif move == f"w{player}-s{player}":                   # rule 9: the waste turned over
        new["stock"][player - 1] = waste[::-1]
        new["waste"][player - 1] = []
        redeals_done[player - 1] += 1
        ends_turn = True
    else:
        source, target, count = _dt_parse_move(move)
        cards = dt_pile(new, source)
        unit = cards[-count:]
        del cards[-count:]
        dt_pile(new, target).extend(unit)
        reached_foundation = target.startswith("f")
    # Rule 14's counters: moves and ended turns since a card last reached a foundation.
    if reached_foundation:
        new["quiet_plies"] = 0
        quiet_turns = [0, 0]
    else:
        new["quiet_plies"] = pos.get("quiet_plies", 0) + 1
    if ends_turn:                                          # rule 10
        quiet_turns[player - 1] += 1
        new["to_move"] = 3 - player
    else:
        new["to_move"] = player
    new["quiet_turns"] = quiet_turns
    new["redeals_done"] = redeals_done
    return new


def dt_play(pos, move):
    options = dt_check_position(pos)
    move = dt_canonical_move(move)
    if move not in _dt_legal_moves(pos, options):
        raise ValueError(f"illegal move {move!r}")
    return _dt_apply(pos, move)


def dt_perft(pos, depth):
    options = dt_check_position(pos)
    return _dt_perft(pos, options, depth)


def _dt_perft(pos, options, depth):
    return count_sequences(pos, depth, lambda p: _dt_legal_moves(p, options), _dt_apply, dt_check_position)
