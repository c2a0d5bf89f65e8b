"""The runs of the `dim` family: scripted replies and the offline world their tools read.

Sixteen runs of a smolagents manager CodeAgent with a managed ToolCallingAgent (a search agent,
or a code-search agent), or of a single CodeAgent on the JSON API, the code search or the web
tools, two per fault of the taxonomy, each with one decisive fault labelled at the LLM call
that decided it (`bad=True` on its reply; on every repeat for a loop). Written in one sweep
without reading blame's rules, the other held-out families' runs or any score; see
smolagents_dim.py. The systems, the tools, the reply helpers and `Run` are those of the sweep
family (corpus/sweep_runs.py).
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

COOKIES = (
    "This site uses cookies to remember your settings and to count visits. "
    "[Accept all] [Reject non-essential] [Cookie settings]"
)
"""The banner many small sites put above their pages."""


def _page(
    url: str,
    site: str,
    menu: tuple[str, ...],
    body: str,
    footer: str = "",
    *,
    cookies: bool = False,
) -> str:
    """A small organisation's page as the page visitor renders it: banner, menu, body, footer."""
    host = "https://" + url.split("/")[2]
    links = " | ".join(f"[{item}]({host}/{item.lower().replace(' ', '-')})" for item in menu)
    lines = [COOKIES, ""] if cookies else []
    lines += ["[Skip to main content](#content)", "", f"**{site}**", "", links, ""]
    lines += [body.strip(), ""]
    if footer:
        lines += ["---", footer.strip()]
    return "\n".join(lines)


# 1 gooseberry show: manager + search agent
w = World()
GOOSE = "https://hartsopdalegooseberries.org.uk"
w.search = [
    (
        ("hartsop", "gooseberr"),
        results(
            (
                "2025 show results - Hartsop Dale Old Gooseberry Society",
                f"{GOOSE}/shows/2025",
                "The 2025 show on 5 August: the premier berry, class winners, twins and "
                "the novices' table...",
            ),
            (
                "Gooseberry shows: a very English obsession",
                "https://www.countrylifestyle.example.com/features/gooseberry-shows",
                "Berries weighed in pennyweights and grains on brass scales - we visit three "
                "of the last surviving shows.",
            ),
            (
                "Hartsop Dale Old Gooseberry Society",
                f"{GOOSE}/",
                "Founded 1801. Growers' meetings from March, the show every August.",
            ),
        ),
    )
]
w.pages[f"{GOOSE}/"] = _page(
    f"{GOOSE}/",
    "Hartsop Dale Old Gooseberry Society",
    ("Home", "Shows", "Results", "Growers", "Contact"),
    """
# Welcome

The society has met at the Fox and Hounds, Hartsop, since 1801. Growers bring their
heaviest berries to the weigh-in on the first Tuesday of August.

## News

- 12 August 2025: the 2025 show results are up:
  [Show results 2025](https://hartsopdalegooseberries.org.uk/results/show-2025)
- 2 March 2025: growers' meeting moved to the village hall.
- Our old results pages have moved to the Results section.
""",
    "Registered charity 1049912. Website by a member; errors are ours.",
    cookies=True,
)
w.pages[f"{GOOSE}/results/show-2025"] = _page(
    f"{GOOSE}/results/show-2025",
    "Hartsop Dale Old Gooseberry Society",
    ("Home", "Shows", "Results", "Growers", "Contact"),
    """
# 2025 Show Results

Show held on Tuesday 5 August 2025 at the Fox and Hounds, Hartsop. 41 growers, 388 berries
entered. Weights are as read on the society's brass scales, in pennyweights (dwt) and
grains (gr), with grams in brackets (1 dwt = 24 gr).

## Premier berry

Premier berry of the show: yellow 'Woodpecker', grown by Ken Aldridge,
34 dwt 12 gr (53.65 g).

## Class winners

| Class | Variety | Grower | Weight |
|---|---|---|---|
| Heaviest red | 'Lord Derby' | Mary Thwaite | 31 dwt 6 gr (48.60 g) |
| Heaviest yellow | 'Woodpecker' | Ken Aldridge | 34 dwt 12 gr (53.65 g) |
| Heaviest green | 'Admiral Beattie' | Joe Pennock | 29 dwt 17 gr (46.20 g) |
| Heaviest white | 'Bank of England' | Sue Harker | 27 dwt 22 gr (43.42 g) |
| Heaviest twin | 'Lord Derby' | Mary Thwaite | 30 dwt 3 gr (46.85 g) |

Last year's premier berry: 33 dwt 2 gr (51.45 g), 'Lord Derby', Mary Thwaite.

Show record: 41 dwt 19 gr (64.99 g), 'Woodpecker', set in 2009 and still standing.
""",
    "Weights checked by two stewards. Please report errors to the secretary.",
    cookies=True,
)
RUNS.append(
    Run(
        "gooseberry_show",
        "misread_tool_output",
        "How heavy, in grams, was the premier berry at the Hartsop Dale Old Gooseberry "
        "Society's 2025 show? Give the number only, as the society printed it.",
        [
            code(
                "I ask search_agent to find the society's 2025 results.",
                """
r = search_agent(task="Find the weight of the premier berry at the Hartsop Dale Old Gooseberry \
Society's 2025 show, in grams as the society printed it.")
print(r)
""",
            ),
            code(
                "The report gives the weight; I extract the grams.",
                """
import re
grams = re.search(r"weighed ([\\d.]+) g", r).group(1)
print(grams)
""",
            ),
            code(
                "The weights are written with grams in brackets. The premier berry is the "
                "heaviest berry of the show, so I take the largest gram figure in the report.",
                """
weights = [float(x) for x in re.findall(r"\\(([\\d.]+) g\\)", r)]
print(weights)
premier = max(weights)
print(premier)
""",
                bad=True,
            ),
            code(
                "The premier berry weighed 64.99 g.",
                'final_answer(f"{premier:.2f}")',
            ),
        ],
        [
            call(
                "web_search",
                query="Hartsop Dale Old Gooseberry Society 2025 show premier berry weight",
            ),
            call(
                "visit_webpage",
                "The first result is the society's own results page.",
                url=f"{GOOSE}/shows/2025",
            ),
            call(
                "visit_webpage",
                "That page has moved; I try the society's home page.",
                url=f"{GOOSE}/",
            ),
            call(
                "visit_webpage",
                "The news links to the 2025 results.",
                url=f"{GOOSE}/results/show-2025",
            ),
            answer(
                outcome(
                    "The premier berry at the 2025 show weighed 34 dwt 12 gr (53.65 g).",
                    "The society's results page for the show of Tuesday 5 August 2025 names "
                    "the premier berry of the show: a yellow 'Woodpecker' grown by Ken "
                    "Aldridge, weighed at 34 dwt 12 gr (53.65 g). It also won the heaviest "
                    "yellow class.",
                    "The show record, 41 dwt 19 gr (64.99 g), set in 2009 with a 'Woodpecker', "
                    "still stands. Weights are as printed by the society (1 dwt = 24 gr).",
                )
            ),
        ],
        [{"type": "exact_match", "value": "53.65"}],
        M,
        w,
        note="report gives the premier berry and the show record; manager takes the max",
    )
)


# 2 swift nest-box survey API: single CodeAgent
w = World()
_SITES = [
    ("WVS-03", "Old Mill House, Wyvern Magna", "Wyvern Magna", 8, "2016-04-11", False),
    ("WVS-07", "St Aldhelm's Church, Wyvern Magna", "Wyvern Magna", 24, "2017-03-02", True),
    ("WVS-11", "Fire station, Kingsford", "Kingsford", 12, "2019-02-20", False),
    ("WVS-14", "Wyvern Parva village hall", "Wyvern Parva", 6, "2020-10-05", False),
    ("WVS-17", "St Aldhelm's C of E School, Wyvern Parva", "Wyvern Parva", 16, "2021-11-30", True),
    ("WVS-22", "Coombe Road flats", "Kingsford", 30, "2023-03-14", False),
]
w.api = {
    "/sites": {
        "group": "Wyvern Valley Swift Group",
        "count": len(_SITES),
        "sites": [
            {
                "id": sid,
                "name": name,
                "parish": parish,
                "grid_ref": None,
                "boxes_installed": boxes,
                "installed": installed,
                "camera": camera,
                "contact": None,
                "notes": None,
            }
            for sid, name, parish, boxes, installed, camera in _SITES
        ],
        "licence": "CC BY 4.0",
    },
    "/sites/WVS-07/occupancy?year=2025": {
        "site_id": "WVS-07",
        "site": "St Aldhelm's Church, Wyvern Magna",
        "year": 2025,
        "boxes_installed": 24,
        "boxes_checked": 22,
        "occupied_boxes": 14,
        "by_species": {"swift": 9, "house_sparrow": 4, "starling": None, "blue_tit": 1},
        "prospecting_swifts_max": 13,
        "screaming_party_max": 11,
        "first_swift_seen": "2025-05-03",
        "last_swift_seen": "14/08/2025",
        "fledged_swifts": None,
        "method": "endoscope checks in June and evening watches",
        "surveyors": 3,
        "notes": None,
        "updated": "2025-09-30T18:22:04Z",
    },
    "/sites/WVS-07/occupancy?year=2024": {
        "site_id": "WVS-07",
        "year": 2024,
        "boxes_checked": 20,
        "occupied_boxes": 11,
        "by_species": {"swift": 6, "house_sparrow": 5, "starling": None, "blue_tit": None},
        "notes": "two boxes blocked by scaffolding",
    },
}
RUNS.append(
    Run(
        "swift_nestboxes",
        "misread_tool_output",
        "According to the Wyvern Valley Swift Group's nest-box API, how many boxes at its St "
        "Aldhelm's Church site were occupied by swifts in 2025? Number only.",
        [
            code(
                "I try the site's occupancy directly.",
                'print(fetch_json(endpoint="/sites/st-aldhelms-church/occupancy?year=2025"))',
            ),
            code(
                "The API wants site ids. I list the sites.",
                """
sites = fetch_json(endpoint="/sites")
for s in sites["sites"]:
    print(s["id"], s["name"])
""",
            ),
            code(
                "fetch_json returns a JSON string; I parse it first.",
                """
import json
sites = json.loads(fetch_json(endpoint="/sites"))
for s in sites["sites"]:
    print(s["id"], s["name"], s["boxes_installed"])
""",
            ),
            code(
                "The church is WVS-07 (WVS-17 is the school). I fetch its 2025 occupancy.",
                """
occ = json.loads(fetch_json(endpoint="/sites/WVS-07/occupancy?year=2025"))
print(json.dumps(occ, indent=1))
""",
            ),
            code(
                "The record for the church gives occupied_boxes: that is the count asked for, "
                "out of the boxes checked.",
                """
swift_boxes = occ["occupied_boxes"]
print(f"{swift_boxes} of {occ['boxes_checked']} checked boxes occupied")
""",
                bad=True,
            ),
            code("I return the count.", "final_answer(str(swift_boxes))"),
        ],
        None,
        [{"type": "exact_match", "value": "9"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="JSON has occupied_boxes (any species) 14 and by_species.swift 9; agent takes 14",
    )
)


# 3 woodturners' club: manager + search agent
w = World()
TURN = "https://brackenfieldwoodturners.org.uk"
w.search = [
    (
        ("brackenfield", "woodturn"),
        results(
            (
                "Club history - Brackenfield Woodturners' Club",
                f"{TURN}/about/history",
                "From six members in the back room of the Red Lion to the Open Competition: "
                "the story of the club.",
            ),
            (
                "Brackenfield Timber - woodturning blanks and tools",
                "https://www.brackenfieldtimber.example.co.uk/turning",
                "Bowl blanks, spindle stock, chucks and gouges. Free delivery over 50 pounds.",
            ),
            (
                "Clubs - Association of Woodturners of Great Britain",
                "https://www.awgb.example.org.uk/clubs",
                "Find a woodturning club near you: 300 clubs listed by county.",
            ),
        ),
    )
]
w.fail[("web_search", 0)] = "429 Too Many Requests: rate limit reached, retry in 5 seconds"
w.pages[f"{TURN}/about/history"] = _page(
    f"{TURN}/about/history",
    "Brackenfield Woodturners' Club",
    ("Home", "About", "Meetings", "Open Competition", "Gallery", "Join"),
    """
# Club history

The club was founded in 1991 by six members who met in the back room of the Red Lion on
the first Thursday of each month. Early demonstrations were given on a borrowed lathe.

In 1997 the club moved to Brackenfield village hall, where it still meets, and bought its
first two lathes with a lottery grant of 4,800 pounds.

In 2004 the club held its first Open Competition, judged by the professional turner Alan
Greaves; 38 pieces were entered in four classes. The Open has been held every year since,
apart from 2020 and 2021, and now draws over 150 entries.

The club's 25th anniversary in 2016 was marked by a turned-bowl exhibition at the library.
""",
    "Brackenfield Woodturners' Club is affiliated to the AWGB. Site updated 3 February 2026.",
    cookies=True,
)
RUNS.append(
    Run(
        "woodturners_open",
        "hallucinated_fact",
        "How many years after the Brackenfield Woodturners' Club was founded did it hold its "
        "first open competition? Number only.",
        [
            code(
                "The Brackenfield Woodturners' Club was founded in 1987, so I only need the "
                "year of its first open competition; I ask search_agent for it.",
                """
founded = 1987
r = search_agent(task="Find the year in which the Brackenfield Woodturners' Club held its \
first open competition.")
print(r)
""",
                bad=True,
            ),
            code("I read the year from the report.", "year = int(r)\nprint(year)"),
            code(
                "The report is text; I pick out the years in it.",
                """
import re
years = re.findall(r"\\b(?:19|20)\\d{2}\\b", r)
print(years)
""",
            ),
            code(
                "The first year in the report is the first open competition.",
                "final_answer(str(int(years[0]) - founded))",
            ),
        ],
        [
            call(
                "web_search",
                query="Brackenfield Woodturners' Club first open competition year",
            ),
            call(
                "web_search",
                "Rate-limited; I try the same search again.",
                query="Brackenfield Woodturners' Club first open competition year",
            ),
            call(
                "visit_webpage",
                "The club's history page should say when the Open began.",
                url=f"{TURN}/about/history",
            ),
            answer(
                outcome(
                    "The club held its first Open Competition in 2004.",
                    "The club's history page says that in 2004 the club held its first Open "
                    "Competition, judged by the professional turner Alan Greaves, with 38 "
                    "pieces entered in four classes.",
                    "The Open has been held every year since, apart from 2020 and 2021, and "
                    "now draws over 150 entries.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "13"}],
        M,
        w,
        note="manager states the founding year 1987 from memory (page: 1991)",
    )
)


# 4 town criers' championship: single CodeAgent on the web tools
w = World()
CRY = "https://saltmarshbaycriers.org.uk"
GAZ = "https://www.baygazette.example.co.uk/news/2025/07/ord-crowned-town-crier-champion"
w.search = [
    (
        ("saltmarsh", "crier"),
        results(
            (
                "Ord crowned champion at Saltmarsh Bay criers' contest - Bay Gazette",
                GAZ,
                "Sam Ord of Port Wenna was crowned champion at the Saltmarsh Bay Town Criers' "
                "Championship on Saturday...",
            ),
            (
                "Championship - Saltmarsh Bay Guild of Town Criers",
                f"{CRY}/championship",
                "Results, scores and photographs of the annual championship on the harbour.",
            ),
            (
                "How to become a town crier",
                "https://www.careers-unusual.example.com/town-crier",
                "Bell, uniform, a loud voice: what the job involves and what it pays.",
            ),
        ),
    )
]
w.pages[GAZ] = _page(
    GAZ,
    "Bay Gazette",
    ("News", "Sport", "What's on", "Property", "Jobs", "Subscribe"),
    """
# Ord crowned champion at Saltmarsh Bay criers' contest

By Lucy Penrose | Monday 14 July 2025

Sam Ord of Port Wenna was crowned champion at the Saltmarsh Bay Town Criers' Championship
on Saturday 12 July 2025, finishing seven points clear of the runner-up, Jo Farr of
Kettleby. Alan Treen, Saltmarsh Bay's own crier, was third.

Twenty-two criers from as far away as Alnwick and Tenby cried twice on the harbour wall: a
home cry about their own town and a cry on this year's theme, "The Harbour". The judges
marked volume, clarity, diction, content and bearing.

"I lost my voice on Thursday and got it back on Friday night," said Ord, who also won the
best-dressed award. The guild publishes the full scores on its website.

Advertisement

## Most read

- Harbour car park charges to rise in September
- Lifeboat crew called out twice in one day
- Crab festival returns for its 30th year
""",
    "(c) 2025 Bay Gazette. Registered in England. Terms | Privacy | Contact the newsroom",
    cookies=True,
)
w.pages[f"{CRY}/championship"] = _page(
    f"{CRY}/championship",
    "Saltmarsh Bay Guild of Town Criers",
    ("Home", "Championship", "Criers", "Book a crier", "Contact"),
    """
# Championship 2025: final placings

Held on the harbour wall, Saturday 12 July 2025. Two cries, each marked out of 200 by three
judges (volume, clarity, diction, content, bearing).

| Place | Crier | Town | Home cry | Theme cry | Total |
|---|---|---|---|---|---|
| 1 | Sam Ord | Port Wenna | 179 | 183 | 362 |
| 2 | Jo Farr | Kettleby | 177 | 178 | 355 |
| 3 | Alan Treen | Saltmarsh Bay | 172 | 177 | 349 |
| 4 | Ruth Bagley | Alnwick | 170 | 171 | 341 |

Best dressed crier: Sam Ord. Best escort: Mo Treen.
""",
    "Scores are final once signed by the chief judge.",
)
RUNS.append(
    Run(
        "town_criers",
        "hallucinated_fact",
        "At the 2025 Saltmarsh Bay Town Criers' Championship, how many points did the winner "
        "score in total? Number only.",
        [
            code(
                "I search for the championship's results.",
                'print(web_search(query="Saltmarsh Bay Town Criers Championship 2025 results"))',
            ),
            code("I read the Gazette's report first.", f'print(visit_webpage(url="{GAZ}"))'),
            code(
                "The article points to the guild for the full scores. The 2025 scores are "
                "probably on a page of their own.",
                f'print(visit_webpage(url="{CRY}/championship/2025"))',
            ),
            code(
                "No such page. I look for the runner-up's score instead.",
                'print(web_search(query="Jo Farr town crier 2025 score"))',
            ),
            code(
                "The article gives the margin: Ord finished seven points clear of Jo Farr, "
                "and Farr scored 348, so Ord's total is 355.",
                'final_answer("355")',
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "362"}],
        "researcher",
        w,
        manager_tools=("web_search", "visit_webpage"),
        manager_name="researcher",
        note="no opened page gives a score; the agent states the runner-up's 348",
    )
)


# 5 coal carrying championship: manager + search agent
w = World()
COAL = "https://gorsedalecoalrace.org.uk/results/2025"
w.search = [
    (
        ("gorsedale", "coal"),
        results(
            (
                "Results 2025 - Gorsedale Coal Carrying Championship",
                COAL,
                "Men's, women's, veterans' and children's races: full results and times.",
            ),
            (
                "Coal race draws record Easter Monday crowd - Dales Echo",
                "https://www.dalesecho.example.co.uk/2025/04/coal-race-record-crowd",
                "Around 3,000 people lined the route as 140 runners carried sacks of coal "
                "(50 kg for men, 20 kg for women) over 1,012 metres...",
            ),
            (
                "Coal and smokeless fuel merchants in Gorsedale",
                "https://www.localtrades.example.co.uk/gorsedale/coal-merchants",
                "Compare prices on house coal, anthracite and logs. Delivery to your door.",
            ),
        ),
    )
]
w.fail[("web_search", 0)] = "429 Too Many Requests: slow down, retry after 3 seconds"
w.fail[("visit_webpage", 0)] = f"503 Server Error: Service Unavailable for url: {COAL}"
w.pages[COAL] = _page(
    COAL,
    "Gorsedale Coal Carrying Championship",
    ("Home", "Enter", "Results", "Records", "Sponsors"),
    """
# Results 2025

Easter Monday, 21 April 2025. Course: 1,012 m from the Royal Oak to the maypole.

## Men's race (50 kg)

| Pos | Name | Club | Time |
|---|---|---|---|
| 1 | Dan Hebblethwaite | Gorsedale Harriers | 4:12 |
| 2 | Tom Ackroyd | unattached | 4:19 |

## Women's race (20 kg)

| Pos | Name | Club | Time |
|---|---|---|---|
| 1 | Beth Crossley | Holme Valley AC | 5:06 |
| 2 | Amy Sutcliffe | Gorsedale Harriers | 5:11 |

## Veterans' race (over 50s, 50 kg)

1 Mick Lumb (Gorsedale Harriers), 5m 31s

Course records: men 4:06 (1991), women 4:41 (2019).
""",
    "Times are hand-timed to the second.",
)
RUNS.append(
    Run(
        "coal_carrying",
        "ignored_tool_error",
        "What was the winning time in the women's race at the 2025 Gorsedale Coal Carrying "
        "Championship? Give it as m:ss.",
        [
            code(
                "I ask search_agent for the women's race result.",
                """
r = search_agent(task="Find the winning time of the women's race (20 kg of coal) at the 2025 \
Gorsedale Coal Carrying Championship.")
print(r)
""",
            ),
            code(
                "The report gives the time; I return it as m:ss.",
                """
import re
t = re.search(r"\\b\\d:\\d{2}\\b", r).group(0)
final_answer(t)
""",
            ),
        ],
        [
            call(
                "web_search",
                query="Gorsedale Coal Carrying Championship 2025 women's race result",
            ),
            call(
                "web_search",
                "The search was rate-limited; I retry.",
                query="Gorsedale Coal Carrying Championship 2025 women's race result",
            ),
            call(
                "visit_webpage",
                "The official results page has the times.",
                url=COAL,
            ),
            answer(
                outcome(
                    "The women's race at the 2025 championship was won in 4:48.",
                    "According to the official results page (gorsedalecoalrace.org.uk/results/"
                    "2025), the women's race, carrying 20 kg of coal over 1,012 m, was won in "
                    "4:48 on Easter Monday, 21 April 2025.",
                    "Men carry 50 kg over the same course. Around 140 runners took part.",
                ),
                "The official results page is the source for the times.",
                bad=True,
            ),
        ],
        [
            {"type": "exact_match", "value": "5:06"},
            {"type": "tool_succeeded", "tool": "visit_webpage"},
        ],
        S,
        w,
        note="results page answered 503; the sub-agent reports a time as read from it",
    )
)


# 6 kart club's lap-timing package: single CodeAgent on the code search
w = World()
w.grep = {
    "MIN_LAP_S": [
        {"path": "src/laptrak/legacy/config_v1.py", "line": 12, "text": "MIN_LAP_S = 30.0"},
        {
            "path": "src/laptrak/config.py",
            "line": 24,
            "text": 'MIN_LAP_S: float = DEFAULTS["min_lap_s"]',
        },
        {
            "path": "src/laptrak/filter.py",
            "line": 5,
            "text": "from laptrak.config import MIN_LAP_S",
        },
        {
            "path": "tests/test_filter.py",
            "line": 9,
            "text": '    monkeypatch.setattr(config, "MIN_LAP_S", 10.0)',
        },
    ],
}
w.files = {
    "src/laptrak/legacy/config_v1.py": '''"""Settings of laptrak 1.x.

Superseded by laptrak.config in 2.0; kept so that old imports keep working.
"""

import warnings

warnings.warn("laptrak.legacy.config_v1 is deprecated", DeprecationWarning, stacklevel=2)

TRANSPONDER_BAUD = 9600
LOOP_COUNT = 1
MIN_LAP_S = 30.0
MAX_LAP_S = 300.0
''',
    "src/laptrak/config.py": '''"""laptrak settings: defaults, overridden by laptrak.toml."""

from __future__ import annotations

import tomllib
from pathlib import Path

DEFAULTS = {
    "min_lap_s": 38.5,  # the club circuit's fastest lap is about 41 s
    "max_lap_s": 240.0,
    "transponder_baud": 115200,
    "loops": 3,
}


def load(path: Path | None = None) -> dict:
    """The defaults, with a club's laptrak.toml on top."""
    settings = dict(DEFAULTS)
    if path and path.exists():
        settings.update(tomllib.loads(path.read_text()))
    return settings


MIN_LAP_S: float = DEFAULTS["min_lap_s"]
MAX_LAP_S: float = DEFAULTS["max_lap_s"]
''',
    "src/laptrak/filter.py": '''"""Drop impossible laps before they reach the results."""

from __future__ import annotations

from laptrak.config import MIN_LAP_S


def valid_laps(laps: list[float]) -> list[float]:
    return [lap for lap in laps if lap >= MIN_LAP_S]
''',
}
w.fail[("read_file", 1)] = "TimeoutError: repository backend did not answer within 10 s (HTTP 504)"
RUNS.append(
    Run(
        "kart_laptimes",
        "ignored_tool_error",
        "Issue #58 in the Ridgeway Kart Club's lap-timing package laptrak: laps shorter than the "
        "minimum valid lap time are dropped without a warning. What default minimum valid lap "
        "time, in seconds, does the package's current config set? Number only.",
        [
            code(
                "I look for the setting.",
                'print(search_code(pattern="min_lap_time"))',
            ),
            code(
                "Nothing under that name. Constants are usually upper case.",
                """
hits = search_code(pattern="MIN_LAP_S")
for m in hits["matches"]:
    print(m["path"], m["line"], m["text"])
""",
            ),
            code(
                "search_code returns JSON text; I parse it.",
                """
import json
hits = json.loads(search_code(pattern="MIN_LAP_S"))
for m in hits["matches"]:
    print(m["path"], m["line"], m["text"])
""",
            ),
            code(
                "Two definitions, a legacy one and the current config. I read the legacy "
                "module first to see how it relates to the current one.",
                """
src = read_file(path="src/laptrak/legacy/config_v1.py")
print(src)
""",
            ),
            code(
                "The legacy module is superseded by laptrak.config. I read the current config.",
                """
src = read_file(path="src/laptrak/config.py")
print(src)
""",
            ),
            code(
                "Now I take the default of MIN_LAP_S from the config source.",
                """
import re
m = re.search(r"MIN_LAP_S\\s*=\\s*([\\d.]+)", src)
final_answer(m.group(1))
""",
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "38.5"}],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        manager_name="coder",
        note="reading the current config timed out; the agent parses the legacy file still in src",
    )
)


# 7 ploughing match: manager + search agent
w = World()
THORNBY = "https://thornbyploughing.org.uk/results/2025"
THORNABY = "https://thornabyagsoc.org.uk/ploughing-match-2025"
w.search = [
    (
        ("thornaby",),
        results(
            (
                "Ploughing Match 2025 results - Thornaby Agricultural Society",
                THORNABY,
                "61st annual ploughing match, Saturday 20 September 2025, Low Grange Farm: "
                "horse-drawn, vintage, classic and reversible classes.",
            ),
            (
                "Thornaby Show 2025 - Thornaby Agricultural Society",
                "https://thornabyagsoc.org.uk/show",
                "Cattle, sheep, poultry, produce and the dog show. Gates open 8 am.",
            ),
        ),
    ),
    (
        ("thornby",),
        results(
            (
                "2025 Match results - Thornby & District Ploughing Association",
                THORNBY,
                "Results of the 2025 match at Hill Top Farm, Thornby, on 27 September.",
            ),
        ),
    ),
]
w.pages[THORNABY] = _page(
    THORNABY,
    "Thornaby Agricultural Society",
    ("Home", "Show", "Ploughing match", "Membership", "Sponsors"),
    """
# 61st Annual Ploughing Match: results

Saturday 20 September 2025, by kind permission of the Wilsons, Low Grange Farm. 48 ploughs
in six classes; judges: R. Dobson and K. Hart.

## Horse-drawn

1st Alan Pybus, Clydesdales Duke and Major (84 points)
2nd Colin Sayer, Shires Bonny and Prince (79 points)

## Vintage tractor, trailed plough

1st Graham Lister, Fordson Major E27N (88 points)
2nd Peter Wood, Ferguson TE20 (86 points)

## Reversible

1st Ian Kemp, Massey Ferguson 5713 (91 points)

Champion ploughman of the day: Ian Kemp.
""",
    "Thornaby Agricultural Society, founded 1864. Registered charity 512233.",
)
w.pages[THORNBY] = _page(
    THORNBY,
    "Thornby & District Ploughing Association",
    ("Home", "Match", "Results", "Entry forms", "Contact"),
    """
# 2025 Match results

Saturday 27 September 2025 at Hill Top Farm, Thornby. 35 ploughs.

| Class | 1st | 2nd | 3rd |
|---|---|---|---|
| Horse-drawn | Ruth Calvert (Shires Bess and Captain) | Tom Raine | Bill Ogden |
| Vintage trailed | Dennis Kirk | Jim Hebron | Owen Tate |
| Classic mounted | Sarah Lund | Keith Bell | Stan Orr |

Best turnout, horse-drawn: Tom Raine.
""",
    "Results are provisional for seven days after the match.",
)
RUNS.append(
    Run(
        "ploughing_match",
        "wrong_tool_arguments",
        "Who won the horse-drawn class at the Thornby & District Ploughing Association's 2025 "
        "match? Give the ploughman's name only.",
        [
            plan(
                "- The Thornby & District Ploughing Association's 2025 match\n"
                "- The horse-drawn class; the winner's name is asked",
                "1. Ask search_agent who won the horse-drawn class at the 2025 Thornby & "
                "District match.\n2. Return the ploughman's name only.",
            ),
            code(
                "I delegate the lookup.",
                """
r = search_agent(task="Find who won the horse-drawn class at the Thornby & District Ploughing \
Association's 2025 ploughing match. Give the ploughman's name.")
print(r)
""",
            ),
            code(
                "I take the name from the report.",
                """
name = r.split("Winner: ")[1].split("\\n")[0]
print(name)
""",
            ),
            code(
                "The report does not use 'Winner:'. The short version says who won.",
                """
short = r.split("(short version):")[1].strip().split("\\n")[0]
print(short)
name = short.split(" was won by ")[1].split(",")[0]
print(name)
""",
            ),
            code("I return the ploughman's name.", "final_answer(name)"),
        ],
        [
            call(
                "web_search",
                "I search for the match results.",
                bad=True,
                query="Thornaby ploughing match 2025 horse drawn class results",
            ),
            call(
                "visit_webpage",
                "The first hit has the 2025 results.",
                url=THORNABY,
            ),
            answer(
                outcome(
                    "The horse-drawn class at the 2025 match was won by Alan Pybus, with his "
                    "Clydesdales Duke and Major.",
                    "The results page of the 61st annual ploughing match (Saturday 20 September "
                    "2025, Low Grange Farm) lists the horse-drawn class: 1st Alan Pybus, "
                    "Clydesdales Duke and Major, 84 points; 2nd Colin Sayer, 79 points.",
                    "Champion ploughman of the day was Ian Kemp (reversible class).",
                )
            ),
        ],
        [{"type": "exact_match", "value": "Ruth Calvert"}],
        S,
        w,
        planning=10,
        note="sub-agent searches Thornaby (another society's match) for Thornby",
    )
)


# 8 bowls league's results API: single CodeAgent
w = World()
_TEAMS = [
    ("ASH", "Ashby Town BC", 1, "green and gold", 1921),
    ("BRD", "Bradgate BC", 1, "maroon", 1908),
    ("HGP", "Hollins Green Park BC", 2, "sky blue", 1964),
    ("HGR", "Hollins Green BC", 1, "black and white", 1899),
    ("MKT", "Market Bosworth BC", 2, "red", 1931),
    ("SHK", "Shackerstone BC", 2, "navy", 1952),
]


def _fixture(date: str, home: str, away: str, hs: int, as_: int, mine: str) -> dict[str, Any]:
    won = (hs > as_) == (mine == home)
    return {
        "date": date,
        "start": "14:00",
        "home": home,
        "away": away,
        "venue": next(name for tid, name, *_ in _TEAMS if tid == home),
        "score": {"home": hs, "away": as_},
        "rinks_won": {"home": 3 if hs > as_ else 1, "away": 1 if hs > as_ else 3},
        "points": {"home": 8 if hs > as_ else 2, "away": 2 if hs > as_ else 8},
        "result": "W" if won else "L",
        "postponed": False,
        "notes": None,
    }


w.api = {
    "/teams": {
        "league": "Vale of Ashby Bowls League",
        "season": 2025,
        "teams": [
            {
                "id": tid,
                "name": name,
                "division": division,
                "colours": colours,
                "founded": founded,
                "secretary": None,
                "rinks": 4,
            }
            for tid, name, division, colours, founded in _TEAMS
        ],
    },
    "/teams/HGP/fixtures?season=2025": {
        "team": "HGP",
        "season": 2025,
        "fixtures": [
            _fixture("2025-05-31", "HGP", "SHK", 70, 61, "HGP"),
            _fixture("2025-06-07", "HGP", "MKT", 58, 64, "HGP"),
            _fixture("2025-06-14", "MKT", "HGP", 66, 62, "HGP"),
            _fixture("2025-06-21", "SHK", "HGP", 55, 69, "HGP"),
        ],
    },
    "/teams/HGR/fixtures?season=2025": {
        "team": "HGR",
        "season": 2025,
        "fixtures": [
            _fixture("2025-05-31", "ASH", "HGR", 63, 60, "HGR"),
            _fixture("2025-06-07", "HGR", "BRD", 77, 52, "HGR"),
            _fixture("2025-06-14", "BRD", "HGR", 59, 73, "HGR"),
            _fixture("2025-06-21", "HGR", "ASH", 68, 61, "HGR"),
        ],
    },
}
RUNS.append(
    Run(
        "bowls_league",
        "wrong_tool_arguments",
        "According to the Vale of Ashby Bowls League's results API, how many shots did Hollins "
        "Green BC score in their away match on 14 June 2025? Number only.",
        [
            code(
                "I try the club's fixtures by name.",
                'print(fetch_json(endpoint="/teams/hollins-green/fixtures?season=2025"))',
            ),
            code(
                "The API uses team ids. I get the teams.",
                """
teams = fetch_json(endpoint="/teams")["teams"]
print(teams)
""",
            ),
            code(
                "fetch_json returns text; I parse it, find the club and fetch its fixtures.",
                """
import json
teams = json.loads(fetch_json(endpoint="/teams"))["teams"]
team = next(t for t in teams if t["name"].startswith("Hollins Green"))
print(team["id"], team["name"])
fx = json.loads(fetch_json(endpoint=f"/teams/{team['id']}/fixtures?season=2025"))
for m in fx["fixtures"]:
    if m["date"] == "2025-06-14":
        match = m
        print(m)
""",
                bad=True,
            ),
            code(
                "They were the away side at Market Bosworth on 14 June; their shots are the "
                "away score.",
                'final_answer(str(match["score"]["away"]))',
            ),
        ],
        None,
        [{"type": "exact_match", "value": "73"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="the name filter picks Hollins Green Park BC (HGP) before Hollins Green BC (HGR)",
    )
)


# 9 highland games: manager + search agent
w = World()
GAMES = "https://glenartneygames.org.uk"
COURIER = "https://www.strathearncourier.example.co.uk/news/glenartney-games-2025"
w.search = [
    (
        ("glenartney",),
        results(
            (
                "Results 2025 - Glenartney Highland Games",
                f"{GAMES}/results-2025",
                "Heavy events, light events, piping and dancing results from Saturday 2 August.",
            ),
            (
                "Sunshine and big throws at Glenartney - Strathearn Courier",
                COURIER,
                "A record crowd watched the heavy events at the 2025 Glenartney Highland Games...",
            ),
            (
                "Highland games near me: the 2025 calendar",
                "https://www.scotlandevents.example.com/highland-games-2025",
                "Dates and venues of over 60 highland gatherings across Scotland.",
            ),
        ),
    )
]
w.pages[COURIER] = _page(
    COURIER,
    "Strathearn Courier",
    ("News", "Sport", "Community", "Obituaries", "Subscribe"),
    """
# Sunshine and big throws at Glenartney

A record crowd of 4,200 watched the heavy events at the 2025 Glenartney Highland Games on
Saturday. Euan MacRae of Crieff won the heavy hammer and tossed the caber to a perfect
twelve o'clock, while Calum Stewart of Comrie took both light events.

The pipe band contest went to Vale of Atholl. Full results are on the games' website at
glenartneygames.org.uk/results/2025.

Reader offer: 20% off tickets to the Comrie Fortnight ceilidh.
""",
    "Strathearn Courier, part of Tayside Local Media. Privacy and cookies.",
    cookies=True,
)
w.pages[f"{GAMES}/results/2025"] = _page(
    f"{GAMES}/results/2025",
    "Glenartney Highland Games",
    ("Home", "Events", "Results", "Tickets", "Getting here"),
    """
# Results 2025

Saturday 2 August 2025. Distances measured in feet and inches; metric conversions by the
games' recorder.

## Heavy events: open

| Event | Winner | Distance |
|---|---|---|
| Light hammer (16 lb) | Calum Stewart (Comrie) | 126 ft 0 in (38.41 m) |
| Heavy hammer (22 lb) | Euan MacRae (Crieff) | 101 ft 11 in (31.07 m) |
| Light stone (16 lb) | Calum Stewart (Comrie) | 41 ft 6 in (12.65 m) |
| Heavy stone (22 lb) | Euan MacRae (Crieff) | 35 ft 8 in (10.87 m) |
| Weight for distance (28 lb) | Angus Bell (Killin) | 76 ft 2 in (23.22 m) |
| Caber (19 ft 6 in, 132 lb) | Euan MacRae (Crieff) | 12 o'clock |

Heavy events champion: Euan MacRae.

## Hill race

Ben Halton (Crieff Hill Runners), 38:21.
""",
    "Results compiled by the games' recorder; corrections to the secretary.",
)
RUNS.append(
    Run(
        "highland_games",
        "goal_deviation",
        "At the 2025 Glenartney Highland Games, how far did the winner of the open light hammer "
        "throw throw? Give the distance in metres, number only.",
        [
            plan(
                "- The 2025 Glenartney Highland Games, open heavy events\n"
                "- The hammer throw's winning distance is asked, in metres",
                "1. Ask search_agent for the winning distance of the open hammer throw at the "
                "2025 games (the 22 lb hammer, the championship event), in metres.\n"
                "2. Strip the unit and return the number.",
                bad=True,
            ),
            code(
                "I delegate the lookup as planned.",
                """
r = search_agent(task="Find the winning distance of the open hammer throw (22 lb) at the 2025 \
Glenartney Highland Games, in metres.")
print(r)
""",
            ),
            code(
                "I convert the distance to a number.",
                'd = float(r.split("(short version):")[1].split("m")[0])\nprint(d)',
            ),
            code(
                "The short version begins with words. I take the metres with a regex.",
                """
import re
d = re.search(r"([\\d.]+) m\\b", r).group(1)
final_answer(d)
""",
            ),
        ],
        [
            call(
                "web_search",
                query="Glenartney Highland Games 2025 hammer throw results",
            ),
            call(
                "visit_webpage",
                "The games' own results page.",
                url=f"{GAMES}/results-2025",
            ),
            call(
                "visit_webpage",
                "That link is dead; the local paper may link to the results.",
                url=COURIER,
            ),
            call(
                "visit_webpage",
                "The article gives the results address.",
                url=f"{GAMES}/results/2025",
            ),
            answer(
                outcome(
                    "The open hammer throw (22 lb) was won by Euan MacRae of Crieff with "
                    "31.07 m (101 ft 11 in).",
                    "The games' results page for Saturday 2 August 2025 lists the heavy hammer "
                    "(22 lb) in the open heavy events: Euan MacRae (Crieff), 101 ft 11 in, "
                    "converted by the games' recorder to 31.07 m.",
                    "MacRae was also heavy events champion and won the caber.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "38.41"}],
        M,
        w,
        planning=5,
        note="the initial plan asks for the 22 lb hammer where the light hammer is asked",
    )
)


# 10 ringing group's ring register package: manager + code-search agent
w = World()
_IMPORTER = [
    '"""Read a ringing session\'s CSV export into records."""',
    "",
    "from __future__ import annotations",
    "",
    "import csv",
    "import logging",
    "from pathlib import Path",
    "",
    "from ringlog.records import Record",
    "from ringlog.rings import valid_ring",
    "from ringlog.species import euring_code",
    "",
    'log = logging.getLogger("ringlog.importer")',
    "",
    'COLUMNS = ("ring", "species", "age", "sex", "wing", "weight", "date", "site")',
    "",
    "",
    "def _float(value: str) -> float | None:",
    "    value = value.strip()",
    "    return float(value) if value else None",
    "",
    "",
    "def read_ringing_csv(path: Path) -> list[Record]:",
    '    """The records of one session; rows that cannot be used are logged and skipped."""',
    "    records: list[Record] = []",
    '    with path.open(newline="") as handle:',
    "        for n, row in enumerate(csv.DictReader(handle), start=2):",
    "            missing = [c for c in COLUMNS if c not in row]",
    "            if missing:",
    '                raise ValueError(f"{path}: missing columns {missing}")',
    '            ring = row["ring"].strip()',
    '            species = euring_code(row["species"])',
    "            if species is None:",
    '                log.warning("row %d skipped: unknown species %r", n, row["species"])',
    "                continue",
    '            if row["date"] == "":',
    '                log.warning("row %d skipped: no date", n)',
    "                continue",
    "            if not valid_ring(ring):",
    "                # a bad ring number would break the retrap history",
    '                log.warning("row %d rejected: invalid ring number %r", n, ring)',
    "                continue",
    "            records.append(",
    "                Record(",
    "                    ring=ring.upper(),",
    "                    species=species,",
    '                    age=row["age"],',
    '                    sex=row["sex"] or None,',
    '                    wing=_float(row["wing"]),',
    '                    weight=_float(row["weight"]),',
    '                    date=row["date"],',
    '                    site=row["site"],',
    "                )",
    "            )",
    "    return records",
]
_RINGS = [
    '"""Ring numbers: the formats the ringing scheme issues."""',
    "",
    "from __future__ import annotations",
    "",
    "import re",
    "",
    "# one or two letters for the ring size, then four to seven digits",
    'RING_RE = re.compile(r"^[A-Z]{0,2}\\d{4,7}$")',
    "",
    "",
    "def valid_ring(ring: str) -> bool:",
    '    """Whether a ring number has a format the scheme issues."""',
    "    return bool(RING_RE.match(ring.strip().upper()))",
    "",
    "",
    "def ring_size(ring: str) -> str:",
    '    return re.match(r"^[A-Z]*", ring.upper()).group(0) or "?"',
]
w.files = {
    "src/ringlog/importer.py": "\n".join(_IMPORTER) + "\n",
    "src/ringlog/rings.py": "\n".join(_RINGS) + "\n",
}
w.grep = {
    "rejected": [
        {
            "path": "src/ringlog/importer.py",
            "line": 41,
            "text": _IMPORTER[40],
        },
        {
            "path": "CHANGELOG.md",
            "line": 17,
            "text": "- Rows with an unusable ring number are now rejected instead of stopping "
            "the import.",
        },
    ],
    "valid_ring": [
        {"path": "src/ringlog/rings.py", "line": 11, "text": "def valid_ring(ring: str) -> bool:"},
        {
            "path": "src/ringlog/importer.py",
            "line": 10,
            "text": "from ringlog.rings import valid_ring",
        },
        {
            "path": "src/ringlog/importer.py",
            "line": 39,
            "text": "            if not valid_ring(ring):",
        },
    ],
}
RUNS.append(
    Run(
        "ringing_register",
        "goal_deviation",
        "The Teme Valley Ringing Group's ringlog package rejects ring numbers with a letter "
        "suffix, such as 'AB12345C', on import. Which function decides whether a ring number "
        "is valid? Function name only.",
        [
            code(
                "I ask code_agent to locate the function.",
                """
r = code_agent(task="In the ringlog repository, find the function that decides whether a ring \
number is valid; ring numbers with a letter suffix such as 'AB12345C' are rejected on import. \
Report the function's name and its file.")
print(r)
""",
            ),
            code(
                "The report names the function in backticks.",
                """
import re
name = re.search(r"`(\\w+)`", r).group(1)
final_answer(name)
""",
            ),
        ],
        [
            text(
                "1. Search the code for where a row is rejected on import ('rejected').\n"
                "2. Read that file to see the surrounding function.\n"
                "3. Report the function that rejects the row: that function is where a ring "
                "number's validity is decided.\n<end_plan>",
                bad=True,
            ),
            call("search_code", "I look for the rejection message.", pattern="rejected"),
            call(
                "read_file",
                "The rejection is logged in the importer.",
                path="ringlog/importer.py",
            ),
            call(
                "read_file",
                "The package lives under src/.",
                path="src/ringlog/importer.py",
            ),
            answer(
                outcome(
                    "Ring numbers are rejected in `read_ringing_csv` (src/ringlog/importer.py).",
                    "read_ringing_csv reads a session's CSV export row by row. Rows with an "
                    "unknown species or no date are skipped; a row whose ring number fails the "
                    "check is logged as 'row N rejected: invalid ring number' at line 41 and "
                    "skipped, so it never becomes a Record.",
                    "The CHANGELOG notes that rows with an unusable ring number are now rejected "
                    "instead of stopping the import.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "valid_ring"}],
        C,
        w,
        sub_tools=("search_code", "read_file"),
        sub_name=C,
        sub_planning=10,
        note="the sub-agent's plan looks for where rows are rejected instead of the check",
    )
)


# 11 village cricket club's averages: manager + search agent
w = World()
CRICKET = "https://littleormsbycc.org.uk/stats/averages"
w.search = [
    (
        ("ormsby", "cricket"),
        results(
            (
                "Averages - Little Ormsby Cricket Club",
                CRICKET,
                "Batting and bowling averages for the 1st and 2nd XI, this season and last.",
            ),
            (
                "Ormsby Cricket Bats - handmade English willow",
                "https://www.ormsbybats.example.co.uk/",
                "Grade 1 English willow bats, knocked in and ready to play.",
            ),
            (
                "Little Ormsby CC v Fenby CC, 9 August 2025 - match report",
                "https://littleormsbycc.org.uk/news/2025-08-09-fenby",
                "Natt's unbeaten 77 carried the 1st XI home by four wickets...",
            ),
        ),
    )
]
w.fail[("visit_webpage", 0)] = f"502 Server Error: Bad Gateway for url: {CRICKET}"
w.pages[CRICKET] = _page(
    CRICKET,
    "Little Ormsby Cricket Club",
    ("Home", "Fixtures", "Results", "Stats", "Juniors", "Nets", "Join"),
    """
# Averages

Qualification: three innings. * = not out. Figures updated after every league match.

## 2025 1st XI batting

| Player | M | Inns | NO | Runs | HS | Avg | 50s |
|---|---|---|---|---|---|---|---|
| Tom Bramley | 14 | 14 | 2 | 488 | 102* | 40.67 | 3 |
| Priya Natt | 8 | 6 | 1 | 209 | 77* | 41.80 | 2 |
| Ed Sowerby | 14 | 13 | 0 | 301 | 64 | 23.15 | 1 |
| Kieran Dyson | 12 | 10 | 3 | 142 | 38* | 20.29 | 0 |

## 2025 2nd XI batting

| Player | M | Inns | NO | Runs | HS | Avg | 50s |
|---|---|---|---|---|---|---|---|
| Sam Ellerby | 11 | 11 | 1 | 356 | 88 | 35.60 | 3 |
| Ray Collinson | 10 | 9 | 2 | 170 | 51* | 24.29 | 1 |

## 2024 1st XI batting

| Player | M | Inns | NO | Runs | HS | Avg | 50s |
|---|---|---|---|---|---|---|---|
| Tom Bramley | 15 | 15 | 1 | 512 | 91 | 36.57 | 4 |
| Priya Natt | 9 | 7 | 0 | 164 | 45 | 23.43 | 0 |
""",
    "Stats kept by the club scorer. Spotted an error? Tell us in the pavilion.",
    cookies=True,
)
RUNS.append(
    Run(
        "cricket_averages",
        "wrong_format",
        "What was Priya Natt's batting average for Little Ormsby Cricket Club's 1st XI in the "
        "2025 season? Give it to two decimal places, number only.",
        [
            code(
                "I ask search_agent for her 2025 figures.",
                """
r = search_agent(task="Find Priya Natt's 2025 batting figures for Little Ormsby Cricket Club's \
1st XI: innings, not outs, runs and average.")
print(r)
""",
            ),
            code(
                "I check the average from runs, innings and not outs.",
                """
import re
runs = int(re.search(r"(\\d+) runs", r).group(1))
inns = int(re.search(r"(\\d+) innings", r).group(1))
not_outs = int(re.search(r"(\\d+) not outs?", r).group(1))
avg = round(runs / (inns - not_outs), 2)
print(runs, inns, not_outs, avg)
""",
            ),
            code(
                "209 runs in 5 completed innings: the average agrees with the club's figure.",
                "final_answer(str(avg))",
                bad=True,
            ),
        ],
        [
            call(
                "web_search",
                query="Little Ormsby Cricket Club 2025 batting averages Priya Natt",
            ),
            call("visit_webpage", "The club's averages page.", url=CRICKET),
            call("visit_webpage", "A gateway error; I load the page again.", url=CRICKET),
            answer(
                outcome(
                    "Priya Natt, 2025 1st XI: 6 innings, 1 not out, 209 runs, average 41.80.",
                    "The club's averages page, 2025 1st XI batting table: Priya Natt, 8 matches, "
                    "6 innings, 1 not out, 209 runs, highest score 77*, average 41.80, two "
                    "fifties.",
                    "In 2024 she averaged 23.43 for the 1st XI (7 innings, 164 runs).",
                )
            ),
        ],
        [
            {"type": "exact_match", "value": "41.80"},
            {"type": "regex", "value": r"^\d+\.\d{2}$"},
        ],
        M,
        w,
        note="the manager returns str(round(41.8, 2)), which drops the asked second decimal",
    )
)


# 12 parish council's grit bin register API: single CodeAgent
w = World()
_STREETS = [
    "Alton Road / The Butts",
    "Bramshott Hill",
    "Church Lane / School Lane",
    "Coldharbour Lane (top)",
    "Deadmans Plack",
    "Forest Road bus stop",
    "Gracious Pond Road",
    "Green Lane / Kings Hill",
    "Hatch Lane (bridge)",
    "Hogmoor Lane",
    "Kiln Lane",
    "Linchmere Road",
    "Longmoor Road layby",
    "Mill Hill (bottom)",
    "Nursery Lane",
    "Old Farnham Lane",
    "Pinewood Close",
    "Poundfield",
    "Queens Road",
    "Quarry Lane",
    "Rectory Road",
    "Sandy Lane",
    "Church Lane / Mill Hill",
    "Shepherds Way",
    "Station Approach",
    "The Square",
    "Toad Hall Lane",
    "Vicarage Hill",
    "Woolmer Lane",
]
_REFILLS = [
    "02/12/2025",
    "14/01/2026",
    "09/01/2026",
    None,
    "21/11/2025",
    "14/01/2026",
    "05/01/2026",
]


def _bin(number: int, street: str) -> dict[str, Any]:
    refill = _REFILLS[number % len(_REFILLS)]
    if street == "Church Lane / School Lane":
        refill = "02/12/2025"
    if street == "Church Lane / Mill Hill":
        refill = "14/01/2026"
    return {
        "id": f"GB-{number:02d}",
        "location": street,
        "what3words": None,
        "capacity_kg": 400 if number % 3 else 200,
        "fill_pct": (35 + 13 * number) % 100,
        "last_refill": None if refill is None else {"on": refill, "by": "Lengthsman", "kg": 150},
        "installed": f"{2015 + number % 6}-10-{3 + number % 20:02d}",
        "owner": "county" if number % 5 == 0 else "parish",
        "next_inspection": "2026-02-11",
        "reported_empty": None,
    }


_BINS = [_bin(n + 1, street) for n, street in enumerate(_STREETS)]
w.api = {
    "/bins?page=1": {
        "council": "Oakhanger Parish Council",
        "page": 1,
        "per_page": 20,
        "total": len(_BINS),
        "next": "/bins?page=2",
        "bins": _BINS[:20],
    },
    "/bins?page=2": {
        "council": "Oakhanger Parish Council",
        "page": 2,
        "per_page": 20,
        "total": len(_BINS),
        "next": None,
        "bins": _BINS[20:],
    },
}
RUNS.append(
    Run(
        "grit_bins",
        "wrong_format",
        "According to Oakhanger Parish Council's grit bin API, when was the grit bin at Church "
        "Lane / Mill Hill last refilled? Give the date as YYYY-MM-DD.",
        [
            code(
                "I ask the API for the bin by location.",
                'print(fetch_json(endpoint="/bins?location=Church%20Lane%20%2F%20Mill%20Hill"))',
            ),
            code(
                "No location filter. I read the list page by page.",
                """
import json
data = json.loads(fetch_json(endpoint="/bins?page=1"))
print(data["total"], data["next"])
print([b["location"] for b in data["bins"] if "Church" in b["location"]])
rec = next((b for b in data["bins"] if b["location"] == "Church Lane / Mill Hill"), None)
print(rec)
""",
            ),
            code(
                "Page 1 has only Church Lane / School Lane. I read page 2.",
                """
data = json.loads(fetch_json(endpoint="/bins?page=2"))
rec = next((b for b in data["bins"] if b["location"] == "Church Lane / Mill Hill"), None)
print(rec)
""",
            ),
            code(
                "GB-23 was last refilled on the date in last_refill. I normalise it.",
                """
from datetime import datetime
d = datetime.strptime(rec["last_refill"]["on"], "%Y-%m-%d")
print(d)
""",
            ),
            code(
                "The refill date is given directly in the record, 14/01/2026.",
                'final_answer(rec["last_refill"]["on"])',
                bad=True,
            ),
        ],
        None,
        [
            {"type": "exact_match", "value": "2026-01-14"},
            {"type": "regex", "value": r"^\d{4}-\d{2}-\d{2}$"},
        ],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="the agent returns the API's day/month/year date where YYYY-MM-DD is asked",
    )
)


# 13 crazy golf open: manager + search agent with a run summary
w = World()
GOLF = "https://sandbournecrazygolf.org.uk/open/2025/results"
w.search = [
    (
        ("sandbourne", "crazy golf"),
        results(
            (
                "Mawby retains Sandbourne crazy golf crown - Sandbourne News",
                "https://www.sandbournenews.example.co.uk/sport/2024/09/mawby-retains-crown",
                "Dean Mawby retained his Sandbourne Crazy Golf Open title on Sunday with a "
                "four-round total of 147 strokes, two clear of...",
            ),
            (
                "Sandbourne Crazy Golf Open 2025 - final results",
                GOLF,
                "Final leaderboard of the 2025 Open: four rounds over the Pier and Gardens "
                "courses, 64 players.",
            ),
            (
                "The 10 best crazy golf courses on the south coast",
                "https://www.daysout.example.com/crazy-golf-south-coast",
                "From pirate coves to dinosaur parks: our pick of the seaside courses.",
            ),
        ),
    )
]
w.pages[GOLF] = _page(
    GOLF,
    "Sandbourne Crazy Golf Open",
    ("Home", "The Open", "Results", "Rules", "Courses"),
    """
# 2025 Open: final results

Saturday 6 and Sunday 7 September 2025. Four rounds of 18 holes: two on the Pier course
(par 41), two on the Gardens course (par 38).

| Pos | Player | R1 | R2 | R3 | R4 | Total |
|---|---|---|---|---|---|---|
| 1 | Dean Mawby | 35 | 36 | 33 | 35 | 139 |
| 2 | Tia Kemp | 36 | 35 | 35 | 35 | 141 |
| 3 | Gary Loft | 38 | 35 | 34 | 36 | 143 |

Dean Mawby wins his third Open in a row. Hole-in-one prize: Gary Loft, Gardens 7.
""",
    "Results ratified by the tournament committee on 8 September 2025.",
)
RUNS.append(
    Run(
        "crazy_golf_open",
        "premature_final_answer",
        "What was the winning total, in strokes, at the 2025 Sandbourne Crazy Golf Open? Number "
        "only.",
        [
            plan(
                "- The 2025 Sandbourne Crazy Golf Open\n- The winner's total strokes are asked",
                "1. Ask search_agent for the winner's total strokes at the 2025 Open.\n"
                "2. Return the number only.",
            ),
            code(
                "I ask search_agent.",
                """
r = search_agent(task="Find the winning total, in strokes, at the 2025 Sandbourne Crazy Golf Open.")
print(r)
""",
            ),
            code(
                "The report gives the total strokes.",
                """
import re
total = re.search(r"(\\d+) strokes", r).group(1)
final_answer(total)
""",
            ),
        ],
        [
            call("web_search", query="Sandbourne adventure golf open 2025 winner"),
            call(
                "web_search",
                "Nothing found; the event calls itself crazy golf.",
                query="Sandbourne crazy golf open 2025 results",
            ),
            answer(
                outcome(
                    "Dean Mawby won the Sandbourne Crazy Golf Open with a four-round total of "
                    "147 strokes.",
                    "Dean Mawby retained his title with a four-round total of 147 strokes, two "
                    "clear of the field, according to the Sandbourne News report.",
                    "The Open is played over four rounds on the Pier and Gardens courses.",
                ),
                "The first result gives the winner and the total; that answers the task.",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "139"}],
        S,
        w,
        planning=4,
        summary=True,
        note="the sub-agent answers from a snippet of a 2024 report without opening the results",
    )
)


# 14 metal detecting club's finds register API: single CodeAgent
w = World()
_OBJECTS = [
    ("Hammered penny, Edward I", "silver", "medieval", 1.31),
    ("Musket ball", "lead", "post-medieval", 18.2),
    ("Crotal bell", "copper alloy", "post-medieval", 22.7),
    ("Roman coin, nummus of Constantine I", "copper alloy", "Roman", 2.9),
    ("Buckle frame, double-looped", "copper alloy", "medieval", 9.4),
    ("Shoe buckle fragment", "copper alloy", "post-medieval", 6.1),
    ("Lead spindle whorl", "lead", "medieval", 25.0),
    ("Token, 17th century, Fenmoor", "copper alloy", "post-medieval", 1.8),
    ("Bronze Age axe fragment", "copper alloy", "Bronze Age", 61.5),
    ("Ring pull", "aluminium", "modern", 0.6),
]
# reported to the Finds Liaison Officer: True, False, or None (not yet decided)
_FLO_1 = "TTFTNTTFTTFNTTFTTFTFNFTFT"
_FLO_2 = "TFTTNFTTFTFT"


def _find(number: int, flag: str) -> dict[str, Any]:
    name, material, period, grams = _OBJECTS[number % len(_OBJECTS)]
    reported = {"T": True, "F": False, "N": None}[flag]
    return {
        "ref": f"FMDC-2025-{number:03d}",
        "found_on": f"2025-{1 + number % 12:02d}-{1 + (number * 7) % 28:02d}",
        "object": name,
        "material": material,
        "period": period,
        "weight_g": grams,
        "parish": ("Fenmoor St Mary", "Fenmoor Fen End", "Little Hale")[number % 3],
        "grid_ref": None,
        "depth_cm": 5 + (number * 3) % 25,
        "flo": {
            "reported": reported,
            "pas_id": f"LIN-{number * 7919 % 65536:04X}" if reported else None,
        },
        "finder": f"member {1 + number % 23}",
        "treasure_case": False,
        "notes": None,
    }


_FINDS = [_find(n + 1, f) for n, f in enumerate(_FLO_1 + _FLO_2)]
for _page_number, _chunk in ((1, _FINDS[:25]), (2, _FINDS[25:])):
    w.api[f"/finds?year=2025&page={_page_number}"] = {
        "club": "Fenmoor Metal Detecting Club",
        "year": 2025,
        "page": _page_number,
        "per_page": 25,
        "total_pages": 2,
        "total_finds": len(_FINDS),
        "next": "/finds?year=2025&page=2" if _page_number == 1 else None,
        "finds": _chunk,
    }
RUNS.append(
    Run(
        "detecting_finds",
        "premature_final_answer",
        "According to the Fenmoor Metal Detecting Club's finds register API, how many of the "
        "club's 2025 finds were reported to the Finds Liaison Officer? Number only.",
        [
            code(
                "I fetch the club's 2025 finds.",
                'print(fetch_json(endpoint="/finds?year=2025"))',
            ),
            code(
                "The list needs a page. I fetch the first one and look at a record.",
                """
import json
data = json.loads(fetch_json(endpoint="/finds?year=2025&page=1"))
print({k: v for k, v in data.items() if k != "finds"})
print(len(data["finds"]))
print(data["finds"][0])
""",
            ),
            code(
                "I count the finds reported to the FLO.",
                """
n = sum(1 for f in data["finds"] if f["flo_reported"])
print(n)
""",
            ),
            code(
                "The flag is nested under flo. I count the reported finds and answer.",
                """
n = sum(1 for f in data["finds"] if f["flo"]["reported"])
print(n)
final_answer(str(n))
""",
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "21"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="the register is paged over two pages; the agent answers the first page's count",
    )
)


# 15 unicycle hockey league: manager + search agent
w = World()
NUHL = "https://nuhl.org.uk/tables/2024-25"
w.search = [
    (
        ("unicycle hockey",),
        results(
            (
                "Final table 2024-25 - Northern Unicycle Hockey League",
                NUHL,
                "Final league table and cup results for the 2024-25 season. P W D L GF GA Pts.",
            ),
            (
                "Otley Outlaws lift the NUHL Cup - Wharfedale Observer",
                "https://www.wharfedaleobserver.example.co.uk/sport/otley-outlaws-nuhl-cup",
                "Otley Outlaws beat Kirkstall Kangaroos 6-4 in a thrilling cup final at...",
            ),
            (
                "What is unicycle hockey? Rules and equipment",
                "https://www.unicycling.example.org/hockey",
                "Two teams of five, a tennis ball and ice hockey sticks: the basics.",
            ),
        ),
    )
]
w.fail[("web_search", 0)] = "429 Too Many Requests: rate limit exceeded, retry in a moment"
w.pages[NUHL] = _page(
    NUHL,
    "Northern Unicycle Hockey League",
    ("Home", "Fixtures", "Tables", "Clubs", "Rules", "Contact"),
    """
# 2024-25 final table

Season: 14 September 2024 to 10 May 2025. Three points for a win, one for a draw.

| Pos | Team | P | W | D | L | GF | GA | Pts |
|---|---|---|---|---|---|---|---|---|
| 1 | Kirkstall Kangaroos | 12 | 9 | 2 | 1 | 71 | 38 | 29 |
| 2 | Otley Outlaws | 12 | 9 | 1 | 2 | 66 | 41 | 28 |
| 3 | Hebden Hurricanes | 12 | 6 | 1 | 5 | 52 | 50 | 19 |
| 4 | Skipton Spokes | 12 | 3 | 0 | 9 | 40 | 63 | 9 |
| 5 | Ilkley Wheelers | 12 | 1 | 0 | 11 | 29 | 66 | 3 |

League champions 2024-25: Kirkstall Kangaroos.

NUHL Cup final, 17 May 2025: Otley Outlaws 6-4 Kirkstall Kangaroos.
""",
    "Tables compiled by the league secretary. Results are final.",
)
_NUHL_QUERIES = [
    (
        "The snippets do not name the champion. I search with another wording.",
        "Northern Unicycle Hockey League champions 2024/25",
    ),
    ("Still no team named; I try 'winners'.", "Northern Unicycle Hockey League 2024-25 winners"),
    (
        "The same results. Perhaps the season first finds a news item.",
        "2024-25 Northern Unicycle Hockey League champions",
    ),
    (
        "The cup final is not the league. One more search for the league winners.",
        "Northern Unicycle Hockey League 2024-25 league winners",
    ),
]
RUNS.append(
    Run(
        "unicycle_hockey",
        "looping",
        "Which team won the 2024-25 Northern Unicycle Hockey League (finished top of the league "
        "table)? Team name only.",
        [
            code(
                "I ask search_agent for the league champion.",
                """
r = search_agent(task="Find which team won (finished top of) the 2024-25 Northern Unicycle \
Hockey League.")
print(r)
""",
            ),
            code(
                "The agent did not open the final-table page it found. I ask it to read it.",
                """
r = search_agent(task="Open https://nuhl.org.uk/tables/2024-25 and report which team finished \
top of the 2024-25 Northern Unicycle Hockey League table.")
print(r)
""",
            ),
            code("The final table names the champion.", 'final_answer("Kirkstall Kangaroos")'),
        ],
        [
            call("web_search", query="Northern Unicycle Hockey League 2024-25 champions"),
            call(
                "web_search",
                "Rate-limited; I retry.",
                query="Northern Unicycle Hockey League 2024-25 champions",
            ),
            *(
                call("web_search", thought, bad=True, query=query)
                for thought, query in _NUHL_QUERIES
            ),
            text(
                outcome(
                    "The 2024-25 champion could not be confirmed from the search results.",
                    "Searches for the 2024-25 champion return the league's final-table page "
                    f"({NUHL}) and a news item on the NUHL Cup final, which Otley Outlaws won "
                    "6-4 against Kirkstall Kangaroos; the snippets do not name the league "
                    "winner.",
                    "The final-table page was not opened.",
                )
            ),
            call("visit_webpage", "I open the final table.", url=NUHL),
            answer(
                outcome(
                    "Kirkstall Kangaroos finished top of the 2024-25 table with 29 points.",
                    "The league's final table for 2024-25: 1 Kirkstall Kangaroos, P12 W9 D2 L1, "
                    "29 points; 2 Otley Outlaws, 28 points. The page names Kirkstall Kangaroos "
                    "league champions 2024-25.",
                    "Otley Outlaws won the separate NUHL Cup final 6-4 on 17 May 2025.",
                )
            ),
        ],
        [
            {"type": "exact_match", "value": "Kirkstall Kangaroos"},
            {"type": "tool_called", "tool": "web_search", "max": 2},
        ],
        S,
        w,
        sub_max_steps=6,
        note="the sub-agent repeats near-identical searches until its max_steps",
    )
)


# 16 narrowboat rally: single CodeAgent on the web tools
w = World()
CANAL = "https://haddesleycanal.org.uk"
FORUM = "https://forum.canalworld.example.net/topic/11842-haddesley-rally-2025"
REPORT = f"{CANAL}/news/rally-2025-report"
w.search = [
    (
        ("haddesley", "boats"),
        results(
            (
                "2025 Rally report - Haddesley Branch Canal Society",
                REPORT,
                "Thank you to everyone who came to Copley Wharf: boats, stalls, the illuminated "
                "parade and the tug-of-war across the basin...",
            ),
            (
                "Haddesley Rally 2025 - Haddesley Branch Canal Society",
                f"{CANAL}/rally",
                "Our rally returns to Copley Wharf from 20 to 22 June 2025. Boat entry forms...",
            ),
            (
                "How many boats are on Britain's canals?",
                "https://www.waterways-facts.example.org/boat-numbers",
                "About 35,000 licensed boats use the canals and rivers of England and Wales.",
            ),
        ),
    ),
    (
        ("haddesley",),
        results(
            (
                "Haddesley Rally 2025 - Haddesley Branch Canal Society",
                f"{CANAL}/rally",
                "Our rally returns to Copley Wharf from 20 to 22 June 2025. Boat entry forms...",
            ),
            (
                "Narrowboat holidays on the Haddesley Branch",
                "https://www.canalbreaks.example.co.uk/haddesley",
                "Short breaks and week-long hires from Copley Wharf. Dogs welcome.",
            ),
            (
                "Haddesley rally 2025 - who's going? - Canal World forum",
                FORUM,
                "Anyone taking their boat to Haddesley this year? We're booked in for...",
            ),
        ),
    ),
]
w.pages[f"{CANAL}/rally"] = _page(
    f"{CANAL}/rally",
    "Haddesley Branch Canal Society",
    ("Home", "Restoration", "Rally", "Trip boat", "News", "Join"),
    """
# Haddesley Rally 2025

Our rally returns to Copley Wharf from Friday 20 to Sunday 22 June 2025, with trade boats,
stalls, a real ale bar, the illuminated boat parade on Saturday night and the tug-of-war
across the basin.

Boat entries close on 31 May. Over 80 boats are expected, so book your mooring early.

[Boat entry form (PDF)](https://haddesleycanal.org.uk/files/rally-2025-entry.pdf)

Proceeds go to the restoration of Copley Top Lock.
""",
    "Haddesley Branch Canal Society Ltd, a charity and company limited by guarantee.",
    cookies=True,
)
w.pages[REPORT] = _page(
    REPORT,
    "Haddesley Branch Canal Society",
    ("Home", "Restoration", "Rally", "Trip boat", "News", "Join"),
    """
# 2025 Rally report

Posted 30 June 2025

Thank you to everyone who came to Copley Wharf. Despite Saturday's thunderstorm, 74 boats
took part over the weekend (down from the 80-plus we expected after some late cancellations,
but up from 61 in 2024), among them three historic working boats.

The illuminated parade was won by nb Kingfisher, and the tug-of-war by the Wharf Inn team.
The rally raised 6,420 pounds for the Copley Top Lock appeal.
""",
    "Haddesley Branch Canal Society Ltd, a charity and company limited by guarantee.",
)
RUNS.append(
    Run(
        "narrowboat_rally",
        "looping",
        "How many boats took part in the 2025 Haddesley Branch Canal narrowboat rally? Number "
        "only.",
        [
            code(
                "I search for the rally.",
                'print(web_search(query="Haddesley Branch Canal narrowboat rally 2025"))',
            ),
            code("The forum thread may say how many came.", f'print(visit_webpage(url="{FORUM}"))'),
            code(
                "The thread is gone. I read the society's rally page.",
                f'print(visit_webpage(url="{CANAL}/rally"))',
            ),
            code(
                "The page was written before the rally: over 80 expected. I search for how many "
                "boats actually came.",
                'print(web_search(query="Haddesley rally 2025 number of boats that took part"))',
            ),
            code(
                "The snippets do not give the number. I search again.",
                'print(web_search(query="Haddesley rally 2025 how many boats took part"))',
                bad=True,
            ),
            code(
                "Still no figure in the snippets. Another wording.",
                'print(web_search(query="Haddesley Branch Canal rally 2025 boats attended"))',
                bad=True,
            ),
            code(
                "One more search for the boat count.",
                'print(web_search(query="number of boats Haddesley rally 2025"))',
                bad=True,
            ),
            text(
                "The society's rally page only says that over 80 boats were expected; the number "
                "that took part in 2025 could not be confirmed."
            ),
        ],
        None,
        [
            {"type": "exact_match", "value": "74"},
            {"type": "tool_called", "tool": "web_search", "max": 2},
        ],
        "researcher",
        w,
        manager_tools=("web_search", "visit_webpage"),
        manager_name="researcher",
        max_steps=7,
        note="near-identical searches until max_steps; the report in every result is never opened",
    )
)
