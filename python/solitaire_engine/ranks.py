"""Rank relations as 13 bit masks: ``rel[r]`` is the set of ranks that may go on rank ``r``.

Every building rule of the family is one of these tables, so "up", "down", "either way",
"around the corner" and Double or Quits' doubling are the same mechanism in the core.
"""
from __future__ import annotations

from typing import Callable, Optional

N = 13
ALL = (1 << N) - 1
NONE_ = [0] * N


def _table(step: Callable[[int], list[Optional[int]]]) -> list[int]:
    out = []
    for r in range(N):
        mask = 0
        for nxt in step(r):
            if nxt is not None:
                mask |= 1 << nxt
        out.append(mask)
    return out


def up(wrap: bool = False) -> list[int]:
    return _table(lambda r: [(r + 1) % N if wrap else (r + 1 if r + 1 < N else None)])


def down(wrap: bool = False) -> list[int]:
    return _table(lambda r: [(r - 1) % N if wrap else (r - 1 if r > 0 else None)])


def up_or_down(wrap: bool = False) -> list[int]:
    u, d = up(wrap), down(wrap)
    return [a | b for a, b in zip(u, d)]


def doubling() -> list[int]:
    """Value v (Ace 1 .. Queen 12) takes 2v mod 13; Kings take nothing and go nowhere."""

    def step(r: int) -> list[Optional[int]]:
        v = r + 1
        if v == 13:
            return []
        return [(2 * v) % 13 - 1]

    return _table(step)


def ranks(*rs: int) -> int:
    mask = 0
    for r in rs:
        mask |= 1 << r
    return mask
