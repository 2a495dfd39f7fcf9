"""Card text: rank then suit (``QH``, ``TC``; ``10C`` accepted), and the packed card codes.

A code is ``rank | suit << 4 | back << 6 | face_down << 7``, with ranks 0 (Ace) to 12 (King)
and suits in PySolFC's order: clubs, spades, hearts, diamonds (the core uses the same packing).
"""
from __future__ import annotations

from .errors import CardError, brief

RANKS = "A23456789TJQK"
SUITS = "CSHD"  # PySolFC order; clubs and spades black, hearts and diamonds red
FACE_DOWN = 0x80
BACK = 0x40
ACE, KING, QUEEN = 0, 12, 11


def code(rank: int, suit: int, back: int = 0, face_down: bool = False) -> int:
    return rank | suit << 4 | back << 6 | (FACE_DOWN if face_down else 0)


def rank_of(c: int) -> int:
    return c & 0x0F


def suit_of(c: int) -> int:
    return c >> 4 & 0x03


def parse_card(text: object) -> int:
    """``"QH"`` -> code; a leading ``#`` means face down; in two-player games a trailing
    ``1`` or ``2`` says whose deck it is from (``"QH2"``; none: player 1's). Raises CardError."""
    if not isinstance(text, str):
        raise CardError(f"a card is written as text like 'QH', got {brief(text)}")
    # Only ASCII: upper() maps some other letters onto these ("\u017f" to "S").
    t = text.strip().upper() if text.isascii() else ""
    down = t.startswith("#")
    if down:
        t = t[1:]
    if t.startswith("10"):
        t = "T" + t[2:]
    owner = 0
    if len(t) == 3 and t[2] in "12":
        owner, t = int(t[2]) - 1, t[:2]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise CardError(
            f"not a card: {brief(text)} (write rank {'/'.join(RANKS)} then suit C/D/H/S, e.g. 'QH'; "
            "in two-player games 'QH1' or 'QH2' for the owner)"
        )
    return code(RANKS.index(t[0]), SUITS.index(t[1]), back=owner, face_down=down)


def owner_of(c: int) -> int:
    """Whose deck a card of a two-player game is from: 0 or 1 (its back)."""
    return 1 if c & BACK else 0


def card_text(c: int, hide_face_down: bool = False, owners: bool = False) -> str:
    """Text of a card; ``owners`` adds whose deck it is from (``QH2``), for two-player games."""
    face = RANKS[rank_of(c)] + SUITS[suit_of(c)]
    if owners:
        face += str(owner_of(c) + 1)
    if c & FACE_DOWN:
        return "##" if hide_face_down else "#" + face
    return face


def deck(decks: int, skip_ranks: frozenset[int] = frozenset(), back: int = 0) -> list[int]:
    """Cards in PySolFC's creation order: per deck, per suit (C, S, H, D), Ace to King."""
    return [
        code(r, s, back)
        for _ in range(decks)
        for s in range(4)
        for r in range(13)
        if r not in skip_ranks
    ]
