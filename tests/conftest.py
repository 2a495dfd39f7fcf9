import os
import sys

# The referee and its helpers live beside the tests, importable as plain modules.
sys.path.insert(0, os.path.dirname(__file__))

GAME_VARIANTS = [
    ("deuces-and-queens", {}),
    ("aces-and-kings", {}),
    ("aces-and-kings", {"empty_tableau": "stock"}),
    ("acey-and-kingsley", {}),
    ("double-or-quits", {}),
    ("double-or-quits", {"kings": "discard"}),
    ("double-trigon-solo", {}),
    ("trigon", {}),
    ("klondike", {}),
    ("klondike", {"draw": 3}),
    ("black-hole", {}),
    ("golf", {}),
    ("golf", {"kings": "dead"}),
]

# Options that change the rules without new goldens: checked against the referee only.
REFEREE_ONLY_VARIANTS = [
    ("trigon", {"foundation_takeback": False}),
    ("klondike", {"draw": 3, "foundation_takeback": False}),
    ("double-trigon-solo", {"foundation_takeback": False}),
]


def variant_id(v):
    name, opts = v
    return name + "".join(f"[{k}={x}]" for k, x in opts.items())
