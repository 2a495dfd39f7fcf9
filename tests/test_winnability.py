"""Win rates over many deals: counts add up, intervals are honest about unknowns."""
import pytest

import solitaire_engine as se
from solitaire_engine.solving import wilson


def test_wilson_interval_known_values():
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert wilson(0, 10_000)[0] == 0.0 and wilson(10_000, 10_000)[1] == 1.0  # no rounding below the rate
    assert wilson(0, 0) == (0.0, 1.0)


def test_winnability_counts_and_bounds():
    game = se.load_game("klondike")
    seen = {}
    w = se.winnability(game, range(1, 21), max_positions=20_000, workers=2,
                       on_result=lambda n, r: seen.__setitem__(n, r.status))
    assert sorted(seen) == list(range(1, 21))
    assert w.solved + w.unsolvable + w.unknown == w.deals == 20
    assert w.solved == sum(s == "solved" for s in seen.values())
    assert 0.0 <= w.low <= w.solved / 20 <= (w.solved + w.unknown) / 20 <= w.high <= 1.0
    # The same deals one at a time give the same verdicts (threads do not change results).
    assert all(game.deal(n).solve(max_positions=20_000).status == s for n, s in seen.items())


@pytest.mark.parametrize("bad", [dict(max_positions=0), dict(max_positions=-5), dict(workers=0),
                                 dict(max_positions=1.5)])
def test_winnability_rejects_absurd_limits(bad):
    with pytest.raises(ValueError):
        se.winnability(se.load_game("trigon"), [1, 2], **bad)


def test_winnability_rejects_bad_deal_numbers_before_working():
    with pytest.raises(ValueError):
        se.winnability(se.load_game("trigon"), [1, 0])


class _Enough(Exception):
    pass


def test_winnability_deals_lazily_a_few_ahead_of_the_results():
    # A million-deal run must not deal (and hold) a million positions before it starts.
    game = se.load_game("black-hole")
    dealt = []
    deal = game.deal
    game.deal = lambda n: (dealt.append(n), deal(n))[1]

    def stop_after_three(n, result):
        if n == 3:
            raise _Enough

    with pytest.raises(_Enough):
        se.winnability(game, range(1, 10**6), time_limit=5, workers=2, on_result=stop_after_three)
    assert 3 <= len(dealt) <= 3 + 4 * 2


def test_winnability_reports_in_the_order_given():
    seen = []
    w = se.winnability(se.load_game("black-hole"), [5, 2, 9, 1], workers=2, on_result=lambda n, r: seen.append(n))
    assert seen == [5, 2, 9, 1] and w.deals == 4
