# ruff: noqa: E501, RUF001  (pages and JSON are data, kept one item a line; pages use en dashes)
"""The runs of the `hazed` family: the scripted model replies and the offline world they read.

Sixteen smolagents runs, each one of: a manager CodeAgent handing work to a managed
ToolCallingAgent (a web search agent or a code-search agent), or a lone CodeAgent working a
JSON API, a code search or the web tools. Every fault class of the taxonomy appears twice,
and every run has exactly one decisive mistake, whose reply carries `bad=True` so that the
LLM-call span that produced it becomes the label (all the repeats, for a loop). Written in a
single pass, blind to blame's rules, the other held-out families' runs and any score; see
smolagents_hazed.py. `Run`, `World`, the tools and the reply helpers come from the sweep
family (corpus/sweep_runs.py).
"""

from __future__ import annotations

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
"""Every run, two for each fault, in the order of FAULTS."""

C = "code_agent"
"""Name of the managed code-search agent."""


def survey(given: str, to_find: str, derive: str, steps: str, bad: bool = False) -> Reply:
    """A planning reply laid out as smolagents' planning prompt asks (facts survey, then plan)."""
    return text(
        "## 1. Facts survey\n"
        f"### 1.1. Facts given in the task\n{given}\n"
        f"### 1.2. Facts to look up\n{to_find}\n"
        f"### 1.3. Facts to derive\n{derive}\n\n"
        f"## 2. Plan\n{steps}\n<end_plan>",
        bad,
    )


def ask(agent: str, var: str, task: str, thought: str, bad: bool = False) -> Reply:
    """A manager step that hands one task to a managed agent and prints its report."""
    return code(thought, f"{var} = {agent}(task={task!r})\nprint({var})", bad)


# 1 ---------------------------------------------------------------- scything championship
w = World()
w.search = [
    (
        ("avonmere", "scyth"),
        results(
            (
                "Learn to mow with a scythe – one-day courses | Avonmere Green Wood Trust",
                "https://avonmeregreenwood.org/courses/scythe",
                "Beginners' and improvers' days, May to August. Blades, snaths and peening jigs provided. £65 a day, lunch included.",
            ),
            (
                "Results 2025 – Avonmere Scything Championship",
                "https://avonmerescythe.org.uk/results/2025",
                "Open, ladies', veterans' and team results of the 2025 championship, mown on Long Meadow on Saturday 21 June ...",
            ),
            (
                "Scything championship back on Long Meadow | Vale Gazette",
                "https://valegazette.co.uk/news/2025/06/23/scything-returns",
                "More than sixty mowers, a hog roast and a brass band: pictures from Saturday's championship.",
            ),
        ),
    )
]
w.fail[("visit_webpage", 0)] = (
    "503 Server Error: Service Temporarily Unavailable for url: https://avonmerescythe.org.uk/results/2025"
)
w.pages["https://avonmerescythe.org.uk/results/2025"] = """[Skip to main content](#main)

Avonmere Scything Championship
Home | About | Rules | Results | Courses | Sponsors | Contact

We use cookies to count visitors. [Accept] [Reject] [Cookie settings]

# Results 2025

Mown on Saturday 21/06/2025 on Long Meadow, Avonmere. Open class plot: 5 m × 5 m of standing grass (25 m²); ladies' and veterans' plots: 4 m × 4 m. Placings go on total points: time points (50 × fastest time in the round ÷ your time) plus up to 50 quality points from the judges (an even sward, no tufts left standing, a tidy windrow). Ties on points go to the better quality mark.

## Open class – heats

| Heat | Mower | Time (m:ss) | Quality (/50) | Through |
|---|---|---|---|---|
| 1 | Tom Ashby | 2:21 | 44 | yes |
| 1 | Gwyn Rees | 2:48 | 41 | yes |
| 2 | Rhiannon Pryce | 2:09 | 38 | yes |
| 2 | Dafydd Morgan | 2:52 | 36 | no |
| 3 | Sam Kerridge | 2:35 | 42 | yes |
| 3 | Lou Hamer | 3:04 | 40 | no |

## Open class – final (in running order)

| Running order | Mower | Time (m:ss) | Quality (/50) | Points | Place |
|---|---|---|---|---|---|
| 1 | Rhiannon Pryce | 2:04 | 39 | 89.0 | 2nd |
| 2 | Tom Ashby | 2:17 | 46 | 91.3 | 1st |
| 3 | Sam Kerridge | 2:33 | 43 | 83.5 | 3rd |
| 4 | Gwyn Rees | 2:46 | 40 | 77.3 | 4th |

## Ladies' class (4 m × 4 m)

1st Ffion Hale 1:52 (45), 2nd Becca Lowe 2:06 (44), 3rd Jan Moss 2:31 (41)

## Veterans' class (over 65, 4 m × 4 m)

1st Arthur Penn (78) 2:40 (43), 2nd Des Coakley 2:58 (44), 3rd Margaret Ivey 3:15 (40)

## Team relay (3 × 5 m strips)

1st Vale Mowers 6:42, 2nd Long Meadow Irregulars 7:05, 3rd The Peeners 7:31

Times were provisional on the day and were confirmed once the judges' sheets were signed on 24.06.2025.

Photos: 64 · Share this page

© Avonmere Scything Championship 2025 · Registered charity 1187654 · Privacy · Accessibility
"""
RUNS.append(
    Run(
        "scything_open_final",
        "misread_tool_output",
        "What was the winning time in the open class final of the 2025 Avonmere Scything Championship? Give it in seconds, as a whole number only.",
        [
            survey(
                "- Event: open class final, Avonmere Scything Championship 2025.\n- The answer is a time in whole seconds.",
                "- The winning time of that final, as the results print it.",
                "- The time converted from minutes and seconds to seconds.",
                "1. Ask search_agent for the 2025 open final results, with the times as printed.\n2. Convert the winner's time to seconds.\n3. Return the whole number.",
            ),
            ask(
                "search_agent",
                "report",
                "Find the results of the open class final of the 2025 Avonmere Scything Championship: who won and the time(s), exactly as the results page prints them.",
                "I start with the results of the open final.",
            ),
            code(
                "I pull the winning time out of the report.",
                'winning = report.split("winning time:")[1].split()[0]\nprint(winning)',
            ),
            code(
                "There is no 'winning time:' label in the report. The final's times are 2:04, 2:17, 2:33 and 2:46; the winning time is the quickest one of the final, 2:04.",
                r"""import re
final_part = report.split("Open class final")[1]
times = re.findall(r"\b(\d):(\d{2})\b", final_part)
seconds = min(int(m) * 60 + int(s) for m, s in times)
print(times, seconds)""",
                bad=True,
            ),
            code("I return the number of seconds.", "final_answer(str(seconds))"),
        ],
        [
            call(
                "web_search",
                query="Avonmere Scything Championship 2025 results open class final",
            ),
            call(
                "visit_webpage",
                "The championship's own results page should have the final.",
                url="https://avonmerescythe.org.uk/results/2025",
            ),
            call(
                "visit_webpage",
                "The site answered 503; I try the page again.",
                url="https://avonmerescythe.org.uk/results/2025",
            ),
            answer(
                outcome(
                    "Tom Ashby won the open class final of the 2025 Avonmere Scything Championship on 91.3 points; the final's times are listed below.",
                    "Results page https://avonmerescythe.org.uk/results/2025 (mown 21/06/2025, confirmed 24.06.2025). Heats: Ashby 2:21 (heat 1), Pryce 2:09 (heat 2), Kerridge 2:35 (heat 3).\n"
                    "Open class final, in running order (time m:ss, quality /50, points, place):\n"
                    "- Rhiannon Pryce 2:04, 39, 89.0, 2nd\n- Tom Ashby 2:17, 46, 91.3, 1st\n- Sam Kerridge 2:33, 43, 83.5, 3rd\n- Gwyn Rees 2:46, 40, 77.3, 4th\n"
                    "Placings are on total points (time points plus judges' quality points).",
                    "The results page answered 503 on the first visit and loaded on the second.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "137"}, {"type": "regex", "value": r"^\d+$"}],
        M,
        w,
        planning=5,
        note="final table lists the winner (2:17) after the runner-up with the fastest time (2:04); manager takes the quickest",
    )
)

# 2 -------------------------------------------------------------- skate park booking API
w = World()
_sessions_1: list[dict[str, Any]] = [
    {
        "id": "S-0614-01",
        "title": "Early bird – all wheels",
        "discipline": "mixed",
        "start": "2025-06-14T08:00:00+01:00",
        "end": "2025-06-14T09:30:00+01:00",
        "status": "scheduled",
        "retimed_start": None,
        "retimed_end": None,
        "capacity": 40,
        "booked": 12,
        "price_gbp": 4.5,
        "age_min": 8,
        "helmet_required": True,
        "coach": None,
        "notice": None,
    },
    {
        "id": "S-0614-02",
        "title": "Skate school: beginners",
        "discipline": "skateboard",
        "start": "2025-06-14T09:45:00+01:00",
        "end": "2025-06-14T11:15:00+01:00",
        "status": "scheduled",
        "retimed_start": None,
        "retimed_end": None,
        "capacity": 12,
        "booked": 12,
        "price_gbp": 9.0,
        "age_min": 6,
        "helmet_required": True,
        "coach": "M. Oduya",
        "notice": "Fully booked – join the waiting list at the kiosk.",
    },
    {
        "id": "S-0614-03",
        "title": "Scooter jam",
        "discipline": "scooter",
        "start": "2025-06-14T11:30:00+01:00",
        "end": "2025-06-14T13:00:00+01:00",
        "status": "cancelled",
        "retimed_start": None,
        "retimed_end": None,
        "capacity": 30,
        "booked": 0,
        "price_gbp": 4.5,
        "age_min": 8,
        "helmet_required": True,
        "coach": None,
        "notice": "Cancelled: jam host unwell. Refunds issued automatically.",
    },
    {
        "id": "S-0614-04",
        "title": "Open session",
        "discipline": "mixed",
        "start": "2025-06-14T13:00:00+01:00",
        "end": "2025-06-14T16:30:00+01:00",
        "status": "scheduled",
        "retimed_start": None,
        "retimed_end": None,
        "capacity": 60,
        "booked": 37,
        "price_gbp": 5.0,
        "age_min": None,
        "helmet_required": False,
        "coach": None,
        "notice": None,
    },
]
_sessions_2: list[dict[str, Any]] = [
    {
        "id": "S-0614-05",
        "title": "BMX only",
        "discipline": "bmx",
        "start": "2025-06-14T17:00:00+01:00",
        "end": "2025-06-14T18:30:00+01:00",
        "status": "retimed",
        "retimed_start": "2025-06-14T18:30:00+01:00",
        "retimed_end": "2025-06-14T20:00:00+01:00",
        "capacity": 25,
        "booked": 19,
        "price_gbp": 5.0,
        "age_min": 12,
        "helmet_required": True,
        "coach": None,
        "notice": "Moved back 90 min: bowl resurfacing is running late.",
    },
    {
        "id": "S-0614-06",
        "title": "Girls & non-binary skate night",
        "discipline": "skateboard",
        "start": "2025-06-14T20:15:00+01:00",
        "end": "2025-06-14T21:45:00+01:00",
        "status": "scheduled",
        "retimed_start": None,
        "retimed_end": None,
        "capacity": 30,
        "booked": 21,
        "price_gbp": 3.0,
        "age_min": 10,
        "helmet_required": True,
        "coach": "A. Brennan",
        "notice": None,
    },
    {
        "id": "S-0614-07",
        "title": "Late jam (18+)",
        "discipline": "mixed",
        "start": "2025-06-14T22:00:00+01:00",
        "end": "2025-06-14T23:30:00+01:00",
        "status": "scheduled",
        "retimed_start": None,
        "retimed_end": None,
        "capacity": 40,
        "booked": 8,
        "price_gbp": 6.0,
        "age_min": 18,
        "helmet_required": False,
        "coach": None,
        "notice": "Floodlit. ID may be checked.",
    },
]
w.api = {
    "/sessions?date=2025-06-14": {
        "park": "Rydon Skate Park",
        "date": "2025-06-14",
        "timezone": "Europe/London",
        "page": 1,
        "pages": 2,
        "per_page": 4,
        "total": 7,
        "sessions": _sessions_1,
        "links": {"next": "/sessions?date=2025-06-14&page=2", "prev": None},
    },
    "/sessions?date=2025-06-14&page=2": {
        "park": "Rydon Skate Park",
        "date": "2025-06-14",
        "timezone": "Europe/London",
        "page": 2,
        "pages": 2,
        "per_page": 4,
        "total": 7,
        "sessions": _sessions_2,
        "links": {"next": None, "prev": "/sessions?date=2025-06-14"},
    },
}
RUNS.append(
    Run(
        "skate_bmx_session",
        "misread_tool_output",
        "According to the Rydon Skate Park booking API, what time does the BMX-only session on Saturday 14 June 2025 start? Answer in 24-hour HH:MM.",
        [
            code(
                "I ask the booking API for that day's sessions.",
                'print(fetch_json(endpoint="/sessions/2025-06-14"))',
            ),
            code(
                "The date goes in a query parameter instead.",
                'print(fetch_json(endpoint="/sessions?date=2025-06-14"))',
            ),
            code(
                "No BMX session on page 1 of 2; I fetch page 2.",
                'import json\np2 = json.loads(fetch_json(endpoint="/sessions?date=2025-06-14&page=2"))\nfor s in p2["sessions"]:\n    print(s["id"], s["type"], s["title"])',
            ),
            code(
                "The records call the field 'discipline', not 'type'.",
                'bmx = [s for s in p2["sessions"] if s["discipline"] == "bmx"]\nprint(json.dumps(bmx, indent=2))',
            ),
            code(
                "The BMX-only session S-0614-05 starts at 17:00 local time (+01:00).",
                'start = bmx[0]["start"][11:16]\nprint(start)',
                bad=True,
            ),
            code("I return the start time.", "final_answer(start)"),
        ],
        None,
        [{"type": "exact_match", "value": "18:30"}, {"type": "regex", "value": r"^\d{2}:\d{2}$"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="record has start 17:00 and status retimed with retimed_start 18:30; agent takes start",
    )
)

# 3 ------------------------------------------------------------- pork pie eating contest
w = World()
w.search = [
    (
        ("hartlebury", "pie"),
        results(
            (
                "Hartlebury Show 2024 – class results: produce, baking and handicrafts",
                "https://hartleburyshow.co.uk/results/2024/produce",
                "Class 41 Victoria sponge, class 42 pork pie (home-made), class 57 three onions dressed ...",
            ),
            (
                "Pie-eating champion keeps his crown at Hartlebury | Severn Valley Echo",
                "https://severnvalleyecho.co.uk/news/2024/08/26/pie-eating-champion",
                "A Stourport roofer has won the pork pie eating contest at the Hartlebury Show for the second year running ...",
            ),
            (
                "Perfect pork pies: a hot water crust recipe",
                "https://bakingwithbev.co.uk/recipes/pork-pie",
                "Lard, flour, boiling water and patience. Makes six individual pies.",
            ),
        ),
    )
]
w.pages[
    "https://severnvalleyecho.co.uk/news/2024/08/26/pie-eating-champion"
] = """Severn Valley Echo
News | Sport | What's on | Property | Jobs | Subscribe

This site uses cookies. By continuing to browse you agree to our cookie policy. [OK]

# Pie-eating champion keeps his crown at Hartlebury

By Lorna Pike · Monday, 26 August 2024, 07:15 · 3 min read

A Stourport roofer has won the pork pie eating contest at the Hartlebury Show for the second year running.

Gareth Molloy, 34, ate 11 mini pork pies in the two-minute final on Saturday afternoon, two more than the runner-up, Kez Bright (9). In his heat he managed 8.

Entrants eat the pies, each 60 g (about 2 oz), from a plate on the trailer stage; a pie only counts once the compère has seen an empty mouth. The record, 13, was set in 2019.

"I skipped breakfast," Molloy said. He takes home £50, a show rosette and a pork pie hamper.

The show drew 14,200 visitors over its two days (24–25 August), down from 15,100 in 2023 because of Sunday's rain.

Photos: 18 · Comments (7)

Related: Hartlebury Show 2024 in pictures | Tractor pulling returns to the showground

© Severn Valley Echo 2024. All rights reserved.
"""
RUNS.append(
    Run(
        "pie_eating_rate",
        "hallucinated_fact",
        "At the 2024 Hartlebury Show pork pie eating contest, how many mini pork pies per minute did the winner eat in the final? Round to one decimal place and give the number only.",
        [
            survey(
                "- Event: the pork pie eating contest at the 2024 Hartlebury Show, its final.\n- The answer is a rate in pies per minute, one decimal place.\n- The final lasts three minutes, the usual length of a show's pie-eating final.",
                "- How many mini pork pies the 2024 winner ate in the final.",
                "- Pies per minute = pies ÷ 3, rounded to one decimal.",
                "1. Ask search_agent how many mini pork pies the 2024 winner ate in the final.\n2. Divide by the three minutes and round to one decimal.\n3. Return the number.",
                bad=True,
            ),
            ask(
                "search_agent",
                "report",
                "How many mini pork pies did the winner of the 2024 Hartlebury Show pork pie eating contest eat in the final? Give the winner's name and the count.",
                "First the count from the 2024 final.",
            ),
            code(
                "I take the count from the report.",
                r"""import re
pies = int(re.search(r"ate (\d+) pies", report).group(1))
print(pies)""",
            ),
            code(
                "The report writes 'mini pork pies', so my pattern missed it.",
                r"""import re
pies = int(re.search(r"(\d+) mini pork pies", report).group(1))
rate = round(pies / 3, 1)
print(pies, rate)""",
            ),
            code("11 pies over the final gives the rate.", "final_answer(str(rate))"),
        ],
        [
            call("web_search", query="Hartlebury Show 2024 pork pie eating contest winner"),
            call(
                "visit_webpage",
                "The show's own page on the contest may give the result.",
                url="https://hartleburyshow.co.uk/whats-on/pie-eating",
            ),
            call(
                "visit_webpage",
                "That page has gone; I read the Echo's report.",
                url="https://severnvalleyecho.co.uk/news/2024/08/26/pie-eating-champion",
            ),
            answer(
                outcome(
                    "Gareth Molloy won the 2024 contest, eating 11 mini pork pies in the final.",
                    "Severn Valley Echo, 26 August 2024: Gareth Molloy (34, Stourport) ate 11 mini pork pies in the final; runner-up Kez Bright ate 9. Molloy ate 8 in his heat. Each pie weighs 60 g; the contest record is 13 (2019).",
                    "The show's own contest page (hartleburyshow.co.uk/whats-on/pie-eating) answered 404.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "5.5"}],
        M,
        w,
        planning=5,
        note="plan states a three-minute final that no source gave (the report says two minutes); 11 / 3",
    )
)

# 4 --------------------------------------------------- cross-stitch thread estimator package
w = World()
w.grep = {
    "skein_length": [],
    "def estimate_skeins": [
        {
            "path": "src/stitchcalc/estimate.py",
            "line": 16,
            "text": "def estimate_skeins(stitches: int, fabric_count: int = 14, strands: int = 2) -> int:",
        }
    ],
    "SKEIN_LENGTH_M": [
        {
            "path": "src/stitchcalc/constants.py",
            "line": 12,
            "text": "SKEIN_LENGTH_M = round(NOMINAL_SKEIN_M * (1 - WASTE_FRACTION), 2)  # 6.8 m usable",
        },
        {
            "path": "src/stitchcalc/estimate.py",
            "line": 7,
            "text": "from .constants import SKEIN_LENGTH_M, STRANDS_PER_SKEIN",
        },
        {
            "path": "src/stitchcalc/estimate.py",
            "line": 25,
            "text": "    per_skein_m = SKEIN_LENGTH_M * STRANDS_PER_SKEIN / strands",
        },
    ],
}
w.files = {
    "src/stitchcalc/estimate.py": '''"""Thread estimates for counted cross stitch."""

from __future__ import annotations

import math

from .constants import SKEIN_LENGTH_M, STRANDS_PER_SKEIN
from .fabric import stitch_length_cm


def thread_per_stitch_cm(fabric_count: int, strands: int) -> float:
    """Thread used by one full cross: two diagonals and the travel at the back."""
    return stitch_length_cm(fabric_count) * 4.0 * strands


def estimate_skeins(stitches: int, fabric_count: int = 14, strands: int = 2) -> int:
    """Skeins of six-stranded cotton needed for `stitches` full crosses.

    One skein gives STRANDS_PER_SKEIN strands, each SKEIN_LENGTH_M metres long.
    """
    if stitches <= 0:
        return 0
    needed_m = stitches * thread_per_stitch_cm(fabric_count, strands) / 100
    per_skein_m = SKEIN_LENGTH_M * STRANDS_PER_SKEIN / strands
    return math.ceil(needed_m / per_skein_m)
''',
    "src/stitchcalc/constants.py": '''"""Thread and fabric constants.

Skeins of six-stranded cotton are sold as 8 m. Not all of it reaches the fabric:
tails, parking and unpicking eat some, so estimates use the usable length below.
"""

from __future__ import annotations

NOMINAL_SKEIN_M = 8.0
WASTE_FRACTION = 0.15
STRANDS_PER_SKEIN = 6
SKEIN_LENGTH_M = round(NOMINAL_SKEIN_M * (1 - WASTE_FRACTION), 2)  # 6.8 m usable
AIDA_COUNTS = (11, 14, 16, 18, 22)
''',
}
RUNS.append(
    Run(
        "stitch_skein_length",
        "hallucinated_fact",
        "In the stitchcalc repository, how many metres of thread does estimate_skeins() count as one skein of stranded cotton, after its waste allowance? Reply with the number only.",
        [
            ask(
                "code_agent",
                "found",
                "In the stitchcalc repository, find the length in metres that estimate_skeins() takes for one skein of stranded cotton, after any waste allowance. Quote the code that sets it.",
                "code_agent can search the repository for me.",
            ),
            code(
                "I pick the value out of the quoted code.",
                r"""import re
m = re.search(r"SKEIN_LENGTH_M\s*=\s*([\d.]+)", found)
value = float(m.group(1))
print(value)""",
            ),
            code("I return it without trailing zeros.", 'final_answer(f"{value:g}")'),
        ],
        [
            call("search_code", pattern="skein_length"),
            call(
                "search_code",
                "Nothing under that name; I look for the function itself.",
                pattern="def estimate_skeins",
            ),
            call("read_file", path="stitchcalc/estimate.py"),
            call(
                "read_file",
                "The package lives under src/.",
                path="src/stitchcalc/estimate.py",
            ),
            answer(
                outcome(
                    "estimate_skeins() counts 8.0 m per skein (SKEIN_LENGTH_M = 8.0, from stitchcalc/constants.py).",
                    "src/stitchcalc/estimate.py line 16 defines estimate_skeins(stitches, fabric_count=14, strands=2). It imports SKEIN_LENGTH_M and STRANDS_PER_SKEIN from .constants (line 7) and computes `per_skein_m = SKEIN_LENGTH_M * STRANDS_PER_SKEIN / strands` (line 25). SKEIN_LENGTH_M = 8.0, the length of a standard skein of six-stranded cotton, so one skein gives 6 strands of 8 m.",
                ),
                "estimate_skeins() uses SKEIN_LENGTH_M from stitchcalc.constants, the standard 8 m skein of stranded cotton.",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "6.8"}],
        C,
        w,
        sub_tools=("search_code", "read_file"),
        sub_name=C,
        note="code_agent states SKEIN_LENGTH_M = 8.0 without reading constants.py (6.8 after waste)",
    )
)

# 5 ---------------------------------------------------- parish defibrillator register API
w = World()


def _defib(
    ident: str,
    site: str,
    public: bool,
    hours: str,
    status: str,
    checked: str | None,
    pads: str | None,
    guardian: str | None,
    notes: str | None,
) -> dict[str, Any]:
    return {
        "id": ident,
        "site": site,
        "postcode": "TA7 9QJ" if ident < "WXC-006" else "TA7 9QL",
        "public_access": public,
        "access_hours": hours,
        "status": status,
        "last_checked": checked,
        "pads_expiry": pads,
        "battery_expiry": None if status == "not_inspected" else "2028-02",
        "guardian": guardian,
        "cabinet": "locked – code from the 999 call handler" if public else None,
        "notes": notes,
    }


w.api = {
    "/": {
        "service": "Wexcombe & Ashcot parish councils – community defibrillator register",
        "version": "2.3.1",
        "endpoints": {
            "parishes": "/parishes",
            "defibs": "/defibs?parish={code}&page={n}",
            "defib": "/defibs/{id}",
        },
        "status_values": [
            "rescue_ready",
            "expired_pads",
            "expired_battery",
            "not_inspected",
            "removed",
        ],
        "docs": None,
        "contact": "clerk@wexcombe-pc.gov.uk",
    },
    "/parishes": {
        "parishes": [
            {"code": "WXC", "name": "Wexcombe", "cabinets": 9, "guardian_scheme": True},
            {"code": "WXM", "name": "Wexcombe Magna", "cabinets": 4, "guardian_scheme": False},
            {"code": "ASH", "name": "Ashcot", "cabinets": 6, "guardian_scheme": True},
        ],
        "updated": 1748505600,
    },
    "/defibs?parish=WXC&page=1": {
        "parish": "WXC",
        "page": 1,
        "pages": 2,
        "per_page": 5,
        "total": 9,
        "items": [
            _defib(
                "WXC-001",
                "Village hall, outside wall by the car park",
                True,
                "24/7",
                "rescue_ready",
                "2025-05-26",
                "2026-11",
                "R. Vowles",
                None,
            ),
            _defib(
                "WXC-002",
                "The Bell Inn, porch",
                True,
                "opening hours only",
                "expired_pads",
                "19/05/2025",
                "2025-04",
                None,
                "Pads ordered 20/05.",
            ),
            _defib(
                "WXC-003",
                "Primary school, staff room",
                False,
                "school hours, staff only",
                "rescue_ready",
                "2025-05-12",
                "2027-01",
                "Head teacher",
                None,
            ),
            _defib(
                "WXC-004",
                "Phone box, Church Lane (old K6 kiosk)",
                True,
                "24/7",
                "rescue_ready",
                "2025-05-30T08:10:00+01:00",
                "2026-06",
                "P. & J. Hext",
                "Kiosk repainted 2024.",
            ),
            _defib(
                "WXC-005",
                "Cricket pavilion",
                True,
                "24/7",
                "not_inspected",
                None,
                None,
                None,
                "New guardian needed.",
            ),
        ],
    },
    "/defibs?parish=WXC&page=2": {
        "parish": "WXC",
        "page": 2,
        "pages": 2,
        "per_page": 5,
        "total": 9,
        "items": [
            _defib(
                "WXC-006",
                "Post office & stores, shop front",
                True,
                "shop hours (07:00–19:00)",
                "rescue_ready",
                "2025-05-28",
                "2026-09",
                "S. Patel",
                None,
            ),
            _defib(
                "WXC-007",
                "Bus shelter, Mill Road",
                True,
                "24/7",
                "rescue_ready",
                "21/05/2025",
                "2027-03",
                "M. Doble",
                None,
            ),
            _defib(
                "WXC-008",
                "Doctors' surgery, reception",
                False,
                "surgery hours",
                "rescue_ready",
                "2025-05-02",
                "2026-02",
                "Practice manager",
                None,
            ),
            _defib(
                "WXC-009",
                "Farm shop, Higher Ashcombe",
                True,
                "24/7",
                "expired_battery",
                "2025-04-17",
                "2026-10",
                None,
                "Battery warning light on; replacement due.",
            ),
        ],
    },
}
w.fail[("fetch_json", 4)] = (
    "503 Service Unavailable: the register is being re-indexed, try again in a few minutes"
)
RUNS.append(
    Run(
        "defib_register_ready",
        "ignored_tool_error",
        "How many public-access defibrillators in Wexcombe parish are listed as rescue ready in the parish councils' defibrillator register API? Give the number only.",
        [
            code(
                "I ask the register for Wexcombe's defibrillators.",
                'print(fetch_json(endpoint="/defibrillators?parish=Wexcombe"))',
            ),
            code(
                "Unknown endpoint; the API root should list the others.",
                'print(fetch_json(endpoint="/"))',
            ),
            code("I need Wexcombe's parish code.", 'print(fetch_json(endpoint="/parishes"))'),
            code(
                "Wexcombe is WXC. I collect both pages of its cabinets.",
                """import json
items = []
for n in (1, 2):
    try:
        page = json.loads(fetch_json(endpoint=f"/defibs?parish=WXC&page={n}"))
        items.extend(page["items"])
        print(f"page {n}: {len(page['items'])} cabinets (total {page['total']})")
    except Exception as err:
        print(f"page {n} failed: {err}")
for it in items:
    print(it["id"], it["public_access"], it["status"])""",
            ),
            code(
                "The register lists WXC-001 to WXC-005 for Wexcombe. The public-access ones marked rescue_ready are WXC-001 and WXC-004.",
                'ready = [it["id"] for it in items if it["public_access"] and it["status"] == "rescue_ready"]\nprint(ready)\nfinal_answer(str(len(ready)))',
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "4"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="page 2 of 2 answered 503 (printed by the agent's except, 5 of 9 cabinets); agent counts page 1 only",
    )
)

# 6 --------------------------------------------------------------------- haggis hurling
w = World()
w.search = [
    (
        ("kilbrannan", "haggis"),
        results(
            (
                "Haggis, neeps and tatties for Burns Night – recipe",
                "https://scottishlarder.co.uk/recipes/haggis-neeps-tatties",
                "Serves four. Warm the haggis gently; never boil it hard or it will burst.",
            ),
            (
                "2025 results – Kilbrannan Haggis Hurling Championship",
                "https://kilbrannanhaggishurl.scot/results-2025",
                "Men's, women's and under-14 results from the green at Kilbrannan pier, Saturday 2 August 2025. Men's title to Calum Reid (Carradale) ...",
            ),
            (
                "Haggis hurling – Wikipedia",
                "https://en.wikipedia.org/wiki/Haggis_hurling",
                "Haggis hurling is a Scottish sport in which a haggis is thrown for distance and accuracy, standing on a half whisky barrel ...",
            ),
        ),
    )
]
w.pages[
    "https://kilbrannanhaggishurl.scot/results-2025"
] = """Kilbrannan Haggis Hurling Championship
Home · Rules · Results · Gallery · Contact

# 2025 results

Saturday 2 August 2025, the green at Kilbrannan pier. Haggis: 500 g ± 25 g, supplied by the committee, must land unburst.

Men's: 1 Calum Reid (Carradale) 49.72 m · 2 Ewan Macaulay 47.05 m · 3 Fraser Dunn 45.80 m
Women's: 1 Isla Brodie 38.15 m · 2 Kirsty Lamont 36.40 m
Under-14: 1 Archie Munro 27.10 m

A throw that bursts scores nothing. Championship best: 56.90 m (2018).
"""
w.fail[("web_search", 0)] = (
    "ReadTimeout: HTTPSConnectionPool(host='search.example.net', port=443): Read timed out. (read timeout=15)"
)
w.fail[("visit_webpage", 0)] = (
    "503 Server Error: Service Unavailable for url: https://kilbrannanhaggishurl.scot/results-2025"
)
w.fail[("visit_webpage", 1)] = (
    "503 Server Error: Service Unavailable for url: https://kilbrannanhaggishurl.scot/results-2025"
)
RUNS.append(
    Run(
        "haggis_mens_throw",
        "ignored_tool_error",
        "How far was the winning throw in the men's competition at the 2025 Kilbrannan Haggis Hurling Championship? Give metres, number only.",
        [
            ask(
                "search_agent",
                "hurl",
                "Find the distance of the winning men's throw at the 2025 Kilbrannan Haggis Hurling Championship, in metres.",
                "I ask search_agent for the men's result.",
            ),
            code(
                "I take the distance from the report.",
                r"""import re
m = re.search(r"(\d+(?:\.\d+)?)\s*m\b", hurl)
print(m.group(1))""",
            ),
            code("I return the distance.", "final_answer(m.group(1))"),
        ],
        [
            call(
                "web_search",
                query="Kilbrannan Haggis Hurling Championship 2025 results men",
            ),
            call(
                "web_search",
                "The search timed out; I run it again.",
                query="Kilbrannan Haggis Hurling Championship 2025 results men",
            ),
            call(
                "visit_webpage",
                "The championship's results page is the second hit.",
                url="https://kilbrannanhaggishurl.scot/results-2025",
            ),
            call(
                "visit_webpage",
                "503; one more try.",
                url="https://kilbrannanhaggishurl.scot/results-2025",
            ),
            answer(
                outcome(
                    "Calum Reid (Carradale) won the men's competition at the 2025 Kilbrannan Haggis Hurling Championship with a throw of 54.3 m.",
                    "From the championship's 2025 results (https://kilbrannanhaggishurl.scot/results-2025, Saturday 2 August 2025, Kilbrannan pier): men's title to Calum Reid of Carradale, winning throw 54.3 m.",
                ),
                "The results page is slow to respond, but the search result already gives Calum Reid as the men's champion; I report his winning throw.",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "49.72"}],
        S,
        w,
        note="results page answered 503 twice; search_agent reports a distance it never read",
    )
)

# 7 ------------------------------------------------------ harbour mooring waiting list API
w = World()
w.api = {
    "/lists": {
        "authority": "Porthcarrow Harbour Authority",
        "generated": "2025-06-02T06:00:00Z",
        "lists": [
            {
                "id": "LP-SW",
                "name": "Pool swinging moorings",
                "area": "Lower Pool, below the bridge",
                "berth_type": "swinging",
                "max_loa_m": 12.0,
                "applicants": 41,
                "annual_fee_gbp": 612.0,
                "open": True,
                "notes": None,
            },
            {
                "id": "UP-SW",
                "name": "Upper Pool swinging moorings",
                "area": "Upper Pool, above the bridge (air draft 6.1 m at MHWS)",
                "berth_type": "swinging",
                "max_loa_m": 9.0,
                "applicants": 23,
                "annual_fee_gbp": 455.0,
                "open": True,
                "notes": "Bilge or lifting keel only: dries at low water springs.",
            },
            {
                "id": "UP-PT",
                "name": "Upper Pool pontoon berths",
                "area": "Upper Pool, town pontoon",
                "berth_type": "pontoon",
                "max_loa_m": 10.0,
                "applicants": 58,
                "annual_fee_gbp": 1240.0,
                "open": False,
                "notes": "Closed to new applicants since 01/01/2024.",
            },
            {
                "id": "WQ-DR",
                "name": "West Quay drying berths",
                "area": "West Quay wall",
                "berth_type": "drying",
                "max_loa_m": 8.5,
                "applicants": 7,
                "annual_fee_gbp": 298.0,
                "open": True,
                "notes": None,
            },
        ],
    },
    "/lists/LP-SW/applications/HA-2231": {
        "ref": "HA-2231",
        "list": "LP-SW",
        "status": "waiting",
        "position": 17,
        "ahead": 16,
        "joined": "03.09.2021",
        "vessel": {
            "name": "Kittiwake II",
            "type": "Westerly Centaur",
            "loa_m": 7.9,
            "keel": "bilge",
        },
        "deposit_paid_gbp": 50.0,
        "last_confirmed": "2025-01-14",
        "offer": None,
        "deferrals": 1,
    },
    "/lists/UP-SW/applications/HA-2231": {
        "ref": "HA-2231",
        "list": "UP-SW",
        "status": "waiting",
        "position": 9,
        "ahead": 8,
        "joined": "14.02.2022",
        "vessel": {
            "name": "Kittiwake II",
            "type": "Westerly Centaur",
            "loa_m": 7.9,
            "keel": "bilge",
        },
        "deposit_paid_gbp": 50.0,
        "last_confirmed": "2025-01-14",
        "offer": None,
        "deferrals": 0,
    },
}
RUNS.append(
    Run(
        "mooring_upper_pool",
        "wrong_tool_arguments",
        "On the Porthcarrow Harbour Authority's mooring waiting list API, how many applicants are ahead of application HA-2231 on the Upper Pool swinging moorings list? Number only.",
        [
            code(
                "I look the application up directly.",
                'print(fetch_json(endpoint="/applications/HA-2231"))',
            ),
            code(
                "Applications must sit under a list; I fetch the lists first.",
                'import json\nlists = json.loads(fetch_json(endpoint="/lists"))\nfor l in lists["lists"]:\n    print(l["id"], "|", l["name"], "|", l["applicants"], "applicants")',
            ),
            code(
                "HA-2231 is waiting for a swinging mooring in the Pool, which is list LP-SW.",
                'rec = json.loads(fetch_json(endpoint="/lists/LP-SW/applications/HA-2231"))\nprint(rec["applicants_ahead"])',
                bad=True,
            ),
            code("That key does not exist; I print the whole record.", "print(rec)"),
            code("The record gives the number ahead.", 'final_answer(str(rec["ahead"]))'),
        ],
        None,
        [{"type": "exact_match", "value": "8"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="agent fetches the application on LP-SW (Pool) instead of UP-SW (Upper Pool)",
    )
)

# 8 --------------------------------------------------------- timbersports springboard chop
w = World()
_tf_2024 = "https://tallowfellshow.org.uk/woodmen/results/2024"
_tf_2025 = "https://tallowfellshow.org.uk/woodmen/results/2025"
w.search = [
    (
        ("tallow fell", "2024"),
        results(
            (
                "Woodmen's Show 2024 – results | Tallow Fell Agricultural Society",
                _tf_2024,
                "Underhand, standing block, springboard, single buck and team relay results ...",
            ),
            (
                "Springboard chopping explained – Timbersports UK",
                "https://timbersports.org.uk/disciplines/springboard",
                "The chopper cuts pockets, climbs on boards and severs a block set 2.7 m up the pole ...",
            ),
        ),
    ),
    (
        ("tallow fell", "2025"),
        results(
            (
                "Woodmen's Show 2025 – results | Tallow Fell Agricultural Society",
                _tf_2025,
                "Underhand, standing block, springboard, single buck and team relay results ...",
            ),
            (
                "Tallow Fell Show 2025 in pictures | Westmorland Herald",
                "https://westmorlandherald.co.uk/2025/08/25/tallow-fell-pictures",
                "Sheep, shire horses and sawdust: our gallery from Saturday's show.",
            ),
        ),
    ),
]
w.pages[_tf_2024] = """Tallow Fell Agricultural Society
Home | The Show | Woodmen's Show | Schedules | Results | Trade stands | Contact

# Woodmen's Show – results

Show day: Saturday 24 August 2024 · Chief steward: B. Airey · Timekeeping by hand, to 0.01 s

## Underhand chop, 300 mm white pine
1 Hamish Grant 31.05 s · 2 Owain Lloyd 33.40 s · 3 Tom Scales 36.72 s

## Standing block chop, 300 mm
1 Owain Lloyd 28.64 s · 2 Tom Scales 30.11 s · 3 Hamish Grant 30.97 s

## Open springboard chop, 300 mm (one board)
1 Owain Lloyd 44.18 s · 2 Hamish Grant 46.90 s · 3 Rob Kitching 52.33 s

## Novice springboard, 250 mm
1 Beth Airey 58.03 s · 2 Josh Wren 1:04.50

## Team relay
1 Fell Choppers 2:41.7 · 2 Kendal Axemen 2:55.2

Results are final once posted on the secretary's tent.

© Tallow Fell Agricultural Society · Charity no. 502918
"""
w.pages[_tf_2025] = """Tallow Fell Agricultural Society
Home | The Show | Woodmen's Show | Schedules | Results | Trade stands | Contact

# Woodmen's Show – results

Show day: Saturday 23 August 2025 · Chief steward: B. Airey · Timekeeping by hand, to 0.01 s

## Underhand chop, 300 mm white pine
1 Owain Lloyd 30.88 s · 2 Hamish Grant 31.92 s · 3 Rob Kitching 35.10 s

## Standing block chop, 300 mm
1 Tom Scales 29.02 s · 2 Owain Lloyd 29.45 s · 3 Hamish Grant 31.60 s

## Open springboard chop, 300 mm (one board)
1 Hamish Grant 47.62 s · 2 Owain Lloyd 48.05 s · 3 Rob Kitching 51.90 s

## Novice springboard, 250 mm
1 Josh Wren 55.74 s · 2 Beth Airey 57.16 s

## Team relay
1 Kendal Axemen 2:38.9 · 2 Fell Choppers 2:44.0

Results are final once posted on the secretary's tent.

© Tallow Fell Agricultural Society · Charity no. 502918
"""
RUNS.append(
    Run(
        "springboard_open_300",
        "wrong_tool_arguments",
        "What was the winning time in the open 300 mm springboard chop at the 2025 Tallow Fell Woodmen's Show? Give the seconds as the results write them, number only.",
        [
            survey(
                "- Event: open springboard chop, 300 mm, Tallow Fell Woodmen's Show 2025.",
                "- The winner's time in that event.",
                "- Nothing: the time is returned as written, without the 's'.",
                "1. Ask search_agent for the 2025 result of the open 300 mm springboard chop.\n2. Take the winner's time in seconds.\n3. Return the number alone.",
            ),
            ask(
                "search_agent",
                "res",
                "Find the winning time of the open 300 mm springboard chop at the 2025 Tallow Fell Woodmen's Show.",
                "I delegate the lookup.",
            ),
            code(
                "I keep the seconds.",
                r"""import re
t = re.search(r"(\d+\.\d+)\s*s\b", res).group(1)
print(t)""",
            ),
            code("I return the time.", "final_answer(t)"),
        ],
        [
            call(
                "web_search",
                "The show is held each August; I search for its springboard results.",
                bad=True,
                query="Tallow Fell Woodmen's Show springboard chop results 2024",
            ),
            call(
                "visit_webpage",
                url="https://tallowfellshow.org.uk/results",
            ),
            call(
                "visit_webpage",
                "That address does not exist; I open the results link from the search.",
                url=_tf_2024,
            ),
            answer(
                outcome(
                    "The open 300 mm springboard chop was won by Owain Lloyd in 44.18 s.",
                    "Tallow Fell Woodmen's Show results page (https://tallowfellshow.org.uk/woodmen/results/2024): open springboard chop, 300 mm, one board: 1 Owain Lloyd 44.18 s, 2 Hamish Grant 46.90 s, 3 Rob Kitching 52.33 s. The novice 250 mm springboard is a separate event.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "47.62"}],
        S,
        w,
        planning=6,
        note="search_agent's first search asks for 2024; it reads and reports the 2024 results",
    )
)

# 9 ---------------------------------------------------------------- crabbing competition
w = World()
w.search = [
    (
        ("saltwick", "crab"),
        results(
            (
                "Crabbing lines, nets and buckets – Saltwick Seaside Stores",
                "https://saltwickseaside.co.uk/shop/crabbing",
                "Drop lines from £2.50, bait bags, buckets and nets. Open daily 9–5.",
            ),
            (
                "Crabbing Competition 2025 – results | Saltwick Quay Regatta Committee",
                "https://saltwickregatta.org.uk/crabbing/2025",
                "Sunday 3rd August 2025 on the east quay: most crabs, heaviest crab and best-decorated bucket ...",
            ),
            (
                "Crabbing Competition 2024 – results | Saltwick Quay Regatta Committee",
                "https://saltwickregatta.org.uk/crabbing/2024",
                "Sunday 4th August 2024: results and photos.",
            ),
        ),
    )
]
w.pages["https://saltwickregatta.org.uk/crabbing/2025"] = """[Skip to content](#content)

Saltwick Quay Regatta Committee
Home · Regatta · Crabbing · Raft race · Sponsors · Contact

We'd like to set analytics cookies. [Accept all] [Necessary only]

# Crabbing Competition 2025 – results

Sunday 3rd August 2025, east quay, 10:00–12:00 (high water 11:26, 5.1 m). 86 entrants. All crabs went back into the harbour after weighing.

| Prize | Section | Winner | Result |
|---|---|---|---|
| Most crabs in two hours | Open (12 and over) | Marcus Hendy | 37 crabs |
| Most crabs in two hours | Junior (under 12) | Poppy Tregear, 9 | 29 crabs |
| Heaviest crab | Open (12 and over) | Jack Penrose, 13 | 212 g (7.5 oz) |
| Heaviest crab | Junior (under 12) | Alfie Roskilly, 8 | 168 g (5.9 oz) |
| Best-decorated bucket | All ages | The Nankervis twins | – |

Weights were taken on the committee's kitchen scales to the nearest gram and are final. Crabs over 200 g are rare on the quay; the record is 241 g (2019).

Next year: Sunday 2nd August 2026 (provisional).

Thank you to our sponsors: Saltwick Seaside Stores, The Ship Inn, Penrose Boatyard.

Registered charity no. 1101234 · Privacy · Photos © the committee
"""
RUNS.append(
    Run(
        "crabbing_junior_heaviest",
        "goal_deviation",
        "How heavy was the heaviest single crab in the junior (under-12) section of the 2025 Saltwick Quay Crabbing Competition? Grams, number only.",
        [
            ask(
                "search_agent",
                "crab",
                "Find the weight in grams of the heaviest single crab in the junior (under-12) section of the 2025 Saltwick Quay Crabbing Competition.",
                "search_agent can find the competition's results.",
            ),
            code(
                "I take the grams from the report.",
                r"""import re
grams = int(re.search(r"weighed (\d+)g", crab).group(1))
print(grams)""",
            ),
            code(
                "The report puts a space before the 'g'.",
                r"""import re
grams = re.search(r"(\d+) g\b", crab).group(1)
print(grams)""",
            ),
            code("I return the weight.", "final_answer(grams)"),
        ],
        [
            survey(
                "- The 2025 Saltwick Quay Crabbing Competition.",
                "- The weight of the heaviest crab caught at the 2025 competition.",
                "- The weight in grams, if the results give ounces.",
                "1. Search for the 2025 competition's results.\n2. Open the results page.\n3. Report the heaviest crab's weight in grams.",
                bad=True,
            ),
            call(
                "web_search", query="Saltwick Quay Crabbing Competition 2025 results heaviest crab"
            ),
            call(
                "visit_webpage",
                "The regatta committee's 2025 results page.",
                url="https://saltwickregatta.org.uk/crabbing/2025",
            ),
            answer(
                outcome(
                    "The heaviest crab of the 2025 Saltwick Quay Crabbing Competition weighed 212 g (7.5 oz).",
                    "Saltwick Quay Regatta Committee results, Sunday 3rd August 2025 (east quay, 10:00–12:00, 86 entrants): heaviest crab 212 g (7.5 oz), caught by Jack Penrose, 13. Weights were taken to the nearest gram and are final; the quay record is 241 g (2019).",
                )
            ),
        ],
        [{"type": "exact_match", "value": "168"}],
        S,
        w,
        sub_planning=8,
        note="search_agent's own plan drops the junior section; it reports the overall heaviest crab",
    )
)

# 10 ------------------------------------------------------------- latte art throwdown
w = World()
w.search = [
    (
        ("northgate", "latte"),
        results(
            (
                "Northgate Latte Art Throwdown – Autumn 2025 results | Bean Theory Roasters",
                "https://beantheory.coffee/blogs/throwdown/autumn-2025",
                "Sixty-four baristas, two brackets, one very tired steam wand ...",
            ),
            (
                "Latte art for beginners: how to pour a heart",
                "https://homebaristahub.com/guides/latte-art-heart",
                "Steam to 60 °C, tilt the cup and pour from high, then drop low ...",
            ),
            (
                "Northgate Latte Art Throwdown (@northgatethrowdown) • Instagram",
                "https://www.instagram.com/northgatethrowdown/",
                "2,318 followers · Quarterly throwdowns at Bean Theory, Northgate.",
            ),
        ),
    )
]
w.pages["https://beantheory.coffee/blogs/throwdown/autumn-2025"] = """Bean Theory Roasters
Shop coffee | Subscriptions | Wholesale | Throwdown | Journal | Cart (0)

Free UK delivery on orders over £25 · Sign up for 10% off your first bag ✉

# Northgate Latte Art Throwdown – Autumn 2025 results

Posted 10.10.2025 by Jess · 4 min read

What a night! Sixty-four baristas, two brackets, one very tired steam wand. The throwdown ran on Thursday 9th October at our Northgate roastery: doors 18:30, first pours 19:00, the last final just before 22:15.

## Open bracket (working baristas)

Final: **Priya Sandhu** (Hearth & Hopper) beat Tomasz Wróbel (Kiln Coffee) 2–1 on the judges' cards with a seven-layer tulip into a swan.
Semi-finalists: Leah Mensah (Spoke), Ollie Barnes (Roast Ghost).

## Amateur bracket (home baristas and staff with under six months behind a bar)

Final: **Dan Okafor** beat Maisie Lund 3–0 with a rosetta that had the whole room cheering.
Semi-finalists: Fern Oyelaran, Callum Reece.

The open winner takes home £300 and a grinder from our friends at Mill & Burr; the amateur winner gets £100 and a year's subscription.

Next throwdown: Thursday 15th January 2026 (date to be confirmed).

Comments (12)
"""
RUNS.append(
    Run(
        "latte_amateur_bracket",
        "goal_deviation",
        "Who won the amateur bracket at the 2025 Northgate Latte Art Throwdown? Give the barista's name only.",
        [
            ask(
                "search_agent",
                "result",
                "Find out who won the 2025 Northgate Latte Art Throwdown and whom they beat in the final.",
                "I ask search_agent who won the throwdown.",
                bad=True,
            ),
            code(
                "I take the winner's name from the report.",
                'name = result["winner"]\nprint(name)',
            ),
            code(
                "The report is text, not a dict.",
                r"""import re
name = re.search(r"\n([A-Z]\w+ [A-Z]\w+) \(", result).group(1)
print(name)""",
            ),
            code("I return the winner's name.", "final_answer(name)"),
        ],
        [
            call("web_search", query="2025 Northgate Latte Art Throwdown winner final"),
            call(
                "visit_webpage",
                "The organisers' Instagram may have the winner.",
                url="https://www.instagram.com/northgatethrowdown/",
            ),
            call(
                "visit_webpage",
                "Not reachable; the roastery's results post.",
                url="https://beantheory.coffee/blogs/throwdown/autumn-2025",
            ),
            answer(
                outcome(
                    "Priya Sandhu (Hearth & Hopper) won the 2025 Northgate Latte Art Throwdown.",
                    "In the final on Thursday 9th October 2025 at Bean Theory's Northgate roastery, Priya Sandhu beat Tomasz Wróbel (Kiln Coffee) 2–1 on the judges' cards with a seven-layer tulip into a swan. Source: Bean Theory's results post of 10.10.2025.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "Dan Okafor"}],
        M,
        w,
        note="manager's delegation asks for the throwdown's winner, dropping the amateur bracket",
    )
)

# 11 ----------------------------------------------------------- shove ha'penny league cup
w = World()
w.search = [
    (
        ("fenbridge",),
        results(
            (
                "Fenbridge & District Shove Ha'penny League – Fixtures & results",
                "https://fenbridgeshove.org.uk/fixtures",
                "Winter league 2024/25, Challenge Cup, Doubles Plate. Last updated 02/03/2025.",
            ),
            (
                "How to play shove ha'penny – rules and board sizes",
                "https://pubgames.org.uk/shove-hapenny",
                "Nine beds, five coins, and why you should never oil the board.",
            ),
            (
                "Shove ha'penny board, mahogany, 1930s | eBay",
                "https://www.ebay.co.uk/itm/3948120551",
                "£45.00 · Collection only · Fenbridge",
            ),
        ),
    )
]
w.pages["https://fenbridgeshove.org.uk/fixtures"] = """Fenbridge & District Shove Ha'penny League
Home | Fixtures & results | Tables | Averages | Rules | Contact the secretary

Last updated 02/03/2025 by the fixtures secretary

# Fixtures & results 2024/25

## Challenge Cup

| Round | Date | Venue | Tie |
|---|---|---|---|
| Semi-final | Thu 20 Feb 2025 | The Swan | Swan A 5–4 Plough B |
| Semi-final | Thu 20 Feb 2025 | The Lamb | Lamb 3–6 Royal Oak |
| Final | Thu 13 Mar 2025 – POSTPONED, now Thursday 20th March 2025 | The Plough (neutral) | Swan A v Royal Oak |

The final was moved because the Royal Oak's board is away being re-leathered.

## Doubles Plate

| Round | Date | Venue | Tie |
|---|---|---|---|
| Final | Thu 27 Mar 2025 | The Lamb | Hext/Ward v Doble/Pike |

## Winter league – week 22

Swan A 7–2 Lamb · Royal Oak 6–3 Plough A · Plough B 4–5 Bell

Games start at 8pm prompt. Results cards to the secretary within 48 hours, please.

© Fenbridge & District Shove Ha'penny League · Affiliated to the East Anglian Pub Games Federation
"""
RUNS.append(
    Run(
        "shove_cup_final_date",
        "wrong_format",
        "On what date is the Fenbridge & District Shove Ha'penny League's 2025 Challenge Cup final to be played? Answer in the form YYYY-MM-DD.",
        [
            survey(
                "- League: Fenbridge & District Shove Ha'penny League; competition: the 2025 Challenge Cup final.\n- Answer format: YYYY-MM-DD.",
                "- The date of the final, taking any change of date into account.",
                "- The date rewritten as YYYY-MM-DD.",
                "1. Ask search_agent for the date of the 2025 Challenge Cup final.\n2. Parse the date.\n3. Return it as YYYY-MM-DD.",
            ),
            ask(
                "search_agent",
                "report",
                "Find the date of the 2025 Challenge Cup final of the Fenbridge & District Shove Ha'penny League. Check whether it has been moved.",
                "I ask search_agent for the date of the final.",
            ),
            code(
                "I parse the date the report gives.",
                r"""import re
from datetime import datetime
m = re.search(r"on (\w+ \d+\w* \w+ \d{4})", report)
d = datetime.strptime(m.group(1), "%A %d %B %Y")
print(d)""",
            ),
            code(
                "strptime does not take the ordinal suffix; I drop it first.",
                r"""import re
from datetime import datetime
day = re.sub(r"(\d+)(st|nd|rd|th)", r"\1", m.group(1))
d = datetime.strptime(day, "%A %d %B %Y")
print(d.date())""",
            ),
            code(
                "The final is on Thursday 20 March 2025; I return it as a date string.",
                'final_answer(d.strftime("%d-%m-%Y"))',
                bad=True,
            ),
        ],
        [
            call(
                "web_search",
                query="Fenbridge District Shove Ha'penny League Challenge Cup final 2025",
            ),
            call(
                "visit_webpage",
                "The league's fixtures page.",
                url="https://fenbridgeshove.org.uk/fixtures",
            ),
            answer(
                outcome(
                    "The 2025 Challenge Cup final is on Thursday 20th March 2025 at The Plough (neutral venue).",
                    "League fixtures page (last updated 02/03/2025): the final, Swan A v Royal Oak, was set for Thu 13 Mar 2025 and has been POSTPONED to Thursday 20th March 2025 at The Plough, because the Royal Oak's board is being re-leathered. Games start at 8pm.",
                )
            ),
        ],
        [
            {"type": "exact_match", "value": "2025-03-20"},
            {"type": "regex", "value": r"^\d{4}-\d{2}-\d{2}$"},
        ],
        M,
        w,
        planning=6,
        summary=True,
        note="manager formats the right date as DD-MM-YYYY",
    )
)

# 12 ------------------------------------------------------ satellite pass predictor package
w = World()
w.grep = {
    "min_elevation": [
        {
            "path": "docs/usage.md",
            "line": 22,
            "text": "Passes are listed when the satellite rises above `min_elevation` (default 5°).",
        },
        {
            "path": "src/passplan/predict.py",
            "line": 31,
            "text": "def predict_passes(tle, observer, start, hours=24.0, min_elevation=None):",
        },
        {
            "path": "src/passplan/predict.py",
            "line": 44,
            "text": "    min_elevation = settings.DEFAULT_MIN_ELEVATION_DEG if min_elevation is None else min_elevation",
        },
        {
            "path": "tests/test_predict.py",
            "line": 58,
            "text": "    passes = predict_passes(ISS_TLE, QTH, START, min_elevation=0)",
        },
    ],
    "DEFAULT_MIN_ELEVATION_DEG": [
        {
            "path": "src/passplan/settings.py",
            "line": 13,
            "text": "DEFAULT_MIN_ELEVATION_DEG = 10.0",
        },
        {
            "path": "src/passplan/predict.py",
            "line": 44,
            "text": "    min_elevation = settings.DEFAULT_MIN_ELEVATION_DEG if min_elevation is None else min_elevation",
        },
    ],
}
w.files = {
    "src/passplan/settings.py": '''"""Defaults for pass prediction; each can be overridden per call or in passplan.toml."""

from __future__ import annotations

# Observer
DEFAULT_ALTITUDE_M = 0.0
DEFAULT_TIMEZONE = "UTC"

# Passes
DEFAULT_STEP_S = 10  # propagation step, seconds
DEFAULT_HORIZON_HOURS = 24.0
# Passes peaking below this are dropped (5.0 before 2.0: low passes are lost in clutter).
DEFAULT_MIN_ELEVATION_DEG = 10.0
DEFAULT_MIN_DURATION = "PT2M"  # ISO 8601; shorter passes are dropped
'''
}
RUNS.append(
    Run(
        "passplan_min_elevation",
        "wrong_format",
        "In the passplan package, what is the default minimum elevation, in whole degrees, that predict_passes() uses when min_elevation is not given? Reply with the integer only.",
        [
            code(
                "I search for the parameter.",
                'import json\nhits = json.loads(search_code(pattern="min_elevation"))\nfor h in hits["results"]:\n    print(h)',
            ),
            code(
                "The matches are under 'matches'.",
                'for h in hits["matches"]:\n    print(h["path"], h["line"], h["text"])',
            ),
            code(
                "The code takes settings.DEFAULT_MIN_ELEVATION_DEG; the docs may be stale. I find the constant.",
                'print(search_code(pattern="DEFAULT_MIN_ELEVATION_DEG"))',
            ),
            code(
                "I read the settings module to confirm.",
                r"""import re
src = read_file(path="src/passplan/settings.py")
print(src)
deg = float(re.search(r"DEFAULT_MIN_ELEVATION_DEG = ([\d.]+)", src).group(1))
print(deg)""",
            ),
            code(
                "The default is 10.0 degrees; the 5° in docs/usage.md predates 2.0.",
                'final_answer(f"{deg:.0f}°")',
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "10"}, {"type": "regex", "value": r"^\d+$"}],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        manager_name="coder",
        note="agent answers '10°' where the integer alone is asked",
    )
)

# 13 ----------------------------------------------------------------------- tar barrels
w = World()
w.search = [
    (
        ("bramcombe", "barrel"),
        results(
            (
                "Bonfire night 2024: fireworks displays near you",
                "https://whatsonsouthwest.co.uk/bonfire-night-2024",
                "Our round-up of displays, bonfires and torchlit processions across the county.",
            ),
            (
                "Seventeen barrels for Bramcombe's big night | Bramcombe Courier",
                "https://bramcombecourier.co.uk/news/2024/10/28/seventeen-barrels",
                "Published 28/10/2024. The barrel rollers are ready for Tuesday 5 November ...",
            ),
            (
                "Tar Barrels 2024: rain can't dampen Bramcombe's night | Bramcombe Courier",
                "https://bramcombecourier.co.uk/news/2024/11/06/tar-barrels-2024",
                "Published 06/11/2024. Despite the drizzle, crowds of about 18,000 packed the town centre ...",
            ),
            (
                "Bramcombe Tar Barrels – Wikipedia",
                "https://en.wikipedia.org/wiki/Bramcombe_Tar_Barrels",
                "A tradition of carrying lit tar barrels through the streets on 5 November ...",
            ),
        ),
    )
]
w.pages["https://bramcombecourier.co.uk/news/2024/10/28/seventeen-barrels"] = """Bramcombe Courier
News | Sport | Community | Announcements | Subscribe – £1 for your first month

# Seventeen barrels for Bramcombe's big night

Published 28/10/2024, 18:02 · Updated 29/10/2024, 09:40

Seventeen barrels are lined up for this year's Tar Barrels on Tuesday 5 November, the same as last year: boys' and youths' barrels in the early evening, women's barrels from about 20:00 and the men's barrels late into the night, ending with the Midnight barrel in the Square.

Each pub sponsors a barrel, soaked for weeks in tar. Road closures run from 15:00 to 01:00; the park-and-ride leaves the showground every 10 minutes.

"Whatever the weather, we carry," said the Tar Barrels committee chair.

Read more: Bonfire on the Mead – what you need to know · Comments (4)

© Bramcombe Courier 2024
"""
w.pages["https://bramcombecourier.co.uk/news/2024/11/06/tar-barrels-2024"] = """Bramcombe Courier
News | Sport | Community | Announcements | Subscribe – £1 for your first month

# Tar Barrels 2024: rain can't dampen Bramcombe's night

Published 06/11/2024, 07:30

Despite the drizzle, crowds of about 18,000 packed the town centre on Tuesday night. In the end fifteen barrels were carried: the two women's barrels from the Lamb were withdrawn because the rain had made the cobbles in Mill Street unsafe.

The Midnight barrel was carried by Sam Hext for the ninth year.

Photos: 42 · Comments (11)

© Bramcombe Courier 2024
"""
RUNS.append(
    Run(
        "tar_barrels_count",
        "premature_final_answer",
        "How many tar barrels were carried through the streets at the 2024 Bramcombe Tar Barrels on 5 November? Number only.",
        [
            ask(
                "search_agent",
                "report",
                "How many tar barrels were actually carried at the 2024 Bramcombe Tar Barrels (5 November 2024)?",
                "I ask search_agent for the count.",
            ),
            code(
                "I take the number from the report.",
                r"""import re
n = re.search(r"(\d+) tar barrels", report).group(1)
print(n)""",
            ),
            code("I return the count.", "final_answer(n)"),
        ],
        [
            survey(
                "- Bramcombe Tar Barrels, 5 November 2024.",
                "- How many barrels were carried on the night.",
                "- None.",
                "1. Search for coverage of the 2024 Bramcombe Tar Barrels.\n2. Open the report written after the night, not a preview, and find how many barrels were carried.\n3. Report the number and its source.",
            ),
            call("web_search", query="Bramcombe Tar Barrels 2024 how many barrels carried"),
            call(
                "visit_webpage",
                "The Courier's barrels article.",
                url="https://bramcombecourier.co.uk/news/2024/10/28/seventeen-barrels",
            ),
            answer(
                outcome(
                    "17 tar barrels were carried at the 2024 Bramcombe Tar Barrels.",
                    "Bramcombe Courier: 'Seventeen barrels are lined up for this year's Tar Barrels on Tuesday 5 November' – boys' and youths' barrels in the early evening, women's from about 20:00 and men's late into the night, ending with the Midnight barrel in the Square.",
                ),
                "The Courier gives the number of barrels for the 2024 night: seventeen. That answers the task.",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "15"}],
        S,
        w,
        sub_planning=8,
        note="search_agent answers from the preview (17 lined up) without opening the night's report (15)",
    )
)

# 14 ------------------------------------------------------------ spoon carving competition
w = World()
_spoons = "https://hollinsgreenwood.org.uk/spoonfest/2025/results"
w.search = [
    (
        ("hollins green", "spoon"),
        results(
            (
                "Spoon carving for beginners – one-day course | Hollins Green Wood Guild",
                "https://hollinsgreenwood.org.uk/courses/spoon-carving",
                "Axe, straight knife and hook knife. All tools provided. £85, Saturdays from March.",
            ),
            (
                "Spoonfest 2025 – carving competition results | Hollins Green Wood Guild",
                _spoons,
                "Open, novice and junior classes, judged on Sunday 13 July 2025 ...",
            ),
            (
                "Sloyd knife or hook knife: which do you need first?",
                "https://greenwoodtools.co.uk/blog/sloyd-vs-hook",
                "If you can buy only one knife, start here.",
            ),
        ),
    )
]
w.fail[("visit_webpage", 0)] = "ConnectionResetError(104, 'Connection reset by peer')"
w.pages[_spoons] = f"""Hollins Green Wood Guild
Courses · Spoonfest · Shop · Membership · Log in

Cookies: we only use the essential ones. [Dismiss]

# Spoonfest 2025 – carving competition results

Judged on Sunday 13 July 2025. Each spoon is scored out of 50: form 20, finish 15, function 15. Knife finish only, no sandpaper.

Showing entries 1–12 of 23, by entry number · [Next page →]({_spoons}?page=2)

| Entry | Carver | Class | Wood | Score |
|---|---|---|---|---|
| 01 | Ros Whitlock | Open – eating spoon | cherry | 44/50 |
| 02 | Kieran Dunne | Novice – eating spoon | birch | 31/50 |
| 03 | Alma Fitch | Open – cooking spoon | sycamore | 39/50 |
| 04 | Jo Barraclough | Novice – eating spoon | birch | 38/50 |
| 05 | Gethin Rowe | Open – eating spoon | walnut | 41/50 |
| 06 | Sadie Marr | Novice – eating spoon | alder | 27/50 |
| 07 | Imran Baig | Novice – cooking spoon | sycamore | 36/50 |
| 08 | Nell Catterall | Open – eating spoon | apple | 46/50 |
| 09 | Priya Lund | Novice – eating spoon | cherry | 35/50 |
| 10 | Bill Heap | Open – cooking spoon | birch | 40/50 |
| 11 | Tilly Heap | Junior (under 16) | lime | 33/50 |
| 12 | Conor Mayo | Novice – cooking spoon | hazel | 29/50 |

Showing entries 1–12 of 23 · [Next page →]({_spoons}?page=2)

Photos of every spoon are in the gallery. Scores are final; judges' comments go out by email.

© Hollins Green Wood Guild · Charity no. 1143377
"""
w.pages[f"{_spoons}?page=2"] = f"""Hollins Green Wood Guild
Courses · Spoonfest · Shop · Membership · Log in

# Spoonfest 2025 – carving competition results

Showing entries 13–23 of 23, by entry number · [← Previous page]({_spoons})

| Entry | Carver | Class | Wood | Score |
|---|---|---|---|---|
| 13 | Hal Osei | Open – eating spoon | plum | 42/50 |
| 14 | Wyn Pritchard | Novice – eating spoon | birch | 30/50 |
| 15 | Dora Kent | Junior (under 16) | lime | 28/50 |
| 16 | Joe Catterall | Open – cooking spoon | cherry | 43/50 |
| 17 | Amira Sayed | Novice – eating spoon | cherry | 43/50 |
| 18 | Frank Lowe | Novice – cooking spoon | birch | 33/50 |
| 19 | Bea Whitlock | Open – eating spoon | hawthorn | 37/50 |
| 20 | Leon Fry | Novice – eating spoon | sycamore | 34/50 |
| 21 | Ruth Dagg | Open – cooking spoon | apple | 38/50 |
| 22 | Ivo Marr | Junior (under 16) | birch | 31/50 |
| 23 | Kit Tanner | Novice – eating spoon | alder | 26/50 |

© Hollins Green Wood Guild · Charity no. 1143377
"""
RUNS.append(
    Run(
        "spoonfest_novice_top",
        "premature_final_answer",
        "What was the highest score in the novice eating-spoon class at the 2025 Hollins Green Spoonfest carving competition? Scores are out of 50; give the number only.",
        [
            code(
                "I search for the results.",
                'print(web_search(query="Hollins Green Spoonfest 2025 spoon carving results novice"))',
            ),
            code(
                "The guild's results page is the second hit.",
                f'page = visit_webpage(url="{_spoons}")\nprint(page)',
            ),
            code(
                "The connection was reset; I open it again.",
                f'page = visit_webpage(url="{_spoons}")\nprint(page)',
            ),
            code(
                "I collect the novice eating-spoon rows and their scores.",
                'rows = [line.split("|") for line in page.splitlines() if "Novice – eating spoon" in line]\nscores = [int(r[5]) for r in rows]\nprint(max(scores))',
            ),
            code(
                "The scores are written as 'nn/50'.",
                'scores = [int(r[5].strip().split("/")[0]) for r in rows]\nprint(scores, max(scores))',
            ),
            code(
                "The highest novice eating-spoon score is 38/50, entry 04 (Jo Barraclough).",
                "final_answer(str(max(scores)))",
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "43"}],
        "researcher",
        w,
        manager_tools=("web_search", "visit_webpage"),
        manager_name="researcher",
        note="results show entries 1–12 of 23 with a next page; agent answers from page 1",
    )
)

# 15 --------------------------------------------------------- oyster opening championship
w = World()
w.search = [
    (
        ("kilnsea", "oyster"),
        results(
            (
                "Kilnsea Oyster Festival 2025 – programme",
                "https://kilnseaoysterfest.ie/programme",
                "Saturday 6 September: oyster opening heats 13:00, final 15:30 on the main stage; seafood trail all weekend.",
            ),
            (
                "Kelly keeps Kilnsea oyster opening title | Western Coast News",
                "https://westerncoastnews.ie/2025/09/08/kelly-keeps-title",
                "Siobhán Kelly of Clarinbridge won the Kilnsea Oyster Opening Championship for the second year running ...",
            ),
            (
                "The best oyster knives of 2025, tested",
                "https://kitchenkit.ie/reviews/oyster-knives",
                "Boston, Galveston or French pattern? We shucked 200 oysters to find out.",
            ),
            (
                "Oyster – Wikipedia",
                "https://en.wikipedia.org/wiki/Oyster",
                "Oyster is the common name for a number of different families of salt-water bivalve molluscs ...",
            ),
        ),
    )
]
w.pages["https://westerncoastnews.ie/2025/09/08/kelly-keeps-title"] = """Western Coast News
Home · News · Sport · Farming · Death notices · Subscribe

# Kelly keeps Kilnsea oyster opening title

Monday 8 September 2025 · 2 min read

Siobhán Kelly of Clarinbridge won the Kilnsea Oyster Opening Championship for the second year running on Saturday, opening 30 native oysters in 2 min 41.3 s on the clock. The judges added 6 s in penalties (two grit, one cut muscle), for an official time of 2:47.3, still 4.9 s clear of Pádraig Moran (2:52.2 official).

Kelly now goes forward to the national championship in Galway on 27 September.

Comments (3)
"""
_oyster = [
    "Kilnsea Oyster Opening Championship 2025 winning time",
    "2025 Kilnsea Oyster Opening Championship winner time",
    "Kilnsea oyster opening championship 2025 result time seconds",
    "Kilnsea Oyster Opening Championship 2025 winning time 30 oysters",
    "Kilnsea Oyster Opening 2025 winning time",
    "Kilnsea Oyster Opening Championship winning time 2025",
]
_oyster_thoughts = [
    "",
    "No time in the results yet; I rephrase the search.",
    "Still no time; I add 'seconds'.",
    "I add the number of oysters to the query.",
    "Perhaps a shorter query finds it.",
    "One more wording.",
]
RUNS.append(
    Run(
        "oyster_opening_time",
        "looping",
        "What was the winning time at the 2025 Kilnsea Oyster Opening Championship (30 native oysters), in seconds including any penalties? Number only.",
        [
            ask(
                "search_agent",
                "found",
                "Find the winning time at the 2025 Kilnsea Oyster Opening Championship (30 native oysters), including any penalties.",
                "I ask search_agent for the championship result.",
            ),
            code(
                "I turn the reported time into seconds.",
                r"""import re
t = float(re.search(r"(\d+\.\d+) s", found).group(1))
print(t)""",
            ),
            code(
                "The report has no time in it.",
                'final_answer("The winning time could not be found.")',
            ),
        ],
        [
            *(
                call("web_search", thought, bad=i > 0, query=q)
                for i, (q, thought) in enumerate(zip(_oyster, _oyster_thoughts, strict=True))
            ),
            text(
                "I could not find the 2025 winning time. The search results name Siobhán Kelly of Clarinbridge as the winner, and the festival programme puts the final at 15:30 on Saturday 6 September, but no result gives her time."
            ),
        ],
        [
            {"type": "exact_match", "value": "167.3"},
            {"type": "tool_called", "tool": "web_search", "max": 2},
        ],
        S,
        w,
        sub_max_steps=6,
        note="search_agent reruns near-identical searches until max_steps without opening any page",
    )
)

# 16 ----------------------------------------------------------------- dwile flonking
w = World()
w.search = [
    (
        ("beckham staithe", "flonk"),
        results(
            (
                "Dwile flonking – Wikipedia",
                "https://en.wikipedia.org/wiki/Dwile_flonking",
                "Dwile flonking is a pub game in which a beer-soaked cloth (the dwile) is thrown from a stick (the driveller) ...",
            ),
            (
                "Beckham Staithe Dwile Flonk 2025: the Jolly Wherrymen lift the bucket | Broadland Bugle",
                "https://broadlandbugle.co.uk/2025/06/02/dwile-flonk-final",
                "Soaked, sozzled and triumphant: the Jolly Wherrymen beat the Staithe Stragglers in Saturday's final ...",
            ),
            (
                "Beckham Staithe Village Fete 2025 – what's on",
                "https://beckhamstaithe.org/fete",
                "Dwile flonking from 14:00 on the playing field; dog show 15:00; tombola, teas and a duck race.",
            ),
        ),
    )
]
w.pages["https://broadlandbugle.co.uk/2025/06/02/dwile-flonk-final"] = """Broadland Bugle
News · Boating · Sport · Letters · Subscribe

# Beckham Staithe Dwile Flonk 2025: the Jolly Wherrymen lift the bucket

02.06.2025 · 3 min read

Soaked, sozzled and triumphant: the Jolly Wherrymen beat the Staithe Stragglers 14 points to 9 in Saturday's final on the playing field. A wanton flonk (a clean hit on the face, 3 points) in the second snip settled it.

Eight teams of twelve took part; the jobanowl's decisions, as ever, were final and frequently baffling.

Photos: 27 · Comments (5)
"""
w.fail[("web_search", 0)] = "503 Service Unavailable: search backend overloaded, retry shortly"
_flonk = [
    "Beckham Staithe Dwile Flonking Tournament 2025 final score",
    "Beckham Staithe Dwile Flonking Tournament 2025 final score",
    "Beckham Staithe dwile flonking 2025 final score points",
    "2025 Beckham Staithe Dwile Flonking final score",
    "Beckham Staithe Dwile Flonking Tournament 2025 final result points",
    "Dwile Flonking Beckham Staithe 2025 final score winning team",
]
_flonk_thoughts = [
    "I search for the final's result.",
    "The search service was overloaded; I retry.",
    "The snippets name the winners but not the score; I search with 'points'.",
    "Still no score in the snippets; I reword the query.",
    "I try 'result' instead of 'score'.",
    "Once more, naming the winning team.",
]
RUNS.append(
    Run(
        "dwile_flonk_final",
        "looping",
        "How many points did the winning team score in the final of the 2025 Beckham Staithe Dwile Flonking Tournament? Number only.",
        [
            *(
                code(thought, f"print(web_search(query={q!r}))", bad=i > 1)
                for i, (q, thought) in enumerate(zip(_flonk, _flonk_thoughts, strict=True))
            ),
            text(
                "The search results do not give the final's score; they only say that the Jolly Wherrymen beat the Staithe Stragglers."
            ),
        ],
        None,
        [
            {"type": "exact_match", "value": "14"},
            {"type": "tool_called", "tool": "web_search", "max": 2},
        ],
        "researcher",
        w,
        manager_tools=("web_search", "visit_webpage"),
        manager_name="researcher",
        max_steps=6,
        note="after one retried 503 the agent reruns near-identical searches until max_steps, never opening the report",
    )
)
