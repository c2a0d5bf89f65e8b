# ruff: noqa: E501  (scripted replies, pages and JSON are data, kept one item a line)
"""The runs of the `shaded` family: scripted replies and the offline world their tools read.

Sixteen runs of a smolagents manager CodeAgent with a managed ToolCallingAgent (a search agent,
or a code-search agent), or of a single CodeAgent on the JSON API or the code search, two per
fault of the taxonomy, each with one decisive fault labelled at the LLM call that decided it
(`bad=True` on its reply; on every repeat for a loop). Written in one sweep without reading
blame's rules, the other held-out families' runs or any score; see smolagents_shaded.py. The
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

_MENU = ("Home", "About", "What's on", "News", "Membership", "Gallery", "Contact")
"""The menu a small club's or society's site puts above every page."""


def _slug(item: str) -> str:
    return item.lower().replace("'", "").replace(" ", "-")


def _site(org: str, base: str, title: str, body: str, footer: str = "") -> str:
    """A page of a small organisation's site as a page visitor turns it into markdown."""
    nav = "\n".join(f"* [{item}]({base}/{_slug(item)})" for item in _MENU)
    foot = footer or f"© {org}. All rights reserved."
    return (
        f"[Skip to main content](#main)\n\n{org}\n{'=' * len(org)}\n\n{nav}\n* [Search]({base}/search)\n\n"
        f"{title}\n{'-' * len(title)}\n\n{body}\n\n* * *\n\n{foot}\n\n"
        f"[Privacy notice]({base}/privacy) | [Cookies]({base}/cookies) | [Accessibility]({base}/accessibility) | "
        f"[Site map]({base}/sitemap)\n\nWe use cookies to make this site work. [Accept all](#) [Reject non-essential](#)"
    )


def _grep(files: dict[str, str], *patterns: str) -> dict[str, list[dict[str, Any]]]:
    """What a literal code search answers for each pattern, over the repository's files."""
    out: dict[str, list[dict[str, Any]]] = {}
    for pattern in patterns:
        hits: list[dict[str, Any]] = []
        for path, content in files.items():
            for number, line in enumerate(content.split("\n"), 1):
                if pattern in line:
                    hits.append({"path": path, "line": number, "text": line})
        out[pattern] = hits
    return out


# 1 misread tool output: the manager reads a report's table one column off (mushroom foragers)
w = World()
w.search = [
    (
        ("ashcombe", "foray"),
        results(
            (
                "Ashcombe Fungus Group - forays (old site)",
                "http://www.ashcombe-fungus.freeserve.co.uk/forays.htm",
                "Foray programme 2009. Meet at the Kettleby Woods car park at 10.00, bring a basket and a hand lens...",
            ),
            (
                "Autumn forays | Ashcombe Fungus Group",
                "https://ashcombefungi.org.uk/forays/autumn",
                "Reports and species counts from our autumn forays, 2019 to 2024: Hatch Copse, Wyre Bottom, Kettleby Woods...",
            ),
            (
                "Wild mushroom and chestnut risotto | Ashcombe Kitchen",
                "https://ashcombekitchen.co.uk/recipes/wild-mushroom-risotto",
                "A foraged-feeling risotto for autumn evenings. Serves 4, ready in 40 minutes...",
            ),
        ),
    )
]
w.fail[("web_search", 0)] = (
    "429 Too Many Requests: rate limit exceeded for this API key, retry after 2 s"
)
w.pages["https://ashcombefungi.org.uk/forays/autumn"] = _site(
    "Ashcombe Fungus Group",
    "https://ashcombefungi.org.uk",
    "Autumn forays",
    "Our autumn foray is the highlight of the recording year. Members meet at 10 am, split into small groups with an experienced recorder, and bring their finds back to the table at 1 pm for naming. Species lists are checked by the county recorder before they are published here.\n\n"
    "### Autumn forays by year\n\n"
    "| Year | Site | Date | Members attending | Species recorded |\n|---|---|---|---|---|\n"
    "| 2020 | - | cancelled (COVID-19) | - | - |\n"
    "| 2021 | Hatch Copse | 23/10/2021 | 19 | 86 |\n"
    "| 2022 | Hatch Copse | 22.10.2022 | 28 | 97 |\n"
    "| 2023 | Wyre Bottom | 21 Oct 2023 | 35 | 104 |\n"
    "| 2024 | Kettleby Woods | 26 October 2024 | 41 | 118 |\n\n"
    "Highlights of 2024: the collared earthstar (Geastrum triplex) under the beeches by the north gate, and a cauliflower fungus of 38 cm across on the old pine stump. The spring foray (13 April 2024) recorded 37 species.\n\n"
    "### Foray code\n\nPick only what you need for identification, never more than one specimen of a kind, and leave rare species where they grow. Do not eat anything found on a foray.",
    "Ashcombe Fungus Group is affiliated to the British Mycological Society. Registered charity no. 1093321.",
)
RUNS.append(
    Run(
        "foray_table_column",
        "misread_tool_output",
        "How many species were recorded at the Ashcombe Fungus Group's 2024 autumn foray? Reply with the number only.",
        [
            plan(
                "- the Ashcombe Fungus Group, its autumn foray of 2024\n- the answer is a count of species",
                "1. Ask search_agent for the number of species recorded at the 2024 autumn foray.\n2. Take the number from its report.\n3. Return it with final_answer.",
            ),
            code(
                "I delegate the lookup to search_agent.",
                'report = search_agent(task="Find how many species were recorded at the Ashcombe Fungus Group\'s 2024 autumn foray. Give your source.")\nprint(report)',
            ),
            code(
                "The report ends with the figure; I take the last number.",
                "species = int(report.strip().split()[-1])\nprint(species)",
            ),
            code(
                "The last word was not the count. The report copies the group's table; species recorded is the fifth column, index 4 of the 2024 row.",
                'row = [line for line in report.splitlines() if line.startswith("| 2024")][0]\ncells = row.split("|")\nprint(cells)\nfinal_answer(cells[4].strip())',
                bad=True,
            ),
        ],
        [
            call(
                "web_search",
                "I search for the group's foray records.",
                query="Ashcombe Fungus Group 2024 autumn foray species recorded",
            ),
            call(
                "web_search",
                "The search was rate-limited; I retry it.",
                query="Ashcombe Fungus Group 2024 autumn foray species recorded",
            ),
            call(
                "visit_webpage",
                "The group's own page on forays first.",
                url="http://www.ashcombe-fungus.freeserve.co.uk/forays.htm",
            ),
            call(
                "visit_webpage",
                "That old site is gone; the current one has the autumn foray records.",
                url="https://ashcombefungi.org.uk/forays/autumn",
            ),
            answer(
                outcome(
                    "The 2024 autumn foray was held at Kettleby Woods on 26 October 2024; the group's table of forays is copied below.",
                    "From https://ashcombefungi.org.uk/forays/autumn, table 'Autumn forays by year':\n| Year | Site | Date | Members attending | Species recorded |\n|---|---|---|---|---|\n| 2023 | Wyre Bottom | 21 Oct 2023 | 35 | 104 |\n| 2024 | Kettleby Woods | 26 October 2024 | 41 | 118 |",
                    "The spring foray of 2024 recorded 37 species. The group's old site (freeserve.co.uk) is dead (404).",
                ),
                "The table gives the 2024 foray.",
            ),
        ],
        [{"type": "exact_match", "value": "118"}],
        M,
        w,
        planning=4,
        note="report's table: 41 members, 118 species; manager's code takes column index 4 (members)",
    )
)

# 2 misread tool output: a single agent takes a nested previous sale's hammer price (stamp auction API)
_COUNTRIES = ("GB", "GB", "Malta", "India", "Canada", "GB", "Ceylon", "Gibraltar", "GB", "Fiji")
_ITEMS = (
    "QV 1d red, plate 71, fine used",
    "KGV Seahorse 2s6d brown, mounted mint",
    "cover to London, 1898, with Valletta squared circle",
    "QV 1/2a blue, block of four",
    "1859 12d black, repaired",
    "1935 Silver Jubilee set, unmounted mint",
    "QV 2c brown-rose, wmk Crown CC",
    "KEVII 1/- on piece",
    "PUC 1/- green, SG 211",
    "1903 set to 1s, fine used",
)
_lots: list[dict[str, Any]] = []
for _n in range(201, 251):
    _i = _n % 10
    _low = 20 + (_n * 37) % 180
    _sold = _n % 7 != 3
    _lots.append(
        {
            "lot": _n,
            "description": f"{_COUNTRIES[_i]}: {_ITEMS[_i]}",
            "country": _COUNTRIES[_i],
            "catalogue_ref": f"SG {(_n * 13) % 400 + 1}",
            "estimate_gbp": {"low": _low, "high": _low + 40 + _low // 2},
            "realised": f"£{_low + (_n * 11) % 60}" if _sold else None,
            "sold": _sold,
            "vendor": f"V{(_n * 7) % 90 + 10:03d}",
            "previous_sale": None,
            "certificate": None,
            "images": 1 + _n % 3,
        }
    )
_lots[13] = {
    "lot": 214,
    "description": "GB: 1840 1d black, plate 1b, four good margins, red Maltese cross",
    "country": "GB",
    "catalogue_ref": "SG 2",
    "estimate_gbp": {"low": 800, "high": 1200},
    "realised": "£1,150",
    "sold": True,
    "vendor": "V047",
    "previous_sale": {
        "house": "Cavendish Philatelic Auctions",
        "date": "14.05.2011",
        "hammer_gbp": 640,
    },
    "certificate": "BPA 2009",
    "images": 4,
}
w = World()
w.api = {
    "/auctions?year=2025": {
        "society": "Wessex Philatelic Society",
        "year": 2025,
        "auctions": [
            {
                "id": "WPS-2025-01",
                "title": "New Year postal auction",
                "date": "18/01/2025",
                "venue": None,
                "lots": 412,
                "status": "settled",
            },
            {
                "id": "WPS-2025-02",
                "title": "Spring room auction",
                "date": "2025-03-22",
                "venue": "Trowbridge Village Hall",
                "lots": 387,
                "status": "settled",
            },
            {
                "id": "WPS-2025-03",
                "title": "Summer packet sale",
                "date": "June 14, 2025",
                "venue": "Trowbridge Village Hall",
                "lots": None,
                "status": "catalogue in preparation",
            },
        ],
        "buyers_premium_pct": 18,
        "notes": None,
    },
    "/auctions/WPS-2025-02/lots?page=5": {
        "auction": "WPS-2025-02",
        "page": 5,
        "pages": 8,
        "per_page": 50,
        "currency": "GBP",
        "lots": _lots,
    },
}
w.fail[("fetch_json", 1)] = (
    "API error 400: parameter 'page' is required for /auctions/{id}/lots (1-based, 50 lots a page)"
)
RUNS.append(
    Run(
        "stamp_lot_hammer",
        "misread_tool_output",
        "At the Wessex Philatelic Society's spring 2025 room auction, what hammer price did lot 214 fetch, in pounds? Reply with the number only.",
        [
            code(
                "I list the society's 2025 auctions to find the spring sale's id.",
                'print(fetch_json(endpoint="/auctions?year=2025"))',
            ),
            code(
                "The spring room auction is WPS-2025-02. I fetch its lots.",
                'import json\nlots = json.loads(fetch_json(endpoint="/auctions/WPS-2025-02/lots"))\nprint(len(lots["lots"]))',
            ),
            code(
                "The endpoint needs a page of 50 lots; lot 214 is on page (214 - 1) // 50 + 1 = 5.",
                'import json\npage = json.loads(fetch_json(endpoint="/auctions/WPS-2025-02/lots?page=5"))\nlot = [l for l in page["lots"] if l["lot"] == 214][0]\nprint(json.dumps(lot, indent=2))',
            ),
            code(
                "Lot 214 is the 1d black; its record gives the hammer price in pounds: 640.",
                'final_answer("640")',
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "1150"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="lot record: realised £1,150; previous_sale.hammer_gbp 640 (2011); agent answers 640",
    )
)

# 3 hallucinated fact: an updated plan states a gauge count no source gave (model railway show)
w = World()
w.search = [
    (
        ("wexcombe", "o gauge"),
        results(
            (
                "Wexcombe 2025 - who went? | RMweb-style forum",
                "https://railforum.example.net/topic/58211-wexcombe-2025",
                "Great show again, the O gauge hall was packed all Saturday morning...",
            ),
            (
                "Layout guide 2025 (PDF) - Wexcombe MRC",
                "https://wexcombemrc.org.uk/files/exhibition-2025-layout-guide.pdf",
                "Layout guide: scale, gauge, era and operators of every layout at the 2025 exhibition.",
            ),
        ),
    ),
    (
        ("wexcombe",),
        results(
            (
                "Annual exhibition 2025 | Wexcombe Model Railway Club",
                "https://wexcombemrc.org.uk/exhibition",
                "8 & 9 March 2025, Wexcombe Leisure Centre. 44 layouts, 30 trade stands, demonstrations...",
            ),
            (
                "Layout guide 2025 (PDF) - Wexcombe MRC",
                "https://wexcombemrc.org.uk/files/exhibition-2025-layout-guide.pdf",
                "Layout guide: scale, gauge, era and operators of every layout at the 2025 exhibition.",
            ),
            (
                "Wexcombe 2025 - who went? | RMweb-style forum",
                "https://railforum.example.net/topic/58211-wexcombe-2025",
                "Great show again, the O gauge hall was packed all Saturday morning...",
            ),
        ),
    ),
]
w.pages["https://wexcombemrc.org.uk/exhibition"] = _site(
    "Wexcombe Model Railway Club",
    "https://wexcombemrc.org.uk",
    "Annual exhibition 2025",
    "**Saturday 8 March 2025 (10:00-17:00) and Sunday 9 March 2025 (10:00-16:30)**, Wexcombe Leisure Centre, Station Road.\n\n"
    "44 layouts in three halls, from Z to G scale, 30 trade stands, and demonstrations of kit building, weathering and DCC sound fitting. "
    "The layout guide (PDF, 2.1 MB) lists every layout with its scale, gauge and operators: [download the guide](https://wexcombemrc.org.uk/files/exhibition-2025-layout-guide.pdf).\n\n"
    "Admission: adults £9, concessions £7, children (5-16) £4, under-5s free. Family ticket £22. Free parking at the leisure centre; the 14 bus stops outside.\n\n"
    "Refreshments by the 1st Wexcombe Scouts. The hall is step-free; the upper hall has a lift.",
    "Wexcombe Model Railway Club meets on Tuesday evenings at the Old Goods Shed.",
)
w.pages["https://railforum.example.net/topic/58211-wexcombe-2025"] = (
    "# Wexcombe 2025 - who went?\n\nForum > Exhibitions > Reviews\n\n"
    "**stationmaster_pete** (9 Mar 2025): Great show again, the O gauge hall was packed all Saturday morning. Pendle Quay was the star for me.\n\n"
    "**N_gauge_nige** (9 Mar 2025): Agreed, though the N gauge end felt a bit thin this year. Trade was good, picked up a Class 37 bargain.\n\n"
    "**GWR_Lou** (10 Mar 2025): Anyone know if the layout guide is online? I lost my copy.\n\n"
    "**stationmaster_pete** (10 Mar 2025): It's a PDF on the club site.\n\n"
    "Page 1 of 1. Log in to reply. | Forum rules | Privacy | Contact the moderators"
)
w.fail[("visit_webpage", 1)] = (
    "ValueError: cannot convert content of type 'application/pdf' to markdown (https://wexcombemrc.org.uk/files/exhibition-2025-layout-guide.pdf)"
)
w.fail[("visit_webpage", 2)] = (
    "ValueError: cannot convert content of type 'application/pdf' to markdown (https://wexcombemrc.org.uk/files/exhibition-2025-layout-guide.pdf)"
)
RUNS.append(
    Run(
        "railway_gauge_replan",
        "hallucinated_fact",
        "How many O gauge layouts were on show at the 2025 Wexcombe Model Railway Exhibition? Reply with the number only.",
        [
            plan(
                "- the Wexcombe Model Railway Exhibition, 2025\n- only the O gauge layouts are to be counted",
                "1. Ask search_agent for the exhibition's layouts and how many were O gauge.\n2. If the report lacks the split by gauge, ask again for the layout guide.\n3. Return the count.",
            ),
            code(
                "I ask search_agent about the layouts.",
                'report = search_agent(task="Find how many layouts were shown at the 2025 Wexcombe Model Railway Exhibition, and how many of them were O gauge.")\nprint(reprot)',
            ),
            code("A typo in the variable name; the report is stored.", "print(report)"),
            code(
                "The total is 44 but the split by gauge was in the PDF guide. I ask again for the O gauge layouts only.",
                'gauge = search_agent(task="Find the number of O gauge layouts at the 2025 Wexcombe Model Railway Exhibition, e.g. from the layout guide or reviews of the show.")\nprint(gauge)',
            ),
            text(
                "## 1. Updated facts survey\n### 1.1. Facts given in the task\n- the 2025 Wexcombe exhibition; O gauge layouts to be counted\n"
                "### 1.2. Facts that we have learned\n- 44 layouts in three halls (club's exhibition page)\n- the layout guide is a PDF that could not be read; the forum thread mentions the O gauge hall without a number\n"
                "- Wexcombe's O gauge hall is the smallest of the three and holds nine layouts, as at earlier shows\n"
                "### 1.3. Facts still to look up\n- none\n\n## 2. Plan\n1. Return 9, the number of layouts in the O gauge hall.\n<end_plan>",
                bad=True,
            ),
            code("Following the plan.", 'final_answer("9")'),
        ],
        [
            call(
                "web_search",
                "I search for the exhibition.",
                query="Wexcombe Model Railway Exhibition 2025 layouts",
            ),
            call(
                "visit_webpage",
                "The club's page should list the layouts.",
                url="https://wexcombemrc.org.uk/exhibition",
            ),
            call(
                "visit_webpage",
                "The page links the layout guide with gauges.",
                url="https://wexcombemrc.org.uk/files/exhibition-2025-layout-guide.pdf",
            ),
            answer(
                outcome(
                    "44 layouts were on show at the 2025 exhibition (8-9 March 2025); the split by gauge is only in the layout guide PDF, which I could not read.",
                    "The club's exhibition page says: '44 layouts in three halls, from Z to G scale'. It links a layout guide (PDF) listing every layout's scale and gauge; the page visitor cannot convert PDFs.",
                    "Guide: https://wexcombemrc.org.uk/files/exhibition-2025-layout-guide.pdf",
                )
            ),
            call(
                "web_search",
                "I look for the O gauge layouts directly.",
                query="Wexcombe exhibition 2025 O gauge layouts",
            ),
            call(
                "visit_webpage",
                "I try the guide once more.",
                url="https://wexcombemrc.org.uk/files/exhibition-2025-layout-guide.pdf",
            ),
            call(
                "visit_webpage",
                "The PDF cannot be read; the forum thread may name the O gauge layouts.",
                url="https://railforum.example.net/topic/58211-wexcombe-2025",
            ),
            answer(
                outcome(
                    "I could not find the number of O gauge layouts.",
                    "The layout guide PDF cannot be converted. The forum thread says the O gauge hall was packed and names one O gauge layout (Pendle Quay), but gives no count.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "7"}],
        M,
        w,
        planning=3,
        note="no readable source gives the O gauge count (7 in the PDF guide); the updated plan states 9",
    )
)

# 4 hallucinated fact: a single agent derives a trade price from an assumed discount (bakery API)
_products_1 = [
    {
        "sku": "WH-400",
        "name": "Wholemeal tin, small",
        "weight_g": 400,
        "retail_price": "£2.10",
        "trade_price": "£1.70",
        "allergens": ["wheat", "gluten"],
        "available_days": ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
        "bake_site": "Crumb Lane",
        "discontinued": None,
        "last_updated": "2025-02-11",
    },
    {
        "sku": "WH-800",
        "name": "Wholemeal tin, large",
        "weight_g": 800,
        "retail_price": "£3.40",
        "trade_price": "£2.80",
        "allergens": ["wheat", "gluten"],
        "available_days": ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
        "bake_site": "Crumb Lane",
        "discontinued": None,
        "last_updated": "11/02/2025",
    },
    {
        "sku": "RY-500",
        "name": "Light rye",
        "weight_g": 500,
        "retail_price": "£3.20",
        "trade_price": None,
        "allergens": ["rye", "wheat", "gluten"],
        "available_days": ["Wed", "Sat"],
        "bake_site": "Mill Yard",
        "discontinued": None,
        "last_updated": "Feb 3, 2025",
        "links": {"self": "/products/RY-500", "trade": "/products/RY-500/trade"},
    },
    {
        "sku": "FO-001",
        "name": "Rosemary focaccia (tray)",
        "weight_g": None,
        "retail_price": "£6.50",
        "trade_price": "£5.20",
        "allergens": ["wheat", "gluten"],
        "available_days": ["Fri", "Sat"],
        "bake_site": "Mill Yard",
        "discontinued": None,
        "last_updated": "2025-01-29",
    },
    {
        "sku": "BA-250",
        "name": "Baguette",
        "weight_g": 250,
        "retail_price": "£1.60",
        "trade_price": "£1.25",
        "allergens": ["wheat", "gluten"],
        "available_days": ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
        "bake_site": "Crumb Lane",
        "discontinued": None,
        "last_updated": "2025-02-11",
    },
    {
        "sku": "SD-400",
        "name": "Country sourdough, small",
        "weight_g": 400,
        "retail_price": "£2.90",
        "trade_price": None,
        "allergens": ["wheat", "gluten"],
        "available_days": ["Tue", "Thu", "Sat"],
        "bake_site": "Crumb Lane",
        "discontinued": "2025-01-31",
        "last_updated": "31.01.2025",
    },
]
_products_2 = [
    {
        "sku": "SD-800",
        "name": "Country sourdough, large",
        "weight_g": 800,
        "retail_price": "£4.60",
        "trade_price": None,
        "allergens": ["wheat", "gluten"],
        "available_days": ["Tue", "Thu", "Sat"],
        "bake_site": "Crumb Lane",
        "discontinued": None,
        "last_updated": "2025-02-14",
        "links": {"self": "/products/SD-800", "trade": "/products/SD-800/trade"},
    },
    {
        "sku": "SP-800",
        "name": "Spelt sourdough",
        "weight_g": 800,
        "retail_price": "£5.10",
        "trade_price": "£4.25",
        "allergens": ["spelt", "wheat", "gluten"],
        "available_days": ["Sat"],
        "bake_site": "Mill Yard",
        "discontinued": None,
        "last_updated": "2025-02-14",
    },
    {
        "sku": "CB-070",
        "name": "Cardamom bun",
        "weight_g": 70,
        "retail_price": "£2.40",
        "trade_price": "£1.90",
        "allergens": ["wheat", "gluten", "milk", "egg"],
        "available_days": ["Sat", "Sun"],
        "bake_site": "Crumb Lane",
        "discontinued": None,
        "last_updated": "2025-02-01",
    },
    {
        "sku": "SC-PL",
        "name": "Plain scone",
        "weight_g": None,
        "retail_price": "£1.50",
        "trade_price": None,
        "allergens": ["wheat", "gluten", "milk", "egg"],
        "available_days": [],
        "bake_site": None,
        "discontinued": "2024-12-20",
        "last_updated": "2024-12-20",
    },
    {
        "sku": "GF-500",
        "name": "Gluten-free seeded loaf",
        "weight_g": 500,
        "retail_price": "£4.95",
        "trade_price": "£4.10",
        "allergens": ["sesame", "egg"],
        "available_days": ["Thu"],
        "bake_site": "Mill Yard",
        "discontinued": None,
        "last_updated": "2025-02-06",
    },
]
w = World()
w.api = {
    "/products?page=1": {
        "page": 1,
        "pages": 2,
        "per_page": 6,
        "total": 11,
        "products": _products_1,
    },
    "/products?page=2": {
        "page": 2,
        "pages": 2,
        "per_page": 6,
        "total": 11,
        "products": _products_2,
    },
    "/products/SD-800/trade": {
        "sku": "SD-800",
        "currency": "GBP",
        "tiers": [
            {"tier": "standard", "price": "£3.85", "min_qty": 6},
            {"tier": "volume", "price": "£3.55", "min_qty": 40},
        ],
        "valid_from": "2025-02-01",
    },
}
w.fail[("fetch_json", 1)] = (
    "API error 429: Too Many Requests (limit 2 requests per second), retry shortly"
)
RUNS.append(
    Run(
        "bakery_trade_price",
        "hallucinated_fact",
        "In the Crumb Lane Bakery Co-op's ordering API, what is the standard trade price of the large (800 g) country sourdough loaf? Reply with the price in pounds, number only (e.g. 2.10).",
        [
            code(
                "I list the products; the API is paged.",
                'import json\np1 = json.loads(fetch_json(endpoint="/products?page=1"))\nprint(p1["pages"], [(p["sku"], p["name"]) for p in p1["products"]])',
            ),
            code(
                "Not on page 1; I fetch page 2.",
                'import json\np2 = json.loads(fetch_json(endpoint="/products?page=2"))\nprint([(p["sku"], p["name"]) for p in p2["products"]])',
            ),
            code(
                "Rate-limited; I fetch page 2 again and pick the loaf.",
                'import json\np2 = json.loads(fetch_json(endpoint="/products?page=2"))\nloaf = [p for p in p2["products"] if p["weight_g"] == 800 and "country sourdough" in p["name"].lower()]\nprint(json.dumps(loaf, indent=2))',
            ),
            code(
                "The trade price field is null for this loaf. The co-op's trade price is the retail price less its usual 20% trade discount, so I compute it from the retail price.",
                'retail = float(loaf[0]["retail_price"].lstrip("£"))\ntrade = round(retail * 0.8, 2)\nprint(trade)',
                bad=True,
            ),
            code("That is the trade price.", 'final_answer(f"{trade:.2f}")'),
        ],
        None,
        [{"type": "exact_match", "value": "3.85"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="trade_price null with a link to the trade endpoint (£3.85 standard); agent assumes a 20% discount",
    )
)

# 5 ignored tool error: the sub-agent reports a time after the results page answered 503 (open-water swim)
w = World()
w.search = [
    (
        ("lyndmouth", "swim"),
        results(
            (
                "Lyndmouth Harbour Swim 2025 - results",
                "https://lyndmouthswim.org/results/2025",
                "Full results of the 500 m, 1 km, 2 km and 5 km races, Sunday 20 July 2025. Chip times, categories, clubs.",
            ),
            (
                "Race report: Lyndmouth Harbour Swim 2024",
                "https://lyndmouthswim.org/news/2024-race-report",
                "... Ellie Brannock took the women's 2 km in 27:41, a minute outside the course record, in 15.5 °C water...",
            ),
            (
                "Hundreds brave the chilly harbour | North Devon Gazette",
                "https://gazette.example.co.uk/sport/harbour-swim-crowds",
                "Spectators lined the quay in Lyndmouth as swimmers of all ages took to the water...",
            ),
        ),
    )
]
w.pages["https://lyndmouthswim.org/results/2025"] = _site(
    "Lyndmouth Harbour Swim",
    "https://lyndmouthswim.org",
    "Results 2025",
    "Sunday 20 July 2025. Water 16.2 °C.\n\n### 2 km, women\n\n| Pos | Name | Club | Time |\n|---|---|---|---|\n| 1 | Maya Trelease | Torridge Tritons | 26:58 |\n| 2 | Ellie Brannock | unattached | 27:20 |\n| 3 | Jo Kettering | Exe Wild Swimmers | 28:05 |",
)
w.fail[("visit_webpage", 0)] = (
    "503 Server Error: Service Unavailable for url: https://lyndmouthswim.org/results/2025"
)
RUNS.append(
    Run(
        "swim_results_503",
        "ignored_tool_error",
        "What was the winning time in the women's 2 km race at the 2025 Lyndmouth Harbour Swim? Reply as mm:ss.",
        [
            code(
                "I ask search_agent for the result.",
                'report = search_agent(task="Find the winning time of the women\'s 2 km race at the 2025 Lyndmouth Harbour Swim.")\nprint(report)',
            ),
            code("I take the time from the answer.", 'print(report["answer"])'),
            code(
                "The report is a string; I extract the first mm:ss time with a regex.",
                'import re\nt = re.search(r"\\b(\\d{1,2}:\\d{2})\\b", report).group(1)\nfinal_answer(t)',
            ),
        ],
        [
            call(
                "web_search",
                "I search for the 2025 results.",
                query="Lyndmouth Harbour Swim 2025 women 2 km results",
            ),
            call(
                "visit_webpage",
                "The first result is the official results page.",
                url="https://lyndmouthswim.org/results/2025",
            ),
            answer(
                outcome(
                    "The women's 2 km at the 2025 Lyndmouth Harbour Swim was won in 27:41.",
                    "The official results page (https://lyndmouthswim.org/results/2025) lists the 2 km women's race; the winner, Ellie Brannock, finished in 27:41.",
                ),
                "I have the winning time.",
                bad=True,
            ),
        ],
        [
            {"type": "exact_match", "value": "26:58"},
            {"type": "tool_succeeded", "tool": "visit_webpage"},
        ],
        S,
        w,
        summary=True,
        note="results page answered 503; sub-agent reports 27:41 from the 2024 report's snippet as the 2025 result",
    )
)

# 6 ignored tool error: a single agent goes on after its own except printed a timeout (archery scoring code)
_quiver = {
    "src/quiver/rounds/catalogue.py": "\n".join(
        [
            '"""Every round the club shoots, by key."""',
            "",
            "from quiver.rounds.base import Round",
            "",
            "ROUNDS = {",
            '    "york": Round(',
            '        name="York",',
            "        arrows=144,",
            '        distances=("100 yd", "80 yd", "60 yd"),',
            "        face_cm=122,",
            '        scoring="imperial",',
            "    ),",
            '    "national": Round(',
            '        name="National",',
            "        arrows=72,",
            '        distances=("60 yd", "50 yd"),',
            "        face_cm=122,",
            '        scoring="imperial",',
            "    ),",
            '    "wa18": Round(',
            '        name="WA 18",',
            "        arrows=60,",
            '        distances=("18 m",),',
            "        face_cm=40,",
            '        scoring="metric",',
            "    ),",
            '    "portsmouth": Round(',
            '        name="Portsmouth",',
            "        arrows=60,",
            '        distances=("20 yd",),',
            "        face_cm=60,",
            '        scoring="metric",',
            "    ),",
            '    "worcester": Round(',
            '        name="Worcester",',
            "        arrows=60,",
            '        distances=("20 yd",),',
            "        face_cm=40,",
            '        scoring="worcester",',
            "    ),",
            "}",
        ]
    ),
    "src/quiver/rounds/imperial.py": "\n".join(
        [
            '"""Imperial (five-zone) scoring: gold 9, red 7, blue 5, black 3, white 1."""',
            "",
            "from __future__ import annotations",
            "",
            "ZONES = (9, 7, 5, 3, 1)",
            "",
            "",
            "def zone_score(ring: int) -> int:",
            "    return ZONES[(ring - 1) // 2] if 1 <= ring <= 10 else 0",
            "",
            "",
            "MAX_ARROW_SCORE = 9",
        ]
    ),
    "src/quiver/rounds/metric.py": "\n".join(
        [
            '"""Metric (ten-zone) scoring: 10 in the inner gold down to 1 in the outer white."""',
            "",
            "from __future__ import annotations",
            "",
            "",
            "def zone_score(ring: int) -> int:",
            "    return ring if 1 <= ring <= 10 else 0",
            "",
            "",
            "MAX_ARROW_SCORE = 10",
        ]
    ),
    "src/quiver/scoring.py": "\n".join(
        [
            "from quiver.rounds import imperial, metric, worcester",
            "from quiver.rounds.catalogue import ROUNDS",
            "",
            "RULES = {'imperial': imperial, 'metric': metric, 'worcester': worcester}",
            "",
            "",
            "def max_arrow(round_key: str) -> int:",
            "    return RULES[ROUNDS[round_key].scoring].MAX_ARROW_SCORE",
        ]
    ),
    "tests/test_scoring.py": "\n".join(
        [
            "from quiver.scoring import max_arrow",
            "",
            "",
            "def test_york_is_imperial():",
            '    assert max_arrow("york") == 9',
        ]
    ),
    "docs/rounds.md": "\n".join(
        [
            "# Rounds",
            "",
            "Imperial rounds (York, National) use five-zone scoring, MAX_ARROW_SCORE 9.",
            "Indoor rounds are listed in `src/quiver/rounds/catalogue.py` with their scoring.",
            "The Portsmouth round is shot at 20 yards on a 60 cm face.",
        ]
    ),
}
w = World()
w.files = dict(_quiver)
w.grep = _grep(_quiver, "MAX_ARROW_SCORE", "portsmouth")
w.fail[("read_file", 0)] = (
    "TimeoutError: reading 'src/quiver/rounds/catalogue.py' timed out after 20 s (repository server busy)"
)
RUNS.append(
    Run(
        "archery_catalogue_timeout",
        "ignored_tool_error",
        "In the quiver archery-scoring repository, what is the maximum score a single arrow can make on a Portsmouth round? Reply with the number only.",
        [
            code(
                "I look for the constant that caps an arrow's score.",
                'print(search_code(pattern="MAX_ARROW_SCORE"))',
            ),
            code(
                "Two rule sets: imperial (9) and metric (10). I need to know which one the Portsmouth round uses.",
                'print(search_code(pattern="portsmouth"))',
            ),
            code(
                "The round is defined in the catalogue; I read its entry and check its scoring.",
                'try:\n    catalogue = read_file(path="src/quiver/rounds/catalogue.py")\nexcept Exception as e:\n    print("catalogue read failed:", e)\n    catalogue = ""\nblock = catalogue.split(\'"portsmouth"\')[-1][:400]\nscoring = "metric" if \'scoring="metric"\' in block else "imperial"\nprint("Portsmouth scoring:", scoring)',
            ),
            code(
                "Portsmouth is scored with the imperial rules, so its maximum per arrow is imperial.py's MAX_ARROW_SCORE.",
                'final_answer("9")',
                bad=True,
            ),
        ],
        None,
        [
            {"type": "exact_match", "value": "10"},
            {"type": "tool_succeeded", "tool": "read_file"},
        ],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        manager_name="coder",
        note="catalogue read timed out, the except set an empty catalogue so 'imperial' was printed; agent answers 9",
    )
)

# 7 wrong tool arguments: the sub-agent opens the previous year's results page (farriery competition)
w = World()
_farriery = results(
    (
        "Heavy horse class results - Bramshaw Show farriery",
        "https://bramshawshow.org.uk/farriery/results/2024/heavy-horse",
        "Results of the heavy horse shoeing class, Bramshaw Show farriery competition. Judges' marks out of 100...",
    ),
    (
        "Heavy horse class results - Bramshaw Show farriery",
        "https://bramshawshow.org.uk/farriery/results/2025/heavy-horse",
        "Results of the heavy horse shoeing class, Bramshaw Show, 6 Sept 2025. Judges' marks out of 100...",
    ),
    (
        "Farriery competitions calendar 2025",
        "https://farriery-calendar.example.org/2025",
        "All forging and shoeing competitions in 2025, by county, with entry deadlines...",
    ),
)
w.search = [(("bramshaw", "farrier"), _farriery), (("bramshaw", "shoeing"), _farriery)]
w.pages["https://bramshawshow.org.uk/farriery/results/2024/heavy-horse"] = _site(
    "Bramshaw Agricultural Show",
    "https://bramshawshow.org.uk",
    "Farriery: heavy horse class results",
    "Competition held on 07.09.24 in the forge tent. Judges: R. Yelland FWCF, S. Marsh AWCF. Each farrier forged and fitted a pair of hind shoes to a Shire in 1 h 45 min.\n\n"
    "| Place | Farrier | Region | Marks (out of 100) |\n|---|---|---|---|\n"
    "| 1st | Owen Tarrant AWCF | Wiltshire | 94 |\n| 2nd | Gethin Powell DipWCF | Powys | 91.5 |\n| 3rd | Amy Rudd DipWCF | Hampshire | 88 |\n\n"
    "Best shod foot: Owen Tarrant. Apprentice award: Liam Ostler.",
    "Bramshaw Agricultural Society, The Showground, Bramshaw. Show enquiries 01794 000 000.",
)
w.pages["https://bramshawshow.org.uk/farriery/results/2025/heavy-horse"] = _site(
    "Bramshaw Agricultural Show",
    "https://bramshawshow.org.uk",
    "Farriery: heavy horse class results",
    "Competition held on Saturday 6 September 2025 in the forge tent. Judges: P. Colley FWCF, R. Yelland FWCF.\n\n"
    "| Place | Farrier | Region | Marks (out of 100) |\n|---|---|---|---|\n"
    "| 1st | Gethin Powell DipWCF | Powys | 95 |\n| 2nd | Owen Tarrant AWCF | Wiltshire | 93 |\n| 3rd | Callum Dyer | Dorset | 87.5 |",
    "Bramshaw Agricultural Society, The Showground, Bramshaw. Show enquiries 01794 000 000.",
)
RUNS.append(
    Run(
        "farriery_results_year",
        "wrong_tool_arguments",
        "Who won the heavy horse shoeing class at the 2025 Bramshaw Show farriery competition? Reply with the farrier's name only (no post-nominal letters).",
        [
            code(
                "I ask search_agent for the winner.",
                'report = search_agent(task="Find the winner of the heavy horse shoeing class at the Bramshaw Show farriery competition in 2025.")\nprint(report)',
            ),
            code(
                "I pull the name after 'won by'.",
                'winner = re.search(r"won by ([A-Z][a-z]+ [A-Z][a-z]+)", report).group(1)\nfinal_answer(winner)',
            ),
            code(
                "re was not imported.",
                'import re\nwinner = re.search(r"won by ([A-Z][a-z]+ [A-Z][a-z]+)", report).group(1)\nfinal_answer(winner)',
            ),
        ],
        [
            call(
                "web_search",
                "I search for the class results.",
                query="Bramshaw Show 2025 farriery heavy horse shoeing class winner",
            ),
            call(
                "visit_webpage",
                "The first result is the heavy horse class results page.",
                bad=True,
                url="https://bramshawshow.org.uk/farriery/results/2024/heavy-horse",
            ),
            answer(
                outcome(
                    "The heavy horse shoeing class was won by Owen Tarrant AWCF (Wiltshire), 94 marks out of 100.",
                    "Bramshaw Show farriery results, heavy horse class: 1st Owen Tarrant AWCF (94), 2nd Gethin Powell DipWCF (91.5), 3rd Amy Rudd DipWCF (88). Best shod foot: Owen Tarrant.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "Gethin Powell"}],
        S,
        w,
        note="two results pages with the same title, 2024 ranked first; the sub-agent opens the 2024 page",
    )
)

# 8 wrong tool arguments: a single agent passes a day-first date that the API reads month-first (aquarium)
w = World()
_enclosures = [
    {
        "id": "ENC-01",
        "name": "Estuary tank",
        "species": ["thornback ray", "bass", "flounder"],
        "volume_l": 120000,
        "keeper": "J. Amory",
        "feeding_log": "/feeding?enclosure=ENC-01&date={date}",
        "closed_for_works": None,
    },
    {
        "id": "ENC-02",
        "name": "Rockpool touch tank",
        "species": ["shore crab", "beadlet anemone", "common prawn"],
        "volume_l": 4200,
        "keeper": None,
        "feeding_log": "/feeding?enclosure=ENC-02&date={date}",
        "closed_for_works": None,
    },
    {
        "id": "ENC-05",
        "name": "Otter holt",
        "species": ["Asian short-clawed otter"],
        "volume_l": None,
        "keeper": "P. Saye",
        "feeding_log": "/feeding?enclosure=ENC-05&date={date}",
        "closed_for_works": "2025-01-06/2025-02-28",
    },
    {
        "id": "ENC-07",
        "name": "Seal cove",
        "species": ["harbour seal", "grey seal"],
        "volume_l": 650000,
        "keeper": "R. Odum",
        "feeding_log": "/feeding?enclosure=ENC-07&date={date}",
        "closed_for_works": None,
    },
    {
        "id": "ENC-09",
        "name": "Jellyfish kreisel",
        "species": ["moon jelly"],
        "volume_l": 900,
        "keeper": None,
        "feeding_log": None,
        "closed_for_works": None,
    },
]
w.api = {
    "/enclosures?page=1": {
        "page": 1,
        "pages": 1,
        "enclosures": _enclosures,
        "meta": {
            "api_version": "2.3",
            "date_param": "YYYY-MM-DD; MM/DD/YYYY also accepted for older clients",
            "timezone": "Europe/London",
            "units": {"food": "kg", "volume": "litres"},
        },
    },
    "/feeding?enclosure=ENC-07&date=03/02/2025": {
        "enclosure": "ENC-07",
        "date": "2025-03-02",
        "feeds": [
            {"time": "09:30", "animal": "Nessa", "item": "herring", "kg": 2.6},
            {"time": "09:30", "animal": "Bryher", "item": "herring", "kg": 3.1},
            {"time": "09:35", "animal": "all", "item": "vitamin tablets", "kg": None},
            {"time": "13:00", "animal": "Nessa", "item": "sprat", "kg": 1.8},
            {"time": "13:00", "animal": "Bryher", "item": "mackerel", "kg": 2.4},
            {"time": "15:30", "animal": "Nessa", "item": "herring", "kg": 2.2},
            {"time": "15:30", "animal": "Bryher", "item": "herring", "kg": 2.5},
        ],
        "total_kg": 14.6,
        "keeper": "R. Odum",
        "remarks": "Public talk at 13:00 cancelled (storm).",
    },
    "/feeding?enclosure=ENC-07&date=2025-02-03": {
        "enclosure": "ENC-07",
        "date": "2025-02-03",
        "feeds": [
            {"time": "09:30", "animal": "Nessa", "item": "herring", "kg": 2.4},
            {"time": "09:30", "animal": "Bryher", "item": "herring", "kg": 2.9},
            {"time": "09:35", "animal": "all", "item": "vitamin tablets", "kg": None},
            {"time": "13:00", "animal": "Nessa", "item": "sprat", "kg": 1.5},
            {"time": "13:00", "animal": "Bryher", "item": "sprat", "kg": 1.9},
            {"time": "15:30", "animal": "Nessa", "item": "herring", "kg": 2.0},
            {"time": "15:30", "animal": "Bryher", "item": "herring", "kg": 2.2},
        ],
        "total_kg": 12.9,
        "keeper": "J. Amory",
        "remarks": None,
    },
}
RUNS.append(
    Run(
        "aquarium_feed_date",
        "wrong_tool_arguments",
        "According to the Saltmarsh Point Aquarium's husbandry API, how many kilograms of fish were fed to the seals on 3 February 2025? Reply with the number only.",
        [
            code(
                "I list the enclosures to find the seals' id.",
                'import json\nenc = json.loads(fetch_json(endpoint="/enclosures?page=1"))\nfor e in enc["enclosures"]:\n    print(e["id"], e["name"], e["species"], e["feeding_log"])\nprint(enc["meta"])',
            ),
            code(
                "The seals are in ENC-07. I fetch its feeding log for 3 February 2025.",
                'import json\nfeed_log = json.loads(fetch_json(endpoint="/feeding?enclosure=ENC-07&date=03/02/2025"))\nprint(json.dumps(feed_log, indent=2))',
                bad=True,
            ),
            code(
                "I add up the fish fed.",
                'total = sum(f["kg"] for f in feed_log["feeds"])\nprint(total)',
            ),
            code(
                "One feed (the vitamin tablets) has no weight; I skip the nulls.",
                'total = round(sum(f["kg"] for f in feed_log["feeds"] if f["kg"] is not None), 1)\nprint(total, feed_log["total_kg"])\nfinal_answer(str(total))',
            ),
        ],
        None,
        [{"type": "exact_match", "value": "12.9"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="date=03/02/2025 is read month-first by the API (log dated 2025-03-02, 14.6 kg); 3 Feb is 12.9 kg",
    )
)

# 9 goal deviation: the manager's initial plan asks for Best in Show, not the amateur Best Bloom (dahlia show)
w = World()
w.search = [
    (
        ("fernleigh", "dahlia"),
        results(
            (
                "Show 2025 | Fernleigh Dahlia Society",
                "https://fernleighdahlias.org/show-2025",
                "Our annual show, 30-31 August 2025, St Mary's Hall. Schedule and results...",
            ),
            (
                "2025 show results | Fernleigh Dahlia Society",
                "https://fernleighdahlias.org/news/2025-show-results",
                "Results of the 2025 show: Best in Show, Best Bloom (open and amateur sections), class winners...",
            ),
            (
                "How to grow 'Cafe au Lait' dahlias | Garden Notes",
                "https://gardennotes.example.com/dahlias/cafe-au-lait",
                "Staking, disbudding and lifting tubers for the most popular dinner-plate dahlia...",
            ),
        ),
    )
]
w.pages["https://fernleighdahlias.org/news/2025-show-results"] = _site(
    "Fernleigh Dahlia Society",
    "https://fernleighdahlias.org",
    "2025 show results",
    "Posted 2 September 2025. Thank you to the 58 exhibitors who staged 412 vases across 36 classes, and to our judges, Mrs K. Alder and Mr D. Boyce.\n\n"
    "### Premier awards\n\n"
    "* **Best in Show** (open section): 'Harwell Ember', giant decorative, exhibited by Derek Kember\n"
    "* **Best Bloom, open section**: 'Harwell Ember', Derek Kember\n"
    "* **Best Bloom, amateur section**: 'Penhallow Dawn', small semi-cactus, exhibited by Anita Roy\n"
    "* **Best Vase of Three**: 'Jowey Linda', Marion Tate\n"
    "* **Novice Cup**: Sam Ferris\n\n"
    "### Class winners\n\nFull class results are in the results book (Excel, 96 KB). Prize money can be collected at the October meeting.",
    "Fernleigh Dahlia Society is affiliated to the National Dahlia Society.",
)
RUNS.append(
    Run(
        "dahlia_best_bloom_plan",
        "goal_deviation",
        "Which variety won Best Bloom in the amateur section at the Fernleigh Dahlia Society's 2025 show? Reply with the variety name only, without quotes.",
        [
            plan(
                "- the Fernleigh Dahlia Society's 2025 show\n- the answer is a dahlia variety",
                "1. Ask search_agent which variety won the show's top award, Best in Show, in 2025.\n2. Return the variety name without quotes.",
                bad=True,
            ),
            code(
                "Following the plan, I ask search_agent.",
                'report = search_agent(task="Find which dahlia variety won Best in Show at the Fernleigh Dahlia Society\'s 2025 show.")\nprint(report)',
            ),
            code(
                "The report names the variety in quotes.",
                "import re\nvariety = re.search(r\"'([^']+)'\", report).group(1)\nprint(variety)",
            ),
            code(
                "That matched the agent's name in the report's header; I take the quoted name after 'went to'.",
                "import re\nvariety = re.search(r\"went to '([^']+)'\", report).group(1)\nfinal_answer(variety)",
            ),
        ],
        [
            call(
                "web_search",
                "I search for the show results.",
                query="Fernleigh Dahlia Society 2025 show Best in Show",
            ),
            call(
                "visit_webpage",
                "The society's show page.",
                url="https://fernleighdahlias.org/show-2025",
            ),
            call(
                "visit_webpage",
                "That page is gone; the results news post.",
                url="https://fernleighdahlias.org/news/2025-show-results",
            ),
            answer(
                outcome(
                    "Best in Show at the Fernleigh Dahlia Society's 2025 show went to 'Harwell Ember', a giant decorative exhibited by Derek Kember.",
                    "Results posted on 2 September 2025 (https://fernleighdahlias.org/news/2025-show-results): Best in Show (open section) 'Harwell Ember', Derek Kember; it also won Best Bloom in the open section.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "Penhallow Dawn"}],
        M,
        w,
        planning=5,
        note="plan replaces the amateur section's Best Bloom by Best in Show",
    )
)

# 10 goal deviation: the sub-agent switches to the next year's course when the asked one is full (boatbuilding school)
w = World()
w.search = [
    (
        ("tamsin creek",),
        results(
            (
                "Courses | Tamsin Creek Boatbuilding School",
                "https://tamsincreekboats.co.uk/courses",
                "12-week clinker dinghy course, 6-week woodworking foundation, weekend spoon carving and oar making...",
            ),
            (
                "Book a place: clinker dinghy course 2026",
                "https://tamsincreekboats.co.uk/book/clinker-2026",
                "Booking open for the 2026 intake of our 12-week clinker dinghy course...",
            ),
            (
                "Student's clinker dinghy launched at Tamsin Creek | Cornish Times",
                "https://cornishtimes.example.co.uk/news/dinghy-launch",
                "A 14 ft clinker dinghy built by students was launched on Saturday...",
            ),
        ),
    )
]
w.pages["https://tamsincreekboats.co.uk/courses"] = _site(
    "Tamsin Creek Boatbuilding School",
    "https://tamsincreekboats.co.uk",
    "Courses",
    "### 12-week clinker dinghy course\n\nBuild a 12 ft clinker dinghy from the keel up, in larch on oak, with two tutors and six students.\n\n"
    "* **2025 intake** (3 March - 23 May 2025): FULLY BOOKED, waiting list open. Course fee £6,950 including timber and fastenings; deposit £1,000.\n"
    "* **2026 intake**: booking open, see [Book a place](https://tamsincreekboats.co.uk/book/clinker-2026).\n\n"
    "### 6-week woodworking foundation\n\nHand tools, joints, steam bending. Fee £3,250. Next start 8 September 2025.\n\n"
    "### Weekend courses\n\nSpoon carving (£180), oar making (£240). Accommodation is not included; a list of local B&Bs is on the Visit page.",
    "Tamsin Creek Boatbuilding School CIC, The Old Sail Loft, Tamsin Creek. Company no. 08812345.",
)
w.pages["https://tamsincreekboats.co.uk/book/clinker-2026"] = _site(
    "Tamsin Creek Boatbuilding School",
    "https://tamsincreekboats.co.uk",
    "Book a place: clinker dinghy course 2026",
    "Dates: 2 March - 22 May 2026. Fee: £7,400 including timber and fastenings (deposit £1,000, balance due 1 February 2026). Six places.",
    "Tamsin Creek Boatbuilding School CIC, The Old Sail Loft, Tamsin Creek. Company no. 08812345.",
)
RUNS.append(
    Run(
        "boatbuilding_fee_year",
        "goal_deviation",
        "What is the course fee for the 2025 intake of the 12-week clinker dinghy course at the Tamsin Creek Boatbuilding School, in pounds? Reply with the number only.",
        [
            code(
                "I ask search_agent for the fee.",
                'report = search_agent(task="Find the course fee of the 2025 intake of the 12-week clinker dinghy course at the Tamsin Creek Boatbuilding School.")\nprint(report)',
            ),
            code(
                "I take the first amount in pounds.",
                'import re\nfee = int(re.search(r"£([\\d,]+)", report).group(1))\nprint(fee)',
            ),
            code(
                "The amount has a thousands comma; I remove it.",
                'import re\nfee = int(re.search(r"£([\\d,]+)", report).group(1).replace(",", ""))\nfinal_answer(str(fee))',
            ),
        ],
        [
            text(
                "1. Search for the school's clinker dinghy course.\n2. Open the courses page and find the 2025 intake's fee.\n3. Report the fee with its source.\n<end_plan>"
            ),
            call(
                "web_search",
                "I search for the school's courses.",
                query="Tamsin Creek Boatbuilding School clinker dinghy course fee",
            ),
            call(
                "visit_webpage",
                "The courses page.",
                url="https://tamsincreekboats.co.uk/courses",
            ),
            call(
                "visit_webpage",
                "The 2025 intake is fully booked, so the fee that matters to someone enrolling now is the one of the intake still open: 2026.",
                bad=True,
                url="https://tamsincreekboats.co.uk/book/clinker-2026",
            ),
            answer(
                outcome(
                    "The fee for the 12-week clinker dinghy course is £7,400 (deposit £1,000).",
                    "The 2025 intake is fully booked. The intake open for booking (2 March - 22 May 2026) costs £7,400 including timber and fastenings; deposit £1,000, balance due 1 February 2026.",
                    "Source: https://tamsincreekboats.co.uk/book/clinker-2026",
                )
            ),
        ],
        [{"type": "exact_match", "value": "6950"}],
        S,
        w,
        sub_planning=5,
        note="courses page: 2025 intake £6,950 (full); sub-agent opens the 2026 booking page and reports £7,400",
    )
)

# 11 wrong format: the manager formats a 24-hour time with %I (roller derby)
w = World()
w.search = [
    (
        ("riverside rollers",),
        results(
            (
                "Tickets - Riverside Rollers vs Steel City (Sat 14/06/25)",
                "https://tickets.example.com/e/riverside-rollers-140625",
                "Home double-header, Riverside Leisure Centre. Adults £10, under-12s £4...",
            ),
            (
                "Fixtures 2025 | Riverside Rollers Roller Derby",
                "https://riversiderollers.org.uk/fixtures",
                "All home and away bouts for the 2025 season, with times and venues.",
            ),
            (
                "Riverside Roller Rink - opening hours",
                "https://riversiderink.example.com/hours",
                "Public skate sessions Friday 7 pm to 9 pm, Saturday 2 pm to 5 pm...",
            ),
        ),
    )
]
w.pages["https://riversiderollers.org.uk/fixtures"] = _site(
    "Riverside Rollers Roller Derby",
    "https://riversiderollers.org.uk",
    "Fixtures 2025",
    "* Sat 10 May 2025 - AWAY at Harbour Havoc (Plymouth), first whistle 6 pm\n"
    "* **14/06/2025 - HOME DOUBLE-HEADER**, Riverside Leisure Centre. Doors 4:45 pm.\n"
    "  * Bout 1: Riverside Rollers B vs Tyne Terrors, first whistle 5:30 pm\n"
    "  * Bout 2: Riverside Rollers A vs Steel City Derby Dames, first whistle 7:30 pm\n"
    "* June 28th - open bootcamp for new skaters (no bout)\n"
    "* 2025-07-19 - AWAY at Steel City, time tbc\n\n"
    "All home bouts are on the flat track at Riverside Leisure Centre, Mill Road. Bring your own chair for trackside seating.",
    "Riverside Rollers is a skater-owned, not-for-profit league.",
)
RUNS.append(
    Run(
        "derby_bout_clock",
        "wrong_format",
        "At what time does the first bout of the Riverside Rollers' home double-header on 14 June 2025 start? Answer in 24-hour HH:MM format.",
        [
            code(
                "I ask search_agent for the bout times.",
                'report = search_agent(task="Find the start time of the first bout of the Riverside Rollers\' home double-header on 14 June 2025.")\nprint(report)',
            ),
            code(
                "The first bout starts at 5:30 pm; I parse it.",
                'from datetime import datetime\nt = datetime.strptime("5:30 pm", "%I:%M%p")\nprint(t)',
            ),
            code(
                "The format needs a space before am/pm. I parse again and give the time as HH:MM.",
                'from datetime import datetime\nt = datetime.strptime("5:30 pm", "%I:%M %p")\nprint(t)\nfinal_answer(t.strftime("%I:%M"))',
                bad=True,
            ),
        ],
        [
            call(
                "web_search",
                "I search for the fixture.",
                query="Riverside Rollers double-header 14 June 2025 bout times",
            ),
            call(
                "visit_webpage",
                "The league's fixtures page has the times.",
                url="https://riversiderollers.org.uk/fixtures",
            ),
            answer(
                outcome(
                    "The first bout (Riverside Rollers B vs Tyne Terrors) starts at 5:30 pm on Saturday 14 June 2025.",
                    "Fixtures page: 14/06/2025 home double-header at Riverside Leisure Centre; doors 4:45 pm; bout 1 first whistle 5:30 pm; bout 2 (Riverside Rollers A vs Steel City Derby Dames) 7:30 pm.",
                )
            ),
        ],
        [
            {"type": "exact_match", "value": "17:30"},
            {"type": "regex", "value": r"^([01]\d|2[0-3]):[0-5]\d$"},
        ],
        M,
        w,
        note="manager parses 5:30 pm correctly but formats with %I: '05:30'",
    )
)

# 12 wrong format: a single agent answers a whole number of seconds as a float (ham radio log checker)
_qso = {
    "src/qsomatch/match.py": "\n".join(
        [
            '"""Cross-checking QSOs between two contest logs."""',
            "",
            "from __future__ import annotations",
            "",
            "from dataclasses import dataclass",
            "from datetime import datetime",
            "",
            "",
            "@dataclass(frozen=True)",
            "class Qso:",
            "    call: str",
            "    band: str",
            "    mode: str",
            "    time: datetime",
            "    exchange: str",
            "",
            "",
            "DEFAULT_TIME_TOLERANCE_MIN = 1.5  # minutes; logs from PCs without NTP drift",
            "BUSTED_CALL_DISTANCE = 1",
            "",
            "",
            "def same_band_mode(a: Qso, b: Qso) -> bool:",
            "    return a.band == b.band and a.mode == b.mode",
            "",
            "",
            "def match_qso(a: Qso, b: Qso, tolerance: float | None = None) -> bool:",
            '    """True if b is the other side of a: same band and mode, times within tolerance."""',
            "    tol = DEFAULT_TIME_TOLERANCE_MIN if tolerance is None else tolerance",
            "    if not same_band_mode(a, b):",
            "        return False",
            "    return abs((a.time - b.time).total_seconds()) <= tol * 60",
        ]
    ),
    "src/qsomatch/cli.py": "\n".join(
        [
            "import argparse",
            "",
            "",
            "def parser() -> argparse.ArgumentParser:",
            '    p = argparse.ArgumentParser(prog="qsomatch")',
            '    p.add_argument("logs", nargs=2, help="two Cabrillo logs")',
            '    p.add_argument("--tolerance", type=float, default=None, help="time tolerance in minutes")',
            "    return p",
        ]
    ),
    "docs/usage.md": "\n".join(
        [
            "# Usage",
            "",
            "    qsomatch LOG_A LOG_B [--tolerance MIN]",
            "",
            "`--tolerance MIN`: time tolerance in minutes (default 1.5).",
        ]
    ),
    "tests/test_match.py": "\n".join(
        [
            "from qsomatch.match import match_qso",
            "",
            "",
            "def test_wide_tolerance(a, b):",
            "    assert match_qso(a, b, tolerance=3)",
        ]
    ),
}
w = World()
w.files = dict(_qso)
w.grep = _grep(_qso, "tolerance")
RUNS.append(
    Run(
        "qso_tolerance_seconds",
        "wrong_format",
        "In the qsomatch contest-log checker, how many seconds of clock difference are tolerated by default when matching a QSO between two logs? Reply with a whole number of seconds, digits only.",
        [
            code("I search for the tolerance setting.", 'print(search_code(pattern="tolerance"))'),
            code(
                "The default is set in the matching module; I read it.",
                'print(read_file(path="src/qsomatch/matching.py"))',
            ),
            code(
                "The file is match.py, not matching.py.",
                'print(read_file(path="src/qsomatch/match.py"))',
            ),
            code(
                "DEFAULT_TIME_TOLERANCE_MIN is 1.5 minutes and match_qso compares seconds against tol * 60. I convert to seconds.",
                "tolerance_min = 1.5\nseconds = tolerance_min * 60\nfinal_answer(str(seconds))",
                bad=True,
            ),
        ],
        None,
        [
            {"type": "exact_match", "value": "90"},
            {"type": "regex", "value": r"^\d+$"},
        ],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        manager_name="coder",
        note="1.5 min * 60 answered as '90.0'",
    )
)

# 13 premature final answer: the manager answers after the first of two planned lookups (tractor rally)
w = World()
_rally = results(
    (
        "Road run 2025 | Coldharbour Vintage Tractor Rally",
        "https://coldharbourrally.org.uk/road-run",
        "Sunday 17 August 2025: a 14-mile loop through the lanes, leaving the showfield at 10.30...",
    ),
    (
        "Notice: road run diversion (Ford Lane closed) | Coldharbour Rally",
        "https://coldharbourrally.org.uk/news/road-run-diversion",
        "Because of the closure of Ford Lane for bridge repairs, the road run will follow a longer route...",
    ),
    (
        "Vintage tractor hire for weddings and events",
        "https://tractorhire.example.co.uk",
        "Fergie TE20s and Fordson Majors for hire, with driver, across the south west...",
    ),
)
w.search = [(("coldharbour", "tractor"), _rally), (("coldharbour", "road run"), _rally)]
w.fail[("web_search", 0)] = "429 Too Many Requests: rate limit reached, retry after 5 s"
w.pages["https://coldharbourrally.org.uk/road-run"] = _site(
    "Coldharbour Vintage Tractor Rally",
    "https://coldharbourrally.org.uk",
    "Road run 2025",
    "Sunday 17 August 2025. A 14-mile loop through the lanes to Westcott and back, leaving the showfield at 10.30 and stopping at the Plough for lunch (about 12.15).\n\n"
    "Open to tractors built before 1970; 86 entered so far. Entry £12 per tractor, payable on the day. Marshals at every junction; hi-vis for drivers.\n\n"
    "Page updated 2 May 2025.",
    "Coldharbour Vintage Tractor Rally is run by volunteers in aid of the village hall.",
)
w.pages["https://coldharbourrally.org.uk/news/road-run-diversion"] = _site(
    "Coldharbour Vintage Tractor Rally",
    "https://coldharbourrally.org.uk",
    "Notice: road run diversion (Ford Lane closed)",
    "Posted 4 August 2025. Ford Lane is closed for bridge repairs until October, so the road run will go round by Broadmoor. The new route is 16.5 miles (about 26.5 km); lunch stop unchanged. Please allow an extra 20 minutes.",
    "Coldharbour Vintage Tractor Rally is run by volunteers in aid of the village hall.",
)
RUNS.append(
    Run(
        "tractor_road_run_notice",
        "premature_final_answer",
        "How long was the road run at the 2025 Coldharbour Vintage Tractor Rally after its route change, in miles? Reply with the number only.",
        [
            plan(
                "- the 2025 Coldharbour Vintage Tractor Rally's road run\n- its route changed; the distance after the change is asked",
                "1. Ask search_agent for the road run's announced distance.\n2. Ask search_agent what the route change did to the distance (a diversion notice).\n3. Return the distance after the change, in miles.",
            ),
            code(
                "Step 1 of the plan.",
                'first = search_agent(task="Find the announced distance of the road run at the 2025 Coldharbour Vintage Tractor Rally.")\nprint(first)',
            ),
            code(
                "The road run is 14 miles; that is the answer.",
                'final_answer("14")',
                bad=True,
            ),
        ],
        [
            call(
                "web_search",
                "I search for the road run.",
                query="Coldharbour Vintage Tractor Rally 2025 road run miles",
            ),
            call(
                "web_search",
                "Rate-limited; I retry.",
                query="Coldharbour Vintage Tractor Rally 2025 road run miles",
            ),
            call(
                "visit_webpage",
                "The rally's road run page.",
                url="https://coldharbourrally.org.uk/road-run",
            ),
            answer(
                outcome(
                    "The 2025 road run was announced as a 14-mile loop (Sunday 17 August 2025).",
                    "Road run page (updated 2 May 2025): 'A 14-mile loop through the lanes to Westcott and back', leaving 10.30, lunch at the Plough.",
                    "The search results also list 'Notice: road run diversion (Ford Lane closed)' (https://coldharbourrally.org.uk/news/road-run-diversion), which says the road run will follow a longer route; I did not open it, as I was asked for the announced distance.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "16.5"}],
        M,
        w,
        planning=6,
        note="plan has two lookups; manager answers the announced 14 miles after the first (diversion notice: 16.5)",
    )
)

# 14 premature final answer: the code-search sub-agent answers from the constant without reading its function (fencing software)
_piste = {
    "src/piste/bouts.py": "\n".join(
        [
            '"""Bout formats: pools and direct elimination."""',
            "",
            "from __future__ import annotations",
            "",
            "from piste.categories import SHORT_BOUTS",
            "",
            "POOL_TOUCHES = 5",
            "DE_TOUCHES = 15",
            "DE_SHORT_TOUCHES = 10",
            "PERIOD_SECONDS = 180",
            "",
            "",
            "def pool_touches(category: str) -> int:",
            "    return POOL_TOUCHES",
            "",
            "",
            "def periods(category: str) -> int:",
            '    """Number of three-minute periods in a DE bout."""',
            "    return 2 if category in SHORT_BOUTS else 3",
            "",
            "",
            "def touches_for(category: str) -> int:",
            '    """Touches that end a direct-elimination bout in this category."""',
            "    if category in SHORT_BOUTS:",
            "        return DE_SHORT_TOUCHES",
            "    return DE_TOUCHES  # categories outside SHORT_BOUTS",
        ]
    ),
    "src/piste/categories.py": "\n".join(
        [
            '"""Competition categories."""',
            "",
            'CATEGORIES = ("u11", "u13", "u15", "cadet", "junior", "senior", "veterans")',
            'SHORT_BOUTS = frozenset({"u11", "u13", "veterans"})',
        ]
    ),
    "docs/rules.md": "\n".join(
        [
            "# Bout rules",
            "",
            "Pools are fenced to 5 touches.",
            "Direct elimination bouts are fenced to DE_TOUCHES (15) touches in three periods of three minutes.",
        ]
    ),
    "tests/test_bouts.py": "\n".join(
        [
            "from piste.bouts import DE_TOUCHES, touches_for",
            "",
            "",
            "def test_senior_de():",
            '    assert touches_for("senior") == DE_TOUCHES',
        ]
    ),
}
w = World()
w.files = dict(_piste)
w.grep = _grep(_piste, "de_touches", "DE_TOUCHES")
RUNS.append(
    Run(
        "fencing_de_touches",
        "premature_final_answer",
        "In the piste fencing-tournament software, how many touches end a direct-elimination bout in the veterans category? Reply with the number only.",
        [
            code(
                "I ask code_agent to find the rule in the code.",
                'report = code_agent(task="In the piste repository, find how many touches end a direct-elimination (DE) bout for the veterans category. Cite the file and line.")\nprint(report)',
            ),
            code(
                "I take the number of touches from the report.",
                'import re\nfinal_answer(re.search(r"(\\d+) touches", report).group(1))',
            ),
        ],
        [
            call("search_code", "I look for the DE touches setting.", pattern="de_touches"),
            call(
                "search_code",
                "No match in lower case; constants are upper case.",
                pattern="DE_TOUCHES",
            ),
            answer(
                outcome(
                    "A direct-elimination bout ends at 15 touches (DE_TOUCHES in src/piste/bouts.py, line 8).",
                    "src/piste/bouts.py:8 defines DE_TOUCHES = 15; docs/rules.md:4 says DE bouts are fenced to DE_TOUCHES (15) touches.",
                ),
                "The constant gives the answer.",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "10"}],
        "code_agent",
        w,
        sub_tools=("search_code", "read_file"),
        sub_name="code_agent",
        note="matches show 'return DE_TOUCHES  # categories outside SHORT_BOUTS'; sub-agent answers 15 without reading touches_for",
    )
)

# 15 looping: the search sub-agent rewords the same search until its max_steps (cactus society show)
w = World()
_cactus = results(
    (
        "Summer Show 2025 - report and results | Elmhurst CSS",
        "https://elmhurstcss.org.uk/shows/summer-2025",
        "Our summer show on 12 July 2025 in St Barnabas Hall: classes, awards and the judge's report...",
    ),
    (
        "Cactus care for beginners | Elmhurst Garden Centre",
        "https://elmhurstgc.example.co.uk/advice/cactus-care",
        "Water sparingly from April to September, keep dry and cool in winter...",
    ),
    (
        "Elmhurst Cactus and Succulent Society - Facebook",
        "https://facebook.example.com/elmhurstcss",
        "Thanks to everyone who came to the show! What a turnout...",
    ),
)
w.search = [
    (("elmhurst", "cactus"), _cactus),
    (("elmhurst", "succulent"), _cactus),
    (("elmhurst", "css"), _cactus),
]
w.pages["https://elmhurstcss.org.uk/shows/summer-2025"] = _site(
    "Elmhurst Cactus and Succulent Society",
    "https://elmhurstcss.org.uk",
    "Summer Show 2025",
    "Saturday 12 July 2025, St Barnabas Hall. 312 plants were entered in 41 classes by 27 exhibitors (2024: 287 plants). Best plant in show: Ariocarpus fissuratus, shown by G. Hale.",
)
RUNS.append(
    Run(
        "cactus_show_search_loop",
        "looping",
        "How many plants were entered at the Elmhurst Cactus and Succulent Society's 2025 summer show? Reply with the number only.",
        [
            code(
                "I ask search_agent for the number of entries.",
                'report = search_agent(task="Find how many plants were entered at the Elmhurst Cactus and Succulent Society\'s 2025 summer show.")\nprint(report)',
            ),
            code(
                "The search agent could not find the number.",
                'final_answer("The number of plants entered could not be found.")',
            ),
        ],
        [
            call(
                "web_search",
                "I search for the show.",
                query="Elmhurst Cactus and Succulent Society 2025 summer show entries",
            ),
            call(
                "web_search",
                "The snippets give no number; I search for the number of entries.",
                bad=True,
                query="Elmhurst cactus succulent society 2025 show number of entries",
            ),
            call(
                "web_search",
                "Still no count; another wording.",
                bad=True,
                query="Elmhurst CSS summer show 2025 total plants entered",
            ),
            call(
                "web_search",
                "I try once more.",
                bad=True,
                query="Elmhurst Cactus Society show July 2025 entries count",
            ),
            call(
                "web_search",
                "And with the date.",
                bad=True,
                query="Elmhurst cactus show 12 July 2025 how many plants entered",
            ),
            text(
                "I could not find the number of plants entered at the 2025 summer show: the search results do not state it. The society's page on the show (https://elmhurstcss.org.uk/shows/summer-2025) may give it."
            ),
        ],
        [
            {"type": "exact_match", "value": "312"},
            {"type": "tool_called", "tool": "web_search", "max": 2},
        ],
        S,
        w,
        sub_max_steps=5,
        note="the show page is the first hit every time; the sub-agent rewords the search until max_steps",
    )
)

# 16 looping: a single agent re-fetches the first page of a paged API under other parameters (beach huts)
_huts: list[dict[str, Any]] = []
for _n in range(1, 21):
    _huts.append(
        {
            "hut_no": _n,
            "row": "upper" if _n > 12 else "lower",
            "status": "free" if _n in (2, 3, 6, 7, 9, 10, 12, 13, 15, 16, 18, 19, 20) else "booked",
            "price_week": f"£{145 if _n <= 12 else 120}.00",
            "electricity": None if _n % 4 else True,
            "accessible": _n in (1, 2),
            "notes": "roof repaired May 2025" if _n == 7 else None,
        }
    )
_page_1 = {
    "promenade": "Seabright",
    "week_start": "2025-08-02",
    "page": 1,
    "pages": 2,
    "per_page": 10,
    "huts": _huts[:10],
    "next": "/huts/availability?week=2025-08-02&page=2",
}
w = World()
w.api = {
    "/huts/availability?week=2025-08-02": _page_1,
    "/huts/availability?week=2025-08-02&per_page=50": {
        **_page_1,
        "warnings": ["per_page is fixed at 10 for this endpoint"],
    },
    "/huts/availability?week=2025-08-02&limit=100": {
        **_page_1,
        "warnings": ["unknown parameter 'limit' ignored"],
    },
    "/huts/availability?week=2025-08-02&status=free": {
        **_page_1,
        "warnings": ["unknown parameter 'status' ignored"],
    },
    "/huts/availability?week=2025-08-02&page=1": _page_1,
    "/huts/availability?week=2025-08-02&page=2": {
        **_page_1,
        "page": 2,
        "huts": _huts[10:],
        "next": None,
    },
}
RUNS.append(
    Run(
        "beach_huts_page_loop",
        "looping",
        "According to the council's booking API, how many beach huts on Seabright promenade are free for the week starting Saturday 2 August 2025? Reply with the number only.",
        [
            code(
                "I fetch the availability for that week.",
                'import json\nd = json.loads(fetch_json(endpoint="/huts/availability?week=2025-08-02"))\nfree = [h["hut_no"] for h in d["huts"] if h["status"] == "free"]\nprint(len(free), free, "page", d["page"], "of", d["pages"])',
            ),
            code(
                "Only ten huts came back; I ask for a bigger page to get them all at once.",
                'import json\nd = json.loads(fetch_json(endpoint="/huts/availability?week=2025-08-02&per_page=50"))\nfree = [h["hut_no"] for h in d["huts"] if h["status"] == "free"]\nprint(len(free), free, d.get("warnings"))',
                bad=True,
            ),
            code(
                "Still ten; I try a limit parameter instead.",
                'import json\nd = json.loads(fetch_json(endpoint="/huts/availability?week=2025-08-02&limit=100"))\nfree = [h["hut_no"] for h in d["huts"] if h["status"] == "free"]\nprint(len(free), free, d.get("warnings"))',
                bad=True,
            ),
            code(
                "I filter on the server side for free huts only.",
                'import json\nd = json.loads(fetch_json(endpoint="/huts/availability?week=2025-08-02&status=free"))\nfree = [h["hut_no"] for h in d["huts"] if h["status"] == "free"]\nprint(len(free), free, d.get("warnings"))',
                bad=True,
            ),
            code(
                "I request the week again to check the count.",
                'import json\nd = json.loads(fetch_json(endpoint="/huts/availability?week=2025-08-02&page=1"))\nfree = [h["hut_no"] for h in d["huts"] if h["status"] == "free"]\nprint(len(free), free)',
                bad=True,
            ),
            text("6"),
        ],
        None,
        [
            {"type": "exact_match", "value": "13"},
            {"type": "tool_called", "tool": "fetch_json", "max": 3},
        ],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        max_steps=5,
        note="page 1 of 2 fetched five times under other parameters, 'next' never followed; max_steps reached",
    )
)
