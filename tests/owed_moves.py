"""Hand-built Klondike positions and what the solver tries in them, move by move, as its
depth-first searches play (the moves they owe: seeds/solver.md)."""
import solitaire_engine as se
from positions import position


def klondike(tableau, foundations):
    """A Klondike snapshot with every other card in the talon (unlimited redeals)."""
    return position("klondike", "stock", redeals_left=-1, tableau=tableau, foundations=foundations)


def core_of(pos, proving=True):
    """The core at snapshot `pos`, playing as the depth-first searches of the whole game do
    (proving=True) or as the best-first ones do."""
    core = se.load_game("klondike").from_json(pos)._core
    core.set_cards_wait_for_use(proving)
    return core


def solver_move(core, text):
    found = [(code, pad) for code, pad in core.solver_moves() if not pad and core.move_text(code) == text]
    return found[0] if found else None


def after(core, texts):
    """The moves owed after the solver's moves `texts`, and its next moves as text."""
    line = []
    for text in texts:
        owed, moves = core.solver_moves_after(line)
        found = [(c, p) for c, p in moves if not p and core.move_text(c) == text]
        assert found, f"{text} is not a solver move after {texts[:len(line)]}"
        line.append(found[0])
    owed, moves = core.solver_moves_after(line)
    return sorted(owed), sorted(core.move_text(c) for c, _ in moves)
