# ruff: noqa: E501  (scripted replies, pages and JSON are data, kept one item a line)
"""The runs of the `occulted` family: scripted replies and the offline world their tools read.

Sixteen runs of a smolagents manager CodeAgent with a managed ToolCallingAgent (a search agent,
or a code-search agent), or of a single CodeAgent on the JSON API or the code search, two per
fault of the taxonomy, each with one decisive fault labelled at the LLM call that decided it
(`bad=True` on its reply; on every repeat for a loop). Written in one sweep without reading
blame's rules, the other held-out families' runs or any score; see smolagents_occulted.py. The
systems, the tools, the reply helpers and `Run` are those of the sweep family
(corpus/sweep_runs.py).
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
    results,
    text,
)

RUNS: list[Run] = []
"""The runs, in the order they were written: two per fault, in the order of FAULTS."""

_MENU = ("Home", "Visit", "What's on", "Shop", "Support us", "About", "Contact")
"""The menu most small organisations' sites put above every page."""


def _slug(item: str) -> str:
    return item.lower().replace("'", "").replace(" ", "-")


def _site(
    org: str,
    base: str,
    title: str,
    body: str,
    menu: tuple[str, ...] = _MENU,
    footer: str = "",
) -> str:
    """A page of a small organisation's site as a page visitor renders it: menu, body, footer."""
    nav = "\n".join(f"* [{item}]({base}/{_slug(item)})" for item in menu)
    foot = footer or (
        f"{org}\n\n[Privacy policy]({base}/privacy) | [Cookies]({base}/cookies) | "
        f"[Accessibility]({base}/accessibility) | [Sitemap]({base}/sitemap)\n\n"
        "Sign up to our newsletter: [Subscribe](" + base + "/newsletter)"
    )
    return (
        f"[Skip to main content](#main)\n\n{nav}\n\n[Search]({base}/search)\n\n# {title}\n\n"
        f"{body}\n\n---\n\n{foot}\n"
    )


def _plan(given: str, look_up: str, derive: str, steps: str, bad: bool = False):
    """An initial plan in the headings smolagents' planning prompt asks for."""
    return text(
        f"## 1. Facts survey\n### 1.1. Facts given in the task\n{given}\n\n### 1.2. Facts to look up\n"
        f"{look_up}\n\n### 1.3. Facts to derive\n{derive}\n\n## 2. Plan\n{steps}\n<end_plan>",
        bad,
    )


def _replan(given: str, learned: str, look_up: str, derive: str, steps: str, bad: bool = False):
    """An updated plan in the headings smolagents' update prompt asks for."""
    return text(
        f"## 1. Updated facts survey\n### 1.1. Facts given in the task\n{given}\n\n"
        f"### 1.2. Facts that we have learned\n{learned}\n\n### 1.3. Facts still to look up\n"
        f"{look_up}\n\n### 1.4. Facts still to derive\n{derive}\n\n## 2. Plan\n{steps}\n<end_plan>",
        bad,
    )


# 1 misread_tool_output: the manager's last code step takes the wrong row of a keepers' roll
# (the next row's "To" year); the sub-agent got over a dead link and reported the roll in full.
_NLK = "https://nlkarchive.org.uk"
w = World()
w.search = [
    (
        ("nlkarchive", "skerrow"),
        results(
            (
                "Skerrow Point | Stations | Northern Lights Keepers' Archive",
                f"{_NLK}/stations/skerrow-point/",
                "Station record for Skerrow Point: keepers' roll 1958-1991, log books, photographs and the automation file.",
            ),
            (
                "Keepers' rolls | Northern Lights Keepers' Archive",
                f"{_NLK}/rolls/",
                "Rolls of principal, assistant and occasional keepers for 64 stations, compiled from the Board's staff books.",
            ),
        ),
    ),
    (
        ("skerrow",),
        results(
            (
                "Skerrow Point - Northern Lights Keepers' Archive",
                "https://www.nlkarchive.org.uk/stations/skerrow-point.html",
                "Skerrow Point lighthouse: keepers' roll, station history, log books...",
            ),
            (
                "Skerrow Point Lighthouse - Wikipedia",
                "https://en.wikipedia.org/wiki/Skerrow_Point_Lighthouse",
                "Skerrow Point Lighthouse is an active lighthouse on the north coast of Sutherland. First lit in 1849, it was automated in 1991.",
            ),
            (
                "Keeper's Cottage, Skerrow Point | Coastal Cottages",
                "https://coastalcottages.example.com/skerrow-point",
                "Sleeps 4. Stay in the former assistant keepers' cottage with views to Orkney. Dogs welcome.",
            ),
        ),
    ),
]
w.pages[f"{_NLK}/stations/skerrow-point/"] = _site(
    "Northern Lights Keepers' Archive - a volunteer project. Scottish charity SC049117.",
    _NLK,
    "Skerrow Point",
    "Stations > North coast > **Skerrow Point**\n\n"
    "| | |\n|---|---|\n| Established | 1849 |\n| Engineer | Alan Stevenson |\n| Character | Fl (2) W 20s |\n"
    "| Automated | 31 March 1991 |\n| Status | Active, monitored from Edinburgh |\n\n"
    "## Keepers' roll\n\nCompiled from the staff books and the keepers' own recollections. Occasional keepers are listed where known.\n\n"
    "| Keeper | Rank | From | To | Notes |\n|---|---|---|---|---|\n"
    "| Alexander Munro | Principal Keeper | 1958 | 1969 | transferred to Cape Wrath |\n"
    "| Hector Gunn | Principal Keeper | 1969 | 1984 | retired |\n"
    "| Iain Rennie | Assistant Keeper | 1979 | 1991 | stayed until automation |\n"
    "| Donald MacAskill | Principal Keeper | 1984 | 1988 | transferred to Ardnamurchan |\n"
    "| Callum Ross | Assistant Keeper | 1986 | 1991 | stayed until automation |\n"
    "| Morag Sutherland | Occasional Keeper | 1988 | 1991 | |\n\n"
    "After MacAskill's transfer the station was run by its two assistant keepers until the light was automated.\n\n"
    "## Log books\n\nLog books 1958-1991 are held by the National Records of Scotland (NLC4/1/112-139). Scans of 1961-1964 are on our [downloads](/downloads) page.\n\n"
    "## Photographs\n\n23 photographs. [View gallery](/gallery/skerrow-point)\n\n"
    "Do you have memories of Skerrow Point? [Tell us](/contribute).",
    menu=("Home", "Stations", "Keepers", "Rolls", "Stories", "Downloads", "Contribute", "About"),
)
RUNS.append(
    Run(
        "lighthouse_roll_row",
        "misread_tool_output",
        "According to the Northern Lights Keepers' Archive, in what year did the last principal keeper of Skerrow Point Lighthouse leave the station? Answer with the year only.",
        [
            _plan(
                "- The station: Skerrow Point Lighthouse.\n- The source to use: the Northern Lights Keepers' Archive.\n- We want the year the last principal keeper left.",
                "- The archive's keepers' roll for Skerrow Point, with ranks and years of service (search_agent can find and read it).",
                "- The last principal keeper on the roll and the year their service ended.",
                "1. Ask search_agent for the Skerrow Point keepers' roll from the archive, with every keeper's rank and years.\n2. Find the last principal keeper in the roll and the year they left.\n3. Return the year.",
            ),
            code(
                "I ask search_agent for the keepers' roll.",
                """roll = search_agent(task="Find the keepers' roll for Skerrow Point Lighthouse in the Northern Lights Keepers' Archive (nlkarchive.org.uk). Report every keeper listed with their rank and the years they served, and the date the station was automated.")
print(roll)""",
            ),
            code(
                "The roll's last principal keeper is Donald MacAskill, and his service ran to 1991, when the station was automated.",
                'final_answer("1991")',
                bad=True,
            ),
        ],
        [
            call(
                "web_search",
                query="Skerrow Point lighthouse keepers roll Northern Lights Keepers' Archive",
            ),
            call(
                "visit_webpage",
                "The first result is the archive's station page.",
                url="https://www.nlkarchive.org.uk/stations/skerrow-point.html",
            ),
            call(
                "web_search",
                "That address is dead; the archive may have moved its pages. I search its own site.",
                query="nlkarchive Skerrow Point keepers",
            ),
            call("visit_webpage", url=f"{_NLK}/stations/skerrow-point/"),
            answer(
                outcome(
                    "The Northern Lights Keepers' Archive's roll for Skerrow Point lists six keepers between 1958 and the station's automation on 31 March 1991.",
                    "Source: https://nlkarchive.org.uk/stations/skerrow-point/ (the old .html address returned 404).\n\n"
                    "| Keeper | Rank | From | To |\n|---|---|---|---|\n"
                    "| Alexander Munro | Principal Keeper | 1958 | 1969 |\n"
                    "| Hector Gunn | Principal Keeper | 1969 | 1984 |\n"
                    "| Iain Rennie | Assistant Keeper | 1979 | 1991 |\n"
                    "| Donald MacAskill | Principal Keeper | 1984 | 1988 |\n"
                    "| Callum Ross | Assistant Keeper | 1986 | 1991 |\n"
                    "| Morag Sutherland | Occasional Keeper | 1988 | 1991 |\n\n"
                    "Automated: 31 March 1991.",
                    "The station page also gives: established 1849, engineer Alan Stevenson, now monitored from Edinburgh.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "1988"}],
        M,
        w,
        planning=6,
        summary=True,
        note="roll: MacAskill, principal keeper, 1984-1988, then assistants until 1991; the manager answers 1991",
    )
)

# 2 misread_tool_output: a single agent on the JSON API takes the wrong column of a survey
# table (autumn 2023 for spring 2024) in a middle step, after a string-indexing error.
_SURVEY = "/fbka/surveys/winter-losses?year=2024"
_COLUMNS = [
    "group",
    "members",
    "colonies_autumn_2023",
    "colonies_spring_2024",
    "losses",
    "loss_pct",
]
w = World()
w.api = {
    _SURVEY: {
        "survey": "FBKA winter colony loss survey 2023-24",
        "published": "2024-06-03",
        "columns": _COLUMNS,
        "rows": [
            ["Ashwell Fen", 23, 97, 81, 16, 16.5],
            ["Brackley Heath", 37, 142, None, None, None],
            ["Coldharbour", 18, 64, 58, 6, 9.4],
            ["Dunsby & Rippingale", 29, 115, 96, 19, 16.5],
            ["Eastgate", 12, None, 40, None, None],
        ],
        "page": 1,
        "pages": 2,
        "next": f"{_SURVEY}&page=2",
        "notes": "Colony counts as reported by members. null where a group did not return the form.",
    },
    f"{_SURVEY}&page=2": {
        "survey": "FBKA winter colony loss survey 2023-24",
        "published": "2024-06-03",
        "columns": _COLUMNS,
        "rows": [
            ["Gosberton", 21, 88, 71, 17, 19.3],
            ["Mardle Vale", 41, 188, 152, 36, 19.1],
            ["Northorpe", 15, 52, 49, 3, 5.8],
            ["Swaton", 9, 31, 24, 7, 22.6],
        ],
        "page": 2,
        "pages": 2,
        "next": None,
        "notes": "Colony counts as reported by members. null where a group did not return the form.",
    },
}
RUNS.append(
    Run(
        "bees_survey_column",
        "misread_tool_output",
        "According to the Fenwold Beekeepers' Association's winter-loss survey (available from the statistics API at /fbka/surveys/winter-losses?year=2024), how many colonies did the Mardle Vale group have in spring 2024? Number only.",
        [
            code(
                "I fetch the survey and look at the first rows.",
                f"""data = fetch_json(endpoint="{_SURVEY}")
print(data["rows"][:3])""",
            ),
            code(
                "fetch_json returns a JSON string; I parse it, follow the pages and find Mardle Vale.",
                f"""import json
rows = []
endpoint = "{_SURVEY}"
while endpoint:
    page = json.loads(fetch_json(endpoint=endpoint))
    rows.extend(page["rows"])
    endpoint = page["next"]
print(page["columns"])
mardle = [r for r in rows if r[0] == "Mardle Vale"][0]
print(mardle)""",
            ),
            code(
                "After the group name and the member count come the colony counts: Mardle Vale had 188 colonies in spring 2024.",
                "spring_2024 = mardle[2]\nprint(spring_2024)",
                bad=True,
            ),
            code("I return the count.", "final_answer(str(spring_2024))"),
        ],
        None,
        [{"type": "exact_match", "value": "152"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="columns: group, members, autumn 2023, spring 2024; the agent reads index 2 (188) for spring 2024 (152)",
    )
)

# 3 hallucinated_fact: the manager's middle code step writes a furnace year the report did not
# give; the sub-agent retried a rate limit and hit a dead news link.
_RG = "https://rennickglass.co.uk"
w = World()
w.search = [
    (
        ("rennick",),
        results(
            (
                "About us | Rennick Glass Studio",
                f"{_RG}/about",
                "Hand-blown glass made in Kelda Bridge since 1976. Meet the makers, visit the hot shop, book a taster session.",
            ),
            (
                "Our story | Rennick Glass Studio",
                f"{_RG}/our-story",
                "From the old dairy at Kelda Bridge to the hot shop today: five decades in pictures.",
            ),
            (
                "Rennick Glass marks 50 years of glassmaking - Cumbria Courier",
                "https://www.cumbriacourier.example.com/news/2026/01/rennick-glass-50-years",
                "The studio that two art-school graduates started in a disused dairy celebrates its half-century this spring...",
            ),
            (
                "Rennick blown glass tumblers - set of 4 | Homeware",
                "https://shop.example.com/rennick-tumblers",
                "Set of four hand-blown tumblers in sea green. Free delivery over £50.",
            ),
        ),
    )
]
w.fail[("web_search", 0)] = (
    "429 Too Many Requests: rate limit exceeded for this API key, retry after 2 seconds"
)
w.pages[f"{_RG}/about"] = _site(
    "Rennick Glass Studio Ltd, The Old Dairy, Kelda Bridge, Cumbria. Company no. 01293377.",
    _RG,
    "About us",
    "Rennick Glass was founded in 1976 by Margaret and Tom Rennick, two graduates of the Stourbridge glass course, in the old dairy at Kelda Bridge. "
    "Fifty years on, a team of five makers blows everything by hand, from paperweights to commissioned lighting.\n\n"
    "## The hot shop\n\nToday the hot shop runs a 150 kg recuperative furnace, two glory holes and three annealing ovens. "
    "The furnace is kept at about 1,150 °C around the clock from March to December; we let it down for relining every January.\n\n"
    "## Visit\n\nThe gallery is open Tuesday to Saturday, 10:00-16:30. Demonstrations at 11:00 and 14:00 (not in January).\n\n"
    "## Taster sessions\n\nMake your own paperweight in 30 minutes. £65 per person, ages 12 and over. [Book now](/book)",
    menu=("Home", "Shop", "Commissions", "Taster sessions", "Visit", "About", "Contact"),
)
w.pages[f"{_RG}/our-story"] = _site(
    "Rennick Glass Studio Ltd, The Old Dairy, Kelda Bridge, Cumbria. Company no. 01293377.",
    _RG,
    "Our story",
    "- **1976** Margaret and Tom Rennick rent the old dairy and build an oil-fired pot furnace.\n"
    "- **1982** The first gallery opens in the former milking parlour.\n"
    "- **1989** The first recuperative furnace replaces the pot furnace, cutting fuel use by a third.\n"
    "- **1997** Lighting commissions for Carlisle Cathedral's refectory.\n"
    "- **2008** Daughter Ellen Rennick takes over the studio.\n"
    "- **2019** New annealing ovens; the studio runs on a green electricity tariff.",
    menu=("Home", "Shop", "Commissions", "Taster sessions", "Visit", "About", "Contact"),
)
RUNS.append(
    Run(
        "glass_furnace_year",
        "hallucinated_fact",
        "How many years after the Rennick Glass Studio was founded was its first recuperative furnace installed? Number only.",
        [
            code(
                "I ask search_agent for both years.",
                """report = search_agent(task="Find (1) the year the Rennick Glass Studio (Kelda Bridge, Cumbria) was founded and (2) the year its first recuperative furnace was installed. Give the source for each year.")
print(report)""",
            ),
            code(
                "The studio was founded in 1976. Its first recuperative furnace went in with the rebuild of the hot shop in 1994.",
                "founded = 1976\nfurnace = 1994\nprint(furnace - founded)",
                bad=True,
            ),
            code("I return the difference.", "final_answer(str(furnace - founded))"),
        ],
        [
            call("web_search", query="Rennick Glass Studio founded recuperative furnace"),
            call(
                "web_search",
                "The search was rate-limited; I try again.",
                query="Rennick Glass Studio founded recuperative furnace",
            ),
            call("visit_webpage", url=f"{_RG}/about"),
            call(
                "visit_webpage",
                "The About page gives the founding year and says the studio runs a recuperative furnace today, but not when it was installed. The anniversary article may say.",
                url="https://www.cumbriacourier.example.com/news/2026/01/rennick-glass-50-years",
            ),
            answer(
                outcome(
                    "Founded in 1976. I could not find the year the first recuperative furnace was installed.",
                    "- Founding year: 1976, from the studio's About page (https://rennickglass.co.uk/about): 'Rennick Glass was founded in 1976 by Margaret and Tom Rennick ... in the old dairy at Kelda Bridge.'\n"
                    "- Recuperative furnace: the About page says that today the hot shop runs a 150 kg recuperative furnace, two glory holes and three annealing ovens, but gives no installation year.\n"
                    "- The Cumbria Courier anniversary article returned 404 Not Found.",
                    "The search results also list an 'Our story' page with a timeline (https://rennickglass.co.uk/our-story), which I did not open.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "13"}],
        M,
        w,
        note="the report gives 1976 and no furnace year; the manager writes 1994 (the timeline says 1989)",
    )
)

# 4 hallucinated_fact: the sub-agent's first call, its initial plan, states the licence year as
# a known fact; its search and final answer carry it; the right year is on a page it did not read.
_CF = "https://caldermoorfalconry.co.uk"
w = World()
w.search = [
    (
        ("caldermoor",),
        results(
            (
                "Merlin conservation | Caldermoor Falconry Centre",
                f"{_CF}/conservation/merlins",
                "Our captive-breeding programme for merlins, the UK's smallest falcon: releases, ringing and research.",
            ),
            (
                "Caldermoor celebrates 25 years of merlin breeding - Dales Courier",
                "https://dalescourier.example.com/2022/05/12/caldermoor-merlins",
                "Staff and volunteers gathered on Thursday to mark the milestone, with a release of six young birds...",
            ),
            (
                "Caldermoor Falconry Centre (Helmsby) - Reviews",
                "https://reviews.example.com/attraction/caldermoor-falconry",
                "4.7 of 5, 1,204 reviews. 'The owl handling session was the highlight of our holiday.'",
            ),
        ),
    )
]
w.pages[f"{_CF}/conservation/merlins"] = _site(
    "Caldermoor Falconry Centre, Helmsby, North Yorkshire. Registered charity 1071835.",
    _CF,
    "Merlin conservation",
    "The merlin is the UK's smallest bird of prey and one of its most threatened upland breeders. "
    "Caldermoor keeps four breeding pairs in off-show aviaries behind the flying ground.\n\n"
    "## Our programme\n\nSince the programme was licensed by the then Department of the Environment, our pairs have reared 212 young merlins. "
    "148 have been released under licence on the North York Moors, most of them fitted with rings and, since 2016, with 1.6 g radio tags.\n\n"
    "## Breeding season\n\nThe aviaries are closed to visitors from 1 April to 31 July. Daily flying displays continue at 11:30 and 14:30.\n\n"
    "## Support the programme\n\nAdopt a merlin from £30 a year. [Adopt now](/adopt)",
    menu=(
        "Home",
        "Visit",
        "Flying displays",
        "Experiences",
        "Conservation",
        "Adopt a bird",
        "Contact",
    ),
)
w.pages["https://dalescourier.example.com/2022/05/12/caldermoor-merlins"] = (
    "# Caldermoor celebrates 25 years of merlin breeding\n\n12 May 2022\n\n"
    "Staff and volunteers at the Caldermoor Falconry Centre gathered on Thursday to mark 25 years since the centre was first licensed to breed merlins, in the spring of 1997. "
    "Six young birds were released on the moor above Helmsby."
)
RUNS.append(
    Run(
        "falconry_licence_plan",
        "hallucinated_fact",
        "In what year was the Caldermoor Falconry Centre first licensed to breed merlins? Year only.",
        [
            code(
                "I delegate the lookup to search_agent.",
                """info = search_agent(task="Find the year the Caldermoor Falconry Centre (Helmsby, North Yorkshire) was first licensed to breed merlins, with a source.")
print(info)""",
            ),
            code("The report gives the year.", 'final_answer("1994")'),
        ],
        [
            _plan(
                "- The centre: Caldermoor Falconry Centre, Helmsby, North Yorkshire.\n- Its merlin captive-breeding programme began under licence in 1994, when the centre opened its off-show breeding aviaries.",
                "- A source for the licence year: the centre's conservation pages, or local news coverage of the programme.",
                "- Nothing to compute; report the year with the source.",
                "1. Search for the centre's merlin breeding programme and its licence.\n2. Read the centre's merlin conservation page.\n3. Report the licence year and the source.",
                bad=True,
            ),
            call(
                "web_search",
                query="Caldermoor Falconry Centre merlin breeding licence 1994",
            ),
            call("visit_webpage", url=f"{_CF}/conservation/merlins"),
            answer(
                outcome(
                    "The Caldermoor Falconry Centre was first licensed to breed merlins in 1994.",
                    "The centre's merlin conservation page (https://caldermoorfalconry.co.uk/conservation/merlins) describes the programme, licensed by the then Department of the Environment: four breeding pairs, 212 young reared, 148 released on the North York Moors. "
                    "The licence dates from 1994, when the breeding aviaries opened.",
                    "Aviaries are closed to visitors 1 April - 31 July; radio tags have been fitted since 2016.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "1997"}],
        S,
        w,
        sub_planning=5,
        note="the sub-agent's initial plan states 1994; no page it read gives a year; the newspaper gives 1997",
    )
)

# 5 ignored_tool_error: the trust's page answers 503; the sub-agent's next call states the
# flight's rise and goes on to count the locks; the manager fixes a regex and divides.
_BC = "https://bramwellcanal.org.uk/explore/hatherley-flight"
w = World()
w.search = [
    (
        ("hatherley",),
        results(
            (
                "Hatherley Flight | Bramwell Canal Trust",
                _BC,
                "Explore the Hatherley flight: lock-by-lock guide, rise, lock-keeper hours and moorings.",
            ),
            (
                "Bramwell Canal - Wikipedia",
                "https://en.wikipedia.org/wiki/Bramwell_Canal",
                "The Bramwell Canal is a narrow canal in the West Midlands of England, 31 miles long, with 58 locks...",
            ),
            (
                "Twenty-one locks in a day: our Hatherley flight diary",
                "https://narrowboatdiaries.example.com/2023/06/hatherley-in-a-day",
                "We set off from the bottom lock at 07:40 with a crew of four. Tips on the lock-keepers' hours...",
            ),
        ),
    )
]
w.fail[("visit_webpage", 0)] = f"503 Server Error: Service Unavailable for url: {_BC}"
w.pages["https://en.wikipedia.org/wiki/Bramwell_Canal"] = (
    "# Bramwell Canal\n\nFrom Wikipedia, the free encyclopedia\n\n"
    "The **Bramwell Canal** is a narrow canal in the West Midlands of England. It runs for 31 miles (50 km) from the River Severn at Stourport to a junction with the Birmingham Canal Navigations at Tipton, "
    "climbing to a summit level 126 m (413 ft) above sea level.\n\n"
    "## History\n\nAuthorised by an Act of Parliament in 1791, the canal opened throughout in 1799. Commercial traffic ended in 1958; the canal was restored by volunteers between 1974 and 1992.\n\n"
    "## Locks\n\nThe canal has 58 locks. Most are grouped in four flights:\n\n"
    "| Flight | Locks | Notes |\n|---|---|---|\n"
    "| Severn Bank | 4 | broad locks to the river basin |\n"
    "| Coldbrook | 7 | |\n"
    "| Hatherley | 21 | the steepest flight on the canal, with side ponds |\n"
    "| Pennock | 11 | |\n\n"
    "The remaining 15 locks are single locks spread along the canal.\n\n"
    "## See also\n- Canals of the United Kingdom\n- Stourbridge Canal\n\n"
    "## References\n1. ^ Bramwell Canal Trust, *Hatherley Flight* guide.\n2. ^ Hadfield, C. *The Canals of the West Midlands*, 1966.\n"
)
w.pages["https://narrowboatdiaries.example.com/2023/06/hatherley-in-a-day"] = (
    "# Twenty-one locks in a day\n\nPosted 18/06/2023\n\nThe Hatherley flight lifts the canal 212 ft (64.6 m) in 21 locks, and we did the lot in just under six hours."
)
RUNS.append(
    Run(
        "canal_rise_after_503",
        "ignored_tool_error",
        "What is the average rise per lock of the Hatherley flight on the Bramwell Canal, in metres, rounded to two decimal places? Number only.",
        [
            code(
                "I ask search_agent for the flight's total rise and its number of locks.",
                """report = search_agent(task="For the Hatherley flight of locks on the Bramwell Canal, find the total rise of the flight in metres and the number of locks in the flight. Give the source for each figure.")
print(report)""",
            ),
            code(
                "I extract the rise and the number of locks and divide.",
                """import re
rise = float(re.search(r"total rise of ([\\d.]+)m", report).group(1))
locks = int(re.search(r"(\\d+) locks", report).group(1))
print(rise, locks, rise / locks)""",
            ),
            code(
                "The report writes a space before the unit; I allow for it.",
                """rise = float(re.search(r"total rise of ([\\d.]+) ?m", report).group(1))
locks = int(re.search(r"(\\d+) locks", report).group(1))
print(rise, locks, round(rise / locks, 2))""",
            ),
            code("I return the average rise per lock.", 'final_answer(f"{rise / locks:.2f}")'),
        ],
        [
            call(
                "web_search",
                query="Hatherley flight Bramwell Canal total rise number of locks",
            ),
            call("visit_webpage", url=_BC),
            call(
                "visit_webpage",
                "The Hatherley flight has a total rise of 62.4 m. I still need the number of locks in the flight; the canal's article lists its flights.",
                bad=True,
                url="https://en.wikipedia.org/wiki/Bramwell_Canal",
            ),
            answer(
                outcome(
                    "The Hatherley flight has 21 locks and a total rise of 62.4 m, about 2.97 m per lock.",
                    "- Total rise: 62.4 m (Bramwell Canal Trust, Hatherley Flight page).\n- Number of locks: 21, the steepest flight on the canal (Wikipedia, Bramwell Canal, table of flights).\n- The canal as a whole has 58 locks and climbs to a summit 126 m above sea level.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "3.08"}],
        S,
        w,
        note="the trust page (the only source of the rise the sub-agent tried) answered 503; the sub-agent states 62.4 m; the flight rises 64.6 m",
    )
)

# 6 ignored_tool_error: a single code-search agent, after a KeyError it fixes, sees the search
# for the helper's definition fail with a 504 and answers with the file that calls the helper.
w = World()
w.grep = {
    "buchholz": [
        {"path": "docs/tiebreaks.md", "line": 41, "text": "## Buchholz and Buchholz Cut-1"},
        {
            "path": "olypair/tiebreaks/__init__.py",
            "line": 3,
            "text": "from .buchholz import buchholz, buchholz_cut1",
        },
        {
            "path": "olypair/tiebreaks/buchholz.py",
            "line": 8,
            "text": "from ..standings import opponent_scores",
        },
        {
            "path": "olypair/tiebreaks/buchholz.py",
            "line": 14,
            "text": "def buchholz(player, standings, cut=0):",
        },
        {
            "path": "olypair/tiebreaks/buchholz.py",
            "line": 22,
            "text": "    scores = sorted(opponent_scores(player, standings))",
        },
        {
            "path": "olypair/tiebreaks/buchholz.py",
            "line": 31,
            "text": "def buchholz_cut1(player, standings):",
        },
        {
            "path": "tests/test_tiebreaks.py",
            "line": 57,
            "text": "def test_buchholz_cut1_with_forfeit():",
        },
        {"path": "CHANGELOG.md", "line": 112, "text": "- Buchholz Cut-1 per FIDE C.07 (2023)"},
    ],
    "def opponent_scores": [
        {
            "path": "olypair/standings/opponents.py",
            "line": 31,
            "text": "def opponent_scores(player, standings, *, count_forfeits=True):",
        }
    ],
}
w.fail[("search_code", 2)] = (
    "Search backend error: upstream timed out (HTTP 504) after 30 s while scanning shard 2/4"
)
RUNS.append(
    Run(
        "chess_tiebreak_504",
        "ignored_tool_error",
        "Issue #1183 in olypair, the pairing engine used at the Chess Olympiad: 'Buchholz Cut-1 counts forfeited games as played games.' Which file defines the helper that collects a player's opponents' scores for the Buchholz calculation (the function that must be fixed)? Answer with the path only.",
        [
            code(
                "I search the code for the Buchholz tiebreak.",
                """import json
hits = json.loads(search_code(pattern="buchholz"))
for m in hits["results"]:
    print(m["path"], m["line"], m["text"])""",
            ),
            code(
                "The matches are under 'matches', not 'results'.",
                """hits = json.loads(search_code(pattern="buchholz"))
for m in hits["matches"]:
    print(m["path"], m["line"], m["text"])""",
            ),
            code(
                "buchholz() gets the scores from opponent_scores, imported from the standings package. I look for its definition.",
                'print(search_code(pattern="def opponent_scores"))',
            ),
            code(
                "opponent_scores is the helper buchholz() calls on line 22 of olypair/tiebreaks/buchholz.py; that is where forfeits get counted, so the fix goes in that file.",
                'final_answer("olypair/tiebreaks/buchholz.py")',
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "olypair/standings/opponents.py"}],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        manager_name="coder",
        max_steps=8,
        note="the search for 'def opponent_scores' failed with 504; the agent answers with the calling file",
    )
)

# 7 wrong_tool_arguments: a single agent on the JSON API asks, in its first step, for
# accession HVS-04417 instead of HVS-04471; then gets over dates in several formats.
w = World()
w.api = {
    "/accessions/HVS-04417": {
        "accession": "HVS-04417",
        "taxon": "Primula veris",
        "common_name": "Cowslip",
        "collected": "2016-05-02",
        "site": "Harwell Vale, Long Meadow",
        "seed_count": 4200,
        "storage_temp_c": -20,
        "viability_tests": [
            {"tested": "2017-02-03", "germination_pct": 96, "n": 50},
            {"tested": "11/03/2020", "germination_pct": 91, "n": 50},
            {"tested": "14 Jun 2023", "germination_pct": 88, "n": 50},
            {"tested": "2024-10-02", "germination_pct": None, "n": 50, "status": "in progress"},
        ],
        "notes": None,
    },
    "/accessions/HVS-04471": {
        "accession": "HVS-04471",
        "taxon": "Centaurea cyanus",
        "common_name": "Cornflower",
        "collected": "2016-08-21",
        "site": "Harwell Vale, Top Field margin",
        "seed_count": None,
        "storage_temp_c": -20,
        "viability_tests": [
            {"tested": "2016-09-30", "germination_pct": 98, "n": 50},
            {"tested": "04/04/2019", "germination_pct": 90, "n": 50},
            {"tested": "8 Nov 2022", "germination_pct": 76, "n": 50},
        ],
        "notes": "Regeneration planned 2026.",
    },
}
RUNS.append(
    Run(
        "seedbank_accession_id",
        "wrong_tool_arguments",
        "The Harwell Vale Community Seed Bank publishes its accessions through a JSON API (/accessions/<accession number>). What germination rate, in percent, did accession HVS-04471 show at its most recent completed viability test? Number only.",
        [
            code(
                "I fetch the accession record.",
                """import json
rec = json.loads(fetch_json(endpoint="/accessions/HVS-04417"))
print(rec)""",
                bad=True,
            ),
            code(
                "I take the latest test that has a result.",
                """from datetime import datetime
tests = [t for t in rec["viability_tests"] if t["germination_pct"] is not None]
latest = max(tests, key=lambda t: datetime.strptime(t["tested"], "%Y-%m-%d"))
print(latest)""",
            ),
            code(
                "The test dates come in several formats; I parse each of them.",
                """def parse(d):
    for fmt in ("%Y-%m-%d", "%d/%m/%Y", "%d %b %Y"):
        try:
            return datetime.strptime(d, fmt)
        except ValueError:
            pass
    raise ValueError(d)

latest = max(tests, key=lambda t: parse(t["tested"]))
print(latest["tested"], latest["germination_pct"])""",
            ),
            code(
                "The most recent completed test gave 88 %.",
                'final_answer(str(latest["germination_pct"]))',
            ),
        ],
        None,
        [{"type": "exact_match", "value": "76"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="asks for HVS-04417 (cowslip, 88 %) instead of HVS-04471 (cornflower, 76 %)",
    )
)

# 8 wrong_tool_arguments: after a rate limit, the sub-agent opens the page on the organ's 1962
# rebuild instead of its 2021 restoration and reports the older pipe count.
_AL = "https://staldhelmswexcombe.org.uk/music"
w = World()
w.search = [
    (
        ("wexcombe",),
        results(
            (
                "The organ | St Aldhelm's, Wexcombe",
                f"{_AL}/the-organ",
                "Our three-manual organ: its history, the 1962 rebuild and the 2019-21 restoration appeal.",
            ),
            (
                "The 2019-21 restoration | St Aldhelm's organ appeal",
                f"{_AL}/organ-appeal/restoration-2021",
                "The restored organ was rededicated on 14 November 2021. What was done, who did it, and what it cost.",
            ),
            (
                "The 1962 rebuild by Hill, Norman & Beard | St Aldhelm's, Wexcombe",
                f"{_AL}/the-organ/1962-rebuild",
                "Specification and pipe count after the 1962 rebuild, with the builder's notes.",
            ),
            (
                "Wexcombe, St Aldhelm - National Pipe Organ Register",
                "https://www.npor.org.uk/survey/N07112",
                "Survey N07112. 3 manuals and pedals. Surveyed 1998.",
            ),
        ),
    )
]
w.fail[("web_search", 0)] = "429 Too Many Requests: rate limit exceeded, retry in a moment"
w.pages[f"{_AL}/the-organ/1962-rebuild"] = _site(
    "St Aldhelm's Church, Wexcombe. Part of the Vale of Wexcombe Benefice. Registered charity 1132984.",
    "https://staldhelmswexcombe.org.uk",
    "The 1962 rebuild",
    "In 1962 Hill, Norman & Beard rebuilt the 1887 Bevington organ on electro-pneumatic action with a new detached console in the south aisle. "
    "The Choir division was enclosed and a 16 ft Trombone was planned for the Pedal but not installed.\n\n"
    "## The organ after 1962\n\n| Division | Speaking stops |\n|---|---|\n| Great | 11 |\n| Swell | 12 |\n| Choir | 8 |\n| Pedal | 7 |\n\n"
    "After the rebuild the organ had 38 speaking stops and 1,986 speaking pipes.\n\n"
    "For the organ as it is today, see [The 2019-21 restoration](/music/organ-appeal/restoration-2021).",
    menu=("Home", "Services", "Weddings & baptisms", "Music", "The organ", "Visit", "Contact"),
)
w.pages[f"{_AL}/organ-appeal/restoration-2021"] = _site(
    "St Aldhelm's Church, Wexcombe. Part of the Vale of Wexcombe Benefice. Registered charity 1132984.",
    "https://staldhelmswexcombe.org.uk",
    "The 2019-21 restoration",
    "Harrison & Harrison restored the organ between September 2019 and October 2021; it was rededicated on 14 November 2021. "
    "Before the work the organ had 1,986 speaking pipes. With the Choir division restored to its 1887 scheme and the long-planned 16 ft Pedal Trombone at last installed, "
    "it now has 43 speaking stops and 2,214 speaking pipes.\n\nThe appeal raised £412,000.",
    menu=("Home", "Services", "Weddings & baptisms", "Music", "The organ", "Visit", "Contact"),
)
RUNS.append(
    Run(
        "organ_pipes_rebuild",
        "wrong_tool_arguments",
        "How many speaking pipes does the organ of St Aldhelm's Church, Wexcombe, have following its 2021 restoration? Number only.",
        [
            code(
                "I ask search_agent for the pipe count.",
                """pipes_report = search_agent(task="Find the number of speaking pipes of the organ of St Aldhelm's Church, Wexcombe, after its 2021 restoration. Give the source.")
print(pipes_report)""",
            ),
            code(
                "I take the number of speaking pipes from the report.",
                """import re
pipes = int(re.search(r"([\\d,]+) speaking pipes", pipes_report).group(1).replace(",", ""))
print(pipes)""",
            ),
            code("I return the pipe count.", "final_answer(str(pipes))"),
        ],
        [
            call(
                "web_search",
                query="St Aldhelm's Wexcombe organ 2021 restoration number of speaking pipes",
            ),
            call(
                "web_search",
                "Rate-limited; I retry the same search.",
                query="St Aldhelm's Wexcombe organ 2021 restoration number of speaking pipes",
            ),
            call(
                "visit_webpage",
                "The page with the specification and the pipe count should give the number.",
                bad=True,
                url=f"{_AL}/the-organ/1962-rebuild",
            ),
            answer(
                outcome(
                    "The organ of St Aldhelm's, Wexcombe has 1,986 speaking pipes.",
                    "Source: the church's organ pages (https://staldhelmswexcombe.org.uk/music/the-organ/1962-rebuild). The organ has 38 speaking stops over three manuals and pedals "
                    "(Great 11, Swell 12, Choir 8, Pedal 7) and 1,986 speaking pipes, on electro-pneumatic action with a detached console in the south aisle.",
                    "The organ was built by Bevington in 1887 and rebuilt by Hill, Norman & Beard in 1962.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "2214"}],
        S,
        w,
        note="the sub-agent opens the 1962 rebuild page (1,986 pipes) instead of the 2021 restoration page (2,214)",
    )
)

# 9 goal_deviation: the manager's updated plan takes the mill's height to the top of the cap
# where the question asks for the brick tower without the cap.
_CW = "https://copleywindmill.org.uk"
w = World()
w.search = [
    (
        ("copley", "windmill"),
        results(
            (
                "The mill | Copley Windmill Trust",
                f"{_CW}/the-mill",
                "Copley's tower mill, built in 1823 and restored to working order in 2011. Facts and figures, the machinery, the millers.",
            ),
            (
                "Copley tower mill - Mills Archive",
                "https://millsarchive.example.org/mills/copley-tower-mill",
                "Tower mill, Copley, Lincolnshire. Built 1823, tarred brick, eight floors. Four patent sails.",
            ),
            (
                "Copley Mill (watermill) - Wikipedia",
                "https://en.wikipedia.org/wiki/Copley_Mill",
                "Copley Mill is a Grade II listed watermill on the River Brant...",
            ),
            (
                "Copley - village guide",
                "https://villages.example.co.uk/copley",
                "Pubs, walks and the windmill: a weekend in Copley.",
            ),
        ),
    )
]
w.pages[f"{_CW}/the-mill"] = _site(
    "Copley Windmill Trust, Mill Lane, Copley, Lincolnshire. Registered charity 1089316.",
    _CW,
    "The mill",
    "Copley Windmill was built in 1823 for the miller John Oakes and worked by wind until 1946. The Trust bought it in 1998 and restored it to working order between 2008 and 2011.\n\n"
    "## Facts and figures\n\n"
    "- **Built:** 1823\n"
    "- **Tower:** tarred brick, eight floors, 15.8 m (51 ft 10 in) from the ground to the curb\n"
    "- **Cap:** ogee cap with a gallery, rebuilt 2009; the mill stands 19.4 m to the top of the cap finial\n"
    "- **Sails:** four double-shuttered patent sails, span 21.3 m\n"
    "- **Millstones:** three pairs, two French burr and one Peak\n"
    "- **First milled again:** 17/09/2011\n\n"
    "## Visiting\n\nOpen Saturdays and Sundays 11:00-16:00, Easter to October. Flour and bread from our own wheat in the mill shop.",
    menu=("Home", "The mill", "Visit", "Mill shop", "Volunteer", "Support us", "Contact"),
)
RUNS.append(
    Run(
        "windmill_tower_replan",
        "goal_deviation",
        "How tall is the brick tower of Copley Windmill, not counting the cap and sails? Answer in metres, number only.",
        [
            _plan(
                "- The mill: Copley Windmill.\n- We want the height of the brick tower alone, without the cap and sails, in metres.",
                "- The tower's height, from the Copley Windmill Trust's site or a mills database (search_agent can find it).",
                "- Nothing, if the tower's height is given in metres; otherwise convert.",
                "1. Ask search_agent for the height of Copley Windmill's brick tower, without the cap and sails.\n2. Check the figure is the tower alone and in metres.\n3. Return the number.",
            ),
            code(
                "I ask search_agent for the tower's height.",
                """tower = search_agent(task="Find the height in metres of the brick tower of Copley Windmill, not counting the cap and sails. Report all the heights the sources give and what each one measures.")
print(tower)""",
            ),
            code(
                "I list the figures in metres from the report.",
                """import re
print(re.findall(r"(\\d+(?:\\.\\d+)?) m\\b", tower))""",
            ),
            _replan(
                "- Copley Windmill; its height in metres is wanted.",
                "- The brick tower is 15.8 m from the ground to the curb.\n- The mill stands 19.4 m to the top of the cap finial.\n- The sails span 21.3 m.",
                "- Nothing.",
                "- Nothing.",
                "1. The height of the mill as it stands is 19.4 m, from the ground to the top of the cap; take that figure.\n2. Return 19.4.",
                bad=True,
            ),
            code("Following the plan, I return the height.", 'final_answer("19.4")'),
        ],
        [
            call("web_search", query="Copley Windmill brick tower height metres"),
            call("visit_webpage", url=f"{_CW}/the-mill"),
            answer(
                outcome(
                    "Copley Windmill's brick tower is 15.8 m tall from the ground to the curb; with the cap the mill stands 19.4 m.",
                    "From the Copley Windmill Trust's 'The mill' page (https://copleywindmill.org.uk/the-mill), Facts and figures:\n"
                    "- Tower: tarred brick, eight floors, 15.8 m (51 ft 10 in) from the ground to the curb.\n"
                    "- Cap: ogee cap with gallery, rebuilt 2009; 19.4 m to the top of the cap finial.\n"
                    "- Sails: four double-shuttered patent sails, span 21.3 m.",
                    "Built 1823; restored 2008-2011; first milled again 17 September 2011.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "15.8"}],
        M,
        w,
        planning=2,
        note="the updated plan answers the height to the top of the cap (19.4 m) for the tower alone (15.8 m)",
    )
)

# 10 goal_deviation: the manager's delegation asks for the kites entered for the mass launch,
# not the kites airborne at once; the manager fixes an int() error and returns the entries.
_SK = "https://saltbykitefestival.org.uk"
w = World()
w.search = [
    (
        ("saltby",),
        results(
            (
                "Saltby Kite Festival | 17-18 August 2024 | Saltby Sands",
                f"{_SK}/",
                "Two days of kites on Saltby Sands: mass launch, night flying, fighter-kite league, kite workshops for children.",
            ),
            (
                "Record mass launch at Saltby - Saltby Kite Festival news",
                f"{_SK}/news/2024-mass-launch",
                "Sunday's mass launch on Saltby Sands set a new festival record...",
            ),
            (
                "Saltby Kite Festival 2023 - photo gallery",
                f"{_SK}/gallery/2023",
                "Photos from the 2023 festival by our volunteer photographers.",
            ),
            (
                "Kite flying at the seaside: 10 festivals to visit this summer",
                "https://travel.example.co.uk/kite-festivals-uk",
                "From Saltby to Bristol, the best kite festivals in Britain.",
            ),
        ),
    )
]
w.pages[f"{_SK}/"] = _site(
    "Saltby Kite Festival is run by volunteers of the Saltby Kite Fliers. Registered charity 1154420.",
    _SK,
    "Saltby Kite Festival 2024",
    "**Saturday 17 and Sunday 18 August 2024, Saltby Sands. Free entry.**\n\n"
    "### Record broken!\nSunday's mass launch set a new festival record. [Read more](/news/2024-mass-launch)\n\n"
    "### Programme\n- Sat 10:00-17:00: arena displays, fighter-kite league\n- Sat 21:00: night flying with LED kites\n- Sun 10:00-16:00: arena displays\n- Sun 14:00: mass launch (register at the info tent)\n\n"
    "### Getting here\nPark and ride from Saltby station, every 20 minutes. No parking on the promenade.",
    menu=("Home", "Programme", "Getting here", "Fliers", "Traders", "News", "Gallery", "Contact"),
)
w.pages[f"{_SK}/news/2024-mass-launch"] = _site(
    "Saltby Kite Festival is run by volunteers of the Saltby Kite Fliers. Registered charity 1154420.",
    _SK,
    "Record mass launch at Saltby",
    "Posted 19/08/2024\n\n"
    "Sunday's mass launch on Saltby Sands set a new festival record. 612 kites were entered at the info tent, from single-line deltas made in the children's workshop to a 9 m octopus. "
    "When the adjudicators made their count at 14:32, 498 kites were airborne at the same time, beating the record of 455 set in 2019.\n\n"
    "Thank you to all the fliers, and to the coastguard for keeping the beach clear.",
    menu=("Home", "Programme", "Getting here", "Fliers", "Traders", "News", "Gallery", "Contact"),
)
RUNS.append(
    Run(
        "kites_entered_delegation",
        "goal_deviation",
        "At the 2024 Saltby Kite Festival, how many kites were airborne at the same time when the festival's mass-launch record was counted? Number only.",
        [
            code(
                "I ask search_agent about the 2024 mass launch.",
                """launch = search_agent(task="Find how many kites were entered for the mass launch at the 2024 Saltby Kite Festival. Give the number and the source.")
print(launch)""",
                bad=True,
            ),
            code("I take the number from the report.", "print(int(launch.split()[0]))"),
            code(
                "The report starts with a header; I search for the number of kites instead.",
                """import re
kites = int(re.search(r"(\\d[\\d,]*) kites", launch).group(1).replace(",", ""))
print(kites)""",
            ),
            code("I return the number.", "final_answer(str(kites))"),
        ],
        [
            call(
                "web_search",
                query="Saltby Kite Festival 2024 mass launch number of kites entered",
            ),
            call("visit_webpage", url=f"{_SK}/"),
            call(
                "visit_webpage",
                "The home page only links to the news post; I open it.",
                url=f"{_SK}/news/2024-mass-launch",
            ),
            answer(
                outcome(
                    "612 kites were entered for the mass launch at the 2024 Saltby Kite Festival.",
                    "Source: the festival's news post 'Record mass launch at Saltby' (posted 19/08/2024, https://saltbykitefestival.org.uk/news/2024-mass-launch). "
                    "The mass launch took place on Sunday 18 August 2024 at 14:00 on Saltby Sands; entries were registered at the info tent, and 612 kites were entered, "
                    "from children's workshop deltas to a 9 m octopus.",
                    "The launch set a new festival record.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "498"}],
        M,
        w,
        note="the delegation asks for kites entered (612); the question asks for kites airborne at once (498)",
    )
)

# 11 wrong_format: a single agent on the paged specimen API gets over a rate limit, then passes
# its sorted Python list to final_answer where the question asks for a comma-separated string.
_BQ = "/blackrow/specimens?bed=7&page="
w = World()
w.api = {
    f"{_BQ}1": {
        "quarry": "Blackrow Quarry",
        "bed": "7",
        "page": 1,
        "pages": 3,
        "per_page": 5,
        "count": 14,
        "results": [
            {
                "id": "BRQ-1987-002",
                "taxon": "Dapedium politum",
                "genus": "Dapedium",
                "category": "fish",
                "element": "complete specimen",
                "found": "1987-07-21",
                "on_display": True,
            },
            {
                "id": "BRQ-1991-031",
                "taxon": "Ichthyosaurus communis",
                "genus": "Ichthyosaurus",
                "category": "marine reptile",
                "element": "partial skeleton",
                "found": "1991-04-09",
                "on_display": True,
            },
            {
                "id": "BRQ-1994-007",
                "taxon": "Dactylioceras commune",
                "genus": "Dactylioceras",
                "category": "invertebrate",
                "element": "shell",
                "found": None,
                "on_display": False,
            },
            {
                "id": "BRQ-1998-014",
                "taxon": "Ichthyosauria indet.",
                "genus": None,
                "category": "marine reptile",
                "element": "vertebrae (6)",
                "found": "1998-05-14",
                "on_display": False,
            },
            {
                "id": "BRQ-2001-022",
                "taxon": "Leptolepis coryphaenoides",
                "genus": "Leptolepis",
                "category": "fish",
                "element": "complete specimen",
                "found": "2001-06-30",
                "on_display": False,
            },
        ],
    },
    f"{_BQ}2": {
        "quarry": "Blackrow Quarry",
        "bed": "7",
        "page": 2,
        "pages": 3,
        "per_page": 5,
        "count": 14,
        "results": [
            {
                "id": "BRQ-2003-009",
                "taxon": "Temnodontosaurus platyodon",
                "genus": "Temnodontosaurus",
                "category": "marine reptile",
                "element": "skull and forefin",
                "found": "2003-08-02",
                "on_display": True,
            },
            {
                "id": "BRQ-2005-017",
                "taxon": "Hildoceras bifrons",
                "genus": "Hildoceras",
                "category": "invertebrate",
                "element": "shell",
                "found": "2005-03-11",
                "on_display": False,
            },
            {
                "id": "BRQ-2006-003",
                "taxon": "Ichthyosaurus breviceps",
                "genus": "Ichthyosaurus",
                "category": "marine reptile",
                "element": "skull",
                "found": "2006-10-19",
                "on_display": False,
            },
            {
                "id": "BRQ-2009-040",
                "taxon": "coprolite",
                "genus": None,
                "category": "trace fossil",
                "element": None,
                "found": "2009-05-05",
                "on_display": False,
            },
            {
                "id": "BRQ-2011-012",
                "taxon": "Plesiosaurus dolichodeirus",
                "genus": "Plesiosaurus",
                "category": "marine reptile",
                "element": "partial skeleton",
                "found": "2011-09-24",
                "on_display": True,
            },
        ],
    },
    f"{_BQ}3": {
        "quarry": "Blackrow Quarry",
        "bed": "7",
        "page": 3,
        "pages": 3,
        "per_page": 5,
        "count": 14,
        "results": [
            {
                "id": "BRQ-2014-005",
                "taxon": "Pachycormus macropterus",
                "genus": "Pachycormus",
                "category": "fish",
                "element": "partial specimen",
                "found": "2014-07-12",
                "on_display": False,
            },
            {
                "id": "BRQ-2016-018",
                "taxon": "Stenopterygius quadriscissus",
                "genus": "Stenopterygius",
                "category": "marine reptile",
                "element": "partial skeleton",
                "found": "2016-06-03",
                "on_display": False,
            },
            {
                "id": "BRQ-2019-021",
                "taxon": "Belemnoidea indet.",
                "genus": None,
                "category": "invertebrate",
                "element": "guard",
                "found": "2019-04-27",
                "on_display": False,
            },
            {
                "id": "BRQ-2022-002",
                "taxon": "Ichthyosaurus somersetensis",
                "genus": "Ichthyosaurus",
                "category": "marine reptile",
                "element": "forefin",
                "found": "2022-02-16",
                "on_display": False,
            },
        ],
    },
}
w.fail[("fetch_json", 2)] = (
    "API error 429: rate limit exceeded (60 requests per minute); retry later"
)
RUNS.append(
    Run(
        "fossils_genera_list",
        "wrong_format",
        "Using the Blackrow Quarry specimen catalogue API (/blackrow/specimens?bed=<bed>&page=<n>), which genera of marine reptiles have been catalogued from Bed 7? Give the genus names in alphabetical order, separated by a comma and a space.",
        [
            code(
                "I fetch the first page of Bed 7.",
                f'print(fetch_json(endpoint="{_BQ}1"))',
            ),
            code(
                "There are 3 pages. I collect every specimen.",
                f"""import json
specimens = []
for p in (1, 2, 3):
    page = json.loads(fetch_json(endpoint=f"{_BQ}{{p}}"))
    specimens.extend(page["results"])
print(len(specimens))""",
            ),
            code(
                "Page 2 was rate-limited; I run the loop again and keep the marine reptiles with a genus.",
                f"""specimens = []
for p in (1, 2, 3):
    page = json.loads(fetch_json(endpoint=f"{_BQ}{{p}}"))
    specimens.extend(page["results"])
genera = sorted({{s["genus"] for s in specimens if s["category"] == "marine reptile" and s["genus"]}})
print(len(specimens), genera)""",
            ),
            code(
                "All 14 specimens loaded; these are the marine reptile genera, sorted.",
                "final_answer(genera)",
                bad=True,
            ),
        ],
        None,
        [
            {
                "type": "exact_match",
                "value": "Ichthyosaurus, Plesiosaurus, Stenopterygius, Temnodontosaurus",
            }
        ],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="final_answer gets the Python list where the question asks for a comma-separated string",
    )
)

# 12 wrong_format: the manager's initial plan sets the answer in the results' m:ss where the
# question asks for seconds; the steps that follow keep to the plan.
_GV = "https://glenvarrowsheepdogtrials.co.uk"
w = World()
w.search = [
    (
        ("glenvarrow",),
        results(
            (
                "2023 Open results | Glenvarrow Sheepdog Trials",
                f"{_GV}/results/2023-open",
                "Results of the Glenvarrow Open, Saturday 9 September 2023: placings, points and times.",
            ),
            (
                "2022 Open results | Glenvarrow Sheepdog Trials",
                f"{_GV}/results/2022-open",
                "Results of the Glenvarrow Open, Saturday 10 September 2022.",
            ),
            (
                "Kerr and Nell take the Glenvarrow Open - The Border Herald",
                "https://borderherald.example.co.uk/news/glenvarrow-open-2023",
                "Fiona Kerr and her five-year-old bitch Nell won a close Glenvarrow Open on Saturday...",
            ),
        ),
    )
]
w.pages[f"{_GV}/results/2023-open"] = _site(
    "Glenvarrow Sheepdog Trials Association. Affiliated to the International Sheep Dog Society.",
    _GV,
    "Glenvarrow Open 2023 - results",
    "Saturday 9 September 2023, Glenvarrow Farm. Judge: Mr W. Hislop. 64 runs. Course time 15 minutes. Results posted 10/09/2023.\n\n"
    "| Place | Handler | Dog | Outrun, lift, fetch (60) | Drive (30) | Pen (10) | Shed (10) | Total (110) | Time |\n"
    "|---|---|---|---|---|---|---|---|---|\n"
    "| 1 | Fiona Kerr | Nell | 53 | 27 | 9 | 9 | 98 | 13:42 |\n"
    "| 2 | Angus Baird | Moss | 52 | 27 | 10 | 8 | 97 | 14:05 |\n"
    "| 3 | Rhys Pritchard | Cap | 51 | 26 | 9 | 10 | 96 | 12:58 |\n"
    "| 4 | Jim Laidlaw | Roy | 50 | 25 | 10 | 8 | 93 | 14:51 |\n"
    "| 5 | Ellen Tait | Jess | 49 | 26 | 8 | 9 | 92 | 13:19 |\n\n"
    "Times are course times in minutes and seconds. Ties are split on outwork points.\n\n"
    "[Download the full results (PDF)](/files/results-2023-open.pdf)",
    menu=("Home", "Trials", "Results", "Entries", "Sponsors", "Gallery", "Contact"),
)
RUNS.append(
    Run(
        "sheepdog_time_plan",
        "wrong_format",
        "What was the course time of the winning run at the 2023 Glenvarrow Open Sheepdog Trial? Give the time in seconds, as a whole number.",
        [
            _plan(
                "- The event: the Glenvarrow Open Sheepdog Trial, 2023.\n- We want the course time of the winning run.",
                "- The 2023 results, with the winner's course time (the trial's results page, or press coverage; search_agent can find them).",
                "- None: the results give each run's time directly.",
                "1. Ask search_agent for the winning run of the 2023 Glenvarrow Open: handler, dog, points and course time.\n2. Take the winner's course time from the report.\n3. Return the time as the results list gives it, in minutes and seconds (m:ss).",
                bad=True,
            ),
            code(
                "I ask search_agent for the 2023 winner.",
                """winner = search_agent(task="Find the winning run at the 2023 Glenvarrow Open Sheepdog Trial: handler, dog, points and course time. Use the trial's official results if possible.")
print(winner)""",
            ),
            code(
                "I take the course time from the report.",
                """import re
course_time = re.search(r"course time (\\d{1,2}:\\d{2})", winner).group(1)
print(course_time)""",
            ),
            code("I return the winner's course time.", "final_answer(course_time)"),
        ],
        [
            call("web_search", query="Glenvarrow Open Sheepdog Trial 2023 results"),
            call("visit_webpage", url=f"{_GV}/results/2023-open"),
            answer(
                outcome(
                    "The 2023 Glenvarrow Open was won by Fiona Kerr with Nell, 98 points out of 110, course time 13:42.",
                    "Source: the official results (https://glenvarrowsheepdogtrials.co.uk/results/2023-open), Saturday 9 September 2023, judge Mr W. Hislop, 64 runs, 15-minute course time.\n"
                    "1. Fiona Kerr, Nell: 98 points (outwork 53, drive 27, pen 9, shed 9), course time 13:42\n"
                    "2. Angus Baird, Moss: 97 points, 14:05\n"
                    "3. Rhys Pritchard, Cap: 96 points, 12:58",
                    "Times are in minutes and seconds.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "822"}],
        M,
        w,
        planning=5,
        note="the initial plan returns m:ss (13:42) where the question asks for seconds (822)",
    )
)

# 13 premature_final_answer: after a rate limit, the sub-agent answers from a 2019 news snippet
# without opening the museum's current inventory.
_AM = "https://ashbyletterpress.org"
w = World()
w.search = [
    (
        ("ashby", "letterpress"),
        results(
            (
                "Letterpress museum reopens with 14 working presses - Ashby Times",
                "https://ashbytimes.example.co.uk/2019/04/letterpress-museum-reopens",
                "The Ashby Letterpress Museum, home to 14 working presses, reopened on Saturday after a two-year refit of the old print works...",
            ),
            (
                "Collection inventory | Ashby Letterpress Museum",
                f"{_AM}/collection/inventory",
                "Collection inventory (updated January 2025): presses, type, furniture and proofing equipment.",
            ),
            (
                "Ashby Letterpress Museum | Print your own poster",
                f"{_AM}/",
                "Hands-on printing workshops every Saturday. Open Wednesday to Sunday.",
            ),
        ),
    )
]
w.fail[("web_search", 0)] = "429 Too Many Requests: rate limit exceeded, retry in a moment"
w.pages[f"{_AM}/collection/inventory"] = _site(
    "Ashby Letterpress Museum, The Old Print Works, Ashby. Registered charity 1109862.",
    _AM,
    "Collection inventory",
    "Updated January 2025.\n\n## Presses\n\n"
    "| No. | Press | Maker | Year | Condition |\n|---|---|---|---|---|\n"
    "| P1 | Columbian | Clymer & Dixon | 1842 | working |\n| P2 | Albion | Hopkinson & Cope | 1856 | working |\n"
    "| P3 | Albion | Harrild & Sons | 1871 | working |\n| P4 | Wharfedale stop-cylinder | Dawson | 1889 | display only |\n"
    "| P5 | Arab treadle platen | Josiah Wade | 1895 | working |\n| P6 | Golding Pearl | Golding | 1903 | working |\n"
    "| P7 | Heidelberg Platen | Heidelberg | 1958 | working |\n| P8 | Vandercook 4 | Vandercook | 1962 | working |\n"
    "| P9 | Adana Eight-Five | Adana | 1965 | working |\n| P10 | Farley proof press | Farley | 1950 | under restoration |\n"
    "| P11 | Arab treadle platen | Josiah Wade | 1910 | parts only |\n| P12 | Adana Horizontal | Adana | 1932 | working |\n"
    "| P13 | Cropper Minerva | Cropper | 1884 | display only |\n| P14 | Heidelberg Cylinder | Heidelberg | 1961 | working |\n"
    "| P15 | Kelsey Excelsior | Kelsey | 1921 | working |\n| P16 | Albion | Frederick Ullmer | 1890 | under restoration |\n"
    "| P17 | Vandercook SP15 | Vandercook | 1968 | working |\n| P18 | FAG Control 405 | FAG | 1975 | display only |\n"
    "| P19 | Stanhope | Walker | 1811 | display only |\n\n"
    "19 presses, of which 12 are in working order.\n\n## Type\n\nAbout 2,300 founts of metal type and 410 founts of wood type.",
    menu=("Home", "Visit", "Workshops", "Collection", "Shop", "Support us", "Contact"),
)
RUNS.append(
    Run(
        "letterpress_snippet",
        "premature_final_answer",
        "How many presses does the Ashby Letterpress Museum list as in working order in its current collection inventory? Number only.",
        [
            _plan(
                "- The museum: the Ashby Letterpress Museum.\n- We want the number of its presses that are in working order, according to its current inventory.",
                "- The museum's current collection inventory and the condition of each press (search_agent can find and read it).",
                "- The count of presses listed as working, if the inventory lists presses one by one.",
                "1. Ask search_agent for the museum's current inventory and the number of presses in working order.\n2. Check the figure comes from the current inventory.\n3. Return the number.",
            ),
            code(
                "I ask search_agent.",
                """presses = search_agent(task="Find the Ashby Letterpress Museum's current collection inventory and report how many of its presses are listed as in working order.")
print(presses)""",
            ),
            code("The report gives the number of working presses.", 'final_answer("14")'),
        ],
        [
            call(
                "web_search",
                query="Ashby Letterpress Museum collection inventory presses working order",
            ),
            call(
                "web_search",
                "Rate-limited; I retry.",
                query="Ashby Letterpress Museum collection inventory presses working order",
            ),
            answer(
                outcome(
                    "The Ashby Letterpress Museum has 14 presses in working order.",
                    "The Ashby Times reports that the museum is 'home to 14 working presses' (https://ashbytimes.example.co.uk/2019/04/letterpress-museum-reopens). "
                    "The museum also publishes a collection inventory of presses, type, furniture and proofing equipment (https://ashbyletterpress.org/collection/inventory).",
                ),
                "The search results already give the number of working presses.",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "12"}],
        S,
        w,
        planning=4,
        note="the sub-agent answers 14 from the 2019 snippet; the January 2025 inventory lists 12 working presses",
    )
)

# 14 premature_final_answer: a single agent on the paged hut API sums the first page and answers
# in the same step, though its own plan and the JSON say there are more pages.
_HUTS = "/huts?season=summer-2025"
w = World()
w.api = {
    _HUTS: {
        "club": "Kessler Alpine Club",
        "season": "summer-2025",
        "page": 1,
        "per_page": 5,
        "total": 12,
        "next": f"{_HUTS}&page=2",
        "huts": [
            {
                "id": "KAC-01",
                "name": "Lindenhütte",
                "altitude_m": 2214,
                "bunks": 48,
                "rooms": 6,
                "open": "2025-06-14",
                "close": "2025-09-28",
                "warden": "M. Egger",
                "phone": "+43 5412 6631",
            },
            {
                "id": "KAC-02",
                "name": "Grauspitz Hut",
                "altitude_m": 2650,
                "bunks": 36,
                "rooms": 4,
                "open": "2025-06-28",
                "close": "2025-09-21",
                "warden": "T. Haller",
                "phone": None,
            },
            {
                "id": "KAC-03",
                "name": "Seebach Biwak",
                "altitude_m": 2871,
                "bunks": None,
                "rooms": 0,
                "open": None,
                "close": None,
                "warden": None,
                "phone": None,
                "remarks": "closed for renovation in 2025",
            },
            {
                "id": "KAC-04",
                "name": "Kesslerhaus",
                "altitude_m": 1932,
                "bunks": 62,
                "rooms": 11,
                "open": "2025-05-31",
                "close": "2025-10-12",
                "warden": "A. and R. Wolf",
                "phone": "+43 5412 6620",
            },
            {
                "id": "KAC-05",
                "name": "Almboden Hut",
                "altitude_m": 1745,
                "bunks": 24,
                "rooms": 3,
                "open": "2025-06-07",
                "close": "2025-10-05",
                "warden": "S. Rainer",
                "phone": None,
            },
        ],
    },
    f"{_HUTS}&page=2": {
        "club": "Kessler Alpine Club",
        "season": "summer-2025",
        "page": 2,
        "per_page": 5,
        "total": 12,
        "next": f"{_HUTS}&page=3",
        "huts": [
            {
                "id": "KAC-06",
                "name": "Fernerblick Hut",
                "altitude_m": 2488,
                "bunks": 40,
                "rooms": 5,
                "open": "2025-06-21",
                "close": "2025-09-21",
                "warden": "J. Kofler",
                "phone": None,
            },
            {
                "id": "KAC-07",
                "name": "Gamsjoch Shelter",
                "altitude_m": 2390,
                "bunks": 18,
                "rooms": 0,
                "open": "2025-06-01",
                "close": "2025-10-31",
                "warden": None,
                "phone": None,
                "remarks": "self-catering, no warden",
            },
            {
                "id": "KAC-08",
                "name": "Talschluss Hut",
                "altitude_m": 1602,
                "bunks": 55,
                "rooms": 9,
                "open": "2025-05-17",
                "close": "2025-10-19",
                "warden": "E. Plank",
                "phone": "+43 5412 6644",
            },
            {
                "id": "KAC-09",
                "name": "Rotwand Hut",
                "altitude_m": 2301,
                "bunks": 30,
                "rooms": 4,
                "open": "2025-06-14",
                "close": "2025-09-28",
                "warden": "P. Auer",
                "phone": None,
            },
            {
                "id": "KAC-10",
                "name": "Scharte Biwak",
                "altitude_m": 3012,
                "bunks": None,
                "rooms": 0,
                "open": None,
                "close": None,
                "warden": None,
                "phone": None,
                "remarks": "emergency shelter, not bookable",
            },
        ],
    },
    f"{_HUTS}&page=3": {
        "club": "Kessler Alpine Club",
        "season": "summer-2025",
        "page": 3,
        "per_page": 5,
        "total": 12,
        "next": None,
        "huts": [
            {
                "id": "KAC-11",
                "name": "Moosalm Hut",
                "altitude_m": 1880,
                "bunks": 28,
                "rooms": 4,
                "open": "2025-06-07",
                "close": "2025-10-05",
                "warden": "L. Gruber",
                "phone": None,
            },
            {
                "id": "KAC-12",
                "name": "Hochjoch Hut",
                "altitude_m": 2755,
                "bunks": 44,
                "rooms": 5,
                "open": "2025-07-01",
                "close": "2025-09-14",
                "warden": "K. Rieder",
                "phone": "+43 5412 6658",
            },
        ],
    },
}
RUNS.append(
    Run(
        "huts_first_page",
        "premature_final_answer",
        "According to the Kessler Alpine Club's hut API (/huts?season=summer-2025), how many bunk spaces do the club's huts offer in total in the summer 2025 season? Number only.",
        [
            _plan(
                "- The club: Kessler Alpine Club.\n- The season: summer 2025; the API endpoint /huts?season=summer-2025.",
                "- Every hut's number of bunk spaces in summer 2025, from the hut API (the list may be paged).",
                "- The total of the bunk spaces over all huts, leaving out huts without a figure.",
                "1. Fetch the hut list for summer 2025, following every page.\n2. Add up the bunk spaces of the huts that give a figure.\n3. Return the total.",
            ),
            code(
                "I fetch the hut list and add up the bunk spaces.",
                f"""import json
data = json.loads(fetch_json(endpoint="{_HUTS}"))
total_bunks = sum(h["bunks"] for h in data["huts"] if h["bunks"] is not None)
print(len(data["huts"]), total_bunks)
final_answer(str(total_bunks))""",
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "385"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        planning=4,
        note="the first page of three (5 of 12 huts, 170 bunks) is summed and returned in the same step; all pages give 385",
    )
)

# 15 looping: the code-search sub-agent finds the definition at once, then repeats near-identical
# searches until its max_steps; the manager returns the path from its forced answer.
_HIT_DEF = {
    "path": "dccsurvey/adjust/closure.py",
    "line": 54,
    "text": "def apply_loop_closure(legs, loops, *, weight='length'):",
}
_HIT_CLI = {
    "path": "dccsurvey/cli.py",
    "line": 131,
    "text": "    legs = apply_loop_closure(legs, loops)",
}
_HIT_TEST = {
    "path": "tests/test_closure.py",
    "line": 9,
    "text": "from dccsurvey.adjust.closure import apply_loop_closure",
}
_HIT_TEST_CALL = {
    "path": "tests/test_closure.py",
    "line": 22,
    "text": "    adjusted = apply_loop_closure(legs, [loop])",
}
w = World()
w.grep = {
    "loop_closure": [
        {
            "path": "docs/processing.md",
            "line": 88,
            "text": "Loop closure: the misclosure of each loop is spread over its legs in proportion to their length.",
        },
        _HIT_DEF,
        _HIT_CLI,
        _HIT_TEST,
        {
            "path": "CHANGELOG.md",
            "line": 40,
            "text": "- loop_closure: weight corrections by leg length (#212)",
        },
    ],
    "apply_loop_closure": [_HIT_DEF, _HIT_CLI, _HIT_TEST, _HIT_TEST_CALL],
    "def apply_loop_closure": [_HIT_DEF],
    "apply_loop_closure(": [_HIT_DEF, _HIT_CLI, _HIT_TEST_CALL],
}
RUNS.append(
    Run(
        "cave_survey_search_loop",
        "looping",
        "In the Dunmoor Caving Club's survey-processing repository (dcc-survey), which file defines the function that applies loop-closure corrections to the survey legs? Answer with the path only.",
        [
            code(
                "I ask code_agent to locate the function.",
                """where = code_agent(task="In the dcc-survey repository, find the file that defines the function that applies loop-closure corrections to survey legs. Report the path and the line of the definition.")
print(where)""",
            ),
            code(
                "The report gives the path of the definition.",
                'final_answer("dccsurvey/adjust/closure.py")',
            ),
        ],
        [
            call("search_code", pattern="loop_closure"),
            call(
                "search_code",
                "apply_loop_closure in dccsurvey/adjust/closure.py looks like the one. Let me search for it by name.",
                bad=True,
                pattern="apply_loop_closure",
            ),
            call(
                "search_code",
                "To be sure it is the only definition, I search for the def line.",
                bad=True,
                pattern="def apply_loop_closure",
            ),
            call(
                "search_code",
                "Let me check the call sites, to confirm it is the function applied to the survey legs.",
                bad=True,
                pattern="apply_loop_closure(",
            ),
            call(
                "search_code",
                "Let me search once more for loop_closure, in case another module implements it.",
                bad=True,
                pattern="loop_closure",
            ),
            text(
                outcome(
                    "apply_loop_closure, defined in dccsurvey/adjust/closure.py at line 54, applies the loop-closure corrections to the survey legs.",
                    "search_code finds a single definition: dccsurvey/adjust/closure.py:54 `def apply_loop_closure(legs, loops, *, weight='length'):`. "
                    "It is called from dccsurvey/cli.py:131 (`legs = apply_loop_closure(legs, loops)`) and tested in tests/test_closure.py. "
                    "docs/processing.md:88 describes the method: each loop's misclosure is spread over its legs in proportion to their length.",
                )
            ),
        ],
        [
            {"type": "exact_match", "value": "dccsurvey/adjust/closure.py"},
            {"type": "tool_called", "tool": "search_code", "max": 2},
        ],
        "code_agent",
        w,
        sub_tools=("search_code", "read_file"),
        sub_name="code_agent",
        sub_max_steps=5,
        note="the definition is in the first search's results; four near-identical searches follow until max_steps",
    )
)

# 16 looping: the manager delegates the same question four times until its max_steps, after
# the first report already named the winner; the sub-agent gets over a rate limit.
_TB = "https://thornburybrass.org.uk"
w = World()
w.search = [
    (
        ("thornbury",),
        results(
            (
                "2024 Contest results | Thornbury Brass Band Contest",
                f"{_TB}/contest/2024/results",
                "Championship Section: 1. Haworth Mills Band 191; 2. Crossley & Pell Works 189; 3. Thornbury Town 186. First Section, Second Section...",
            ),
            (
                "2023 Contest results | Thornbury Brass Band Contest",
                f"{_TB}/contest/2023/results",
                "Championship Section: 1. Crossley & Pell Works 190; 2. Haworth Mills Band 188...",
            ),
            (
                "Thornbury contest: Haworth Mills edge it - Brass Band World News",
                "https://brassnews.example.com/2024/03/thornbury-contest-report",
                "A close finish in the Championship Section on Saturday 16 March...",
            ),
        ),
    )
]
w.fail[("web_search", 1)] = "429 Too Many Requests: rate limit exceeded, retry in a moment"
w.pages[f"{_TB}/contest/2024/results"] = _site(
    "Thornbury Brass Band Contest. Run by the Thornbury & District Brass Band Association.",
    _TB,
    "2024 Contest results",
    "Saturday 16 March 2024, Thornbury Town Hall. Adjudicators: David Hirst and Alan Withington.\n\n"
    "## Championship Section\nTest piece: *Le Roi d'Ys* (Lalo, arr. Wright)\n\n"
    "| Place | Band | Conductor | Points |\n|---|---|---|---|\n"
    "| 1 | Haworth Mills Band | Sarah Whitby | 191 |\n| 2 | Crossley & Pell Works | Ian Porter | 189 |\n"
    "| 3 | Thornbury Town | Gareth Lewis | 186 |\n| 4 | Ellesmere Silver | Jon Keeble | 183 |\n\n"
    "Best instrumentalist: Kate Moore (soprano cornet, Crossley & Pell Works).\n\n"
    "## First Section\n\n1. Ellesmere Silver B 187; 2. Darnley Colliery 184; 3. Whitfield Temperance 180.\n\n"
    "[Adjudicators' remarks (PDF)](/files/2024-remarks.pdf) | [Photos](/gallery/2024)",
    menu=("Home", "Contest", "Results", "Entries", "Rules", "Sponsors", "Contact"),
)
RUNS.append(
    Run(
        "brass_contest_delegation_loop",
        "looping",
        "Which band won the Championship Section at the 2024 Thornbury Brass Band Contest? Give the band's name only.",
        [
            code(
                "I ask search_agent for the 2024 winner.",
                """result = search_agent(task="Find which band won the Championship Section at the 2024 Thornbury Brass Band Contest, with the points.")
print(result)""",
            ),
            code(
                "Let me confirm the winner with another search.",
                """check = search_agent(task="Confirm the winner of the Championship Section at the 2024 Thornbury Brass Band Contest.")
print(check)""",
                bad=True,
            ),
            code(
                "To be certain, I ask for the winner from the official results page.",
                """check2 = search_agent(task="Check the official results of the 2024 Thornbury Brass Band Contest and report the winner of the Championship Section.")
print(check2)""",
                bad=True,
            ),
            code(
                "One more check of the Championship Section winner at Thornbury 2024.",
                """check3 = search_agent(task="Verify which band won the Championship Section of the 2024 Thornbury Brass Band Contest.")
print(check3)""",
                bad=True,
            ),
            text("Haworth Mills Band"),
        ],
        [
            call(
                "web_search",
                query="2024 Thornbury Brass Band Contest Championship Section winner",
            ),
            call("visit_webpage", url=f"{_TB}/contest/2024/results"),
            answer(
                outcome(
                    "Haworth Mills Band won the Championship Section at the 2024 Thornbury Brass Band Contest with 191 points.",
                    "Official results (https://thornburybrass.org.uk/contest/2024/results), Saturday 16 March 2024, test piece Le Roi d'Ys: "
                    "1. Haworth Mills Band (Sarah Whitby) 191; 2. Crossley & Pell Works 189; 3. Thornbury Town 186; 4. Ellesmere Silver 183.",
                    "Crossley & Pell Works won in 2023 and had the best instrumentalist in 2024.",
                )
            ),
            call("web_search", query="Thornbury Brass Band Contest 2024 Championship winner"),
            call(
                "web_search",
                "Rate-limited; I retry.",
                query="Thornbury Brass Band Contest 2024 Championship winner",
            ),
            answer(
                outcome(
                    "Haworth Mills Band won the 2024 Championship Section.",
                    "The contest's results page lists Haworth Mills Band first with 191 points, ahead of Crossley & Pell Works (189).",
                )
            ),
            call("web_search", query="Thornbury Brass Band Contest 2024 official results"),
            call("visit_webpage", url=f"{_TB}/contest/2024/results"),
            answer(
                outcome(
                    "The official results name Haworth Mills Band as the 2024 Championship Section winner (191 points).",
                    "Thornbury Town Hall, 16 March 2024; adjudicators David Hirst and Alan Withington. Second: Crossley & Pell Works, 189.",
                )
            ),
            call(
                "web_search", query="Thornbury 2024 brass band contest Championship Section result"
            ),
            answer(
                outcome(
                    "Haworth Mills Band.",
                    "The results page and the Brass Band World News report agree: Haworth Mills Band won the Championship Section in 2024.",
                )
            ),
        ],
        [
            {"type": "exact_match", "value": "Haworth Mills Band"},
            {"type": "tool_called", "tool": "web_search", "max": 2},
        ],
        M,
        w,
        max_steps=4,
        note="the first report names the winner; the manager delegates the same question three more times until max_steps",
    )
)
