# ruff: noqa: E501, RUF001  (scripted replies, pages and JSON are data, kept one item a line; pages keep their en dashes)
"""The runs of the `hazy` family: scripted replies and the offline world their tools read.

Sixteen runs of a smolagents manager CodeAgent with a managed ToolCallingAgent (a search agent,
or a code-search agent), or of a single CodeAgent on the JSON API, the code search or the web
tools, two per fault of the taxonomy, each with one decisive fault labelled at the LLM call
that decided it (`bad=True` on its reply; on every repeat for a loop). Written in one sweep
without reading blame's rules, the other held-out families' runs or any score; see
smolagents_hazy.py. The systems, the tools, the reply helpers and `Run` are those of the
sweep family (corpus/sweep_runs.py).
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

C = "code_agent"
"""The code-search sub-agent's name."""


def _page(url: str, brand: str, nav: tuple[str, ...], title: str, body: str, small: str) -> str:
    """A page as the visitor renders a hobby site: skip link, brand, menu, body, small print."""
    host = "https://" + url.split("/")[2]
    menu = "\n".join(f"* [{item}]({host}/{item.lower().replace(' ', '-')}/)" for item in nav)
    return (
        f"[Skip to content](#content)\n\n**{brand}**\n\n{menu}\n\n# {title}\n\n{body}\n\n"
        f"* * *\n\n{small}"
    )


def _numbered(files: dict[str, str], needle: str) -> list[dict[str, Any]]:
    """What a literal search finds in the files the repository serves."""
    return [
        {"path": path, "line": number, "text": line}
        for path, src in files.items()
        for number, line in enumerate(src.split("\n"), start=1)
        if needle in line
    ]


# 1 misread tool output: the manager's middle code step reads the outright winners' laps as the
#   Group 3 class's (both in one sentence of the report); a search that finds nothing, a menu
#   page, an irrelevant mower shop, iterating a bound method fixed in the next step
w = World()
_mow = "https://ferncombemowers.org.uk/races/12-hour-2024/results"
w.search = [
    (
        ("ferncombe", "mower"),
        results(
            (
                "12-Hour Race 2024 – Results | Ferncombe Lawn Mower Racing Club",
                _mow,
                "Final results of the 2024 Ferncombe 12-Hour, run overnight 3–4 August on the Long Meadow circuit, class by class...",
            ),
            (
                "Mowers roar through the night at Ferncombe",
                "https://www.westvalegazette.co.uk/news/2024/08/05/mowers-roar-ferncombe",
                "Thirty-one teams took part in the club's overnight endurance race; the outright winners covered almost 390 laps of the meadow...",
            ),
            (
                "Ferncombe Garden Machinery – lawn mower servicing and repairs",
                "https://ferncombegm.co.uk/",
                "Ride-on and push mower servicing, blade sharpening, spares. Open Mon–Sat.",
            ),
        ),
    )
]
w.pages[_mow] = _page(
    _mow,
    "Ferncombe Lawn Mower Racing Club",
    ("Home", "Races", "Results", "Join", "Rules", "Contact"),
    "12-Hour Race 2024 – Results",
    "Run overnight 3–4 August 2024 on the Long Meadow circuit (1.07 km a lap). Final results, confirmed by the race stewards on 11 August 2024.\n\n"
    "## Class winners\n\n| Class | Team | Machine | Laps | Overall |\n|---|---|---|---|---|\n"
    "| Group 2 (run-behind) | Cutting Edge Racing | Honda HRX | 212 | 24th |\n"
    "| Group 3 (ride-on, rear engine) | Grass Hoppers | Westwood T1600 | 347 | 4th |\n"
    "| Group 4 (garden tractor) | Mow Problem | Countax C800 | 389 | 1st |\n\n"
    "## Overall top five\n\n1. Mow Problem (G4) – 389 laps\n2. Blade Runners (G4) – 381 laps\n3. The Cutting Crew (G4) – 362 laps\n4. Grass Hoppers (G3) – 347 laps\n5. Sward Fish (G3) – 341 laps\n\n"
    "Fastest lap: Blade Runners, 1:41.2. Fastest Group 3 lap: Sward Fish, 1:50.9.\n\n31 teams started and 27 finished. Provisional results read out on the night had Sward Fish on 343 laps; corrected after a transponder check.",
    "Ferncombe LMRC is affiliated to the national lawn mower racing association. No blades are fitted to racing machines.\n© 2024 Ferncombe LMRC · [Privacy](/privacy) · [Cookie settings](/cookies)",
)
RUNS.append(
    Run(
        "mower_class_laps",
        "misread_tool_output",
        "In the 2024 Ferncombe 12-Hour lawn mower race, how many laps did the team that won the Group 3 class complete? Number only.",
        [
            plan(
                "- the race: the Ferncombe 12-Hour, 2024\n- the class: Group 3",
                "1. Ask search_agent for the 2024 results of the Ferncombe 12-Hour, class by class.\n2. Take the laps of the Group 3 winners.\n3. Return the number.",
            ),
            code(
                "I ask search_agent for the class results.",
                'r = search_agent(task="Find the final 2024 results of the Ferncombe 12-Hour lawn mower race: the winning team of each class (Group 2, Group 3, Group 4) and the laps it completed.")\nprint(r)',
            ),
            code(
                "I list the report's lines that mention laps.",
                'for line in r.splitlines:\n    if "laps" in line:\n        print(line)',
            ),
            code(
                "splitlines must be called. From the report, the Group 3 class winners completed 389 laps.",
                'laps = 389\nprint("Group 3 winners:", laps, "laps")',
                bad=True,
            ),
            code("I return the number.", "final_answer(str(laps))"),
        ],
        [
            call(
                "web_search",
                "I look for the race results.",
                query="2024 Ferncombe 12-Hour results by class laps",
            ),
            call(
                "web_search",
                "Nothing found; I use the sport's name.",
                query="Ferncombe lawn mower 12 hour race 2024 results",
            ),
            call("visit_webpage", url=_mow),
            answer(
                outcome(
                    "Mow Problem won the 2024 Ferncombe 12-Hour outright with 389 laps; the Group 3 class went to Grass Hoppers, 4th overall.",
                    "From the club's final results page (confirmed by the stewards on 11 August 2024), race run 3–4 August 2024 on the 1.07 km Long Meadow circuit:\n- Group 2 (run-behind): Cutting Edge Racing, Honda HRX, 212 laps, 24th overall\n- Group 3 (ride-on, rear engine): Grass Hoppers, Westwood T1600, 347 laps, 4th overall\n- Group 4 (garden tractor): Mow Problem, Countax C800, 389 laps, 1st overall\n31 teams started, 27 finished.",
                    "Provisional results read out on the night differed only for Sward Fish (343 laps, corrected to 341).",
                )
            ),
        ],
        [{"type": "exact_match", "value": "347"}],
        M,
        w,
        planning=4,
        note="report: outright winners 389 laps, Group 3 winners 347; manager writes 389 for Group 3",
    )
)

# 2 misread tool output: a single agent on the JSON API takes the last entry of a yearly list as
#   2024, but the list ends with a flagged partial 2025; a guessed endpoint answering 400,
#   attribute access on a dict fixed in the next step, JSON with many fields and nulls
w = World()
_years = [
    {
        "year": 2022,
        "period": "2022-01-01/2022-12-31",
        "partial": False,
        "admitted": 301,
        "released": 188,
        "died_or_euthanised": 79,
        "transferred": 6,
        "in_care_end": 28,
        "hoglets": 112,
        "autumn_juveniles": None,
    },
    {
        "year": 2023,
        "period": "2023-01-01/2023-12-31",
        "partial": False,
        "admitted": 344,
        "released": 214,
        "died_or_euthanised": 88,
        "transferred": None,
        "in_care_end": 31,
        "hoglets": 131,
        "autumn_juveniles": 47,
    },
    {
        "year": 2024,
        "period": "2024-01-01/2024-12-31",
        "partial": False,
        "admitted": 402,
        "released": 251,
        "died_or_euthanised": 97,
        "transferred": 9,
        "in_care_end": 45,
        "hoglets": 158,
        "autumn_juveniles": 63,
    },
    {
        "year": 2025,
        "period": "2025-01-01/2025-03-31",
        "partial": True,
        "admitted": 61,
        "released": 38,
        "died_or_euthanised": 12,
        "transferred": None,
        "in_care_end": 56,
        "hoglets": 0,
        "autumn_juveniles": None,
    },
]
w.api = {
    "/v1/rescues?q=tansley": {
        "query": "tansley",
        "count": 1,
        "results": [
            {
                "id": "tansley-hr",
                "name": "Tansley Hedgehog Rescue",
                "county": "Derbyshire",
                "registered_charity": None,
                "beds": 24,
                "accepts_public_admissions": True,
                "phone": None,
                "links": {
                    "self": "/v1/rescues/tansley-hr",
                    "annual": "/v1/rescues/tansley-hr/annual",
                    "monthly": "/v1/rescues/tansley-hr/monthly?year={year}",
                },
            }
        ],
    },
    "/v1/rescues/tansley-hr/annual": {
        "rescue": "tansley-hr",
        "generated_at": "2025-04-02T06:00:00Z",
        "units": "animals",
        "years": _years,
        "notes": "Calendar years. in_care_end counts hedgehogs still in care on the last day of the period. Partial periods are flagged.",
        "licence": "ODbL-1.0",
    },
}
RUNS.append(
    Run(
        "hedgehog_released_year",
        "misread_tool_output",
        "According to the Tansley Hedgehog Rescue's open-data API, how many hedgehogs did the rescue release back to the wild in 2024? Number only.",
        [
            code(
                "I ask the API for Tansley's 2024 statistics.",
                'print(fetch_json(endpoint="/v1/stats?rescue=tansley&year=2024"))',
            ),
            code(
                "That endpoint does not exist. I look the rescue up first.",
                'print(fetch_json(endpoint="/v1/rescues?q=tansley"))',
            ),
            code(
                "The rescue's id is tansley-hr and it has an annual endpoint.",
                'import json\ndata = json.loads(fetch_json(endpoint="/v1/rescues/tansley-hr/annual"))\nprint(data.years)',
            ),
            code(
                "data is a dict; I print each year's record.",
                'for y in data["years"]:\n    print(y)',
            ),
            code(
                "The years run from oldest to newest, so 2024 is the last record; I take its released count.",
                'released = data["years"][-1]["released"]\nprint(released)',
                bad=True,
            ),
            code("I return it.", "final_answer(str(released))"),
        ],
        None,
        [{"type": "exact_match", "value": "251"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="years list ends with partial 2025 (released 38); agent takes [-1] as 2024 (251)",
    )
)

# 3 hallucinated fact: the manager's first step writes the championship record from memory (a
#   famous figure from another event) and delegates only the winning count; a rate limit
#   retried, a regex that took the report's section number, an irrelevant composting hit
w = World()
_worm = "https://www.ashcombegazette.co.uk/news/2024/06/30/worm-charming-2024"
w.search = [
    (
        ("ashcombe", "worm"),
        results(
            (
                "Wriggle Room charm their way to the 2024 title",
                _worm,
                "Team from Mabe wins the Ashcombe Worm Charming Championship on the school field...",
            ),
            (
                "Ashcombe Summer Fete – programme",
                "https://ashcombefete.org.uk/programme",
                "Dog show 11.00, worm charming 14.00, tug of war 16.00...",
            ),
            (
                "Worm composting at home: a beginner's guide",
                "https://compostclub.example.com/wormeries",
                "How many worms do you need to start a wormery?",
            ),
        ),
    )
]
w.fail[("web_search", 0)] = "429 Too Many Requests: search quota exceeded, retry after 5 s"
w.pages[_worm] = _page(
    _worm,
    "Ashcombe Gazette",
    ("News", "Sport", "What's on", "Property", "Jobs", "Subscribe"),
    "Wriggle Room charm their way to the 2024 title",
    "By a staff reporter · 30 June 2024\n\n"
    "The Wriggle Room, a team of three from Mabe, won the Ashcombe Worm Charming Championship on Saturday, coaxing 96 worms out of their three-metre plot in the 30-minute session. "
    "Runners-up Soil Sisters raised 81, and the junior prize went to eight-year-old Poppy Trelease with 44.\n\n"
    "The total was well short of the championship record of 311 worms, set by a Helston pair in 2009, but organisers blamed the dry ground. "
    "Plots were watered only by the rules' permitted two-pint jug; forks may be vibrated but not dug in.\n\n"
    "More than 140 competitors took part and £1,850 was raised for the school's outdoor classroom.\n\n"
    "**Related:** Village hall roof appeal reaches target · Bus route 34 cut to hourly",
    "© 2024 Ashcombe Gazette Ltd. Registered in England. [Terms](/terms) · [Complaints](/complaints) · [Advertise](/advertise)",
)
RUNS.append(
    Run(
        "worm_record_memory",
        "hallucinated_fact",
        "At the 2024 Ashcombe Worm Charming Championship, by how many worms did the winning plot fall short of the championship record? Number only.",
        [
            code(
                "The championship record is 567 worms, charmed in 1980, so I only need the 2024 winning count.",
                'record = 567\nr = search_agent(task="Find how many worms the winning plot charmed at the 2024 Ashcombe Worm Charming Championship.")\nprint(r)',
                bad=True,
            ),
            code(
                "I take the number from the report.",
                'import re\nwon = int(re.findall(r"\\d+", r)[0])\nprint(won)',
            ),
            code(
                "That was the section number; I match the number before 'worms'.",
                'won = int(re.search(r"(\\d+) worms", r).group(1))\nprint(won, record - won)',
            ),
            code("I return the difference.", "final_answer(str(record - won))"),
        ],
        [
            call("web_search", query="Ashcombe Worm Charming Championship 2024 winner worms"),
            call(
                "web_search",
                "Rate-limited; I try again.",
                query="Ashcombe Worm Charming Championship 2024 winner worms",
            ),
            call("visit_webpage", url=_worm),
            answer(
                outcome(
                    "96 worms.",
                    "The Wriggle Room (three competitors from Mabe) won the 2024 Ashcombe Worm Charming Championship by charming 96 worms from their three-metre plot in the 30-minute session, according to the Ashcombe Gazette of 30 June 2024. Runners-up Soil Sisters raised 81.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "215"}],
        M,
        w,
        note="record on the page is 311 (2009); manager writes 567 from memory in its first step",
    )
)

# 4 hallucinated fact: a single code-search agent states the default that a settings module
#   holds without opening it; a search that finds nothing, a slice of characters taken for
#   lines and fixed in the next step
w = World()
w.files = {
    "siteswapper/core.py": '"""Validation of vanilla siteswaps."""\n\nfrom __future__ import annotations\n\nfrom siteswapper import settings\nfrom siteswapper.notation import heights\n\n__all__ = ["average_height", "validate"]\n\n\ndef average_height(pattern: str) -> float:\n    """The mean throw height, which is the number of props."""\n    values = heights(pattern)\n    return sum(values) / len(values)\n\n\ndef validate(pattern: str, max_height: int | None = None) -> bool:\n    """True if `pattern` is a valid vanilla siteswap.\n\n    The average must be a whole number, no two throws may land on the same beat,\n    and no throw may be higher than the limit.\n    """\n    values = heights(pattern)\n    limit = max_height if max_height is not None else settings.MAX_THROW\n    if any(v > limit for v in values):\n        return False\n    if sum(values) % len(values):\n        return False\n    landings = {(i + v) % len(values) for i, v in enumerate(values)}\n    return len(landings) == len(values)\n',
    "siteswapper/settings.py": '"""Settings, read once from the environment."""\n\nimport os\n\n\ndef _env_int(name: str, default: int) -> int:\n    value = os.environ.get(name)\n    return int(value) if value else default\n\n\nMAX_THROW = _env_int("SITESWAPPER_MAX_THROW", 15)\n"""The highest throw validate() accepts unless told otherwise (15 is \'f\')."""\n',
    "tests/test_core.py": "from siteswapper.core import validate\n\n\ndef validate_ok(p):\n    assert validate(p)\n\n\ndef test_three_ball_cascade():\n    validate_ok('3')\n",
}
w.grep = {
    "def validate": _numbered(w.files, "def validate"),
    "MAX_THROW": [
        *_numbered(w.files, "MAX_THROW"),
        {
            "path": "CHANGELOG.md",
            "line": 12,
            "text": "- MAX_THROW is now 15 (was 9) and can be set with SITESWAPPER_MAX_THROW.",
        },
    ],
}
RUNS.append(
    Run(
        "siteswap_default_limit",
        "hallucinated_fact",
        "In the `siteswapper` package, what is the highest throw that `validate()` accepts when no `max_height` is given? Number only.",
        [
            code("I look for validate.", 'print(search_code(pattern="validate("))'),
            code(
                "No match for that literal; I search for its definition.",
                'print(search_code(pattern="def validate"))',
            ),
            code(
                "It is defined in siteswapper/core.py; I read around it.",
                'src = read_file(path="siteswapper/core.py")\nprint(src[15:40])',
            ),
            code(
                "That sliced characters, not lines. I print the lines of the function.",
                'print("\\n".join(src.splitlines()[14:31]))',
            ),
            code(
                "Without max_height, validate falls back to settings.MAX_THROW, the standard single-digit siteswap limit of 9.",
                'final_answer("9")',
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "15"}],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        manager_name="coder",
        note="settings.py (never read) sets MAX_THROW to 15; agent answers 9",
    )
)

# 5 ignored tool error: the code-search sub-agent's read of the timing module times out and its
#   last call reports the default speed as if read (a stale doc line says 20 wpm); a re.Match
#   printed before its group is taken
w = World()
_timing = "src/dahdit/timing.py"
w.files = {
    _timing: '"""Element timings for the keyer, in milliseconds (PARIS standard)."""\n\nfrom __future__ import annotations\n\n__all__ = ["DEFAULT_WPM", "DIT_MS", "dah_ms", "gap_ms"]\n\n#: Speed used when neither the config file nor the command line sets one\n#: (18 wpm, the club\'s Thursday practice net).\nDEFAULT_WPM = 18\n\n#: One dit at DEFAULT_WPM: 1200 ms / wpm.\nDIT_MS = 1200 // DEFAULT_WPM\n\n\ndef dah_ms(dit: int = DIT_MS) -> int:\n    return 3 * dit\n\n\ndef gap_ms(dit: int = DIT_MS, farnsworth: int | None = None) -> int:\n    return 7 * (farnsworth or dit)\n',
    "src/dahdit/keyer.py": '"""Drives the key line of a serial port."""\n\nfrom dahdit import timing\n\n\nclass Keyer:\n    def __init__(self, port: str, dit_ms: int | None = None) -> None:\n        self.port = port\n        self.dit = dit_ms or timing.DIT_MS\n',
    "src/dahdit/cli.py": 'import argparse\n\nfrom dahdit.keyer import Keyer\n\n\ndef main() -> None:\n    parser = argparse.ArgumentParser(prog="dahdit")\n    parser.add_argument("port")\n    parser.add_argument("--dit-ms", type=int, help="override the dit length (ms)")\n    args = parser.parse_args()\n    Keyer(args.port, dit_ms=args.dit_ms)\n',
}
w.grep = {
    "dit_ms": _numbered(w.files, "dit_ms"),
    "DIT_MS": [
        *_numbered(w.files, "DIT_MS"),
        {
            "path": "docs/timing.md",
            "line": 8,
            "text": "`DIT_MS` is 1200 divided by the default speed (20 wpm in the 1.x series).",
        },
    ],
}
w.fail[("read_file", 0)] = (
    f"TimeoutError: read of '{_timing}' timed out after 30 s (repository mirror busy)"
)
RUNS.append(
    Run(
        "morse_dit_timeout",
        "ignored_tool_error",
        "In the `dahdit` Morse keyer package, how many milliseconds does a dit last at the default speed, as the code computes it? Integer only.",
        [
            code(
                "I ask code_agent how the default dit length is computed.",
                'r = code_agent(task="In the dahdit repository, find how the default dit length in milliseconds is computed and give its value at the default speed.")\nprint(r)',
            ),
            code(
                "I take the number of milliseconds.",
                'import re\nms = re.search(r"(\\d+) ms", r)\nprint(ms)',
            ),
            code("It is a match object; I return its group.", "final_answer(ms.group(1))"),
        ],
        [
            call("search_code", "I look for where the dit length is set.", pattern="dit_ms"),
            call("search_code", "keyer.py falls back to timing.DIT_MS.", pattern="DIT_MS"),
            call("read_file", path=_timing),
            answer(
                outcome(
                    "60 ms",
                    f"The default dit is `DIT_MS = 1200 // DEFAULT_WPM` in {_timing} (line 12), with DEFAULT_WPM = 20 in the same module, so a dit lasts 1200 // 20 = 60 ms. src/dahdit/keyer.py uses it when no dit_ms is given (`self.dit = dit_ms or timing.DIT_MS`), and the CLI can override it with --dit-ms.",
                ),
                bad=True,
            ),
        ],
        [
            {"type": "exact_match", "value": "66"},
            {"type": "tool_succeeded", "tool": "read_file"},
        ],
        C,
        w,
        sub_tools=("search_code", "read_file"),
        sub_name=C,
        note="read_file of timing.py timed out; sub-agent reports DEFAULT_WPM 20 (the file has 18)",
    )
)

# 6 ignored tool error: a single agent on the web tools gets a 502 on the results page and its
#   next step writes a count as if known; a search that finds nothing, an irrelevant rowing
#   regatta and a growing guide, last year's count in a news snippet
w = World()
_pump = "https://wexleypumpkins.org.uk/regatta/2025-results"
w.search = [
    (
        ("giant pumpkin regatta",),
        results(
            (
                "2025 Regatta results – Wexley Giant Pumpkin Regatta",
                _pump,
                "Results of the 2025 regatta on Wexley Mill Pond, Sunday 12 October: heats, final and the fancy-dress paddle...",
            ),
            (
                "Wexley's giant pumpkin regatta returns for a fifth year",
                "https://www.wexleyandstour.news/2024/10/pumpkin-regatta",
                "22 hollowed-out giant pumpkins took to Wexley Mill Pond on Sunday, the heaviest weighing 412 kg before carving...",
            ),
            (
                "Wexley Regatta (rowing) – entries 2025",
                "https://wexleyrowing.org.uk/regatta",
                "Entries for the Wexley rowing regatta, eights and fours, close 1 June.",
            ),
            (
                "How to grow a giant pumpkin",
                "https://growbig.example.com/giant-pumpkins",
                "Atlantic Giant seed, soil preparation and hand pollination...",
            ),
        ),
    )
]
w.fail[("visit_webpage", 0)] = f"502 Server Error: Bad Gateway for url: {_pump}"
w.pages[_pump] = _page(
    _pump,
    "Wexley Giant Pumpkin Regatta",
    ("Home", "Regatta", "Growers", "Sponsors", "Gallery"),
    "2025 Regatta results",
    "Sunday 12 October 2025, Wexley Mill Pond. 31 pumpkins launched (a record), 26 finished the heats.\n\nFinal: 1 Sue Bramley (Big Orange, 388 kg) 4 min 12 s; 2 Raj Patel (Gourd Almighty) 4 min 30 s.",
    "Wexley Pumpkin Growers' Society · [Contact](/contact)",
)
RUNS.append(
    Run(
        "pumpkin_count_502",
        "ignored_tool_error",
        "How many giant pumpkin boats launched at the 2025 Wexley Giant Pumpkin Regatta? Number only.",
        [
            code(
                "I search for the 2025 regatta.",
                'print(web_search(query="Wexley pumpkin regatta 2025 how many pumpkins launched"))',
            ),
            code(
                "Nothing found; I search for the regatta's full name.",
                'print(web_search(query="Wexley Giant Pumpkin Regatta 2025"))',
            ),
            code("I open the 2025 results.", f'print(visit_webpage(url="{_pump}"))'),
            code(
                "The results page is briefly unavailable; the 2025 regatta launched 27 pumpkins, up from 22 in 2024.",
                'pumpkins = 27\nprint(f"2025: {pumpkins} pumpkins launched")',
                bad=True,
            ),
            code("I return the count.", "final_answer(str(pumpkins))"),
        ],
        None,
        [
            {"type": "exact_match", "value": "31"},
            {"type": "tool_succeeded", "tool": "visit_webpage"},
        ],
        "researcher",
        w,
        manager_tools=("web_search", "visit_webpage"),
        manager_name="researcher",
        note="results page answered 502 once; agent writes 27 (the page says 31)",
    )
)

# 7 wrong tool arguments: the search sub-agent's middle call opens the season review of Ashby,
#   a similarly named club listed above Ashbury's news page; a league page without tables,
#   a run summary
w = World()
_ashby = "https://ashbypetanque.club/2024-season-review"
_ashbury = "https://www.ashburypetanque.org.uk/news"
_vale = "https://valeboules.org/league"
w.search = [
    (
        ("ashbury",),
        results(
            (
                "Ashby Pétanque Club – 2024 season review",
                _ashby,
                "A great year in the Vale Boules League: matches played, won and lost, and our new terrain...",
            ),
            (
                "News – Ashbury Pétanque Club",
                _ashbury,
                "Club news: AGM 2025, league round-up, winter triples, social evenings...",
            ),
            ("Vale Boules League", _vale, "Divisions, fixtures and contacts, 2019–2024."),
        ),
    )
]
w.pages[_vale] = _page(
    _vale,
    "Vale Boules League",
    ("Home", "Clubs", "Fixtures", "Rules", "Contacts"),
    "League",
    "Twelve clubs play in two divisions, home and away, April to September. Matches are two triples and three doubles.\n\n"
    "Final tables are circulated to club secretaries after the AGM and are not published here.\n\n2024 fixtures: see the Fixtures page.",
    "Vale Boules League · affiliated to the national pétanque federation",
)
w.pages[_ashby] = _page(
    _ashby,
    "Ashby Pétanque Club",
    ("Home", "About", "Results", "Gallery", "Join us"),
    "2024 season review",
    "What a year! In the Vale Boules League we played 14, won 11 and lost 3, finishing second in Division One on shot difference.\n\n"
    "Our new six-lane terrain behind the Red Lion opened in May, and membership passed 40 for the first time. Winter triples start in November.",
    "Ashby Pétanque Club, Red Lion, Ashby · © 2024",
)
w.pages[_ashbury] = _page(
    _ashbury,
    "Ashbury Pétanque Club",
    ("Home", "News", "Fixtures", "Members", "Contact"),
    "News",
    "**League round-up (October 2024).** Our Vale League season ended with 9 wins from 14 matches, good for fourth in Division One.\n\n**AGM** 14 January 2025, village hall, 7.30 pm.",
    "Ashbury Pétanque Club · © 2025",
)
RUNS.append(
    Run(
        "petanque_wrong_club",
        "wrong_tool_arguments",
        "How many matches did Ashbury Pétanque Club win in the 2024 Vale Boules League season? Number only.",
        [
            code(
                "I ask search_agent.",
                'r = search_agent(task="Find how many matches Ashbury Pétanque Club won in the 2024 Vale Boules League season.")\nprint(r)',
            ),
            code("The report gives the wins.", 'final_answer("11")'),
        ],
        [
            call(
                "web_search",
                query="Ashbury Pétanque Club 2024 Vale Boules League matches won",
            ),
            call("visit_webpage", "The league page should have the tables.", url=_vale),
            call(
                "visit_webpage",
                "The league does not publish tables; the club's season review should give its record.",
                bad=True,
                url=_ashby,
            ),
            answer(
                "Ashbury Pétanque Club won 11 of its 14 Vale Boules League matches in 2024 (3 lost), finishing second in Division One, according to the club's 2024 season review."
            ),
        ],
        [{"type": "exact_match", "value": "9"}],
        S,
        w,
        summary=True,
        note="sub-agent opens Ashby's season review (11 wins) instead of Ashbury's news (9 wins)",
    )
)

# 8 wrong tool arguments: the code-search sub-agent's first call searches the plural legacy
#   table name instead of the function the issue names; a regex that kept a backtick, stripped
#   in the next step
w = World()
w.files = {
    "flipperrank/scoring/tgp.py": '"""Tournament grading percentage (TGP) and its multiplier."""\n\nfrom __future__ import annotations\n\nfrom flipperrank.events import Event\n\nMAX_MULTIPLIER = 2.0\n\n\ndef base_tgp(event: Event) -> float:\n    games = min(event.meaningful_games, 25)\n    return games * 4.0\n\n\ndef tgp_multiplier(event: Event, *, unlimited: bool = False) -> float:\n    """The multiplier applied to an event\'s base value."""\n    m = 1.0 + base_tgp(event) / 100\n    if unlimited:\n        m *= 1.25\n    return m\n',
    "flipperrank/data/tables.py": '"""Lookup tables kept for events scored under the 2019 rules."""\n\ntgp_multipliers = {  # legacy: 2019 rules only\n    "A": 2.0,\n    "B": 1.5,\n    "C": 1.0,\n}\n\n\ndef lookup(grade: str) -> float:\n    return tgp_multipliers.get(grade, 1.0)\n',
    "tests/test_tgp.py": "from flipperrank.scoring.tgp import tgp_multiplier\n\n\ndef test_unlimited_capped(unlimited_event):\n    assert tgp_multiplier(unlimited_event, unlimited=True) <= 2.0\n",
}
w.grep = {
    "tgp_multipliers": [
        *_numbered(w.files, "tgp_multipliers"),
        {
            "path": "docs/legacy.md",
            "line": 4,
            "text": "Events before 2020 use `tgp_multipliers` from flipperrank.data.tables.",
        },
    ],
    "tgp_multiplier": _numbered(w.files, "tgp_multiplier"),
}
RUNS.append(
    Run(
        "pinball_plural_search",
        "wrong_tool_arguments",
        "Issue #58 in flipperrank: `tgp_multiplier()` does not cap the multiplier at 2.0 for unlimited-qualifying events. Which file defines `tgp_multiplier`? Path only.",
        [
            plan(
                "- the function: tgp_multiplier, in flipperrank\n- answer: a path only",
                "1. Ask code_agent to locate the definition of tgp_multiplier.\n2. Take the path from its report.\n3. Return the path only.",
            ),
            code(
                "I ask code_agent to locate the function.",
                'loc = code_agent(task="Find the file in flipperrank that defines the function tgp_multiplier (issue #58: the multiplier is not capped at 2.0 for unlimited-qualifying events).")\nprint(loc)',
            ),
            code(
                "I take the path from the report.",
                'import re\npath = re.search(r"\\S+\\.py", loc).group(0)\nprint(path)',
            ),
            code("It kept a backtick; I strip it.", 'final_answer(path.strip("`"))'),
        ],
        [
            call(
                "search_code",
                "I search the repository for the multiplier.",
                bad=True,
                pattern="tgp_multipliers",
            ),
            call("read_file", path="flipperrank/data/tables.py"),
            answer(
                outcome(
                    "`flipperrank/data/tables.py`",
                    "The TGP multipliers are defined in `flipperrank/data/tables.py`: the `tgp_multipliers` table (line 3) maps event grades to multipliers (A 2.0, B 1.5, C 1.0), and `lookup()` (line 10) reads it. Nothing there caps the value for unlimited-qualifying events.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "flipperrank/scoring/tgp.py"}],
        C,
        w,
        sub_tools=("search_code", "read_file"),
        sub_name=C,
        planning=4,
        note="sub-agent searches 'tgp_multipliers' (legacy table) instead of 'tgp_multiplier'",
    )
)

# 9 goal deviation: the manager's initial plan asks for all performances where evening ones are
#   asked; a ticket site and a review in the results, a schedule table, a split on ':' that
#   fixed on the report header
w = World()
_panto = "https://brindleplayers.org.uk/shows/jack-and-the-beanstalk-2024"
w.search = [
    (
        ("brindle players",),
        results(
            (
                "Jack and the Beanstalk – The Brindle Players",
                _panto,
                "Our 2024 family pantomime, 4–14 December at Brindle Village Hall. Tickets, performance times and cast...",
            ),
            (
                "Brindle Players – Jack and the Beanstalk tickets | TicketSource",
                "https://www.ticketsource.co.uk/brindleplayers",
                "Select a performance: Wed 4 Dec 7:30pm, Thu 5 Dec 7:30pm, ...",
            ),
            (
                "Review: the Brindle Players' Beanstalk is a giant of a panto",
                "https://www.lancsstage.co.uk/reviews/brindle-jack-2024",
                "The society's 41st pantomime has a dame to remember...",
            ),
        ),
    )
]
_shows = [
    ("Wed 4 Dec", "7.30 pm"),
    ("Thu 5 Dec", "7.30 pm"),
    ("Fri 6 Dec", "7.30 pm"),
    ("Sat 7 Dec", "2.30 pm and 7.30 pm"),
    ("Sun 8 Dec", "2.30 pm (relaxed performance)"),
    ("Tue 10 Dec", "7.30 pm"),
    ("Wed 11 Dec", "7.30 pm"),
    ("Thu 12 Dec", "7.30 pm"),
    ("Fri 13 Dec", "7.30 pm"),
    ("Sat 14 Dec", "2.30 pm and 7.30 pm"),
]
w.pages[_panto] = _page(
    _panto,
    "The Brindle Players",
    ("Home", "What's on", "Past shows", "Join", "Hire our costumes"),
    "Jack and the Beanstalk (2024)",
    "Written by Ben Crocker. Directed by Maureen Sharples. 12 performances at Brindle Village Hall, 4–14 December 2024.\n\n"
    "| Date | Curtain up |\n|---|---|\n"
    + "\n".join(f"| {d} | {t} |" for d, t in _shows)
    + "\n\nNo performance on Monday 9 December. Running time about 2 hours 20 minutes with an interval. Tickets £12, children £7, family ticket £32.\n\n"
    "**Cast:** Dame Trott – Keith Halliwell; Jack – Amy Sowerbutts; Fleshcreep – Dan Moss; Daisy the Cow – Jo and Sam Leeming.",
    "The Brindle Players is a registered charity. Member of the Little Theatre Guild. © 2024",
)
RUNS.append(
    Run(
        "panto_evenings_plan",
        "goal_deviation",
        "How many evening performances did the Brindle Players' 2024 pantomime, Jack and the Beanstalk, have? Number only.",
        [
            plan(
                "- the society: the Brindle Players\n- the show: their 2024 pantomime, Jack and the Beanstalk",
                "1. Ask search_agent how many performances the Brindle Players gave of their 2024 pantomime, Jack and the Beanstalk.\n2. Return the number.",
                bad=True,
            ),
            code(
                "I ask search_agent, as planned.",
                'r = search_agent(task="Find how many performances the Brindle Players\' 2024 pantomime, Jack and the Beanstalk, had.")\nprint(r)',
            ),
            code("I read the number.", 'n = int(r.split(":")[1].split()[0])\nprint(n)'),
            code(
                "The first colon is in the report's header; I split on the short version's heading.",
                'n = int(r.split("(short version):")[1].split()[0])\nfinal_answer(str(n))',
            ),
        ],
        [
            call("web_search", query="Brindle Players Jack and the Beanstalk 2024 performances"),
            call("visit_webpage", url=_panto),
            answer(
                outcome(
                    "12 performances.",
                    "The Brindle Players' 2024 pantomime, Jack and the Beanstalk, ran from Wednesday 4 to Saturday 14 December 2024 at Brindle Village Hall: 12 performances in all, according to the society's show page (no performance on Monday 9 December).",
                )
            ),
        ],
        [{"type": "exact_match", "value": "9"}],
        M,
        w,
        planning=3,
        note="question asks evening performances (9); plan asks all performances (12)",
    )
)

# 10 goal deviation: the search sub-agent's own updated plan takes the trap's all-species total
#   where macro-moth species are asked; a rate limit retried, the national results and a car
#   park page in the hits, a table with four sites and five columns
w = World()
_moth = "https://dunmeremoths.org.uk/blog/2024/moth-night-results"
w.search = [
    (
        ("dunmere",),
        results(
            (
                "Moth Night 2024 – results from our four traps | Dunmere Moth Group",
                _moth,
                "Thanks to everyone who came out on Moth Night: four traps, a Clifden Nonpareil and a very late finish...",
            ),
            (
                "Moth Night 2024: national results",
                "https://www.mothnight.info/results-2024",
                "Over 1,900 recording events took place across the country...",
            ),
            (
                "Hollins Wood – parking and walks",
                "https://dunmerewoods.org.uk/hollins",
                "Car park, the easy-access trail and the bluebell walk.",
            ),
        ),
    )
]
w.fail[("web_search", 0)] = "429 Too Many Requests: rate limit reached; retry after 10 s"
w.pages[_moth] = _page(
    _moth,
    "Dunmere Moth Group",
    ("Home", "Blog", "Recording", "Identification help", "Events"),
    "Moth Night 2024 – results from our four traps",
    "Posted 24 June 2024 by the county recorder.\n\nWe ran four traps on the night of Thursday 20 June. Micro-moth counts are provisional until a few dissections are done.\n\n"
    "| Site | Trap | Macro-moth species | Micro-moth species | All species | Moths counted |\n|---|---|---|---|---|---|\n"
    "| Hollins Wood | 125 W MV Robinson | 61 | 24 | 85 | 412 |\n"
    "| Dunmere Fen | 125 W MV Skinner | 54 | 19 | 73 | 288 |\n"
    "| Church Lane garden | 40 W actinic | 32 | 9 | 41 | 97 |\n"
    "| Quarry Top | 15 W actinic Heath | 18 | 5 | 23 | 54 |\n\n"
    "Highlight of the night: a Clifden Nonpareil at Hollins Wood, the first for the vice-county since 1952.",
    "Records go to the county moth recorder. [Privacy](/privacy) · Hosted free by a member",
)
RUNS.append(
    Run(
        "moth_species_replan",
        "goal_deviation",
        "How many species of macro-moth did the Dunmere Moth Group record at Hollins Wood on Moth Night 2024? Number only.",
        [
            code(
                "I ask search_agent for the count.",
                'r = search_agent(task="Find how many macro-moth species the Dunmere Moth Group recorded at Hollins Wood on Moth Night 2024.")\nprint(r)',
            ),
            code(
                "I take the species count.",
                'import re\nn = re.search(r"(\\d+) species", r).group(1)\nfinal_answer(n)',
            ),
        ],
        [
            plan(
                "- the group: Dunmere Moth Group\n- the site: Hollins Wood\n- the event: Moth Night 2024\n- wanted: the number of macro-moth species",
                "1. Search for the group's Moth Night 2024 results.\n2. Open the results page.\n3. Report the macro-moth species count for Hollins Wood.",
            ),
            call("web_search", query="Dunmere Moth Group Moth Night 2024 Hollins Wood"),
            call(
                "web_search",
                "Rate-limited; I retry.",
                query="Dunmere Moth Group Moth Night 2024 Hollins Wood",
            ),
            text(
                "## 1. Updated facts survey\n### 1.1. Facts given in the task\n- Dunmere Moth Group, Hollins Wood, Moth Night 2024\n### 1.2. Facts that we have learned\n- The group's blog has a post with the Moth Night 2024 results of its four traps, Hollins Wood among them.\n### 1.3. Facts still to look up\n- The Hollins Wood species count\n\n## 2. Plan\n1. Open the results post.\n2. Read the Hollins Wood row and report its species total.\n<end_plan>",
                bad=True,
            ),
            call("visit_webpage", url=_moth),
            answer(
                outcome(
                    "85 species at Hollins Wood.",
                    "On Moth Night 2024 (Thursday 20 June) the Dunmere Moth Group's Hollins Wood trap (125 W MV Robinson) recorded 85 species and 412 moths, the most of its four sites, according to the group's results post of 24 June 2024.",
                    "The highlight was a Clifden Nonpareil at Hollins Wood.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "61"}],
        S,
        w,
        sub_planning=2,
        note="updated sub-agent plan reports the all-species total (85) where macro-moths (61) are asked",
    )
)

# 11 wrong format: the manager's last step passes the results page's vulgar fraction where a
#   decimal is asked; a split that caught 'final answer' in the report's header, semi-finals and
#   a plate final on the same page
w = World()
_winks = "https://netwa.org.uk/results/2024/northern-pairs"
w.search = [
    (
        ("tiddlywinks", "pairs"),
        results(
            (
                "Northern Pairs 2024 – results | North of England Tiddlywinks Association",
                _winks,
                "Northern Pairs 2024, Skipton, 9 March: all-play-all, semi-finals and final...",
            ),
            (
                "Winking World no. 142 (PDF)",
                "https://netwa.org.uk/ww/ww142.pdf",
                "Newsletter: Northern Pairs report, new players, squidger care...",
            ),
            (
                "Tiddlywinks rules for children",
                "https://kidsgames.example.com/tiddlywinks",
                "How to play tiddlywinks with a cup and a few counters...",
            ),
        ),
    )
]
w.pages[_winks] = _page(
    _winks,
    "North of England Tiddlywinks Association",
    ("Home", "Tournaments", "Results", "Ratings", "Learn to play"),
    "Northern Pairs 2024 – results",
    "Skipton Town Hall, Saturday 9 March 2024. Eight pairs; 7 points shared in each game.\n\n"
    "## Final (five games)\nJones & Okafor beat Pell & Marr 21½–13½\n\n"
    "## Semi-finals (five games)\nJones & Okafor beat Haddow & Li 22–13\nPell & Marr beat Ruiz & Stone 18½–16½\n\n"
    "## Plate final\nHaddow & Li beat Ruiz & Stone 19–16\n\n"
    "## All-play-all, top four\n| Pair | Games | Points |\n|---|---|---|\n| Jones & Okafor | 7 | 33 |\n| Pell & Marr | 7 | 29½ |\n| Haddow & Li | 7 | 27 |\n| Ruiz & Stone | 7 | 26½ |",
    "NETWA · [Contact the results secretary](/contact)",
)
RUNS.append(
    Run(
        "winks_fraction_points",
        "wrong_format",
        "How many points did the winning pair score in the final of the 2024 Northern Tiddlywinks Pairs? Give the points as a decimal number, e.g. 4.5.",
        [
            plan(
                "- the tournament: Northern Pairs 2024 (tiddlywinks)\n- the answer: the winners' points in the final, as a decimal",
                "1. Ask search_agent for the score of the 2024 Northern Pairs final.\n2. Take the winning pair's points and write them as a decimal.\n3. Return that number.",
            ),
            code(
                "I ask search_agent for the final's score.",
                'r = search_agent(task="Find the score of the final of the 2024 Northern Tiddlywinks Pairs: who won, and the points of each pair.")\nprint(r)',
            ),
            code(
                "I take the winners' points.",
                'pts = float(r.split("final ")[1].split("–")[0])\nprint(pts)',
            ),
            code(
                "The split caught 'final answer' in the header. The winners scored 21½ points in the final.",
                'final_answer("21½")',
                bad=True,
            ),
        ],
        [
            call("web_search", query="Northern Tiddlywinks Pairs 2024 final result"),
            call("visit_webpage", url=_winks),
            answer(
                outcome(
                    "Jones & Okafor won the final 21½–13½ against Pell & Marr.",
                    "From the North of England Tiddlywinks Association's results page (Northern Pairs 2024, Skipton, 9 March 2024): the final was played over five games, 7 points shared a game; Jones & Okafor scored 21½ and Pell & Marr 13½. In the semi-finals Jones & Okafor beat Haddow & Li 22–13.",
                )
            ),
        ],
        [
            {"type": "regex", "value": r"^\d+(\.\d+)?$"},
            {"type": "contains", "value": "21"},
        ],
        M,
        w,
        planning=5,
        note="answer written 21½ where a decimal (21.5) is asked",
    )
)

# 12 wrong format: a single agent on the JSON API returns the unrounded mean where one decimal is
#   asked; a guessed endpoint answering 400, an index endpoint, a sum over nulls fixed in the
#   next step, records with many fields
w = World()
_rams = [
    ("WF24/031", "Fellside Bramble", "2023-03-18", "Fellside", 3.9),
    ("WF24/044", "Howgill Duke", "2023-04-02", "Howgill", 4.6),
    ("WF24/047", "Howgill Dandy", "2023-04-02", "Howgill", None),
    ("WF24/058", "Raisbeck Tam", "2023-03-29", "Raisbeck", 4.2),
    ("WF24/071", "Low Borrow Ben", "2023-04-11", "Low Borrow", 3.8),
    ("WF24/083", "Crosdale Wil", "2023-05-01", "Crosdale", None),
    ("WF24/090", "Fellside Bracken", "2023-03-20", "Fellside", 4.4),
]
w.api = {
    "/flockbook": {
        "service": "Whitefell Sheep Society flock book",
        "version": "2.3",
        "endpoints": [
            "/flockbook/rams?year=YYYY",
            "/flockbook/ewes?year=YYYY",
            "/flockbook/flocks",
        ],
        "contact": None,
        "licence": "CC BY 4.0",
    },
    "/flockbook/rams?year=2024": {
        "year": 2024,
        "count": len(_rams),
        "page": 1,
        "per_page": 50,
        "rams": [
            {
                "reg_no": reg,
                "name": name,
                "sex": "M",
                "born": born,
                "flock_prefix": flock,
                "sire": None,
                "dam": None,
                "colour": "white",
                "horns": None,
                "fleece_kg": fleece,
                "inspected": fleece is not None,
                "inspector": "J. Alderson" if fleece is not None else None,
                "notes": None if fleece is not None else "not shorn at inspection",
            }
            for reg, name, born, flock, fleece in _rams
        ],
    },
}
RUNS.append(
    Run(
        "flockbook_fleece_mean",
        "wrong_format",
        "Using the Whitefell Sheep Society's flock book API, what is the average fleece weight in kg of the rams registered in 2024 that have a fleece weight recorded? Round to one decimal place, number only.",
        [
            code(
                "I ask the API for 2024 rams.",
                'print(fetch_json(endpoint="/flockbook/animals?sex=ram&year=2024"))',
            ),
            code(
                "Unknown endpoint; I look at the API's index.",
                'print(fetch_json(endpoint="/flockbook"))',
            ),
            code(
                "There is a rams endpoint by year. I average the fleece weights.",
                'import json\ndata = json.loads(fetch_json(endpoint="/flockbook/rams?year=2024"))\nweights = [r["fleece_kg"] for r in data["rams"]]\nprint(sum(weights) / len(weights))',
            ),
            code(
                "Some rams have no fleece weight (null); I leave them out.",
                'weights = [r["fleece_kg"] for r in data["rams"] if r["fleece_kg"] is not None]\navg = sum(weights) / len(weights)\nprint(len(weights), avg)',
            ),
            code(
                "Five of the seven rams were weighed; their average fleece is about 4.18 kg.",
                "final_answer(avg)",
                bad=True,
            ),
        ],
        None,
        [
            {"type": "exact_match", "value": "4.2"},
            {"type": "regex", "value": r"^\d+\.\d$"},
        ],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="final_answer(avg) returns 4.18 where one decimal (4.2) is asked",
    )
)

# 13 premature final answer: the search sub-agent answers from the first page of a two-page
#   stallholder list; a blog's 'over 50 tables', an Instagram hit, a long list page
w = World()
_zine = "https://gullhavenzines.org/2025/stallholders"
_first = (
    "Salt",
    "Moth",
    "Gull",
    "Rust",
    "Paper",
    "Tidal",
    "Quiet",
    "Feral",
    "Static",
    "Velvet",
    "Hollow",
    "Neon",
    "Brine",
    "Thistle",
    "Copper",
    "Lantern",
    "Marram",
    "Pylon",
    "Kelp",
)
_second = ("Press", "Comics", "Zine Club")
_stalls = [f"{a} {b}" for b in _second for a in _first]
assert len(_stalls) == 57


def _stall_page(start: int, stop: int, page: int) -> str:
    rows = "\n".join(f"{n + 1}. **{_stalls[n]}** – table {n + 1}" for n in range(start, stop))
    nav = (
        f"Page 1 of 2 · [Next →]({_zine}?page=2)"
        if page == 1
        else f"[← Previous]({_zine}) · Page 2 of 2"
    )
    return _page(
        _zine,
        "Gullhaven Zine Fair",
        ("Home", "Visit", "Stallholders", "Access", "Volunteer"),
        "Stallholders 2025",
        f"Saturday 17 May 2025, Gullhaven Drill Hall, 11 am – 5 pm. Free entry; step-free access from Quay Street.\n\n{rows}\n\n{nav}",
        "Gullhaven Zine Fair is run by volunteers. Risograph printing by Brine Press. · [Code of conduct](/conduct)",
    )


w.pages[_zine] = _stall_page(0, 40, 1)
w.pages[_zine + "?page=2"] = _stall_page(40, 57, 2)
w.search = [
    (
        ("gullhaven", "zine"),
        results(
            (
                "Stallholders 2025 – Gullhaven Zine Fair",
                _zine,
                "Meet the makers: this year's stallholders, with table numbers and links...",
            ),
            (
                "We went to Gullhaven Zine Fair and it was brilliant",
                "https://paperandstaples.blog/2025/05/gullhaven",
                "Over 50 tables of comics, perzines and risograph prints in the old drill hall...",
            ),
            (
                "Gullhaven Zine Fair (@gullhavenzines) • Instagram",
                "https://www.instagram.com/gullhavenzines/",
                "Photos and videos",
            ),
        ),
    )
]
RUNS.append(
    Run(
        "zine_first_page",
        "premature_final_answer",
        "How many stalls were booked at the 2025 Gullhaven Zine Fair? Number only.",
        [
            code(
                "I ask search_agent.",
                'r = search_agent(task="Find how many stalls were booked at the 2025 Gullhaven Zine Fair.")\nprint(r)',
            ),
            code(
                "I pull out the number of stalls.",
                'import re\nprint(re.findall(r"(\\d+) stalls", r))',
            ),
            code("The report says 40.", 'final_answer("40")'),
        ],
        [
            call("web_search", query="Gullhaven Zine Fair 2025 number of stalls"),
            call("visit_webpage", "The fair's stallholder list numbers the tables.", url=_zine),
            answer(
                outcome(
                    "40 stalls.",
                    "The 2025 Gullhaven Zine Fair (Saturday 17 May 2025, Gullhaven Drill Hall) lists its stallholders on the fair's website with table numbers running from 1 to 40, so 40 stalls were booked.",
                ),
                "The list numbers the tables up to 40.",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "57"}],
        S,
        w,
        note="stallholder list is two pages (57); sub-agent answers from page 1 (40)",
    )
)

# 14 premature final answer: the manager answers a comparison after the first of the two planned
#   lookups, on the strength of 'our biggest yet'; a day-visitor figure beside the registered
#   one, next year's booking page and a dark-sky site in the hits
w = World()
_spring = "https://kmas.org.uk/news/spring-star-party-2024-report"
_autumn = "https://kmas.org.uk/news/autumn-star-party-2024-report"
w.search = [
    (
        ("kestrel moor", "spring"),
        results(
            (
                "Spring Star Party 2024 – report | Kestrel Moor Astronomical Society",
                _spring,
                "Clear skies on two of three nights at Blackstone Farm: our report, with numbers...",
            ),
            (
                "Kestrel Moor Dark Sky Discovery Site",
                "https://darkskydiscovery.example.org/sites/kestrel-moor",
                "Milky Way class site; parking for 20 cars...",
            ),
            (
                "Spring Star Party 2025 – booking open",
                "https://kmas.org.uk/events/spring-star-party-2025",
                "Booking for the 2025 spring star party opens on 1 February...",
            ),
        ),
    ),
    (
        ("kestrel moor", "autumn"),
        results(
            (
                "Autumn Star Party 2024 – report | Kestrel Moor Astronomical Society",
                _autumn,
                "A record turnout under the October skies...",
            )
        ),
    ),
]
w.pages[_spring] = _page(
    _spring,
    "Kestrel Moor Astronomical Society",
    ("Home", "Meetings", "Star parties", "Observing", "Loan telescopes"),
    "Spring Star Party 2024 – report",
    "Friday 5 to Sunday 7 April 2024, Blackstone Farm.\n\n186 people registered to camp and observe, with another 23 day visitors at Saturday's open evening: our biggest star party yet. "
    "Friday and Saturday were clear (SQM 21.4 at midnight); Sunday was clouded out.\n\nTalks: variable stars for beginners; collimating a Dobsonian. Raffle raised £412 for the loan-telescope scheme.",
    "KMAS is a registered charity. Red torches only on the observing field. © 2024",
)
w.pages[_autumn] = _page(
    _autumn,
    "Kestrel Moor Astronomical Society",
    ("Home", "Meetings", "Star parties", "Observing", "Loan telescopes"),
    "Autumn Star Party 2024 – report",
    "Friday 25 to Sunday 27 October 2024, Blackstone Farm. 214 registered attendees, beating the spring record of 186.",
    "KMAS is a registered charity. © 2024",
)
RUNS.append(
    Run(
        "starparty_one_of_two",
        "premature_final_answer",
        "The Kestrel Moor Astronomical Society held two star parties in 2024, one in spring and one in autumn. Which had more registered attendees? Answer 'spring' or 'autumn'.",
        [
            plan(
                "- the society: Kestrel Moor Astronomical Society\n- two star parties in 2024: spring and autumn",
                "1. Ask search_agent for the registered attendees of the spring 2024 star party.\n2. Ask search_agent for the registered attendees of the autumn 2024 star party.\n3. Compare and answer 'spring' or 'autumn'.",
            ),
            code(
                "First the spring party.",
                'spring = search_agent(task="Find the number of registered attendees at the Kestrel Moor Astronomical Society\'s spring 2024 star party.")\nprint(spring)',
            ),
            code(
                "Spring had 186 registered attendees and the society calls it its biggest star party yet, so it had more than the autumn one.",
                'final_answer("spring")',
                bad=True,
            ),
        ],
        [
            call(
                "web_search",
                query="Kestrel Moor Astronomical Society spring star party 2024 attendees",
            ),
            call("visit_webpage", url=_spring),
            answer(
                outcome(
                    "186 registered attendees.",
                    "The Kestrel Moor Astronomical Society's Spring Star Party 2024 (5–7 April, Blackstone Farm) had 186 registered attendees, plus 23 day visitors at the Saturday open evening. The society's report calls it its biggest star party yet.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "autumn"}],
        M,
        w,
        planning=6,
        note="manager answers after the spring lookup only; autumn had 214",
    )
)

# 15 looping: the search sub-agent rewords the same search until its max_steps, never opening the
#   results page the first search listed; the manager then sends it to the page; a Wikipedia hit,
#   next year's schedule, men's, women's, junior and record distances on one page
w = World()
_show = "https://uppercloughshow.org.uk/2024/results"
w.search = [
    (
        ("upper clough",),
        results(
            (
                "Results 2024 – Upper Clough Agricultural Show",
                _show,
                "Full results: cattle, sheep, horses, produce, handicrafts, the dog show, the fell race and fun events (welly wanging, tug of war)...",
            ),
            (
                "Upper Clough Show 2025 – schedule",
                "https://uppercloughshow.org.uk/2025/schedule",
                "Schedule of classes for 2025 and entry forms...",
            ),
            (
                "Welly wanging – Wikipedia",
                "https://en.wikipedia.org/wiki/Welly_wanging",
                "Welly wanging is a sport in which competitors throw a Wellington boot as far as possible...",
            ),
        ),
    )
]
w.pages[_show] = _page(
    _show,
    "Upper Clough Agricultural Show",
    ("Home", "Schedule", "Results", "Trade stands", "Getting here"),
    "Results 2024",
    "Saturday 17 August 2024.\n\n## Cattle\nSupreme champion: Limousin heifer, R. & S. Dewhurst.\n\n## Sheep\nChampion: Lonk shearling ewe, T. Halstead.\n\n## Produce\nHeaviest marrow: 14.2 kg, B. Crabtree.\n\n"
    "## Fun events\n**Welly wanging, men:** 1 Dan Haworth 38.4 m; 2 Tom Ainsworth 36.9 m; 3 Lee Whittaker 35.0 m.\n"
    "**Welly wanging, women:** 1 Jess Pickup 31.9 m; 2 Ruth Holden 29.3 m.\n**Welly wanging, under-12s:** 1 Alfie Crossley 19.2 m.\n"
    "Show record: 52.1 m (P. Greenhalgh, 2011).\n**Tug of war:** Young Farmers beat the Red Lion.\n\n## Fell race (6 km)\n1 S. Duckworth 31:44.",
    "Upper Clough Agricultural Society · Showfield, Clough Lane · © 2024",
)
_q = (
    (
        "The snippets do not give the distance; I search again.",
        "Upper Clough Show 2024 men's welly wanging winner distance metres",
    ),
    (
        "Still no distance in the snippets; I try other words.",
        "Upper Clough Show welly wanging 2024 result men",
    ),
    (
        "The same results again; I search for the champion's throw.",
        "Upper Clough Show 2024 welly wanging men's champion throw",
    ),
    (
        "No distance yet; one more search.",
        "men's welly wanging Upper Clough Show 2024 winning throw distance",
    ),
)
RUNS.append(
    Run(
        "welly_search_loop",
        "looping",
        "What distance won the men's welly wanging at the 2024 Upper Clough Show? Answer in metres, number only.",
        [
            code(
                "I ask search_agent.",
                'r = search_agent(task="Find the winning distance of the men\'s welly wanging at the 2024 Upper Clough Show, in metres.")\nprint(r)',
            ),
            code(
                "It did not open the results page it found; I send it there.",
                f'r2 = search_agent(task="Open {_show} and read the men\'s welly wanging result of the 2024 Upper Clough Show: give the winning distance in metres.")\nprint(r2)',
            ),
            code("The winning throw was 38.4 m.", 'final_answer("38.4")'),
        ],
        [
            call("web_search", query="Upper Clough Show 2024 welly wanging men's winning distance"),
            *(call("web_search", t, bad=True, query=q) for t, q in _q),
            text(
                "I could not find the distance. Every search returns the show's 2024 results page, the 2025 schedule and a Wikipedia article on welly wanging, and none of the snippets gives the men's winning throw."
            ),
            call("visit_webpage", url=_show),
            answer(
                "The men's welly wanging at the 2024 Upper Clough Show was won by Dan Haworth with 38.4 m (results page, Fun events)."
            ),
        ],
        [
            {"type": "exact_match", "value": "38.4"},
            {"type": "tool_called", "tool": "web_search", "max": 2},
        ],
        S,
        w,
        sub_max_steps=5,
        note="sub-agent rewords one search five times until max_steps without opening the listed results page",
    )
)

# 16 looping: a single agent on the web tools rewords its search until max_steps; a rate limit
#   retried first, last year's time in a news snippet, a records site
w = World()
_bog = "https://llanfairbogsnorkel.cymru/"
w.search = [
    (
        ("bog snorkel",),
        results(
            (
                "Llanfair Bog Snorkelling Championship",
                _bog,
                "Two lengths of a 55-metre trench cut through Waen Rhydd bog, snorkel and flippers, no conventional strokes. Results, entry and history...",
            ),
            (
                "Bog snorkellers brave the cold at Llanfair",
                "https://www.midwalesherald.co.uk/news/2023/08/bog-snorkelling",
                "...the women's title went to Hannah Price in 1:28.6, with the men's won in 1:19.2...",
            ),
            (
                "Fastest bog snorkelling – Guinness World Records",
                "https://www.guinnessworldrecords.com/world-records/fastest-bog-snorkelling",
                "The fastest time to complete the 110 m bog snorkelling course...",
            ),
        ),
    )
]
w.fail[("web_search", 0)] = "429 Too Many Requests: rate limit exceeded, retry in a moment"
w.pages[_bog] = _page(
    _bog,
    "Llanfair Bog Snorkelling Championship",
    ("Home", "Enter", "Results 2024", "History", "Getting here"),
    "Llanfair Bog Snorkelling Championship",
    "Held every August bank holiday since 1992. [Results 2024](https://llanfairbogsnorkel.cymru/results-2024)",
    "© Llanfair Bog Snorkelling Committee",
)
w.pages[_bog + "results-2024"] = _page(
    _bog + "results-2024",
    "Llanfair Bog Snorkelling Championship",
    ("Home", "Enter", "Results 2024", "History", "Getting here"),
    "Results 2024",
    "Monday 26 August 2024.\n\nWomen: 1 Ceri Vaughan 1:31.7; 2 Hannah Price 1:33.0.\nMen: 1 Owain Jenkins 1:22.5.",
    "© Llanfair Bog Snorkelling Committee",
)
_b = (
    (
        "The snippets only give 2023's time; I search again for 2024.",
        "Llanfair bog snorkelling 2024 women's winner time",
    ),
    (
        "Still 2023 only; I search for the 2024 results.",
        "2024 Llanfair Bog Snorkelling Championship women's results",
    ),
    (
        "Nothing new; I search for the 2024 women's champion.",
        "women's champion Llanfair bog snorkelling 2024 time",
    ),
    (
        "The same three results; I try once more.",
        "Llanfair Bog Snorkelling 2024 fastest woman time",
    ),
)
RUNS.append(
    Run(
        "bog_search_loop",
        "looping",
        "What was the winning time in the women's race at the 2024 Llanfair Bog Snorkelling Championship? Answer as m:ss.s.",
        [
            code(
                "I search for the 2024 results.",
                'print(web_search(query="Llanfair Bog Snorkelling Championship 2024 women\'s winning time"))',
            ),
            code(
                "Rate-limited; I retry.",
                'print(web_search(query="Llanfair Bog Snorkelling Championship 2024 women\'s winning time"))',
            ),
            *(code(t, f'print(web_search(query="{q}"))', bad=True) for t, q in _b),
            text(
                "The 2024 women's winning time is not in the search results I found; only the 2023 time (1:28.6) is reported."
            ),
        ],
        None,
        [
            {"type": "exact_match", "value": "1:31.7"},
            {"type": "tool_called", "tool": "web_search", "max": 3},
        ],
        "researcher",
        w,
        manager_tools=("web_search", "visit_webpage"),
        manager_name="researcher",
        max_steps=6,
        note="agent rewords one search four times until max_steps without opening the championship's site",
    )
)
