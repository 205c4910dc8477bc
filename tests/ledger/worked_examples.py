"""docs/rules.md's worked examples, as hands with names and the balances after each."""

from ledger.rules import HouseRules

EXAMPLE_1 = {
    "rules": HouseRules(),
    "roster": ["Ann", "Bob", "Cy", "Dee"],
    "hands": [
        ({"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 2, "Dee": 1}}, 4, [-1, -1, -1, -1]),
        ({"dealer": "Bob", "stayed": {"Cy": 3, "Dee": 0, "Ann": 2}}, 8, [-2, -2, 6, -10]),
        ({"dealer": "Cy", "stayed": {"Dee": 5, "Ann": 0, "Bob": 0}}, 24, [-15, -15, 5, 1]),
        ({"dealer": "Dee", "stayed": {"Ann": None}}, 0, [12, -16, 4, 0]),
        ({"dealer": "Ann", "stayed": {}}, 4, [11, -17, 3, -1]),
        ({"dealer": "Bob", "misdeal": True}, 4, [11, -17, 3, -1]),
        (
            {"dealer": "Bob", "stayed": {"Ann": 2, "Bob": 2, "Cy": 1}, "reneged": ["Cy"]},
            16,
            [10, -18, -6, -2],
        ),
    ],
    "leftover": {"Ann": 2, "Bob": 2, "Cy": 10, "Dee": 2},
    "final": [12, -16, 4, 0],
}

EXAMPLE_2 = {
    "rules": HouseRules(
        ante=2, escalating_ante=True, pot_cap=20, bourre_cap=15, min_tricks_to_win=3
    ),
    "roster": ["Ann", "Bob", "Cy", "Dee"],
    "hands": [
        ({"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 2, "Dee": 1}}, 8, [-2, -2, -2, -2]),
        ({"dealer": "Bob", "stayed": {"Cy": 2, "Dee": 1, "Ann": 2}}, 20, [-5, -5, -5, -5]),
        ({"dealer": "Cy", "stayed": {"Dee": 2, "Ann": 0, "Bob": 3}}, 15, [-20, 15, -5, -5]),
        (
            {"dealer": "Dee", "stayed": {"Ann": 2, "Bob": 0, "Cy": 0, "Dee": 3}},
            20,
            [-21, 4, -16, 13],
        ),
    ],
    "leftover": {"Bob": 10, "Cy": 10},
    "final": [-21, 14, -6, 13],
}

EXAMPLE_3 = {
    "rules": HouseRules(ante=2, win_cap=10, bourre_cap=10, ante_exemptions=True),
    "roster": ["Ann", "Bob", "Cy"],
    "hands": [
        ({"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 2, "Ann": 1}}, 6, [-2, -2, -2]),
        ({"dealer": "Bob", "stayed": {"Cy": 4, "Ann": 1, "Bob": 0}}, 8, [-4, -10, 6]),
        ({"dealer": "Cy", "stayed": {"Ann": 3, "Bob": 2}}, 2, [4, -10, 4]),
        ({"dealer": "Ann", "stayed": {"Bob": 5, "Cy": 0}}, 8, [2, -4, -6]),
    ],
    "leftover": {"Cy": 8},
    "final": [2, -4, 2],
}

EXAMPLES = {"example_1": EXAMPLE_1, "example_2": EXAMPLE_2, "example_3": EXAMPLE_3}
