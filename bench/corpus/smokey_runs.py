# ruff: noqa: RUF001  (page titles and one regex use the en dash, as real pages and agents do)
"""The runs of the `smokey` family: scripted replies and the offline world their tools read.

Sixteen runs of a smolagents manager CodeAgent with a managed ToolCallingAgent (a search agent,
or a code-search agent), or of a single CodeAgent on the JSON API, the code search or the web
tools, two per fault of the taxonomy, each with one decisive fault labelled at the LLM call
that decided it (`bad=True` on its reply; on every repeat for a loop). Written in one sweep
without reading blame's rules, the other held-out families' runs or any score; see
smolagents_smokey.py. The systems, the tools, the reply helpers and `Run` are those of the
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
        f"- none beyond reading the figure\n\n## 2. Plan\n{steps}\n<end_plan>",
        bad,
    )


def cask(spec: str, **extra: Any) -> dict[str, Any]:
    """One cask of the beer festival's cellar list, from `id | beer | brewery | style | abv |
    tapped | status` (an empty `tapped` is null), as its API writes it."""
    ident, beer, brewery, style, abv, tapped, status = (p.strip() for p in spec.split("|"))
    record: dict[str, Any] = {
        "id": ident,
        "beer": beer,
        "brewery": brewery,
        "style": style,
        "abv_declared": abv,
        "abv_tested": None,
        "test_ref": None,
        "volume": {"value": 9, "unit": "gal"},
        "tapped": tapped or None,
        "status": status,
        "bar": "A",
        "allergens": ["gluten"],
        "cellar_notes": None,
    }
    return record | extra


def booking(spec: str, **extra: Any) -> dict[str, Any]:
    """One booking of the village hall's API, from `ref | hirer | day | from | to | ISO 8601
    duration | status`."""
    ref, hirer, day, start, end, duration, status = (p.strip() for p in spec.split("|"))
    end_day = day if end > start else f"{day[:8]}{int(day[8:]) + 1:02d}"
    record: dict[str, Any] = {
        "ref": ref,
        "hirer": hirer,
        "start": f"{day}T{start}",
        "end": f"{end_day}T{end}",
        "duration": duration,
        "status": status,
        "recurring": None,
        "deposit_gbp": None,
        "keyholder": None,
    }
    return record | extra


def doc(*parts: str) -> Any:
    """A JSON document written compactly over several source lines."""
    return json.loads("".join(parts))


# 1 ------------------------------------------------------------------------------------------
# An axe throwing league's playoff night: manager with a plan, search sub-agent.
w = World()
w.search = [
    (
        ("axe league", "2024"),
        results(
            (
                "Northern Axe League – 2024 Playoffs | ThrowScore",
                "https://throwscore.app/leagues/northern-axe-league/2024/playoffs",
                "Bracket, match points and killshot counts for the 2024 Northern Axe League "
                "playoffs at Hatchet House Leeds, 12 Oct 2024.",
            ),
            (
                "Playoffs 2024 – Northern Axe League",
                "https://northernaxeleague.co.uk/playoffs-2024",
                "Playoff night at Hatchet House Leeds: results, photos and the season awards.",
            ),
            (
                "Hatchet House Leeds | Book a lane",
                "https://hatchethouse.co.uk/leeds",
                "Axe throwing for groups of 4 to 20. Birthday and stag packages from £22pp. "
                "League nights on Wednesdays.",
            ),
            (
                "Sethi takes the Northern Axe League title",
                "https://www.yorkshirelocal.news/sport/axe-league-final-2023",
                "Priya Sethi beat Dale Brannigan 68-59 in the 2023 final, with a called "
                "killshot on her last throw...",
            ),
        ),
    )
]
w.fail[("visit_webpage", 0)] = (
    "SSLError: HTTPSConnectionPool(host='northernaxeleague.co.uk', port=443): Max retries "
    "exceeded with url: /playoffs-2024 (Caused by SSLError(SSLCertVerificationError(1, "
    "'[SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: certificate has expired "
    "(_ssl.c:1006)')))"
)
w.pages["https://throwscore.app/leagues/northern-axe-league/2024/playoffs"] = """\
[Skip to main content](#main)
ThrowScore | Leagues | Venues | Rankings | Coaching | Log in | Get the app

Live scoring on your lane with the ThrowScore app. [Open in app] [Not now]

# Northern Axe League - 2024 Playoffs

Hatchet House Leeds, Kirkstall Road · Saturday 12 October 2024 · 8 throwers qualified · \
IATF rules, 10 throws a match, the last throw may be called for a killshot

**Update (Mon 14 Oct 2024, league office):** after the video review of throw 9 of the final \
(the axe dropped out of the board, so it scores nothing), the final is corrected to 66-64. \
The bracket below still shows the points posted on the night and will be regenerated at the \
next sync. The result stands: Dale Brannigan is the 2024 champion.

## Bracket

| Round | Lane | Thrower A | Pts | Thrower B | Pts | Killshots A/B |
|---|---|---|---|---|---|---|
| QF | 1 | Dale Brannigan | 62 | Tom Eckersley | 55 | 2/1 |
| QF | 2 | Marcus Hale | 58 | Ruth Ambler | 57 | 1/0 |
| QF | 3 | Priya Sethi | 60 | Gaz Whitworth | 49 | 1/0 |
| QF | 4 | Joanne Pike | 63 | Kerry Dunn | 59 | 2/2 |
| SF | 1 | Dale Brannigan | 69 | Marcus Hale | 61 | 3/1 |
| SF | 2 | Priya Sethi | 64 | Joanne Pike | 64 | 1/2 (Sethi won the big-axe sudden death) |
| Final | 1 | Dale Brannigan | 71 | Priya Sethi | 64 | 2/1 |

Season high (regular season): 78, Marcus Hale, week 9 (Wed 7 Aug 2024).

## Awards

- Champion: Dale Brannigan (Hatchet House Leeds)
- Runner-up: Priya Sethi (Chop Shop Bradford)
- Killshot of the season: Joanne Pike (Hatchet House Leeds)

Scoring: bullseye 6, rings 4/3/2/1, killshot 8 (called, last throw only), drop 0.

Sponsored: Throw like a pro - one-to-one coaching from £15 a session.

© 2024 ThrowScore Ltd · Privacy · Terms · Cookie settings
"""
RUNS.append(
    Run(
        "axe_league_final",
        "misread_tool_output",
        "How many points did the champion score in the final of the Northern Axe League's "
        "2024 playoffs? Reply with the number only.",
        [
            plan(
                "- the Northern Axe League, its 2024 playoffs, the final\n"
                "- the champion's points in that final are asked, as a number",
                "- who won the final and with how many points",
                "1. Ask search_agent for the result of the 2024 final with both throwers' "
                "points and the source.\n2. Take the champion's points from its report.\n"
                "3. Return the number alone.",
            ),
            code(
                "I ask search_agent for the result of the final.",
                'report = search_agent(task="Find the result of the final of the Northern Axe '
                "League 2024 playoffs: who won, and both throwers' points. Say where the "
                'figures come from.")\nprint(report)',
            ),
            code(
                "The report gives a score line for the final; I take its two numbers.",
                r"""
import re
m = re.search(r"(\d+)–(\d+)", report)
print(m.groups())
""",
            ),
            code(
                "No match: the report writes the score with a hyphen, not an en dash.",
                r"""
m = re.search(r"(\d+)\s*[-–]\s*(\d+)", report)
champion, runner_up = int(m.group(1)), int(m.group(2))
print(champion, runner_up)
""",
            ),
            code(
                "Brannigan won, so the champion's points are the first number.",
                "final_answer(str(champion))",
            ),
        ],
        [
            call(
                "web_search",
                "I search for the 2024 playoff results.",
                query="Northern Axe League 2024 playoffs final score",
            ),
            call(
                "visit_webpage",
                "The league's own page first.",
                url="https://northernaxeleague.co.uk/playoffs-2024",
            ),
            call(
                "visit_webpage",
                "The league site's certificate has expired. ThrowScore has the bracket.",
                url="https://throwscore.app/leagues/northern-axe-league/2024/playoffs",
            ),
            answer(
                outcome(
                    "Dale Brannigan won the 2024 final, beating Priya Sethi 71-64.",
                    "From the ThrowScore page of the Northern Axe League 2024 playoffs (Hatchet "
                    "House Leeds, Saturday 12 October 2024), bracket row 'Final': Dale "
                    "Brannigan 71 pts, Priya Sethi 64 pts, killshots 2/1. In the semi-finals "
                    "Brannigan beat Marcus Hale 69-61, and Sethi drew 64-64 with Joanne Pike "
                    "and went through on the big-axe sudden death. Source: "
                    "https://throwscore.app/leagues/northern-axe-league/2024/playoffs",
                    "The league's own site (northernaxeleague.co.uk) could not be opened: its "
                    "TLS certificate has expired. ThrowScore is the scoring app the league "
                    "uses. The 2023 final was Sethi 68-59 Brannigan.",
                ),
                "The bracket's Final row gives both throwers' points.",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "66"}],
        S,
        w,
        planning=10,
    )
)

# 2 ------------------------------------------------------------------------------------------
# A beer festival's cask list API: single CodeAgent.
w = World()
PAGE = {"festival": "Fenland Real Ale Festival 2024", "pages": 3, "per_page": 4, "total": 11}
w.api = {
    "/festivals/fenland-2024/casks?page=1": PAGE
    | {
        "venue": "Corn Exchange, March",
        "dates": "Thu 16 - Sat 18 May 2024",
        "page": 1,
        "casks": [
            cask(
                "C-003 | Fen Tiger | Welney Ales | Best Bitter | 4.1% | Thu 16 May 2024 11:20 | "
                "sold out",
                abv_tested=4.0,
                test_ref="LAB-2024-102",
            ),
            cask(
                "C-007 | Drain Dragon | Hundred Foot Brewery | Golden Ale | 3.9% | "
                "Thu 16 May 2024 11:25 | on"
            ),
            cask(
                "C-011 | Eel Catcher | Ouse Washes Brewing | Mild | 3.6% | | in cellar",
                cellar_notes="not yet dropped bright",
            ),
            cask(
                "C-012 | Wicken Wheat | Soham Craft | Wheat Beer | 4.8% | "
                "Fri 17 May 2024 12:05 | on",
                bar="B",
            ),
        ],
        "next": "/festivals/fenland-2024/casks?page=2",
    },
    "/festivals/fenland-2024/casks?page=2": PAGE
    | {
        "page": 2,
        "casks": [
            cask(
                "C-015 | Sluice Gate | Hundred Foot Brewery | Pale Ale | 4.4% | "
                "Thu 16 May 2024 11:31 | on"
            ),
            cask(
                "C-019 | Bedford Level | Welney Ales | IPA | 5.6% | Fri 17 May 2024 17:45 | on",
                bar="B",
            ),
            cask(
                "C-022 | Marsh Harrier Export | Ouse Washes Brewing | Export Stout | 6.8% | "
                "Sat 18 May 2024 11:02 | on",
                abv_tested=6.9,
                test_ref="LAB-2024-121",
            ),
            cask(
                "C-026 | Black Fen Cider | Chatteris Orchards | Cider (still, medium) | 6.0% | "
                "Thu 16 May 2024 11:00 | sold out",
                allergens=["sulphites"],
                volume={"value": 20, "unit": "l"},
            ),
        ],
        "next": "/festivals/fenland-2024/casks?page=3",
    },
    "/festivals/fenland-2024/casks?page=3": PAGE
    | {
        "page": 3,
        "casks": [
            cask(
                "C-031 | Marsh Harrier | Ouse Washes Brewing | Porter | 5.0% | "
                "Thu 16 May 2024 11:40 | sold out",
                test_ref="LAB-2024-117",
                cellar_notes="tested on tapping and at cask end, see lab",
            ),
            cask(
                "C-034 | Ten Mile Bank | Soham Craft | Bitter | 3.8% | Sat 18 May 2024 11:10 | on"
            ),
            cask(
                "C-035 | Straw Bear | Whittlesey Brewhouse | Strong Ale | 7.2% | | withdrawn",
                cellar_notes="cloudy, returned to brewer",
            ),
        ],
        "next": None,
    },
    "/festivals/fenland-2024/lab/LAB-2024-117": doc(
        '{"ref": "LAB-2024-117", "cask_id": "C-031", "beer": "Marsh Harrier", ',
        '"brewery": "Ouse Washes Brewing", "instrument": "Anton Paar DMA 35 density meter", ',
        '"operator": null, "declared_abv_pct": 5.0, "tolerance_pct": 0.5, "samples": [',
        '{"n": 2, "taken_at": "2024-05-18T21:05:00+01:00", "label": "cask end (last 2 gal)", ',
        '"abv_pct": 4.9, "temp_c": 12.5, "og": null}, ',
        '{"n": 1, "taken_at": "2024-05-16T11:52:00+01:00", "label": "on tapping", ',
        '"abv_pct": 4.6, "temp_c": 11.8, "og": 1052}], "within_tolerance": true, ',
        '"remarks": "Samples are listed newest first.", "trading_standards_ref": null}',
    ),
}
w.fail[("fetch_json", 1)] = (
    "API error 500: upstream database timeout while listing casks (request id 7f3a-91c2)"
)
RUNS.append(
    Run(
        "beer_festival_cask_abv",
        "misread_tool_output",
        "What ABV did the festival lab of the 2024 Fenland Real Ale Festival measure for the "
        "Marsh Harrier porter cask on the day it was tapped? Percent, number only.",
        [
            code(
                "I fetch the festival's cask list from its API.",
                """
import requests
r = requests.get("https://api.fenlandale.org/festivals/fenland-2024/casks")
print(r.json())
""",
            ),
            code(
                "requests may not be imported here; the fetch_json tool reads the same API.",
                'print(fetch_json(endpoint="/festivals/fenland-2024/casks?page=1"))',
            ),
            code(
                "Marsh Harrier is not on page 1 of 3. I look through pages 2 and 3.",
                """
import json
found = []
for p in (2, 3):
    data = json.loads(fetch_json(endpoint=f"/festivals/fenland-2024/casks?page={p}"))
    found += [c for c in data["casks"] if c["beer"].startswith("Marsh Harrier")]
for c in found:
    print(c)
""",
            ),
            code(
                "Page 2 answered with a 500 error; I run the same loop again.",
                """
found = []
for p in (2, 3):
    data = json.loads(fetch_json(endpoint=f"/festivals/fenland-2024/casks?page={p}"))
    found += [c for c in data["casks"] if c["beer"].startswith("Marsh Harrier")]
for c in found:
    print(c)
""",
            ),
            code(
                "C-022 is the export stout; the porter is C-031, lab test LAB-2024-117.",
                'print(fetch_json(endpoint="/festivals/fenland-2024/lab/LAB-2024-117"))',
            ),
            code(
                "The first sample is the one taken when the cask was tapped.",
                """
lab = json.loads(fetch_json(endpoint="/festivals/fenland-2024/lab/LAB-2024-117"))
abv = lab["samples"][0]["abv_pct"]
print(abv)
""",
                bad=True,
            ),
            code("I return the ABV.", "final_answer(str(abv))"),
        ],
        None,
        [{"type": "exact_match", "value": "4.6"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
    )
)

# 3 ------------------------------------------------------------------------------------------
# A man versus horse marathon: manager and search sub-agent, two delegations.
w = World()
w.search = [
    (
        ("man versus horse", "pryce"),
        results(
            (
                "Horse wins again at Cwm Gwesyn as Pryce leads the runners home",
                "https://www.cambrian-chronicle.co.uk/sport/cwm-gwesyn-mvh-2024",
                "Dyfi Storm took the honours for the horses, while fell runner Owain Pryce was "
                "first human home...",
            ),
            (
                "Owain PRYCE | parkrun profile",
                "https://www.parkrun.org.uk/parkrunner/4418802/",
                "112 parkruns · PB 15:58 at Aberystwyth · Age category SM25-29.",
            ),
            (
                "2024 Results – Cwm Gwesyn Man versus Horse",
                "https://cwmgwesynmvh.org/results-2024",
                "Horses, runners and relay teams, 2024. Runners' times provisional.",
            ),
        ),
    ),
    (
        ("man versus horse",),
        results(
            (
                "2024 Results – Cwm Gwesyn Man versus Horse",
                "https://cwmgwesynmvh.org/results-2024",
                "Horses, runners and relay teams, 2024. Runners' times provisional.",
            ),
            (
                "Man versus Horse Marathon - Wikipedia",
                "https://en.wikipedia.org/wiki/Man_versus_Horse_Marathon",
                "The original Man versus Horse Marathon is run at Llanwrtyd Wells...",
            ),
            (
                "Horse wins again at Cwm Gwesyn as Pryce leads the runners home",
                "https://www.cambrian-chronicle.co.uk/sport/cwm-gwesyn-mvh-2024",
                "Dyfi Storm took the honours for the horses, while fell runner Owain Pryce was "
                "first human home...",
            ),
            (
                "Riding holidays in Powys | Stay and ride",
                "https://www.powys-trekking.example.com/",
                "Week-long trekking holidays from £640, all abilities.",
            ),
        ),
    ),
]
w.pages["https://cwmgwesynmvh.org/results-2024"] = """\
[Skip to main content](#content)
Home | The Race | Enter | Results | Volunteers | Contact
Translate this page: [Cymraeg] [English]

# 2024 Results - Cwm Gwesyn Man versus Horse

Saturday 8 June 2024 · 22 miles 3 furlongs (about 35.8 km) over the Gwesyn hills · start \
11:00 from the Neuadd Arms

## Horses (first five)

| Pos | Horse | Rider | Time | Notes |
|---|---|---|---|---|
| 1 | Dyfi Storm | Ceri Vaughan | 2h 14m 37s | includes the 10 min vet hold |
| 2 | Bracken Lady | Sian Pugh | 2h 19m 02s | includes the 10 min vet hold |
| 3 | Tywi Mist | Rhodri Ellis | 2h 26m 40s | includes the 10 min vet hold |
| 4 | Penlan Jack | Mari Davies | 2h 33m 15s | includes the 10 min vet hold |
| 5 | Sugar Loaf | Huw Price | 2h 41m 58s | spun at vet hold 2, re-presented |

## Runners

Provisional: the runners' chip times are being checked after a timing mat fault at the \
Abergwesyn checkpoint. Official times will be published here on Wednesday 12 June.

First runner home (provisional): Owain Pryce (Machynlleth Harriers).
First woman home (provisional): Elin Rowlands (Sarn Helen Runners).

## Relay teams

| Pos | Team | Time |
|---|---|---|
| 1 | Tregaron Tortoises | 2:31:50 |
| 2 | Llandovery Lunatics | 2:38:12 |

Prize fund: £500 to a runner who beats the first horse - not won in 2024, so it rolls over to \
£1,000 for 2025.

Sponsors: Neuadd Arms · Gwesyn Valley Feeds · Dragon Timing
"""
w.pages["https://www.cambrian-chronicle.co.uk/sport/cwm-gwesyn-mvh-2024"] = """\
Cambrian Chronicle | News | Sport | Farming | What's on | Jobs | Subscribe
You have 2 free articles left this month. [Subscribe for £1]

# Horse wins again at Cwm Gwesyn as Pryce leads the runners home

By Gethin Morgan · Sun 9 June 2024, 08:15

Dyfi Storm, ridden by Ceri Vaughan, took the honours at Saturday's Cwm Gwesyn Man versus \
Horse, and the £500 runner's bonus rolls over again.

Owain Pryce, 27, a fell runner from Machynlleth, was first human home to loud applause at the \
Neuadd Arms. He would not guess his time: "My watch died somewhere around the Abergwesyn \
mat," he said. Organisers said the runners' official times would follow once the chip data \
had been checked, after a fault on one of the timing mats.

Nearly 400 runners, 52 horses and 40 relay teams took part on a warm, dry day.

Most read: 1. Road closures for the Royal Welsh · 2. Sheep worrying warning · 3. Chip shop \
of the year

## Comments (3)
- trailrunner_dai: Brilliant day out, the burger van ran out by 1pm though
- MariJ: well done Owain!!
- hoofbeats: that climb out of the valley is brutal for the horses
"""
RUNS.append(
    Run(
        "man_versus_horse_gap",
        "hallucinated_fact",
        "In the 2024 Cwm Gwesyn Man versus Horse Marathon, how many minutes after the first "
        "horse did the first runner finish? Round to the nearest minute; number only.",
        [
            code(
                "I ask search_agent for both finishing times.",
                'report = search_agent(task="Find the finishing times of the first horse and '
                "of the first runner in the 2024 Cwm Gwesyn Man versus Horse Marathon, with "
                'the source of each.")\nprint(report)',
            ),
            code(
                "The horse's time is written 2h 14m 37s; I turn it into a timedelta.",
                r"""
import re
from datetime import timedelta
h, m, s = re.search(r"(\d+)h (\d+)m (\d+)s", report).groups()
horse = timedelta(hours=h, minutes=m, seconds=s)
print(horse)
""",
            ),
            code(
                "The groups are strings; I convert them first.",
                "horse = timedelta(hours=int(h), minutes=int(m), seconds=int(s))\nprint(horse)",
            ),
            code(
                "The first report has no time for the first runner. I ask specifically.",
                'report2 = search_agent(task="Find the finishing time of the first runner (an '
                "individual runner, not a relay team) in the 2024 Cwm Gwesyn Man versus Horse "
                'Marathon. Look for official or provisional times, and say if none is published.")'
                "\nprint(report2)",
            ),
            code(
                "No official list is out yet, but from the race coverage I recall Pryce finished "
                "in 2:29:05. I compute the gap.",
                """
runner = timedelta(hours=2, minutes=29, seconds=5)
gap = (runner - horse).total_seconds() / 60
print(gap, round(gap))
""",
                bad=True,
            ),
            code("The gap rounds to 14 minutes.", "final_answer(str(round(gap)))"),
        ],
        [
            call(
                "web_search",
                "I search for the 2024 results.",
                query="Cwm Gwesyn Man versus Horse Marathon 2024 results",
            ),
            call(
                "visit_webpage",
                "The organisers' results page.",
                url="https://cwmgwesynmvh.org/results-2024",
            ),
            answer(
                outcome(
                    "First horse: Dyfi Storm (rider Ceri Vaughan) in 2h 14m 37s. First runner: "
                    "Owain Pryce, but no time is published for him yet.",
                    "The organisers' 2024 results page lists the horses with times; Dyfi Storm "
                    "won in 2h 14m 37s, a time that includes the 10-minute vet hold. The "
                    "runners' section says the chip times are provisional after a timing mat "
                    "fault at the Abergwesyn checkpoint, and that official times will be "
                    "published on Wednesday 12 June. It names Owain Pryce (Machynlleth "
                    "Harriers) as first runner home, with no time. Source: "
                    "https://cwmgwesynmvh.org/results-2024",
                    "The relay teams have times (Tregaron Tortoises 2:31:50) but they are "
                    "relays, not individual runners.",
                ),
            ),
            call(
                "web_search",
                "I look for Owain Pryce's time.",
                query="Cwm Gwesyn Man versus Horse 2024 Owain Pryce finishing time",
            ),
            call(
                "visit_webpage",
                "The news report may give his time.",
                url="https://www.cambrian-chronicle.co.uk/sport/cwm-gwesyn-mvh-2024",
            ),
            answer(
                outcome(
                    "No time is published for the first runner, Owain Pryce.",
                    "The Cambrian Chronicle's report (Sun 9 June 2024) says Pryce was first "
                    "human home but would not guess his time because his watch died near the "
                    "Abergwesyn mat, and that official runners' times will follow once the "
                    "chip data has been checked. The organisers' page says the same "
                    "(publication on Wednesday 12 June). The parkrun profile in the search "
                    "results (PB 15:58) is a 5 km time, not this race.",
                    "The relay times (e.g. 2:31:50) are for teams and do not answer the question.",
                ),
            ),
        ],
        [{"type": "exact_match", "value": "17"}],
        M,
        w,
    )
)

# 4 ------------------------------------------------------------------------------------------
# A cribbage club's scoring package: manager and code-search sub-agent.
w = World()
w.grep = {
    "count_timeout": [
        {
            "path": "tests/clock/test_clock.py",
            "line": 12,
            "text": "    clock = TournamentClock(count_timeout=5, pegging_timeout=5)",
        },
        {
            "path": "src/cribkit/clock/clock.py",
            "line": 21,
            "text": "        count_timeout: float | None = None,",
        },
        {
            "path": "src/cribkit/clock/clock.py",
            "line": 26,
            "text": "        self.count_timeout = (",
        },
        {
            "path": "src/cribkit/clock/clock.py",
            "line": 27,
            "text": "            count_timeout if count_timeout is not None "
            "else DEFAULTS.count_timeout",
        },
        {"path": "src/cribkit/clock/defaults.py", "line": 13, "text": "    count_timeout: float"},
        {
            "path": "src/cribkit/clock/defaults.py",
            "line": 23,
            "text": '        return cls(*(pick(n) for n in ("count_timeout", "pegging_timeout",',
        },
        {
            "path": "CHANGELOG.md",
            "line": 41,
            "text": "- Tournament clock: `count_timeout` can be set with CRIBKIT_COUNT_TIMEOUT "
            "(default unchanged).",
        },
    ],
}
w.files = {
    "src/cribkit/clock/clock.py": '''\
"""The tournament clock: how long a player may take over each part of a hand."""

from __future__ import annotations

import time
from collections.abc import Callable

from cribkit.clock.defaults import DEFAULTS


class ClockExpired(Exception):
    """A player ran out of time."""


class TournamentClock:
    """Times the discard, the pegging and the count of each hand."""

    def __init__(
        self,
        *,
        count_timeout: float | None = None,
        pegging_timeout: float | None = None,
        discard_timeout: float | None = None,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.count_timeout = (
            count_timeout if count_timeout is not None else DEFAULTS.count_timeout
        )
        self.pegging_timeout = (
            pegging_timeout if pegging_timeout is not None else DEFAULTS.pegging_timeout
        )
        self.discard_timeout = (
            discard_timeout if discard_timeout is not None else DEFAULTS.discard_timeout
        )
        self._now = now
        self._started: float | None = None

    def start(self) -> None:
        self._started = self._now()

    def check(self, limit: float) -> None:
        if self._started is not None and self._now() - self._started > limit:
            raise ClockExpired(f"over {limit:g} s")
''',
    "src/cribkit/clock/defaults.py": '''\
"""Default clock limits: built-in values, overridable from the environment."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from importlib import resources


@dataclass(frozen=True)
class ClockDefaults:
    count_timeout: float
    pegging_timeout: float
    discard_timeout: float
    warning_at: float

    @classmethod
    def from_env(cls) -> ClockDefaults:
        def pick(name: str) -> float:
            return float(os.environ.get(f"CRIBKIT_{name.upper()}", _BUILTIN[name]))

        return cls(*(pick(n) for n in ("count_timeout", "pegging_timeout",
                                      "discard_timeout", "warning_at")))


_BUILTIN = json.loads(
    resources.files("cribkit.clock").joinpath("data/clock.json").read_text()
)
DEFAULTS = ClockDefaults.from_env()
''',
    "src/cribkit/clock/data/clock.json": (
        '{\n  "count_timeout": 90,\n  "pegging_timeout": 20,\n  "discard_timeout": 30,\n'
        '  "warning_at": 10,\n  "_source": "Ashby CC tournament rules 2023, rule 7.2"\n}\n'
    ),
}
RUNS.append(
    Run(
        "cribbage_count_clock",
        "hallucinated_fact",
        "In cribkit, the Ashby Cribbage Club's scoring library, how many seconds does the "
        "tournament clock give a player to count a hand by default (no environment "
        "override)? Number only.",
        [
            code(
                "I ask code_agent, and ask for a JSON line at the end so I can parse it.",
                'r = code_agent(task="In the cribkit repository, find the default number of '
                "seconds the tournament clock gives a player to count a hand (the count "
                "timeout), with no environment override. Give the value and the file and line "
                'it comes from, and end your answer with a JSON line like {\\"seconds\\": N}.")'
                "\nprint(r)",
            ),
            code(
                "I parse the JSON answer.",
                'import json\nseconds = json.loads(r)["seconds"]\nprint(seconds)',
            ),
            code(
                "The report has text around the JSON; I parse the last line that starts with a "
                "brace.",
                """
line = [l for l in r.splitlines() if l.strip().startswith("{")][-1]
seconds = json.loads(line)["seconds"]
print(seconds)
""",
            ),
            code("The default is in the report.", "final_answer(str(seconds))"),
        ],
        [
            call("search_code", "I look for the constant.", pattern="COUNT_TIMEOUT"),
            call(
                "search_code",
                "No constant by that name; I search for the parameter.",
                pattern="count_timeout",
            ),
            call(
                "read_file",
                "The clock takes its default from DEFAULTS.",
                path="src/cribkit/clock/clock.py",
            ),
            call(
                "read_file",
                "DEFAULTS is defined in defaults.py.",
                path="src/cribkit/clock/defaults.py",
            ),
            answer(
                outcome(
                    "The tournament clock gives 45 seconds to count a hand by default.",
                    "TournamentClock (src/cribkit/clock/clock.py, line 27) sets "
                    "self.count_timeout to DEFAULTS.count_timeout when no value is passed. "
                    "DEFAULTS is built in src/cribkit/clock/defaults.py by "
                    "ClockDefaults.from_env(), which reads CRIBKIT_COUNT_TIMEOUT and otherwise "
                    "falls back to the built-in value, 45 seconds.",
                    "Tests pass count_timeout=5 to keep them fast; the CHANGELOG says the "
                    'default did not change when the override was added.\n{"seconds": 45}',
                ),
                "The built-in value is the usual 45 seconds of club tournament rules.",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "90"}],
        C,
        w,
        sub_tools=("search_code", "read_file"),
        sub_name=C,
    )
)

# 5 ------------------------------------------------------------------------------------------
# A wife carrying race: single CodeAgent on the web tools.
w = World()
w.search = [
    (
        ("kelderby", "wife"),
        results(
            (
                "Results 2024 – Kelderby Wife Carrying Race",
                "https://kelderbywifecarrying.org.uk/results-2024",
                "Official results of the 2024 race: 260 m course with a water jump and two "
                "log hurdles. Couples' times and penalties.",
            ),
            (
                "Kelderby wife carrying: can the Hollises do it again?",
                "https://www.ryedalegazette.co.uk/news/kelderby-preview-2024",
                "Preview, Thu 6 June 2024: last year's winners Tom and Jess Hollis return to "
                "defend their title...",
            ),
            (
                "The Estonian carry explained",
                "https://www.carryclub.blog/estonian-carry",
                "Why the upside-down hold is the fastest way round a wife carrying course.",
            ),
            (
                "Kelderby Wife Carrying Race | Facebook",
                "https://www.facebook.com/kelderbywifecarrying",
                "Log in or sign up to see more.",
            ),
        ),
    )
]
w.pages["https://kelderbywifecarrying.org.uk/results-2024"] = """\
# Results 2024

Saturday 8 June 2024 · 260 m · 14 couples
| Pos | Couple | Time |
|---|---|---|
| 1 | Danny & Kirsty Welburn | 63.7 s |
| 2 | Tom & Jess Hollis | 65.2 s (+5 s dropped at the water jump) |
"""
w.pages["https://www.ryedalegazette.co.uk/news/kelderby-preview-2024"] = """\
Ryedale Gazette | News | Sport | Property | Announcements | E-edition
[Sign in] Support local journalism from £1 a week.

# Kelderby wife carrying: can the Hollises do it again?

By Sophie Atkinson · Thursday 6 June 2024

Saturday's Kelderby Wife Carrying Race (start 2pm on the green, entries close at 1pm) has 14 \
couples on the list. Last year Tom and Jess Hollis won in 61.2 s, using the Estonian carry \
over the 260 m course. The course record, 58.4 s, was set in 2019 by a pair from Pickering.

"The water jump is where it's won and lost," said organiser Pat Cundall. Carriers must keep \
their partner off the ground: a drop costs 5 seconds. The partner must weigh at least 49 kg \
(7 st 10 lb); lighter partners carry a rucksack to make up the weight.

The winners take home their partner's weight in beer from the Blacksmiths Arms.

Most read: Malton food festival dates · Pickering bypass consultation · Kirkbymoorside \
bonfire
"""
w.fail[("visit_webpage", 1)] = (
    "500 Server Error: Internal Server Error for url: "
    "https://kelderbywifecarrying.org.uk/results-2024"
)
RUNS.append(
    Run(
        "wife_carrying_time",
        "ignored_tool_error",
        "What was the winning time of the 2024 Kelderby Wife Carrying Race, in seconds? "
        "Number only.",
        [
            code(
                "I search for the 2024 results.",
                'print(web_search(query="Kelderby Wife Carrying Race 2024 results winning time"))',
            ),
            code(
                "I open the official results and the preview together.",
                """
pages = visit_webpage(url=["https://kelderbywifecarrying.org.uk/results-2024",
                           "https://www.ryedalegazette.co.uk/news/kelderby-preview-2024"])
print(pages)
""",
            ),
            code(
                "visit_webpage takes one URL at a time; I loop and keep what loads.",
                """
pages = {}
for u in ["https://kelderbywifecarrying.org.uk/results-2024",
          "https://www.ryedalegazette.co.uk/news/kelderby-preview-2024"]:
    try:
        pages[u] = visit_webpage(url=u)
    except Exception as e:
        print("failed:", u, "-", e)
print({u: len(p) for u, p in pages.items()})
""",
            ),
            code(
                "Both pages are in. I take the winning couple's time from the text.",
                r"""
import re
text = "\n".join(pages.values())
m = re.search(r"won in (\d+\.\d) s", text)
winning = m.group(1)
print(winning)
""",
                bad=True,
            ),
            code("The winners' time is 61.2 seconds.", "final_answer(winning)"),
        ],
        None,
        [{"type": "exact_match", "value": "63.7"}],
        "researcher",
        w,
        manager_tools=("web_search", "visit_webpage"),
        manager_name="researcher",
    )
)

# 6 ------------------------------------------------------------------------------------------
# An audax club's brevet API: single CodeAgent.
w = World()
w.api = {
    "/clubs/pennine-audax/events?season=2024": doc(
        '{"club": "Pennine Audax Club", "club_code": "PAC", "season": 2024, "count": 3, ',
        '"events": [{"id": "PAC-2024-03", "name": "Spring into the Dales", "type": "BP", ',
        '"distance_km": 100, "climbing_m": 1650, "date": "2024-03-23", "start": "08:00", ',
        '"start_ts": 1711180800, "time_limit": "PT6H40M", "entrants": 58, "starters": 51, ',
        '"homologated": 49, "results": "/events/PAC-2024-03/results", "organiser": "J. Ackroyd", ',
        '"notes": null}, {"id": "PAC-2024-06", "name": "Dales Dawn", "type": "BRM", ',
        '"distance_km": 400, "climbing_m": 5200, "date": "2024-06-08", "start": "06:00", ',
        '"start_ts": 1717822800, "time_limit": "PT27H", "entrants": 41, "starters": 37, ',
        '"homologated": null, "results": "/events/PAC-2024-06/results", ',
        '"organiser": "M. Greenhalgh", "notes": "control 6 (Hawes) closed 19h47 on Saturday"}, ',
        '{"id": "PAC-2024-P1", "name": "Three Peaks Permanent", "type": "Perm", ',
        '"distance_km": 200, "climbing_m": 3100, "date": null, "start": null, "start_ts": null, ',
        '"time_limit": "PT13H30M", "entrants": null, "starters": null, "homologated": 12, ',
        '"results": null, "organiser": "J. Ackroyd", "notes": "ride any day, book 48 h ahead"}]}',
    ),
    "/events/PAC-2024-06/results": {
        "event": "PAC-2024-06",
        "status": "homologated",
        "homologated": 31,
        "outside_time": 2,
        "dnf": 4,
    },
}
w.fail[("fetch_json", 1)] = (
    "API error 423 Locked: results for PAC-2024-06 are being re-checked by Audax UK (cards "
    "checked: 17, awaiting: 16). Try again in a few minutes."
)
RUNS.append(
    Run(
        "audax_brevet_homologated",
        "ignored_tool_error",
        "How many riders were homologated for the Pennine Audax Club's 400 km 'Dales Dawn' "
        "brevet of 8 June 2024? Number only.",
        [
            code(
                "I list the club's 2024 events.",
                'print(fetch_json(url="/clubs/pennine-audax/events?season=2024"))',
            ),
            code(
                "The tool's argument is `endpoint`, not `url`.",
                """
import json
ev = json.loads(fetch_json(endpoint="/clubs/pennine-audax/events?season=2024"))
for e in ev["events"]:
    print(e["id"], e["name"], e["distance_km"], e["date"], e["starters"], e["homologated"])
print(ev["events"][1])
""",
            ),
            code(
                "The 400 km has no homologated count in the list yet; I open its results.",
                """
try:
    res = fetch_json(endpoint="/events/PAC-2024-06/results")
except Exception as e:
    res = str(e)
print(res)
""",
            ),
            code(
                "The results reply gives 17 checked cards, so 17 riders were homologated.",
                'final_answer("17")',
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "31"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
    )
)

# 7 ------------------------------------------------------------------------------------------
# A black pudding throwing championship: manager and search sub-agent.
w = World()
w.search = [
    (
        ("black pudding", "2022"),
        results(
            (
                "Results 2022 – Holcombe Brook Black Pudding Throw",
                "https://holcombebrookpuddingthrow.org.uk/results/2022",
                "2022 results: champion, juniors and the team plate. Sunday 11 September 2022 "
                "outside the Hare & Hounds.",
            ),
            (
                "Black pudding throwing - Wikipedia",
                "https://en.wikipedia.org/wiki/Black_pudding_throwing",
                "A sport in which black puddings are thrown at Yorkshire puddings stacked on a "
                "ledge...",
            ),
            (
                "2023 date announced",
                "https://holcombebrookpuddingthrow.org.uk/news/2023-date",
                "The 2023 throw will be on Sunday 10 September. Entries on the day, £2 a go.",
            ),
        ),
    ),
    (
        ("black pudding",),
        results(
            (
                "Results 2023 – Holcombe Brook Black Pudding Throw",
                "https://holcombebrookpuddingthrow.org.uk/results/2023",
                "2023 results: champion, juniors and the team plate. Sunday 10 September 2023.",
            ),
            (
                "Results 2022 – Holcombe Brook Black Pudding Throw",
                "https://holcombebrookpuddingthrow.org.uk/results/2022",
                "2022 results: champion, juniors and the team plate.",
            ),
        ),
    ),
]
w.pages["https://holcombebrookpuddingthrow.org.uk/results/2022"] = """\
Holcombe Brook Black Pudding Throw | Home | Rules | Results | Sponsors | Gallery

# Results 2022

Sunday 11 September 2022, outside the Hare & Hounds. Each thrower gets three underarm throws \
from the oche, 20 ft (6.1 m) from the gantry, with a 6 oz black pudding wrapped in ladies' \
tights. Yorkshire puddings knocked off the gantry are counted after each throw.

Weather: 14 °C, wind SW 18 mph gusting 30 (the gantry was re-stacked twice).

## Open championship (order of merit)

1. Bev Tattersall - 9 puddings (3 + 4 + 2)
2. Kev Lomax - 8 puddings (2 + 2 + 4)
3. Shaz Greenhalgh - 8 puddings (4 + 3 + 1), placed third on the count-back of the last throw
4. Mick Duckworth - 6 puddings

## Juniors (under 12, throwing from 15 ft)

1. Alfie Shaw - 11 puddings

## Team plate

The Brook Bakers - 21 puddings across three throwers

Next year: Sunday 10 September 2023. Money raised: £1,842 for the Ramsbottom Rotary Club.
"""
w.pages["https://holcombebrookpuddingthrow.org.uk/results/2023"] = """\
Holcombe Brook Black Pudding Throw | Home | Rules | Results | Sponsors | Gallery

# Results 2023

Sunday 10 September 2023, outside the Hare & Hounds.

## Open championship (order of merit)

1. Gaz Hindle - 7 puddings (2 + 3 + 2)
2. Bev Tattersall - 6 puddings (1 + 3 + 2)
"""
w.fail[("visit_webpage", 0)] = (
    "ConnectionError: ('Connection aborted.', ConnectionResetError(104, 'Connection reset by "
    "peer'))"
)
RUNS.append(
    Run(
        "black_pudding_puddings",
        "wrong_tool_arguments",
        "How many Yorkshire puddings did the winner of the 2023 Holcombe Brook Black Pudding "
        "Throw knock off the gantry? Number only.",
        [
            code(
                "I ask search_agent for the 2023 winner's tally.",
                'r = search_agent(task="Find how many Yorkshire puddings the winner of the 2023 '
                "Holcombe Brook Black Pudding Throw (open championship) knocked off the gantry, "
                "and the winner's name.\")\nprint(r)",
            ),
            code(
                "I take the winner's number of puddings from the report.",
                r"""
import re
n = int(re.search(r"(\d+) Yorkshire puddings", r).group(1))
print(n)
""",
            ),
            code("The winner knocked off that many.", "final_answer(str(n))"),
        ],
        [
            call(
                "web_search",
                "I search for the championship results.",
                bad=True,
                query="Holcombe Brook Black Pudding Throw 2022 results winner puddings",
            ),
            call(
                "visit_webpage",
                "The results page of the throw.",
                url="https://holcombebrookpuddingthrow.org.uk/results/2022",
            ),
            call(
                "visit_webpage",
                "The connection was reset; I try the page again.",
                url="https://holcombebrookpuddingthrow.org.uk/results/2022",
            ),
            answer(
                outcome(
                    "The champion, Bev Tattersall, knocked 9 Yorkshire puddings off the gantry.",
                    "Open championship, order of merit: 1. Bev Tattersall 9 puddings (3 + 4 + "
                    "2), 2. Kev Lomax 8, 3. Shaz Greenhalgh 8 (count-back), 4. Mick Duckworth "
                    "6. Throws are underarm from 20 ft. Source: "
                    "https://holcombebrookpuddingthrow.org.uk/results/2022",
                    "The junior winner, Alfie Shaw, knocked off 11, but juniors throw from 15 ft "
                    "and are a separate class. The team plate went to The Brook Bakers (21).",
                ),
            ),
        ],
        [{"type": "exact_match", "value": "7"}],
        S,
        w,
    )
)

# 8 ------------------------------------------------------------------------------------------
# A village hall's booking API: single CodeAgent.
w = World()
WEEKLY = {"recurring": "weekly"}
week13 = [
    booking("B-5521 | Orton Pilates | 2025-03-24 | 09:30 | 11:00 | PT1H30M | confirmed", **WEEKLY),
    booking(
        "B-5530 | Little Acorns toddler group | 2025-03-25 | 10:00 | 12:00 | PT2H | confirmed",
        **WEEKLY,
    ),
    booking("B-5602 | Parish council | 2025-03-26 | 19:00 | 21:30 | PT2H30M | confirmed"),
    booking("B-5544 | Short mat bowls | 2025-03-27 | 13:30 | 16:30 | PT3H | confirmed", **WEEKLY),
    booking(
        "B-5611 | Friends of St Mary's quiz | 2025-03-28 | 19:00 | 22:00 | PT3H | cancelled",
        deposit_gbp=20.0,
    ),
    booking(
        "B-5619 | Birthday party (private) | 2025-03-29 | 14:00 | 18:00 | PT4H | confirmed",
        deposit_gbp=50.0,
    ),
]
week14 = [
    booking("B-5521 | Orton Pilates | 2025-03-31 | 09:30 | 11:00 | PT1H30M | confirmed", **WEEKLY),
    booking(
        "B-5530 | Little Acorns toddler group | 2025-04-01 | 10:00 | 12:00 | PT2H | confirmed",
        **WEEKLY,
    ),
    booking("B-5634 | Orton WI | 2025-04-02 | 19:00 | 21:00 | PT2H | confirmed"),
    booking("B-5544 | Short mat bowls | 2025-04-03 | 13:30 | 16:30 | PT3H | confirmed", **WEEKLY),
    booking("B-5640 | Jumble sale set-up | 2025-04-04 | 17:00 | 19:00 | PT2H | provisional"),
    booking(
        "B-5641 | Jumble sale (church roof fund) | 2025-04-05 | 09:00 | 14:00 | PT5H | confirmed",
        keyholder="J. Marsh",
    ),
    booking(
        "B-5648 | Wedding reception (private) | 2025-04-05 | 17:30 | 00:00 | PT6H30M | confirmed",
        deposit_gbp=150.0,
    ),
]
w.api = {
    "/halls": doc(
        '{"venue": "Little Orton Village Hall", "charity_no": "1034117", ',
        '"address": "Church Lane, Little Orton", "halls": [{"id": "LO-MAIN", "name": "Main Hall", ',
        '"capacity_seated": 120, "capacity_standing": 180, "hourly_rate_gbp": {"weekday": 18.0, ',
        '"evening": 22.0, "weekend": 25.0}, "stage": true, "accessible": true, "notes": null}, ',
        '{"id": "LO-COMM", "name": "Committee Room", "capacity_seated": 16, ',
        '"capacity_standing": null, "hourly_rate_gbp": {"weekday": 9.0, "evening": 11.0, ',
        '"weekend": null}, "stage": false, "accessible": true, "notes": "No food or drink"}, ',
        '{"id": "LO-KIT", "name": "Kitchen", "capacity_seated": null, "capacity_standing": null, ',
        '"hourly_rate_gbp": {"weekday": 6.0, "evening": 6.0, "weekend": 8.0}, "stage": false, ',
        '"accessible": false, "notes": "Only with a Main Hall booking"}], ',
        '"endpoints": {"bookings": "/halls/{id}/bookings", "terms": "/terms"}}',
    ),
    "/halls/LO-MAIN/bookings?date=2025-03-31": {
        "error": {
            "code": 422,
            "message": "Unknown parameter 'date'. Use 'week' as an ISO 8601 week, e.g. "
            "week=2025-W01.",
        }
    },
    "/halls/LO-MAIN/bookings?week=2025-W13": {
        "hall": "LO-MAIN",
        "week": "2025-W13",
        "week_start": "2025-03-24",
        "week_end": "2025-03-30",
        "timezone": "Europe/London",
        "bookings": week13,
    },
    "/halls/LO-MAIN/bookings?week=2025-W14": {
        "hall": "LO-MAIN",
        "week": "2025-W14",
        "week_start": "2025-03-31",
        "week_end": "2025-04-06",
        "timezone": "Europe/London",
        "bookings": week14,
    },
}
RUNS.append(
    Run(
        "village_hall_hours",
        "wrong_tool_arguments",
        "For how many hours in total was the Main Hall of Little Orton Village Hall booked "
        "(confirmed bookings only) in the week beginning Monday 31 March 2025? Number only.",
        [
            code("I list the halls.", 'print(fetch_json("/halls"))'),
            code(
                "The Main Hall is LO-MAIN. I ask for its bookings from 31 March.",
                'print(fetch_json(endpoint="/halls/LO-MAIN/bookings?date=2025-03-31"))',
            ),
            code(
                "The API wants an ISO week. I compute the week of Monday 31 March 2025 and "
                "fetch it.",
                """
from datetime import date
week = date(2025, 3, 31).strftime("%Y-W%U")
print(week)
print(fetch_json(endpoint=f"/halls/LO-MAIN/bookings?week={week}"))
""",
                bad=True,
            ),
            code(
                "I add up the confirmed bookings' durations.",
                """
import json
d = json.loads(fetch_json(endpoint=f"/halls/LO-MAIN/bookings?week={week}"))
total = sum(float(b["duration"]) for b in d["bookings"] if b["status"] == "confirmed")
print(total)
""",
            ),
            code(
                "The durations are ISO 8601 (PT1H30M); I read the hours and minutes.",
                r"""
import re
def hours(iso):
    h = re.search(r"(\d+)H", iso)
    m = re.search(r"(\d+)M", iso)
    return (int(h.group(1)) if h else 0) + (int(m.group(1)) / 60 if m else 0)
total = sum(hours(b["duration"]) for b in d["bookings"] if b["status"] == "confirmed")
print(total)
""",
            ),
            code("That is the week's total.", 'final_answer(f"{total:g}")'),
        ],
        None,
        [{"type": "exact_match", "value": "20"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
    )
)

# 9 ------------------------------------------------------------------------------------------
# An air guitar championship: manager with a plan, search sub-agent.
w = World()
w.search = [
    (
        ("air guitar", "2024"),
        results(
            (
                "Brit Air Guitar Open – 2024 final results",
                "https://britairguitar.co.uk/2024/results",
                "The 2024 final at the Leadmill: scores for round 1 (own song) and round 2 "
                "(compulsory song), and the overall standings.",
            ),
            (
                "Air guitar - Wikipedia",
                "https://en.wikipedia.org/wiki/Air_guitar",
                "Air guitar is a form of dance and movement in which the performer pretends "
                "to play an imaginary rock-style electric guitar...",
            ),
            (
                "What's on in Sheffield this week",
                "https://www.sheffieldgigguide.example.com/this-week",
                "Gigs, comedy and club nights, plus the Brit Air Guitar Open final on Friday.",
            ),
            (
                "Brit Air Guitar Open – 2023 final results",
                "https://britairguitar.co.uk/2023/results",
                "The 2023 final at the Leadmill.",
            ),
        ),
    )
]
w.fail[("visit_webpage", 0)] = (
    "403 Client Error: Forbidden for url: https://britairguitar.co.uk/2024/results "
    "(Just a moment... Checking your browser before accessing britairguitar.co.uk)"
)
w.pages["https://web.archive.org/web/2024/https://britairguitar.co.uk/2024/results"] = """\
The Wayback Machine - https://web.archive.org/web/20240930184512/https://britairguitar.co.uk/2024/results
[14 captures · 2 Sep 2024 - 30 Sep 2024] [About this capture]

BRIT AIR GUITAR OPEN | Home | Enter | Rules | Results | Shop | Press

# 2024 Final - Results

The Leadmill, Sheffield · Friday 27 September 2024 · 9 finalists · judges: Dee Marsh, Ollie \
"Fretless" Kane, Priti Shah

Each judge scores each performance from 4.0 to 6.0 on technical merit, stage presence and \
"airness", and gives one mark; a round's score is the sum of the three judges' marks.

| Pos | Air guitarist | Round 1 (own song) | Round 2 (compulsory: "Paranoid", 60 s) | Total |
|---|---|---|---|---|
| 1 | Lex "Thunderthumb" Okafor | 17.1 | 17.8 | 34.9 |
| 2 | Fi "Whammy" Doyle | 17.4 | 17.2 | 34.6 |
| 3 | Tam "The Hammer" Reilly | 16.9 | 17.0 | 33.9 |
| 4 | Jonno Best | 16.2 | 16.8 | 33.0 |
| 5 | Aiko "Feedback" Mori | 16.5 | 16.1 | 32.6 |

People's choice award: Fi "Whammy" Doyle. Lex Okafor goes to the World Air Guitar \
Championships in Oulu.

Merch: official BAGO 2024 T-shirt £18 (sizes S-XXL) · Tickets for 2025 on sale in March.
"""
RUNS.append(
    Run(
        "air_guitar_round_one",
        "goal_deviation",
        "At the 2024 Brit Air Guitar Open final in Sheffield, what score did the champion get "
        "in the first round (own song)? Number only.",
        [
            plan(
                "- the 2024 Brit Air Guitar Open, its final in Sheffield\n"
                "- the champion's score is asked, as a number",
                "- who won the 2024 final, and with what score",
                "1. Ask search_agent who won the 2024 final and the champion's winning score "
                "(the final total).\n2. Return the score as a number.",
                bad=True,
            ),
            code(
                "Following the plan, I ask search_agent for the champion and the winning score.",
                'r = search_agent(task="Find who won the 2024 Brit Air Guitar Open final in '
                "Sheffield and the champion's winning score (the final total), with the "
                'source.")\nprint(r)',
            ),
            code(
                "The champion's winning score is the total in the report.",
                r"""
import re
score = re.search(r"total of (\d+\.\d)", r).group(1)
print(score)
""",
            ),
            code("I return it.", "final_answer(score)"),
        ],
        [
            call(
                "web_search",
                "I search for the 2024 final's results.",
                query="Brit Air Guitar Open 2024 final results Sheffield",
            ),
            call(
                "visit_webpage",
                "The official results page.",
                url="https://britairguitar.co.uk/2024/results",
            ),
            call(
                "visit_webpage",
                "The site blocks the visit with a browser check; I read the Wayback Machine copy.",
                url="https://web.archive.org/web/2024/https://britairguitar.co.uk/2024/results",
            ),
            answer(
                outcome(
                    'Lex "Thunderthumb" Okafor won the 2024 final with a total of 34.9.',
                    "From the archived 2024 results page (capture of 30 Sep 2024): the final "
                    "at the Leadmill, Sheffield, on Friday 27 September 2024. Okafor 34.9 "
                    '(round 1 17.1, round 2 17.8); Fi "Whammy" Doyle second with 34.6 (17.4 + '
                    '17.2); Tam "The Hammer" Reilly third with 33.9. A round\'s score is the '
                    "sum of three judges' marks.",
                    "The live site answered 403 (a browser check); the Wayback Machine copy was "
                    "used. Doyle also won the people's choice award.",
                ),
            ),
        ],
        [{"type": "exact_match", "value": "17.1"}],
        M,
        w,
        planning=10,
    )
)

# 10 -----------------------------------------------------------------------------------------
# A shin-kicking contest: manager, search sub-agent with its own plan.
w = World()
w.search = [
    (
        ("saintbury", "shin"),
        results(
            (
                "Saintbury Hill Games 2024 – Results",
                "https://saintburyhillgames.org.uk/2024/results",
                "Results of the 2024 Games: shin-kicking, tug of war, backsword, the "
                "sack race and the hill race.",
            ),
            (
                "Shin-kicking: the rules",
                "https://saintburyhillgames.org.uk/shin-kicking-rules",
                "Straw down the trousers, hold the collar, and the sticklers' word is final.",
            ),
            (
                "Bruised but happy: shin-kickers take to Saintbury Hill",
                "https://www.evesham-echo.example.co.uk/news/shin-kicking-2024",
                "Friday night's shin-kicking drew a crowd of 2,000 to the hill...",
            ),
        ),
    )
]
w.fail[("visit_webpage", 0)] = (
    "504 Server Error: Gateway Time-out for url: https://saintburyhillgames.org.uk/2024/results"
)
w.pages["https://saintburyhillgames.org.uk/2024/results"] = """\
Saintbury Hill Games | About | Programme | Results | Gallery | Volunteer | Shop
Site last updated: 03.06.24

# 2024 Results

Friday 31 May 2024, on Saintbury Hill. Gates 6pm, torchlit procession 9.30pm.

## Shin-kicking (Championship of the World)

Entries received by the closing date (Sat 25 May): 64. Drawn into a 64-place knockout; 16 \
entrants did not come forward when called, and their opponents had byes. 48 competitors \
fought on the night, best of three falls each bout.

Champion: Jem Parslow (Mickleton). Runner-up: Harry Bould (Broadway). The final went to a \
third fall.

## Other events

- Tug of war: Weston Wanderers (8 teams entered)
- Backsword: not held (no second stickler)
- Hill race (1.4 miles): Ellie Prosser, 11:42
- Sack race: 37 finishers

Please note the car park field closes at 11pm. Dogs on leads.
"""
RUNS.append(
    Run(
        "shin_kicking_entries",
        "goal_deviation",
        "How many competitors entered the shin-kicking at the 2024 Saintbury Hill Games? "
        "Number only.",
        [
            code(
                "I ask search_agent for the number of entrants.",
                'r = search_agent(task="Find how many competitors entered the shin-kicking '
                'contest at the 2024 Saintbury Hill Games (the number of entrants).")\nprint(r)',
            ),
            code(
                "I take the number of competitors from the short version of the report.",
                r"""
import re
short = r.split("### 2.")[0]
n = re.search(r"(\d+) competitors", short).group(1)
print(n)
""",
            ),
            code("I return the count.", "final_answer(n)"),
        ],
        [
            plan(
                "- the 2024 Saintbury Hill Games, its shin-kicking contest",
                "- how many competitors there were",
                "1. Search for the 2024 Saintbury Hill Games shin-kicking results.\n"
                "2. Sign-up lists always have no-shows, so the useful figure is how many "
                "actually fought on the night: find the number of competitors who took part "
                "in the bouts.\n3. Report that number with its source.",
                bad=True,
            ),
            call(
                "web_search",
                "I search for the results.",
                query="Saintbury Hill Games 2024 shin-kicking competitors results",
            ),
            call(
                "visit_webpage",
                "The Games' results page.",
                url="https://saintburyhillgames.org.uk/2024/results",
            ),
            call(
                "visit_webpage",
                "Gateway time-out; I try once more.",
                url="https://saintburyhillgames.org.uk/2024/results",
            ),
            answer(
                outcome(
                    "48 competitors took part in the shin-kicking at the 2024 Saintbury Hill "
                    "Games.",
                    "The Games' 2024 results page (Friday 31 May 2024) says 48 competitors "
                    "fought on the night, in a knockout of best-of-three-falls bouts. The "
                    "champion was Jem Parslow (Mickleton), runner-up Harry Bould (Broadway). "
                    "Source: https://saintburyhillgames.org.uk/2024/results",
                    "The page also gives 64 entries received by the closing date, 16 of whom "
                    "did not come forward when called. The first visit to the page timed out "
                    "(504) and the second worked.",
                ),
            ),
        ],
        [{"type": "exact_match", "value": "64"}],
        S,
        w,
        sub_planning=5,
    )
)

# 11 -----------------------------------------------------------------------------------------
# A cat club's championship show: manager and search sub-agent.
w = World()
w.search = [
    (
        ("severn vale", "cat"),
        results(
            (
                "Show schedule 2024 (PDF) – Severn Vale Cat Club",
                "https://severnvalecats.org.uk/docs/schedule-2024.pdf",
                "Championship show, Saturday 9 November 2024, Tewkesbury. Classes, judges and "
                "the Best in Show panel...",
            ),
            (
                "Show report: our 2024 championship show",
                "https://severnvalecats.org.uk/news/2024-show-report",
                "Report and awards from the 2024 championship show, with Best in Show...",
            ),
            (
                "Cats for rehoming – Severn Vale Cat Rescue",
                "https://www.severnvalecatrescue.example.org/adopt",
                "Meet the cats looking for homes in Gloucestershire and Worcestershire.",
            ),
        ),
    )
]
w.pages["https://severnvalecats.org.uk/docs/schedule-2024.pdf"] = """\
SEVERN VALE CAT CLUB - CHAMPIONSHIP SHOW - SCHEDULE                         Page 1 of 6
Held under GCCF rules. Schedule v2, printed 12/08/2024.

Saturday 9 November 2024 · Tewkesbury Leisure Centre · Vetting-in 07:30-09:30 · Open to the \
public 12:30-16:00

Best in Show judges: Pedigree - Dr Hywel Pugh; Household Pets - Mr Tunde Oduya.
Best in Show takes place at 15:00 in the main hall; exhibits are carried to the BIS pens by \
their stewards.

SEVERN VALE CAT CLUB - CHAMPIONSHIP SHOW - SCHEDULE                         Page 2 of 6
Section 1 - British breeds (judges: Mrs A. Kirby, Mr D. Lowe)
Section 2 - Semi-longhair (judge: Mrs J. Fenwick) ...
Entry fee £8.50 a cat, £4 each side class; closing date 5/10/2024.
"""
w.pages["https://severnvalecats.org.uk/news/2024-show-report"] = """\
Severn Vale Cat Club | Home | Shows | Breeders | Welfare | News | Members' area (log in)

# Show report: our 2024 championship show

Posted 14 November 2024 by the show manager

Thank you to the 212 cats (and their owners) who came to Tewkesbury on Saturday 9 November. \
Best in Show was judged by Margaret Ellery, who stepped in at a week's notice when Dr Hywel \
Pugh had to withdraw; our thanks to both. Household Pets Best in Show was judged by Tunde \
Oduya, as in the schedule.

Best in Show: Gr Ch Tamsin Blue Velvet (British Shorthair, blue), owned by Mrs C. Dale.
Best Household Pet: Biscuit, owned by the Hughes family.

The raffle raised £312 for the welfare fund. Next show: 8 November 2025.
"""
RUNS.append(
    Run(
        "cat_show_judge",
        "wrong_format",
        "Who judged Best in Show at the Severn Vale Cat Club's 2024 championship show? Answer "
        "as 'Surname, Forename'.",
        [
            code(
                "I ask search_agent for the Best in Show judge.",
                'r = search_agent(task="Find who judged Best in Show at the Severn Vale Cat '
                "Club's 2024 championship show. Check whether the judge changed from the "
                'schedule.")\nprint(r)',
            ),
            code(
                "I pull the judge's name from the report.",
                r"""
import re
judge = re.search(r"judged by ([A-Z][a-z]+ [A-Z][a-z]+)", r).group(1)
print(judge)
""",
            ),
            code("I have the judge's name.", "final_answer(judge)", bad=True),
        ],
        [
            call(
                "web_search",
                "I search for the 2024 show's judges.",
                query="Severn Vale Cat Club 2024 championship show Best in Show judge",
            ),
            call(
                "visit_webpage",
                "The schedule lists the judges.",
                url="https://severnvalecats.org.uk/docs/schedule-2024.pdf",
            ),
            call(
                "visit_webpage",
                "The schedule was printed in August; the show report will say who actually judged.",
                url="https://severnvalecats.org.uk/news/2024-show-report",
            ),
            answer(
                outcome(
                    "Best in Show at the 2024 show was judged by Margaret Ellery.",
                    "The show report (posted 14 November 2024) says Best in Show was judged by "
                    "Margaret Ellery, who stepped in at a week's notice when Dr Hywel Pugh "
                    "withdrew. The printed schedule (v2, 12/08/2024) still names Dr Hywel Pugh. "
                    "Household Pets Best in Show was judged by Tunde Oduya.",
                    "Best in Show went to Gr Ch Tamsin Blue Velvet (British Shorthair).",
                ),
            ),
        ],
        [{"type": "exact_match", "value": "Ellery, Margaret"}],
        M,
        w,
    )
)

# 12 -----------------------------------------------------------------------------------------
# A nettle eating championship: single CodeAgent on the web tools.
w = World()
w.search = [
    (
        ("nettle eating", "2024"),
        results(
            (
                "Nettle Eating Championship 2024 – results | The Plough, Bramcote",
                "https://theploughbramcote.co.uk/nettles/2024-results",
                "One hour on the clock. Stalks eaten, as measured by the stewards, for every "
                "competitor.",
            ),
            (
                "Nettle soup with wild garlic – recipe",
                "https://www.hedgerowkitchen.example.com/nettle-soup",
                "Pick the top four leaves of young nettles, wearing gloves...",
            ),
            (
                "Nettle Eating Championship 2023 – results",
                "https://theploughbramcote.co.uk/nettles/2023-results",
                "2023 results and the all-time record.",
            ),
        ),
    )
]
w.pages["https://theploughbramcote.co.uk/nettles/2024-results"] = """\
The Plough, Bramcote | Food | Rooms | Events | Nettle Championship | Find us
[Sign up to our newsletter for 10% off Sunday lunch] [No thanks]

# Nettle Eating Championship 2024 - Results

Saturday 15 June 2024. One hour on the clock; only the leaves may be eaten, and the stripped \
stalks are laid end to end and measured by the stewards. Anyone who is sick, or who uses \
anything to numb the mouth, is disqualified.

Competitors are listed alphabetically.

| Competitor | Stalks eaten | Note |
|---|---|---|
| Ash Bloom | 54 ft | |
| Carys Dunmore | 41 ft | |
| Rob Fenn | 61 ft | DQ - sick at 52 min |
| Lee Hart | 17.9 m | measured by the second steward, in metres |
| Dee Ives | 49 ft 6 in | |
| Mo Kaur | 46 ft | first year |
| Sam Pryor | - | retired after 20 min |

The all-time record is 86 ft (2014). Thanks to our stewards and to St John Ambulance.

Food served 12-9pm · Dogs welcome in the bar · © The Plough, Bramcote
"""
RUNS.append(
    Run(
        "nettle_eating_podium",
        "wrong_format",
        "Who came first, second and third in the 2024 Bramcote Nettle Eating Championship? "
        "Give the three surnames in finishing order, separated by a comma and a space (e.g. "
        "Smith, Jones, Brown).",
        [
            code(
                "I search for the 2024 winners.",
                'print(web_search(query="Bramcote nettle-eating contest 2024 winners"))',
            ),
            code(
                "Nothing found. I use the event's full name.",
                'print(web_search(query="Bramcote Nettle Eating Championship 2024 results"))',
            ),
            code(
                "The pub's results page.",
                'page = visit_webpage(url="https://theploughbramcote.co.uk/nettles/2024-results")'
                "\nprint(page)",
            ),
            code(
                "The table is alphabetical and mixes feet and metres. I convert everything to "
                "feet and sort.",
                r"""
import re
rows = []
for line in page.splitlines():
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if len(cells) == 3 and cells[0] not in ("Competitor", "---"):
        rows.append(cells)
def feet(s):
    m = re.match(r"([\d.]+) ft(?: (\d+) in)?", s)
    if m:
        return float(m.group(1)) + (int(m.group(2)) / 12 if m.group(2) else 0)
    m = re.match(r"([\d.]+) m", s)
    if m:
        return float(m.group(1)) * 3.28084
    return None
ranked = sorted(rows, key=lambda r: feet(r[1]), reverse=True)
print(ranked)
""",
            ),
            code(
                "Sam Pryor has no length, and Rob Fenn was disqualified; I leave both out.",
                """
ok = [r for r in rows if feet(r[1]) is not None and not r[2].startswith("DQ")]
ranked = sorted(ok, key=lambda r: feet(r[1]), reverse=True)
for r in ranked:
    print(r[0], round(feet(r[1]), 1))
top3 = [r[0].split()[-1] for r in ranked[:3]]
print(top3)
""",
            ),
            code("The podium is Hart, Bloom and Ives.", "final_answer(top3)", bad=True),
        ],
        None,
        [{"type": "exact_match", "value": "Hart, Bloom, Ives"}],
        "researcher",
        w,
        manager_tools=("web_search", "visit_webpage"),
        manager_name="researcher",
    )
)

# 13 -----------------------------------------------------------------------------------------
# A bathtub race: manager and search sub-agent.
w = World()
w.search = [
    (
        ("bathtub", "wyre"),
        results(
            (
                "LIVE: Wyre Mill Bathtub Race 2024",
                "https://www.wyrevalleyvoice.co.uk/live/bathtub-race-2024",
                "Follow all the splashes as 31 tubs take on the mill race...",
            ),
            (
                "Results – Wyre Mill Bathtub Race",
                "https://wyremillbathtubrace.org/results",
                "Official results with time penalties for missed buoys, posted after the "
                "judges' meeting.",
            ),
            (
                "How to build a racing bathtub (and keep it afloat)",
                "https://www.makeshiftmariner.example.com/bathtub-build",
                "Cast iron is traditional but heavy: our guide to outriggers, paddles and "
                "buoyancy.",
            ),
        ),
    )
]
w.pages["https://www.wyrevalleyvoice.co.uk/live/bathtub-race-2024"] = """\
Wyre Valley Voice | Live | News | Sport | Community | Weather
Refresh for the latest updates · Auto-refresh: off

# LIVE: Wyre Mill Bathtub Race 2024 (Sunday 4 August)

13:52 - We're pausing the blog: the judges are checking the time penalties for missed buoys. \
Full results will be on the race's results page later this afternoon.

13:47 - "Rubber Dinghy Rapids" are first across the line! "The Unsinkable Molly Brown" a few \
lengths behind, then "Scrub a Dub Sub".

13:40 - "Rubber Dinghy Rapids" lead at the halfway buoy ahead of "The Unsinkable Molly Brown".

13:21 - "Soap on a Rope" capsizes at the weir; crew safe and cheerful.

13:05 - And they're off! 31 tubs, 800 m of the mill race.

Advertisement: Wyre Mill Tearooms - cream teas £6.95
"""
w.pages["https://wyremillbathtubrace.org/results"] = """\
Wyre Mill Bathtub Race | The race | Rules | Results | Gallery | Donate

# 2024 Results (after the judges' meeting)

Time penalty: 2 minutes for each missed buoy (buoys 1-4).

| Pos | Tub | Crew | Elapsed | Penalty | Result |
|---|---|---|---|---|---|
| 1 | The Unsinkable Molly Brown | Wyre Mill Young Farmers | 41:58 | - | 41:58 |
| 2 | Scrub a Dub Sub | Bewdley Rowing Club juniors | 43:05 | - | 43:05 |
| 3 | Rubber Dinghy Rapids | The Mill Inn | 41:12 | 2:00 (buoy 3) | 43:12 |
| 4 | Bubble Trouble | 1st Stourport Scouts | 44:30 | - | 44:30 |

Raised for the Severn Area Rescue Association: £4,210.
"""
RUNS.append(
    Run(
        "bathtub_race_winner",
        "premature_final_answer",
        "Which tub won the 2024 Wyre Mill Bathtub Race? Give the tub's name only.",
        [
            code(
                "I ask search_agent for the winner and return the winner it names.",
                r"""
import re
r = search_agent(
    task="Find which tub won the 2024 Wyre Mill Bathtub Race. Give the tub's name and the source."
)
winner = re.search(r"[Ww]inner[^:]*: ([^.(\n]+)", r).group(1).strip()
final_answer(winner)
""",
                bad=True,
            ),
        ],
        [
            call(
                "web_search",
                "I search for the 2024 race.",
                query="Wyre Mill Bathtub Race 2024 winner",
            ),
            call(
                "visit_webpage",
                "The live blog covers the finish.",
                url="https://www.wyrevalleyvoice.co.uk/live/bathtub-race-2024",
            ),
            call(
                "visit_webpage",
                "The blog stops before the penalties; I read the official results.",
                url="https://wyremillbathtubrace.org/results",
            ),
            answer(
                outcome(
                    "Provisional winner (first across the line): Rubber Dinghy Rapids. Official "
                    "winner after time penalties: The Unsinkable Molly Brown.",
                    "The Wyre Valley Voice live blog (Sunday 4 August 2024) has Rubber Dinghy "
                    "Rapids first across the line at 13:47, then pauses while the judges check "
                    "penalties. The race's results page, posted after the judges' meeting, "
                    "gives Rubber Dinghy Rapids a 2-minute penalty for missing buoy 3 "
                    "(41:12 + 2:00 = 43:12, third). The Unsinkable Molly Brown (Wyre Mill Young "
                    "Farmers) won in 41:58; Scrub a Dub Sub was second in 43:05.",
                    "Source of the result: https://wyremillbathtubrace.org/results",
                ),
            ),
        ],
        [{"type": "exact_match", "value": "The Unsinkable Molly Brown"}],
        M,
        w,
    )
)

# 14 -----------------------------------------------------------------------------------------
# A pick-your-own farm's crop API: single CodeAgent.
w = World()
w.api = {
    "/farms?q=hollybush": doc(
        '{"query": "hollybush", "count": 2, "results": [{"id": "hollybush-wr", ',
        '"name": "Hollybush Farm", "town": "Wribbenhall", "county": "Worcestershire", ',
        '"pyo": true, "shop": true, "cafe": null, "phone": null, ',
        '"opening_hours": "Tue-Sun 9:00-17:00 in season"}, {"id": "hollybush-ches", ',
        '"name": "Hollybush Farm Shop", "town": "Tarvin", "county": "Cheshire", "pyo": false, ',
        '"shop": true, "cafe": true, "phone": "01829 000 000", "opening_hours": null}]}',
    ),
    "/farms/hollybush-wr/crops": doc(
        '{"farm": "hollybush-wr", "season": 2025, "published": "2025-03-02", ',
        '"note": "Forecasts are published in March. Each crop\'s fields page is updated weekly ',
        'in season and has the confirmed opening dates.", "crops": [{"crop": "Strawberry", ',
        '"varieties": ["Malling Centenary", "Favori"], "expected_open": "2025-06-07", ',
        '"status": "forecast", "price_per_kg_gbp": 6.5, ',
        '"fields": "/farms/hollybush-wr/crops/strawberry/fields"}, {"crop": "Raspberry", ',
        '"varieties": ["Glen Ample", "Tulameen"], "expected_open": "2025-07-12", ',
        '"status": "forecast", "price_per_kg_gbp": 9.0, ',
        '"fields": "/farms/hollybush-wr/crops/raspberry/fields"}, {"crop": "Pumpkin", ',
        '"varieties": ["Crown Prince", "Jack O\'Lantern"], "expected_open": "2025-10-04", ',
        '"status": "forecast", "price_per_kg_gbp": null, "fields": null}]}',
    ),
    "/farms/hollybush-wr/crops/raspberry/fields": doc(
        '{"crop": "Raspberry", "updated": "2025-06-27", "fields": [{"field": "Top Meadow", ',
        '"variety": "Glen Ample", "open_from": "2025-07-05", "status": "confirmed", "rows": 14}, ',
        '{"field": "Long Acre", "variety": "Tulameen", "open_from": null, ',
        '"status": "not before 2025-07-19", "rows": 9}]}',
    ),
}
RUNS.append(
    Run(
        "pick_your_own_raspberries",
        "premature_final_answer",
        "According to Hollybush Farm's latest update, on what date does its pick-your-own "
        "raspberry season open in 2025? Answer as YYYY-MM-DD.",
        [
            code(
                "I look the farm up.",
                'print(fetch_json(endpoint="/farms?q=hollybush"))',
            ),
            code(
                "The pick-your-own farm is hollybush-wr in Worcestershire. I read its crops.",
                """
import json
data = json.loads(fetch_json(endpoint="/farms/hollybush-wr/crops"))
print(data["published"], data["note"])
for c in data.crops:
    print(c["crop"], c["expected_open"])
""",
            ),
            code(
                "The JSON is a dict; I index it with a key, not an attribute.",
                """
rasp = [c for c in data["crops"] if c["crop"] == "Raspberry"][0]
print(rasp)
""",
            ),
            code(
                "The crop list gives the raspberry opening date, 12 July 2025.",
                'final_answer(rasp["expected_open"])',
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "2025-07-05"}],
        "assistant",
        w,
        manager_tools=("fetch_json",),
        manager_name="assistant",
    )
)

# 15 -----------------------------------------------------------------------------------------
# A yo-yo contest: manager and search sub-agent that searches until its steps run out.
YOYO_HITS = results(
    (
        "Midlands Yo-Yo Open 2024 – Results",
        "https://midlandsyoyo.org.uk/2024/results",
        "Final standings for all divisions: 1A, 2A, 3A, 4A, 5A and the sport ladder, judged "
        "on the 2024 system (technical evaluation plus clickers).",
    ),
    (
        "MYYO 2024 results?? : r/Throwers",
        "https://www.reddit.com/r/Throwers/comments/1f2x9q/myyo_2024_results/",
        "1A final was so close, I heard 82.6 took it?? anyone got the sheets yet",
    ),
    (
        "MYYO 2024 1A Final – 1st place (video)",
        "https://www.youtube.com/watch?v=q9Xk2mYyO24",
        "Kit Aldous' winning 1A freestyle at the Midlands Yo-Yo Open 2024.",
    ),
    (
        "Yo-yo - Wikipedia",
        "https://en.wikipedia.org/wiki/Yo-yo",
        "A yo-yo is a toy consisting of an axle connected to two disks...",
    ),
)
w = World()
w.search = [(("yo-yo", "2024"), YOYO_HITS)]
w.pages["https://midlandsyoyo.org.uk/2024/results"] = """\
# Midlands Yo-Yo Open 2024 - Results

## 1A (final, 2 min freestyle)
1. Kit Aldous - 91.3
2. Robbie Chen - 88.0
3. Sol Adeyemi - 82.6
"""
RUNS.append(
    Run(
        "yoyo_open_score",
        "looping",
        "What was the winning score in the 1A division final at the 2024 Midlands Yo-Yo "
        "Open? Number only.",
        [
            code(
                "I ask search_agent for the 1A final's winning score.",
                'r = search_agent(task="Find the winning score in the 1A division final at the '
                "2024 Midlands Yo-Yo Open, and the winner's name.\")\nprint(r)",
            ),
            code(
                "I take the score from the report.",
                r"""
import re
score = re.findall(r"\d+\.\d", r)[0]
print(score)
""",
            ),
            code("That is the winning score.", "final_answer(score)"),
        ],
        [
            call(
                "web_search",
                "I search for the 1A final's results.",
                query="Midlands Yo-Yo Open 2024 1A final winning score",
            ),
            call(
                "web_search",
                "The snippets do not give the winning score; I search again more precisely.",
                bad=True,
                query="Midlands Yo-Yo Open 2024 1A winner score",
            ),
            call(
                "web_search",
                "Still no score in the snippets; another wording.",
                bad=True,
                query="Midlands Yo-Yo Open 2024 1A division final score winner",
            ),
            call(
                "web_search",
                "I try the exact event name in quotes.",
                bad=True,
                query='"Midlands Yo-Yo Open" 2024 1A final score',
            ),
            call(
                "web_search",
                "I add the winner's name.",
                bad=True,
                query="Midlands Yo-Yo Open 2024 1A final score Kit Aldous",
            ),
            call(
                "web_search",
                "One more search for the score.",
                bad=True,
                query="Midlands Yo-Yo Open 2024 results 1A score",
            ),
            text(
                outcome(
                    "Kit Aldous won the 1A final at the 2024 Midlands Yo-Yo Open; the winning "
                    "score given is 82.6.",
                    "A video titled '1A Final - 1st place' names Kit Aldous as the winner. The "
                    "only 1A score in the search results is 82.6, from a Reddit thread on the "
                    "2024 results ('I heard 82.6 took it').",
                    "The score is from a forum post and is not confirmed by an official sheet.",
                )
            ),
        ],
        [
            {"type": "exact_match", "value": "91.3"},
            {"type": "tool_called", "tool": "web_search", "max": 2},
        ],
        S,
        w,
        sub_max_steps=6,
    )
)

# 16 -----------------------------------------------------------------------------------------
# A dinghy sailing club's handicap package: single CodeAgent on the code search.
w = World()
w.grep = {
    "Portsmouth": [
        {
            "path": "README.md",
            "line": 3,
            "text": "Results for Wyke Sailing Club's handicap racing, scored on RYA Portsmouth "
            "Numbers.",
        },
        {
            "path": "src/yardstick/pn.py",
            "line": 9,
            "text": 'PN_TABLE = load_table("data/pn_2024.csv")  # RYA Portsmouth Numbers 2024, '
            "bundled",
        },
        {
            "path": "src/yardstick/pn.py",
            "line": 14,
            "text": '    """The Portsmouth Number of a class, from the club override or the '
            'bundled table."""',
        },
        {
            "path": "docs/changelog.md",
            "line": 12,
            "text": "- Bundled the 2024 Portsmouth Number list (class names as in the RYA "
            "file, aliases in column 4).",
        },
    ],
    "ILCA 7": [],
    "ILCA-7": [],
    "ILCA 7,": [],
    '"ILCA 7"': [],
    "ILCA 7 Laser": [],
}
w.files = {
    "src/yardstick/data/pn_2024.csv": "class,pn,crew,alias\n"
    "Laser,1099,1,ILCA7\nLaser Radial,1147,1,ILCA6\nLaser 4.7,1207,1,ILCA4\n"
    "RS Aero 7,1063,1,\nSolo,1142,1,\nTopper,1365,1,\n",
}
RUNS.append(
    Run(
        "dinghy_portsmouth_number",
        "looping",
        "In the yardstick package (Wyke Sailing Club's results software), what Portsmouth "
        "Number does the bundled 2024 table give the ILCA 7 dinghy? Number only.",
        [
            code(
                "I look for where the package keeps its Portsmouth Numbers.",
                'print(search_code(pattern="Portsmouth"))',
            ),
            code(
                "The table is a bundled CSV. I search for the ILCA 7 row.",
                'print(search_code(pattern="ILCA 7"))',
            ),
            code(
                "No match; maybe it is written with a hyphen.",
                'print(search_code(pattern="ILCA-7"))',
                bad=True,
            ),
            code(
                "Still nothing; I search for the name followed by the CSV comma.",
                'print(search_code(pattern="ILCA 7,"))',
                bad=True,
            ),
            code(
                "Perhaps the class name is quoted in the CSV.",
                "print(search_code(pattern='\"ILCA 7\"'))",
                bad=True,
            ),
            code(
                "I try the class name with its old name after it.",
                'print(search_code(pattern="ILCA 7 Laser"))',
                bad=True,
            ),
            text("1100"),
        ],
        None,
        [
            {"type": "exact_match", "value": "1099"},
            {"type": "tool_called", "tool": "search_code", "max": 3},
        ],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        max_steps=6,
        manager_name="coder",
    )
)
