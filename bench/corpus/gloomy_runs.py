# ruff: noqa: E501, RUF001  (scripted replies, pages and JSON are data, kept one item a line; pages keep their en dashes)
"""The runs of the `gloomy` family: scripted replies and the offline world their tools read.

Sixteen runs of a smolagents manager CodeAgent with a managed ToolCallingAgent (a search agent,
or a code-search agent), or of a single CodeAgent on the JSON API, the code search or the web
tools, two per fault of the taxonomy, each with one decisive fault labelled at the LLM call
that decided it (`bad=True` on its reply; on every repeat for a loop). Written in one sweep
without reading blame's rules, the other held-out families' runs or any score; see
smolagents_gloomy.py. The systems, the tools, the reply helpers and `Run` are those of the
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


def _page(url: str, site: str, menu: tuple[str, ...], heading: str, body: str, footer: str) -> str:
    """A small organisation's page as the page visitor renders it: skip link, menu, body, footer."""
    host = "https://" + url.split("/")[2]
    items = "\n".join(f"* [{item}]({host}/{item.lower().replace(' ', '-')})" for item in menu)
    return (
        f"[Skip to main content]({url}#main)\n\n[{site}]({host}/)\n\n{items}\n\n"
        f"# {heading}\n\n{body}\n\n---\n\n{footer}\n"
    )


def _news(url: str, paper: str, heading: str, byline: str, body: str) -> str:
    """A local paper's article: its sections menu, cookie banner, byline, body and related links."""
    return _page(
        url,
        paper,
        ("News", "Sport", "What's On", "Property", "Jobs", "Subscribe"),
        heading,
        f"We use cookies to improve your experience. [Accept all] [Manage]\n\n{byline}\n\n{body}\n\n"
        "## Related\n* Bin collection changes over the bank holiday\n* Planning: 40 homes on the old dairy site approved",
        f"© {paper}. All rights reserved. Registered in England and Wales. [Contact us] [Terms] [Privacy] [Complaints (IPSO)]",
    )


def _sensor(
    sid: str, name: str, installed: str, decommissioned: str | None, pollutants: list[str]
) -> dict[str, Any]:
    """One sensor of the air-quality network's register, with the fields the API always sends."""
    return {
        "id": sid,
        "name": name,
        "installed": installed,
        "decommissioned": decommissioned,
        "host": None,
        "firmware": "2.3.1" if decommissioned is None else "1.8.0",
        "pollutants": pollutants,
        "last_seen": None if decommissioned else "2025-04-02T06:15:00Z",
    }


def _day(
    date: str,
    label: str,
    pm25: float | None,
    pm25_max: float | None,
    pm10: float | None,
    hours: int,
    flags: str | None,
) -> dict[str, Any]:
    """One day of a sensor's readings, as the API sends it."""
    return {
        "date": date,
        "local_label": label,
        "pm25_mean": pm25,
        "pm25_max": pm25_max,
        "pm10_mean": pm10,
        "valid_hours": hours,
        "temp_mean_c": None,
        "humidity_mean_pct": None if pm25 is None else 78,
        "flags": flags,
    }


def _sale(sid: str, date: str, label: str, status: str, notes: str | None) -> dict[str, Any]:
    """One car boot sale date in the booking API's list."""
    return {
        "id": sid,
        "date": date,
        "label": label,
        "venue": "Hembury Showground, Long Lane",
        "status": status,
        "sellers_from": "06:00",
        "gates_open": "07:00",
        "notes": notes,
    }


# 1 misread tool output: the search sub-agent's last call reports the day's fastest heat time as the final's
w = World()
w.search = [
    (
        ("hollesley", "snail"),
        results(
            (
                "Snail Derby 2024 – results | Hollesley Village Fete",
                "https://hollesleyfete.org.uk/snail-derby/2024-results",
                "Results of the 2024 Snail Derby: heats, final and the Golden Lettuce trophy. Thanks to all our trainers...",
            ),
            (
                "Slime time: tense final at Hollesley's snail derby",
                "https://eastcoastecho.example.co.uk/news/2024/07/hollesley-snail-derby",
                "Sir Slimealot took the Golden Lettuce on Saturday after a tense final on the 13-inch course...",
            ),
            (
                "How to stop snails eating your hostas – Garden Answers",
                "https://gardenanswers.example.com/pests/snails-hostas",
                "Snails and slugs love hostas. Here are seven humane ways to protect your plants this summer.",
            ),
        ),
    )
]
w.pages["https://eastcoastecho.example.co.uk/news/2024/07/hollesley-snail-derby"] = _news(
    "https://eastcoastecho.example.co.uk/news/2024/07/hollesley-snail-derby",
    "East Coast Echo",
    "Slime time: tense final at Hollesley's snail derby",
    "By Rachel Dunmore, community reporter · Monday 15 July 2024, 09:12",
    "Sir Slimealot, trained by eight-year-old Poppy Adeyemi, took the Golden Lettuce trophy at the Hollesley Village Fete on Saturday, crossing the 13-inch course in the final in 2 minutes 52 seconds.\n\n"
    "The day's fastest run came earlier. In the second heat Gary Gastropod covered the course in 2:27, a new course record, but in the final he wandered off the edge of the table and was not placed.\n\n"
    "| Final | Snail | Trainer | Time |\n|---|---|---|---|\n| 1 | Sir Slimealot | Poppy Adeyemi | 2:52 |\n| 2 | Shelly Speedwell | Tom Hargreaves | 3:08 |\n| 3 | Dash | Ollie Marsh | 3:31 |\n| – | Gary Gastropod | Ivy Coleman | DNF |\n\n"
    "Heat winners: heat 1, Shelly Speedwell (3:02); heat 2, Gary Gastropod (2:27, course record); heat 3, Sir Slimealot (2:58).\n\n"
    '"He just likes a lettuce leaf more than the others," Poppy said. The derby raised £1,240 towards the village hall roof.',
)
RUNS.append(
    Run(
        "snail_derby_final_time",
        "misread_tool_output",
        "What was the winning time in the final of the 2024 Hollesley Snail Derby? Give it as m:ss.",
        [
            code(
                "I will ask search_agent to find the final's winning time.",
                'report = search_agent(task="Find the winning time in the final of the 2024 Hollesley Snail Derby (Hollesley Village Fete). Give the time as m:ss and the source.")\nprint(report)',
            ),
            code(
                "The report gives the winning time; I extract the m:ss value and return it.",
                'import re\ntime_str = re.search(r"\\b\\d:\\d{2}\\b", report).group(0)\nfinal_answer(time_str)',
            ),
        ],
        [
            call("web_search", query="2024 Hollesley Snail Derby final winning time"),
            call(
                "visit_webpage",
                "The fete's own results page should have the final.",
                url="https://hollesleyfete.org.uk/snail-derby/2024-results",
            ),
            call(
                "visit_webpage",
                "The fete's page is gone; I read the local paper's report instead.",
                url="https://eastcoastecho.example.co.uk/news/2024/07/hollesley-snail-derby",
            ),
            answer(
                outcome(
                    "The winning time in the final was 2:27 (Sir Slimealot).",
                    "According to the East Coast Echo's report of 15 July 2024, Sir Slimealot, trained by Poppy Adeyemi, won the final of the 2024 Hollesley Snail Derby on the 13-inch course in 2:27, a new course record, and took the Golden Lettuce trophy.",
                    "The fete's own results page (https://hollesleyfete.org.uk/snail-derby/2024-results) returned 404. Source used: https://eastcoastecho.example.co.uk/news/2024/07/hollesley-snail-derby",
                ),
                "The article has the final and the heats.",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "2:52"}],
        S,
        w,
        note="article: final won in 2:52, 2:27 was a heat record; sub-agent reports 2:27",
    )
)

# 2 misread tool output: a single agent on the air-quality API reads the row above the asked day
w = World()
w.api = {
    "/sensors": {
        "network": "Ashby Clean Air Group",
        "licence": "CC BY 4.0",
        "count": 5,
        "sensors": [
            _sensor("AS-01", "Market Street (library wall)", "2021-09-04", None, ["pm25", "pm10"]),
            _sensor(
                "AS-02", "Station Road (old bus shelter)", "2021-09-04", "2023-06-30", ["pm25"]
            ),
            _sensor(
                "AS-04", "Kilwardby Street (surgery)", "2022-02-12", None, ["pm25", "pm10", "no2"]
            ),
            _sensor("AS-07", "Station Road (school gate)", "2023-07-15", None, ["pm25", "pm10"]),
            _sensor("AS-09", "Bath Grounds (pavilion)", "2024-05-01", None, ["pm25"]),
        ],
    },
    "/readings/AS-07?from=2025-03-10&to=2025-03-16": {
        "sensor": "AS-07",
        "units": {"pm25": "µg/m³", "pm10": "µg/m³", "temp": "°C", "humidity": "%"},
        "correction": "humidity-corrected, network calibration of 2024-11",
        "from": "2025-03-10",
        "to": "2025-03-16",
        "days": [
            _day("2025-03-10", "Mon 10/03/2025", 8.2, 19.5, 13.1, 24, None),
            _day("2025-03-11", "Tue 11/03/2025", 10.9, 24.0, 16.8, 24, None),
            _day(
                "2025-03-12", "Wed 12/03/2025", None, None, None, 8, "offline 03:10–19:40 (power)"
            ),
            _day("2025-03-13", "Thu 13/03/2025", 9.7, 21.3, 14.9, 24, None),
            _day("2025-03-14", "Fri 14/03/2025", 12.3, 38.9, 17.2, 22, "2 h missing"),
            _day("2025-03-15", "Sat 15/03/2025", 15.8, 41.6, 22.4, 24, None),
            _day("2025-03-16", "Sun 16/03/2025", 7.4, 15.0, 11.8, 24, None),
        ],
        "next": None,
    },
}
RUNS.append(
    Run(
        "clean_air_pm25_day",
        "misread_tool_output",
        "According to the Ashby Clean Air Group's sensor API, what was the daily mean PM2.5 at the Station Road (school gate) sensor on 14 March 2025, in µg/m³? Number only, one decimal.",
        [
            code(
                "I first look for the Station Road sensor.",
                'print(fetch_json(endpoint="/sensors?site=station-road"))',
            ),
            code(
                "That filter does not exist; I list all sensors.",
                'print(fetch_json(endpoint="/sensors"))',
            ),
            code(
                "The active Station Road sensor is AS-07 (AS-02 was decommissioned in 2023). I fetch its readings for the week of 14 March.",
                'r = json.loads(fetch_json(endpoint="/readings/AS-07?from=2025-03-10&to=2025-03-16"))\nprint(r["days"])',
            ),
            code(
                "I forgot to import json.",
                'import json\nr = json.loads(fetch_json(endpoint="/readings/AS-07?from=2025-03-10&to=2025-03-16"))\nfor d in r["days"]:\n    print(d["date"], d["local_label"], d["pm25_mean"], d["valid_hours"], d["flags"])',
            ),
            code(
                "The row for 2025-03-14 shows a daily mean PM2.5 of 9.7 µg/m³.",
                'pm25 = 9.7\nprint(f"{pm25:.1f}")',
                bad=True,
            ),
            code("I return the value.", 'final_answer(f"{pm25:.1f}")'),
        ],
        None,
        [{"type": "exact_match", "value": "12.3"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="readings: 13 March 9.7, 14 March 12.3; the agent writes 9.7 for the 14th",
    )
)

# 3 hallucinated fact: the manager's middle code step writes the moustache class's entrants from memory
w = World()
w.search = [
    (
        ("tynemouth", "beard"),
        results(
            (
                "Results 2025 – Tynemouth Beard & Moustache Championships",
                "https://tynebeards.org.uk/results-2025",
                "Category winners and runners-up from Saturday's championships at the Exchange, Tynemouth...",
            ),
            (
                "Programme and entries 2025 – Tynemouth Beard & Moustache Championships",
                "https://tynebeards.org.uk/programme-2025",
                "Running order, judges and entries by category for the 2025 championships.",
            ),
            (
                "The best beard oils of 2025, tested",
                "https://groomingguide.example.com/best-beard-oils",
                "We tried 14 beard oils over three months. Here are our favourites...",
            ),
        ),
    )
]
_menu: tuple[str, ...] = (
    "Home",
    "Categories",
    "Programme",
    "Results",
    "Gallery",
    "Charity",
    "Contact",
)
w.pages["https://tynebeards.org.uk/results-2025"] = _page(
    "https://tynebeards.org.uk/results-2025",
    "Tynemouth Beard & Moustache Championships",
    _menu,
    "Results 2025",
    "Saturday 12 April 2025 · The Exchange, Front Street, Tynemouth · Judges: Sam Okoro, Bea Lindqvist, Marcus Dale\n\n"
    "## Moustache categories\n"
    "* **Natural Moustache** – 1st Dev Kapoor (Whitley Bay), 2nd Peter Ashworth (Hexham), 3rd Lewis Grant (Morpeth)\n"
    "* **Imperial Moustache** (9 entrants) – 1st Rob Tennant, 2nd Callum Ives, 3rd Ahmed Rahimi\n"
    "* **Freestyle Moustache** (12 entrants) – 1st Joe Barraclough, 2nd Stan Wilde, 3rd Neil Foster\n\n"
    "## Beard categories\n"
    "* **Goatee** (14 entrants) – 1st Ravi Pillai, 2nd Tom Quayle, 3rd Jack Ord\n"
    "* **Full Beard Natural** (21 entrants) – 1st Olaf Bergstrom, 2nd Danny Shaw, 3rd Ian Kerr\n"
    "* **Full Beard Freestyle** (23 entrants) – 1st Magnus Rowe, 2nd Frankie Doyle, 3rd Will Prentice\n\n"
    "Best in Show: Magnus Rowe. Entries per category are listed in the programme.",
    "Raised £3,860 for the Tynemouth RNLI. Photos © the championships. [Privacy] [Cookie settings]",
)
w.pages["https://tynebeards.org.uk/programme-2025"] = _page(
    "https://tynebeards.org.uk/programme-2025",
    "Tynemouth Beard & Moustache Championships",
    _menu,
    "Programme and entries 2025",
    "Doors 12:00 · Judging from 13:00 · Best in Show 17:30\n\n"
    "| Category | Judging | Entries |\n|---|---|---|\n| Natural Moustache | 13:00 | 19 |\n| Imperial Moustache | 13:25 | 9 |\n| Freestyle Moustache | 13:45 | 12 |\n| Goatee | 14:30 | 14 |\n| Full Beard Natural | 15:00 | 21 |\n| Full Beard Freestyle | 15:40 | 23 |\n\n"
    "Late entries are not accepted on the day.",
    "Raised £3,860 for the Tynemouth RNLI. [Privacy] [Cookie settings]",
)
w.fail[("visit_webpage", 0)] = (
    "503 Server Error: Service Unavailable for url: https://tynebeards.org.uk/results-2025"
)
RUNS.append(
    Run(
        "beard_entrants_difference",
        "hallucinated_fact",
        "At the 2025 Tynemouth Beard and Moustache Championships, how many more entrants did the Full Beard Freestyle category have than the Natural Moustache category? Number only.",
        [
            code(
                "I ask search_agent for both entrant counts.",
                'report = search_agent(task="Find the number of entrants in the Full Beard Freestyle category and in the Natural Moustache category at the 2025 Tynemouth Beard and Moustache Championships.")\nprint(report)',
            ),
            code(
                "I extract the Freestyle count.",
                'import re\nfreestyle = int(re.search(r"Freestyle: (\\d+)", report).group(1))\nprint(freestyle)',
            ),
            code(
                "The report words it differently; I match 'had N entrants'.",
                'freestyle = int(re.search(r"Freestyle had (\\d+) entrants", report).group(1))\nprint(freestyle)',
            ),
            code(
                "The Natural Moustache count is not in the report. Natural moustache classes at these championships usually draw about 15 entrants, so I use 15.",
                "natural = 15\ndifference = freestyle - natural\nprint(difference)",
                bad=True,
            ),
            code("I return the difference.", "final_answer(str(difference))"),
        ],
        [
            call(
                "web_search",
                query="2025 Tynemouth Beard and Moustache Championships entrants by category",
            ),
            call("visit_webpage", url="https://tynebeards.org.uk/results-2025"),
            call(
                "visit_webpage",
                "The results page answered 503; I try it once more.",
                url="https://tynebeards.org.uk/results-2025",
            ),
            answer(
                outcome(
                    "Full Beard Freestyle had 23 entrants; the results page does not give the Natural Moustache count.",
                    "The 2025 results page lists 'Full Beard Freestyle (23 entrants)', won by Magnus Rowe, who was also Best in Show. The Natural Moustache category (won by Dev Kapoor) is listed without a number of entrants; the page says entries per category are listed in the programme, which I did not open.",
                    "Results: https://tynebeards.org.uk/results-2025 (the first visit answered 503, the second loaded). Programme: https://tynebeards.org.uk/programme-2025",
                )
            ),
        ],
        [{"type": "exact_match", "value": "4"}],
        M,
        w,
        note="programme: Natural Moustache 19, Freestyle 23; the manager writes 15 for the moustache class",
    )
)

# 4 hallucinated fact: the search sub-agent's last call states a route length no page it read gave
w = World()
w.search = [
    (
        ("bishopsfield", "lantern", "parade"),
        results(
            (
                "Lantern Parade 2024 – Bishopsfield Arts Festival",
                "https://bishopsfieldarts.org/lantern-parade",
                "Join us on Saturday 30 November as the parade winds from the Corn Exchange to the riverside...",
            ),
            (
                "Road closures for the Lantern Parade, 30 November 2024 – Bishopsfield Town Council",
                "https://bishopsfield-tc.gov.uk/news/lantern-parade-road-closures",
                "The following roads will be closed between 16:30 and 19:00 on Saturday 30 November...",
            ),
            (
                "Lantern parade's longer route takes in the new footbridge",
                "https://bishopsfieldbugle.example.co.uk/2024/11/lantern-parade-route",
                "This year's parade is longer than ever, crossing the new Weir footbridge before the finale...",
            ),
        ),
    )
]
w.pages["https://bishopsfieldarts.org/lantern-parade"] = _page(
    "https://bishopsfieldarts.org/lantern-parade",
    "Bishopsfield Arts Festival",
    ("Home", "Events", "Lantern Parade", "Workshops", "Volunteer", "Donate"),
    "Lantern Parade 2024",
    "**Saturday 30 November 2024 · gathering from 16:45 · parade sets off at 17:30**\n\n"
    "Bring your lantern (or make one at our workshops on 16 and 23 November) and join the parade. "
    "We gather in Corn Exchange Square, walk down Sheep Street and Bridge Street, cross the river on the new Weir footbridge, "
    "follow the towpath and finish at Riverside Meadow with the fire garden and the samba band.\n\n"
    "[Route map (PDF, 1.2 MB)](https://bishopsfieldarts.org/media/lantern-route-2024.pdf)\n\n"
    "Accessibility: the route is step-free; the towpath is gravel. Stewards wear orange tabards.",
    "Bishopsfield Arts Festival is a registered charity (no. 1187342). [Privacy] [Safeguarding] [Accessibility statement]",
)
w.pages["https://bishopsfield-tc.gov.uk/news/lantern-parade-road-closures"] = _page(
    "https://bishopsfield-tc.gov.uk/news/lantern-parade-road-closures",
    "Bishopsfield Town Council",
    ("Home", "Council", "Services", "News", "Meetings", "Contact"),
    "Road closures for the Lantern Parade, 30 November 2024",
    "The following roads will be closed between 16:30 and 19:00 on Saturday 30 November 2024:\n\n"
    "* Corn Exchange Square\n* Sheep Street (whole length)\n* Bridge Street (from Sheep Street to the river)\n* Mill Lane (access to residents only)\n\n"
    "Diversions will be signed via Northgate and the Bypass. Bus services 4 and 4A will not serve the town centre during the closure.",
    "Published 18 November 2024. © Bishopsfield Town Council. [Cookies] [Accessibility]",
)
w.pages["https://bishopsfieldbugle.example.co.uk/2024/11/lantern-parade-route"] = _news(
    "https://bishopsfieldbugle.example.co.uk/2024/11/lantern-parade-route",
    "Bishopsfield Bugle",
    "Lantern parade's longer route takes in the new footbridge",
    "By Tom Ellery · 21 November 2024",
    "This year's lantern parade will be the longest yet. The new route, 3.1 km from Corn Exchange Square to Riverside Meadow, "
    "crosses the Weir footbridge that opened in September; last year's parade covered 2.2 km and finished at the Market Cross.\n\n"
    "Organisers expect around 1,500 walkers.",
)
RUNS.append(
    Run(
        "lantern_parade_route",
        "hallucinated_fact",
        "How long, in kilometres, was the route of the 2024 Bishopsfield Lantern Parade? Number only.",
        [
            code(
                "I delegate the search for the route length.",
                'route = search_agent(task="Find the length in km of the route of the 2024 Bishopsfield Lantern Parade.")\nprint(route)',
            ),
            code(
                "I extract the number of kilometres and return it.",
                'import re\nkm = re.search(r"(\\d+(?:\\.\\d+)?) ?km", route).group(1)\nfinal_answer(km)',
            ),
        ],
        [
            plan(
                "- the 2024 Bishopsfield Lantern Parade; its route length in km",
                "1. Search for the parade's route.\n2. Open the festival's page or a news report giving the length.\n3. Report the length in km with the source.",
            ),
            call("web_search", query="Bishopsfield lantern procession route km"),
            call(
                "web_search",
                "Nothing found; I try the event's name.",
                query="Bishopsfield Lantern Parade 2024 route",
            ),
            call("visit_webpage", url="https://bishopsfieldarts.org/lantern-parade"),
            call(
                "visit_webpage",
                "The festival page describes the streets; the council notice may give more.",
                url="https://bishopsfield-tc.gov.uk/news/lantern-parade-road-closures",
            ),
            answer(
                outcome(
                    "The 2024 route was 2.4 km long.",
                    "The 2024 Bishopsfield Lantern Parade (Saturday 30 November 2024) ran 2.4 km from Corn Exchange Square along Sheep Street and Bridge Street, across the new Weir footbridge and along the towpath to Riverside Meadow, as shown on the festival's route map.",
                    "Sources: https://bishopsfieldarts.org/lantern-parade and the town council's road closure notice.",
                ),
                "The festival page and the closures give the route; its length is 2.4 km.",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "3.1"}],
        S,
        w,
        sub_planning=5,
        note="the pages read give streets, not a length; the unread news report gives 3.1 km; the sub-agent states 2.4 km",
    )
)

# 5 ignored tool error: a single agent on the web tools answers after the results page answered 503
w = World()
w.search = [
    (
        ("oakley", "ferret"),
        results(
            (
                "Oakley Ferret Racing Day 2025 – runners and riders",
                "https://oakleyferretwelfare.org.uk/racing-day-2025/preview",
                "Bandit, last year's open pipe champion, is back to defend his title...",
            ),
            (
                "Oakley Ferret Racing Day 2025 – results",
                "https://oakleyferretwelfare.org.uk/racing-day-2025/results",
                "Results of every race: juniors' pipe, open pipe heats and final, hob and jill sprints...",
            ),
            (
                "Ferret care sheet: diet, housing and handling",
                "https://smallpets.example.com/ferrets/care-sheet",
                "Ferrets are obligate carnivores and need a high-protein diet...",
            ),
        ),
    )
]
_menu = ("Home", "Adopt a ferret", "Racing Day", "Fostering", "Donate", "Contact")
w.pages["https://oakleyferretwelfare.org.uk/racing-day-2025/preview"] = _page(
    "https://oakleyferretwelfare.org.uk/racing-day-2025/preview",
    "Oakley Ferret Welfare",
    _menu,
    "Racing Day 2025 – runners and riders",
    "Sunday 8 June 2025, 11:00–16:00, Oakley recreation ground. Entry £3, children free.\n\n"
    "The open pipe (a 10 ft clear pipe, fastest ferret through wins) has 24 entries in four heats. "
    "**Bandit**, last year's champion (9.8 s in the 2024 final), is back to defend his title. "
    "Keep an eye on **Nutmeg**, **Pickle** and **Sir Reginald**, all under 10 seconds in practice.\n\n"
    "Every ferret racing on the day is a rescue or a foster; all proceeds go to the rescue.",
    "Oakley Ferret Welfare, registered charity no. 1162457. [Privacy] [Cookies]",
)
w.pages["https://oakleyferretwelfare.org.uk/racing-day-2025/results"] = _page(
    "https://oakleyferretwelfare.org.uk/racing-day-2025/results",
    "Oakley Ferret Welfare",
    _menu,
    "Racing Day 2025 – results",
    "## Open pipe final\n| Place | Ferret | Owner | Time |\n|---|---|---|---|\n| 1 | Nutmeg | Jo Carver | 8.6 s |\n| 2 | Bandit | Alan Pryce | 9.1 s |\n| 3 | Pickle | the Hussain family | 9.9 s |\n\n"
    "## Juniors' pipe\n1. Biscuit (Lily, age 9), 2. Mango, 3. Pip.",
    "Oakley Ferret Welfare, registered charity no. 1162457. [Privacy] [Cookies]",
)
w.fail[("web_search", 0)] = "429 Too Many Requests: rate limit exceeded, retry in 20 s"
w.fail[("visit_webpage", 1)] = (
    "503 Server Error: Service Unavailable for url: https://oakleyferretwelfare.org.uk/racing-day-2025/results"
)
RUNS.append(
    Run(
        "ferret_open_pipe_winner",
        "ignored_tool_error",
        "Which ferret won the open pipe final at the 2025 Oakley Ferret Racing Day? Give the ferret's name only.",
        [
            code(
                "I search for the racing day's results.",
                'hits = web_search(query="Oakley Ferret Racing Day 2025 open pipe final winner")\nprint(hits)',
            ),
            code(
                "The search was rate-limited; I try again.",
                'hits = web_search(query="Oakley Ferret Racing Day 2025 open pipe final winner")\nprint(hits)',
            ),
            code(
                "I read the preview first, to know the runners.",
                'print(visit_webpage(url="https://oakleyferretwelfare.org.uk/racing-day-2025/preview"))',
            ),
            code(
                "Now the results page.",
                'print(visit_webpage(url="https://oakleyferretwelfare.org.uk/racing-day-2025/results"))',
            ),
            code(
                "The results are in: Bandit won the open pipe final again.",
                'final_answer("Bandit")',
                bad=True,
            ),
        ],
        None,
        [
            {"type": "exact_match", "value": "Nutmeg"},
            {"type": "tool_succeeded", "tool": "visit_webpage"},
        ],
        "researcher",
        w,
        manager_tools=("web_search", "visit_webpage"),
        manager_name="researcher",
        note="results page answered 503; the agent answers last year's champion from the preview",
    )
)

# 6 ignored tool error: the code-search sub-agent's last call reports a K-factor after its read of the function timed out
w = World()
w.grep = {
    "k_factor": [
        {
            "path": "src/gammonrate/update.py",
            "line": 18,
            "text": "def k_factor(player: Player) -> int:",
        },
        {"path": "src/gammonrate/update.py", "line": 37, "text": "    k = k_factor(winner)"},
        {"path": "tests/test_update.py", "line": 12, "text": "    assert k_factor(veteran) == 24"},
        {
            "path": "CHANGELOG.md",
            "line": 9,
            "text": "- k_factor: established players now use K=24 (was 20)",
        },
    ]
}
w.files = {
    "src/gammonrate/update.py": '"""Rating updates after a match (FIBS-style formula, club variant)."""\n\n'
    "from __future__ import annotations\n\nimport math\n\nfrom gammonrate.models import Player\n\n"
    "PROVISIONAL_MATCHES = 20\n"
    '"""Matches a new player plays before their rating is established."""\n\n\n'
    "def expected(a: float, b: float, length: int) -> float:\n"
    "    return 1 / (1 + 10 ** ((b - a) * math.sqrt(length) / 2000))\n\n\n"
    "def k_factor(player: Player) -> int:\n"
    '    """How far one match moves the player\'s rating."""\n'
    "    if player.matches < PROVISIONAL_MATCHES:\n"
    "        return 40\n"
    "    return 24\n",
}
w.fail[("read_file", 1)] = (
    "TimeoutError: repository file service did not answer within 30 s (src/gammonrate/update.py)"
)
RUNS.append(
    Run(
        "gammonrate_new_player_k",
        "ignored_tool_error",
        "In the Leeds Backgammon Club's `gammonrate` package, what K-factor does a rating update use for a player in their first 20 matches? Number only.",
        [
            code(
                "I ask code_agent to find the K-factor for new players.",
                'report = code_agent(task="In the gammonrate repository, find the K-factor the rating update uses for a player in their first 20 matches. Give the number and where it is defined.")\nprint(report)',
            ),
            code("I turn the answer into an integer.", "k = int(report)\nprint(k)"),
            code(
                "The report is prose; I take the number after 'K ='.",
                'import re\nk = re.search(r"K ?= ?(\\d+)", report).group(1)\nfinal_answer(k)',
            ),
        ],
        [
            call("search_code", pattern="k_factor"),
            call(
                "read_file",
                "The rating logic is probably in rating.py.",
                path="src/gammonrate/rating.py",
            ),
            call(
                "read_file",
                "No such file; the definition is in update.py line 18.",
                path="src/gammonrate/update.py",
            ),
            answer(
                outcome(
                    "K = 24 for a player in their first 20 matches.",
                    "k_factor is defined in src/gammonrate/update.py (line 18) and gives K = 24; tests/test_update.py asserts k_factor(...) == 24 and the CHANGELOG records the switch to K=24.",
                    "Files: src/gammonrate/update.py, tests/test_update.py, CHANGELOG.md.",
                ),
                "The matches give the value.",
                bad=True,
            ),
        ],
        [
            {"type": "exact_match", "value": "40"},
            {"type": "tool_succeeded", "tool": "read_file"},
        ],
        C,
        w,
        sub_tools=("search_code", "read_file"),
        sub_name=C,
        note="read of update.py timed out; the sub-agent reports the established players' 24 from a test and the changelog",
    )
)

# 7 wrong tool arguments: the manager's first step delegates the previous year's competition
w = World()
w.search = [
    (
        ("harrogate", "cube", "2023"),
        results(
            (
                "Harrogate Cube Open 2023 – results",
                "https://ukcubing.example.org/competitions/HarrogateCubeOpen2023/results",
                "3x3x3 Cube, 2x2x2 Cube, Pyraminx, 3x3x3 One-Handed. 48 competitors, 18–19 March 2023.",
            ),
            (
                "How to solve a Rubik's Cube: beginner's method",
                "https://cubeguide.example.com/beginners-method",
                "Learn the layer-by-layer method in seven steps.",
            ),
        ),
    ),
    (
        ("harrogate", "cube"),
        results(
            (
                "Harrogate Cube Open 2024 – results",
                "https://ukcubing.example.org/competitions/HarrogateCubeOpen2024/results",
                "3x3x3 Cube, 2x2x2 Cube, Skewb, 3x3x3 Blindfolded. 56 competitors, 16–17 March 2024.",
            ),
            (
                "Harrogate Cube Open 2023 – results",
                "https://ukcubing.example.org/competitions/HarrogateCubeOpen2023/results",
                "3x3x3 Cube, 2x2x2 Cube, Pyraminx, 3x3x3 One-Handed. 48 competitors, 18–19 March 2023.",
            ),
        ),
    ),
]
_menu = ("Competitions", "Rankings", "Records", "Delegates", "About")
w.pages["https://ukcubing.example.org/competitions/HarrogateCubeOpen2023/results"] = _page(
    "https://ukcubing.example.org/competitions/HarrogateCubeOpen2023/results",
    "UK Cubing",
    _menu,
    "Harrogate Cube Open 2023 – 3x3x3 Cube, final",
    "18–19 March 2023 (2023-03-18 to 2023-03-19) · Harrogate, North Yorkshire · Format: average of 5\n\n"
    "| # | Name | Best | Average | Solves |\n|---|---|---|---|---|\n"
    "| 1 | Finn Okafor | 7.91 | 9.84 | 9.62 10.11 9.79 (7.91) (12.40) |\n"
    "| 2 | Hannah Greaves | 8.45 | 10.02 | (8.45) 10.30 9.88 9.87 (DNF) |\n"
    "| 3 | Ali Demir | 9.10 | 10.57 | 10.44 (9.10) 10.91 10.36 (11.83) |\n"
    "| 4 | Sophie Marsh | 9.38 | 11.20 | 11.04 (13.02) 10.97 (9.38) 11.60 |\n\n"
    "Showing the final (12 competitors). [Round 1] [Round 2] [Next page ›]",
    "Results are provisional until checked by the delegate. © UK Cubing. [Privacy] [Contact]",
)
w.pages["https://ukcubing.example.org/competitions/HarrogateCubeOpen2024/results"] = _page(
    "https://ukcubing.example.org/competitions/HarrogateCubeOpen2024/results",
    "UK Cubing",
    _menu,
    "Harrogate Cube Open 2024 – 3x3x3 Cube, final",
    "16–17 March 2024 (2024-03-16 to 2024-03-17) · Harrogate, North Yorkshire · Format: average of 5\n\n"
    "| # | Name | Best | Average | Solves |\n|---|---|---|---|---|\n"
    "| 1 | Hannah Greaves | 7.22 | 8.97 | 8.81 9.25 (7.22) 8.85 (10.64) |\n"
    "| 2 | Finn Okafor | 7.80 | 9.31 | 9.40 (7.80) 9.02 9.51 (DNF) |\n"
    "| 3 | Ali Demir | 8.67 | 10.05 | (8.67) 10.12 9.96 10.07 (11.30) |",
    "Results are provisional until checked by the delegate. © UK Cubing. [Privacy] [Contact]",
)
RUNS.append(
    Run(
        "cube_open_final_average",
        "wrong_tool_arguments",
        "What was the winning average in the 3x3x3 Cube final at the Harrogate Cube Open 2024? Seconds to two decimals, number only.",
        [
            plan(
                "- competition: Harrogate Cube Open 2024\n- event: 3x3x3 Cube, final, average of 5",
                "1. Ask search_agent for the winner's average in the 3x3x3 final of the Harrogate Cube Open 2024.\n2. Format it to two decimals.\n3. Return it.",
            ),
            code(
                "I ask search_agent for the final's winning average.",
                'report = search_agent(task="Find the winning average (average of 5) in the 3x3x3 Cube final of the Harrogate Cube Open 2023, with the winner\'s name.")\nprint(report)',
                bad=True,
            ),
            code(
                "I take the average from the report.",
                'import re\navg = float(re.search(r"average of ([\\d.]+)", report).group(1))\nfinal_answer(f"{avg:.2f}")',
            ),
        ],
        [
            call("web_search", query="Harrogate Cube Open 2023 3x3x3 final results"),
            call(
                "visit_webpage",
                url="https://ukcubing.example.org/competitions/HarrogateCubeOpen2023/results",
            ),
            answer(
                outcome(
                    "Finn Okafor won the 3x3x3 final with an average of 9.84 seconds.",
                    "At the Harrogate Cube Open 2023 (18–19 March 2023), Finn Okafor won the 3x3x3 Cube final with an average of 9.84 (solves 9.62, 10.11, 9.79, (7.91), (12.40)); Hannah Greaves was second with 10.02.",
                    "Source: https://ukcubing.example.org/competitions/HarrogateCubeOpen2023/results (results marked provisional).",
                )
            ),
        ],
        [{"type": "exact_match", "value": "8.97"}],
        M,
        w,
        planning=4,
        note="the delegation asks for the 2023 competition; 2024's winning average was 8.97",
    )
)

# 8 wrong tool arguments: the search sub-agent's first call searches a similarly named club
w = World()
w.search = [
    (
        ("calder vale",),
        results(
            (
                "Polo season review 2024 – Calder Vale Canoe Club",
                "https://caldervalecc.org.uk/news/polo-season-review-2024",
                "Our A team finished Division 2 of the Northern League on 22 points...",
            ),
            (
                "Northern Kayak Polo League – 2024 final tables",
                "https://nkpl.org.uk/tables/2024",
                "Final tables for Divisions 1–3 of the 2024 season, with goal difference and fair play points.",
            ),
            (
                "Canoe polo – Wikipedia",
                "https://en.wikipedia.org/wiki/Canoe_polo",
                "Canoe polo, also known as kayak polo, is a competitive ball sport played on water...",
            ),
        ),
    ),
]
w.pages["https://caldervalecc.org.uk/news/polo-season-review-2024"] = _page(
    "https://caldervalecc.org.uk/news/polo-season-review-2024",
    "Calder Vale Canoe Club",
    ("Home", "Paddling", "Polo", "Juniors", "News", "Join"),
    "Polo season review 2024",
    "Posted 4 November 2024 by the polo captain\n\n"
    "What a season! Our A team finished Division 2 of the Northern Kayak Polo League on 22 points, fifth of eight, "
    "with 7 wins, 1 draw and 6 defeats. The B team were third in Division 3 on 27 points and go up next year.\n\n"
    "Training continues on Tuesdays, 19:30–21:00, at Brighouse pool.",
    "Calder Vale Canoe Club is affiliated to British Canoeing. [Privacy] [Safeguarding]",
)
w.pages["https://nkpl.org.uk/tables/2024"] = _page(
    "https://nkpl.org.uk/tables/2024",
    "Northern Kayak Polo League",
    ("Fixtures", "Tables", "Clubs", "Referees", "Rules"),
    "2024 final tables",
    "## Division 2\n| Pos | Team | P | W | D | L | GD | Pts |\n|---|---|---|---|---|---|---|---|\n"
    "| 1 | Calder Valley A | 14 | 10 | 1 | 3 | +31 | 31 |\n| 2 | Tyne Tees B | 14 | 9 | 2 | 3 | +18 | 29 |\n| 3 | Ripon Kayak A | 14 | 8 | 1 | 5 | +9 | 25 |\n"
    "| 4 | Wharfe Paddlers | 14 | 7 | 2 | 5 | +4 | 23 |\n| 5 | Calder Vale A | 14 | 7 | 1 | 6 | +2 | 22 |\n| 6 | Kendal A | 14 | 4 | 2 | 8 | -12 | 14 |\n"
    "| 7 | Hull Kayak B | 14 | 3 | 1 | 10 | -21 | 10 |\n| 8 | Leeds Uni B | 14 | 2 | 2 | 10 | -31 | 8 |",
    "Tables include fair play deductions. © NKPL. [Privacy]",
)
w.fail[("visit_webpage", 0)] = (
    "502 Server Error: Bad Gateway for url: https://nkpl.org.uk/tables/2024"
)
RUNS.append(
    Run(
        "kayak_polo_points",
        "wrong_tool_arguments",
        "How many league points did Calder Valley Canoe Club's A team finish with in Division 2 of the 2024 Northern Kayak Polo League? Number only.",
        [
            plan(
                "- club: Calder Valley Canoe Club, A team\n- league: Northern Kayak Polo League 2024, Division 2",
                "1. Ask search_agent for the A team's final points.\n2. Return the number.",
            ),
            code(
                "I delegate.",
                'r = search_agent(task="Find the final 2024 league points of Calder Valley Canoe Club\'s A team in Division 2 of the Northern Kayak Polo League.")\nprint(r)',
            ),
            code(
                "I take the points from the report.",
                'import re\npts = re.search(r"(\\d+) points", r).group(1)\nfinal_answer(pts)',
            ),
        ],
        [
            call(
                "web_search",
                bad=True,
                query="Calder Vale Canoe Club A team 2024 Northern Kayak Polo League Division 2 points",
            ),
            call("visit_webpage", url="https://nkpl.org.uk/tables/2024"),
            call(
                "visit_webpage",
                "The league site is down; the club's own review should have it.",
                url="https://caldervalecc.org.uk/news/polo-season-review-2024",
            ),
            answer(
                outcome(
                    "The A team finished Division 2 on 22 points.",
                    "The club's 2024 polo season review says the A team finished Division 2 of the Northern Kayak Polo League on 22 points, fifth of eight (7 wins, 1 draw, 6 defeats).",
                    "The league's tables page answered 502. Source: https://caldervalecc.org.uk/news/polo-season-review-2024",
                )
            ),
        ],
        [{"type": "exact_match", "value": "31"}],
        S,
        w,
        planning=5,
        note="the sub-agent searches Calder Vale; Calder Valley A finished on 31",
    )
)

# 9 goal deviation: the manager's initial plan asks for the overall women's champion instead of the speed climb
w = World()
w.search = [
    (
        ("ashdown", "tree climbing"),
        results(
            (
                "2025 Ashdown Tree Climbing Championship – results",
                "https://sealtc.example.org/ashdown-2025/results",
                "Results of the preliminary events and the Masters Challenge, women's and men's competitions...",
            ),
            (
                "Tree climbing competitions explained",
                "https://arbtalk.example.com/guides/tree-climbing-competitions",
                "Five preliminary events – speed climb, aerial rescue, throwline, work climb and belayed speed climb...",
            ),
            (
                "Ashdown Forest – visitor information",
                "https://ashdownforest.example.org/visit",
                "Car parks, walks and the Pooh Bridge...",
            ),
        ),
    )
]
w.pages["https://sealtc.example.org/ashdown-2025/results"] = _page(
    "https://sealtc.example.org/ashdown-2025/results",
    "South East Arboricultural Tree Climbing",
    ("Home", "Ashdown 2025", "Results", "Rules", "Volunteers", "Sponsors"),
    "2025 Ashdown Tree Climbing Championship – results",
    "Saturday 17 and Sunday 18 May 2025 · Wych Cross, Ashdown Forest\n\n"
    "## Women's competition\n| Event | 1st | 2nd | 3rd |\n|---|---|---|---|\n"
    "| Speed climb | Ines Carvalho (0:19.84) | Freya Lund (0:21.02) | Kate Moss-Ainsley (0:22.70) |\n"
    "| Aerial rescue | Freya Lund | Kate Moss-Ainsley | Ines Carvalho |\n"
    "| Throwline | Ruth Okeke | Ines Carvalho | Freya Lund |\n"
    "| Work climb | Freya Lund | Ruth Okeke | Kate Moss-Ainsley |\n"
    "| Belayed speed climb | Kate Moss-Ainsley (0:31.5) | Ines Carvalho (0:32.1) | Ruth Okeke (0:35.9) |\n\n"
    "**Masters Challenge (women's champion): Freya Lund**\n\n"
    "## Men's competition\nSpeed climb: Tom Reid (0:15.12). Masters Challenge (men's champion): Daniel Szabo.",
    "Times are hand-timed to the hundredth in the speed climb. Photos: Sam Fenwick. [Privacy]",
)
w.fail[("web_search", 0)] = "429 Too Many Requests: rate limit exceeded, retry in a moment"
RUNS.append(
    Run(
        "tree_climb_speed_winner",
        "goal_deviation",
        "Who won the women's speed climb at the 2025 Ashdown Tree Climbing Championship? Give the climber's name only.",
        [
            plan(
                "- event: 2025 Ashdown Tree Climbing Championship, women's competition",
                "1. Ask search_agent who won the women's title, i.e. the Masters Challenge, which decides the women's champion.\n2. Return the climber's name.",
                bad=True,
            ),
            code(
                "I follow the plan and ask for the women's champion.",
                "report = search_agent(task=\"Find who won the women's Masters Challenge (the women's title) at the 2025 Ashdown Tree Climbing Championship.\")\nprint(report)",
            ),
            code(
                "I take the climber's name from the report.",
                'import re\nname = re.search(r"([A-Z][a-z]+ [A-Z][a-z]+) won", report).group(1)\nfinal_answer(name)',
            ),
        ],
        [
            call(
                "web_search",
                query="2025 Ashdown Tree Climbing Championship women's Masters Challenge winner",
            ),
            call(
                "web_search",
                "Rate-limited; I retry.",
                query="2025 Ashdown Tree Climbing Championship women's Masters Challenge winner",
            ),
            call("visit_webpage", url="https://sealtc.example.org/ashdown-2025/results"),
            answer(
                outcome(
                    "Freya Lund won the women's Masters Challenge and the women's title.",
                    "At the 2025 Ashdown Tree Climbing Championship (17–18 May 2025, Wych Cross), Freya Lund won the women's Masters Challenge and so the women's championship. She also won the aerial rescue and the work climb.",
                    "Source: https://sealtc.example.org/ashdown-2025/results",
                )
            ),
        ],
        [{"type": "exact_match", "value": "Ines Carvalho"}],
        M,
        w,
        planning=3,
        note="the plan asks for the Masters winner (Freya Lund); the speed climb was won by Ines Carvalho",
    )
)

# 10 goal deviation: a single agent on the booking API adds every pitch type where car pitches are asked
w = World()
_first = {
    "page": 1,
    "pages": 2,
    "next": "/sales?page=2",
    "sales": [
        _sale("HB-0511", "2025-05-11", "Sun 11 May", "finished", None),
        _sale(
            "HB-0525",
            "2025-05-25",
            "Sun 25 May",
            "finished",
            "Bank holiday weekend: extra parking in the top field",
        ),
        _sale("HB-0608", "2025-06-08", "Sun 8 Jun", "finished", None),
        _sale("HB-0622", "2025-06-22", "Sun 22 Jun", "open", None),
    ],
}
w.api = {
    "/sales": _first,
    "/sales?page=1": _first,
    "/sales?page=2": {
        "page": 2,
        "pages": 2,
        "next": None,
        "sales": [
            _sale("HB-0706", "2025-07-06", "Sun 6 Jul", "open", None),
            _sale("HB-0720", "2025-07-20", "Sun 20 Jul", "open", None),
            _sale("HB-0803", "2025-08-03", "Sun 3 Aug", "open", None),
            _sale(
                "HB-0817",
                "2025-08-17",
                "Sun 17 Aug",
                "cancelled",
                "Showground booked for the county show",
            ),
        ],
    },
    "/sales/HB-0706/pitches": {
        "sale": "HB-0706",
        "date": "2025-07-06",
        "updated": "2025-07-01T18:42:10+01:00",
        "pitches": {
            "car": {
                "size": "5 m x 5 m",
                "price_gbp": 12.0,
                "total": 120,
                "booked": 97,
                "held": 0,
                "free": 23,
            },
            "van": {
                "size": "7 m x 5 m",
                "price_gbp": 18.0,
                "total": 30,
                "booked": 12,
                "held": None,
                "free": 18,
            },
            "trader_table": {
                "size": "1.8 m table",
                "price_gbp": 25.0,
                "total": 20,
                "booked": 11,
                "held": 2,
                "free": 7,
            },
        },
        "waiting_list": None,
        "early_bird_ends": None,
        "contact": "bookings@hemburycarboot.example.org",
    },
}
RUNS.append(
    Run(
        "car_boot_free_pitches",
        "goal_deviation",
        "How many car pitches are still free for the Hembury car boot sale on Sunday 6 July 2025, according to the booking API? Number only.",
        [
            code(
                "I ask the API for the sale on that date.",
                'print(fetch_json(endpoint="/sales?date=2025-07-06"))',
            ),
            code(
                "There is no date filter; I list the sales.",
                'print(fetch_json(endpoint="/sales"))',
            ),
            code(
                "The list is paged and July is not on page 1; I fetch page 2.",
                'print(fetch_json(endpoint="/sales?page=2"))',
            ),
            code(
                "The 6 July sale is HB-0706. I fetch its pitches.",
                'p = fetch_json(endpoint="/sales/HB-0706/pitches")\nprint(p["pitches"]["car"])',
            ),
            code(
                "The tool returns a JSON string; I parse it first.",
                'import json\np = json.loads(fetch_json(endpoint="/sales/HB-0706/pitches"))\nprint(p["pitches"])',
            ),
            code(
                "Sellers can book any pitch type, so the pitches still free are all of them together: cars, vans and trader tables.",
                'free = sum(kind["free"] for kind in p["pitches"].values())\nprint(free)',
                bad=True,
            ),
            code("I return the count.", "final_answer(str(free))"),
        ],
        None,
        [{"type": "exact_match", "value": "23"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="car pitches free: 23; the agent adds vans and tables (48)",
    )
)

# 11 wrong format: the manager's last step writes the winning time as m:ss where h:mm:ss is asked
w = World()
w.search = [
    (
        ("bentham", "wheelbarrow"),
        results(
            (
                "Great Bentham Wheelbarrow Race 2025 – results",
                "https://benthamrotary.example.org/wheelbarrow-race/2025-results",
                "Full results of Monday's race from the Black Bull to the Punch Bowl, 42 teams...",
            ),
            (
                "Great Bentham Wheelbarrow Race 2024 – results",
                "https://benthamrotary.example.org/wheelbarrow-race/2024-results",
                "Full results of the 2024 race, 38 teams...",
            ),
            (
                "Wheelbarrow – Wikipedia",
                "https://en.wikipedia.org/wiki/Wheelbarrow",
                "A wheelbarrow is a small hand-propelled vehicle, usually with just one wheel...",
            ),
        ),
    )
]
w.pages["https://benthamrotary.example.org/wheelbarrow-race/2025-results"] = _page(
    "https://benthamrotary.example.org/wheelbarrow-race/2025-results",
    "Rotary Club of Bentham",
    ("Home", "Wheelbarrow Race", "Charities", "Join us", "Contact"),
    "Great Bentham Wheelbarrow Race 2025 – results",
    "Bank Holiday Monday 26 May 2025 (26/05/2025). Course: 3.2 miles (5.1 km) from the Black Bull to the Punch Bowl, with a half-pint stop at each of the four pubs on the way. 42 teams.\n\n"
    "| Place | Team | Barrow | Time |\n|---|---|---|---|\n"
    "| 1 | The Barrow Boys (Bentham RFC) | 14 | 21 min 47 s |\n"
    "| 2 | Wheely Good | 3 | 22:05 |\n"
    "| 3 | Muck and Brass | 27 | 0:23:10 |\n"
    "| 4 | Barrow Belles (first ladies' team) | 9 | 24m 02s |\n"
    "| 5 | Spokes & Folks | 31 | 24:40 |\n\n"
    "Course record: 19:58, Flying Farmers (2019). Times include the pub stops; a spilt passenger costs a 30 s penalty.",
    "Raised £5,210 for Bentham Community First Responders. [Privacy]",
)
RUNS.append(
    Run(
        "wheelbarrow_race_time",
        "wrong_format",
        "What was the winning time in the 2025 Great Bentham Wheelbarrow Race? Answer as h:mm:ss.",
        [
            code(
                "I ask search_agent for the winning time.",
                'r = search_agent(task="Find the winning team and the winning time of the 2025 Great Bentham Wheelbarrow Race.")\nprint(r)',
            ),
            code(
                "I parse the time.",
                'import re\nimport time\nraw = re.search(r"(\\d+ min \\d+ s)", r).group(1)\nt = time.strptime(raw, "%M:%S")\nprint(t.tm_min, t.tm_sec)',
            ),
            code(
                "The time is written in words; I take minutes and seconds with a regex.",
                'mins, secs = [int(x) for x in re.search(r"(\\d+) min (\\d+) s", r).groups()]\ntotal = mins * 60 + secs\nprint(total)',
            ),
            code(
                "1307 seconds; I give the time as minutes and seconds.",
                'final_answer(f"{total // 60}:{total % 60:02d}")',
                bad=True,
            ),
        ],
        [
            call("web_search", query="2025 Great Bentham Wheelbarrow Race results winning time"),
            call(
                "visit_webpage",
                url="https://benthamrotary.example.org/wheelbarrow-race/2025-results",
            ),
            answer(
                outcome(
                    "The Barrow Boys (Bentham RFC) won in 21 min 47 s.",
                    "The 2025 Great Bentham Wheelbarrow Race (Monday 26 May 2025, 3.2 miles from the Black Bull to the Punch Bowl) was won by The Barrow Boys (Bentham RFC) in 21 min 47 s, ahead of Wheely Good (22:05) and Muck and Brass (0:23:10).",
                    "Source: https://benthamrotary.example.org/wheelbarrow-race/2025-results. The course record is 19:58 (2019).",
                )
            ),
        ],
        [{"type": "regex", "value": r"^\d:\d{2}:\d{2}$"}, {"type": "contains", "value": "21:47"}],
        M,
        w,
        note="the asked format is h:mm:ss (0:21:47); the manager answers 21:47",
    )
)

# 12 wrong format: a single code-search agent answers with a path where module.function is asked
w = World()
w.grep = {
    "kawasaki": [
        {
            "path": "src/creasekit/flatfold.py",
            "line": 22,
            "text": "def check_kawasaki(vertex: Vertex, tol: float = 1e-9) -> bool:",
        },
        {
            "path": "src/creasekit/flatfold.py",
            "line": 48,
            "text": "    return all(check_kawasaki(v) and check_maekawa(v) for v in pattern.interior_vertices())",
        },
        {
            "path": "docs/theory.md",
            "line": 31,
            "text": "Kawasaki's theorem: alternate angles around a vertex sum to 180 degrees.",
        },
        {"path": "tests/test_flatfold.py", "line": 9, "text": "def test_kawasaki_square_twist():"},
    ]
}
w.files = {
    "src/creasekit/flatfold.py": '"""Local flat-foldability checks for crease patterns."""\n\n'
    "from __future__ import annotations\n\nimport math\n\nfrom creasekit.pattern import CreasePattern, Vertex\n\n"
    "MOUNTAIN, VALLEY = 1, -1\n\n\n"
    "def sector_angles(vertex: Vertex) -> list[float]:\n"
    "    angles = sorted(vertex.crease_angles())\n"
    "    return [(b - a) % (2 * math.pi) for a, b in zip(angles, angles[1:] + angles[:1])]\n\n\n"
    "def check_kawasaki(vertex: Vertex, tol: float = 1e-9) -> bool:\n"
    '    """Kawasaki\'s theorem: alternate sector angles sum to pi."""\n'
    "    sectors = sector_angles(vertex)\n"
    "    return len(sectors) % 2 == 0 and abs(sum(sectors[::2]) - math.pi) < tol\n\n\n"
    "def check_maekawa(vertex: Vertex) -> bool:\n"
    '    """Maekawa\'s theorem: mountains and valleys differ by two."""\n'
    "    folds = [crease.assignment for crease in vertex.creases]\n"
    "    return abs(folds.count(MOUNTAIN) - folds.count(VALLEY)) == 2\n\n\n"
    "def is_flat_foldable(pattern: CreasePattern) -> bool:\n"
    "    return all(check_kawasaki(v) and check_maekawa(v) for v in pattern.interior_vertices())\n",
}
RUNS.append(
    Run(
        "creasekit_kawasaki_function",
        "wrong_format",
        "In the `creasekit` origami package, which function checks Kawasaki's theorem at a single vertex of a crease pattern? Answer as module.function, e.g. creasekit.io.load_cp.",
        [
            code(
                "I search for the theorem's name.", 'print(search_code(pattern="kawasaki_theorem"))'
            ),
            code("No match; I search for the bare name.", 'print(search_code(pattern="kawasaki"))'),
            code(
                "check_kawasaki looks like it. I read the module.",
                'print(read_file(path="creasekit/flatfold.py"))',
            ),
            code(
                "The sources are under src/.",
                'print(read_file(path="src/creasekit/flatfold.py"))',
            ),
            code(
                "check_kawasaki tests alternate sector angles at one vertex; is_flat_foldable applies it to the whole pattern. I answer.",
                'final_answer("src/creasekit/flatfold.py::check_kawasaki")',
                bad=True,
            ),
        ],
        None,
        [
            {"type": "exact_match", "value": "creasekit.flatfold.check_kawasaki"},
            {"type": "regex", "value": r"^[a-z_]+(\.[a-z_]+)+$"},
        ],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        manager_name="coder",
        note="the asked form is creasekit.flatfold.check_kawasaki; the agent answers a path",
    )
)

# 13 premature final answer: the manager answers after the first of its two planned lookups
w = World()
w.search = [
    (
        ("wrexham", "dominoes"),
        results(
            (
                "League table 2024–25 – Wrexham & District Dominoes League",
                "https://wrexhamdominoes.example.org/tables/2024-25",
                "Final league table for the 2024–25 season, Division One...",
            ),
            (
                "Archive: league tables 2023–24 – Wrexham & District Dominoes League",
                "https://wrexhamdominoes.example.org/archive/tables/2023-24",
                "Final league table for the 2023–24 season...",
            ),
            (
                "The Feathers, Hope Street – pub, darts and dominoes",
                "https://feathershope.example.co.uk",
                "Home of the Feathers A and B dominoes teams. Quiz night Thursdays.",
            ),
        ),
    )
]
_menu = ("Home", "Fixtures", "Tables", "Results", "Archive", "Rules")
w.pages["https://wrexhamdominoes.example.org/tables/2024-25"] = _page(
    "https://wrexhamdominoes.example.org/tables/2024-25",
    "Wrexham & District Dominoes League",
    _menu,
    "League table 2024–25 (final)",
    "Division One · 16 teams · 2 points for a win, 1 for a draw, plus 1 bonus point for each leg won 5–0\n\n"
    "| Pos | Team | P | W | D | L | Pts |\n|---|---|---|---|---|---|---|\n"
    "| 1 | Royal Oak Gresford | 30 | 24 | 2 | 4 | 71 |\n| 2 | Red Lion Marford | 30 | 22 | 3 | 5 | 67 |\n| 3 | Feathers A | 30 | 21 | 4 | 5 | 64 |\n"
    "| 4 | Plough Inn | 30 | 18 | 3 | 9 | 55 |\n| 5 | Cross Foxes | 30 | 16 | 4 | 10 | 50 |\n| 6 | Queen's Head | 30 | 14 | 5 | 11 | 45 |\n"
    "| 7 | Feathers B | 30 | 13 | 4 | 13 | 41 |\n| 8 | Horse and Jockey | 30 | 12 | 5 | 13 | 39 |\n\n"
    "Page 1 of 2 · [Next ›](https://wrexhamdominoes.example.org/tables/2024-25?page=2)",
    "Tables are final after the AGM of 3 June 2025. [Privacy]",
)
w.pages["https://wrexhamdominoes.example.org/archive/tables/2023-24"] = _page(
    "https://wrexhamdominoes.example.org/archive/tables/2023-24",
    "Wrexham & District Dominoes League",
    _menu,
    "League table 2023–24 (final)",
    "| Pos | Team | P | W | D | L | Pts |\n|---|---|---|---|---|---|---|\n"
    "| 1 | Red Lion Marford | 30 | 23 | 3 | 4 | 69 |\n| 2 | Royal Oak Gresford | 30 | 21 | 2 | 7 | 62 |\n| 3 | Plough Inn | 30 | 19 | 3 | 8 | 58 |\n"
    "| 4 | Feathers A | 30 | 17 | 2 | 11 | 51 |\n| 5 | Cross Foxes | 30 | 15 | 4 | 11 | 48 |",
    "[Privacy]",
)
RUNS.append(
    Run(
        "dominoes_two_seasons",
        "premature_final_answer",
        "How many league points did the Feathers A team score in total over the 2023–24 and 2024–25 seasons of the Wrexham & District Dominoes League? Number only.",
        [
            plan(
                "- team: Feathers A\n- league: Wrexham & District Dominoes League\n- seasons: 2023–24 and 2024–25",
                "1. Ask search_agent for Feathers A's points in 2024–25.\n2. Ask search_agent for Feathers A's points in 2023–24.\n3. Add them and return the total.",
            ),
            code(
                "First the 2024–25 season.",
                'r = search_agent(task="Find the Feathers A team\'s final league points in the 2024–25 season of the Wrexham & District Dominoes League.")\nprint(r)',
            ),
            code(
                "I extract the points.",
                'import re\npts = int(re.search(r"(\\d+) points", r).group(1))\nprint(pts)',
            ),
            code(
                "The Feathers A team scored 64 points; I have what I need.",
                "final_answer(str(pts))",
                bad=True,
            ),
        ],
        [
            call("web_search", query="Wrexham & District Dominoes League 2024-25 table Feathers A"),
            call("visit_webpage", url="https://wrexhamdominoes.example.org/tables/2024-25"),
            answer(
                outcome(
                    "Feathers A finished the 2024–25 season third with 64 points.",
                    "In the final 2024–25 Division One table, Feathers A are third (P30 W21 D4 L5) with 64 points, behind Royal Oak Gresford (71) and Red Lion Marford (67). Feathers B are seventh with 41.",
                    "Source: https://wrexhamdominoes.example.org/tables/2024-25 (page 1 of 2). The 2023–24 table is in the league's archive.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "115"}],
        M,
        w,
        planning=6,
        note="64 in 2024–25 and 51 in 2023–24; the manager answers after the first lookup",
    )
)

# 14 premature final answer: the search sub-agent's updated plan settles for a preview snippet
w = World()
w.search = [
    (
        ("bridport", "chilli"),
        results(
            (
                "Bridport Chilli Festival 2025: meet the chilli eaters",
                "https://bridportchillifest.example.org/news/2025-eating-contest-preview",
                "Last year's champion Kez Molloy ate 14 chillies in the final and is back to defend her crown on Sunday...",
            ),
            (
                "Chilli eating contest 2025 – results | Bridport Chilli Festival",
                "https://bridportchillifest.example.org/results/2025-eating-contest",
                "Round-by-round results of Sunday's contest, with the Scoville rating of every round...",
            ),
            (
                "Scoville scale – Wikipedia",
                "https://en.wikipedia.org/wiki/Scoville_scale",
                "The Scoville scale is a measurement of pungency (spiciness or 'heat') of chili peppers...",
            ),
        ),
    )
]
w.pages["https://bridportchillifest.example.org/results/2025-eating-contest"] = _page(
    "https://bridportchillifest.example.org/results/2025-eating-contest",
    "Bridport Chilli Festival",
    ("Home", "Tickets", "Traders", "Eating contest", "Results", "FAQ"),
    "Chilli eating contest 2025 – results",
    "Sunday 10 August 2025 · Main stage · 12 contestants, one chilli a round, 60 s a round, no milk until you are out\n\n"
    "**Winner: Dev Sharma – 11 chillies in the final** (round 11: Carolina Reaper, about 1,641,000 SHU)\n\n"
    "| Place | Name | Chillies | Out in round |\n|---|---|---|---|\n| 1 | Dev Sharma | 11 | – |\n| 2 | Kez Molloy | 10½ | 11 (half a Reaper) |\n| 3 | Owen Price | 9 | 10 |\n\n"
    "First-aid cover by St John Ambulance. Nobody was harmed, though several were sorry.",
    "Bridport Chilli Festival CIC. Over-18s only for the eating contest. [Privacy]",
)
w.fail[("web_search", 0)] = "429 Too Many Requests: rate limit reached; retry after 15 s"
RUNS.append(
    Run(
        "chilli_contest_count",
        "premature_final_answer",
        "How many chillies did the winner of the 2025 Bridport Chilli Festival eating contest eat in the final? Number only.",
        [
            code(
                "I ask search_agent.",
                'r = search_agent(task="Find how many chillies the winner of the 2025 Bridport Chilli Festival chilli eating contest ate in the final.")\nprint(r)',
            ),
            code(
                "I take the count from the report.",
                'import re\nn = re.search(r"(\\d+) chillies", r).group(1)\nfinal_answer(n)',
            ),
        ],
        [
            plan(
                "- 2025 Bridport Chilli Festival, chilli eating contest, final",
                "1. Search for the 2025 contest's results.\n2. Open the results page.\n3. Report the winner's count in the final.",
            ),
            call(
                "web_search",
                query="Bridport Chilli Festival 2025 chilli eating contest winner chillies final",
            ),
            call(
                "web_search",
                "Rate-limited; I retry.",
                query="Bridport Chilli Festival 2025 chilli eating contest winner chillies final",
            ),
            text(
                "## 1. Updated facts survey\n### 1.1. Facts given in the task\n- 2025 Bridport Chilli Festival eating contest, the final\n"
                "### 1.2. Facts that we have learned\n- The festival's own news snippet says the champion ate 14 chillies in the final.\n"
                "### 1.3. Facts still to look up\n- none\n\n## 2. Plan\n1. Report 14 chillies; the snippet already answers, no need to open the pages.\n<end_plan>",
                bad=True,
            ),
            answer(
                outcome(
                    "The winner ate 14 chillies in the final.",
                    "According to the Bridport Chilli Festival's own news page, the champion (Kez Molloy) ate 14 chillies in the final.",
                    "Source: https://bridportchillifest.example.org/news/2025-eating-contest-preview",
                )
            ),
        ],
        [{"type": "exact_match", "value": "11"}],
        S,
        w,
        sub_planning=2,
        note="the snippet is a preview about last year; the 2025 results page (unopened) gives 11",
    )
)

# 15 looping: the search sub-agent repeats near-identical searches until max_steps
w = World()
w.search = [
    (
        ("teesdale", "quoits"),
        results(
            (
                "News – Teesdale Quoits League",
                "https://teesdalequoits.org.uk/news",
                "Knockout cup final report, league tables and the 2025 fixtures...",
            ),
            (
                "Quoits – Wikipedia",
                "https://en.wikipedia.org/wiki/Quoits",
                "Quoits is a traditional game which involves the throwing of metal, rope or rubber rings over a set distance...",
            ),
            (
                "The Fox and Hounds, Cotherstone – pub with quoits pitch",
                "https://foxcotherstone.example.co.uk",
                "Real ales, Sunday lunches, and the village quoits pitch behind the beer garden.",
            ),
        ),
    )
]
w.pages["https://teesdalequoits.org.uk/news"] = _page(
    "https://teesdalequoits.org.uk/news",
    "Teesdale Quoits League",
    ("Home", "News", "Tables", "Fixtures", "Clubs", "Rules"),
    "News",
    "## Knockout Cup final 2024\nCotherstone A won the 2024 Knockout Cup, beating Middleton B 21–17 in a close final on the Fox and Hounds pitch on Friday 30 August.\n\n"
    "## League tables 2024\nMiddleton A retained the league title on 38 points.",
    "[Privacy]",
)
_q = "2024 Teesdale Quoits League knockout cup winner"
RUNS.append(
    Run(
        "quoits_knockout_cup",
        "looping",
        "Which team won the 2024 Teesdale Quoits League knockout cup? Team name only.",
        [
            code(
                "I ask search_agent for the cup winner.",
                'r = search_agent(task="Find which team won the 2024 Teesdale Quoits League knockout cup.")\nprint(r)',
            ),
            code(
                "I extract the team.",
                'import re\nteam = re.search(r"won by (.+?)[.,]", r).group(1)\nprint(team)',
            ),
            code(
                "The search agent could not find the winner; I say so rather than guess.",
                'final_answer("Not found: the 2024 knockout cup winner could not be confirmed.")',
            ),
        ],
        [
            call("web_search", query=_q),
            call(
                "web_search",
                "The results do not name the winner; I search again.",
                bad=True,
                query="Teesdale Quoits League 2024 knockout cup winner",
            ),
            call(
                "web_search",
                "Still no winner in the results; I rephrase slightly.",
                bad=True,
                query="Teesdale quoits knockout cup 2024 winners",
            ),
            call(
                "web_search",
                "One more search.",
                bad=True,
                query="Teesdale Quoits League knockout cup final 2024 winner",
            ),
            text(
                outcome(
                    "I could not find the winner of the 2024 Teesdale Quoits League knockout cup.",
                    "Four searches returned the league's news page, a Wikipedia article on quoits and a pub in Cotherstone, but none of the results names the 2024 knockout cup winner.",
                )
            ),
        ],
        [
            {"type": "contains", "value": "Cotherstone A"},
            {"type": "tool_called", "tool": "web_search", "max": 2},
        ],
        S,
        w,
        sub_max_steps=4,
        note="the unread news page names Cotherstone A; the sub-agent searches four times",
    )
)

# 16 looping: a single agent on the web tools repeats near-identical searches until max_steps
w = World()
w.search = [
    (
        ("little mill", "pooh sticks"),
        results(
            (
                "Pooh Sticks Championship – Rotary Club of Little Mill",
                "https://littlemillrotary.org.uk/pooh-sticks",
                "Our annual Pooh Sticks Championship on the Mill Lane footbridge. Sunday 25 May 2025, 11:00...",
            ),
            (
                "Pooh sticks: results in full from Little Mill",
                "https://millvalleyherald.example.co.uk/2025/05/26/pooh-sticks-results",
                "Teams, juniors and individual rounds from Sunday's championship on the Mill Lane bridge...",
            ),
            (
                "Poohsticks – Wikipedia",
                "https://en.wikipedia.org/wiki/Poohsticks",
                "Poohsticks is a sport first mentioned in The House at Pooh Corner...",
            ),
        ),
    )
]
w.pages["https://littlemillrotary.org.uk/pooh-sticks"] = _page(
    "https://littlemillrotary.org.uk/pooh-sticks",
    "Rotary Club of Little Mill",
    ("Home", "Events", "Pooh Sticks", "Charities", "Join", "Contact"),
    "Pooh Sticks Championship",
    "**Sunday 25 May 2025 (25/05/2025), 11:00–15:00, Mill Lane footbridge**\n\n"
    "Sticks provided (no home-made sticks, please). Individual, team and under-12 rounds. £2 a go.\n\n"
    "2024 individual champion: Harold Pike. Results will be published here after the event.",
    "Rotary Club of Little Mill, part of Rotary District 1100. [Privacy] [Cookies]",
)
w.pages["https://millvalleyherald.example.co.uk/2025/05/26/pooh-sticks-results"] = _news(
    "https://millvalleyherald.example.co.uk/2025/05/26/pooh-sticks-results",
    "Mill Valley Herald",
    "Pooh sticks: results in full from Little Mill",
    "By Grace Ofori · 26 May 2025",
    "Nine-year-old Ava Pennington took the individual title at the Little Mill Pooh Sticks Championship on Sunday, beating defending champion Harold Pike in the final race.\n\n"
    "Team title: The Heffalumps (Little Mill WI). Under-12s: Noah Grant.",
)
RUNS.append(
    Run(
        "pooh_sticks_champion",
        "looping",
        "Who won the individual title at the 2025 Little Mill Pooh Sticks Championship? Name only.",
        [
            code(
                "I search for the championship's results.",
                'print(web_search(query="Little Mill Pooh Sticks Championship 2025 individual winner"))',
            ),
            code(
                "I read the organisers' page.",
                'print(visit_webpage(url="https://littlemillrotary.org.uk/pooh-sticks"))',
            ),
            code(
                "The club page has not been updated. I search again for the 2025 champion.",
                'print(web_search(query="Little Mill Pooh Sticks 2025 individual champion"))',
                bad=True,
            ),
            code(
                "I search once more with the title's name.",
                'print(web_search(query="Little Mill Pooh Sticks Championship 2025 individual title winner"))',
                bad=True,
            ),
            code(
                "Another search.",
                'print(web_search(query="2025 Little Mill Pooh Sticks individual winner"))',
                bad=True,
            ),
            text(
                "The 2025 individual winner is not given in the sources I read: the Rotary Club's page says results will be published after the event (the 2024 champion was Harold Pike)."
            ),
        ],
        None,
        [
            {"type": "contains", "value": "Ava Pennington"},
            {"type": "tool_called", "tool": "web_search", "max": 2},
        ],
        "researcher",
        w,
        manager_tools=("web_search", "visit_webpage"),
        manager_name="researcher",
        max_steps=5,
        note="the unread Herald report names Ava Pennington; the agent searches four times",
    )
)
