# ruff: noqa: E501  (scripted replies, pages and JSON are data, kept one item a line)
"""The runs of the `masked` family: scripted replies and the offline world their tools read.

Sixteen runs of a smolagents manager CodeAgent with a managed ToolCallingAgent, or of a single
CodeAgent on the JSON API or the code search, two per fault of the taxonomy, each with one
decisive fault labelled at the LLM call that decided it (`bad=True` on its reply). Written in
one sweep without reading blame's rules, the other held-out families' runs or any score; see
smolagents_masked.py. The systems, the tools, the reply helpers and `Run` are those of the
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
    long_page,
    outcome,
    plan,
    results,
    text,
)

RUNS: list[Run] = []
"""The runs, in the order they were written."""


# 1 misread_tool_output, the manager's middle step (2nd of 3): the sub-agent, after a dead
# Alpine Club link, reports both altitudes the article gives (the hut's and the summit's above
# it); the manager takes the summit's as the hut's.
w = World()
w.search = [
    (
        ("vardeck",),
        results(
            (
                "Vardeckhütte - Sektion Oberrand",
                "https://alpenverein-oberrand.example.at/huetten/vardeck",
                "Die Vardeckhütte der Sektion Oberrand: Öffnungszeiten, Reservierung, Zustieg.",
            ),
            (
                "Vardeck Hut - Wikipedia",
                "https://en.wikipedia.org/wiki/Vardeck_Hut",
                "The Vardeck Hut (German: Vardeckhütte) is a mountain hut of the Oberrand section in the Tessaun Alps...",
            ),
            (
                "Vardeckspitze normal route - peaks.example.com",
                "https://peaks.example.com/vardeckspitze",
                "Normal route to the Vardeckspitze (2,964 m) from the hut: II, 2 h, loose rock on the last ridge.",
            ),
        ),
    )
]
w.pages["https://en.wikipedia.org/wiki/Vardeck_Hut"] = long_page(
    "Vardeck Hut",
    "The Vardeck Hut (German: Vardeckhütte) is a mountain hut of the Oberrand section of the Alpine Club in the Tessaun Alps.\n\n"
    "## Location\nThe hut stands at 2,731 m on the south ridge below the Vardeckspitze (2,964 m), whose summit is reached from the hut in about two hours.\n\n"
    "## History\nBuilt in 1897 with 12 beds, the hut was destroyed by an avalanche in 1975 and rebuilt in 1978. It now has 64 beds and is staffed from late June to mid-September.",
    10,
)
RUNS.append(
    Run(
        "misread_hut_two_altitudes",
        "misread_tool_output",
        "At what altitude, in metres above sea level, does the Vardeck Hut stand? Reply with the number only.",
        [
            code(
                "I will have search_agent find the hut's altitude.",
                'report = search_agent(task="Find the altitude in metres above sea level of the Vardeck Hut (Vardeckhütte), a mountain hut in the Tessaun Alps. Quote the source.")\nprint(report)',
            ),
            code(
                "The report quotes the altitudes from the Wikipedia article; the Vardeck Hut's is 2,964 m.",
                "altitude_m = 2964\nprint(altitude_m)",
                bad=True,
            ),
            code("I return the altitude.", "final_answer(str(altitude_m))"),
        ],
        [
            call("web_search", query="Vardeck Hut altitude metres"),
            call(
                "visit_webpage",
                "The Alpine Club section page should be authoritative.",
                url="https://alpenverein-oberrand.example.at/huetten/vardeck",
            ),
            call(
                "visit_webpage",
                "That link is dead; I try the Wikipedia article.",
                url="https://en.wikipedia.org/wiki/Vardeck_Hut",
            ),
            answer(
                outcome(
                    "The Wikipedia article on the Vardeck Hut gives two altitudes: 2,731 m and 2,964 m.",
                    "The English Wikipedia article 'Vardeck Hut' says, under Location: 'The hut stands at 2,731 m on the south ridge below the Vardeckspitze (2,964 m), whose summit is reached from the hut in about two hours.' The hut belongs to the Oberrand section of the Alpine Club, was built in 1897, rebuilt in 1978 after an avalanche, and has 64 beds.",
                    "The Alpine Club section's own page (alpenverein-oberrand.example.at) returned 404 Not Found, so the figure could not be checked there.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "2731"}],
        M,
        w,
        note="report: hut 2,731 m below the Vardeckspitze (2,964 m); manager takes 2,964",
    )
)

# 2 misread_tool_output, a single agent's code step that filters a list (3rd of 4 steps):
# after a 400 on a guessed endpoint, the JSON gives `viable` as the strings "yes"/"no" and the
# filter keeps every accession (a non-empty string is true).
w = World()
w.api = {
    "/accessions?crop=barley": {
        "vault": "Kallsjö Seed Vault",
        "crop": "barley",
        "count": 7,
        "last_inventory": "2024-09-30",
        "accessions": [
            {
                "id": "KSV-B-0112",
                "origin": "Norway",
                "deposited": "2009-11-03",
                "viable": "yes",
                "germination_pct": 91,
                "seeds": 500,
                "box": "A14",
                "last_test": "2023-04-11",
            },
            {
                "id": "KSV-B-0131",
                "origin": "Finland",
                "deposited": "2010-02-19",
                "viable": "no",
                "germination_pct": 38,
                "seeds": 500,
                "box": "A14",
                "last_test": "2023-04-11",
            },
            {
                "id": "KSV-B-0207",
                "origin": "Iceland",
                "deposited": "2012-06-07",
                "viable": "yes",
                "germination_pct": 87,
                "seeds": 450,
                "box": "A15",
                "last_test": "2023-04-12",
            },
            {
                "id": "KSV-B-0244",
                "origin": "Estonia",
                "deposited": "2013-01-28",
                "viable": "yes",
                "germination_pct": 94,
                "seeds": 500,
                "box": "A15",
                "last_test": "2023-04-12",
            },
            {
                "id": "KSV-B-0318",
                "origin": "Sweden",
                "deposited": "2015-10-02",
                "viable": "no",
                "germination_pct": 41,
                "seeds": 300,
                "box": "A16",
                "last_test": "2023-04-13",
            },
            {
                "id": "KSV-B-0356",
                "origin": "Latvia",
                "deposited": "2017-05-15",
                "viable": "yes",
                "germination_pct": 89,
                "seeds": 500,
                "box": "A16",
                "last_test": "2023-04-13",
            },
            {
                "id": "KSV-B-0402",
                "origin": "Denmark",
                "deposited": "2019-08-21",
                "viable": "no",
                "germination_pct": 52,
                "seeds": 250,
                "box": "A17",
                "last_test": "2023-04-14",
            },
        ],
        "viability_threshold_pct": 75,
        "notes": "Accessions below the threshold are scheduled for regeneration. " * 4,
    }
}
RUNS.append(
    Run(
        "misread_seedbank_filter",
        "misread_tool_output",
        "How many of the barley accessions held by the Kallsjö Seed Vault are still viable, according to the vault's API? Number only.",
        [
            code(
                "I look up the barley accessions.",
                'print(fetch_json(endpoint="/accessions/barley"))',
            ),
            code(
                "The path form is not known to the API; the crop is probably a query parameter.",
                'print(fetch_json(endpoint="/accessions?crop=barley"))',
            ),
            code(
                "Each accession has a `viable` field; I keep the viable ones.",
                'import json\ndata = json.loads(fetch_json(endpoint="/accessions?crop=barley"))\nviable = [a["id"] for a in data["accessions"] if a["viable"]]\nprint(len(viable), viable)',
                bad=True,
            ),
            code("I return the count.", "final_answer(str(len(viable)))"),
        ],
        None,
        [{"type": "exact_match", "value": "4"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note='`viable` is "yes"/"no"; `if a["viable"]` keeps all 7 instead of the 4 "yes"',
    )
)

# 3 hallucinated_fact, the manager's third of four steps: two delegations (the first after a
# rate-limited search, retried); the second comes back without the debut year, and the
# manager's next step supplies one of its own.
w = World()
w.search = [
    (
        ("old kasper",),
        results(
            (
                "Old Kasper (marionette) - Puppetry Encyclopedia",
                "https://puppetry.example.org/old-kasper",
                "Old Kasper, the Tammerlin theatre's best-loved marionette, carved in limewood by Aurel Marn...",
            ),
            (
                "Tammerlin Puppet Theatre - Chronicle of productions",
                "https://tammerlin-theater.example.de/chronik",
                "Season by season: every production of the Tammerlin Puppet Theatre since its founding.",
            ),
        ),
    ),
    (
        ("tammerlin",),
        results(
            (
                "Tammerlin Puppet Theatre - Wikipedia",
                "https://en.wikipedia.org/wiki/Tammerlin_Puppet_Theatre",
                "The Tammerlin Puppet Theatre is a marionette theatre in Wessing, founded in 1927 by Ilse and Aurel Marn.",
            ),
            (
                "Puppet theatres of Europe - a list",
                "https://puppetry.example.org/list",
                "Over 300 puppet theatres by country, with founding years.",
            ),
        ),
    ),
]
w.fail[("web_search", 0)] = "429 Too Many Requests: rate limit reached, retry after 5 s"
w.pages["https://puppetry.example.org/old-kasper"] = long_page(
    "Old Kasper (marionette)",
    "Old Kasper is a marionette of the Tammerlin Puppet Theatre, carved in limewood by Aurel Marn. He wears a patched green coat and carries a lantern. "
    "The figure was restored in 1986 and again in 2011. His stage career is covered in the theatre's chronicle.",
    5,
)
w.pages["https://tammerlin-theater.example.de/chronik"] = long_page(
    "Chronik",
    "1927: founding season, 'The Miller's Daughter'.\n1933: first tour.\n1939: 'Kasper and the Lantern', first appearance of Old Kasper.\n1946: reopening after the war.",
    6,
)
RUNS.append(
    Run(
        "halluc_puppet_debut",
        "hallucinated_fact",
        "How many years after the Tammerlin Puppet Theatre was founded did its marionette 'Old Kasper' first appear on stage? Number only.",
        [
            code(
                "First the founding year of the theatre.",
                'founding = search_agent(task="Find the year the Tammerlin Puppet Theatre (Wessing) was founded.")\nprint(founding)',
            ),
            code(
                "Founded in 1927. Now the year of Old Kasper's first stage appearance.",
                'debut = search_agent(task="Find the year the marionette Old Kasper first appeared on stage at the Tammerlin Puppet Theatre.")\nprint(debut)',
            ),
            code(
                "Old Kasper came on stage in 1934, with the theatre's first touring repertoire; I compute the gap from the founding year.",
                "founded_year = 1927\ndebut_year = 1934\nprint(debut_year - founded_year)",
                bad=True,
            ),
            code("The gap is computed.", "final_answer(str(debut_year - founded_year))"),
        ],
        [
            call("web_search", query="Tammerlin Puppet Theatre founded year"),
            call(
                "web_search",
                "The search was rate-limited; trying again.",
                query="Tammerlin Puppet Theatre founded year",
            ),
            answer(
                outcome(
                    "The Tammerlin Puppet Theatre was founded in 1927.",
                    "According to the Wikipedia search snippet, the Tammerlin Puppet Theatre is a marionette theatre in Wessing, founded in 1927 by Ilse and Aurel Marn.",
                )
            ),
            call("web_search", query="Old Kasper marionette Tammerlin first appearance on stage"),
            call("visit_webpage", url="https://puppetry.example.org/old-kasper"),
            answer(
                outcome(
                    "I could not find the year of Old Kasper's first stage appearance.",
                    "The Puppetry Encyclopedia entry says Old Kasper was carved in limewood by Aurel Marn and restored in 1986 and 2011, but it gives no year for his first appearance; it says his stage career is covered in the theatre's chronicle.",
                    "The theatre's chronicle (https://tammerlin-theater.example.de/chronik) was listed in the search results but not opened.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "12"}],
        M,
        w,
        note="second report: no debut year (chronicle not opened, it says 1939); manager writes 1934",
    )
)

# 4 hallucinated_fact, a single code agent's fourth of five steps: the constructor falls back
# to DEFAULTS["max_restarts"], whose module the agent never opens; it states a value instead.
# A wrong path (FileNotFoundError) is fixed in the step before.
w = World()
w.grep = {
    "max_restarts": [
        {
            "path": "src/orsk/fan/controller.py",
            "line": 27,
            "text": '        self.max_restarts = cfg.get("max_restarts", DEFAULTS["max_restarts"])',
        },
        {
            "path": "docs/config.md",
            "line": 40,
            "text": "| max_restarts | int | restarts allowed after a stall; default in defaults.py |",
        },
        {
            "path": "tests/test_controller.py",
            "line": 12,
            "text": '    ctl = FanController({"max_restarts": 2})',
        },
    ],
    "DEFAULTS": [
        {"path": "src/orsk/fan/defaults.py", "line": 3, "text": "DEFAULTS = {"},
        {
            "path": "src/orsk/fan/controller.py",
            "line": 5,
            "text": "from orsk.fan.defaults import DEFAULTS",
        },
    ],
}
w.files = {
    "src/orsk/fan/controller.py": "\n".join(
        [
            '"""Fan controller for the Orsk-Wendel wind tunnel."""',
            "",
            "from __future__ import annotations",
            "",
            "from orsk.fan.defaults import DEFAULTS",
            "from orsk.fan.drive import Drive",
            "",
        ]
        + [f"# calibration note {i}: see lab book" for i in range(13)]
        + [
            "",
            "class FanController:",
            '    """Ramps the fan, watches for stalls, restarts the drive."""',
            "",
            "    def __init__(self, cfg: dict) -> None:",
            "        self.drive = Drive(cfg['drive'])",
            '        self.max_restarts = cfg.get("max_restarts", DEFAULTS["max_restarts"])',
            "        self.restarts = 0",
            "",
            "    def on_stall(self) -> bool:",
            "        if self.restarts >= self.max_restarts:",
            "            return False",
            "        self.restarts += 1",
            "        self.drive.restart()",
            "        return True",
        ]
    ),
    "src/orsk/fan/defaults.py": '"""Defaults of the fan controller."""\n\nDEFAULTS = {\n    "ramp_seconds": 40,\n    "max_rpm": 1450,\n    "max_restarts": 5,\n    "stall_window_s": 2.5,\n}\n',
}
RUNS.append(
    Run(
        "halluc_windtunnel_default",
        "hallucinated_fact",
        "Issue #318 (orsk-tunnel): the fan controller gives up too early after a stall. What is the default value of `max_restarts` that `FanController` uses when the config does not set it? Number only.",
        [
            code(
                "I look for max_restarts in the code.", 'print(search_code(pattern="max_restarts"))'
            ),
            code(
                "The constructor sets it; I read the controller.",
                'print(read_file(path="orsk/fan/controller.py"))',
            ),
            code(
                "The path is relative to the repository root, under src/.",
                'print(read_file(path="src/orsk/fan/controller.py"))',
            ),
            code(
                "When the config has no max_restarts, the controller takes the DEFAULTS entry, which is a restart budget of 3.",
                'default_restarts = 3\nprint(f"max_restarts default: {default_restarts}")',
                bad=True,
            ),
            code("That is the value asked for.", "final_answer(str(default_restarts))"),
        ],
        None,
        [{"type": "exact_match", "value": "5"}],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        manager_name="coder",
        note="defaults.py (never read) says 5; the agent states 3",
    )
)

# 5 ignored_tool_error, an updated plan after two failed delegations (planning_interval=2):
# the organisers' press page fails with HTTP 500 twice; the updated plan says the second
# lookup returned the figure and takes the 2022 number from a snippet.
w = World()
w.search = [
    (
        ("marlow bay", "jazz"),
        results(
            (
                "Marlow Bay Jazz 2022 closes with 38,500 visitors - Coast Herald",
                "https://coastherald.example.co.uk/marlow-jazz-2022",
                "The 2022 edition of Marlow Bay Jazz closed on Sunday with 38,500 visitors over four days...",
            ),
            (
                "Press - Marlow Bay Jazz Festival",
                "https://marlowbayjazz.example.org/press/2023-attendance",
                "Press release: attendance figures for the 2023 festival.",
            ),
            (
                "Jazz festivals in England - list",
                "https://en.wikipedia.org/wiki/List_of_jazz_festivals_in_England",
                "A list of jazz festivals in England, with first edition and venue.",
            ),
        ),
    )
]
w.fail[("web_search", 0)] = "429 Too Many Requests: rate limit reached, retry after 10 s"
w.fail[("visit_webpage", 0)] = (
    "500 Server Error: Internal Server Error for url: https://marlowbayjazz.example.org/press/2023-attendance"
)
w.fail[("visit_webpage", 1)] = (
    "500 Server Error: Internal Server Error for url: https://marlowbayjazz.example.org/press/2023-attendance"
)
w.pages["https://marlowbayjazz.example.org/press/2023-attendance"] = (
    "# Marlow Bay Jazz 2023: a record year\n\nThe 2023 festival welcomed 41,200 visitors over four days, up from 38,500 in 2022."
)
RUNS.append(
    Run(
        "ignored_jazz_replan",
        "ignored_tool_error",
        "How many visitors did the 2023 Marlow Bay Jazz Festival have, according to the organisers? Number only.",
        [
            plan(
                "- the 2023 Marlow Bay Jazz Festival; the organisers' figure is wanted",
                "1. Ask search_agent for the organisers' 2023 attendance figure.\n2. If it is not found, ask it to open the organisers' press page.\n3. Return the number.",
            ),
            code(
                "I delegate the lookup.",
                'r1 = search_agent(task="Find the number of visitors of the 2023 Marlow Bay Jazz Festival as published by the organisers.")\nprint(r1)',
            ),
            code(
                "Only a 2022 figure so far; the organisers' press page failed. I ask for that page again.",
                'r2 = search_agent(task="Open https://marlowbayjazz.example.org/press/2023-attendance and report the 2023 visitor count it gives. Retry if it fails.")\nprint(r2)',
            ),
            text(
                "## 1. Updated facts survey\n### 1.1. Facts given in the task\n- The 2023 Marlow Bay Jazz Festival; the organisers' figure is wanted.\n"
                "### 1.2. Facts that we have learned\n- The search agent's second lookup reached the organisers' press page; the attendance it reports is 38,500 visitors, the same as the Coast Herald figure.\n"
                "### 1.3. Facts still to look up\n- None.\n\n## 2. Plan\n1. Return 38500.\n<end_plan>",
                bad=True,
            ),
            code("Following the plan.", 'final_answer("38500")'),
        ],
        [
            call("web_search", query="Marlow Bay Jazz Festival 2023 visitors"),
            call(
                "web_search",
                "Rate-limited; I retry.",
                query="Marlow Bay Jazz Festival 2023 visitors organisers",
            ),
            call(
                "visit_webpage",
                "The organisers' press page should give the 2023 figure.",
                url="https://marlowbayjazz.example.org/press/2023-attendance",
            ),
            answer(
                outcome(
                    "I could not get the organisers' 2023 figure: their press page returned HTTP 500.",
                    "The search results list the organisers' press release 'attendance figures for the 2023 festival' at https://marlowbayjazz.example.org/press/2023-attendance, but opening it failed with '500 Server Error: Internal Server Error'. A Coast Herald article reports 38,500 visitors for the 2022 edition.",
                    "The 38,500 figure is for 2022, not 2023.",
                )
            ),
            call(
                "visit_webpage",
                url="https://marlowbayjazz.example.org/press/2023-attendance",
            ),
            answer(
                outcome(
                    "The organisers' press page failed again (HTTP 500); no 2023 figure.",
                    "Visiting https://marlowbayjazz.example.org/press/2023-attendance returned '500 Server Error: Internal Server Error' a second time. I have no 2023 attendance figure from the organisers.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "41200"}],
        M,
        w,
        planning=2,
        note="press page 500 twice; updated plan says the second lookup gave 38,500 (the 2022 figure)",
    )
)

# 6 ignored_tool_error, a single agent's third of four steps: the second API call times out,
# so `g` still holds the first geyser's record; the next step reads it as the second's.
w = World()
w.api = {
    "/geysers/hvallur/brennar": {
        "field": "Hvallur Geyser Field",
        "name": "Brennar",
        "status": "active",
        "mean_interval_min": 52,
        "interval_sd_min": 6.5,
        "max_height_m": 24,
        "eruption_duration_s": 95,
        "water_temp_c": 98.4,
        "observations": 1312,
        "period": "2023-01-01/2023-12-31",
        "coordinates": {"lat": 64.912, "lon": -19.377},
    },
    "/geysers/hvallur/skaldi": {
        "field": "Hvallur Geyser Field",
        "name": "Skaldi",
        "status": "active",
        "mean_interval_min": 89,
        "interval_sd_min": 11.2,
        "max_height_m": 31,
        "eruption_duration_s": 140,
        "water_temp_c": 99.1,
        "observations": 964,
        "period": "2023-01-01/2023-12-31",
        "coordinates": {"lat": 64.915, "lon": -19.381},
    },
}
w.fail[("fetch_json", 1)] = (
    "ReadTimeout: the park API did not answer within 30 s (GET /geysers/hvallur/skaldi)"
)
RUNS.append(
    Run(
        "ignored_geyser_stale",
        "ignored_tool_error",
        "By how many minutes does the mean eruption interval of the Skaldi geyser exceed that of the Brennar geyser in the Hvallur Geyser Field, according to the park API? Number only.",
        [
            code(
                "I fetch Brennar first.",
                'import json\ng = json.loads(fetch_json(endpoint="/geysers/hvallur/brennar"))\nbrennar = g["mean_interval_min"]\nprint(g)',
            ),
            code(
                "Now Skaldi.",
                'g = json.loads(fetch_json(endpoint="/geysers/hvallur/skaldi"))\nprint(g["name"], g["mean_interval_min"])',
            ),
            code(
                "Skaldi's record is in g now; I take its interval and subtract Brennar's.",
                'skaldi = g["mean_interval_min"]\nprint(skaldi, brennar, skaldi - brennar)',
                bad=True,
            ),
            code("I return the difference.", "final_answer(str(skaldi - brennar))"),
        ],
        None,
        [{"type": "exact_match", "value": "37"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="Skaldi fetch timed out; g is still Brennar's record; difference 0 instead of 37",
    )
)

# 7 wrong_tool_arguments, the manager's second delegation (2nd of 3 steps) after a first that
# went fine: it asks for the Pellin Funicular instead of the Pellin Cable Car.
w = World()
w.search = [
    (
        ("pellin", "funicular"),
        results(
            (
                "Pellin Funicular - Seltwald Bergbahnen",
                "https://seltwald-bahnen.example.ch/pellin-funicular",
                "The Pellin Funicular links Seltwald village to the Pellin plateau: length 1,180 m, gradient up to 47 %.",
            ),
            (
                "Pellin Cable Car",
                "https://seltwald-bahnen.example.ch/pellin-cable-car",
                "Aerial tramway from the Pellin plateau to the Pellin summit station, length 2,045 m.",
            ),
        ),
    ),
    (
        ("grauhorn",),
        results(
            (
                "Grauhorn Cable Car - Wikipedia",
                "https://en.wikipedia.org/wiki/Grauhorn_Cable_Car",
                "The Grauhorn Cable Car is an aerial tramway in the Seltwald valley...",
            ),
        ),
    ),
]
w.pages["https://en.wikipedia.org/wiki/Grauhorn_Cable_Car"] = long_page(
    "Grauhorn Cable Car",
    "The Grauhorn Cable Car is an aerial tramway in the Seltwald valley, opened in 1963 and rebuilt in 2004.\n\n"
    "| Length | 3,412 m |\n| Vertical rise | 1,104 m |\n| Cabin capacity | 80 |\n| Speed | 10 m/s |",
    8,
)
RUNS.append(
    Run(
        "wrong_args_cablecar_second",
        "wrong_tool_arguments",
        "How much longer, in metres, is the Grauhorn Cable Car than the Pellin Cable Car (both in the Seltwald valley)? Number only.",
        [
            code(
                "I need both lengths. First the Grauhorn Cable Car.",
                'g = search_agent(task="Find the length in metres of the Grauhorn Cable Car in the Seltwald valley.")\nprint(g)',
            ),
            code(
                "Grauhorn is 3,412 m. Next the Pellin line.",
                'p = search_agent(task="Find the length in metres of the Pellin Funicular in the Seltwald valley.")\nprint(p)',
                bad=True,
            ),
            code("I subtract and answer.", "final_answer(str(3412 - 1180))"),
        ],
        [
            call("web_search", query="Grauhorn Cable Car length"),
            call("visit_webpage", url="https://en.wikipedia.org/wiki/Grauhorn_Cable_Car"),
            answer(
                outcome(
                    "The Grauhorn Cable Car is 3,412 m long.",
                    "The Wikipedia infobox gives: length 3,412 m, vertical rise 1,104 m, cabin capacity 80, speed 10 m/s. Opened 1963, rebuilt 2004.",
                )
            ),
            call("web_search", query="Pellin Funicular Seltwald length metres"),
            answer(
                outcome(
                    "The Pellin Funicular is 1,180 m long.",
                    "The Seltwald Bergbahnen page says the Pellin Funicular links Seltwald village to the Pellin plateau, length 1,180 m, gradient up to 47 %.",
                    "The same results list a separate Pellin Cable Car (plateau to summit station), 2,045 m long.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "1367"}],
        M,
        w,
        note="second delegation names the Pellin Funicular (1,180 m), not the Pellin Cable Car (2,045 m)",
    )
)

# 8 wrong_tool_arguments, the sub-agent's second-to-last call: after an empty search and a
# good one, it opens the article of the sister ship Amrum Reef I instead of Amrum Reef II; the
# answer is a town's name.
w = World()
w.search = [
    (
        ("amrum reef",),
        results(
            (
                "Amrum Reef I (lightship) - Wikipedia",
                "https://en.wikipedia.org/wiki/Amrum_Reef_I",
                "Amrum Reef I was the first lightship of the Amrum Reef station...",
            ),
            (
                "Amrum Reef II (lightship) - Wikipedia",
                "https://en.wikipedia.org/wiki/Amrum_Reef_II",
                "Amrum Reef II served the Amrum Reef station from 1952 until its automation...",
            ),
            (
                "Lightship museums of the North Sea",
                "https://maritime.example.org/lightship-museums",
                "Twelve preserved lightships you can visit, from Texel to Esbjerg.",
            ),
        ),
    )
]
w.pages["https://en.wikipedia.org/wiki/Amrum_Reef_I"] = long_page(
    "Amrum Reef I (lightship)",
    "Amrum Reef I was the first lightship of the Amrum Reef station, built in 1908 at Geestemünde. "
    "She was replaced by Amrum Reef II in 1952, served as a reserve ship until 1975, and has been a museum ship in Husvik since 1977.",
    6,
)
w.pages["https://en.wikipedia.org/wiki/Amrum_Reef_II"] = long_page(
    "Amrum Reef II (lightship)",
    "Amrum Reef II served the Amrum Reef station from 1952 until the station was automated in 1989. After restoration by volunteers she opened as a museum ship in Cuxby in 1994.",
    6,
)
RUNS.append(
    Run(
        "wrong_args_lightship_visit",
        "wrong_tool_arguments",
        "In which town is the lightship Amrum Reef II now moored as a museum ship? Give the town's name only.",
        [
            code(
                "I ask search_agent.",
                'r = search_agent(task="Find the town where the former lightship Amrum Reef II is moored as a museum ship.")\nprint(r)',
            ),
            code("The report names the town.", 'final_answer("Husvik")'),
        ],
        [
            call("web_search", query="Amrum lightship museum ship town"),
            call(
                "web_search",
                "Nothing; I use the ship's full name.",
                query="Amrum Reef II lightship",
            ),
            call(
                "visit_webpage",
                "The Wikipedia article on the lightship should say where she is moored.",
                bad=True,
                url="https://en.wikipedia.org/wiki/Amrum_Reef_I",
            ),
            answer(
                outcome(
                    "The lightship is a museum ship in Husvik.",
                    "The Wikipedia article says the ship served the Amrum Reef station, was a reserve ship until 1975 and has been a museum ship in Husvik since 1977.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "Cuxby"}],
        S,
        w,
        note="opens Amrum_Reef_I (museum ship in Husvik) instead of Amrum_Reef_II (Cuxby)",
    )
)

# 9 goal_deviation, the manager's middle step (2nd of 3): asked for the women's eight, it adds
# the men's eight's wins that the report also lists.
w = World()
w.search = [
    (
        ("tessel cup",),
        results(
            (
                "Tessel Cup - Kelderwick Regatta",
                "https://kelderwick-regatta.example.org/trophies/tessel-cup",
                "The Tessel Cup is awarded to the winning club eights at the Kelderwick Regatta since 1961...",
            ),
            (
                "Harlow Reach Rowing Club - Honours",
                "https://harlowreach-rc.example.org/honours",
                "Club honours: Kelderwick, Wessex, Marlow...",
            ),
        ),
    )
]
_tessel = "\n".join(
    f"| {year} | {crew} | {club} |"
    for year, crew, club in [
        (2009, "men's eight", "Harlow Reach RC"),
        (2010, "women's eight", "Kelderwick RC"),
        (2011, "men's eight", "Harlow Reach RC"),
        (2012, "women's eight", "Harlow Reach RC"),
        (2013, "men's eight", "Tidemouth BC"),
        (2014, "women's eight", "Harlow Reach RC"),
        (2015, "men's eight", "Harlow Reach RC"),
        (2016, "men's eight", "Harlow Reach RC"),
        (2017, "women's eight", "Tidemouth BC"),
        (2018, "men's eight", "Harlow Reach RC"),
        (2019, "women's eight", "Harlow Reach RC"),
        (2021, "men's eight", "Harlow Reach RC"),
        (2022, "women's eight", "Harlow Reach RC"),
        (2023, "men's eight", "Kelderwick RC"),
        (2024, "men's eight", "Harlow Reach RC"),
    ]
)
w.pages["https://kelderwick-regatta.example.org/trophies/tessel-cup"] = long_page(
    "Tessel Cup",
    "The Tessel Cup is awarded at the Kelderwick Regatta to the fastest club eight of the day, men's or women's crew. Winners since 2009 (no regatta in 2020):\n\n"
    f"| Year | Crew | Club |\n|---|---|---|\n{_tessel}",
    6,
)
RUNS.append(
    Run(
        "goal_dev_regatta_total",
        "goal_deviation",
        "How many times has the women's eight of Harlow Reach Rowing Club won the Tessel Cup at the Kelderwick Regatta? Number only.",
        [
            code(
                "I ask search_agent to count the club's Tessel Cup wins.",
                'report = search_agent(task="Find how many times the women\'s eight of Harlow Reach Rowing Club has won the Tessel Cup at the Kelderwick Regatta. List the years.")\nprint(report)',
            ),
            code(
                "The report breaks Harlow Reach's Tessel Cup wins down by crew; I total them.",
                'wins = {"men\'s eight": 7, "women\'s eight": 4}\ntotal = sum(wins.values())\nprint(total)',
                bad=True,
            ),
            code("I return the count.", "final_answer(str(total))"),
        ],
        [
            call("web_search", query="Harlow Reach women's eight Tessel Cup Kelderwick"),
            call(
                "visit_webpage",
                url="https://kelderwick-regatta.example.org/trophies/tessel-cup",
            ),
            answer(
                outcome(
                    "Harlow Reach's women's eight has won the Tessel Cup 4 times (2012, 2014, 2019, 2022).",
                    "The regatta's Tessel Cup page lists the winners since 2009. Harlow Reach RC won it 4 times with the women's eight (2012, 2014, 2019, 2022) and 7 times with the men's eight (2009, 2011, 2015, 2016, 2018, 2021, 2024), 11 in all.",
                    "There was no regatta in 2020.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "4"}],
        M,
        w,
        note="report: women's eight 4, men's eight 7; manager sums to 11",
    )
)

# 10 goal_deviation, the sub-agent's own initial plan (its first call, sub_planning): asked for
# the medieval manuscripts, it plans to report the library's total holdings.
w = World()
w.search = [
    (
        ("ulrenz",),
        results(
            (
                "Abtei Sankt Ulrenz - Bibliothek",
                "https://abtei-ulrenz.example.at/bibliothek",
                "Die Stiftsbibliothek: Öffnungszeiten und Führungen.",
            ),
            (
                "Abbey of Sankt Ulrenz - Wikipedia",
                "https://en.wikipedia.org/wiki/Abbey_of_Sankt_Ulrenz",
                "The Abbey of Sankt Ulrenz is a Benedictine abbey in Upper Ravenau, known for its baroque library...",
            ),
        ),
    )
]
w.pages["https://en.wikipedia.org/wiki/Abbey_of_Sankt_Ulrenz"] = long_page(
    "Abbey of Sankt Ulrenz",
    "The Abbey of Sankt Ulrenz is a Benedictine abbey in Upper Ravenau, founded in 1083.\n\n"
    "## Library\nThe baroque library hall was completed in 1741. The library holds about 48,000 volumes, among them 1,260 medieval manuscripts and 310 incunabula. "
    "Its oldest manuscript is a ninth-century gospel book.",
    14,
)
RUNS.append(
    Run(
        "goal_dev_library_subplan",
        "goal_deviation",
        "How many medieval manuscripts does the library of the Abbey of Sankt Ulrenz hold? Number only.",
        [
            code(
                "I delegate the lookup.",
                'r = search_agent(task="Find how many medieval manuscripts the library of the Abbey of Sankt Ulrenz holds.")\nprint(r)',
            ),
            code("The report gives the figure.", 'final_answer("48000")'),
        ],
        [
            text(
                "1. Search for the library of the Abbey of Sankt Ulrenz.\n2. Open the abbey's page and read the size of the library's collection, i.e. how many volumes it holds.\n3. Report that figure with its source.\n<end_plan>",
                bad=True,
            ),
            call("web_search", query="Abbey of Sankt Ulrenz library"),
            call(
                "visit_webpage",
                "The abbey's own library page first.",
                url="https://abtei-ulrenz.example.at/bibliothek",
            ),
            call(
                "visit_webpage",
                "Not found; the Wikipedia article instead.",
                url="https://en.wikipedia.org/wiki/Abbey_of_Sankt_Ulrenz",
            ),
            answer(
                outcome(
                    "The library of the Abbey of Sankt Ulrenz holds about 48,000 volumes.",
                    "According to the Wikipedia article, the abbey's baroque library hall was completed in 1741 and the library holds about 48,000 volumes. Its oldest manuscript is a ninth-century gospel book.",
                    "The abbey's own library page returned 404.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "1260"}],
        S,
        w,
        sub_planning=10,
        note="sub-agent's plan targets total volumes (48,000), not medieval manuscripts (1,260)",
    )
)

# 11 wrong_format, the manager's last step: the date is parsed right, then written as
# DD/MM/YYYY instead of the asked YYYY-MM-DD. A search hit about another falconry is noise.
w = World()
w.search = [
    (
        ("kestrel ridge",),
        results(
            (
                "Old Kestrel Falconry, Brackwood - opened 12 June 2001",
                "https://oldkestrel.example.co.uk",
                "Old Kestrel Falconry in Brackwood opened on 12 June 2001 and flies owls and hawks daily.",
            ),
            (
                "Our story - Kestrel Ridge Falconry Centre",
                "https://kestrelridge.example.co.uk/our-story",
                "How a barn and four birds became the Kestrel Ridge Falconry Centre...",
            ),
        ),
    )
]
w.pages["https://kestrelridge.example.co.uk/our-story"] = long_page(
    "Our story - Kestrel Ridge Falconry Centre",
    "Mary and Tom Adair founded the centre in 1996 with four birds in a converted barn. After two years of building aviaries, "
    "the Kestrel Ridge Falconry Centre opened to the public on 3 May 1998. Today it keeps 62 birds of prey of 28 species.",
    4,
)
RUNS.append(
    Run(
        "format_falconry_date",
        "wrong_format",
        "On what date did the Kestrel Ridge Falconry Centre open to the public? Answer in the format YYYY-MM-DD.",
        [
            code(
                "I ask search_agent for the opening date.",
                'd = search_agent(task="Find the exact date on which the Kestrel Ridge Falconry Centre opened to the public.")\nprint(d)',
            ),
            code(
                "The centre opened on 3 May 1998; I parse the date.",
                'from datetime import datetime\nopened = datetime.strptime("3 May 1998", "%d %B %Y")\nprint(opened)',
            ),
            code(
                "Parsed. I give the date.",
                'final_answer(opened.strftime("%d/%m/%Y"))',
                bad=True,
            ),
        ],
        [
            call("web_search", query="Kestrel Ridge Falconry Centre opened to the public date"),
            call("visit_webpage", url="https://kestrelridge.example.co.uk/our-story"),
            answer(
                outcome(
                    "The Kestrel Ridge Falconry Centre opened to the public on 3 May 1998.",
                    "The centre's 'Our story' page says Mary and Tom Adair founded it in 1996 and that it opened to the public on 3 May 1998, after two years of building aviaries.",
                    "A search hit about Old Kestrel Falconry in Brackwood (opened 12 June 2001) is a different centre.",
                )
            ),
        ],
        [
            {"type": "regex", "value": r"^\d{4}-\d{2}-\d{2}$"},
            {"type": "exact_match", "value": "1998-05-03"},
        ],
        M,
        w,
        note="final answer 03/05/1998 instead of 1998-05-03",
    )
)

# 12 wrong_format, a single agent's second-to-last step: the mean is rounded to an integer
# (the question asks one decimal); a 400 on a wrong query parameter is fixed first.
w = World()
w.api = {
    "/sensors/frostvik/suites?season=2024": {
        "hotel": "Frostvik Ice Hotel",
        "season": 2024,
        "unit": "°C",
        "period": "2024-12-10/2025-04-06",
        "readings": [
            {
                "suite": "Aurora",
                "sensor": "T-11",
                "mean_c": -5.8,
                "min_c": -8.1,
                "max_c": -3.9,
                "samples": 2764,
            },
            {
                "suite": "Glacier",
                "sensor": "T-12",
                "mean_c": -4.9,
                "min_c": -7.2,
                "max_c": -2.8,
                "samples": 2764,
            },
            {
                "suite": "Polar Night",
                "sensor": "T-14",
                "mean_c": -6.3,
                "min_c": -9.0,
                "max_c": -4.1,
                "samples": 2751,
            },
            {
                "suite": "Snow Owl",
                "sensor": "T-15",
                "mean_c": -5.1,
                "min_c": -7.7,
                "max_c": -3.0,
                "samples": 2764,
            },
            {
                "suite": "Reindeer",
                "sensor": "T-17",
                "mean_c": -4.6,
                "min_c": -6.9,
                "max_c": -2.5,
                "samples": 2760,
            },
        ],
        "outdoor_mean_c": -14.2,
        "notes": "Sensor T-13 (Ice Bar) excluded: not a suite.",
    }
}
RUNS.append(
    Run(
        "format_icehotel_rounding",
        "wrong_format",
        "What was the mean indoor temperature of the Frostvik Ice Hotel's suites over its 2024 season, according to the hotel's sensor API? Give the mean of the suites' means in °C, rounded to one decimal place, number only (e.g. -3.2).",
        [
            code(
                "I fetch the suites' sensor data.",
                'print(fetch_json(endpoint="/sensors/frostvik/suites?year=2024"))',
            ),
            code(
                "The parameter is probably called season.",
                'print(fetch_json(endpoint="/sensors/frostvik/suites?season=2024"))',
            ),
            code(
                "Five suites with their means; I average them.",
                'import json\nd = json.loads(fetch_json(endpoint="/sensors/frostvik/suites?season=2024"))\nmeans = [r["mean_c"] for r in d["readings"]]\navg = round(sum(means) / len(means))\nprint(means, avg)',
                bad=True,
            ),
            code("I return the mean.", "final_answer(str(avg))"),
        ],
        None,
        [
            {"type": "exact_match", "value": "-5.3"},
            {"type": "regex", "value": r"^-?\d+\.\d$"},
        ],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="mean -5.34 rounded to an integer (-5) instead of one decimal (-5.3)",
    )
)

# 13 premature_final_answer, the manager's first step right after its plan: it returns the
# old atlas figure given in the question without any lookup.
w = World()
w.search = [
    (
        ("halloran-vey",),
        results(
            (
                "Halloran-Vey - Lunar Nomenclature Register",
                "https://lunar-register.example.org/feature/halloran-vey",
                "Halloran-Vey: impact crater, diameter 38.6 km, centre 21.4° S 63.9° E. Remeasured 2019 from laser altimetry.",
            ),
        ),
    )
]
RUNS.append(
    Run(
        "premature_crater_plan",
        "premature_final_answer",
        "The 1978 Brisen Lunar Atlas gives the diameter of the lunar crater Halloran-Vey as 41 km. What diameter does the current Lunar Nomenclature Register give for it, in km? Number only.",
        [
            plan(
                "- the crater Halloran-Vey; 41 km in the 1978 Brisen Lunar Atlas\n- the current register's figure is wanted",
                "1. Ask search_agent for the Lunar Nomenclature Register's entry on Halloran-Vey.\n2. Read its diameter in km.\n3. Return the number.",
            ),
            code(
                "The crater's diameter is stated in the task: 41 km.",
                'final_answer("41")',
                bad=True,
            ),
        ],
        [],
        [{"type": "exact_match", "value": "38.6"}],
        M,
        w,
        planning=5,
        note="answers the 1978 figure right after the plan; the register (never asked) says 38.6",
    )
)

# 14 premature_final_answer, a single agent's third of three steps: after a KeyError fixed by
# printing the keys (which show page 1 of 2), it counts the first page and answers.
_bells = [
    {
        "number": n,
        "note": note,
        "weight_kg": round(6150 * 0.92 ** (n - 1)),
        "founder": "Eijsbouts" if n % 3 else "Petit & Fritsen",
        "cast": 1951 if n <= 35 else 1987,
    }
    for n, note in zip(
        range(1, 50),
        [
            f"{p}{o}"
            for o in range(1, 6)
            for p in ("G", "A", "B", "C", "D", "E", "F", "F#", "G#", "A#")
        ][:49],
        strict=True,
    )
]
w = World()
w.api = {
    "/carillons/vellinge-sint-aldric/bells": {
        "carillon": "Sint-Aldric's Church, Vellinge",
        "bells_total": 49,
        "page": 1,
        "pages": 2,
        "per_page": 25,
        "bells": _bells[:25],
        "next": "/carillons/vellinge-sint-aldric/bells?page=2",
    },
    "/carillons/vellinge-sint-aldric/bells?page=2": {
        "carillon": "Sint-Aldric's Church, Vellinge",
        "bells_total": 49,
        "page": 2,
        "pages": 2,
        "per_page": 25,
        "bells": _bells[25:],
        "next": None,
    },
}
RUNS.append(
    Run(
        "premature_carillon_pages",
        "premature_final_answer",
        "How many bells of the carillon of Sint-Aldric's Church in Vellinge weigh more than 500 kg, according to the carillon registry API? Number only.",
        [
            code(
                "I load the bell list.",
                'import json\nd = json.loads(fetch_json(endpoint="/carillons/vellinge-sint-aldric/bells"))\nprint(len(d["bell_list"]))',
            ),
            code(
                "No such key; I look at the structure.",
                'print({k: v for k, v in d.items() if k != "bells"})\nprint(d["bells"][:3])',
            ),
            code(
                "The bells carry weight_kg; I count those above 500 kg.",
                'heavy = [b["number"] for b in d["bells"] if b["weight_kg"] > 500]\nprint(heavy)\nfinal_answer(str(len(heavy)))',
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "31"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="answers from page 1 of 2 (25 heavy bells); 31 over both pages",
    )
)

# 15 looping, the sub-agent's near-identical searches until its max_steps: the first search
# is rate-limited and its retry is fine; every later rewording repeats it (labelled), and the
# dive-site page that gives the depth is never opened.
w = World()
w.search = [
    (
        ("calder vane",),
        results(
            (
                "SS Calder Vane - wreck dive site - Northwreck Divers",
                "https://northwreck.example.co.uk/sites/calder-vane",
                "Dive the Calder Vane: an intact steamer for advanced divers. Site page: depth, visibility, tides, access.",
            ),
            (
                "Calder Vane (1904 steamer) - Wikipedia",
                "https://en.wikipedia.org/wiki/SS_Calder_Vane",
                "SS Calder Vane was a cargo steamer that sank off Skerrow Head in a gale on 9 January 1911...",
            ),
            (
                "Calder Vane weathervanes - garden shop",
                "https://gardenshop.example.com/calder-vanes",
                "Copper weathervanes, free delivery.",
            ),
        ),
    )
]
w.fail[("web_search", 0)] = "429 Too Many Requests: rate limit reached, retry after 5 s"
w.pages["https://northwreck.example.co.uk/sites/calder-vane"] = (
    "# SS Calder Vane\n\nThe wreck lies upright on a sandy bottom at 48 m, bow pointing north-east. Visibility 5-12 m. Slack water only."
)
RUNS.append(
    Run(
        "looping_shipwreck_searches",
        "looping",
        "At what depth, in metres, does the wreck of the steamer SS Calder Vane lie? Number only.",
        [
            code(
                "I ask search_agent for the depth.",
                'r = search_agent(task="Find the depth in metres at which the wreck of the steamer SS Calder Vane lies.")\nprint(r)',
            ),
            code(
                "The search agent found no depth.",
                'final_answer("Depth not found")',
            ),
        ],
        [
            call("web_search", query="SS Calder Vane wreck depth"),
            call("web_search", "Rate-limited, retrying.", query="SS Calder Vane wreck depth"),
            call(
                "web_search",
                "The snippets do not state the depth; I add the unit.",
                bad=True,
                query="SS Calder Vane wreck depth metres",
            ),
            call(
                "web_search",
                "Still no figure in the snippets. Another wording.",
                bad=True,
                query="Calder Vane shipwreck depth",
            ),
            call(
                "web_search",
                "Let me search once more.",
                bad=True,
                query="SS Calder Vane wreck depth m",
            ),
            call(
                "web_search",
                "Perhaps 'depth of wreck' is how dive sites phrase it.",
                bad=True,
                query="SS Calder Vane depth of wreck",
            ),
            text(
                outcome(
                    "I could not find the depth of the SS Calder Vane wreck.",
                    "Five searches returned the same results: a Northwreck Divers site page, the Wikipedia article on the 1904 steamer (sank off Skerrow Head on 9 January 1911) and an unrelated garden shop. None of the snippets states the depth.",
                )
            ),
        ],
        [
            {"type": "exact_match", "value": "48"},
            {"type": "tool_called", "tool": "web_search", "max": 3},
        ],
        S,
        w,
        sub_max_steps=6,
        note="near-identical searches until max_steps; the dive-site page (48 m) is never opened",
    )
)

# 16 looping, a single code agent re-reading the same file until max_steps (forced final
# answer): the tolerance is imported from constants.py, which it never opens.
w = World()
w.grep = {
    "is_dead_heat": [
        {
            "path": "src/regatta/finish.py",
            "line": 31,
            "text": "def is_dead_heat(a: Crossing, b: Crossing, tol_ms: int = TOLERANCE_MS) -> bool:",
        },
        {"path": "tests/test_finish.py", "line": 18, "text": "    assert is_dead_heat(c1, c2)"},
    ]
}
w.files = {
    "src/regatta/finish.py": "\n".join(
        [
            '"""Photo-finish judging for the regatta timing system."""',
            "",
            "from __future__ import annotations",
            "",
            "from regatta.constants import TOLERANCE_MS",
            "from regatta.model import Crossing",
            "",
        ]
        + [f"# judging rule {i}: see the umpires' handbook" for i in range(22)]
        + [
            "",
            "def is_dead_heat(a: Crossing, b: Crossing, tol_ms: int = TOLERANCE_MS) -> bool:",
            '    """Two bow balls crossing within the tolerance are a dead heat."""',
            "    return abs(a.time_ms - b.time_ms) <= tol_ms",
        ]
    ),
    "src/regatta/constants.py": '"""Constants of the timing system."""\n\nTOLERANCE_MS = 20\nCAMERA_FPS = 2000\n',
}
RUNS.append(
    Run(
        "looping_coder_rereads",
        "looping",
        "Issue #54 (regatta-timing): the photo-finish judging is too strict. What tolerance, in milliseconds, does `is_dead_heat()` use by default? Number only.",
        [
            code("I find the function.", 'print(search_code(pattern="is_dead_heat"))'),
            code(
                "Defined in finish.py; I read it.", 'print(read_file(path="src/regatta/finish.py"))'
            ),
            code(
                "The default is a constant; I read the top of the file again to see it.",
                'print(read_file(path="src/regatta/finish.py")[:600])',
                bad=True,
            ),
            code(
                "I look at the function once more for the tolerance value.",
                'src = read_file(path="src/regatta/finish.py")\nprint(src[-400:])',
                bad=True,
            ),
            code(
                "Let me print the lines that mention TOLERANCE_MS.",
                'for line in read_file(path="src/regatta/finish.py").splitlines():\n    if "TOLERANCE" in line:\n        print(line)',
                bad=True,
            ),
            text(
                "is_dead_heat() uses tol_ms = TOLERANCE_MS by default; its value is not given in src/regatta/finish.py."
            ),
        ],
        None,
        [
            {"type": "exact_match", "value": "20"},
            {"type": "tool_called", "tool": "read_file", "max": 2},
        ],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        manager_name="coder",
        max_steps=5,
        note="re-reads finish.py three more times; constants.py (TOLERANCE_MS = 20) never opened",
    )
)
