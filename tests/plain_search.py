"""Exhaustive search over the core's legal moves (which test_differential.py checks against
the referee), with none of the solver's shortcuts: no safe moves, no macro moves, no moves
owed, no symmetry. Far faster than the referee, so it reaches whole Klondike deals."""


def plain_verdict(core, limit=None):
    """"solved" or "unsolvable" from the core's position, depth-first, one state played and
    undone (left as it was); None once more than `limit` positions are seen."""
    def key():
        return core.hash, tuple(tuple(p) for p in core.piles()), core.redeals_left
    seen = {key()}
    stack = [core.legal_moves()]
    verdict = "unsolvable"
    while stack:
        if not stack[-1]:
            stack.pop()
            if stack:
                core.undo()
            continue
        core.play(stack[-1].pop())
        if core.is_won():
            verdict = "solved"
            break
        if key() in seen:
            core.undo()
            continue
        seen.add(key())
        if limit is not None and len(seen) > limit:
            verdict = None
            break
        stack.append(core.legal_moves())
    while core.ply > 0 and stack:  # back to where it started
        core.undo()
        stack.pop()
    return verdict
