"""The picture of a study: win rate with its interval per game, and how long deals took.

Needs matplotlib (``pip install 'solitaire-engine[plot]'``); drawn off screen (Agg)."""
from __future__ import annotations

from pathlib import Path
from typing import Union

from .errors import OptionError
from .study import label, percent, report, solve_times


def plot_study(db: Union[str, Path], png: Union[str, Path]) -> None:
    """Writes ``png``: left, each game's win rate (solved share, with the 95% interval that
    counts unknowns both ways); right, the distribution of solve times of decided deals."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise OptionError("--plot needs matplotlib: pip install 'solitaire-engine[plot]'") from None
    rows = report(db)
    if not rows:
        raise OptionError(f"{db}: no results to plot")
    times = solve_times(db)
    names = [label(r.game, r.options) for r in rows]
    fig, (rates, spread) = plt.subplots(1, 2, figsize=(12, 1.6 + 0.6 * len(rows)), constrained_layout=True)
    ys = list(range(len(rows)))
    mids = [100 * r.solved / r.deals for r in rows]
    lows = [max(0.0, m - 100 * r.low) for m, r in zip(mids, rows)]
    highs = [max(0.0, 100 * r.high - m) for m, r in zip(mids, rows)]
    rates.errorbar(mids, ys, xerr=[lows, highs], fmt="o", color="tab:blue", ecolor="tab:gray", capsize=4)
    for y, r, m in zip(ys, rows, mids):
        rates.annotate(f"{percent(r.solved / r.deals)}  ({r.deals} deals, {percent(r.unknown_share)} unknown)", (m, y),
                       textcoords="offset points", xytext=(0, 7), ha="center", fontsize=8)
    rates.set_yticks(ys, names)
    rates.set_xlim(0, 100)
    rates.set_xlabel("win rate, %: solved share, and the 95% interval\nwith unknowns counted as losses and as wins")
    rates.set_ylim(len(rows) - 0.5, -0.8)  # top to bottom, room for the labels
    rates.grid(axis="x", alpha=0.3)
    data = [times.get(n, []) or [float("nan")] for n in names]
    spread.boxplot(data, vert=False, whis=(1, 99), showfliers=False)
    spread.set_yticks([y + 1 for y in ys], names)
    spread.set_xscale("log")
    spread.set_xlabel("seconds per decided deal\nbox: quartiles; whiskers: 1-99%")
    spread.invert_yaxis()
    spread.grid(axis="x", alpha=0.3)
    fig.suptitle(f"Study {Path(db).name}")
    fig.savefig(str(png), dpi=110)
    plt.close(fig)
