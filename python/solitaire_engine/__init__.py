"""solitaire-engine: play, solve and measure the two-foundation family of patience games.

>>> import solitaire_engine as se
>>> s = se.load_game("deuces-and-queens").deal(1)
>>> s.play(s.legal_moves()[0])
"""
from __future__ import annotations

__version__ = "0.1.0"  # first: modules below read it

from .errors import (
    CardError,
    IllegalMoveError,
    NothingToUndoError,
    OptionError,
    PositionError,
    RuleTableError,
    SolitaireError,
    UnknownGameError,
)
from .dealing import parse_game_number
from .game import Game, list_games, load_game
from .match import MatchResult, play_match
from .move import Move
from .solving import SolveResult, Winnability, winnability
from .state import State
from .study import StudySummary, study


__all__ = [
    "CardError",
    "Game",
    "IllegalMoveError",
    "MatchResult",
    "Move",
    "NothingToUndoError",
    "OptionError",
    "PositionError",
    "RuleTableError",
    "SolitaireError",
    "SolveResult",
    "State",
    "StudySummary",
    "Winnability",
    "UnknownGameError",
    "list_games",
    "load_game",
    "parse_game_number",
    "play_match",
    "study",
    "winnability",
]
