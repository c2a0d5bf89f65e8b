# ruff: noqa: E501  (scripted replies, pages and JSON are data, kept one item a line)
"""The runs of the `dusky` family: scripted replies and the offline world their tools read.

Sixteen runs of a smolagents manager CodeAgent with a managed ToolCallingAgent (a search agent,
or a code-search agent), or of a single CodeAgent on the JSON API or the code search, two per
fault of the taxonomy, each with one decisive fault labelled at the LLM call that decided it
(`bad=True` on its reply; on every repeat for a loop). Written in one sweep without reading
blame's rules, the other held-out families' runs or any score; see smolagents_dusky.py. The
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

_MENU = ("Home", "About us", "Events", "News", "Get involved", "Contact")
"""The menu a small group's or club's site puts above every page."""


def _slug(item: str) -> str:
    return item.lower().replace("'", "").replace(" ", "-")


def _page(title: str, body: str, footer: str = "") -> str:
    """A page as the visitor returns it: the site's menu, the body and the footer it repeats."""
    menu = " ".join(f"[{item}](/{_slug(item)})" for item in _MENU)
    end = footer or "Registered charity no. 1109342 · Privacy · Cookies · Accessibility · Site map"
    return f"{menu}\n\n# {title}\n\n{body}\n\n---\n{end}\n"


def _lines(path: str, line: int, text: str) -> dict[str, Any]:
    """One code-search match."""
    return {"path": path, "line": line, "text": text}


# 1 misread tool output: the manager's code takes the first roost with "church" in its name
w = World()
w.fail[("web_search", 0)] = (
    "429 Too Many Requests: rate limit exceeded for this key; retry after 2 s"
)
w.search = [
    (
        ("lyne valley", "bat"),
        results(
            (
                "Summer emergence counts 2024 | Lyne Valley Bat Group",
                "https://lynevalleybats.org.uk/surveys/emergence-2024",
                "Results of the 2024 summer emergence counts at the group's monitored roosts: soprano and common pipistrelles, brown long-eared bats ...",
            ),
            (
                "Bats in Churches: how roost monitoring works",
                "https://batsinchurches.example.org/monitoring",
                "How volunteers count bats leaving church roosts at dusk; methods, data sheets and detector settings.",
            ),
            (
                "Record count at Thropton | Lyne Valley Bat Group",
                "https://lynevalleybats.org.uk/news/2023-thropton-record",
                "July 2023: a record 187 soprano pipistrelles emerged from St Oswald's ...",
            ),
        ),
    )
]
w.pages["https://lynevalleybats.org.uk/surveys/emergence-2024"] = _page(
    "Summer emergence counts 2024",
    "Our volunteers counted bats emerging at dusk from four monitored roosts on four evenings between June and July. "
    "Counts start 15 minutes before sunset and run for 90 minutes, with at least two counters and a heterodyne detector at each exit.\n\n"
    "## Counts by roost and visit\n\n"
    "| Roost | Species | 4 Jun | 18 Jun | 3 Jul | 17 Jul | Peak |\n"
    "|---|---|---|---|---|---|---|\n"
    "| Church Cottage, Hepple | Soprano pipistrelle | 98 | 131 | 146 | 120 | 146 |\n"
    "| St Oswald's Church, Thropton (nave roof) | Soprano pipistrelle | 164 | 212 | 197 | 88* | 212 |\n"
    "| Mill House, Sharperton | Common pipistrelle | 41 | 58 | 52 | - | 58 |\n"
    "| Old Rectory barn, Alwinton | Brown long-eared | 9 | 14 | 12 | 11 | 14 |\n\n"
    "\\* count stopped after 40 minutes because of rain.\n\n"
    "## Compared with 2023\n\n"
    "Peaks in 2023 were 187 at Thropton and 139 at Hepple. The Mill House roost was first counted in 2024.\n\n"
    "## Thanks\n\nTo the churchwardens at Thropton and the owners of Church Cottage and Mill House for access.",
)
RUNS.append(
    Run(
        "bat_roost_first_church",
        "misread_tool_output",
        "In the Lyne Valley Bat Group's 2024 summer emergence counts, what was the peak count of soprano pipistrelles at the St Oswald's Church roost? Number only.",
        [
            plan(
                "- the group: Lyne Valley Bat Group; the roost: St Oswald's Church; species: soprano pipistrelle; year 2024",
                "1. Ask search_agent for the group's 2024 emergence counts at the St Oswald's Church roost.\n2. Take the peak count from its report.\n3. Return the number alone.",
            ),
            code(
                "I hand the lookup to search_agent and ask it to quote the survey table.",
                "report = search_agent(task=\"Find the Lyne Valley Bat Group's 2024 summer emergence counts for the St Oswald's Church roost (soprano pipistrelles). Give the peak count with its date and quote the survey table.\")\nprint(report)",
            ),
            code(
                "The report lists each roost's peak; I pull out the figure for the church.",
                'import re\nmatch = re.search(r"church[^0-9]*(\\d+)", report, flags=re.IGNORECASE)\npeak = int(match.group(1))\nprint("peak at the church roost:", peak)',
                bad=True,
            ),
            code("That is the peak count asked for.", "final_answer(str(peak))"),
        ],
        [
            call(
                "web_search",
                "I look for the group's 2024 survey results.",
                query="Lyne Valley Bat Group 2024 emergence counts St Oswald's Church",
            ),
            call(
                "web_search",
                "The search was rate-limited; I try again.",
                query="Lyne Valley Bat Group 2024 emergence counts St Oswald's Church",
            ),
            call(
                "visit_webpage",
                "The group's own survey page should have the table.",
                url="https://lynevalleybats.org.uk/surveys/emergence-2024",
            ),
            answer(
                outcome(
                    "Peak 2024 emergence counts on the group's survey page: Church Cottage, Hepple - 146 soprano pipistrelles (3 Jul); St Oswald's Church, Thropton - 212 soprano pipistrelles (18 Jun); Mill House - 58 common pipistrelles; Old Rectory barn - 14 brown long-eared.",
                    "The page 'Summer emergence counts 2024' has one row per roost and four evenings (4 Jun, 18 Jun, 3 Jul, 17 Jul). St Oswald's Church, Thropton (nave roof), soprano pipistrelle: 164, 212, 197, 88 (the 17 July count was stopped by rain), peak 212 on 18 June. Church Cottage, Hepple, soprano pipistrelle: 98, 131, 146, 120, peak 146.",
                    "The 2023 peak at Thropton was 187, so 2024 is a new record for the church.",
                ),
                "The table gives every roost; I report them all with the church's row in detail.",
            ),
        ],
        [{"type": "exact_match", "value": "212"}],
        M,
        w,
        planning=3,
        note="report lists Church Cottage (146) before St Oswald's Church (212); the manager's regex takes the first 'church'",
    )
)

# 2 misread tool output: a single agent takes a lost accession for the oldest still growing
w = World()
w.api = {
    "/plants?q=digitalis": {
        "query": "digitalis",
        "count": 4,
        "page": 1,
        "pages": 1,
        "results": [
            {
                "id": "P-0871",
                "name": "Digitalis purpurea",
                "common_name": "common foxglove",
                "accessions": 3,
            },
            {
                "id": "P-0874",
                "name": "Digitalis lanata",
                "common_name": "Grecian foxglove",
                "accessions": 4,
            },
            {
                "id": "P-0875",
                "name": "Digitalis lanata 'Cafe Creme'",
                "common_name": None,
                "accessions": 1,
            },
            {
                "id": "P-0880",
                "name": "Digitalis grandiflora",
                "common_name": "yellow foxglove",
                "accessions": 2,
            },
        ],
    },
    "/plants/P-0874": {
        "id": "P-0874",
        "name": "Digitalis lanata",
        "family": "Plantaginaceae",
        "common_name": "Grecian foxglove",
        "uses": "historical source of digoxin; teaching collection",
        "toxicity": "high - all parts",
        "label_text": "Digitalis lanata Ehrh. - SE Europe",
        "accessions": [
            {
                "accession": "2012.0007",
                "planted": "2012-09-20",
                "bed": "Medicinal 1",
                "status": "lost",
                "lost": "2015-02",
                "lost_reason": "waterlogging",
                "source": "seed, Index Seminum",
                "propagated_to": [],
            },
            {
                "accession": "2016.0042",
                "planted": "2016-04-30",
                "bed": "Poison border",
                "status": "lost",
                "lost": "2019-08",
                "lost_reason": "crown rot",
                "source": "nursery",
                "propagated_to": ["2018.0311"],
            },
            {
                "accession": "2018.0311",
                "planted": "2018-06-02",
                "bed": "Poison border",
                "status": "growing",
                "lost": None,
                "lost_reason": None,
                "source": "division of 2016.0042",
                "propagated_to": [],
            },
            {
                "accession": "2021.0193",
                "planted": "2021-05-14",
                "bed": "Medicinal 3",
                "status": "growing",
                "lost": None,
                "lost_reason": None,
                "source": "seed, Millennium Seed Bank",
                "propagated_to": [],
            },
        ],
        "notes": None,
        "last_checked": "2025-05-02",
    },
}
RUNS.append(
    Run(
        "physic_garden_lineage",
        "misread_tool_output",
        "In the Ashcombe Physic Garden's plant records API (search at /plants?q=<name>, a record at /plants/<id>), in what year was the oldest Digitalis lanata plant still growing in the garden planted? Year only.",
        [
            code(
                "I search the records for foxgloves first.",
                'results = fetch_json(endpoint="/plants?q=digitalis")\nfor r in results["results"]:\n    print(r["id"], r["name"])',
            ),
            code(
                "The API returns a JSON string; I parse it before indexing.",
                'import json\nresults = json.loads(fetch_json(endpoint="/plants?q=digitalis"))\nfor r in results["results"]:\n    print(r["id"], r["name"], r["accessions"])',
            ),
            code(
                "P-0874 is Digitalis lanata itself (P-0875 is a cultivar). I list its accessions.",
                'rec = json.loads(fetch_json(endpoint="/plants/P-0874"))\nfor a in rec["accessions"]:\n    print(a["accession"], a["planted"], a["bed"], a["status"], a["source"], a["propagated_to"])',
            ),
            code(
                "Accession 2012.0007 was lost in 2015. 2016.0042 in the Poison border carries on as 2018.0311, which was divided from it, so the oldest plant still growing goes back to 2016.0042.",
                'oldest = rec["accessions"][1]\nprint(oldest["accession"], oldest["planted"], oldest["bed"])',
                bad=True,
            ),
            code("I return the planting year.", 'final_answer(oldest["planted"][:4])'),
        ],
        None,
        [{"type": "exact_match", "value": "2018"}],
        "curator",
        w,
        manager_tools=("fetch_json",),
        manager_name="curator",
        max_steps=8,
        note="2016.0042 is lost (2019); the oldest growing accession is 2018.0311; the agent keeps 2016",
    )
)

# 3 hallucinated fact: the manager writes last year's entry from memory and asks only for this year's
w = World()
w.search = [
    (
        ("kelda", "dragon"),
        results(
            (
                "Results 2024 | Kelda Water Dragon Boat Festival",
                "https://keldawaterdragonboats.org.uk/results-2024",
                "Heat times, finals and the money raised at the 2024 festival on Kelda Water.",
            ),
            (
                "Enter a crew | Kelda Water Dragon Boat Festival",
                "https://keldawaterdragonboats.org.uk/enter",
                "Crews of 16 paddlers and a drummer; helm provided. Entry closes 31 May.",
            ),
            (
                "Paddle for the hospice this summer",
                "https://hospice.example.org/events/dragon-boats",
                "Join our team at the Kelda Water festival and help us raise funds ...",
            ),
        ),
    )
]
w.pages["https://keldawaterdragonboats.org.uk/results-2024"] = _page(
    "Results 2024",
    "What a day! 28 crews from 19 organisations raced on Kelda Water on Saturday 15 June 2024, and together they raised £41,300 for local charities. "
    "Thank you to our 60 volunteers, the water-safety team and Kelda Sailing Club.\n\n"
    "## Heats\n\nSeven heats of four crews over 200 m, then repechages, semi-finals and finals.\n\n"
    "| Final | Winner | Time |\n|---|---|---|\n| Cup | Kelda Fire & Rescue 'Blue Watch' | 0:58.41 |\n| Plate | Brigg Rotary Dragons | 1:03.77 |\n| Bowl | Northfield Surgery | 1:09.02 |\n\n"
    "Best-dressed crew: The Scaly Wags (Kelda library staff). Top fundraiser: Hospice Hotshots, £6,870.\n\n"
    "## 2025\n\nNext year's festival is on Saturday 14 June 2025. Entries open in January.",
    "Kelda Water Dragon Boat Festival is run by Kelda Rotary Club · Photos by Dale Imaging",
)
RUNS.append(
    Run(
        "dragon_boat_last_year",
        "hallucinated_fact",
        "How many more crews raced at the Kelda Water Dragon Boat Festival in 2024 than in 2023? Number only.",
        [
            code(
                "Last year's festival, in 2023, had 22 crews, so I only need this year's entry for 2024 and a subtraction.",
                'crews_2023 = 22\nreport = search_agent(task="Find how many crews raced at the Kelda Water Dragon Boat Festival in 2024. Give the number and quote the source.")\nprint(report)',
                bad=True,
            ),
            code(
                "The 2024 results page gives 28 crews.",
                "crews_2024 = 28\nprint(crews_2024 - crews_2023)",
            ),
            code("I return the difference.", "final_answer(str(crews_2024 - crews_2023))"),
        ],
        [
            call("web_search", query="Kelda Water Dragon Boat Festival 2024 number of crews"),
            call("visit_webpage", url="https://keldawaterdragonboats.org.uk/results-2024"),
            answer(
                outcome(
                    "28 crews raced at the 2024 Kelda Water Dragon Boat Festival (15 June 2024).",
                    "The festival's 'Results 2024' page: '28 crews from 19 organisations raced on Kelda Water on Saturday 15 June 2024' and raised £41,300. There were seven heats of four crews over 200 m; the Cup final was won by Kelda Fire & Rescue 'Blue Watch' in 0:58.41.",
                    "The 2025 festival is on 14 June 2025.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "4"}],
        M,
        w,
        note="no tool gave the 2023 count (24); the manager states 22 from memory in its first step",
    )
)

# 4 hallucinated fact: the sub-agent names a trophy winner that no page gave
w = World()
w.search = [
    (
        ("northvale", "show"),
        results(
            (
                "2025 Show report | Northvale Bonsai Society",
                "https://northvalebonsai.org.uk/shows/2025-report",
                "Our 2025 show at Holme Hall: awards, judges' comments and photos of the winning trees.",
            ),
            (
                "Exhibitors' information 2025 | Northvale Bonsai Society",
                "https://northvalebonsai.org.uk/shows/2025-exhibitors",
                "Set-up times, table sizes, the club display rules and the judging schedule.",
            ),
            (
                "Northvale show photos - bonsai forum",
                "https://bonsaiforum.example.net/t/northvale-2025-photos/18822",
                "A few phone snaps from Northvale on Sunday, some lovely shohin ...",
            ),
        ),
    )
]
w.pages["https://northvalebonsai.org.uk/shows/2025-report"] = _page(
    "2025 Show report",
    "Thank you to everyone who came to Holme Hall on 13-14 September. 212 trees were shown by members and five visiting clubs: Ashby Bonsai Kai, Wyvern Bonsai Circle, Kestrel Bonsai, Harrowden Bonsai Group and Lindley Bonsai.\n\n"
    "## Awards\n\n"
    "- Best in Show: trident maple, Keith Arundel (Ashby Bonsai Kai)\n"
    "- Best native species: hawthorn, Mel Ruddock (Wyvern Bonsai Circle)\n"
    "- Best shohin display: Priya Naidoo (Kestrel Bonsai)\n"
    "- Best novice tree: Chinese elm, Tom Ealing (Northvale)\n"
    "- Club display trophy: the judges are re-checking the club display scores after a tally error; the result will be announced at the society's AGM.\n\n"
    "## Judges' comments\n\nThe standard of deciduous trees was the highest we have seen; several conifers showed signs of a hot summer.\n\n"
    "## Next year\n\nThe 2026 show will be on 12-13 September 2026.",
)
RUNS.append(
    Run(
        "bonsai_club_trophy",
        "hallucinated_fact",
        "Which club won the club display trophy at the 2025 Northvale Bonsai Show? Give the club's name only.",
        [
            code(
                "I ask search_agent to find the award.",
                'report = search_agent(task="Find which club won the club display trophy at the Northvale Bonsai Society\'s 2025 show. Quote where it is stated.")\nprint(report)',
            ),
            code(
                "I take the club's name out of the short version.",
                'club = report.split("won by ")[1].split(".")[0].strip()\nprint(club)',
            ),
            code("That is the winning club.", "final_answer(club)"),
        ],
        [
            call(
                "web_search",
                "I search for the show's results.",
                query="Northvale Bonsai Show 2025 club display trophy winner",
            ),
            call("visit_webpage", url="https://northvalebonsai.org.uk/shows/2025-report"),
            call(
                "web_search",
                "The report defers the club trophy to the AGM; I look for the AGM news.",
                query="Northvale Bonsai Society AGM 2025 club display trophy",
            ),
            answer(
                outcome(
                    "The club display trophy at the 2025 Northvale Bonsai Show was won by Wyvern Bonsai Circle.",
                    "The 2025 show (Holme Hall, 13-14 September) had 212 trees from members and five visiting clubs. Best in Show: trident maple, Keith Arundel (Ashby Bonsai Kai). Best native species: hawthorn, Mel Ruddock (Wyvern Bonsai Circle). Wyvern Bonsai Circle's display of native species took the club display trophy after the judges re-checked the scores.",
                    "The society's 2026 show is on 12-13 September 2026.",
                ),
                "I have the awards list; I write up the club trophy with the other awards.",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "Harrowden Bonsai Group"}],
        S,
        w,
        note="the show report defers the club trophy to the AGM and a search for it finds nothing; the sub-agent names Wyvern",
    )
)

# 5 ignored tool error: a single agent answers after its bookings call timed out
w = World()
w.api = {
    "/items/LT-0412": {
        "id": "LT-0412",
        "name": "Manual tile cutter, 600 mm",
        "category": "DIY & decorating",
        "deposit_gbp": 10,
        "suggested_donation_gbp": 3,
        "loan_days": 3,
        "status": "available",
        "condition": "good - blade replaced 2025-02",
        "location": "Wellow Library of Things, Unit 4, Station Yard",
        "bookings": "/items/LT-0412/bookings?month=2025-06",
        "image": None,
        "manual_pdf": None,
    },
    "/items/LT-0412/bookings?month=2025-06": {
        "item": "LT-0412",
        "month": "2025-06",
        "bookings": [
            {"from": "2025-06-03", "to": "2025-06-05", "member": "M-2211"},
            {"from": "2025-06-13", "to": "2025-06-16", "member": "M-0987"},
        ],
    },
}
w.fail[("fetch_json", 1)] = (
    "API error 504: gateway timeout while reading bookings (upstream calendar service)"
)
RUNS.append(
    Run(
        "tool_library_booking_timeout",
        "ignored_tool_error",
        "Can the Wellow Library of Things lend out its tile cutter (item LT-0412) for the weekend of 14-15 June 2025? Its API gives an item at /items/<id>. Answer yes or no.",
        [
            code(
                "I read the item's record first.",
                'import json\nitem = json.loads(fetch_json(endpoint="/items/LT-0412"))\nprint(item["name"], "|", item["status"], "| loan days:", item["loan_days"])\nprint("bookings at", item["bookings"])',
            ),
            code(
                "The record links June's bookings; I list them.",
                'june = json.loads(fetch_json(endpoint=item["bookings"]))\nfor b in june["bookings"]:\n    print(b["from"], "to", b["to"])',
            ),
            code(
                "The cutter is marked available and June's bookings showed nothing over the 14th, so the weekend is free.",
                'final_answer("yes")',
                bad=True,
            ),
        ],
        None,
        [
            {"type": "exact_match", "value": "no"},
            {"type": "tool_succeeded", "tool": "fetch_json"},
        ],
        "lending_agent",
        w,
        manager_tools=("fetch_json",),
        manager_name="lending_agent",
        note="the bookings call timed out (504); the cutter is booked 13-16 June; the agent answers yes",
    )
)

# 6 ignored tool error: the sub-agent reports a score after the match card answered 503
w = World()
w.fail[("web_search", 0)] = (
    "429 Too Many Requests: you have sent too many requests in a given amount of time"
)
w.fail[("visit_webpage", 0)] = (
    "503 Server Error: Service Unavailable for url: https://cyclespeedway.example.org/nl/2025/matches/exe-hor-0531"
)
w.search = [
    (
        ("horsforth", "exeter"),
        results(
            (
                "Exeter Falcons v Horsforth Hawks, 31 May 2025 - match card | Cycle Speedway National League",
                "https://cyclespeedway.example.org/nl/2025/matches/exe-hor-0531",
                "Heat-by-heat scores, riders and points for the National League match at Exeter on 31 May 2025.",
            ),
            (
                "Hawks head south for Falcons test | Horsforth Hawks CSC",
                "https://horsforthhawks.example.co.uk/news/hawks-head-south",
                "Preview: the Hawks travel to Exeter on Saturday. Last season the Hawks scored 49 on their visit to the Falcons' track ...",
            ),
            (
                "National League table 2025 | Cycle Speedway",
                "https://cyclespeedway.example.org/nl/2025/table",
                "Standings after round 6: Exeter Falcons 10 pts, Horsforth Hawks 8 pts, Ipswich Eagles 8 pts ...",
            ),
        ),
    )
]
w.pages["https://cyclespeedway.example.org/nl/2025/matches/exe-hor-0531"] = _page(
    "Exeter Falcons 55 - 41 Horsforth Hawks",
    "National League, Saturday 31 May 2025, Exeter.\n\n| Heat | Exeter | Horsforth |\n|---|---|---|\n| 1-16 | 55 | 41 |",
)
RUNS.append(
    Run(
        "speedway_card_503",
        "ignored_tool_error",
        "How many points did Horsforth Hawks score in their cycle speedway National League match at Exeter Falcons on 31 May 2025? Number only.",
        [
            code(
                "I delegate the result lookup.",
                'report = search_agent(task="Find the final score of the cycle speedway National League match Exeter Falcons v Horsforth Hawks on 31 May 2025, and how many points Horsforth Hawks scored.")\nprint(report)',
            ),
            code(
                "I take the number from the end of the report.",
                "print(int(report.split()[-1]))",
            ),
            code(
                "The report ends with its summary, not the score. I take the number next to 'scored'.",
                'import re\npoints = re.search(r"scored (\\d+) points", report).group(1)\nfinal_answer(points)',
            ),
        ],
        [
            call(
                "web_search",
                query="Horsforth Hawks Exeter Falcons 31 May 2025 cycle speedway result",
            ),
            call(
                "web_search",
                "Rate-limited; I retry the same search.",
                query="Horsforth Hawks Exeter Falcons 31 May 2025 cycle speedway result",
            ),
            call(
                "visit_webpage",
                "The league's match card has the heat-by-heat score.",
                url="https://cyclespeedway.example.org/nl/2025/matches/exe-hor-0531",
            ),
            answer(
                outcome(
                    "Horsforth Hawks scored 49 points in their National League match at Exeter Falcons on 31 May 2025.",
                    "The National League match card for Exeter Falcons v Horsforth Hawks (Saturday 31 May 2025, Exeter) gives the Hawks' total as 49 points over the 16 heats.",
                    "League table after round 6: Exeter Falcons 10 pts, Horsforth Hawks 8 pts.",
                ),
                "I have the Hawks' total for the Exeter match.",
                bad=True,
            ),
        ],
        [
            {"type": "exact_match", "value": "41"},
            {"type": "tool_succeeded", "tool": "visit_webpage"},
        ],
        S,
        w,
        summary=True,
        note="the match card answered 503; the sub-agent reports 49, last season's score from a preview snippet",
    )
)

# 7 wrong tool arguments: a single agent fetches the other K-21's flight log
w = World()
w.api = {
    "/gliders": {
        "club": "Wold Gliding Club",
        "airfield": "Wold Top",
        "fleet": [
            {
                "id": 3,
                "type": "ASK-13",
                "reg": "G-DCWB",
                "comp": "WB",
                "seats": 2,
                "in_service": "1998-05",
            },
            {
                "id": 7,
                "type": "K-21",
                "reg": "G-CHXK",
                "comp": "HXK",
                "seats": 2,
                "in_service": "2003-04",
            },
            {
                "id": 9,
                "type": "Astir CS",
                "reg": "G-DDPA",
                "comp": "DPA",
                "seats": 1,
                "in_service": "2007-08",
            },
            {
                "id": 11,
                "type": "K-21",
                "reg": "G-CKDX",
                "comp": "KDX",
                "seats": 2,
                "in_service": "2011-03",
            },
            {
                "id": 14,
                "type": "Discus CS",
                "reg": "G-CJVS",
                "comp": "JVS",
                "seats": 1,
                "in_service": None,
            },
        ],
    },
    "/gliders/7/flights?month=2024-08": {
        "glider": 7,
        "month": "2024-08",
        "launches": {"winch": 96, "aerotow": 18, "self": 0},
        "total_launches": 114,
        "hours": 61.4,
        "longest_flight_min": 212,
        "page": 1,
        "pages": 1,
    },
    "/gliders/11/flights?month=2024-08": {
        "glider": 11,
        "month": "2024-08",
        "launches": {"winch": 71, "aerotow": 9, "self": 0},
        "total_launches": 80,
        "hours": 44.9,
        "longest_flight_min": 187,
        "page": 1,
        "pages": 1,
    },
}
RUNS.append(
    Run(
        "glider_other_k21",
        "wrong_tool_arguments",
        "How many launches did the Wold Gliding Club's second K-21, G-CKDX, make in August 2024, according to its flight-log API (/gliders, then /gliders/<id>/flights?month=YYYY-MM)? Number only.",
        [
            code(
                "I list the fleet to find the glider's id.",
                'import json\ndata = json.loads(fetch_json(endpoint="/gliders"))\nfor g in data:\n    print(g["id"], g["type"], g["reg"])',
            ),
            code(
                "The gliders are under 'fleet'.",
                'for g in data["fleet"]:\n    print(g["id"], g["type"], g["reg"], g["comp"], g["in_service"])',
            ),
            code(
                "I fetch the August 2024 flight log of G-CKDX.",
                'flights = json.loads(fetch_json(endpoint="/gliders/7/flights?month=2024-08"))\nprint(flights)',
                bad=True,
            ),
            code(
                "The log has winch and aerotow launches and their total.",
                'final_answer(str(flights["total_launches"]))',
            ),
        ],
        None,
        [{"type": "exact_match", "value": "80"}],
        "flightlog_agent",
        w,
        manager_tools=("fetch_json",),
        manager_name="flightlog_agent",
        note="G-CKDX is id 11; the agent fetches id 7 (G-CHXK, the other K-21)",
    )
)

# 8 wrong tool arguments: the sub-agent opens the men's canoe results instead of the women's
w = World()
_EVENT = "https://slalomresults.example.org/events/2025-041"
_CLASSES = "Classes: [K1M](?class=K1M) | [K1W](?class=K1W) | [C1M](?class=C1M) | [C1W](?class=C1W) | [C2](?class=C2)"
w.search = [
    (
        ("symonds yat", "slalom"),
        results(
            (
                "Symonds Yat Div 1, 5-6 April 2025 - K1M results",
                f"{_EVENT}/results?class=K1M",
                "Division 1 slalom at Symonds Yat: K1 men, ranked by best run including penalties.",
            ),
            (
                "Symonds Yat Division 1 slalom - event information",
                _EVENT,
                "Organised by Wye Paddlers. Courses, start lists, risk assessment and results.",
            ),
            (
                "Symonds Yat Div 1, 6-7 April 2024 - results",
                "https://slalomresults.example.org/events/2024-038/results?class=K1M",
                "Division 1 slalom at Symonds Yat, 2024.",
            ),
        ),
    )
]
w.pages[f"{_EVENT}/results?class=K1M"] = (
    f"# Symonds Yat Div 1 - 5-6 April 2025 - K1 Men\n\n{_CLASSES}\n\n"
    "| Rank | Name | Club | Run 1 | Run 2 | Best |\n|---|---|---|---|---|---|\n"
    "| 1 | Owen Caradog | Llandysul PC | 88.12 (0) | 86.40 (0) | 86.40 |\n"
    "| 2 | Sam Hurrell | Nottingham KC | 87.95 (2) | 89.31 (0) | 89.31 |\n"
    "| 3 | Ed Whitlow | Wye Paddlers | 91.07 (0) | 90.66 (4) | 91.07 |\n\n"
    "Times in seconds; penalties in brackets are included."
)
w.pages[f"{_EVENT}/results?class=C1M"] = (
    f"# Symonds Yat Div 1 - 5-6 April 2025 - C1 Men\n\n{_CLASSES}\n\n"
    "| Rank | Name | Club | Run 1 | Run 2 | Best |\n|---|---|---|---|---|---|\n"
    "| 1 | Rowan Pike | Mossbank CC | 99.20 (0) | 97.84 (2) | 97.84 |\n"
    "| 2 | Idris Mawr | Llandysul PC | 101.63 (0) | 100.02 (2) | 100.02 |\n"
    "| 3 | Kit Saddler | Wye Paddlers | 104.90 (4) | 103.11 (0) | 103.11 |\n\n"
    "Times in seconds; penalties in brackets are included."
)
w.pages[f"{_EVENT}/results?class=C1W"] = (
    f"# Symonds Yat Div 1 - 5-6 April 2025 - C1 Women\n\n{_CLASSES}\n\n"
    "| Rank | Name | Club | Run 1 | Run 2 | Best |\n|---|---|---|---|---|---|\n"
    "| 1 | Hannah Bright | Nottingham KC | 106.50 (2) | 104.12 (0) | 104.12 |\n"
    "| 2 | Elin Rhys | Mossbank CC | 108.77 (0) | 110.04 (4) | 108.77 |\n\n"
    "Times in seconds; penalties in brackets are included."
)
RUNS.append(
    Run(
        "slalom_wrong_class",
        "wrong_tool_arguments",
        "At the Symonds Yat Division 1 canoe slalom on 5-6 April 2025, what was the winning C1 women's time, penalties included? Seconds with two decimals, number only.",
        [
            plan(
                "- event: Symonds Yat Division 1 slalom, 5-6 April 2025\n- class: C1 women (C1W); time with penalties",
                "1. Ask search_agent for the C1W results of that event.\n2. Return the winner's best time in seconds.",
            ),
            code(
                "I ask search_agent for the C1W winner.",
                'res = search_agent(task="Find the results of the C1 women (C1W) class at the Symonds Yat Division 1 slalom on 5-6 April 2025. Give the winner\'s best time in seconds, penalties included.")\nprint(res)',
            ),
            code("The winning time is in the report.", 'final_answer("97.84")'),
        ],
        [
            call("web_search", query="Symonds Yat Division 1 slalom April 2025 results"),
            call(
                "visit_webpage",
                "The first hit is the event's results page for one class; the others should be linked from it.",
                url=f"{_EVENT}/results?class=K1M",
            ),
            call(
                "visit_webpage",
                "The results page takes the class in its query string; I open the canoe class.",
                bad=True,
                url=f"{_EVENT}/results?class=C1M",
            ),
            answer(
                outcome(
                    "The winning C1 time at the Symonds Yat Division 1 slalom (5-6 April 2025) was 97.84 s, penalties included (Rowan Pike, Mossbank CC).",
                    "Results page for the event, C1 table: 1. Rowan Pike (Mossbank CC) runs 99.20 (0) and 97.84 (2), best 97.84; 2. Idris Mawr (Llandysul PC) best 100.02; 3. Kit Saddler (Wye Paddlers) best 103.11. Times are in seconds with penalties included.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "104.12"}],
        S,
        w,
        planning=6,
        note="the sub-agent opens ?class=C1M where C1W was asked; reports the men's winning time",
    )
)

# 9 goal deviation: the manager's initial plan asks for a matches threshold where legs are asked
w = World()
_CONFIG = "\n".join(
    [
        '"""League settings for dartstats (Tees Valley Darts League)."""',
        "",
        'SEASON = "2024-25"',
        'DIVISIONS = ("Premier", "Championship", "Division One")',
        "",
        "",
        "# Eligibility for the season averages table (league rules 7.2 and 7.3)",
        "MIN_LEGS_AVERAGES = 12",
        '"""Legs a player must have played to be listed in the averages table (rule 7.2)."""',
        "MIN_MATCHES_AVERAGES = 4",
        '"""Matches played; players under it rank below the rest when averages tie (rule 7.3)."""',
        "",
        "HIGH_CHECKOUT_FLOOR = 100",
        "TON_BANDS = (100, 140, 180)",
    ]
)
_AVERAGES = "\n".join(
    [
        '"""Season averages table: three-dart averages per player and division."""',
        "",
        "from __future__ import annotations",
        "",
        "from dartstats.config import MIN_LEGS_AVERAGES, MIN_MATCHES_AVERAGES",
        "from dartstats.models import PlayerSeason",
        "",
        "",
        "def eligible(row: PlayerSeason) -> bool:",
        '    """Rule 7.2: a player is listed once they have played enough legs."""',
        "    return row.legs >= MIN_LEGS_AVERAGES",
        "",
        "",
        "def sort_key(row: PlayerSeason) -> tuple[bool, float]:",
        '    """Highest average first; on a tie, players with few matches go below (rule 7.3)."""',
        "    return (row.matches < MIN_MATCHES_AVERAGES, -row.three_dart_average)",
    ]
)
w.files = {"src/dartstats/config.py": _CONFIG, "src/dartstats/averages.py": _AVERAGES}
w.grep = {
    "averages table": [
        _lines(
            "src/dartstats/config.py",
            7,
            "# Eligibility for the season averages table (league rules 7.2 and 7.3)",
        ),
        _lines(
            "src/dartstats/config.py",
            9,
            '"""Legs a player must have played to be listed in the averages table (rule 7.2)."""',
        ),
        _lines("docs/rules.md", 58, "## 7. The season averages table"),
    ],
}
RUNS.append(
    Run(
        "darts_matches_not_legs",
        "goal_deviation",
        "In the Tees Valley Darts League's dartstats repository, how many legs must a player have played to appear in the season averages table? Number only.",
        [
            plan(
                "- repository: dartstats (Tees Valley Darts League)\n- a player qualifies for the season averages table after a minimum amount of play",
                "1. Ask code_agent to find the setting that sets how many matches a player needs to qualify for the season averages table.\n2. Read the number from its report.\n3. Return it alone.",
                bad=True,
            ),
            code(
                "Following the plan, I ask code_agent.",
                'report = code_agent(task="In the dartstats repository, find the setting for the minimum number of matches a player must have played to qualify for the season averages table. Quote the line and its file.")\nprint(report)',
            ),
            code(
                "I check which constants the report quotes.",
                'import re\nprint(re.findall(r"MIN_\\w+ = \\d+", report))',
            ),
            code("The threshold is 4.", 'final_answer("4")'),
        ],
        [
            call("search_code", pattern="averages table"),
            call("read_file", "The settings are in config.py.", path="dartstats/config.py"),
            call("read_file", "The path is under src/.", path="src/dartstats/config.py"),
            answer(
                outcome(
                    "The minimum number of matches for the season averages table is 4: MIN_MATCHES_AVERAGES = 4 in src/dartstats/config.py.",
                    "src/dartstats/config.py, line 10: `MIN_MATCHES_AVERAGES = 4`, under the comment 'Eligibility for the season averages table (league rules 7.2 and 7.3)'. Its docstring refers to rule 7.3.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "12"}],
        M,
        w,
        planning=4,
        sub_tools=("search_code", "read_file"),
        sub_name="code_agent",
        note="the plan asks for the matches threshold (4) where legs (12) are asked",
    )
)

# 10 goal deviation: the sub-agent's updated plan reports the whole festival's line-up
w = World()
w.search = [
    (
        ("brackenwood", "storytelling"),
        results(
            (
                "Programme 2025 | Brackenwood Storytelling Festival",
                "https://brackenwoodstories.org.uk/programme-2025",
                "Four days of tales, music and walks, 4-7 September 2025. Full line-up and tickets.",
            ),
            (
                "Family Day 2025 | Brackenwood Storytelling Festival",
                "https://brackenwoodstories.org.uk/family-day-2025",
                "Sunday in Brackenwood Park: stories for all ages, puppet workshop, lantern walk.",
            ),
            (
                "Review: Brackenwood festival spins a fine yarn",
                "https://westerngazette.example.co.uk/arts/brackenwood-2024-review",
                "The 2024 family day drew seven tellers and a crowd of 1,200 to the park ...",
            ),
        ),
    )
]
w.pages["https://brackenwoodstories.org.uk/programme-2025"] = _page(
    "Programme 2025",
    "The Brackenwood Storytelling Festival returns from Thursday 4 to Sunday 7 September 2025.\n\n"
    "## Thursday 4 September - Opening night, Corn Exchange\n6 tellers, with the Brackenwood Fiddlers. Adults. £14.\n\n"
    "## Friday 5 September - Tales after Dark, the Old Gaol\n8 tellers. Ages 16+. £12.\n\n"
    "## Saturday 6 September - Epic Day, St Anne's Hall\nThe Mabinogion told in one day by 11 tellers. £22 / £18.\n\n"
    "## Sunday 7 September - Family Day, Brackenwood Park\n9 tellers across three story tents, a puppet workshop and a lantern walk at dusk. Free; donations welcome.\n\n"
    "In all, 34 storytellers from 11 countries perform across the four days.\n\n"
    "Access: all venues are step-free apart from the Old Gaol cells.",
    "Brackenwood Storytelling Festival CIO · Supported by the Arts Council",
)
RUNS.append(
    Run(
        "storytelling_whole_lineup",
        "goal_deviation",
        "How many storytellers are performing at the family day of the 2025 Brackenwood Storytelling Festival? Number only.",
        [
            code(
                "I ask search_agent.",
                'tellers = search_agent(task="Find how many storytellers are performing at the family day of the 2025 Brackenwood Storytelling Festival.")\nprint(tellers)',
            ),
            code("I return the count from the report.", 'final_answer("34")'),
        ],
        [
            text(
                "## 1. Facts survey\n### 1.1. Facts given in the task\n- festival: Brackenwood Storytelling Festival, 2025\n- asked: the number of storytellers at its family day\n### 1.2. Facts to look up\n- the 2025 programme and the family-day line-up\n\n## 2. Plan\n1. Search for the 2025 programme.\n2. Open the programme and the family-day page.\n3. Count the tellers on the family day and report.\n<end_plan>"
            ),
            call(
                "web_search", query="Brackenwood Storytelling Festival 2025 family day storytellers"
            ),
            call("visit_webpage", url="https://brackenwoodstories.org.uk/programme-2025"),
            call(
                "visit_webpage",
                "The family-day page may list the tellers by name.",
                url="https://brackenwoodstories.org.uk/family-day-2025",
            ),
            text(
                "## 1. Updated facts survey\n### 1.1. Facts given in the task\n- festival: Brackenwood Storytelling Festival, 2025\n### 1.2. Facts that we have learned\n- The 2025 programme runs 4-7 September and lists the line-up day by day; it gives 34 storytellers from 11 countries in all.\n- The family-day page returns 404.\n### 1.3. Facts still to look up\n- none\n\n## 2. Plan\n1. Report the number of storytellers performing at the 2025 festival (34), with the programme as the source.\n2. Add the dates and venues as context.\n<end_plan>",
                bad=True,
            ),
            answer(
                outcome(
                    "34 storytellers are performing at the 2025 Brackenwood Storytelling Festival.",
                    "The festival's 'Programme 2025' page: the festival runs Thursday 4 to Sunday 7 September 2025 (Corn Exchange, the Old Gaol, St Anne's Hall and Brackenwood Park) and 'In all, 34 storytellers from 11 countries perform across the four days.'",
                    "The separate family-day page (family-day-2025) returned 404.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "9"}],
        S,
        w,
        sub_planning=3,
        note="the programme gives 9 tellers on the family day; the sub-agent's updated plan reports the festival's 34",
    )
)

# 11 wrong format: a single agent returns a price as str() of a float
w = World()
w.api = {
    "/prices": {
        "cinema": "Regent Community Cinema, Wetherden",
        "currency": "GBP",
        "valid_from": "2025-04-01",
        "bands": [
            {
                "band": "matinee",
                "starts_before": "17:00",
                "adult": 6.0,
                "concession": 4.5,
                "child": 3.5,
            },
            {
                "band": "evening",
                "starts_before": None,
                "adult": 8.0,
                "concession": 6.5,
                "child": 4.0,
            },
            {
                "band": "members' night",
                "starts_before": None,
                "adult": 5.0,
                "concession": 5.0,
                "child": None,
            },
        ],
        "booking_fee": 0.75,
        "notes": "Concessions: over-60s, students, jobseekers. Carers free with a CEA card.",
    },
    "/screenings?date=2025-06-21": {
        "date": "2025-06-21",
        "screenings": [
            {"title": "The Salt Path", "start": "14:30", "band": "matinee", "seats_free": 41},
            {"title": "The Salt Path", "start": "19:45", "band": "evening", "seats_free": 12},
        ],
    },
}
RUNS.append(
    Run(
        "cinema_concession_decimals",
        "wrong_format",
        "What is the concession ticket price for an evening screening at the Regent Community Cinema in Wetherden, according to its booking API (/prices)? Answer in pounds with two decimals, number only (e.g. 7.25).",
        [
            code(
                "I read the price list.",
                'import json\nprices = json.loads(fetch_json(endpoint="/price"))\nprint(prices)',
            ),
            code(
                "The endpoint is /prices.",
                'prices = json.loads(fetch_json(endpoint="/prices"))\nfor band in prices["bands"]:\n    print(band["band"], band["adult"], band["concession"], band["child"])\nprint("booking fee:", prices["booking_fee"])',
            ),
            code(
                "The evening concession is £6.50, before the booking fee; I return it.",
                'evening = [b for b in prices["bands"] if b["band"] == "evening"][0]\nfinal_answer(str(evening["concession"]))',
                bad=True,
            ),
        ],
        None,
        [
            {"type": "exact_match", "value": "6.50"},
            {"type": "regex", "value": r"^\d+\.\d{2}$"},
        ],
        "box_office",
        w,
        manager_tools=("fetch_json",),
        manager_name="box_office",
        note="two decimals asked; str(6.5) gives '6.5'",
    )
)

# 12 wrong format: the manager returns a number with its thousands separator
w = World()
w.search = [
    (
        ("fenland", "rocketry"),
        results(
            (
                "2024 season round-up | Fenland Rocketry Society",
                "https://fenlandrocketry.org.uk/news/2024-round-up",
                "Twelve launch days, 183 flights, two new L2 certifications and a club altitude record ...",
            ),
            (
                "Launch site rules | Fenland Rocketry Society",
                "https://fenlandrocketry.org.uk/site-rules",
                "Waiver ceiling, recovery area and range safety officer duties at the Sutton Fen site.",
            ),
            (
                "UK amateur altitude records",
                "https://rocketryrecords.example.org/uk",
                "Altitude records by motor class, as claimed by clubs and verified by the records panel.",
            ),
        ),
    )
]
w.pages["https://fenlandrocketry.org.uk/news/2024-round-up"] = _page(
    "2024 season round-up",
    "Our twelve launch days at Sutton Fen saw 183 flights, up from 151 in 2023, with only four recovery failures.\n\n"
    "## Highlights\n\n"
    "| Date | Rocket | Flyer | Motor | Apogee |\n|---|---|---|---|---|\n"
    "| 13 Apr | Long Drove | Dev Mistry | J350 | 1,212 m (3,976 ft) |\n"
    "| 15 Jun | Skylark III | junior section | G80 | 402 m (1,319 ft) |\n"
    "| 14 Sep | Marsh Harrier | Ruth Coyle (L2 certification) | K535 | 1,486 m (4,875 ft) |\n"
    "| 12 Oct | Ouse Washer | Alan Petch | I284 | 938 m (3,077 ft) |\n\n"
    "Marsh Harrier's flight on 14 September is a new club altitude record, beating 1,301 m set in 2021.\n\n"
    "## 2025\n\nLaunch days resume on 8 March 2025; the waiver ceiling stays at 6,000 ft.",
    "Fenland Rocketry Society · affiliated to the UKRA · Privacy",
)
RUNS.append(
    Run(
        "rocketry_apogee_separator",
        "wrong_format",
        "What apogee did the Fenland Rocketry Society's highest flight of 2024 reach, in metres? Answer with a whole number.",
        [
            code(
                "I ask search_agent for the club's 2024 flights.",
                'report = search_agent(task="Find the Fenland Rocketry Society\'s highest flight of 2024 and its apogee in metres. Quote the source.")\nprint(report)',
            ),
            code(
                "I read the metres figure after 'apogee of'.",
                'apogee = int(report.split("apogee of ")[1].split(" m")[0])\nprint(apogee)',
            ),
            code(
                "int() cannot read the comma; the figure is already the whole number of metres, so I return it as the report writes it.",
                'final_answer(report.split("apogee of ")[1].split(" m")[0])',
                bad=True,
            ),
        ],
        [
            call("web_search", query="Fenland Rocketry Society 2024 highest flight apogee"),
            call("visit_webpage", url="https://fenlandrocketry.org.uk/news/2024-round-up"),
            answer(
                outcome(
                    "The highest flight of 2024 was Marsh Harrier (Ruth Coyle, K535 motor, 14 September), with an apogee of 1,486 m (4,875 ft).",
                    "The society's '2024 season round-up' lists the season's highlights: Long Drove 1,212 m (13 Apr), Skylark III 402 m (15 Jun), Marsh Harrier 1,486 m (14 Sep, L2 certification flight) and Ouse Washer 938 m (12 Oct). Marsh Harrier's flight is a new club altitude record, beating 1,301 m from 2021.",
                    "183 flights over twelve launch days in 2024.",
                )
            ),
        ],
        [
            {"type": "exact_match", "value": "1486"},
            {"type": "regex", "value": r"^\d+$"},
        ],
        M,
        w,
        note="the manager returns '1,486' with the separator",
    )
)

# 13 premature final answer: a single agent compares two ponies after reading one record
w = World()
w.api = {
    "/animals?species=pony": {
        "species": "pony",
        "count": 3,
        "page": 1,
        "pages": 1,
        "animals": [
            {
                "id": "A-112",
                "name": "Bramble",
                "breed": "Shetland",
                "sex": "mare",
                "paddock": "Top field",
            },
            {
                "id": "A-118",
                "name": "Toffee",
                "breed": "Welsh Section A",
                "sex": "gelding",
                "paddock": "Top field",
            },
            {
                "id": "A-131",
                "name": "Pip",
                "breed": "Shetland",
                "sex": "gelding",
                "paddock": "Orchard",
            },
        ],
    },
    "/animals/A-112": {
        "id": "A-112",
        "name": "Bramble",
        "species": "pony",
        "breed": "Shetland",
        "colour": "bay",
        "dates": {"born": "2009-05-02", "arrived": "2016-03-11", "last_farrier": "2025-05-20"},
        "passport": "826041000112345",
        "sponsor": "Year 4, Hollins Primary",
        "notes": "Laminitis-prone; restricted grazing April-June.",
    },
    "/animals/A-131": {
        "id": "A-131",
        "name": "Pip",
        "species": "pony",
        "breed": "Shetland",
        "colour": "skewbald",
        "dates": {"born": "2006-04-19", "arrived": "2019-09-02", "last_farrier": "2025-05-20"},
        "passport": "826041000131872",
        "sponsor": None,
        "notes": "Rescued 2019. Shy with new handlers.",
    },
}
RUNS.append(
    Run(
        "city_farm_one_pony",
        "premature_final_answer",
        "Hollins City Farm has two Shetland ponies. According to its animal register API (/animals?species=<species>, /animals/<id>), which of them is older? Give its name only.",
        [
            code(
                "I list the Shetland ponies.",
                'print(fetch_json(endpoint="/animals?species=Shetland pony"))',
            ),
            code(
                "The species is 'pony' and the breed is a separate field.",
                'import json\nponies = json.loads(fetch_json(endpoint="/animals?species=pony"))\nfor a in ponies["animals"]:\n    print(a["id"], a["name"], a["breed"])',
            ),
            code(
                "Bramble (A-112) and Pip (A-131) are the Shetlands. I look at Bramble's date of birth.",
                'bramble = json.loads(fetch_json(endpoint="/animals/A-112"))\nprint(bramble["dob"])',
            ),
            code(
                "No 'dob' key; I print the record's fields.",
                'for key, value in bramble.items():\n    print(key, ":", value)',
            ),
            code(
                "Bramble was born on 2 May 2009, so she is 16 and came to the farm in 2016; she is the older Shetland.",
                'final_answer("Bramble")',
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "Pip"}],
        "farm_assistant",
        w,
        manager_tools=("fetch_json",),
        manager_name="farm_assistant",
        note="Pip (born 2006) is older; the agent answers after reading only Bramble's record",
    )
)

# 14 premature final answer: the sub-agent reports the provisional count before opening the final programme
w = World()
w.search = [
    (
        ("harthope", "walking"),
        results(
            (
                "Walking festival programme announced",
                "https://harthopewalks.org.uk/news/programme-announced",
                "February 2025: our provisional programme for the Harthope Walking Festival is out ...",
            ),
            (
                "Festival programme 2025 (final, updated 12 May) | Harthope Walking Festival",
                "https://harthopewalks.org.uk/programme-2025",
                "Every guided walk from 30 May to 8 June 2025, with grades, distances and meeting points.",
            ),
            (
                "Book a walk | Harthope Walking Festival",
                "https://harthopewalks.org.uk/book",
                "Bookings open 1 March. Most walks £6; under-16s free.",
            ),
        ),
    )
]
w.pages["https://harthopewalks.org.uk/news/programme-announced"] = _page(
    "Walking festival programme announced",
    "Posted 14 February 2025.\n\nWe are delighted to share the provisional programme for this year's festival, 30 May to 8 June 2025: 38 guided walks, from a gentle stroll along the Harthope Burn to a 24 km Cheviot round, plus four evening talks.\n\n"
    "A few walks are still to be confirmed with landowners, and the final programme will be published in May.\n\nBookings open on 1 March.",
)
w.pages["https://harthopewalks.org.uk/programme-2025"] = _page(
    "Festival programme 2025 (final)",
    "Updated 12 May 2025. 41 guided walks and four evening talks, 30 May to 8 June.\n\n| Grade | Walks |\n|---|---|\n| Easy | 12 |\n| Moderate | 17 |\n| Strenuous | 12 |",
)
RUNS.append(
    Run(
        "walking_festival_provisional",
        "premature_final_answer",
        "How many guided walks are in the final programme of the 2025 Harthope Walking Festival? Number only.",
        [
            code(
                "I delegate to search_agent.",
                'walks = search_agent(task="Find how many guided walks are in the final programme of the 2025 Harthope Walking Festival.")\nprint(walks)',
            ),
            code(
                "I keep the number of walks.",
                'import re\nn = re.search(r"(\\d+) guided walks", walks).group(1)\nprint(n)',
            ),
            code("That is the count.", "final_answer(n)"),
        ],
        [
            text(
                "## 1. Facts survey\n### 1.1. Facts given in the task\n- Harthope Walking Festival 2025; the final programme is asked\n### 1.2. Facts to look up\n- the final 2025 programme and its number of guided walks\n\n## 2. Plan\n1. Search for the festival's 2025 programme.\n2. Open the programme page and count the guided walks.\n3. Report the count with its source.\n<end_plan>"
            ),
            call("web_search", query="Harthope Walking Festival 2025 programme guided walks"),
            call(
                "visit_webpage",
                "The announcement should give the size of the programme.",
                url="https://harthopewalks.org.uk/news/programme-announced",
            ),
            answer(
                outcome(
                    "The 2025 Harthope Walking Festival programme has 38 guided walks (30 May to 8 June 2025).",
                    "The festival's news post 'Walking festival programme announced' gives the programme for 30 May to 8 June 2025: 38 guided walks, from a stroll along the Harthope Burn to a 24 km Cheviot round, plus four evening talks.",
                    "Bookings open on 1 March; most walks cost £6.",
                ),
                "The announcement gives the number of walks, so I can report it.",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "41"}],
        S,
        w,
        sub_planning=6,
        note="the February post gives a provisional 38; the final programme (41) was listed but not opened",
    )
)

# 15 looping: the sub-agent repeats near-identical searches until max_steps
w = World()
_IMPACT = "https://kingsmeadrepaircafe.org.uk/impact-2024"
w.search = [
    (
        ("kingsmead", "repair"),
        results(
            (
                "Our impact in 2024 | Kingsmead Repair Café",
                _IMPACT,
                "Our 2024 impact report: volunteers, sessions, and what was saved from landfill.",
            ),
            (
                "Kingsmead Repair Café - monthly sessions",
                "https://kingsmeadrepaircafe.org.uk/sessions",
                "Second Saturday of the month, 10am-1pm, St Luke's hall. Bring your broken things!",
            ),
            (
                "Fixers wanted in Kingsmead",
                "https://kingsmeadnews.example.co.uk/community/fixers-wanted",
                "The repair café is looking for volunteers with sewing and electrical skills ...",
            ),
        ),
    )
]
w.pages[_IMPACT] = _page(
    "Our impact in 2024",
    "Thanks to 34 volunteer fixers across 11 sessions, 2024 was our busiest year yet.\n\n"
    "- Items brought in: 587\n- Items fixed: 412\n- Items we gave advice on: 96\n- Items we could not fix: 79\n\n"
    "By weight, that is about 1.9 tonnes kept out of landfill. Small electricals were a third of what came in.",
)
_Q15 = "Kingsmead Repair Café 2024 impact report items fixed"
RUNS.append(
    Run(
        "repair_cafe_search_loop",
        "looping",
        "How many items did the Kingsmead Repair Café fix in 2024, according to its annual impact report? Number only.",
        [
            code(
                "I ask search_agent for the figure.",
                'r = search_agent(task="Find how many items the Kingsmead Repair Café fixed in 2024, according to its 2024 impact report.")\nprint(r)',
            ),
            code(
                "The agent found the report's address but not the figure. I ask it to open that page.",
                f'r = search_agent(task="Open {_IMPACT} and read how many items were fixed in 2024.")\nprint(r)',
            ),
            code("The report gives the figure.", 'final_answer("412")'),
        ],
        [
            call("web_search", query=_Q15),
            call(
                "web_search",
                "The snippet does not give the number; I search again.",
                bad=True,
                query="Kingsmead Repair Cafe impact report 2024",
            ),
            call(
                "web_search",
                "Still no number in the snippets; I try other words.",
                bad=True,
                query="Kingsmead Repair Café items repaired 2024",
            ),
            call("web_search", "One more search with the report's title.", bad=True, query=_Q15),
            call(
                "web_search",
                "I search for the total fixed.",
                bad=True,
                query="Kingsmead Repair Café 2024 impact number of items fixed",
            ),
            call("web_search", "Searching again.", bad=True, query=_Q15),
            text(
                "I could not find the number of items fixed in 2024: every search returned the impact report's listing (https://kingsmeadrepaircafe.org.uk/impact-2024), whose snippet does not give the figure."
            ),
            call("visit_webpage", url=_IMPACT),
            answer(
                outcome(
                    "The Kingsmead Repair Café fixed 412 items in 2024.",
                    "The page 'Our impact in 2024': items brought in 587, items fixed 412, advice given on 96, not fixable 79; 34 volunteer fixers over 11 sessions; about 1.9 tonnes kept out of landfill.",
                )
            ),
        ],
        [
            {"type": "contains", "value": "412"},
            {"type": "tool_called", "tool": "web_search", "max": 2},
        ],
        S,
        w,
        sub_max_steps=6,
        note="the sub-agent repeats near-identical searches until max_steps; a second delegation opens the page",
    )
)

# 16 looping: a single coder repeats the same code search until max_steps
w = World()
_HINTS = "\n".join(
    [
        '"""Buying hints during a hunt."""',
        "",
        "from huntscore import limits",
        "from huntscore.models import Puzzle, Team",
        "from huntscore.errors import HintRefused",
        "",
        "",
        "def buy_hint(team: Team, puzzle: Puzzle) -> int:",
        '    """Charge the team for one hint and return the points it now stands to gain."""',
        "    if puzzle.solved_by(team):",
        '        raise HintRefused("already solved")',
        "    bought = team.hints_bought(puzzle)",
        "    if bought >= limits.max_hints(puzzle):",
        '        raise HintRefused("no hints left for this puzzle")',
        "    team.record_hint(puzzle)",
        "    return puzzle.points - limits.HINT_COST * (bought + 1)",
    ]
)
_LIMITS = "\n".join(
    [
        '"""Per-puzzle limits for huntscore."""',
        "",
        "from huntscore.models import Puzzle",
        "",
        "DEFAULT_MAX_HINTS = 3",
        "HINT_COST = 15",
        "MAX_GUESSES_PER_MINUTE = 6",
        "",
        "",
        "def max_hints(puzzle: Puzzle) -> int:",
        '    """How many hints a team may buy for a puzzle: its own setting, or the default."""',
        '    return puzzle.meta.get("max_hints", DEFAULT_MAX_HINTS)',
    ]
)
w.files = {"src/huntscore/hints.py": _HINTS, "src/huntscore/limits.py": _LIMITS}
w.grep = {
    "hints_bought": [
        _lines("src/huntscore/hints.py", 12, "    bought = team.hints_bought(puzzle)"),
        _lines("src/huntscore/models.py", 88, "    def hints_bought(self, puzzle: Puzzle) -> int:"),
        _lines("tests/test_hints.py", 31, "    assert team.hints_bought(p) == 2"),
    ],
    "def max_hints": [
        _lines("src/huntscore/limits.py", 10, "def max_hints(puzzle: Puzzle) -> int:")
    ],
    "max_hints": [
        _lines("src/huntscore/hints.py", 13, "    if bought >= limits.max_hints(puzzle):"),
        _lines("src/huntscore/limits.py", 10, "def max_hints(puzzle: Puzzle) -> int:"),
        _lines(
            "src/huntscore/limits.py",
            12,
            '    return puzzle.meta.get("max_hints", DEFAULT_MAX_HINTS)',
        ),
    ],
    '"max_hints"': [
        _lines(
            "src/huntscore/limits.py",
            12,
            '    return puzzle.meta.get("max_hints", DEFAULT_MAX_HINTS)',
        ),
    ],
}
RUNS.append(
    Run(
        "huntscore_grep_loop",
        "looping",
        "In the huntscore repository (puzzle-hunt scoring), what is the maximum number of hints a team may buy for a puzzle that sets no limit of its own? Number only.",
        [
            code(
                "I look for where hints are counted.", 'print(search_code(pattern="hints_bought"))'
            ),
            code(
                "The check is in hints.py; I read it.",
                'print(read_file(path="src/huntscore/hints.py"))',
            ),
            code(
                "The limit comes from limits.max_hints; I find its definition.",
                'print(search_code(pattern="def max_hints"))',
            ),
            code("I read limits.py.", 'print(read_file(path="src/huntscore/limits.py"))'),
            code(
                "max_hints falls back to DEFAULT_MAX_HINTS = 3 unless the puzzle's meta sets max_hints. I check where puzzles set it.",
                'print(search_code(pattern="max_hints"))',
            ),
            code(
                "No puzzle file in the matches; the search may have missed some. I search again.",
                'print(search_code(pattern="max_hints"))',
                bad=True,
            ),
            code(
                "Puzzle metadata would use the quoted key; I search for that.",
                "print(search_code(pattern='\"max_hints\"'))",
                bad=True,
            ),
            code(
                "Only limits.py again. I run the broader search once more to be sure.",
                'print(search_code(pattern="max_hints"))',
                bad=True,
            ),
            code(
                "Let me look at the matches one more time.",
                'import json\nhits = json.loads(search_code(pattern="max_hints"))\nfor m in hits["matches"]:\n    print(m["path"], m["line"])',
                bad=True,
            ),
            text("3"),
        ],
        None,
        [
            {"type": "exact_match", "value": "3"},
            {"type": "tool_called", "tool": "search_code", "max": 4},
        ],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        manager_name="coder",
        max_steps=9,
        note="after reading the default, the agent repeats the max_hints search until max_steps",
    )
)
