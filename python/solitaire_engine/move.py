"""Moves as values: ``Move("r2", "f5")``, ``Move("t3", "t7", 4)``; text ``r2-f5``, ``t3-t7x4``."""
from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import IllegalMoveError

_MOVE = re.compile(r"^\s*([a-z]+[0-9]*)\s*-\s*([a-z]+[0-9]*)\s*(?:x\s*([0-9]+))?\s*$", re.I)


@dataclass(frozen=True, eq=False)
class Move:
    """A move: source pile, target pile, and how many cards move as one unit.

    A move equals its text (``Move("r2", "f5") == "r2-f5"``) and hashes like it, so
    ``"r2-f5" in state.legal_moves()`` reads naturally."""

    src: str
    dst: str
    count: int = 1

    @property
    def is_deal(self) -> bool:
        return self.src == "s" and self.dst == "w"

    @property
    def is_redeal(self) -> bool:
        return self.src == "w" and self.dst == "s"

    def __str__(self) -> str:
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
            raise IllegalMoveError(f"a move is text like 'r2-f5' or a Move, got {text!r}")
        m = _MOVE.match(text)
        if not m:
            raise IllegalMoveError(f"not a move: {text!r} (write SOURCE-TARGET, e.g. 'r2-f5' or 't3-t7x4')")
        count = int(m.group(3)) if m.group(3) else 1
        if not 1 <= count <= 255:
            raise IllegalMoveError(f"a move carries 1 to 255 cards, not {count}")
        return cls(m.group(1).lower(), m.group(2).lower(), count)
