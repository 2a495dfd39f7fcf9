"""Exceptions. Every caller mistake is a ``ValueError`` subclass, so ``except ValueError`` works."""
import reprlib


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


class RuleTableError(SolitaireError):
    """A game definition (``RuleTable``, ``Group``, deal steps, ``GameInfo``) that is
    malformed or that the core refuses to compile."""


# Error messages quote the caller's value. A plain repr() of a list nested thousands deep
# raises RecursionError, and a huge string makes a huge message, so quotes are cut short.
_brief = reprlib.Repr()
_brief.maxlevel = 3
_brief.maxstring = 60
_brief.maxother = 60
_brief.maxlist = _brief.maxtuple = _brief.maxdict = _brief.maxset = 6


def brief(value: object) -> str:
    """A short repr of ``value`` for an error message, safe for any object."""
    try:
        return _brief.repr(value)
    except Exception:  # a repr that raises must not replace the error being reported
        return f"<{type(value).__name__} object>"
