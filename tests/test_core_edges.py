"""The private _core module refuses what would crash or alias, even when called directly."""
import pytest

import solitaire_engine as se
from solitaire_engine import _core
from solitaire_engine import variants as v


def test_core_state_needs_rules():
    with pytest.raises(TypeError, match="Rules"):
        _core.State(None)


@pytest.mark.parametrize("extra", [1 << 24, 256 << 16, 0xFFFFFFFF ^ 0xFFFFFF])
def test_core_play_refuses_codes_that_would_alias_a_legal_move(extra):
    state = se.load_game("deuces-and-queens").deal(1)
    legal = state._core.legal_moves()[0]
    before = state.to_json()
    alias = (legal & 0xFFFF) | ((legal >> 16 & 0xFF) << 16) + extra
    assert not state._core.play(alias)
    assert state.to_json() == before and state._core.history() == []
    with pytest.raises(ValueError):
        state._core.move_text(alias)


def test_core_play_refuses_a_move_of_no_cards():
    state = se.load_game("deuces-and-queens").deal(1)
    legal = state._core.legal_moves()[0]
    assert not state._core.play(legal & 0xFFFF)


def test_hash_and_solver_key_with_the_largest_redeal_count():
    # redeals_left + 1 overflowed a signed int here (UBSan in CI catches it).
    def table(options):
        return v.RuleTable(name="many-redeals", groups=(
            v.Group("foundation", 4, tuple(v.ranks.up()), empty_ranks=v.ranks.ranks(0)),
            v.Group("tableau", 4, tuple(v.ranks.down())),
            v.Group("stock"), v.Group("waste")),
            deal_steps=(v.DealRow("tableau", (0, 1, 2, 3)),), redeals=2**31 - 1, options=options)

    game = se.Game(v.GameInfo("many-redeals", "Many Redeals", 0, table), {})
    state = game.deal(1)
    assert state.redeals_left == 2**31 - 1
    assert state.hash == game.deal(1).hash
    assert state.solve(max_positions=2000).status in ("solved", "unsolvable", "unknown")
