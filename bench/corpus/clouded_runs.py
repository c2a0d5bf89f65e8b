# ruff: noqa: E501, RUF001  (pages and JSON are data, kept one item a line; pages use en dashes)
"""The runs of the `clouded` family: scripted replies and the offline world their tools read.

Sixteen runs of a smolagents manager CodeAgent with a managed ToolCallingAgent (a search agent,
or a code-search agent), or of a single CodeAgent on the JSON API, the code search or the web
tools, two per fault of the taxonomy, each with one decisive fault labelled at the LLM call
that decided it (`bad=True` on its reply; on every repeat for a loop). Written in one sweep
without reading blame's rules, the other held-out families' runs or any score; see
smolagents_clouded.py. The systems, the tools, the reply helpers and `Run` are those of the
sweep family (corpus/sweep_runs.py).
"""

from __future__ import annotations

import json
from typing import Any

from corpus.smolagents_system import Reply
from corpus.sweep_runs import (
    M,
    Run,
    S,
    World,
    answer,
    call,
    code,
    outcome,
    results,
    text,
)

RUNS: list[Run] = []
"""The runs, in the order they were written: two per fault, in the order of FAULTS."""

C = "code_agent"
"""The code-search sub-agent's name."""


def plan(facts: str, look_up: str, steps: str, bad: bool = False) -> Reply:
    """A planning reply in the shape smolagents asks for (facts survey, then plan)."""
    return text(
        "## 1. Facts survey\n### 1.1. Facts given in the task\n"
        f"{facts}\n### 1.2. Facts to look up\n{look_up}\n### 1.3. Facts to derive\n"
        f"- the answer, in the format the task asks for\n\n## 2. Plan\n{steps}\n<end_plan>",
        bad,
    )


def site(url: str, menu: str, body: str, footer: str) -> str:
    """A page as the visitor converts it: skip link, menu, body, footer, with its address."""
    return (
        f"Address: {url}\nViewport position: Showing page 1 of 1.\n=======================\n"
        f"[Skip to main content](#main)\n\n{menu}\n\n{body}\n\n---\n{footer}\n"
    )


def dump(data: Any) -> str:
    """JSON as some pages embed it."""
    return json.dumps(data, indent=2)


# 1 misread_tool_output: gravy wrestling; manager plans, the search sub-agent's last call
w = World()
w.search = [
    (
        ("gravy", "wrestling"),
        results(
            (
                "Proper Sunday gravy (onion, stock, a splash of red) – recipe",
                "https://www.kitchenbook.example.com/recipes/sunday-gravy",
                "Our never-lumpy gravy: 40 g butter, 2 onions, 1 litre of beef stock...",
            ),
            (
                "Results: Northern Gravy Wrestling Championships 2024 – Crown & Ladle",
                "https://crownandladle.example.co.uk/gravy-wrestling/results-2024",
                "Full results from Saturday's bouts in the gravy pit, with times, finishes and judges' scores for both draws.",
            ),
            (
                "Gravy wrestling: 'it gets absolutely everywhere' – Hapton Bridge Courier",
                "https://haptoncourier.example.co.uk/news/2024/09/gravy-wrestling",
                "Twelve wrestlers and 340 litres of gravy raised £3,240 for the mountain rescue team...",
            ),
        ),
    )
]
w.pages["https://crownandladle.example.co.uk/gravy-wrestling/results-2024"] = site(
    "https://crownandladle.example.co.uk/gravy-wrestling/results-2024",
    "Crown & Ladle · Food · Rooms · Gravy Wrestling · What's On · [Book a table](/book)",
    "# Northern Gravy Wrestling Championships 2024 – Results\n\n"
    "Saturday 31 August 2024 · gravy pit behind the beer garden · 12 wrestlers · 340 l of gravy (mostly lukewarm)\n\n"
    "Bouts are two minutes. A pin or a push out of the pit ends a bout early; a bout level after two minutes goes to "
    "sudden death, and only if that fails do the three judges decide (entertainment, out of 10 each).\n\n"
    "## Women's draw\n"
    "| Round | Bout | Result | Time |\n|---|---|---|---|\n"
    "| QF | Lou Pickles v Shaz Dunmore | Dunmore, push-out | 0:58 |\n"
    "| SF | Shaz Dunmore v Kerry Vance | Dunmore, judges 24–21 | 2:00 |\n"
    "| SF | Bev Ashworth v Jan Rudd | Ashworth, pin | 1:41 |\n"
    "| Final | Bev Ashworth v Shaz Dunmore | Ashworth, pin | 1:34 |\n\n"
    "## Men's draw\n"
    "| Round | Bout | Result | Time |\n|---|---|---|---|\n"
    "| SF | Gaz Pennington v Mo Iqbal | Pennington, judges 26–23 | 2:00 |\n"
    "| SF | Ryan Holt v Dean Marsh | Holt, pin | 1:12 |\n"
    "| Final | Gaz Pennington v Ryan Holt | Pennington, pin in sudden death | 2:00 + 0:37 |\n\n"
    "## How the finals went\n"
    "Bev Ashworth kept her title with a pin after 1 min 34. The men's final was the bout of the day: level when the "
    "two minutes were up, it went to sudden death and Gaz 'Bisto' Pennington pinned Ryan Holt 37 seconds later, "
    "2 min 37 s in all. Holt had needed only 1 min 12 to pin Dean Marsh in his semi-final.\n\n"
    "Judges: Cllr Anne Whitworth, Big Steve from the darts team, and last year's champion Tash Lomax.",
    "Crown & Ladle, Market Street, Hapton Bridge · 01234 567890 · Gravy kindly donated by Hapton Butchers · "
    "Next year's date: Saturday 30 August 2025 · © 2024",
)
RUNS.append(
    Run(
        "gravy_final_duration",
        "misread_tool_output",
        "At the 2024 Northern Gravy Wrestling Championships (Crown & Ladle, Hapton Bridge), how long did the men's final last from start to finish? Give the duration in seconds, number only.",
        [
            plan(
                "- Event: Northern Gravy Wrestling Championships 2024, at the Crown & Ladle\n- Wanted: duration of the men's final, in seconds",
                "- The duration of the men's final bout",
                "1. Ask search_agent for the duration of the 2024 men's final.\n2. Convert the duration to seconds.\n3. Return the number.",
            ),
            code(
                "I ask search_agent for the men's final.",
                'report = search_agent(task="Find how long the men\'s final of the 2024 Northern Gravy Wrestling Championships at the Crown & Ladle, Hapton Bridge, lasted from start to finish. Give the time as printed on the results page.")\nprint(report)',
            ),
            code(
                "The report gives the time; I take the part after 'lasted'.",
                'seconds = int(report.split("lasted ")[1].split()[0])\nprint(seconds)',
            ),
            code(
                "The time is written m:ss, so int() failed. I parse minutes and seconds with a regex.",
                'import re\nm = re.search(r"(\\d+):(\\d{2})", report)\nseconds = int(m.group(1)) * 60 + int(m.group(2))\nprint(m.group(0), seconds)',
            ),
            code("The men's final lasted 120 seconds.", "final_answer(str(seconds))"),
        ],
        [
            call(
                "web_search",
                "I search for the 2024 results.",
                query="Northern Gravy Wrestling Championships 2024 men's final results",
            ),
            call(
                "visit_webpage",
                "The Crown & Ladle results page should have the times.",
                url="https://crownandladle.example.co.uk/gravy-wrestling/results-2024",
            ),
            answer(
                outcome(
                    "The 2024 men's final lasted 2:00.",
                    "On the Crown & Ladle results page, the men's final (Gaz Pennington v Ryan Holt) is listed with the "
                    "time 2:00: the bout went the full two minutes and Pennington won it with a pin. For comparison, "
                    "the women's final (Bev Ashworth v Shaz Dunmore) lasted 1:34.",
                    "Bouts are two minutes long under the championship rules.",
                ),
                "The results table gives the men's final time.",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "157"}],
        S,
        w,
        planning=5,
    )
)


# 2 misread_tool_output: a dark-sky group's sky-quality meter API; a single agent's middle step
def nights(rows: list[tuple[str, int, float | None, int | None, float]]) -> list[dict[str, Any]]:
    return [
        {
            "night": night,
            "reading_utc": ts,
            "sqm": sqm,
            "cloud_pct": cloud,
            "moon_alt_deg": moon,
            "temp_c": None,
            "flag": None if sqm is not None else "overcast",
        }
        for night, ts, sqm, cloud, moon in rows
    ]


w = World()
w.api = {
    "/sites": {
        "group": "Harlow Fell Dark Sky Group",
        "meter": "SQM-LU-DL, zenith, logged hourly; readings are the best hour of each night",
        "count": 5,
        "sites": [
            {
                "id": "GM-1",
                "name": "Gilling Moor",
                "elevation_m": 412,
                "grid": "NY 612 044",
                "active": True,
                "note": None,
            },
            {
                "id": "KN-L",
                "name": "Kettle Nab (lay-by)",
                "elevation_m": 301,
                "grid": "NY 588 061",
                "active": True,
                "note": "roadside; car headlights after 23:00",
            },
            {
                "id": "KN-S",
                "name": "Kettle Nab (summit)",
                "elevation_m": 538,
                "grid": "NY 593 066",
                "active": True,
                "note": None,
            },
            {
                "id": "SW-2",
                "name": "Sowerthwaite",
                "elevation_m": 246,
                "grid": "NY 640 021",
                "active": False,
                "note": "meter away for calibration",
            },
            {
                "id": "HF-0",
                "name": "Harlow Fell observatory hut",
                "elevation_m": 455,
                "grid": "NY 601 049",
                "active": True,
                "note": None,
            },
        ],
    },
    "/readings?month=2025-01": {
        "month": "2025-01",
        "units": "mag/arcsec² (higher is darker)",
        "generated": "2025-02-02T09:14:07+00:00",
        "sites": [
            {
                "site_id": "GM-1",
                "nights": nights(
                    [
                        ("2025-01-03", 1735953600, 21.41, 10, -31.0),
                        ("2025-01-11", 1736643600, None, 100, 40.2),
                        ("2025-01-26", 1737936000, 21.52, 0, -48.7),
                        ("2025-01-29", 1738198800, 21.49, 5, -52.3),
                    ]
                ),
            },
            {
                "site_id": "KN-L",
                "nights": nights(
                    [
                        ("2025-01-03", 1735957200, 20.88, 15, -28.4),
                        ("2025-01-20", 1737421200, 20.97, 20, 12.5),
                        ("2025-01-27", 1738026000, 21.31, 5, -50.1),
                        ("2025-01-29", 1738195200, 21.12, 5, -53.0),
                    ]
                ),
            },
            {
                "site_id": "KN-S",
                "nights": nights(
                    [
                        ("2025-01-03", 1735957200, 21.36, 10, -28.9),
                        ("2025-01-11", 1736647200, None, 100, 41.0),
                        ("2025-01-27", 1738022400, 21.58, 10, -49.6),
                        ("2025-01-29", 1738198800, 21.74, 0, -52.8),
                        ("2025-01-30", 1738288800, 21.69, 0, -58.2),
                    ]
                ),
            },
            {"site_id": "SW-2", "nights": []},
            {
                "site_id": "HF-0",
                "nights": nights(
                    [
                        ("2025-01-26", 1737932400, 21.47, 0, -47.9),
                        ("2025-01-29", 1738195200, 21.63, 0, -53.1),
                    ]
                ),
            },
        ],
        "notes": "Nights are dated by the evening they began; reading_utc is the Unix time of the best hour.",
    },
}
RUNS.append(
    Run(
        "sqm_darkest_night",
        "misread_tool_output",
        "The Harlow Fell Dark Sky Group publishes its sky-quality meter readings through its API. On which night of January 2025 did its Kettle Nab summit site record its darkest reading (the highest mag/arcsec²)? Give the date the night began, as YYYY-MM-DD.",
        [
            code(
                "I look up the Kettle Nab site in the API.",
                'print(fetch_json(endpoint="/sites/kettle-nab"))',
            ),
            code(
                "There is no per-site endpoint; I list the sites instead.",
                'import json\nsites = json.loads(fetch_json(endpoint="/sites"))\nfor s in sites["sites"]:\n    print(s["id"], "|", s["name"], "|", s["elevation_m"], "m |", s["note"])',
            ),
            code(
                "Now January's readings, with the best value per site.",
                'data = json.loads(fetch_json(endpoint="/readings?month=2025-01"))\nprint(data["units"], data["notes"])\nfor block in data["sites"]:\n    vals = [n["sqm"] for n in block["nights"] if n["sqm"] is not None]\n    print(block["site_id"], max(vals), len(vals))',
            ),
            code(
                "One site has no nights, so max() had nothing to work on. I skip empty lists.",
                'names = {s["id"]: s["name"] for s in sites["sites"]}\nfor block in data["sites"]:\n    vals = [n["sqm"] for n in block["nights"] if n["sqm"] is not None]\n    print(block["site_id"], names[block["site_id"]], max(vals) if vals else None, len(vals))',
            ),
            code(
                "Kettle Nab's readings are the KN-L block, best 21.31; I find the night of that reading.",
                'kettle = next(b for b in data["sites"] if b["site_id"] == "KN-L")\nbest = max((n for n in kettle["nights"] if n["sqm"] is not None), key=lambda n: n["sqm"])\nprint(best)',
                bad=True,
            ),
            code(
                "The darkest night is dated by the evening it began.",
                'final_answer(best["night"])',
            ),
        ],
        None,
        [{"type": "exact_match", "value": "2025-01-29"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
    )
)

# 3 hallucinated_fact: hen racing; the manager's middle code step
w = World()
w.search = [
    (
        ("coxley", "hen"),
        results(
            (
                "Coxley Hen Racing Championship 2023 – full results",
                "https://coxleyhenracing.example.org.uk/results/2023",
                "Heats, semi-finals and the final of the 2023 championship, with every hen's time over the 10-yard course.",
            ),
            (
                "Hen party ideas in Coxley – cocktail classes, spa days",
                "https://www.partyplanner.example.com/coxley-hen-do",
                "Planning a hen do in Coxley? Cocktail masterclasses, spa packages and more.",
            ),
            (
                "Hen racing returns to the Black Horse – Coxley Gazette",
                "https://coxleygazette.example.co.uk/2023/06/hen-racing",
                "Owners coaxed their birds along the 10-yard course with mealworms and, in one case, a rattle...",
            ),
        ),
    )
]
w.pages["https://coxleyhenracing.example.org.uk/results/2023"] = site(
    "https://coxleyhenracing.example.org.uk/results/2023",
    "Home · Rules · Results · Hens of Fame · Sponsors · Contact",
    "# Coxley Hen Racing Championship 2023\n\nSunday 18 June 2023 · Black Horse car park · course 10 yards (9.14 m) · 24 hens entered\n\n"
    "Owners may call, whistle or shake a tin, but may not touch the hen once the flag drops. A hen that leaves the lane is timed out at 30 s.\n\n"
    "## Heats (fastest two to the semi-finals)\n"
    "| Heat | 1st | Time | 2nd | Time |\n|---|---|---|---|---|\n"
    "| 1 | Henrietta Swift | 13.8 s | Mrs Pecksniff | 14.6 s |\n"
    "| 2 | Clucky Blinder | 12.9 s | Yolko Ono | 15.2 s |\n"
    "| 3 | Eggs Benedict | 13.1 s | Hen Solo | 13.4 s |\n\n"
    "## Final\n"
    "| Place | Hen | Owner | Time |\n|---|---|---|---|\n"
    "| 1 | Henrietta Swift | Pam Gill | 11.4 s |\n"
    "| 2 | Clucky Blinder | Ted Moss | 11.9 s |\n"
    "| 3 | Eggs Benedict | the Aldous family | 12.6 s |\n"
    "| 4 | Hen Solo | Jack Frayne | timed out (30.0 s) |\n\n"
    "Course record: 9.8 s, Nugget (2019).",
    "Money raised: £1,126 for the village hall roof · Photos: Coxley Camera Club · © Coxley Hen Racing Committee",
)
RUNS.append(
    Run(
        "hen_margin",
        "hallucinated_fact",
        "At the 2023 Coxley Hen Racing Championship, by how many seconds did the winning hen beat the runner-up in the final? Give the number only, to one decimal place.",
        [
            code(
                "I ask search_agent for the final's results with both times.",
                'report = search_agent(task="Find the results of the final of the 2023 Coxley Hen Racing Championship: the winning hen and the runner-up, with their times in seconds.")\nprint(report)',
            ),
            code(
                "I extract the winner's time.",
                'import re\nwin = float(re.search(r"in ([\\d.]+) secs", report).group(1))\nprint(win)',
            ),
            code(
                "The report writes seconds as 's'; I adjust the regex.",
                'win = float(re.search(r"([\\d.]+) s(?:econds)?\\b", report).group(1))\nprint(win)',
            ),
            code(
                "Clucky Blinder was timed at 12.1 s in the final; I take the difference.",
                "runner_up = 12.1\nmargin = round(runner_up - win, 1)\nprint(margin)",
                bad=True,
            ),
            code("The margin is 0.7 seconds.", 'final_answer(f"{margin:.1f}")'),
        ],
        [
            call(
                "web_search",
                query="Coxley Hen Racing Championship 2023 final results times",
            ),
            call(
                "visit_webpage",
                url="https://coxleyhenracing.example.org.uk/results/2023",
            ),
            answer(
                outcome(
                    "Henrietta Swift won the 2023 final in 11.4 s; the runner-up was Clucky Blinder.",
                    "Final of the 2023 Coxley Hen Racing Championship (Sunday 18 June 2023, 10-yard course): "
                    "1st Henrietta Swift (owner Pam Gill) in 11.4 s; 2nd Clucky Blinder (owner Ted Moss); "
                    "3rd Eggs Benedict (the Aldous family). Hen Solo timed out.",
                    "The course record is 9.8 s (Nugget, 2019).",
                )
            ),
        ],
        [{"type": "exact_match", "value": "0.5"}],
        M,
        w,
    )
)

# 4 hallucinated_fact: a disc golf club's rating package; the code-search sub-agent's last call
w = World()
w.grep = {
    "min_rounds": [],
    "rated_rounds": [
        {
            "path": "src/discrate/publish.py",
            "line": 22,
            "text": "    if player.rated_rounds < settings.min_rated_rounds:",
        },
        {
            "path": "tests/test_publish.py",
            "line": 9,
            "text": "    player = make_player(rated_rounds=3, rating=912)",
        },
        {
            "path": "docs/ratings.md",
            "line": 41,
            "text": "A rating is published once a player has enough rated rounds (see Settings).",
        },
    ],
    "min_rated_rounds": [
        {"path": "src/discrate/settings.py", "line": 22, "text": "    min_rated_rounds: int = 6"},
        {
            "path": "src/discrate/publish.py",
            "line": 22,
            "text": "    if player.rated_rounds < settings.min_rated_rounds:",
        },
    ],
}
w.files = {
    "src/discrate/publish.py": "\n".join(
        [
            '"""Publishing ratings on the club\'s ladder page."""',
            "",
            "from __future__ import annotations",
            "",
            "from discrate.models import Player",
            "from discrate.settings import Settings, load_settings",
            "",
            "",
            "def publish_rating(player: Player, settings: Settings | None = None) -> int | None:",
            '    """The rating to show for a player, or None while it is still provisional.',
            "",
            "    A rating stays provisional until the player has played enough rated rounds;",
            "    provisional ratings are used for pairing but never shown on the ladder.",
            '    """',
            "    settings = settings or load_settings()",
            "    if player.banned:",
            "        return None",
            "    if not player.member:",
            "        return None",
            "    # rounds at unsanctioned events never count",
            "    rounds = [r for r in player.rounds if r.sanctioned]",
            "    if player.rated_rounds < settings.min_rated_rounds:",
            "        return None",
            "    return round(sum(r.rating for r in rounds[-settings.window:]) / min(len(rounds), settings.window))",
        ]
    ),
    "src/discrate/settings.py": "\n".join(
        [
            '"""Club settings, overridable in discrate.toml."""',
            "",
            "from __future__ import annotations",
            "",
            "import tomllib",
            "from dataclasses import dataclass",
            "from pathlib import Path",
            "",
            "",
            "@dataclass",
            "class Settings:",
            '    """What the committee can change without a release."""',
            "",
            "    window: int = 20",
            '    """Rounds averaged into a rating (the latest ones)."""',
            "    outlier_points: int = 100",
            '    """Rounds this far below the rating are dropped."""',
            "    sanctioned_only: bool = True",
            "    ladder_url: str | None = None",
            "    season_start: str = '03-01'",
            "    # rounds before a rating is shown on the ladder",
            "    min_rated_rounds: int = 6",
            "",
            "",
            "def load_settings(path: Path = Path('discrate.toml')) -> Settings:",
            "    if not path.exists():",
            "        return Settings()",
            "    return Settings(**tomllib.loads(path.read_text()).get('ratings', {}))",
        ]
    ),
}
RUNS.append(
    Run(
        "discgolf_min_rounds",
        "hallucinated_fact",
        "In the `discrate` package (the Bramley Disc Golf Club's player-rating code), how many rated rounds must a new player have played before their rating is published on the ladder? Number only.",
        [
            code(
                "I ask code_agent to find the rule in the code.",
                'r = code_agent(task="In the discrate repository, find how many rated rounds a player needs before publish_rating shows their rating (the minimum number of rated rounds). Report the number and the file and line where it is set.")\nprint(r)',
            ),
            code(
                "I take the number from the end of the report.",
                "n = int(r.split()[-1])\nprint(n)",
            ),
            code(
                "The report does not end with the number; I search for it.",
                'import re\nn = re.search(r"(\\d+) rated rounds", r).group(1)\nfinal_answer(n)',
            ),
        ],
        [
            call("search_code", "I look for the minimum first.", pattern="min_rounds"),
            call(
                "search_code",
                "No match; I search for the player attribute.",
                pattern="rated_rounds",
            ),
            call(
                "read_file",
                "publish.py holds the check; I read it.",
                path="src/discrate/publish.py",
            ),
            answer(
                outcome(
                    "A player needs 8 rated rounds before the rating is published.",
                    "publish_rating in src/discrate/publish.py returns None while `player.rated_rounds < settings.min_rated_rounds` "
                    "(line 22); the minimum, settings.min_rated_rounds, is 8 rated rounds, so a player's rating is published "
                    "from their 8th rated round. Only sanctioned rounds count.",
                    "Provisional ratings are still used for pairings.",
                ),
                "publish_rating compares against settings.min_rated_rounds; I can report the rule.",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "6"}],
        C,
        w,
        sub_tools=("search_code", "read_file"),
        sub_name=C,
    )
)

# 5 ignored_tool_error: a street-tree inventory API; a single agent's last step
w = World()
w.api = {
    "/trees/MB-0417": {
        "id": "MB-0417",
        "common_name": "London plane",
        "species": "Platanus × hispanica",
        "street": "Station Road",
        "location": "outside the library, north pavement",
        "planted": None,
        "girth_cm": 312,
        "girth_measured": "11/06/2019",
        "height_m": 21.5,
        "crown_spread_m": 14,
        "tpo": True,
        "condition": "good",
        "last_inspected": "2024-05-14",
        "surveys": "/trees/MB-0417/surveys",
        "photo": None,
    },
    "/trees/MB-0417/surveys": {
        "tree": "MB-0417",
        "surveys": [
            {"date": "2014-07-02", "girth_cm": 288, "height_m": 19.0, "surveyor": "ArbCo Ltd"},
            {"date": "2019-06-11", "girth_cm": 312, "height_m": 21.5, "surveyor": "ArbCo Ltd"},
            {
                "date": "2024-05-14",
                "girth_cm": 331,
                "height_m": 22.0,
                "surveyor": "Millbeck Tree Wardens",
            },
        ],
    },
}
w.fail[("fetch_json", 2)] = (
    "503 Service Unavailable: survey store is restarting, please retry in 30 seconds"
)
RUNS.append(
    Run(
        "tree_girth_latest",
        "ignored_tool_error",
        "The Millbeck Street Tree Inventory API records every council tree and its surveys. What was the girth of tree MB-0417 (the London plane outside the Station Road library) at its most recent survey, in centimetres? Number only.",
        [
            code(
                "I fetch the tree's record.",
                'print(fetch_json(endpoint="trees/MB-0417"))',
            ),
            code(
                "The endpoint needs a leading slash.",
                'import json\ntree = json.loads(fetch_json(endpoint="/trees/MB-0417"))\nprint(tree)',
            ),
            code(
                "The record links to the surveys; I fetch them and take the latest.",
                'surveys = json.loads(fetch_json(endpoint=tree["surveys"]))["surveys"]\nlatest = max(surveys, key=lambda s: s["date"])\nprint(latest)',
            ),
            code(
                "The survey store is restarting, but the tree's record already carries its girth: 312 cm.",
                'final_answer(str(tree["girth_cm"]))',
                bad=True,
            ),
        ],
        None,
        [
            {"type": "exact_match", "value": "331"},
            {"type": "tool_succeeded", "tool": "fetch_json"},
        ],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
    )
)

# 6 ignored_tool_error: a bed race; the search sub-agent (with its own plan) after a 502
w = World()
w.search = [
    (
        ("ashby", "bed race"),
        results(
            (
                "2024 results – Great Ashby Bed Race",
                "https://ashbybedrace.example.org.uk/results/2024",
                "Full results for all 38 beds, with times over the 2.4-mile course, fancy-dress awards and the best hospital corners.",
            ),
            (
                "Rotary Rollers win the bed race again – Ashby Herald",
                "https://ashbyherald.example.co.uk/news/2023/06/rotary-rollers-win-again",
                "Saturday 10 June 2023: the Rotary Rollers pushed their four-poster round the course in 14m 05s, retaining the title...",
            ),
            (
                "Bed frames, mattresses & headboards – Ashby Beds",
                "https://ashbybeds.example.com/",
                "Free delivery within 20 miles. Sale now on: up to 40% off divans.",
            ),
        ),
    )
]
w.pages["https://ashbybedrace.example.org.uk/results/2024"] = site(
    "https://ashbybedrace.example.org.uk/results/2024",
    "Home · Enter a bed · Route · Results · Sponsors",
    "# Great Ashby Bed Race 2024 – results\n\nSaturday 8 June 2024, 2.4 miles through the town and across the ford.\n\n"
    "| Pos | Bed | Team | Time |\n|---|---|---|---|\n| 1 | The Kettle's On | Ashby Fire Station | 13m 31s |\n"
    "| 2 | Four-Poster Express | Rotary Rollers | 13m 58s |\n| 3 | Dream Machine | Ashby Harriers | 14m 40s |",
    "© Great Ashby Bed Race Committee",
)
w.fail[("visit_webpage", 0)] = (
    "502 Server Error: Bad Gateway for url: https://ashbybedrace.example.org.uk/results/2024"
)
RUNS.append(
    Run(
        "bedrace_winning_time",
        "ignored_tool_error",
        "What was the winning time at the 2024 Great Ashby Bed Race? Give it in seconds, number only.",
        [
            code(
                "I delegate the search.",
                'r = search_agent(task="Find the winning time of the 2024 Great Ashby Bed Race (held in June 2024), as given on the race\'s results page.")\nprint(r)',
            ),
            code(
                "I convert minutes and seconds into seconds.",
                'import re\nm, s = re.search(r"(\\d+)m (\\d+)s", r).groups()\ntotal = int(m) * 60 + int(s)\nprint(total)',
            ),
            code("The winning time is 845 seconds.", "final_answer(str(total))"),
        ],
        [
            plan(
                "- Race: Great Ashby Bed Race, 2024 (June)\n- Wanted: the winning time, from the results page",
                "- The winning time and team in 2024",
                "1. Search for the 2024 results.\n2. Open the race's own results page.\n3. Report the winning team and time.",
            ),
            call(
                "web_search",
                query="Great Ashby Bed Race 2024 results winning time",
            ),
            call(
                "visit_webpage",
                "The race's own results page is the first hit.",
                url="https://ashbybedrace.example.org.uk/results/2024",
            ),
            answer(
                outcome(
                    "The 2024 Great Ashby Bed Race was won by the Rotary Rollers in 14m 05s.",
                    "According to the 2024 results on the race's website, the Rotary Rollers and their four-poster won "
                    "the 2.4-mile course in 14m 05s, retaining their title.",
                    "Source: https://ashbybedrace.example.org.uk/results/2024",
                ),
                "I have the winner and the time for the report.",
                bad=True,
            ),
        ],
        [
            {"type": "exact_match", "value": "811"},
            {"type": "tool_succeeded", "tool": "visit_webpage"},
        ],
        S,
        w,
        sub_planning=10,
    )
)

# 7 wrong_tool_arguments: a hobby horse championship; the search sub-agent's first call
w = World()
w.search = [
    (
        ("lindholm", "cup"),
        results(
            (
                "Lindholm Hobby Horse Cup 2024 – results",
                "https://lindholmriding.example.fi/hobbyhorse-cup-2024",
                "The spring Cup at Lindholm riding school, 16.3.2024: results for mini, junior and senior classes.",
            ),
            (
                "Free hobby horse patterns (PDF)",
                "https://www.craftcorner.example.com/hobby-horse-pattern",
                "Sew your own hobby horse: head pattern, mane and a broom-handle stick.",
            ),
        ),
    ),
    (
        ("lindholm", "open"),
        results(
            (
                "Lindholm Hobby Horse Open 2024 – results",
                "https://lindholmopen.example.fi/2024/results",
                "Autumn Open, 12–13 October 2024: dressage, show jumping and cross-country results.",
            ),
        ),
    ),
]
w.pages["https://lindholmriding.example.fi/hobbyhorse-cup-2024"] = site(
    "https://lindholmriding.example.fi/hobbyhorse-cup-2024",
    "Lindholm Riding School · Lessons · Ponies · Hobby horse · Contact · FI | EN",
    "# Lindholm Hobby Horse Cup 2024\n\nSaturday 16.3.2024 in the indoor arena. 64 riders, 71 horses (some riders brought two).\n\n"
    "## Show jumping\n| Class | Rounds | Final height | Winner |\n|---|---|---|---|\n"
    "| Mini (under 10) | 2 | 0.45 m | Aino K. on *Tähti* |\n| Junior (under 14) | 3 | 0.85 m | Venla R. on *Myrsky* |\n"
    "| Senior (14+) | 3 | 1.05 m | Iida P. on *Kuningatar* |\n\n## Dressage\nJunior: Ella M. (74.5 %); senior: Iida P. (81.0 %).",
    "Next: Lindholm Hobby Horse Open, 12–13 October 2024 at the sports hall · © Lindholmin ratsastuskoulu",
)
w.pages["https://lindholmopen.example.fi/2024/results"] = site(
    "https://lindholmopen.example.fi/2024/results",
    "Lindholm Open · Programme · Results · Volunteers",
    "# Lindholm Hobby Horse Open 2024 – results\n\n## Show jumping\n| Class | Final height | Winner |\n|---|---|---|\n"
    "| Junior (under 14) | 95 cm | Ella M. on *Salama* |\n| Senior (14+) | 1.15 m | Iida P. on *Kuningatar* |",
    "© Lindholm Open",
)
RUNS.append(
    Run(
        "hobbyhorse_junior_height",
        "wrong_tool_arguments",
        "At the 2024 Lindholm Hobby Horse Open, what was the height of the final round of the junior (under-14) show-jumping class? Answer in centimetres, number only.",
        [
            code(
                "I ask search_agent.",
                'r = search_agent(task="Find the height of the final round of the junior (under-14) show-jumping class at the 2024 Lindholm Hobby Horse Open (held in autumn 2024).")\nprint(r)',
            ),
            code(
                "The height is in metres; I convert it to centimetres.",
                'import re\nh = float(re.search(r"(\\d+\\.\\d+) ?m\\b", r).group(1))\ncm = round(h * 100)\nprint(cm)',
            ),
            code("It was 85 cm.", "final_answer(str(cm))"),
        ],
        [
            call(
                "web_search",
                "I search for the Lindholm results.",
                bad=True,
                query="Lindholm hobby horse cup 2024 junior show jumping final height",
            ),
            call(
                "visit_webpage",
                url="https://lindholmriding.example.fi/hobbyhorse-cup-2024",
            ),
            answer(
                outcome(
                    "The junior (under-14) show-jumping final at Lindholm in 2024 was jumped at 0.85 m.",
                    "The 2024 results list the junior (under-14) show-jumping class over three rounds, with the final "
                    "round at 0.85 m; it was won by Venla R. on Myrsky. The mini class ended at 0.45 m and the senior at 1.05 m.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "95"}],
        S,
        w,
    )
)

# 8 wrong_tool_arguments: a climbing wall's grade converter package; the manager's first step
w = World()
w.grep = {
    "v_to_font": [
        {"path": "tests/test_vscale.py", "line": 12, "text": '    assert v_to_font("V4") == "6B+"'},
        {
            "path": "src/gradeshift/vscale.py",
            "line": 30,
            "text": "def v_to_font(grade: str) -> str:",
        },
        {"path": "src/gradeshift/__init__.py", "line": 3, "text": "from .vscale import v_to_font"},
    ],
    "font_to_v": [
        {"path": "src/gradeshift/font.py", "line": 44, "text": "def font_to_v(grade: str) -> str:"},
        {"path": "src/gradeshift/__init__.py", "line": 2, "text": "from .font import font_to_v"},
    ],
}
w.files = {
    "src/gradeshift/vscale.py": "\n".join(
        [
            '"""V-scale (Hueco) grades."""',
            "",
            "from __future__ import annotations",
            "",
            "from .font import FONT_TO_V",
            "",
        ]
        + [f'V_ORDER.append("V{i}")' if i else "V_ORDER: list[str] = []" for i in range(0, 18)]
        + [
            "",
            'LETTERS = ("A", "B", "C")  # Font sub-grades, each with an optional +',
            "",
            "",
            "",
            "def v_to_font(grade: str) -> str:",
            '    """The lowest Font grade that converts to `grade`."""',
            "    for font, v in FONT_TO_V.items():",
            "        if v == grade.upper():",
            "            return font",
            '    raise ValueError(f"unknown V grade: {grade!r}")',
        ]
    ),
}
RUNS.append(
    Run(
        "gradeshift_font_to_v",
        "wrong_tool_arguments",
        "Issue #58 in `gradeshift` (the grade converter the Crux Barn climbing wall uses for its problem board): font_to_v('6C+') returns 'V6' but should return 'V7'. Which file defines the function that must be fixed? Path only.",
        [
            code(
                "I ask code_agent to locate the function.",
                'loc = code_agent(task="In the gradeshift repository, find the file that defines v_to_font, the function that converts between Fontainebleau and V grades. Report the file path and the line.")\nprint(loc)',
                bad=True,
            ),
            code(
                "I pull the source path out of the report.",
                'import re\npaths = re.findall(r"src/[\\w/]+\\.py", loc)\nprint(paths)',
            ),
            code("The function is defined in the first path.", "final_answer(paths[0])"),
        ],
        [
            call("search_code", pattern="v_to_font"),
            call("read_file", "I open the definition.", path="gradeshift/vscale.py"),
            call("read_file", "The source lives under src/.", path="src/gradeshift/vscale.py"),
            answer(
                outcome(
                    "v_to_font is defined in src/gradeshift/vscale.py, line 30.",
                    "search_code finds three matches: the definition `def v_to_font(grade: str) -> str:` in "
                    "src/gradeshift/vscale.py (line 30), its re-export in src/gradeshift/__init__.py and a test in "
                    "tests/test_vscale.py. The function walks the FONT_TO_V table imported from .font and returns "
                    "the first Font grade mapping to the V grade.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "src/gradeshift/font.py"}],
        M,
        w,
        sub_tools=("search_code", "read_file"),
        sub_name=C,
    )
)

# 9 goal_deviation: a speed jigsaw puzzle championship; the manager's initial plan
w = World()
w.search = [
    (
        ("tarnbridge", "puzzl"),
        results(
            (
                "Tarnbridge Speed Puzzling Open 2025 – results",
                "https://tarnbridgepuzzling.example.org/2025/results",
                "Results of the individual, pairs and team finals, 22 March 2025, Tarnbridge Corn Exchange.",
            ),
            (
                "500-piece jigsaws – The Jigsaw Shed",
                "https://jigsawshed.example.co.uk/500-piece",
                "Over 1,200 puzzles in stock. Free UK delivery on orders over £30.",
            ),
            (
                "Competition rules – World Jigsaw Puzzle Federation",
                "https://wjpf.example.com/rules",
                "Time limits, penalties and how ties are broken at sanctioned events.",
            ),
        ),
    )
]
w.pages["https://tarnbridgepuzzling.example.org/2025/results"] = site(
    "https://tarnbridgepuzzling.example.org/2025/results",
    "Home · Enter · Results · Gallery · Puzzle swap · Contact",
    "# Tarnbridge Speed Puzzling Open 2025 – results\n\nSaturday 22 March 2025, Corn Exchange. All puzzles unseen until the start; "
    "time limit 90 min for 500 pieces and 3 h for 1000.\n\n"
    "## Individual – 500 pieces (final)\n| Place | Puzzler | Time |\n|---|---|---|\n| 1 | Clare Hebden | 52:38 |\n| 2 | Tom Okoro | 55:02 |\n| 3 | Rosa Lindqvist | 58:47 |\n\n"
    "## Pairs – 500 pieces (final)\n| Place | Pair | Time |\n|---|---|---|\n| 1 | The Edge Pieces (Mo & Ali Raza) | 41:07 |\n| 2 | Sky Last (Jen & Pip Carr) | 44:51 |\n\n"
    "## Teams of four – 1000 pieces\n| Place | Team | Time |\n|---|---|---|\n| 1 | Tarnbridge Library | 1:12:55 |\n| 2 | Corner Shop | 1:19:30 |\n\n"
    "Fastest time of the day: The Edge Pieces, pairs final, 41:07.",
    "Puzzles by kind permission of the makers · Tea and cake by the WI · © 2025",
)
w.fail[("visit_webpage", 0)] = (
    "503 Server Error: Service Unavailable for url: https://tarnbridgepuzzling.example.org/2025/results"
)
RUNS.append(
    Run(
        "jigsaw_individual_time",
        "goal_deviation",
        "At the 2025 Tarnbridge Speed Puzzling Open, what was the winning time in the individual 500-piece final? Answer as h:mm:ss.",
        [
            plan(
                "- Event: Tarnbridge Speed Puzzling Open, 2025\n- Puzzle: 500 pieces\n- Answer format: h:mm:ss",
                "- The fastest 500-piece completion time at the 2025 Open",
                "1. Ask search_agent for the fastest 500-piece time recorded at the 2025 Tarnbridge Open and who set it.\n2. Convert the time to h:mm:ss.\n3. Return it.",
                bad=True,
            ),
            code(
                "Step 1: I ask search_agent for the fastest 500-piece time.",
                'r = search_agent(task="Find the fastest 500-piece completion time at the 2025 Tarnbridge Speed Puzzling Open, and who set it.")\nprint(r)',
            ),
            code(
                "I parse the time and format it.",
                'import re\nfrom datetime import datetime\nt = re.search(r"\\d+:\\d{2}", r).group(0)\nprint(datetime.strptime(t, "%H:%M").strftime("%-H:%M:%S"))',
            ),
            code(
                "The time is minutes and seconds, not hours and minutes. I format it by hand.",
                'mins, secs = (int(x) for x in t.split(":"))\nformatted = f"{mins // 60}:{mins % 60:02d}:{secs:02d}"\nprint(formatted)',
            ),
            code("The answer in h:mm:ss.", "final_answer(formatted)"),
        ],
        [
            call(
                "web_search",
                query="Tarnbridge Speed Puzzling Open 2025 results 500 piece",
            ),
            call(
                "visit_webpage",
                url="https://tarnbridgepuzzling.example.org/2025/results",
            ),
            call(
                "visit_webpage",
                "The site answered 503; I try the page again.",
                url="https://tarnbridgepuzzling.example.org/2025/results",
            ),
            answer(
                outcome(
                    "The fastest 500-piece time at the 2025 Tarnbridge Open was 41:07, by The Edge Pieces (Mo & Ali Raza).",
                    "On the results page, The Edge Pieces (Mo & Ali Raza) won the pairs 500-piece final in 41:07, which the "
                    "page lists as the fastest time of the day. The team 1000-piece final was won by Tarnbridge Library in 1:12:55.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "0:52:38"}],
        M,
        w,
        planning=10,
    )
)

# 10 goal_deviation: a log rolling (birling) contest; the search sub-agent's own initial plan
w = World()
w.search = [
    (
        ("ellerby", "birling"),
        results(
            (
                "Contest rules – Ellerby Lake Birling Contest",
                "https://ellerbybirling.example.org.uk/rules",
                "Eligibility, safety, falls, and the competition logs.",
            ),
            (
                "2024 report: Halloran rolls to a third title – Ellerby Lake Birling Contest",
                "https://ellerbybirling.example.org.uk/news/2024-report",
                "A wet Sunday on the lake, a final that went down to the smaller log, and a new women's champion...",
            ),
            (
                "Canoe and paddleboard hire – Ellerby Lake",
                "https://ellerbylake.example.com/hire",
                "Hire by the hour. Open 9am–6pm, April to October.",
            ),
        ),
    )
]
w.pages["https://ellerbybirling.example.org.uk/rules"] = site(
    "https://ellerbybirling.example.org.uk/rules",
    "Home · Rules · Results · News · Volunteer",
    "# Contest rules\n\n1. Competitors must be able to swim 50 m and wear a buoyancy aid.\n"
    "2. Bouts are best of three falls; a fall is any part of the body other than the feet touching the water or the log.\n"
    "3. Competition logs are western red cedar, 15 in (38 cm) in diameter and 12 ft (3.66 m) long, with carpeted ends.\n"
    "4. No contact between competitors; splashing with the feet is allowed.\n"
    "5. The chief referee's decision is final.",
    "Ellerby Lake Birling Contest · affiliated to the UK Log Rolling Association · Last updated 02/03/2024",
)
w.pages["https://ellerbybirling.example.org.uk/news/2024-report"] = site(
    "https://ellerbybirling.example.org.uk/news/2024-report",
    "Home · Rules · Results · News · Volunteer",
    "# Halloran rolls to a third title\n\nSunday 4 August 2024. Heats and semi-finals were rolled on the usual 15-inch "
    "log; with the finalists level after two falls each, the men's final went down to the 12-inch log, and Sean Halloran "
    "stayed dry longest.",
    "© Ellerby Lake Birling Contest",
)
RUNS.append(
    Run(
        "birling_final_log",
        "goal_deviation",
        "The men's final of the 2024 Ellerby Lake Birling Contest was rolled on a smaller log than the earlier rounds. What was that log's diameter, in inches? Number only.",
        [
            code(
                "I delegate, explaining that the final used a smaller log.",
                "r = search_agent(task=\"Find the diameter, in inches, of the log used for the men's final of the 2024 Ellerby Lake Birling Contest. The final was rolled on a smaller log than the earlier rounds, so I need the final's log, not the usual one.\")\nprint(r)",
            ),
            code(
                "I extract the number of inches.",
                'import re\nd = re.search(r"(\\d+(?:\\.\\d+)?)[ -]?(?:in\\b|inch)", r).group(1)\nprint(d)',
            ),
            code("The log was 15 inches across.", "final_answer(d)"),
        ],
        [
            plan(
                "- Contest: Ellerby Lake Birling Contest, 2024, men's final\n- The contest rolls on cedar logs",
                "- The diameter of the competition log",
                "1. Search for the Ellerby Lake Birling Contest rules.\n2. Read the log specification in the rules.\n3. Report the log's diameter in inches.",
                bad=True,
            ),
            call(
                "web_search",
                query="Ellerby Lake Birling Contest rules log diameter",
            ),
            call(
                "visit_webpage",
                "The rules page has the log specification.",
                url="https://ellerbybirling.example.org.uk/rules",
            ),
            answer(
                outcome(
                    "The log was 15 in (38 cm) in diameter.",
                    "The Ellerby Lake Birling Contest rules (rule 3) specify western red cedar competition logs, 15 in "
                    "(38 cm) in diameter and 12 ft long, with carpeted ends.",
                    "Rules last updated 02/03/2024.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "12"}],
        S,
        w,
        sub_planning=10,
    )
)

# 11 wrong_format: a penny-farthing race; the manager's last step
w = World()
w.search = [
    (
        ("thornby", "penny"),
        results(
            (
                "Thornby Great Penny-Farthing Race – every four years since 1982",
                "https://thornbypennyfarthing.example.org.uk/",
                "Three hours round the Thornby town-centre circuit on high-wheelers. Next race 2026.",
            ),
            (
                "Penny-farthing for sale, 52in wheel, restored",
                "https://classifieds.example.co.uk/ad/88120",
                "£1,450 ono. Collection only, Thornby area.",
            ),
            (
                "Thornby race 2018: riders lap the town in the heat",
                "https://thornbytimes.example.co.uk/2018/09/race",
                "Sunday 02/09/2018 saw 41 riders complete the three-hour race...",
            ),
        ),
    )
]
w.pages["https://thornbypennyfarthing.example.org.uk/"] = site(
    "https://thornbypennyfarthing.example.org.uk/",
    "Home · History · 2026 entry · Past races · Marshals",
    "# Thornby Great Penny-Farthing Race\n\nRun every four years since 1982, three hours round a 1.1-mile circuit.\n\n"
    "## Past races\n| Year | Date | Riders | Laps (winner) |\n|---|---|---|---|\n"
    "| 2014 | 07/09/2014 | 36 | 61 |\n| 2018 | 02/09/2018 | 41 | 63 |\n"
    "| 2022 | Sunday 11th September 2022 (postponed from Saturday 10th) | 44 | 66 |\n\n"
    "The 2022 race was moved back a day at a week's notice after the town's parade was rescheduled.",
    "Thornby Great Penny-Farthing Race CIO · Privacy · © 2025",
)
w.fail[("web_search", 0)] = (
    "ConnectionError: ('Connection aborted.', RemoteDisconnected('Remote end closed connection without response'))"
)
RUNS.append(
    Run(
        "pennyfarthing_date",
        "wrong_format",
        "On what date was the 2022 Thornby Great Penny-Farthing Race held? Answer in ISO format, YYYY-MM-DD.",
        [
            code(
                "I ask search_agent for the date.",
                'r = search_agent(task="Find the date on which the 2022 Thornby Great Penny-Farthing Race was actually held.")\nprint(r)',
            ),
            code(
                "I parse the date from the report.",
                'import re\nfrom datetime import datetime\ns = re.search(r"\\w+day,? \\d+\\w* \\w+ \\d{4}", r).group(0)\nrace_day = datetime.strptime(s, "%A, %d %B %Y")\nprint(race_day)',
            ),
            code(
                "The day has an ordinal suffix; I strip it before parsing.",
                'clean = re.sub(r"(\\d+)(st|nd|rd|th)", r"\\1", s)\nrace_day = datetime.strptime(clean, "%A, %d %B %Y")\nprint(race_day)',
            ),
            code("I return the date.", "final_answer(str(race_day))", bad=True),
        ],
        [
            call(
                "web_search",
                query="Thornby Great Penny-Farthing Race 2022 date",
            ),
            call(
                "web_search",
                "The connection dropped; I run the same search again.",
                query="Thornby Great Penny-Farthing Race 2022 date",
            ),
            call(
                "visit_webpage",
                url="https://thornbypennyfarthing.example.org.uk/",
            ),
            answer(
                outcome(
                    "The 2022 race was held on Sunday, 11th September 2022.",
                    "The race's past-races table gives the 2022 race as Sunday 11th September 2022; it had been planned "
                    "for Saturday 10th September and was moved back a day after the town's parade was rescheduled. "
                    "44 riders took part and the winner completed 66 laps.",
                )
            ),
        ],
        [
            {"type": "regex", "value": r"^\d{4}-\d{2}-\d{2}$"},
            {"type": "contains", "value": "2022-09-11"},
        ],
        M,
        w,
    )
)

# 12 wrong_format: a bowling league's scoring package; a single agent's last step
w = World()
w.grep = {
    "handicap_percent": [],
    "def compute_handicap": [
        {
            "path": "src/strikeline/handicap.py",
            "line": 27,
            "text": "def compute_handicap(average: int, basis: int = 220, pct: float = HANDICAP_PCT) -> int:",
        }
    ],
    "HANDICAP_PCT": [
        {
            "path": "src/strikeline/handicap.py",
            "line": 5,
            "text": "from strikeline.config import HANDICAP_PCT, MAX_HANDICAP",
        },
        {
            "path": "src/strikeline/config.py",
            "line": 14,
            "text": "HANDICAP_PCT = 0.9  # of (basis - average), league rule 7.2",
        },
        {
            "path": "tests/test_handicap.py",
            "line": 33,
            "text": "    assert compute_handicap(180, basis=200, pct=0.8) == 16",
        },
    ],
}
w.files = {
    "src/strikeline/handicap.py": "\n".join(
        [
            '"""Handicaps for the Oakfield Lanes league (ten-pin)."""',
            "",
            "from __future__ import annotations",
            "",
            "from strikeline.config import HANDICAP_PCT, MAX_HANDICAP",
            "",
        ]
        + [f"# rule 7.{i}: see the league handbook" for i in range(1, 19)]
        + [
            "",
            "",
            "def compute_handicap(average: int, basis: int = 220, pct: float = HANDICAP_PCT) -> int:",
            '    """Pins added to each game: a share of how far the average is below the basis."""',
            "    if average >= basis:",
            "        return 0",
            "    return min(int((basis - average) * pct), MAX_HANDICAP)",
        ]
    ),
}
RUNS.append(
    Run(
        "strikeline_handicap_pct",
        "wrong_format",
        "In the `strikeline` package (the Oakfield Lanes league's scoring code), what percentage of the difference between the basis score and a bowler's average does compute_handicap use by default? Answer with the whole number only (for example 75).",
        [
            code(
                "I search for the percentage setting.",
                'print(search_code(pattern="handicap_percent"))',
            ),
            code(
                "Nothing by that name; I find the function itself.",
                'print(search_code(pattern="def compute_handicap"))',
            ),
            code(
                "I read the module.",
                'print(read_file(path="strikeline/handicap.py"))',
            ),
            code(
                "The path starts with src/.",
                'print(read_file(path="src/strikeline/handicap.py"))',
            ),
            code(
                "The default pct is HANDICAP_PCT from strikeline.config; I find its value.",
                'print(search_code(pattern="HANDICAP_PCT"))',
            ),
            code(
                "HANDICAP_PCT is 0.9 in src/strikeline/config.py (the test's 0.8 is an explicit argument). I give it as a percentage.",
                'pct = 0.9\nfinal_answer(f"{pct:.0%}")',
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "90"}],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        manager_name="coder",
    )
)


# 13 premature_final_answer: a rock-paper-scissors league; a single agent with the web tools
def standings(page: int, rows: list[tuple[str, int, int, int]]) -> str:
    url = "https://brackwater-rps.example.org.uk/league/2024-25/standings"
    table = "\n".join(
        f"| {name} | {played} | {won} | {lost} | {won / (won + lost):.1%} |"
        for name, played, won, lost in rows
    )
    nav = " · ".join(f"[{n}]({url}?page={n})" if n != page else f"**{n}**" for n in (1, 2, 3))
    return site(
        url if page == 1 else f"{url}?page={page}",
        "Brackwater RPS League · Fixtures · Standings · Rules · Join",
        "# Standings 2024–25\n\nSeason finished 27.04.25 · 27 players · sorted by surname (A–Z) · "
        f"showing {10 * page - 9}–{min(10 * page, 27)} of 27\n\n"
        "| Player | Matches | Throws won | Throws lost | Win % |\n|---|---|---|---|---|\n"
        f"{table}\n\nPage {page} of 3 · {nav} · [Next ›]({url}?page={min(page + 1, 3)})",
        "Matches are best of 15 throws · Updated 03.05.25 · © Brackwater RPS League",
    )


w = World()
w.search = [
    (
        ("brackwater", "scissors"),
        results(
            (
                "Standings 2024–25 | Brackwater RPS League",
                "https://brackwater-rps.example.org.uk/league/2024-25/standings",
                "Season table: matches, throws won, throws lost and win percentage for every player.",
            ),
            (
                "Rock paper scissors – Wikipedia",
                "https://en.wikipedia.org/wiki/Rock_paper_scissors",
                "Rock paper scissors is an intransitive hand game, usually played between two people...",
            ),
            (
                "Why you should open with paper – a game theorist explains",
                "https://blog.example.com/rps-open-with-paper",
                "Novices throw rock first more often than chance would suggest...",
            ),
        ),
    )
]
w.pages["https://brackwater-rps.example.org.uk/league/2024-25/standings"] = standings(
    1,
    [
        ("Priya Anand", 18, 131, 119),
        ("Sam Barraclough", 17, 118, 121),
        ("Joe Birtwistle", 16, 97, 118),
        ("Dee Cawthorne", 18, 143, 109),
        ("Hal Chowdhury", 12, 80, 92),
        ("Nell Dawes", 18, 126, 120),
        ("Gus Ekwueme", 15, 101, 104),
        ("Fran Fairclough", 18, 122, 125),
        ("Ivo Garside", 9, 58, 71),
        ("Mags Greenhalgh", 14, 96, 98),
    ],
)
w.pages["https://brackwater-rps.example.org.uk/league/2024-25/standings?page=3"] = standings(
    3,
    [
        ("Ruth Sandiford", 18, 121, 124),
        ("Omar Sheikh", 16, 105, 110),
        ("Lily Tattersall", 17, 114, 116),
        ("Ben Varley", 13, 83, 96),
        ("Tomasz Wren", 18, 161, 92),
        ("Ada Whiteley", 18, 133, 117),
        ("Cal Yeadon", 11, 70, 81),
    ],
)
w.pages["https://brackwater-rps.example.org.uk/league/2024-25/standings?page=2"] = standings(
    2,
    [
        ("Rob Hargreaves", 18, 119, 128),
        ("Jess Holden", 17, 124, 111),
        ("Tariq Iqbal", 18, 117, 122),
        ("Kim Jowett", 10, 66, 79),
        ("Kit Marsden", 18, 150, 101),
        ("Ola Nowak", 16, 108, 107),
        ("Dev Patel", 18, 129, 118),
        ("Eve Quayle", 14, 90, 102),
        ("Zac Ramsbottom", 18, 125, 123),
        ("Liv Rishworth", 12, 77, 88),
    ],
)
RUNS.append(
    Run(
        "rps_most_throws",
        "premature_final_answer",
        "Which player won the most throws in the Brackwater Rock Paper Scissors League's 2024–25 season? Name only.",
        [
            code(
                "I try the league's standings page directly.",
                'print(visit_webpage(url="https://brackwaterrps.example.org.uk/standings"))',
            ),
            code(
                "That address does not exist; I search for the league.",
                'print(web_search(query="Brackwater Rock Paper Scissors League 2024-25 standings"))',
            ),
            code(
                "The first hit is the season table.",
                'page = visit_webpage(url="https://brackwater-rps.example.org.uk/league/2024-25/standings")\nprint(page)',
            ),
            code(
                "I read the throws-won column and take the player with the most.",
                'import re\nrows = re.findall(r"^\\| ([A-Z][^|]+?) \\| (\\d+) \\| (\\d+) \\| (\\d+) \\|", page, re.M)\nbest = max(rows, key=lambda row: int(row[2]))\nprint(best)\nfinal_answer(best[0])',
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "Tomasz Wren"}],
        "researcher",
        w,
        manager_tools=("web_search", "visit_webpage"),
        manager_name="researcher",
    )
)

# 14 premature_final_answer: a bottle-kicking match; the manager after one of two lookups
w = World()
w.search = [
    (
        ("hallowby", "bottle"),
        results(
            (
                "Upper Hallowby take the bottles 2–1 in Easter Monday epic – Hallowby Echo",
                "https://hallowbyecho.example.co.uk/2024/04/bottle-kicking",
                "After almost two hours in the brook, Upper Hallowby carried the third bottle over the line...",
            ),
            (
                "The Hare Pie Scramble and Bottle Kicking – a history",
                "https://hallowbyhistory.example.org.uk/bottle-kicking",
                "First recorded in 1771; how two villages fight over three small barrels every Easter Monday.",
            ),
            (
                "Bottle kicking – Wikipedia",
                "https://en.wikipedia.org/wiki/Bottle_kicking",
                "Bottle kicking is a traditional game played on Easter Monday in a few English villages.",
            ),
        ),
    )
]
w.pages["https://hallowbyecho.example.co.uk/2024/04/bottle-kicking"] = site(
    "https://hallowbyecho.example.co.uk/2024/04/bottle-kicking",
    "Hallowby Echo · News · Sport · What's on · Subscribe from £1",
    "# Upper Hallowby take the bottles 2–1 in Easter Monday epic\n\nMonday 1 April 2024\n\n"
    "The hare pie was scrambled at 2pm and the first bottle was away by a quarter past three. Netherby took it over "
    "the Brook End line in 38 minutes, but Upper Hallowby levelled with the second after 51 min and carried the "
    "decider, a dead heat for most of its 1 hr 52 min, over their stream at 7.06pm.\n\n"
    "**Result: Upper Hallowby 2, Netherby 1.**\n\nTwo players were treated for cuts; the brook was 'colder than last year'.",
    "Comments (14) · Most read: Bypass consultation extended · © Hallowby Echo 2024",
)
RUNS.append(
    Run(
        "bottles_two_years",
        "premature_final_answer",
        "How many bottles in total did Netherby win at the Hallowby Easter Monday bottle-kicking in 2023 and 2024 combined? Number only.",
        [
            plan(
                "- Two villages: Upper Hallowby and Netherby\n- Years: 2023 and 2024",
                "- Netherby's bottles in 2023\n- Netherby's bottles in 2024",
                "1. Ask search_agent for the 2024 result.\n2. Ask search_agent for the 2023 result.\n3. Add Netherby's bottles from both years.",
            ),
            code(
                "Step 1: the 2024 result.",
                'r24 = search_agent(task="Find the result of the 2024 Hallowby Easter Monday bottle-kicking between Upper Hallowby and Netherby: how many bottles each village won.")\nprint(r24)',
            ),
            code(
                "I read Netherby's count from the report.",
                'n24 = int(r24.split("Netherby:")[1].split()[0])\nprint(n24)',
            ),
            code(
                "That split caught the wording of my own task; the score is written 'Netherby 1'. That gives Netherby's bottles.",
                'import re\nn24 = int(re.search(r"Netherby (\\d+)", r24).group(1))\nfinal_answer(str(n24))',
                bad=True,
            ),
        ],
        [
            call("web_search", query="Hallowby bottle kicking 2024 result"),
            call(
                "visit_webpage",
                url="https://hallowbyecho.example.co.uk/2024/04/bottle-kicking",
            ),
            answer(
                outcome(
                    "Upper Hallowby 2, Netherby 1 (2024).",
                    "At the 2024 bottle-kicking on Monday 1 April 2024, Netherby won the first bottle in 38 minutes, "
                    "Upper Hallowby levelled with the second after 51 minutes and won the deciding third bottle after "
                    "1 hr 52 min. Final result: Upper Hallowby 2, Netherby 1.",
                    "Source: Hallowby Echo, 1 April 2024.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "3"}],
        M,
        w,
        planning=10,
        summary=True,
    )
)

# 15 looping: a snowshoe race; the search sub-agent's near-identical searches until max_steps
w = World()
w.search = [
    (
        ("aske", "snowshoe"),
        results(
            (
                "Course record falls at Glen Aske snowshoe race – Dalesman Herald",
                "https://dalesmanherald.example.co.uk/2019/02/glen-aske-snowshoe",
                "Fell runner Kirsty Maddox set a new record of 58:41 over the 10 km course on Saturday 9 February 2019...",
            ),
            (
                "Snowshoe hire – Aske Outdoor",
                "https://askeoutdoor.example.co.uk/snowshoes",
                "Snowshoes and poles from £12 a day. Booking essential in February.",
            ),
            (
                "Events and results – Glen Aske Mountain Rescue",
                "https://glenaske-mrt.example.org.uk/events",
                "Snowshoe 10K results 2017–2025, course map, kit list and the Santa dash.",
            ),
            (
                "Snowshoe running – Wikipedia",
                "https://en.wikipedia.org/wiki/Snowshoe_running",
                "Snowshoe running is a winter sport combining running and snowshoeing...",
            ),
        ),
    )
]
w.pages["https://glenaske-mrt.example.org.uk/events"] = site(
    "https://glenaske-mrt.example.org.uk/events",
    "Glen Aske MRT · Callouts · Donate · Events",
    "# Events and results\n\n## Snowshoe 10K\n| Year | Date | Winner | Time |\n|---|---|---|---|\n"
    "| 2025 | 15/02/2025 | Ewan Gillies | 0:52:16 |\n| 2024 | cancelled (no snow) | – | – |\n| 2023 | 11/02/2023 | Kirsty Maddox | 1:01:09 |",
    "Registered charity · © Glen Aske MRT",
)
RUNS.append(
    Run(
        "snowshoe_winning_time",
        "looping",
        "What was the winning time of the 2025 Glen Aske Snowshoe Race? Answer as h:mm:ss.",
        [
            code(
                "I delegate the search.",
                'r = search_agent(task="Find the winning time of the 2025 Glen Aske Snowshoe Race (a 10 km race).")\nprint(r)',
            ),
            code(
                "search_agent could not find the 2025 result.",
                'final_answer("The 2025 winning time could not be found.")',
            ),
        ],
        [
            call("web_search", query="Glen Aske Snowshoe Race 2025 winning time"),
            call(
                "web_search",
                "The results are about 2019; I search again for 2025.",
                bad=True,
                query="Glen Aske Snowshoe Race 2025 winner time",
            ),
            call(
                "web_search",
                "Still 2019. I try the word results.",
                bad=True,
                query="Glen Aske Snowshoe Race 2025 results winning time",
            ),
            call(
                "web_search",
                "I search once more.",
                bad=True,
                query="2025 Glen Aske snowshoe race results",
            ),
            call(
                "web_search",
                "Let me try a different word order.",
                bad=True,
                query="Glen Aske snowshoe race winning time 2025",
            ),
            text(
                outcome(
                    "The 2025 winning time could not be found.",
                    "Searches for the 2025 Glen Aske Snowshoe Race only return a 2019 article (course record 58:41 by Kirsty "
                    "Maddox), a snowshoe hire shop and general pages; no 2025 result was found.",
                )
            ),
        ],
        [
            {"type": "exact_match", "value": "0:52:16"},
            {"type": "tool_called", "tool": "web_search", "max": 3},
        ],
        S,
        w,
        sub_max_steps=5,
    )
)

# 16 looping: a gingerbread house contest; a single agent's near-identical searches until max_steps
w = World()
w.search = [
    (
        ("merrow", "gingerbread"),
        results(
            (
                "And the winner is... Merrow Gingerbread House Contest 2023",
                "https://merrowvillage.example.org.uk/news/2023-gingerbread",
                "Hannah Pryce's gingerbread lighthouse, complete with a boiled-sweet lamp, took the adult prize in 2023...",
            ),
            (
                "Enter the 2024 Gingerbread House Contest – Merrow Village Hall",
                "https://merrowvillage.example.org.uk/gingerbread-2024",
                "Entries by Friday 6 December 2024, judging Saturday 14 December; winners on the village news page.",
            ),
            (
                "Sturdy gingerbread for houses (it won't sag) – recipe",
                "https://bakeclub.example.com/construction-gingerbread",
                "A stiff dough for walls and roofs: 350 g flour, 1 tsp ginger...",
            ),
            (
                "Village news – Merrow",
                "https://merrowvillage.example.org.uk/news",
                "Latest: carol singing dates, gingerbread contest results, changes to bin collections.",
            ),
        ),
    )
]
w.pages["https://merrowvillage.example.org.uk/news"] = site(
    "https://merrowvillage.example.org.uk/news",
    "Merrow Village · Hall bookings · News · Clubs · Parish council",
    "# Village news\n\n## Gingerbread contest results (posted 15/12/2024)\nAdults: 1st Olu Adeyemi (the village hall, "
    "with working fairy lights), 2nd Hannah Pryce. Under-12s: 1st Maisie Lund.",
    "© Merrow Village Hall",
)
RUNS.append(
    Run(
        "gingerbread_adult_winner",
        "looping",
        "Who won the adult category of the 2024 Merrow Gingerbread House Contest? Name only.",
        [
            code(
                "I search for the 2024 winner and look at the top hit.",
                'res = web_search(query="Merrow Gingerbread House Contest 2024 winner adult")\nprint(res[0]["title"])',
            ),
            code(
                "web_search returns text, not a list. I print it.",
                'print(web_search(query="Merrow Gingerbread House Contest 2024 winner adult"))',
            ),
            code(
                "The first hit is the 2023 winner. I search for the 2024 adult winner.",
                'print(web_search(query="Merrow Gingerbread House Contest 2024 adult category winner"))',
                bad=True,
            ),
            code(
                "Same results. I put the year first.",
                'print(web_search(query="2024 Merrow gingerbread house contest winner"))',
                bad=True,
            ),
            code(
                "Still the 2023 article. Another wording.",
                'print(web_search(query="Merrow gingerbread house competition 2024 adult winner"))',
                bad=True,
            ),
            code(
                "Once more with 'results'.",
                'print(web_search(query="Merrow Gingerbread House Contest 2024 results adult"))',
                bad=True,
            ),
            text("The 2024 adult winner could not be found."),
        ],
        None,
        [
            {"type": "exact_match", "value": "Olu Adeyemi"},
            {"type": "tool_called", "tool": "web_search", "max": 3},
        ],
        "researcher",
        w,
        manager_tools=("web_search", "visit_webpage"),
        manager_name="researcher",
        max_steps=6,
    )
)
