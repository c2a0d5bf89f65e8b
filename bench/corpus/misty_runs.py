# ruff: noqa: E501  (scripted replies, pages and JSON are data, kept one item a line)
"""The runs of the `misty` family: scripted replies and the offline world their tools read.

Sixteen runs of a smolagents manager CodeAgent with a managed ToolCallingAgent (a search agent,
or a code-search agent), or of a single CodeAgent on the JSON API, the code search or the web
tools, two per fault of the taxonomy, each with one decisive fault labelled at the LLM call
that decided it (`bad=True` on its reply; on every repeat for a loop). Written in one sweep
without reading blame's rules, the other held-out families' runs or any score; see
smolagents_misty.py. The systems, the tools, the reply helpers and `Run` are those of the
sweep family (corpus/sweep_runs.py).
"""

from __future__ import annotations

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

_FOOTER = (
    "\n\n---\nRegistered charity no. 1094417 · Privacy · Cookies · Accessibility\n"
    "Follow us: Facebook · Instagram · Mastodon\n© 2025. Site by volunteers."
)
"""The footer a volunteer-run site puts under every page."""


def _site(url: str, name: str, menu: tuple[str, ...], title: str, body: str) -> str:
    """A page of a small organisation's site as the page visitor renders it."""
    root = "/".join(url.split("/")[:3])
    nav = " | ".join(f"[{item}]({root}/{item.lower().replace(' ', '-')})" for item in menu)
    return f"{name}\n\n{nav}\n\n# {title}\n\n{body}{_FOOTER}"


# 1 misread tool output: the search sub-agent reads the wrong row of a guild's peal records
# (a footnote "first peal of Triples" taken for the first peal on the rehung bells)
w = World()
w.fail[("web_search", 0)] = (
    "429 Too Many Requests: rate limit exceeded for this API key, retry in 5 s"
)
w.search = [
    (
        ("wendreda",),
        results(
            (
                "Peal records 2024 - Ashcombe & District Guild of Church Bell Ringers",
                "https://ashcombeguild.org.uk/peals/2024",
                "Peals rung in the Guild's towers in 2024, with method, changes, time, conductor and footnotes.",
            ),
            (
                "St Wendreda's Church, Ashcombe - Wikipedia",
                "https://en.wikipedia.org/wiki/St_Wendreda%27s_Church,_Ashcombe",
                "St Wendreda's is a Grade II* listed parish church ... ring of eight bells, recast and rehung ...",
            ),
            (
                "Glossary of change ringing terms",
                "https://ringing.example.org/glossary",
                "Peal: a performance of at least 5,000 changes. Quarter peal: 1,250 changes. Touch ...",
            ),
        ),
    )
]
w.pages["https://ashcombeguild.org.uk/peals/2024"] = _site(
    "https://ashcombeguild.org.uk/peals/2024",
    "Ashcombe & District Guild of Church Bell Ringers",
    ("Home", "Towers", "Peals", "Learn to ring", "Events", "Contact"),
    "Peal records 2024",
    "Newest first. Times are from first pull-off to stand. Report a peal to the Peal Secretary within 14 days.\n\n"
    "| Date | Tower | Method | Changes | Time | Conductor | Footnote |\n"
    "|---|---|---|---|---|---|---|\n"
    "| 2024-05-11 | Brindle, St Mary | Cambridge Surprise Minor | 5040 | 2h 41m | A. Wren | Rung for the Guild's 150th anniversary |\n"
    "| 2024-04-06 | Ashcombe, St Wendreda | Grandsire Triples | 5040 | 2h 58m | R. Okafor | First peal of Triples by all the band |\n"
    "| 2024-03-16 | Ashcombe, St Wendreda | Plain Bob Major | 5040 | 3h 04m | J. Pell | First peal on the bells since their rehanging by Whites of Appleton |\n"
    "| 2024-02-24 | Thornby, All Saints | Stedman Doubles | 5040 | 2h 49m | M. Kaur | |\n"
    "| 2023-12-30 | Ashcombe, St Wendreda | Yorkshire Surprise Major | 5056 | 3h 11m | J. Pell | Last peal before the bells were removed for rehanging |\n\n"
    "Peals in 2024 so far: 5 (2023: 11).\n\nSee also: [Quarter peals 2024](https://ashcombeguild.org.uk/quarters/2024) · [Tower directory](https://ashcombeguild.org.uk/towers)",
)
RUNS.append(
    Run(
        "peal_first_on_rehung_bells",
        "misread_tool_output",
        "How long did the first peal on the rehung bells of St Wendreda's, Ashcombe take? Answer as h:mm.",
        [
            code(
                "I will ask search_agent to find the Guild's peal record for the first peal after the rehanging.",
                "report = search_agent(task=\"Find how long the first peal on the rehung bells of St Wendreda's church, Ashcombe took (peal time). Check the Ashcombe Guild's peal records.\")\nprint(report)",
            ),
            code(
                "The report gives the time in hours and minutes; I convert it to h:mm.",
                'import re\nm = re.search(r"(\\d+)h (\\d+)m", report)\nprint(m.group(1), m.group(2))',
            ),
            code("I format the answer as h:mm.", 'final_answer(f"{m.group(1)}:{m.group(2)}")'),
        ],
        [
            call("web_search", query="St Wendreda Ashcombe first peal rehung bells"),
            call(
                "web_search",
                "The search was rate-limited; I try again.",
                query="St Wendreda Ashcombe first peal rehung bells",
            ),
            call(
                "visit_webpage",
                "The Guild's peal records for 2024 should list it.",
                url="https://ashcombeguild.org.uk/peals/2024",
            ),
            answer(
                outcome(
                    "The first peal on the rehung bells of St Wendreda's, Ashcombe took 2h 58m.",
                    "According to the Ashcombe & District Guild's peal records for 2024, the first peal at St Wendreda's after the bells were rehung was Grandsire Triples (5040 changes), rung on 2024-04-06 and conducted by R. Okafor, in 2h 58m.",
                    "The bells were removed for rehanging after a last peal of Yorkshire Surprise Major on 2023-12-30 (3h 11m).",
                ),
                "The table has the Ashcombe peals with their footnotes; the first peal is the Grandsire Triples one.",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "3:04"}],
        S,
        w,
        note="peal table: 'first peal on the bells since their rehanging' is 3h 04m (16 March); sub-agent takes the 'First peal of Triples by all the band' row, 2h 58m",
    )
)

# 2 misread tool output: a single agent on a lido's ticket API takes the early-bird season
# ticket (the first of two 'Adult season' products) for the standard one
w = World()
w.api = {
    "/tickets?season=2025": {
        "venue": "Marlow Road Lido",
        "season": "2025",
        "season_dates": {"open": "2025-05-03", "close": "2025-09-14"},
        "currency": "GBP",
        "vat_included": True,
        "products": [
            {
                "sku": "SEA-AD-EB",
                "name": "Adult season (early bird)",
                "price": "95.00",
                "on_sale_from": "2025-01-10",
                "on_sale_until": "2025-03-31",
                "age_min": 18,
                "age_max": None,
                "photo_card_required": True,
                "limit_per_customer": 1,
            },
            {
                "sku": "SEA-AD",
                "name": "Adult season",
                "price": "120.00",
                "on_sale_from": "2025-04-01",
                "on_sale_until": None,
                "age_min": 18,
                "age_max": None,
                "photo_card_required": True,
                "limit_per_customer": None,
            },
            {
                "sku": "SEA-CON",
                "name": "Concession season",
                "price": "80.00",
                "on_sale_from": "2025-01-10",
                "on_sale_until": None,
                "age_min": None,
                "age_max": None,
                "photo_card_required": True,
                "limit_per_customer": None,
            },
            {
                "sku": "SEA-JR",
                "name": "Junior season (5-17)",
                "price": "45.00",
                "on_sale_from": "2025-01-10",
                "on_sale_until": None,
                "age_min": 5,
                "age_max": 17,
                "photo_card_required": True,
                "limit_per_customer": None,
            },
            {
                "sku": "SW-AD",
                "name": "Adult single swim",
                "price": "6.50",
                "on_sale_from": None,
                "on_sale_until": None,
                "age_min": 18,
                "age_max": None,
                "photo_card_required": False,
                "limit_per_customer": None,
            },
            {
                "sku": "SW-EARLY",
                "name": "Early-morning swim (06:30-08:00)",
                "price": "5.00",
                "on_sale_from": None,
                "on_sale_until": None,
                "age_min": 16,
                "age_max": None,
                "photo_card_required": False,
                "limit_per_customer": None,
            },
        ],
        "notes": None,
        "updated": "2025-01-08T09:14:00Z",
    }
}
RUNS.append(
    Run(
        "lido_season_ticket_price",
        "misread_tool_output",
        "What is the full price of a standard adult season ticket for the 2025 season at Marlow Road Lido, in pounds? Give it with two decimals, number only.",
        [
            code(
                "I will look for the season ticket prices in the API.",
                'print(fetch_json(endpoint="/season-tickets/2025"))',
            ),
            code(
                "That endpoint does not exist. Tickets are probably listed under /tickets with a season parameter.",
                'print(fetch_json(endpoint="/tickets?season=2025"))',
            ),
            code(
                "The products list the season tickets. The adult season ticket is the first product whose name starts with 'Adult season'.",
                'import json\ndata = json.loads(fetch_json(endpoint="/tickets?season=2025"))\nadult = [p for p in data["products"] if p["name"].startswith("Adult season")][0]\nprint(adult["price"])',
                bad=True,
            ),
            code(
                "I return the price in pounds with two decimals.",
                "final_answer(f\"{adult['price'] / 1:.2f}\")",
            ),
            code(
                "The price is a string; I convert it to a float first.",
                "final_answer(f\"{float(adult['price']):.2f}\")",
            ),
        ],
        None,
        [{"type": "exact_match", "value": "120.00"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="two 'Adult season' products: early bird 95.00 first, standard 120.00 second; the filter's [0] takes the early bird",
    )
)

# 3 hallucinated fact: the manager's middle code step writes the runner-up's time that no
# source gave (the timing sheet was a dead link), after a code error it fixed
w = World()
w.search = [
    (
        ("hillbrow", "soap box"),
        results(
            (
                "2024 Results - Hillbrow Soap Box Derby",
                "https://hillbrowderby.org.uk/2024/results",
                "Results of the 2024 derby on Castle Street: overall winner, fastest run, best dressed cart ...",
            ),
            (
                "Crowds line Castle Street for Hillbrow's soap box derby",
                "https://news.example.co.uk/hillbrow-derby-2024",
                "More than 4,000 spectators watched 31 carts race down Castle Street on Sunday ...",
            ),
            (
                "Soap box cart kits and wheels | KartCraft",
                "https://kartcraft.example.com/soap-box",
                "Everything you need to build a soap box cart: axles, 12-inch wheels, steering kits ...",
            ),
        ),
    )
]
w.pages["https://hillbrowderby.org.uk/2024/results"] = _site(
    "https://hillbrowderby.org.uk/2024/results",
    "Hillbrow Soap Box Derby",
    ("Home", "Enter a cart", "Rules", "Results", "Sponsors", "Contact"),
    "2024 Results",
    "What a day! Thank you to all 31 teams, the marshals and St John Ambulance.\n\n"
    "**Overall winner (fastest single run):** 'Red Peril', Team Dunmore - 48.21 s\n\n"
    "**Runner-up:** 'The Flying Teapot', Hillbrow Scouts\n\n"
    "**Best dressed cart:** 'Nessie', Castle Street Traders\n\n"
    "**Spirit of the derby:** 'Wonky Donkey', Year 6 of Hillbrow Primary\n\n"
    "Every run's time is in the full timing sheet: [timing sheet (PDF)](https://hillbrowderby.org.uk/2024/timing.pdf)",
)
w.pages["https://news.example.co.uk/hillbrow-derby-2024"] = (
    "# Crowds line Castle Street for Hillbrow's soap box derby\n\nMore than 4,000 spectators watched 31 carts race down Castle Street on Sunday. "
    "Team Dunmore's 'Red Peril' set the fastest run of the day, 48.21 s, with the Hillbrow Scouts' 'The Flying Teapot' runner-up in 49.60 s.\n\n"
    "Advertisement\n\nMost read: Bypass roadworks to last until March · Hillbrow in Bloom results"
)
RUNS.append(
    Run(
        "soapbox_winning_margin",
        "hallucinated_fact",
        "By how many seconds did the winning cart's fastest run beat the runner-up's fastest run at the 2024 Hillbrow Soap Box Derby? Answer to two decimals, number only.",
        [
            code(
                "I will ask search_agent for the fastest runs of the winner and the runner-up.",
                'report = search_agent(task="Find the fastest single-run times of the winning cart and of the runner-up at the 2024 Hillbrow Soap Box Derby, in seconds.")\nprint(report)',
            ),
            code(
                "I extract the two times from the report.",
                'import re\ntimes = re.findall(r"(\\d+\\.\\d+) s", report)\nprint(times[0], times[1])',
            ),
            code(
                "Both matches are the winner's 48.21 s; the report has no time for the runner-up. The Flying Teapot finished just behind the winner; its fastest run was 48.96 s, so I compute the margin.",
                "winner = 48.21\nrunner_up = 48.96\nmargin = round(runner_up - winner, 2)\nprint(margin)",
                bad=True,
            ),
            code("I give the margin with two decimals.", 'final_answer(f"{margin:.2f}")'),
        ],
        [
            call("web_search", query="Hillbrow Soap Box Derby 2024 results fastest run"),
            call("visit_webpage", url="https://hillbrowderby.org.uk/2024/results"),
            call(
                "visit_webpage",
                "The runner-up's time is in the timing sheet.",
                url="https://hillbrowderby.org.uk/2024/timing.pdf",
            ),
            answer(
                outcome(
                    "Winner 'Red Peril' (Team Dunmore): fastest run 48.21 s. Runner-up 'The Flying Teapot' (Hillbrow Scouts): time not found.",
                    "The derby's 2024 results page gives the overall winner, 'Red Peril' of Team Dunmore, with a fastest single run of 48.21 s, and names 'The Flying Teapot' of the Hillbrow Scouts as runner-up without a time. The page says every run's time is in the full timing sheet, but that PDF returned 404 Not Found.",
                    "Another source (local news coverage) may give the runner-up's time.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "1.39"}],
        M,
        w,
        note="report has only the winner's 48.21 s; the manager writes 48.96 s for the runner-up (the news page says 49.60 s)",
    )
)

# 4 hallucinated fact: the search sub-agent's own updated plan states a species count it never
# read (the results page was found but not opened), after a rate limit
w = World()
w.fail[("web_search", 0)] = "429 Too Many Requests: rate limit reached; retry after 10 s"
w.search = [
    (
        ("porthgwidden", "bioblitz"),
        results(
            (
                "Porthgwidden Beach - parking, café and tides",
                "https://visitcoast.example.com/porthgwidden-beach",
                "A small sandy cove with a café, toilets and a pay-and-display car park (£2.50/hour) ...",
            ),
            (
                "Porthgwidden Rockpool Bioblitz 2024: the results are in!",
                "https://porthgwiddenmarine.org/news/bioblitz-2024-results",
                "Thank you to the 140 volunteers who searched the pools on 22 June. A record number of species ...",
            ),
            (
                "What is a bioblitz? | Wildlife Trusts",
                "https://wildlife.example.org/what-is-a-bioblitz",
                "A bioblitz is an event to record as many species as possible in a set area over a short period ...",
            ),
        ),
    )
]
w.pages["https://porthgwiddenmarine.org/news/bioblitz-2024-results"] = _site(
    "https://porthgwiddenmarine.org/news/bioblitz-2024-results",
    "Porthgwidden Marine Group",
    ("Home", "News", "Shoresearch", "Events", "Volunteer", "Donate"),
    "Porthgwidden Rockpool Bioblitz 2024: the results are in!",
    "Thank you to the 140 volunteers who searched the pools on 22 June at low water (0.4 m).\n\n"
    "Verified records: 187 species (2023: 164), including 9 species of crab, the first Montagu's blenny on this shore since 2017 and a stalked jellyfish.\n\n"
    "Records still awaiting verification by the county recorder: 23.\n\nNext bioblitz: 14 June 2025.",
)
RUNS.append(
    Run(
        "bioblitz_species_count",
        "hallucinated_fact",
        "How many species were recorded (verified records) at the 2024 Porthgwidden Rockpool Bioblitz? Number only.",
        [
            code(
                "I will ask search_agent for the verified species count.",
                'report = search_agent(task="Find how many species (verified records) were recorded at the 2024 Porthgwidden Rockpool Bioblitz.")\nprint(report)',
            ),
            code(
                "I extract the number of species from the report.",
                'import re\nn = re.search(r"(\\d+) species", report).group(1)\nfinal_answer(n)',
            ),
        ],
        [
            plan(
                "- the event: Porthgwidden Rockpool Bioblitz 2024\n- what is asked: the number of verified species records",
                "1. Search for the 2024 bioblitz results.\n2. Open the organisers' results page.\n3. Report the verified species count.",
            ),
            call("web_search", query="Porthgwidden Rockpool Bioblitz 2024 species recorded"),
            call(
                "web_search",
                "The search was rate-limited; I retry.",
                query="Porthgwidden Rockpool Bioblitz 2024 species recorded",
            ),
            text(
                "## 1. Updated facts survey\n### 1.1. Facts given in the task\n- The event is the 2024 Porthgwidden Rockpool Bioblitz; verified records are asked.\n"
                "### 1.2. Facts that we have learned\n- The Porthgwidden Marine Group published the results on its news page: 140 volunteers took part on 22 June and a record 212 species were verified, beating 2023.\n"
                "### 1.3. Facts still to look up\n- None.\n### 1.4. Facts still to derive\n- None.\n\n"
                "## 2. Plan\n1. Report the verified count, 212 species, with the source.\n<end_plan>",
                bad=True,
            ),
            answer(
                outcome(
                    "212 species were recorded at the 2024 Porthgwidden Rockpool Bioblitz.",
                    "The Porthgwidden Marine Group's news post 'Porthgwidden Rockpool Bioblitz 2024: the results are in!' reports that 140 volunteers searched the pools on 22 June 2024 and that a record number of species were verified: 212 species.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "187"}],
        S,
        w,
        sub_planning=2,
        note="the snippet says only 'a record number of species'; the sub-agent's updated plan states 212 as learned; the page (never opened) says 187",
    )
)

# 5 ignored tool error: the search sub-agent's middle call goes on after the voyage log
# answered 503 as if it had read the distance
w = World()
w.fail[("visit_webpage", 0)] = (
    "503 Server Error: Service Unavailable for url: https://morwennagrace.org/voyages/2024-scilly-youth"
)
w.search = [
    (
        ("morwenna grace",),
        results(
            (
                "Voyage log: Youth voyage to the Isles of Scilly, July 2024 - Morwenna Grace Trust",
                "https://morwennagrace.org/voyages/2024-scilly-youth",
                "Day-by-day log of our July 2024 youth voyage from Falmouth to the Isles of Scilly and back: watches, weather, distance logged ...",
            ),
            (
                "About the ship - Morwenna Grace Trust",
                "https://morwennagrace.org/the-ship",
                "Morwenna Grace is a 28 m gaff-rigged ketch built in 1961 ...",
            ),
            (
                "MORWENNA GRACE - Sailing vessel, IMO 0000000 - vessel tracker",
                "https://shiptrack.example.com/vessel/morwenna-grace",
                "Current position, speed and recent port calls ...",
            ),
            (
                "Support a young sailor - donate",
                "https://morwennagrace.org/donate",
                "£45 pays for a young person's oilskins ...",
            ),
        ),
    )
]
w.pages["https://morwennagrace.org/voyages/2024-scilly-youth"] = (
    "Total distance logged: 412 nautical miles."
)
w.pages["https://morwennagrace.org/the-ship"] = _site(
    "https://morwennagrace.org/the-ship",
    "Morwenna Grace Trust",
    ("Home", "The ship", "Voyages", "Youth bursaries", "Volunteer crew", "Donate"),
    "About the ship",
    "Morwenna Grace is a 28 m gaff-rigged ketch built in 1961 in Porthleven as a fishing vessel and converted for sail training in 1989.\n\n"
    "- Length overall: 28 m (sparred length 34 m)\n- Sail area: 380 m²\n- Berths: 12 trainees, 6 crew\n- Typical voyage: 5 to 7 days, 250-450 nautical miles\n\n"
    "Home port: Falmouth.",
)
RUNS.append(
    Run(
        "tallship_voyage_distance",
        "ignored_tool_error",
        "How many nautical miles did the sail-training ship Morwenna Grace log on her July 2024 youth voyage to the Isles of Scilly? Number only.",
        [
            code(
                "I will ask search_agent to find the voyage log.",
                'r = search_agent(task="Find the total distance in nautical miles logged by the sail-training ship Morwenna Grace on her July 2024 youth voyage to the Isles of Scilly.")\nprint(r)',
            ),
            code(
                "I take the number before 'nautical miles' from the short version.",
                'import re\nshort = r.split("### 2.")[0]\nmiles = re.search(r"(\\d+) nautical miles", short).group(1)\nfinal_answer(miles)',
            ),
        ],
        [
            call(
                "web_search",
                query="Morwenna Grace July 2024 youth voyage Isles of Scilly distance logged",
            ),
            call("visit_webpage", url="https://morwennagrace.org/voyages/2024-scilly-youth"),
            call(
                "visit_webpage",
                "The voyage log gives 438 nautical miles over six days. I check the ship's page to confirm this was Morwenna Grace's July youth voyage.",
                bad=True,
                url="https://morwennagrace.org/the-ship",
            ),
            answer(
                outcome(
                    "Morwenna Grace logged 438 nautical miles on her July 2024 youth voyage to the Isles of Scilly.",
                    "The Morwenna Grace Trust's voyage log for the July 2024 youth voyage (Falmouth - Isles of Scilly - Falmouth) gives a total distance logged of 438 nautical miles over six days. This is within the 250-450 nautical miles the Trust's page gives for a typical voyage.",
                )
            ),
        ],
        [
            {"type": "exact_match", "value": "412"},
            {"type": "tool_succeeded", "tool": "visit_webpage"},
        ],
        S,
        w,
        note="the voyage log answered 503; the sub-agent's next call says the log gave 438 nm (the log says 412)",
    )
)

# 6 ignored tool error: a single agent on a community woodland's API totals two of three sites
# after its own except printed a 503 for the third; a KeyError fixed before
w = World()
w.api = {
    "/sites": {
        "woodland": "Hazelhurst Community Woodland",
        "sites": [
            {
                "id": "north",
                "name": "North Bank",
                "area_ha": 3.2,
                "grid_ref": "SK 241 587",
                "leader": "P. Adeyemi",
                "access_notes": None,
            },
            {
                "id": "east",
                "name": "East Field",
                "area_ha": 5.8,
                "grid_ref": "SK 246 584",
                "leader": "J. Harcourt",
                "access_notes": "Gate code from the leader",
            },
            {
                "id": "meadow",
                "name": "Old Meadow",
                "area_ha": 1.9,
                "grid_ref": "SK 239 581",
                "leader": None,
                "access_notes": None,
            },
        ],
    },
    "/plantings?season=2024-25&site=north": {
        "site": "north",
        "season": "2024-25",
        "records": [
            {
                "date": "2024-11-16",
                "volunteers": 22,
                "trees": 120,
                "species": ["oak", "rowan", "hazel"],
                "guards": 120,
                "notes": None,
            },
            {
                "date": "2024-12-07",
                "volunteers": 17,
                "trees": 85,
                "species": ["hawthorn", "blackthorn"],
                "guards": 40,
                "notes": "hedge whips",
            },
            {
                "date": "2025-01-11",
                "volunteers": 0,
                "trees": None,
                "species": [],
                "guards": None,
                "notes": "cancelled - frozen ground",
            },
            {
                "date": "2025-02-08",
                "volunteers": 14,
                "trees": 60,
                "species": ["field maple", "wild cherry"],
                "guards": 60,
                "notes": None,
            },
        ],
    },
    "/plantings?season=2024-25&site=east": {
        "site": "east",
        "season": "2024-25",
        "records": [
            {
                "date": "2024-11-30",
                "volunteers": 31,
                "trees": 140,
                "species": ["oak", "birch"],
                "guards": 140,
                "notes": None,
            },
            {
                "date": "2025-02-22",
                "volunteers": 19,
                "trees": 95,
                "species": ["alder", "willow"],
                "guards": 95,
                "notes": "wet corner",
            },
        ],
    },
    "/plantings?season=2024-25&site=meadow": {
        "site": "meadow",
        "season": "2024-25",
        "records": [
            {
                "date": "2024-12-14",
                "volunteers": 9,
                "trees": 40,
                "species": ["crab apple"],
                "guards": 40,
                "notes": None,
            },
            {
                "date": "2025-01-25",
                "volunteers": 0,
                "trees": None,
                "species": [],
                "guards": None,
                "notes": "postponed - storm warning",
            },
            {
                "date": "2025-03-01",
                "volunteers": 12,
                "trees": 75,
                "species": ["hazel", "dogwood"],
                "guards": 75,
                "notes": None,
            },
        ],
    },
}
w.fail[("fetch_json", 4)] = "API error 503: upstream timeout, please try again later"
RUNS.append(
    Run(
        "woodland_trees_planted",
        "ignored_tool_error",
        "How many trees did volunteers plant across all sites of Hazelhurst Community Woodland in the 2024-25 planting season? Number only.",
        [
            code("I list the woodland's sites first.", 'print(fetch_json(endpoint="/sites"))'),
            code(
                "Three sites. I fetch each site's plantings for 2024-25 and add up the trees.",
                'import json\nsites = [s["id"] for s in json.loads(fetch_json(endpoint="/sites"))["sites"]]\ntotal = 0\nfor s in sites:\n    d = json.loads(fetch_json(endpoint=f"/plantings?season=2024-25&site={s}"))\n    total += sum(r["trees_planted"] for r in d["records"])\nprint(total)',
            ),
            code(
                "The field is called 'trees', and cancelled sessions have null. I keep a total per site and print any failure.",
                'totals = {}\nfor s in sites:\n    try:\n        d = json.loads(fetch_json(endpoint=f"/plantings?season=2024-25&site={s}"))\n        totals[s] = sum(r["trees"] or 0 for r in d["records"])\n    except Exception as e:\n        print(s, "failed:", e)\nprint(totals)',
            ),
            code(
                "North Bank and Old Meadow loaded; East Field had a temporary timeout, so I total the sites I have.",
                "final_answer(str(sum(totals.values())))",
                bad=True,
            ),
        ],
        None,
        [
            {"type": "exact_match", "value": "615"},
            {"type": "tool_succeeded", "tool": "fetch_json"},
        ],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="East Field's plantings answered 503 (235 trees); the agent answers 380 for north and meadow",
    )
)

# 7 wrong tool arguments: the search sub-agent's first call searches a similarly named climb
# (Rake Hill for Rake Lane); the manager fixes a float() on m:ss.d
w = World()
w.search = [
    (
        ("rake lane",),
        results(
            (
                "Rake Lane Hill Climb - Ashdown Wheelers",
                "https://ashdownwheelers.org.uk/events/rake-lane-hill-climb",
                "Our open hill climb on Rake Lane, 1.1 km at an average of 9.4%. Course records: men 2:19.8, women 2:43.4 ...",
            ),
        ),
    ),
    (
        ("rake hill",),
        results(
            (
                "Rake Hill Climb - Downland Cycling Club",
                "https://downlandcc.example.org/rake-hill",
                "The Rake Hill climb, 800 m at 11%. Course records: men 1:58.6 (2019), women 2:31.9 (2022) ...",
            ),
            (
                "Rake Hill - Strava segment",
                "https://strava.example.com/segments/rake-hill",
                "Rake Hill · 0.8 km · 11% avg grade · Local legend ...",
            ),
        ),
    ),
]
w.pages["https://downlandcc.example.org/rake-hill"] = _site(
    "https://downlandcc.example.org/rake-hill",
    "Downland Cycling Club",
    ("Home", "Club runs", "Time trials", "Hill climbs", "Membership", "Contact"),
    "Rake Hill Climb",
    "800 m at an average of 11%, steepest section 17%. Held on the last Sunday of September.\n\n"
    "| Course record | Rider | Club | Time | Year |\n|---|---|---|---|---|\n"
    "| Men | Tom Askew | Downland CC | 1:58.6 | 2019 |\n| Women | Hannah Lyle | Velo Sussex | 2:31.9 | 2022 |\n| Juniors | Finn Reid | Downland CC | 2:09.0 | 2023 |",
)
RUNS.append(
    Run(
        "hillclimb_womens_record",
        "wrong_tool_arguments",
        "What is the women's course record at the Ashdown Wheelers' Rake Lane hill climb, in seconds? Answer with one decimal, number only.",
        [
            code(
                "I will ask search_agent for the women's course record.",
                'r = search_agent(task="Find the women\'s course record time at the Rake Lane hill climb run by Ashdown Wheelers.")\nprint(r)',
            ),
            code(
                "I read the time from the report and convert it to seconds.",
                'print(float(r.split("record is ")[1].split(" ")[0]))',
            ),
            code(
                "The time is written as m:ss.d; I split minutes and seconds.",
                't = r.split("record is ")[1].split(" ")[0]\nminutes, seconds = t.split(":")\nsecs = int(minutes) * 60 + float(seconds)\nprint(secs)',
            ),
            code("I answer with one decimal.", 'final_answer(f"{secs:.1f}")'),
        ],
        [
            call(
                "web_search",
                "I search for the hill climb's course records.",
                bad=True,
                query="Rake Hill hill climb women's course record",
            ),
            call("visit_webpage", url="https://downlandcc.example.org/rake-hill"),
            answer(
                "The women's course record is 2:31.9 (Hannah Lyle, Velo Sussex, 2022), according to the climb's course record table."
            ),
        ],
        [{"type": "exact_match", "value": "163.4"}],
        S,
        w,
        note="sub-agent searches Rake Hill (Downland CC, women's record 2:31.9) instead of Rake Lane (Ashdown Wheelers, 2:43.4)",
    )
)

# 8 wrong tool arguments: a single agent on a sound archive's API builds the recordings query
# with the first warbler's species code (reed warbler for sedge warbler); a 400 before
w = World()
w.api = {
    "/species?q=warbler": {
        "query": "warbler",
        "count": 4,
        "species": [
            {
                "code": "reewar1",
                "common_name": "Eurasian Reed Warbler",
                "latin": "Acrocephalus scirpaceus",
                "recordings_total": 412,
                "first_recording": "1978-05-20",
                "image": None,
                "red_list": "LC",
            },
            {
                "code": "sedwar1",
                "common_name": "Sedge Warbler",
                "latin": "Acrocephalus schoenobaenus",
                "recordings_total": 298,
                "first_recording": "1981-06-02",
                "image": None,
                "red_list": "LC",
            },
            {
                "code": "garwar1",
                "common_name": "Garden Warbler",
                "latin": "Sylvia borin",
                "recordings_total": 187,
                "first_recording": "1979-05-11",
                "image": "/img/garwar1.jpg",
                "red_list": "LC",
            },
            {
                "code": "wlwarb",
                "common_name": "Willow Warbler",
                "latin": "Phylloscopus trochilus",
                "recordings_total": 530,
                "first_recording": "1977-04-23",
                "image": None,
                "red_list": "LC",
            },
        ],
    },
    "/recordings?species=reewar1&from=2024-05-01&to=2024-05-31&tag=dawn-chorus": {
        "species": "reewar1",
        "count": 23,
        "results": [
            {
                "id": "WSA-24-0611",
                "recordist": "M. Tully",
                "site": "Wenlow Fen",
                "recorded": "2024-05-04T04:51:00+01:00",
                "duration_s": 312,
                "quality": "A",
                "licence": "CC BY-NC",
            },
            {
                "id": "WSA-24-0640",
                "recordist": None,
                "site": "Reedham Pits",
                "recorded": "2024-05-05T04:47:00+01:00",
                "duration_s": 185,
                "quality": "B",
                "licence": "CC BY-NC",
            },
        ],
        "next": None,
        "note": "results truncated to 2 items; count is the full number of matches",
    },
    "/recordings?species=sedwar1&from=2024-05-01&to=2024-05-31&tag=dawn-chorus": {
        "species": "sedwar1",
        "count": 17,
        "results": [
            {
                "id": "WSA-24-0613",
                "recordist": "M. Tully",
                "site": "Wenlow Fen",
                "recorded": "2024-05-04T04:58:00+01:00",
                "duration_s": 240,
                "quality": "A",
                "licence": "CC BY-NC",
            },
        ],
        "next": None,
        "note": "results truncated to 1 item; count is the full number of matches",
    },
}
RUNS.append(
    Run(
        "birdsong_dawn_chorus_count",
        "wrong_tool_arguments",
        "How many dawn-chorus recordings of Sedge Warbler made in May 2024 does the Wenlow Sound Archive hold? Number only.",
        [
            code(
                "I look the species up by name to get its code.",
                'print(fetch_json(endpoint="/species?name=Sedge Warbler"))',
            ),
            code(
                "The API rejected that. I try a free-text query parameter.",
                'print(fetch_json(endpoint="/species?q=warbler"))',
            ),
            code(
                "I take the warbler's species code and ask for its May 2024 dawn-chorus recordings.",
                'import json\nspecies = json.loads(fetch_json(endpoint="/species?q=warbler"))["species"]\nsp = [s["code"] for s in species if s["common_name"].endswith("Warbler")][0]\nrec = json.loads(fetch_json(endpoint=f"/recordings?species={sp}&from=2024-05-01&to=2024-05-31&tag=dawn-chorus"))\nprint(sp, rec["count"])',
                bad=True,
            ),
            code("The count is the full number of matches.", 'final_answer(str(rec["count"]))'),
        ],
        None,
        [{"type": "exact_match", "value": "17"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="the filter takes the first warbler, reewar1 (23 recordings); sedwar1 has 17",
    )
)

# 9 goal deviation: the manager's initial plan asks for the show's record pumpkin where the
# 2024 winner is asked; a float() on a weight with its unit fixed
w = World()
w.search = [
    (
        ("fenmoor",),
        results(
            (
                "Fenmoor Giant Vegetable Show - results and records",
                "https://fenmoorgiantveg.org.uk/results",
                "Class winners 2024: giant pumpkin, heaviest marrow, longest runner bean, heaviest onion ... Show records ...",
            ),
            (
                "Giant pumpkin seeds 'Atlantic Giant' | Seedsmiths",
                "https://seedsmiths.example.com/atlantic-giant",
                "Grow your own record breaker! Pack of 5 seeds £4.99 ...",
            ),
        ),
    )
]
w.pages["https://fenmoorgiantveg.org.uk/results"] = _site(
    "https://fenmoorgiantveg.org.uk/results",
    "Fenmoor Giant Vegetable Show",
    ("Home", "Schedule", "Results", "Records", "Growers' tips", "Contact"),
    "Results and records",
    "## 2024 class winners (weighed on 28 September)\n\n"
    "| Class | Grower | Weight / length |\n|---|---|---|\n"
    "| Giant pumpkin | Gwen Ashby | 1,416.5 lb (642.5 kg) |\n| Heaviest marrow | Dev Patel | 121.0 lb (54.9 kg) |\n"
    "| Heaviest onion | Colin Rudd | 17.2 lb (7.8 kg) |\n| Longest runner bean | Dev Patel | 36.5 in (92.7 cm) |\n\n"
    "## Show records\n\n"
    "| Class | Grower | Weight / length | Year |\n|---|---|---|---|\n"
    "| Giant pumpkin | D. Harrow | 1,545.5 lb (701.0 kg) | 2021 |\n| Heaviest marrow | Dev Patel | 134.4 lb (61.0 kg) | 2022 |",
)
RUNS.append(
    Run(
        "giantveg_pumpkin_weight",
        "goal_deviation",
        "How much did the winning giant pumpkin weigh at the 2024 Fenmoor Giant Vegetable Show, in kg? Number only.",
        [
            plan(
                "- the show: Fenmoor Giant Vegetable Show, 2024\n- the winning giant pumpkin is the heaviest pumpkin weighed at the show\n- the answer is a weight in kg",
                "1. Ask search_agent for the heaviest giant pumpkin weighed at the Fenmoor show (the show record for the class), in kg.\n2. Strip the unit and return the number.",
                bad=True,
            ),
            code(
                "Following the plan, I ask search_agent.",
                'r = search_agent(task="Find the heaviest giant pumpkin ever weighed at the Fenmoor Giant Vegetable Show (the show record for the giant pumpkin class), in kg.")\nprint(r)',
            ),
            code(
                "I take the weight in kg from the report.",
                'w = r.split("(")[1].split(")")[0]\nprint(float(w))',
            ),
            code(
                "The weight has its unit; I remove ' kg'.",
                'kg = float(w.replace(" kg", ""))\nprint(kg)',
            ),
            code("I return the number.", "final_answer(str(kg))"),
        ],
        [
            call("web_search", query="Fenmoor Giant Vegetable Show giant pumpkin record"),
            call("visit_webpage", url="https://fenmoorgiantveg.org.uk/results"),
            answer(
                "The Fenmoor show record for the giant pumpkin class is 1,545.5 lb (701.0 kg), grown by D. Harrow in 2021. (The 2024 class winner was Gwen Ashby's 642.5 kg pumpkin.)"
            ),
        ],
        [{"type": "exact_match", "value": "642.5"}],
        M,
        w,
        planning=10,
        note="the plan asks for the show record (701.0 kg, 2021) instead of the 2024 winner (642.5 kg)",
    )
)

# 10 goal deviation: the manager's first step asks the code-search agent for the contract
# scoring function where the issue is about matchpoints; a mistyped path in the sub-agent
w = World()
w.grep = {
    "score_contract": [
        {
            "path": "tests/test_contract.py",
            "line": 12,
            "text": "    assert score_contract(4, 'S', doubled=False, vulnerable=True, tricks=10) == 620",
        },
        {
            "path": "src/pairscore/contract.py",
            "line": 40,
            "text": "def score_contract(level, strain, doubled, vulnerable, tricks):",
        },
        {
            "path": "src/pairscore/matchpoints.py",
            "line": 7,
            "text": "from pairscore.contract import score_contract",
        },
    ],
    "matchpoints": [
        {
            "path": "src/pairscore/matchpoints.py",
            "line": 18,
            "text": "def award_matchpoints(board_results):",
        },
        {
            "path": "tests/test_matchpoints.py",
            "line": 5,
            "text": "from pairscore.matchpoints import award_matchpoints",
        },
        {
            "path": "docs/scoring.md",
            "line": 33,
            "text": "Ties share the matchpoints: each tied pair gets half a matchpoint per pair it ties with.",
        },
    ],
}
w.files = {
    "src/pairscore/contract.py": "\n".join(
        [
            '"""Duplicate bridge: the score of one contract, as the Laws of Duplicate Bridge (2017) give it."""',
            "",
            "from __future__ import annotations",
            "",
            "TRICK_VALUE = {'C': 20, 'D': 20, 'H': 30, 'S': 30, 'N': 30}",
            "FIRST_NT_TRICK = 40",
            "",
        ]
        + [f"# Law 77 table, row {i}" for i in range(32)]
        + [
            "def score_contract(level, strain, doubled, vulnerable, tricks):",
            '    """Score for the declaring side (negative when the contract fails)."""',
            "    needed = level + 6",
            "    if tricks < needed:",
            "        return -_undertricks(needed - tricks, doubled, vulnerable)",
            "    return _made(level, strain, doubled, vulnerable, tricks - needed)",
        ]
    ),
}
RUNS.append(
    Run(
        "bridge_matchpoint_ties",
        "goal_deviation",
        "Issue #203 in pairscore: 'Matchpoints are wrong when two pairs tie on a board: each should get half a matchpoint for the tie.' Which source file defines the function that awards matchpoints? Answer with the path only.",
        [
            code(
                "Wrong scores on a board come from the board scoring. I ask code_agent where a contract's score is computed.",
                'loc = code_agent(task="Find the source file that defines score_contract, the function that scores a contract on a board.")\nprint(loc)',
                bad=True,
            ),
            code(
                "I take the path from the report.",
                'print(loc.split("`")[1])',
            ),
            code(
                "That is the definition line, not the path; I match the path instead.",
                'import re\npath = re.search(r"src/[\\w/]+\\.py", loc).group(0)\nfinal_answer(path)',
            ),
        ],
        [
            call("search_code", pattern="score_contract"),
            call(
                "read_file",
                "The definition is in contract.py; I read it.",
                path="src/pairscore/contracts.py",
            ),
            call(
                "read_file", "The file is contract.py, singular.", path="src/pairscore/contract.py"
            ),
            answer(
                outcome(
                    "score_contract is defined in src/pairscore/contract.py (line 40).",
                    "search_code finds three matches: the definition `def score_contract(level, strain, doubled, vulnerable, tricks):` at src/pairscore/contract.py line 40, a call in tests/test_contract.py and an import in src/pairscore/matchpoints.py. The function returns the declaring side's score, negative when the contract fails.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "src/pairscore/matchpoints.py"}],
        M,
        w,
        sub_tools=("search_code", "read_file"),
        sub_name="code_agent",
        note="the issue is about awarding matchpoints (matchpoints.py); the delegation asks for score_contract (contract.py)",
    )
)

# 11 wrong format: the manager's last step writes the date day-first with the month's name
# where YYYY-MM-DD is asked; int() on an ordinal day fixed before
w = World()
w.search = [
    (
        ("ashby parva", "conker"),
        results(
            (
                "Ashby Parva Conker Championship 2025 - enter now",
                "https://ashbyparvaconkers.org.uk/",
                "The 2025 championship is on Sunday 12 October on the village green. Entry £3, conkers supplied ...",
            ),
            (
                "Past championships - Ashby Parva Conker Championship",
                "https://ashbyparvaconkers.org.uk/past",
                "Dates, champions and charities supported since 1987 ...",
            ),
            (
                "How to pick a winning conker (and why you shouldn't bake it)",
                "https://gardening.example.com/winning-conker",
                "The rules of most championships ban vinegar-soaked and baked conkers ...",
            ),
        ),
    )
]
w.pages["https://ashbyparvaconkers.org.uk/past"] = _site(
    "https://ashbyparvaconkers.org.uk/past",
    "Ashby Parva Conker Championship",
    ("Home", "Rules", "Enter", "Past championships", "Gallery", "Contact"),
    "Past championships",
    "| Year | Date | Men's champion | Women's champion | Raised for |\n|---|---|---|---|---|\n"
    "| 2024 | Sunday 13th October 2024 | Rob Kettle | Amira Shah | Air Ambulance (£2,140) |\n"
    "| 2023 | Sunday 8th October 2023 | Steve Dunn | Amira Shah | Village hall roof (£1,880) |\n"
    "| 2022 | Sunday 9th October 2022 | Steve Dunn | Lou Barton | Air Ambulance (£1,612) |",
)
RUNS.append(
    Run(
        "conker_championship_date",
        "wrong_format",
        "On what date was the 2023 Ashby Parva Conker Championship held? Answer in YYYY-MM-DD format.",
        [
            code(
                "I will ask search_agent for the date of the 2023 championship.",
                'r = search_agent(task="Find the date on which the 2023 Ashby Parva Conker Championship was held.")\nprint(r)',
            ),
            code(
                "I parse the day, month and year from the report.",
                'day, month, year = r.split("Sunday ")[1].split()[:3]\nprint(int(day), month, int(year.strip(".")))',
            ),
            code(
                "The day has an ordinal suffix; I strip it and build a date.",
                'from datetime import date\nmonths = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]\nd = date(int(year.strip(".")), months.index(month) + 1, int(day.rstrip("stndrh")))\nprint(d)',
            ),
            code("I give the date.", 'final_answer(d.strftime("%d %B %Y"))', bad=True),
        ],
        [
            call("web_search", query="Ashby Parva Conker Championship 2023 date"),
            call("visit_webpage", url="https://ashbyparvaconkers.org.uk/past"),
            answer(
                "The 2023 Ashby Parva Conker Championship was held on Sunday 8th October 2023. (Men's champion Steve Dunn, women's champion Amira Shah.)"
            ),
        ],
        [
            {"type": "exact_match", "value": "2023-10-08"},
            {"type": "regex", "value": r"^\d{4}-\d{2}-\d{2}$"},
        ],
        M,
        w,
        note="the manager's last step writes '08 October 2023' where YYYY-MM-DD is asked",
    )
)

# 12 wrong format: a single agent on a crossword-grid package answers with the class-qualified
# call where the bare function name is asked; a search that found nothing first
w = World()
w.grep = {
    "clue_number": [],
    "def number_": [
        {
            "path": "src/gridfill/grid.py",
            "line": 48,
            "text": "    def number_lights(self) -> dict[tuple[int, int], int]:",
        },
        {
            "path": "src/gridfill/export/puz.py",
            "line": 21,
            "text": "def number_to_letters(n: int) -> str:",
        },
    ],
}
w.files = {
    "src/gridfill/grid.py": "\n".join(
        [
            '"""A barred or blocked crossword grid."""',
            "",
            "from __future__ import annotations",
            "",
            "from dataclasses import dataclass, field",
            "",
            "BLOCK = '#'",
            "",
            "",
            "@dataclass",
            "class Grid:",
            "    rows: list[str]",
            "    bars_right: set[tuple[int, int]] = field(default_factory=set)",
            "    bars_below: set[tuple[int, int]] = field(default_factory=set)",
        ]
        + [f"    # helper {i}" for i in range(33)]
        + [
            "    def number_lights(self) -> dict[tuple[int, int], int]:",
            '        """Assign clue numbers to the cells that start an across or a down light."""',
            "        numbers, n = {}, 0",
            "        for r, row in enumerate(self.rows):",
            "            for c, cell in enumerate(row):",
            "                if cell == BLOCK:",
            "                    continue",
            "                across = (c == 0 or row[c - 1] == BLOCK) and c + 1 < len(row) and row[c + 1] != BLOCK",
            "                down = (r == 0 or self.rows[r - 1][c] == BLOCK) and r + 1 < len(self.rows) and self.rows[r + 1][c] != BLOCK",
            "                if across or down:",
            "                    n += 1",
            "                    numbers[(r, c)] = n",
            "        return numbers",
        ]
    ),
}
RUNS.append(
    Run(
        "crossword_numbering_function",
        "wrong_format",
        "Issue #58 in gridfill: 'Clue numbers skip a light when a bar separates two lights in the same row.' Which function assigns the clue numbers? Give the function's name only, without its class or parentheses.",
        [
            code("I search for clue numbering.", 'print(search_code(pattern="clue_number"))'),
            code(
                "Nothing. The function probably starts with 'number'.",
                'print(search_code(pattern="def number_"))',
            ),
            code(
                "number_lights in grid.py looks right; I read it to confirm it assigns clue numbers.",
                'print(read_file(path="src/gridfill/grid.py"))',
            ),
            code(
                "Its docstring says it assigns clue numbers, and it ignores bars_right, which is the bug.",
                'final_answer("Grid.number_lights()")',
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "number_lights"}],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        manager_name="coder",
        note="the last step answers 'Grid.number_lights()' where the bare name is asked",
    )
)

# 13 premature final answer: the manager answers with the leader after round two of a live
# blog, skipping the planned check of the official results; a dead link in the sub-agent
w = World()
w.search = [
    (
        ("eilean dubh", "skimming"),
        results(
            (
                "LIVE: Eilean Dubh Stone Skimming Championship 2024",
                "https://news.example.scot/live/eilean-dubh-skimming-2024",
                "Follow all the action from the quarry pool: 350 skimmers from 20 countries ...",
            ),
            (
                "Eilean Dubh Stone Skimming Championship - 2024",
                "https://skimming.example.scot/2024",
                "Official site: entries, rules and results of the 2024 championship ...",
            ),
            (
                "Eilean Dubh ferry timetable",
                "https://ferries.example.scot/eilean-dubh",
                "Sailings every 20 minutes, 07:00-19:00 ...",
            ),
            (
                "The physics of stone skimming",
                "https://science.example.com/skimming-physics",
                "Why a 20-degree angle of attack gives the most bounces ...",
            ),
        ),
    )
]
w.pages["https://news.example.scot/live/eilean-dubh-skimming-2024"] = (
    "# LIVE: Eilean Dubh Stone Skimming Championship 2024\n\nUpdated 15:42\n\n"
    "**15:40** The third and final round is under way. Official results will be posted on the championship website this evening.\n\n"
    "**14:05** After round two of three, Ruth Dabbs (Scotland) leads the women's competition with a skim of 48 m, ahead of Isla Brannigan (Ireland, 46 m) and Kerstin Vogel (Germany, 44 m).\n\n"
    "**12:30** Round one done: strong wind from the west, stones are sinking early.\n\n"
    "Related: Ferry disruption expected on Saturday · Sign up to our newsletter"
)
RUNS.append(
    Run(
        "skimming_womens_champion",
        "premature_final_answer",
        "Who won the women's title at the 2024 Eilean Dubh Stone Skimming Championship? Full name only.",
        [
            plan(
                "- the event: Eilean Dubh Stone Skimming Championship 2024, women's title",
                "1. Ask search_agent for the women's champion.\n2. If its source is provisional (a live report, an earlier round), ask search_agent to confirm with the official results.\n3. Return the name.",
            ),
            code(
                "I ask search_agent for the women's champion.",
                'r = search_agent(task="Find who won the women\'s title at the 2024 Eilean Dubh Stone Skimming Championship.")\nprint(r)',
            ),
            code(
                "Ruth Dabbs led the women's competition; she is the champion.",
                'final_answer("Ruth Dabbs")',
                bad=True,
            ),
        ],
        [
            call("web_search", query="Eilean Dubh Stone Skimming Championship 2024 women's winner"),
            call(
                "visit_webpage",
                "I open the official championship page first.",
                url="https://skimming.example.scot/2024/results",
            ),
            call(
                "visit_webpage",
                "The results page is not there; I read the live report.",
                url="https://news.example.scot/live/eilean-dubh-skimming-2024",
            ),
            answer(
                outcome(
                    "Ruth Dabbs (Scotland) was leading the women's competition after round two of three (48 m).",
                    "The live blog's 14:05 update says that after round two of three Ruth Dabbs led the women's competition with 48 m, ahead of Isla Brannigan (46 m) and Kerstin Vogel (44 m). Its last update, at 15:40, says the final round was under way and the official results would be posted on the championship website that evening.",
                    "The official results page (https://skimming.example.scot/2024/results) returned 404, so the final standings are not confirmed.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "Isla Brannigan"}],
        M,
        w,
        planning=10,
        note="the report gives only the leader after round two and says the final results were not confirmed; the manager answers at once",
    )
)

# 14 premature final answer: the code-search sub-agent answers with the module default without
# checking the profile override the code it read points to; a mistyped path before
w = World()
w.grep = {
    "WRAP_WIDTH": [
        {
            "path": "src/brailleweave/layout.py",
            "line": 9,
            "text": "WRAP_WIDTH = 40  # cells; a Profile's cells_per_line overrides it",
        },
        {
            "path": "src/brailleweave/layout.py",
            "line": 28,
            "text": "    width = width or profile.cells_per_line or WRAP_WIDTH",
        },
        {
            "path": "tests/test_layout.py",
            "line": 14,
            "text": "    assert len(wrap(long_text, profile=Profile())[0]) <= WRAP_WIDTH",
        },
    ],
}
w.files = {
    "src/brailleweave/layout.py": "\n".join(
        [
            '"""Line layout for embossed braille."""',
            "",
            "from __future__ import annotations",
            "",
            "from brailleweave.profiles import Profile, default_profile",
            "",
            "# Cells per line on a standard 11 x 11.5 inch sheet.",
            "",
            "WRAP_WIDTH = 40  # cells; a Profile's cells_per_line overrides it",
            "",
        ]
        + [f"# layout note {i}" for i in range(14)]
        + [
            "",
            "def wrap(text: str, width: int | None = None, profile: Profile | None = None) -> list[str]:",
            "    profile = profile or default_profile()",
            "    width = width or profile.cells_per_line or WRAP_WIDTH",
            "    lines, line = [], ''",
            "    for word in text.split('\u2800'):",
            "        if len(line) + len(word) + 1 > width:",
            "            lines.append(line)",
            "            line = ''",
            "        line = f'{line}\u2800{word}' if line else word",
            "    return lines + [line]",
        ]
    ),
    "src/brailleweave/profiles.py": "\n".join(
        [
            "from dataclasses import dataclass",
            "",
            "@dataclass",
            "class Profile:",
            "    name: str = 'custom'",
            "    cells_per_line: int | None = None",
            "",
            "def default_profile() -> Profile:",
            "    return Profile(name='ueb-a4', cells_per_line=32)",
        ]
    ),
}
RUNS.append(
    Run(
        "braille_wrap_width",
        "premature_final_answer",
        "In brailleweave, how many cells per line does wrap() use when it is called with the default profile and no width? Number only.",
        [
            code(
                "I will ask code_agent to find the wrap width used with the default profile.",
                'r = code_agent(task="In brailleweave, find how many cells per line wrap() uses when it is called with no width and the default profile.")\nprint(r)',
            ),
            code(
                "I take the number from the short version of the report.",
                'import re\nfinal_answer(re.search(r"(\\d+) cells", r).group(1))',
            ),
        ],
        [
            call("search_code", pattern="WRAP_WIDTH"),
            call("read_file", path="src/brailleweave/layuot.py"),
            call(
                "read_file",
                "A typo in the path; I read layout.py.",
                path="src/brailleweave/layout.py",
            ),
            answer(
                outcome(
                    "wrap() uses 40 cells per line (WRAP_WIDTH in src/brailleweave/layout.py).",
                    "src/brailleweave/layout.py defines WRAP_WIDTH = 40 at line 9, and wrap() sets `width = width or profile.cells_per_line or WRAP_WIDTH`. Called with no width and the default profile, it wraps at WRAP_WIDTH, 40 cells.",
                ),
                "WRAP_WIDTH is the default width, so that is the answer.",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "32"}],
        "code_agent",
        w,
        sub_tools=("search_code", "read_file"),
        sub_name="code_agent",
        note="wrap() takes profile.cells_per_line first; default_profile() sets 32; the sub-agent answers 40 without reading profiles.py",
    )
)

# 15 looping: a single agent with web tools rewords the same search until max_steps instead of
# opening the results page the first search listed
w = World()
w.search = [
    (
        ("brackenfield", "250"),
        results(
            (
                "Brackenfield Park 5k - event #250 results",
                "https://brackenfield5k.org/results/250",
                "Event #250, 14 September 2024: 412 finishers, 61 volunteers. First finisher: Kai Moreno 16:03 ...",
            ),
            (
                "Brackenfield 5k celebrates its 250th run with cake and a brass band",
                "https://news.example.co.uk/brackenfield-250",
                "Hundreds turned out on Saturday for the 250th Brackenfield Park 5k ...",
            ),
            (
                "Brackenfield Park - opening hours and café",
                "https://parks.example.gov.uk/brackenfield",
                "Open 7am to dusk. Café open 8am-4pm ...",
            ),
        ),
    )
]
w.pages["https://brackenfield5k.org/results/250"] = _site(
    "https://brackenfield5k.org/results/250",
    "Brackenfield Park 5k",
    ("Home", "Course", "Results", "Volunteer", "Milestones", "Contact"),
    "Event #250 results",
    "14 September 2024 · 412 finishers · 61 volunteers · 38 first-timers · 47 PBs\n\n"
    "| Pos | Name | Gender pos | Age grade | Time |\n|---|---|---|---|---|\n"
    "| 1 | Kai Moreno | M 1 | 78.4% | 16:03 |\n| 2 | Joe Pritchard | M 2 | 74.9% | 16:48 |\n| 9 | Freya Lund | F 1 | 81.2% | 18:42 |\n| 14 | Nia Obi | F 2 | 76.0% | 19:15 |",
)
RUNS.append(
    Run(
        "timetrial_fastest_woman",
        "looping",
        "What was the fastest women's time at Brackenfield Park 5k event #250? Answer as mm:ss.",
        [
            code(
                "I search for the event's results.",
                'print(web_search(query="Brackenfield Park 5k event 250 results"))',
            ),
            code(
                "The snippet gives the first finisher, not the first woman. I search for the first female finisher.",
                'print(web_search(query="Brackenfield Park 5k event 250 first female finisher time"))',
                bad=True,
            ),
            code(
                "Still only the first finisher. I try another wording.",
                'print(web_search(query="Brackenfield 5k event #250 fastest woman time"))',
                bad=True,
            ),
            code(
                "Let me search for the women's result directly.",
                'print(web_search(query="Brackenfield Park 5k 250 women\'s winner time"))',
                bad=True,
            ),
            code(
                "One more search with the date.",
                'print(web_search(query="Brackenfield Park 5k event 250 14 September 2024 first woman"))',
                bad=True,
            ),
            text(
                "I could not find the fastest women's time for Brackenfield Park 5k event #250; the search results only give the first finisher, Kai Moreno, in 16:03."
            ),
        ],
        None,
        [
            {"type": "contains", "value": "18:42"},
            {"type": "tool_called", "tool": "web_search", "max": 2},
        ],
        "researcher",
        w,
        manager_tools=("web_search", "visit_webpage"),
        manager_name="researcher",
        max_steps=5,
        note="the first search lists the results page; the agent rewords the search four times until max_steps",
    )
)

# 16 looping: the search sub-agent repeats near-identical searches until its max_steps and
# never opens the festival's results page
w = World()
w.search = [
    (
        ("wyvern", "agility"),
        results(
            (
                "Wyvern Agility Festival 2024 - results",
                "https://wyvernagility.org.uk/2024/results",
                "Results for all rings, grades 1-7, jumping and agility. Grade 7 finals on Sunday ...",
            ),
            (
                "Wyvern Agility Festival 2024 - camping and trade stands",
                "https://wyvernagility.org.uk/2024/camping",
                "Camping opens Thursday at noon. Electric hook-up £18 per night ...",
            ),
            (
                "Border collie Moss takes Grade 7 jumping title",
                "https://dogsnews.example.com/moss-grade-7-jumping",
                "Moss and handler Dai Evans won the Grade 7 Jumping final at Wyvern ...",
            ),
        ),
    )
]
w.pages["https://wyvernagility.org.uk/2024/results"] = _site(
    "https://wyvernagility.org.uk/2024/results",
    "Wyvern Agility Festival",
    ("Home", "Schedule", "Results", "Camping", "Trade stands", "Contact"),
    "2024 results",
    "## Grade 7 Agility final (large)\n1. Tansy - Rhian Morgan - 31.82 s, clear\n2. Pip - Sam Cole - 32.40 s, clear\n3. Moss - Dai Evans - 33.05 s, clear\n\n"
    "## Grade 7 Jumping final (large)\n1. Moss - Dai Evans - 27.11 s, clear\n2. Tansy - Rhian Morgan - 27.64 s, clear",
)
RUNS.append(
    Run(
        "agility_grade7_winner",
        "looping",
        "Which dog won the Grade 7 Agility final (large) at the 2024 Wyvern Agility Festival? Give the dog's name only.",
        [
            code(
                "I will ask search_agent for the winner.",
                'r = search_agent(task="Find which dog won the Grade 7 Agility final (large) at the 2024 Wyvern Agility Festival. Note: Agility, not Jumping.")\nprint(r)',
            ),
            code(
                "The search agent could not confirm the winner.",
                'final_answer("Not found")',
            ),
        ],
        [
            call("web_search", query="Wyvern Agility Festival 2024 Grade 7 Agility final winner"),
            call(
                "web_search",
                "The only winner in the results is from the Jumping final. I search for the Agility final.",
                bad=True,
                query="Wyvern Agility Festival 2024 Grade 7 Agility final large winner",
            ),
            call(
                "web_search",
                "Still the Jumping final. I search again.",
                bad=True,
                query="2024 Wyvern Agility Festival Grade 7 agility final winner dog",
            ),
            call(
                "web_search",
                "I try another wording.",
                bad=True,
                query="Wyvern Agility 2024 G7 agility final result",
            ),
            call(
                "web_search",
                "One more search.",
                bad=True,
                query="Wyvern Agility Festival 2024 Grade 7 Agility winner",
            ),
            text(
                "### 1. Task outcome (short version):\nNot found.\n\n### 2. Task outcome (extremely detailed version):\nThe searches only found the Grade 7 Jumping final (won by Moss, handler Dai Evans); no result gave the winner of the Grade 7 Agility final."
            ),
        ],
        [
            {"type": "contains", "value": "Tansy"},
            {"type": "tool_called", "tool": "web_search", "max": 2},
        ],
        S,
        w,
        sub_max_steps=5,
        note="the first search lists the results page; the sub-agent rewords the search until its max_steps",
    )
)
