"""Game numbers to deals, exactly as PySolFC 3.x does it.

PySolFC picks the generator by number: Microsoft's LC generator for 1..31999 (with the
Microsoft card order, for one-deck games only), Mersenne Twister otherwise. Both come from
the ``pysol-cards`` package that PySolFC itself uses. The shuffled list's last card is the
top of the talon and is dealt first.
"""
from __future__ import annotations

import re
from collections import Counter

from pysol_cards.random import LCRandom31, MTRandom

from .errors import OptionError, RuleTableError, brief
from .ruletable import DealRow, RuleTable, TalonCard, ToWaste

MAX_GAME_NUMBER = 10**20  # exclusive
_LC_LIMIT = 32000  # PySolFC: numbers below this use LCRandom31 (pysol-cards says <= 32000)


def check_game_number(n: object) -> int:
    """``n`` itself if it is a game number: an int (not a bool), 1 <= n < 10**20."""
    if isinstance(n, bool) or not isinstance(n, int):
        hint = "; for text use solitaire_engine.parse_game_number" if isinstance(n, str) else ""
        raise OptionError(f"a game number is a whole number (int), got {brief(n)}{hint}")
    if not 1 <= n < MAX_GAME_NUMBER:
        raise OptionError(f"a game number must be 1 <= n < 10**20, got {brief(n)}")
    return int(n)


_NUMBER_TEXT = re.compile(r"#?([0-9]+)", re.A)


def parse_game_number(text: str) -> int:
    """A game number written as text, as on a command line: ``"5"`` or PySolFC's ``"#5"``.

    ``Game.deal`` itself takes only ints, so a number typed by a user goes through here."""
    m = _NUMBER_TEXT.fullmatch(text.strip()) if isinstance(text, str) else None
    # Twenty digits hold every game number; more is out of range (and int() of more than
    # 4300 digits would be a plain ValueError).
    if m is None or len(m.group(1).lstrip("0")) > 20:
        raise OptionError(f"a game number is written as digits, 1 to 10**20 - 1, got {brief(text)}")
    return check_game_number(int(m.group(1)))


def _ms_rearrange(cards: list[TalonCard]) -> list[TalonCard]:
    # Microsoft's deal order: rank by rank, suits interleaved (PySolFC does this for 52 cards only).
    if len(cards) != 52:
        return cards
    return [cards[i + j] for i in range(13) for j in (0, 39, 26, 13)]


def shuffled(table: RuleTable, n: int) -> list[int]:
    """The talon for game number ``n``, bottom to top (last is dealt first)."""
    n = check_game_number(n)
    # (code, deck) pairs: Acey and Kingsley's reordering needs to know each card's deck.
    cards = [(c, i // 52) for i, c in enumerate(table.packs())]
    if n < _LC_LIMIT:
        rng = LCRandom31(n)
        cards = _ms_rearrange(cards)
    else:
        rng = MTRandom(n)
    rng.reset()
    cards = list(rng.shuffle(cards))
    if table.shuffle_hook is not None:
        reordered = table.shuffle_hook(list(cards))
        if not _same_cards(reordered, cards):
            raise RuleTableError(f"{table.name}: shuffle_hook must return the talon it was given, reordered")
        cards = list(reordered)
    return [c for c, _ in cards]


def _same_cards(reordered: object, cards: list[TalonCard]) -> bool:
    if not isinstance(reordered, (list, tuple)) or len(reordered) != len(cards):
        return False
    try:
        return Counter(reordered) == Counter(cards)
    except TypeError:  # unhashable items: certainly not the talon's (code, deck) pairs
        return False


def deal(table: RuleTable, n: int) -> tuple[dict[str, list[list[int]]], list[int]]:
    """Piles by kind (``{"foundation": [[...], ...], ...}``) and the stock, for game ``n``."""
    talon = shuffled(table, n)
    counts: dict[str, int] = {}
    for g in table.groups:
        counts[g.kind] = counts.get(g.kind, 0) + g.count
    piles: dict[str, list[list[int]]] = {k: [[] for _ in range(counts.get(k, 0))] for k in ("foundation", "tableau", "reserve")}
    waste: list[int] = []
    for step in table.deal_steps:
        if isinstance(step, DealRow):
            for i in step.piles:
                c = talon.pop()
                piles[step.kind][i].append(c if step.face_up else c | 0x80)
        elif isinstance(step, ToWaste):
            for _ in range(min(step.count, len(talon))):
                waste.append(talon.pop())
        else:  # pragma: no cover - RuleTable.check refuses other steps before any deal
            raise RuleTableError(f"unknown deal step {brief(step)}")
    piles["waste"] = [waste]
    if table.removed_ranks:
        # Cards out of play (Double or Quits' discarded Kings) leave PySolFC's deal for game
        # n where they fall, so every other card is where PySolFC puts it.
        def keep(pile: list[int]) -> list[int]:
            return [c for c in pile if c & 0x0F not in table.removed_ranks]

        piles = {k: [keep(p) for p in ps] for k, ps in piles.items()}
        talon = keep(talon)
    return piles, talon


def seat_decks(table: RuleTable, n: int) -> list[list[int]]:
    """Each player's talon for game ``n`` of a two-player game, bottom to top.

    One generator, chosen and seeded from ``n`` as PySolFC does for a one-deck game (with
    the Microsoft card order below 32000), shuffles player 1's deck, and then, carrying
    on where it stopped, player 2's: so player 1's deck is PySolFC's one-deck shuffle of
    game ``n``."""
    n = check_game_number(n)
    rng = LCRandom31(n) if n < _LC_LIMIT else MTRandom(n)
    rng.reset()
    talons = []
    for seat in range(2):
        cards = [(c, seat) for c in table.packs() if (c >> 6 & 1) == seat]
        if n < _LC_LIMIT:
            cards = _ms_rearrange(cards)
        talons.append([c for c, _ in rng.shuffle(cards)])
    return talons


def deal_seats(table: RuleTable, n: int) -> list[list[int]]:
    """The piles of game ``n`` of a two-player game, in the core's order: each player's
    deck is dealt by ``table.deal_steps`` onto that player's own piles (pile indexes in the
    steps count that player's piles of the kind), and what is left is their stock."""
    out: list[list[int]] = []
    owned: dict[tuple[int, str], list[int]] = {}  # (seat, kind) -> core indexes
    for g in table.groups:
        for _ in range(g.count):
            owned.setdefault((g.owner, g.kind), []).append(len(out))
            out.append([])
    for seat, talon in enumerate(seat_decks(table, n)):
        for step in table.deal_steps:
            if isinstance(step, DealRow):
                for i in step.piles:
                    c = talon.pop()
                    out[owned[(seat, step.kind)][i]].append(c if step.face_up else c | 0x80)
            elif isinstance(step, ToWaste):
                for _ in range(min(step.count, len(talon))):
                    out[owned[(seat, "waste")][0]].append(talon.pop())
        out[owned[(seat, "stock")][0]] = talon
    return out
