"""Exceptions. Every caller mistake is a ``ValueError`` subclass, so ``except ValueError`` works."""


class SolitaireError(ValueError):
    """Base class of the engine's errors about bad input."""


class UnknownGameError(SolitaireError):
    """No game of that name is registered."""


class OptionError(SolitaireError):
    """An unknown option, or a value the option does not allow."""


class CardError(SolitaireError):
    """Text that is not a card."""


class PositionError(SolitaireError):
    """A position snapshot that is malformed or impossible in its game."""


class IllegalMoveError(SolitaireError):
    """A move that is malformed or not legal in the current position."""


class NothingToUndoError(SolitaireError, IndexError):
    """``undo`` was called with no move played."""
