"""Moves as values: ``Move("r2", "f5")``, ``Move("t3", "t7", 4)``; text ``r2-f5``, ``t3-t7x4``."""
from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import IllegalMoveError, brief

# ASCII only: under re.I alone, the Kelvin sign would match "k" and non-ASCII digits "1".
_MOVE = re.compile(r"^\s*([a-z]+[0-9]*)\s*-\s*([a-z]+[0-9]*)\s*(?:x\s*([0-9]+))?\s*$", re.I | re.A)
_PILE = re.compile(r"[a-z]+[0-9]*", re.I | re.A)
MAX_COUNT = 255  # the core packs a move's card count into one byte


@dataclass(frozen=True, eq=False)
class Move:
    """A move: source pile, target pile, and how many cards move as one unit.

    A move equals its text (``Move("r2", "f5") == "r2-f5"``) and hashes like it, so
    ``"r2-f5" in state.legal_moves()`` reads naturally."""

    src: str
    dst: str
    count: int = 1

    def __post_init__(self) -> None:
        # A Move may be built directly, not only parsed, and its count goes into a byte of
        # the core's move code: unchecked, Move("t1", "f1", 257) would play t1-f1.
        for field in ("src", "dst"):
            name = getattr(self, field)
            if not isinstance(name, str) or not _PILE.fullmatch(name):
                raise IllegalMoveError(f"a move's {field} is a pile name like 't3' or 's', got {brief(name)}")
            object.__setattr__(self, field, str.lower(name))
        count = self.count
        if isinstance(count, bool) or not isinstance(count, int):
            raise IllegalMoveError(f"a move's card count is a whole number, got {brief(count)}")
        if not 1 <= count <= MAX_COUNT:
            raise IllegalMoveError(f"a move carries 1 to {MAX_COUNT} cards, not {brief(count)}")
        object.__setattr__(self, "count", int(count))

    @property
    def is_deal(self) -> bool:
        """``s-w``: the stock deals to the waste (``s2-w2`` for player 2's, two-player games)."""
        return _talon_pair(self.src, self.dst, "s", "w")

    @property
    def is_redeal(self) -> bool:
        """``w-s``: the waste is turned over to become the stock again."""
        return _talon_pair(self.src, self.dst, "w", "s")

    @property
    def is_pass(self) -> bool:
        """``pass``: a two-player game's turn ends without dealing (nothing left to deal)."""
        return self.src == "pass" and self.dst == "pass"

    def __str__(self) -> str:
        if self.is_pass:
            return "pass"
        if self.count > 1 and not (self.is_deal or self.is_redeal):
            return f"{self.src}-{self.dst}x{self.count}"
        return f"{self.src}-{self.dst}"

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Move, str)):
            return str(self) == str(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(str(self))

    @classmethod
    def parse(cls, text: object) -> "Move":
        """``"r2-f5"`` -> Move; ``xN`` gives the card count. Raises IllegalMoveError."""
        if not isinstance(text, str):
            raise IllegalMoveError(f"a move is text like 'r2-f5' or a Move, got {brief(text)}")
        if text.strip().lower() == "pass":
            return PASS
        m = _MOVE.match(text)
        if not m:
            raise IllegalMoveError(f"not a move: {brief(text)} (write SOURCE-TARGET, e.g. 'r2-f5' or 't3-t7x4')")
        digits = (m.group(3) or "1").lstrip("0") or "0"
        # int() of more than 4300 digits is a plain ValueError, so long counts are not read.
        if len(digits) > 3 or not 1 <= int(digits) <= MAX_COUNT:
            shown = digits if len(digits) <= 12 else digits[:8] + "..."
            raise IllegalMoveError(f"a move carries 1 to {MAX_COUNT} cards, not {shown}")
        count = int(digits)
        return cls(m.group(1), m.group(2), count)


def _talon_pair(src: str, dst: str, a: str, b: str) -> bool:
    # "s-w", or "s1-w1" / "s2-w2": one player's own stock and waste.
    return src[:1] == a and dst[:1] == b and src[1:] == dst[1:] and src[1:] in ("", "1", "2")


PASS = Move("pass", "pass")
