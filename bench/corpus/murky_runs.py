# ruff: noqa: E501  (scripted replies, pages and JSON are data, kept one item a line)
"""The runs of the `murky` family: scripted replies and the offline world their tools read.

Sixteen runs of a smolagents manager CodeAgent with a managed ToolCallingAgent (a search agent,
or a code-search agent), or of a single CodeAgent on the JSON API or the code search, two per
fault of the taxonomy, each with one decisive fault labelled at the LLM call that decided it
(`bad=True` on its reply; on every repeat for a loop). Written in one sweep without reading
blame's rules, the other held-out families' runs or any score; see smolagents_murky.py. The
systems, the tools, the reply helpers and `Run` are those of the sweep family
(corpus/sweep_runs.py).
"""

from __future__ import annotations

from typing import Any

from corpus.sweep_runs import (
    M,
    Run,
    S,
    World,
    answer,
    call,
    code,
    outcome,
    plan,
    results,
    text,
)

RUNS: list[Run] = []
"""The runs, in the order they were written: two per fault, in the order of FAULTS."""

_MENU = ("Home", "About us", "What's on", "Results", "Join", "Contact")
"""The menu a small club's, society's or festival's site puts above every page."""


def _slug(item: str) -> str:
    return item.lower().replace("'", "").replace(" ", "-")


def _site(name: str, title: str, body: str, updated: str = "2025") -> str:
    """A page of a small organisation's site: menu, the page's body, and a footer."""
    menu = " | ".join(f"[{item}](/{_slug(item)})" for item in _MENU)
    return (
        f"{name}\n\n{menu}\n\n# {title}\n\n{body}\n\n---\n"
        f"© {updated} {name}. All rights reserved. | Privacy policy | Cookie settings | Accessibility\n"
        "Follow us on Facebook and Instagram. Sign up to our newsletter for news and dates.\n"
    )


def _hits(files: dict[str, str], pattern: str) -> list[dict[str, Any]]:
    """What a literal code search answers over `files`: every line holding `pattern`."""
    return [
        {"path": path, "line": number, "text": line}
        for path, content in files.items()
        for number, line in enumerate(content.split("\n"), start=1)
        if pattern in line
    ]


# 1 misread_tool_output: a table tennis club's ladder; the search sub-agent's last call reads
# the previous month's leader from a round-up page that gives both
w = World()
w.search = [
    (
        ("kestrel", "ladder"),
        results(
            (
                "Singles ladder - Kestrel Table Tennis Club",
                "https://kestreltt.example.org/ladder.html",
                "Our singles ladder: how challenges work, current standings and results.",
            ),
            (
                "Kestrel Sports Centre - opening times and prices",
                "https://leisure.example.gov.uk/kestrel-sports-centre",
                "Sports hall, pool and gym opening times. Table tennis tables can be booked by the hour.",
            ),
            (
                "March round-up - Kestrel Table Tennis Club",
                "https://kestreltt.example.org/news/march-2025-round-up",
                "A busy month on the ladder: 46 challenges played, a new name at the top...",
            ),
        ),
    )
]
w.pages["https://kestreltt.example.org/news/march-2025-round-up"] = _site(
    "Kestrel Table Tennis Club",
    "March round-up",
    "Posted 1 April 2025 by the ladder secretary\n\n"
    "A busy month on the ladder: 46 challenges were played in March, up from 38 in February. "
    "Priya Nandakumar, who had been top of the ladder at the end of February, lost the top spot "
    "to Tomasz Wirski on 27 March after a five-game match (11-9 in the fifth).\n\n"
    "## Ladder at 31 March 2025\n\n"
    "| Pos | Player | Challenges won in March | Pos at 28 Feb |\n"
    "|---|---|---|---|\n"
    "| 1 | Tomasz Wirski | 7 | 2 |\n"
    "| 2 | Priya Nandakumar | 5 | 1 |\n"
    "| 3 | Gareth Lloyd-Pugh | 4 | 3 |\n"
    "| 4 | Hannah Osei | 6 | 7 |\n"
    "| 5 | Dev Raman | 2 | 4 |\n"
    "| 6 | Colm Brady | 3 | 5 |\n\n"
    "Next club night: Tuesday 8 April, 19:00-22:00, main hall. Bats can be borrowed from the cupboard.",
)
RUNS.append(
    Run(
        "ladder_top_march",
        "misread_tool_output",
        "Who was top of the Kestrel Table Tennis Club's singles ladder at the end of March 2025? Give the player's name only.",
        [
            plan(
                "- the Kestrel Table Tennis Club, singles ladder\n- the date: end of March 2025",
                "1. Ask search_agent who was first on the singles ladder at 31 March 2025.\n2. Return that player's name only.",
            ),
            code(
                "I ask search_agent for the ladder standings.",
                'top = search_agent(task="Find who was in first place on the Kestrel Table Tennis Club singles ladder at the end of March 2025. Give the name and your source.")\nprint(top)',
            ),
            code(
                "The report names the player at the top.",
                'final_answer("Priya Nandakumar")',
            ),
        ],
        [
            call("web_search", query="Kestrel Table Tennis Club singles ladder March 2025"),
            call(
                "visit_webpage",
                "The ladder page should have the standings.",
                url="https://kestreltt.example.org/ladder.html",
            ),
            call(
                "visit_webpage",
                "The ladder page is gone; the March round-up should have the standings.",
                url="https://kestreltt.example.org/news/march-2025-round-up",
            ),
            answer(
                "Priya Nandakumar was top of the Kestrel TTC singles ladder at the end of March 2025 (club news, March round-up, posted 1 April 2025).",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "Tomasz Wirski"}],
        S,
        w,
        planning=4,
        note="round-up table: Wirski 1st at 31 March, Nandakumar 1st at 28 Feb; sub-agent reports Nandakumar",
    )
)

# 2 misread_tool_output: a hackspace's membership API; a single CodeAgent's middle step takes
# the field next to the asked one
w = World()
w.api = {
    "/": {
        "name": "Forgeworks Hackspace members API",
        "version": "2.3.1",
        "endpoints": {
            "/stats/membership?date=YYYY-MM-DD": "membership counts by tier on a date",
            "/inductions?tool=NAME": "members inducted on a tool",
            "/events?month=YYYY-MM": "open nights and workshops",
        },
        "contact": None,
        "rate_limit_per_minute": 30,
    },
    "/stats/membership?date=2025-05-01": {
        "space": "Forgeworks Hackspace",
        "date": "2025-05-01",
        "tiers": [
            {
                "tier": "keyholder",
                "label": "Full member (keyholder, 24/7 access)",
                "monthly_fee_gbp": 30.0,
                "active_30d_ago": 93,
                "active": 87,
                "paused": 6,
                "joined_this_month": 3,
                "left_this_month": None,
            },
            {
                "tier": "associate",
                "label": "Associate (open nights only)",
                "monthly_fee_gbp": 12.5,
                "active_30d_ago": 39,
                "active": 41,
                "paused": None,
                "joined_this_month": 4,
                "left_this_month": 2,
            },
            {
                "tier": "concession",
                "label": "Concession (student / unwaged)",
                "monthly_fee_gbp": 15.0,
                "active_30d_ago": 22,
                "active": 24,
                "paused": 1,
                "joined_this_month": None,
                "left_this_month": None,
            },
        ],
        "total_active": 152,
        "waitlist": 19,
        "notes": None,
        "generated_at": "2025-05-01T06:00:02Z",
    },
}
RUNS.append(
    Run(
        "hackspace_keyholders",
        "misread_tool_output",
        "According to Forgeworks Hackspace's membership API, how many active full (keyholder) members did the space have on 1 May 2025? Just the number, please.",
        [
            code(
                "I try the summary endpoint first.",
                'print(fetch_json(endpoint="/members/summary"))',
            ),
            code(
                "That endpoint does not exist. I ask the API root what it offers.",
                'print(fetch_json(endpoint="/"))',
            ),
            code(
                "The membership stats take a date. I fetch 1 May 2025.",
                'stats = fetch_json(endpoint="/stats/membership?date=2025-05-01")\nprint(stats["tiers"])',
            ),
            code(
                "fetch_json returns a JSON string; I parse it before indexing.",
                'import json\nstats = json.loads(fetch_json(endpoint="/stats/membership?date=2025-05-01"))\nfor tier in stats["tiers"]:\n    print(tier)',
            ),
            code(
                "The keyholder tier is the full membership; it shows 93 active members.",
                "full_members = 93\nprint(full_members)",
                bad=True,
            ),
            code("I return the count.", "final_answer(str(full_members))"),
        ],
        None,
        [{"type": "exact_match", "value": "87"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="keyholder tier: active 87, active_30d_ago 93; the agent writes 93",
    )
)

# 3 hallucinated_fact: a sea-shanty festival; the sub-agent finds no 2023 count and the
# manager's middle code step writes one
w = World()
w.search = [
    (
        ("porthkennack", "2024"),
        results(
            (
                "Porthkennack Sea Shanty Festival 2024 - a weekend to remember",
                "https://porthkennackshanty.example.org/2024",
                "Thank you to the 41 crews who sang on the harbour stages this year...",
            ),
            (
                "Porthkennack holiday cottages",
                "https://cottages.example.com/porthkennack",
                "Sea-view cottages sleeping 2 to 8. Book direct and save.",
            ),
        ),
    ),
    (
        ("porthkennack", "2023"),
        results(
            (
                "2023 festival recap - Porthkennack Sea Shanty Festival",
                "https://porthkennackshanty.example.org/2023-recap",
                "What a weekend! Crews from Cornwall, Devon and Brittany filled the harbour...",
            ),
            (
                "Programme 2023 (PDF)",
                "https://porthkennackshanty.example.org/files/programme-2023.pdf",
                "Full running order for the 2023 festival.",
            ),
        ),
    ),
]
w.fail[("web_search", 0)] = "429 Too Many Requests: rate limit reached, retry in 5 seconds"
w.pages["https://porthkennackshanty.example.org/2024"] = _site(
    "Porthkennack Sea Shanty Festival",
    "2024 - a weekend to remember",
    "Thank you to the 41 crews who sang on the harbour stages on 8 and 9 June 2024, and to the "
    "120 volunteers who stewarded, poured and picked litter. Our bucket collections raised "
    "£18,450 for the RNLI station.\n\nThe 2025 festival will run on 14-15 June; crew applications "
    "open in January.",
)
w.pages["https://porthkennackshanty.example.org/2023-recap"] = _site(
    "Porthkennack Sea Shanty Festival",
    "2023 festival recap",
    "What a weekend! Crews from Cornwall, Devon and Brittany filled the harbour with song on 10 "
    "and 11 June 2023. The sun shone, the pasties ran out twice, and the lifeboat crew joined "
    "the finale. Photos are in the gallery; the full running order is in the programme.",
)
w.pages["https://porthkennackshanty.example.org/history"] = _site(
    "Porthkennack Sea Shanty Festival",
    "Our history",
    "| Year | Crews | Collections |\n|---|---|---|\n| 2021 | 22 | £7,900 |\n| 2022 | 31 | £12,200 |\n| 2023 | 37 | £15,730 |\n| 2024 | 41 | £18,450 |",
)
RUNS.append(
    Run(
        "shanty_crews_difference",
        "hallucinated_fact",
        "How many more shanty crews performed at the Porthkennack Sea Shanty Festival in 2024 than in 2023? Give the difference as a number.",
        [
            code(
                "I ask search_agent for the 2024 count first.",
                'r24 = search_agent(task="Find how many shanty crews performed at the 2024 Porthkennack Sea Shanty Festival.")\nprint(r24)\nn24 = int(r24.split()[-1])',
            ),
            code(
                "The last word of the report is not the number; I take the figure before 'crews'.",
                'import re\nn24 = int(re.search(r"(\\d+) crews", r24).group(1))\nprint(n24)',
            ),
            code(
                "Now the 2023 count.",
                'r23 = search_agent(task="Find how many shanty crews performed at the 2023 Porthkennack Sea Shanty Festival.")\nprint(r23)',
            ),
            code(
                "The festival had 35 crews in 2023, so I can work out the difference.",
                "n23 = 35\ndiff = n24 - n23\nprint(diff)",
                bad=True,
            ),
            code("I return the difference.", "final_answer(str(diff))"),
        ],
        [
            call("web_search", query="Porthkennack Sea Shanty Festival 2024 number of crews"),
            call(
                "web_search",
                "Rate-limited; I try again.",
                query="Porthkennack Sea Shanty Festival 2024 number of crews",
            ),
            call("visit_webpage", url="https://porthkennackshanty.example.org/2024"),
            answer(
                "41 crews performed at the 2024 Porthkennack Sea Shanty Festival (festival website, 2024 page)."
            ),
            call("web_search", query="Porthkennack Sea Shanty Festival 2023 crews"),
            call("visit_webpage", url="https://porthkennackshanty.example.org/2023-recap"),
            call(
                "visit_webpage",
                "The recap gives no count; the programme should list the crews.",
                url="https://porthkennackshanty.example.org/files/programme-2023.pdf",
            ),
            answer(
                "I could not find how many crews performed in 2023: the 2023 recap page gives no count and the programme PDF link is dead (404)."
            ),
        ],
        [{"type": "exact_match", "value": "4"}],
        M,
        w,
        note="no 2023 count was read (history page gives 37); manager writes 35",
    )
)

# 4 hallucinated_fact: a Scrabble club's rating package; a single CodeAgent's last step states
# a default it never read
files = {
    "src/tilerank/config.py": '"""Rating settings, read once from the packaged defaults and the environment."""\n\nfrom __future__ import annotations\n\nimport os\nimport tomllib\nfrom importlib.resources import files\n\n_DEFAULTS = tomllib.loads(files("tilerank.data").joinpath("defaults.toml").read_text())\n_OVERRIDES = {k[9:].lower(): int(v) for k, v in os.environ.items() if k.startswith("TILERANK_")}\n_RATING = {**_DEFAULTS["rating"], **_OVERRIDES}\n\nINITIAL_RATING = _RATING["initial"]\nPROVISIONAL_GAMES = _RATING["provisional_games"]\nK_FACTOR_ESTABLISHED = _RATING["k_established"]\nK_FACTOR_PROVISIONAL = _RATING["k_provisional"]\n',
    "src/tilerank/elo.py": '"""Elo updates after a rated game."""\n\nfrom __future__ import annotations\n\nfrom dataclasses import dataclass\n\nfrom tilerank.config import K_FACTOR_ESTABLISHED, K_FACTOR_PROVISIONAL, PROVISIONAL_GAMES\n\n\n@dataclass\nclass Player:\n    name: str\n    rating: float\n    rated_games: int = 0\n\n\ndef expected(a: float, b: float) -> float:\n    return 1 / (1 + 10 ** ((b - a) / 400))\n\n\ndef update(player: Player, opponent: Player, score: float) -> float:\n    k = K_FACTOR_PROVISIONAL if player.rated_games < PROVISIONAL_GAMES else K_FACTOR_ESTABLISHED\n    return player.rating + k * (score - expected(player.rating, opponent.rating))\n',
    "src/tilerank/data/defaults.toml": "[rating]\ninitial = 1200\nprovisional_games = 20\nk_established = 16\nk_provisional = 40\n\n[display]\ndecimals = 0\n",
    "CHANGELOG.md": "# Changelog\n\n## 2.1.0\n\n- K_FACTOR_PROVISIONAL is now read from data/defaults.toml and can be overridden (#58)\n- Club tables print ratings without decimals\n",
}
w = World()
w.files = files
w.grep = {"K_FACTOR_PROVISIONAL": _hits(files, "K_FACTOR_PROVISIONAL")}
RUNS.append(
    Run(
        "tilerank_provisional_k",
        "hallucinated_fact",
        "The Wexcombe Scrabble Club rates its games with the tilerank package. What K-factor does tilerank give a player who is still provisional? Reply with the number only.",
        [
            code(
                "I look for the provisional K-factor in the code.",
                'print(search_code(pattern="K_FACTOR_PROVISIONAL"))',
            ),
            code(
                "It is set in the config module; I read it.",
                'print(read_file(path="src/tilerank/confg.py"))',
            ),
            code(
                "I mistyped the path.",
                'print(read_file(path="src/tilerank/config.py"))',
            ),
            code(
                "K_FACTOR_PROVISIONAL comes from the packaged rating defaults; for provisional players that is the usual Elo K of 32.",
                'final_answer("32")',
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "40"}],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        manager_name="coder",
        note="the value (40) is in data/defaults.toml, never read; the agent answers 32",
    )
)

# 5 ignored_tool_error: a barbershop chorus contest; the sub-agent's middle call states a score
# from a results page that answered 503
w = World()
w.search = [
    (
        ("harbour lights",),
        results(
            (
                "2024 chorus contest results - Southern District",
                "https://southerndistrict.example.org/contests/2024/chorus-results",
                "Full scoresheets for the 2024 Southern District chorus contest: music, performance, singing.",
            ),
            (
                "Harbour Lights Chorus take bronze",
                "https://news.example.co.uk/harbour-lights-bronze",
                "The harbour town's barbershop chorus took bronze at the district contest in Bournemouth...",
            ),
            (
                "Harbour Lights Festival 2024",
                "https://harbourlightsfest.example.com",
                "Lantern parade and fireworks on the quay, 30 November.",
            ),
        ),
    )
]
w.fail[("visit_webpage", 0)] = (
    "503 Server Error: Service Unavailable for url: https://southerndistrict.example.org/contests/2024/chorus-results"
)
w.pages["https://southerndistrict.example.org/contests/2024/chorus-results"] = _site(
    "Southern District",
    "2024 chorus contest results",
    "| Place | Chorus | Music | Performance | Singing | Total |\n|---|---|---|---|---|---|\n"
    "| 1 | Solent Sound | 81.0 | 82.3 | 80.7 | 81.3% |\n"
    "| 2 | The Downsmen | 79.6 | 80.1 | 79.2 | 79.6% |\n"
    "| 3 | Harbour Lights Chorus | 78.0 | 79.1 | 77.5 | 78.2% |\n"
    "| 4 | Vale Harmony | 76.4 | 77.5 | 76.5 | 76.8% |",
)
w.pages["https://news.example.co.uk/harbour-lights-bronze"] = (
    "News | Sport | What's on | Property | Jobs\n\n# Harbour Lights Chorus take bronze\n\n"
    "The harbour town's barbershop chorus took bronze at the Southern District contest in "
    "Bournemouth last Saturday, their best placing since 2016. Musical director Jo Fenwick said "
    "the 38 singers on the risers had worked on the uptune since January.\n\n"
    "Most read: Road closures this weekend | Tide times | Lottery winners\n© Coast News Group"
)
RUNS.append(
    Run(
        "barbershop_score",
        "ignored_tool_error",
        "What percentage score did the Harbour Lights Chorus receive at the 2024 Southern District barbershop chorus contest? Number only, one decimal place.",
        [
            code(
                "I delegate the lookup.",
                'r = search_agent(task="Find the total percentage score of Harbour Lights Chorus in the 2024 Southern District barbershop chorus contest.")\nprint(r)',
            ),
            code(
                "I take the percentage from the report.",
                'import re\nscore = re.search(r"(\\d+\\.\\d)%", r).group(1)\nfinal_answer(score)',
            ),
        ],
        [
            call("web_search", query="Harbour Lights Chorus 2024 Southern District contest score"),
            call(
                "visit_webpage",
                "The district's results page has the scoresheets.",
                url="https://southerndistrict.example.org/contests/2024/chorus-results",
            ),
            call(
                "visit_webpage",
                "The official results list Harbour Lights Chorus at 76.8%. I open the news report to confirm their placing.",
                bad=True,
                url="https://news.example.co.uk/harbour-lights-bronze",
            ),
            answer(
                "Harbour Lights Chorus scored 76.8% at the 2024 Southern District chorus contest and placed third (bronze), according to the district results and the local news."
            ),
        ],
        [
            {"type": "exact_match", "value": "78.2"},
            {"type": "tool_succeeded", "tool": "visit_webpage"},
        ],
        S,
        w,
        note="results page answered 503; sub-agent states 76.8 (results say 78.2)",
    )
)

# 6 ignored_tool_error: a fell-running club's championship; the sub-agent says the standings
# would not load, and the manager's last step answers with a mid-season snippet anyway
w = World()
w.search = [
    (
        ("coldside",),
        results(
            (
                "Club championship 2025 - Coldside Fell Runners",
                "https://coldsidefr.example.org/championship-2025",
                "Standings after race 6 of 9 (June 2025): 1. Ailsa Brennan 412 pts, 2. Rob Ketteridge 398 pts...",
            ),
            (
                "Coldside Fell Runners AGM minutes",
                "https://coldsidefr.example.org/agm-2025",
                "Minutes of the annual general meeting, subs, kit and the club hut.",
            ),
        ),
    )
]
w.fail[("web_search", 0)] = "429 Too Many Requests: rate limit exceeded"
w.fail[("visit_webpage", 0)] = (
    "503 Server Error: Service Unavailable for url: https://coldsidefr.example.org/championship-2025"
)
w.fail[("visit_webpage", 1)] = (
    "503 Server Error: Service Unavailable for url: https://coldsidefr.example.org/championship-2025"
)
w.pages["https://coldsidefr.example.org/championship-2025"] = _site(
    "Coldside Fell Runners",
    "Club championship 2025 - final standings",
    "Best 6 of 9 races count.\n\n| Pos | Runner | Races | Points |\n|---|---|---|---|\n"
    "| 1 | Ailsa Brennan | 8 | 468 |\n| 2 | Rob Ketteridge | 9 | 455 |\n| 3 | Sunita Marr | 7 | 431 |",
)
RUNS.append(
    Run(
        "fell_championship_points",
        "ignored_tool_error",
        "How many championship points did Ailsa Brennan finish the Coldside Fell Runners' 2025 club championship with? Number only.",
        [
            code(
                "I ask search_agent for the final standings.",
                'report = search_agent(task="Find Ailsa Brennan\'s final points total in the Coldside Fell Runners 2025 club championship (final standings, after all races).")\nprint(report)',
            ),
            code(
                "The standings page would not load, but the snippet gives her points: 412.",
                'final_answer("412")',
                bad=True,
            ),
        ],
        [
            call("web_search", query="Coldside Fell Runners 2025 club championship standings"),
            call(
                "web_search",
                "The search was rate-limited; I try again.",
                query="Coldside Fell Runners 2025 club championship standings",
            ),
            call("visit_webpage", url="https://coldsidefr.example.org/championship-2025"),
            call(
                "visit_webpage",
                "503; I try the page once more.",
                url="https://coldsidefr.example.org/championship-2025",
            ),
            answer(
                outcome(
                    "Not found: the championship page returned 503 Service Unavailable twice.",
                    "I could not read the final standings: https://coldsidefr.example.org/championship-2025 answered 503 Service Unavailable on both visits. The only figure I saw is in the search snippet, dated June 2025, after race 6 of 9: Ailsa Brennan 412 pts.",
                    "The final standings are on the same page once it is back up.",
                )
            ),
        ],
        [
            {"type": "exact_match", "value": "468"},
            {"type": "tool_succeeded", "tool": "visit_webpage"},
        ],
        M,
        w,
        note="standings page 503 twice; manager answers the mid-season snippet (final: 468)",
    )
)

# 7 wrong_tool_arguments: a quiz league; the manager's plan is right, its first step delegates
# the previous season
w = World()
w.search = [
    (
        ("marlow vale", "quiz"),
        results(
            (
                "Honours board - Marlow Vale Quiz League",
                "https://marlowvalequiz.example.org/honours",
                "Division One and Two champions and cup winners since 2009.",
            ),
            (
                "Quiz night every Wednesday - The Vale Inn",
                "https://valeinn.example.co.uk/quiz",
                "Teams of up to six, £2 a head, jackpot rollover.",
            ),
        ),
    )
]
w.pages["https://marlowvalequiz.example.org/honours"] = _site(
    "Marlow Vale Quiz League",
    "Honours board",
    "| Season | Division One | Division Two | Knockout Cup |\n|---|---|---|---|\n"
    "| 2020-21 | season abandoned | - | - |\n"
    "| 2021-22 | The Usual Suspects | Brain Drain | The Usual Suspects |\n"
    "| 2022-23 | Quizteama Aguilera | Universally Challenged | The Usual Suspects |\n"
    "| 2023-24 | Les Quizerables | Tequila Mockingbird | Quizteama Aguilera |\n"
    "| 2024-25 | Les Quizerables | The Know-It-Ales | Brain Drain |\n\n"
    "League nights are on Tuesdays, September to April.",
)
RUNS.append(
    Run(
        "quiz_league_champion",
        "wrong_tool_arguments",
        "Which team took the Division One title in the Marlow Vale Quiz League's 2023-24 season? Team name only.",
        [
            plan(
                "- Marlow Vale Quiz League, Division One\n- season 2023-24",
                "1. Ask search_agent for the Division One champions of the 2023-24 season.\n2. Return the team name.",
            ),
            code(
                "I ask search_agent for the champions.",
                'champ = search_agent(task="Find which team won Division One of the Marlow Vale Quiz League in the 2022-23 season.")\nprint(champ)',
                bad=True,
            ),
            code("I return the team.", 'final_answer("Quizteama Aguilera")'),
        ],
        [
            call("web_search", query="Marlow Vale Quiz League Division One winners 2022-23"),
            call("visit_webpage", url="https://marlowvalequiz.example.org/honours"),
            answer(
                "Quizteama Aguilera won Division One of the Marlow Vale Quiz League in 2022-23 (league honours board)."
            ),
        ],
        [{"type": "exact_match", "value": "Les Quizerables"}],
        M,
        w,
        planning=3,
        note="plan says 2023-24, delegation asks for 2022-23",
    )
)

# 8 wrong_tool_arguments: a food bank's distribution API; a single CodeAgent's middle step asks
# for the week after the one in the question
w = World()
w.api = {
    "/depots": {
        "count": 3,
        "depots": [
            {
                "id": 3,
                "name": "Eastfield",
                "address": "Eastfield Community Centre, Moor Lane",
                "open_days": ["Tue", "Fri"],
                "manager": None,
            },
            {
                "id": 8,
                "name": "East Hill",
                "address": "St Luke's Church Hall",
                "open_days": ["Wed"],
                "manager": "K. Oduya",
            },
            {
                "id": 11,
                "name": "Westgate",
                "address": "Unit 4, Westgate Trading Estate",
                "open_days": ["Mon", "Thu", "Sat"],
                "manager": None,
            },
        ],
    },
    "/depots/3/weeks?start=2025-03-03": {
        "depot": "Eastfield",
        "week_start": "2025-03-03",
        "parcels": 187,
        "households": 118,
        "volunteers": 16,
        "stock_kg_out": 1402.5,
        "notes": None,
    },
    "/depots/3/weeks?start=2025-03-10": {
        "depot": "Eastfield",
        "week_start": "2025-03-10",
        "parcels": 212,
        "households": 131,
        "volunteers": 18,
        "stock_kg_out": 1596.0,
        "notes": "extra Friday session",
    },
}
RUNS.append(
    Run(
        "foodbank_parcels_week",
        "wrong_tool_arguments",
        "How many food parcels did the Eastfield depot of Tamsworth Food Bank hand out in the week beginning Monday 3 March 2025? Answer with a number.",
        [
            code(
                "I list the depots to find Eastfield's id.",
                'import json\ndepots = json.loads(fetch_json(endpoint="/depots"))\nfor d in depots:\n    print(d["name"], d["id"])',
            ),
            code(
                "The answer is an object with a 'depots' list, not a list.",
                'for d in depots["depots"]:\n    print(d["id"], d["name"], d["open_days"])',
            ),
            code(
                "Eastfield is depot 3. I fetch its figures for the week beginning Monday 3 March.",
                'week = json.loads(fetch_json(endpoint="/depots/3/weeks?start=2025-03-10"))\nprint(week)',
                bad=True,
            ),
            code("I return the parcel count.", 'final_answer(str(week["parcels"]))'),
        ],
        None,
        [{"type": "exact_match", "value": "187"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="fetches start=2025-03-10 instead of 2025-03-03",
    )
)

# 9 goal_deviation: a poetry slam; the manager's initial plan looks for the winner where the
# runner-up is asked
w = World()
w.search = [
    (
        ("gullhaven",),
        results(
            (
                "Open mic nights - Gullhaven Arts Centre",
                "https://gullhavenarts.example.org/open-mic",
                "Poetry, comedy and music open mic, first Friday of every month.",
            ),
            (
                "Slam final 2024 results - Gullhaven Poetry Slam",
                "https://gullhavenslam.example.org/results/2024",
                "Results of the 2024 final, held at the Arts Centre on 16 November...",
            ),
        ),
    )
]
w.pages["https://gullhavenslam.example.org/results/2024"] = _site(
    "Gullhaven Poetry Slam",
    "2024 final - results",
    "Twelve poets, three rounds, five judges picked from the audience (top and bottom scores dropped).\n\n"
    "| Place | Poet | Total |\n|---|---|---|\n| 1 | Nkechi Adebayo-Hart | 28.7 |\n"
    "| 2 | Dylan Roe | 28.4 |\n| 3 | Marisol Vane | 27.9 |\n| 4 | Fergus Ibbotson | 27.1 |\n\n"
    "2023 final: 1 Marisol Vane, 2 Nkechi Adebayo-Hart.",
)
RUNS.append(
    Run(
        "slam_runner_up",
        "goal_deviation",
        "Who came second in the final of the 2024 Gullhaven Poetry Slam? Name only.",
        [
            plan(
                "- the 2024 Gullhaven Poetry Slam, its final",
                "1. Ask search_agent who won the final of the 2024 Gullhaven Poetry Slam.\n2. Return that poet's name.",
                bad=True,
            ),
            code(
                "Following the plan, I ask search_agent.",
                'res = search_agent(task="Find the winner of the final of the 2024 Gullhaven Poetry Slam.")\nprint(res)',
            ),
            code("I return the name.", 'final_answer("Nkechi Adebayo-Hart")'),
        ],
        [
            call("web_search", query="Gullhaven Poetry Slam 2024 final winner"),
            call(
                "visit_webpage",
                "The second result is the results page.",
                url="https://gullhavenslam.example.org/results/2024",
            ),
            answer(
                "Nkechi Adebayo-Hart won the 2024 Gullhaven Poetry Slam final with 28.7 points."
            ),
        ],
        [{"type": "exact_match", "value": "Dylan Roe"}],
        M,
        w,
        planning=3,
        note="the plan asks for the winner; second place is asked",
    )
)

# 10 goal_deviation: a cage bird society's show; the search sub-agent's own updated plan answers
# the whole show's entry where one section's is asked
w = World()
w.search = [
    (
        ("brackwater",),
        results(
            (
                "Open Show 2025 report - Brackwater & District Cage Bird Society",
                "https://brackwatercbs.example.org/shows/open-2025",
                "Report of our 2025 open show: entries, judges and the best in show.",
            ),
            (
                "Brackwater Methodist Hall - hire",
                "https://brackwatermethodist.example.org/hall",
                "Hall hire for clubs and societies, kitchen available.",
            ),
        ),
    )
]
w.pages["https://brackwatercbs.example.org/shows/open-2025"] = _site(
    "Brackwater & District Cage Bird Society",
    "Open Show 2025 report",
    "Held on Saturday 11 October 2025 at Brackwater Methodist Hall. Judges: D. Farrow (canaries), "
    "P. Mistry (budgerigars), L. Onslow (foreign and British).\n\n"
    "Birds benched: 312 (2024: 287).\n\n"
    "| Section | Entries |\n|---|---|\n| Champion | 148 |\n| Novice | 97 |\n| Junior | 21 |\n| Foreign & British | 46 |\n\n"
    "Best in show: Yorkshire canary, Champion section, R. Tate. Best novice: Border canary, S. Quayle.",
)
RUNS.append(
    Run(
        "cage_bird_novice_entries",
        "goal_deviation",
        "How many birds were entered in the novice section at the Brackwater & District Cage Bird Society's 2025 open show? Number only.",
        [
            code(
                "I delegate the search.",
                'entries = search_agent(task="Find how many birds were entered in the novice section of the Brackwater & District Cage Bird Society open show 2025.")\nprint(entries)',
            ),
            code("I return the number.", 'final_answer("312")'),
        ],
        [
            plan(
                "- Brackwater & District Cage Bird Society, open show 2025, novice section",
                "1. Search for the 2025 open show report.\n2. Read the entries of the novice section.\n3. Report that number.",
            ),
            call("web_search", query="Brackwater Cage Bird Society open show 2025 novice entries"),
            call("visit_webpage", url="https://brackwatercbs.example.org/shows/open-2025"),
            text(
                "## 1. Updated facts survey\n### 1.1. Facts given in the task\n- Brackwater & District Cage Bird Society, 2025 open show, novice section\n"
                "### 1.2. Facts that we have learned\n- The show report gives 312 birds benched, and entries per section: Champion 148, Novice 97, Junior 21, Foreign & British 46.\n"
                "### 1.3. Facts still to look up\n- none\n\n## 2. Plan\n1. Novice birds are benched and judged with the rest of the show, so the show's entry is the 312 birds benched.\n"
                "2. Report 312 with the source.\n<end_plan>",
                bad=True,
            ),
            answer(
                "312 birds were entered at the Brackwater & District Cage Bird Society 2025 open show (society's show report)."
            ),
        ],
        [{"type": "exact_match", "value": "97"}],
        S,
        w,
        sub_planning=2,
        note="the sub-agent's updated plan swaps the novice section's 97 for the show's 312",
    )
)

# 11 wrong_format: a beach-clean group's litter survey; the manager's last step passes a
# datetime's str where a date is asked
w = World()
w.search = [
    (
        ("selsey gap",),
        results(
            (
                "2025 cleans - Selsey Gap Beach Clean",
                "https://selseygapclean.example.org/2025",
                "Every clean this year: volunteers, bags and weight collected.",
            ),
            (
                "Selsey Gap tide times",
                "https://tides.example.com/selsey-gap",
                "High and low water for the next 7 days.",
            ),
        ),
    )
]
w.pages["https://selseygapclean.example.org/2025"] = _site(
    "Selsey Gap Beach Clean",
    "Our 2025 cleans",
    "| Date | Volunteers | Bags | Weight |\n|---|---|---|---|\n"
    "| Sat 12 April | 23 | 31 | 38.5 kg |\n| Sat 17 May | 41 | 52 | 61.2 kg |\n"
    "| Sat 14 June | 35 | 40 | 44.0 kg |\n| Sat 12 July | 19 | 22 | 27.8 kg |\n\n"
    "Our record haul is still 72.4 kg, after the storms, on Sat 9 November 2024. Most common "
    "item this year: plastic bottle lids (1,164 counted).",
)
RUNS.append(
    Run(
        "beach_clean_heaviest",
        "wrong_format",
        "Of the Selsey Gap Beach Clean group's 2025 cleans, which one brought in the most litter by weight? Give its date as YYYY-MM-DD.",
        [
            code(
                "I ask search_agent for the 2025 cleans.",
                'r = search_agent(task="Find the date of the Selsey Gap Beach Clean group\'s 2025 clean that collected the most litter by weight.")\nprint(r)',
            ),
            code(
                "I parse the date from the report.",
                'from datetime import datetime\nd = datetime.strptime("Saturday 17 May 2025", "%d %B %Y")\nprint(d.date())',
            ),
            code(
                "The weekday does not match the format; I drop it.",
                'd = datetime.strptime("17 May 2025", "%d %B %Y")\nprint(d.date())',
            ),
            code("I return the date.", "final_answer(str(d))", bad=True),
        ],
        [
            call("web_search", query="Selsey Gap Beach Clean 2025 litter weight"),
            call("visit_webpage", url="https://selseygapclean.example.org/2025"),
            answer(
                outcome(
                    "Saturday 17 May 2025 (61.2 kg).",
                    "The group's 2025 page lists four cleans: 12 April 38.5 kg, 17 May 61.2 kg, 14 June 44.0 kg, 12 July 27.8 kg. The heaviest is Saturday 17 May 2025 with 61.2 kg.",
                    "The page also gives the record haul of 72.4 kg, but that was on 9 November 2024.",
                )
            ),
        ],
        [
            {"type": "exact_match", "value": "2025-05-17"},
            {"type": "regex", "value": r"^\d{4}-\d{2}-\d{2}$"},
        ],
        M,
        w,
        note="final_answer(str(datetime)) gives '2025-05-17 00:00:00'",
    )
)

# 12 wrong_format: a croquet association's handicap package; the manager's middle code step
# joins module and function with a colon where a dotted path is asked
files = {
    "src/hoopstats/handicap.py": '"""Handicap play: bisques for the weaker player in singles and doubles."""\n\nfrom __future__ import annotations\n\nimport math\n\nFULL_BISQUE = 1.0\nHALF_BISQUE = 0.5\n\n\ndef difference(a: float, b: float) -> float:\n    return abs(a - b)\n\n\ndef bisques_given(weaker: float, stronger: float, base: int = 0) -> float:\n    """Bisques the weaker player receives in a handicap singles game."""\n    diff = difference(weaker, stronger)\n    return math.floor(diff * 2) / 2 + base\n\n\ndef doubles_bisques(pair_a: tuple[float, float], pair_b: tuple[float, float]) -> float:\n    return bisques_given(sum(pair_a) / 2, sum(pair_b) / 2) / 2\n',
    "src/hoopstats/compat.py": '"""Names kept for 2.x callers."""\n\nfrom hoopstats import handicap\n\nbisques = handicap.bisques_given  # deprecated alias, removed in 3.0\n',
    "tests/test_handicap.py": "from hoopstats.handicap import bisques_given\n\n\ndef test_bisques_given_half():\n    assert bisques_given(8.5, 4) == 4.5\n",
    "docs/handicaps.rst": "Handicap games\n==============\n\nbisques_given() returns the bisques the weaker player receives.\n",
}
w = World()
w.files = files
w.grep = {"bisques_given": _hits(files, "bisques_given")}
RUNS.append(
    Run(
        "croquet_bisques_function",
        "wrong_format",
        "Which function of the hoopstats croquet package works out the bisques a weaker player receives in a handicap singles game? Give its dotted import path, like hoopstats.pairs.make_pairs.",
        [
            code(
                "I ask code_agent where the function is defined.",
                'loc = code_agent(task="Find the function in hoopstats that computes the bisques the weaker player receives in a handicap singles game, and the file that defines it.")\nprint(loc)',
            ),
            code(
                "I turn the file path into a module name.",
                'import re\npath = re.search(r"src/[\\w/]+\\.py", loc).group(0)\nmodule = path[len("src/"):-len(".py")].replace("/", ".")\nprint(module)',
            ),
            code(
                "I put the module and the function together.",
                'result = f"{module}:bisques_given"\nprint(result)',
                bad=True,
            ),
            code("I return it.", "final_answer(result)"),
        ],
        [
            call("search_code", pattern="bisques_given"),
            call(
                "read_file",
                "The definition should be in the handicap module.",
                path="src/hoopstats/handicaps.py",
            ),
            call(
                "read_file", "Wrong file name; it is handicap.py.", path="src/hoopstats/handicap.py"
            ),
            answer(
                "The function is `bisques_given(weaker, stronger, base=0)`, defined in src/hoopstats/handicap.py (line 15); its docstring says it returns the bisques the weaker player receives in a handicap singles game. compat.py only keeps a deprecated alias."
            ),
        ],
        [
            {"type": "exact_match", "value": "hoopstats.handicap.bisques_given"},
            {"type": "regex", "value": r"^hoopstats(\.[a-z_]+)+$"},
        ],
        M,
        w,
        sub_tools=("search_code", "read_file"),
        sub_name="code_agent",
        note="the answer is built as hoopstats.handicap:bisques_given",
    )
)

# 13 premature_final_answer: a ukulele orchestra; the manager's first step answers with one of
# the two ensembles its plan needs
w = World()
w.search = [
    (
        ("fernhill", "ukulele"),
        results(
            (
                "About us - Fernhill Ukulele Orchestra",
                "https://fernhilluke.example.org/about",
                "Who we are, when we rehearse, and how to join the orchestra or the Strummers.",
            ),
            (
                "Fernhill Uke Fest 2025 - tickets",
                "https://tickets.example.com/fernhill-uke-fest",
                "A day of workshops and concerts, Saturday 5 July.",
            ),
            (
                "Strummers welcome newcomers - Fernhill Ukulele Orchestra",
                "https://fernhilluke.example.org/news/strummers-2025",
                "Our beginners' group starts the 2025 season with 18 players...",
            ),
        ),
    )
]
w.pages["https://fernhilluke.example.org/about"] = _site(
    "Fernhill Ukulele Orchestra",
    "About us",
    "The orchestra's main ensemble numbers 34 players this season, aged 14 to 81, on soprano, "
    "concert, tenor and baritone ukuleles and one bass. We played 22 concerts in 2024.\n\n"
    "Beginners join our Strummers group, which meets on Monday evenings at the Scout hut; see "
    "the news page for this season's numbers.",
)
w.pages["https://fernhilluke.example.org/news/strummers-2025"] = _site(
    "Fernhill Ukulele Orchestra",
    "Strummers welcome newcomers",
    "Our beginners' group starts the 2025 season with 18 players, eleven of them new this January.",
)
RUNS.append(
    Run(
        "ukulele_total_players",
        "premature_final_answer",
        "At the start of the 2025 season, how many players did the Fernhill Ukulele Orchestra have in total, counting both its main ensemble and its beginners' group? Number only.",
        [
            plan(
                "- Fernhill Ukulele Orchestra: a main ensemble and a beginners' group",
                "1. Ask search_agent for the number of players in the main ensemble.\n2. Ask search_agent for the number in the beginners' group.\n3. Add them and return the total.",
            ),
            code(
                "I ask for the ensemble's size and return the count.",
                'main = search_agent(task="Find how many players the main ensemble of the Fernhill Ukulele Orchestra had at the start of the 2025 season.")\nprint(main)\nimport re\nn = int(re.search(r"(\\d+) players", main).group(1))\nfinal_answer(str(n))',
                bad=True,
            ),
        ],
        [
            call("web_search", query="Fernhill Ukulele Orchestra main ensemble players 2025"),
            call("visit_webpage", url="https://fernhilluke.example.org/about"),
            answer(
                "The main ensemble of the Fernhill Ukulele Orchestra had 34 players at the start of the 2025 season (About us page)."
            ),
        ],
        [{"type": "exact_match", "value": "52"}],
        M,
        w,
        planning=5,
        note="plan needs both groups (34 + 18); first step answers 34",
    )
)

# 14 premature_final_answer: a community fridge network's API; a single CodeAgent's last step
# answers the total of the first page of two
w = World()
w.api = {
    "/fridges?month=2025-04": {
        "network": "Oldbury Community Fridge Network",
        "month": "2025-04",
        "page": 1,
        "per_page": 4,
        "total_fridges": 7,
        "links": {"self": "/fridges?month=2025-04", "next": "/fridges?month=2025-04&page=2"},
        "fridges": [
            {
                "id": "OCF-01",
                "name": "Market Hall",
                "kg_redistributed": "312 kg",
                "donors": 14,
                "open_hours": 42,
            },
            {
                "id": "OCF-02",
                "name": "St Anne's",
                "kg_redistributed": "187.5 kg",
                "donors": 9,
                "open_hours": 20,
            },
            {
                "id": "OCF-03",
                "name": "Library",
                "kg_redistributed": "96 kg",
                "donors": 5,
                "open_hours": 35,
            },
            {
                "id": "OCF-04",
                "name": "Leisure Centre",
                "kg_redistributed": None,
                "donors": None,
                "open_hours": 0,
                "status": "closed for refurbishment",
            },
        ],
    },
    "/fridges?month=2025-04&page=2": {
        "network": "Oldbury Community Fridge Network",
        "month": "2025-04",
        "page": 2,
        "per_page": 4,
        "total_fridges": 7,
        "links": {"self": "/fridges?month=2025-04&page=2", "next": None},
        "fridges": [
            {
                "id": "OCF-05",
                "name": "Church Lane",
                "kg_redistributed": "143 kg",
                "donors": 7,
                "open_hours": 24,
            },
            {
                "id": "OCF-06",
                "name": "Station Road",
                "kg_redistributed": "221.5 kg",
                "donors": 11,
                "open_hours": 40,
            },
            {
                "id": "OCF-07",
                "name": "Allotments",
                "kg_redistributed": "58 kg",
                "donors": 3,
                "open_hours": 12,
            },
        ],
    },
}
RUNS.append(
    Run(
        "fridge_network_april_kg",
        "premature_final_answer",
        "How many kilograms of food did the Oldbury Community Fridge Network redistribute in April 2025, across all of its fridges? Round to the nearest kilogram and give the number only.",
        [
            code(
                "I fetch April's figures and add them up.",
                'import json\ndata = json.loads(fetch_json(endpoint="/fridges?month=2025-04"))\ntotal = sum(f["kg_redistributed"] for f in data["fridges"])\nprint(total)',
            ),
            code(
                "The weights are strings with a unit, and one fridge has null. I parse the numbers and skip the null.",
                'total = sum(float(f["kg_redistributed"].split()[0]) for f in data["fridges"] if f["kg_redistributed"])\nprint(total, data["page"], data["total_fridges"])',
            ),
            code(
                "That is the April total over the fridges.",
                "final_answer(str(round(total)))",
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "1018"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="answers page 1's 595.5 kg (596); both pages give 1018",
    )
)

# 15 looping: a mobile library's timetable; the search sub-agent reworded the same search until
# its max_steps
w = World()
w.search = [
    (
        ("brantwick",),
        results(
            (
                "Mobile library timetable - Hollins County Council",
                "https://www.hollins.example.gov.uk/libraries/mobile-library",
                "Thursday route C (fortnightly): Low Fold 09:30, Upper Brantwick village hall 10:40, Brantwick Bridge 11:35, Ashby Green 13:15...",
            ),
            (
                "Upper Brantwick Village Hall - bookings",
                "https://brantwickhall.example.org",
                "Hire the hall: main room (60 seated), kitchen, car park.",
            ),
            (
                "Brantwick mobile library stop to move (2023)",
                "https://news.example.co.uk/brantwick-library-stop",
                "From May 2023 the mobile library will stop at the village hall instead of the Black Bull car park, at 11:15 on Wednesdays...",
            ),
        ),
    )
]
w.fail[("web_search", 0)] = "429 Too Many Requests: rate limit exceeded, retry in a moment"
RUNS.append(
    Run(
        "mobile_library_stop_time",
        "looping",
        "At what time does the Hollins County mobile library call at Upper Brantwick village hall on its Thursday route? Answer as HH:MM.",
        [
            code(
                "I ask search_agent for the timetable.",
                'stop = search_agent(task="Find the time the Hollins County mobile library stops at Upper Brantwick village hall on its Thursday route.")\nprint(stop)',
            ),
            code("The report gives the time.", 'final_answer("10:40")'),
        ],
        [
            call("web_search", query="Hollins mobile library Upper Brantwick timetable"),
            call(
                "web_search",
                "The search was rate-limited; I retry.",
                query="Hollins mobile library Upper Brantwick timetable",
            ),
            call(
                "web_search",
                "Let me check the Thursday time.",
                bad=True,
                query="Upper Brantwick mobile library Thursday time",
            ),
            call(
                "web_search",
                "I search once more for the stop at the village hall.",
                bad=True,
                query="Hollins mobile library Upper Brantwick village hall",
            ),
            call(
                "web_search",
                "Let me confirm the stop time.",
                bad=True,
                query="mobile library Upper Brantwick Thursday stop time",
            ),
            call(
                "web_search",
                "One more search for the timetable.",
                bad=True,
                query="Upper Brantwick village hall mobile library timetable",
            ),
            text(
                "On Thursdays (route C) the Hollins County mobile library stops at Upper Brantwick village hall at 10:40, according to the council's timetable."
            ),
        ],
        [
            {"type": "exact_match", "value": "10:40"},
            {"type": "tool_called", "tool": "web_search", "max": 2},
        ],
        S,
        w,
        sub_max_steps=6,
        note="after a rate-limit retry, four more near-identical searches until max_steps",
    )
)

# 16 looping: a knitting-pattern converter package; a single CodeAgent reruns the same code
# search until max_steps
files = {
    "src/purlwise/gauge.py": '"""Gauge: stitches and rows per unit of length."""\n\nfrom __future__ import annotations\n\nfrom purlwise.units import INCH_CM\n\n\ndef per4in_to_per10cm(stitches: float) -> float:\n    """A gauge in stitches per 4 inches, as stitches per 10 cm."""\n    return stitches * 10 / (4 * INCH_CM)\n\n\ndef rows_for_length(row_gauge: float, length_cm: float) -> int:\n    return round(row_gauge * length_cm / 10)\n',
    "src/purlwise/units.py": '"""Lengths and yarn weights."""\n\nINCH_CM = 2.54\nYARD_M = 0.9144\n\n# gauge conversions live in purlwise.gauge\n',
    "src/purlwise/cli.py": 'import argparse\n\nfrom purlwise.gauge import per4in_to_per10cm\n\nparser = argparse.ArgumentParser(prog="purlwise")\nparser.add_argument("--gauge", type=float, help="stitches per 4 inches")\n',
    "tests/test_gauge.py": "from purlwise.gauge import per4in_to_per10cm\n\n\ndef test_gauge_22():\n    assert round(per4in_to_per10cm(22), 1) == 21.7\n",
    "README.md": "# purlwise\n\nConvert knitting patterns between US and metric: needle sizes, yarn lengths and gauge.\n\n    purlwise convert pattern.txt --gauge 22\n",
}
w = World()
w.files = files
w.grep = {"gauge": _hits(files, "gauge")}
RUNS.append(
    Run(
        "purlwise_gauge_file",
        "looping",
        "The purlwise package converts knitting patterns between units. Which file defines the function that turns a gauge in stitches per 4 inches into stitches per 10 cm? Answer with the path only.",
        [
            code(
                "I search the code for gauge.",
                'import json\nhits = json.loads(search_code(pattern="gauge"))\nfor m in hits:\n    print(m["path"], m["line"])',
            ),
            code(
                "The answer is an object; the matches are under 'matches'.",
                'for m in hits["matches"]:\n    print(m["path"], m["line"], m["text"])',
            ),
            code(
                "I run the search again to see how many places mention gauge.",
                'hits = json.loads(search_code(pattern="gauge"))\nprint(hits["total"])',
                bad=True,
            ),
            code(
                "Let me search for gauge again and keep only the source files.",
                'res = json.loads(search_code(pattern="gauge"))\nfor m in res["matches"]:\n    if m["path"].startswith("src/"):\n        print(m["path"], m["text"])',
                bad=True,
            ),
            code(
                "Once more, looking for definitions.",
                'res = json.loads(search_code(pattern="gauge"))\nfor m in res["matches"]:\n    if "def " in m["text"]:\n        print(m)',
                bad=True,
            ),
            text("src/purlwise/gauge.py"),
        ],
        None,
        [
            {"type": "exact_match", "value": "src/purlwise/gauge.py"},
            {"type": "tool_called", "tool": "search_code", "max": 2},
        ],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        manager_name="coder",
        max_steps=5,
        note="the same code search rerun three times until max_steps",
    )
)
