# ruff: noqa: E501, RUF001  (scripted replies, pages and JSON are data, kept one item a line; pages keep their en dashes)
"""The runs of the `foggy` family: scripted replies and the offline world their tools read.

Sixteen runs of a smolagents manager CodeAgent with a managed ToolCallingAgent (a search agent,
or a code-search agent), or of a single CodeAgent on the JSON API, the code search or the web
tools, two per fault of the taxonomy, each with one decisive fault labelled at the LLM call
that decided it (`bad=True` on its reply; on every repeat for a loop). Written in one sweep
without reading blame's rules, the other held-out families' runs or any score; see
smolagents_foggy.py. The systems, the tools, the reply helpers and `Run` are those of the
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


def _site(url: str, brand: str, nav: tuple[str, ...], title: str, body: str, small: str) -> str:
    """A club or event site as the visitor renders it: skip link, brand, menu, body, small print."""
    host = "https://" + url.split("/")[2]
    menu = "\n".join(f"* [{item}]({host}/{item.lower().replace(' ', '-')}/)" for item in nav)
    return (
        f"Address: {url}\nViewport position: Showing page 1 of 1.\n=======================\n"
        f"[Skip to main content](#main)\n\n**{brand}**\n\n{menu}\n\n# {title}\n\n{body}\n\n"
        f"---\n{small}\n\n[Privacy]({host}/privacy/) · [Cookies]({host}/cookies/) · "
        f"[Contact us]({host}/contact/)"
    )


def _numbered(lines: list[str]) -> str:
    """Source text from a list of lines."""
    return "\n".join(lines)


# 1 misread_tool_output: manager + search agent; a gurning contest's results table --------------
w = World()
w.fail[("web_search", 0)] = "429 Too Many Requests: rate limit exceeded for this key, retry in 20 s"
w.search = [
    (
        ("ravensthwaite", "gurning"),
        results(
            (
                "Gurning results 2025 – Ravensthwaite Crab Fair",
                "https://ravensthwaitecrabfair.org.uk/results/gurning-2025/",
                "Results of the 2025 gurning contests: men's, women's, veterans' and juniors' titles, with the judges' scores out of 30.",
            ),
            (
                "Gurning - Wikipedia",
                "https://en.wikipedia.org/wiki/Gurning",
                "Gurning is the pulling of a grotesque face. Contests, in which the gurner frames the face with a horse collar, are held at several fairs in Cumbria.",
            ),
            (
                "Crab Fair weekend: what's on | Visit West Cumbria",
                "https://visit-westcumbria.example.com/events/ravensthwaite-crab-fair",
                "Greasy pole, pipe smoking, hound trailing, the parade of the apple cart and the gurning in the Market Hall. Parking from £4.",
            ),
        ),
    )
]
w.pages["https://ravensthwaitecrabfair.org.uk/results/gurning-2025/"] = _site(
    "https://ravensthwaitecrabfair.org.uk/results/gurning-2025/",
    "Ravensthwaite Crab Fair · est. 1267",
    ("Home", "Programme", "Results", "Sponsors", "History", "Volunteer"),
    "Gurning results 2025",
    "The gurning contests were held in the Market Hall on Saturday 20 September 2025, from 7 pm. Each gurner puts his or her head through a braffin (a horse collar) and pulls a face for the judges; the three judges' marks are added (out of 30). Entrants are listed below in order of appearance.\n\n"
    "## Men's title\n\n| Order | Gurner | From | Score |\n|---|---|---|---|\n| 1 | Ted Ainsworth | Cleator Moor | 21 |\n| 2 | Wilf Garside | Frizington | 26 |\n| 3 | Danny Roper | Egremont | 24 |\n| 4 | Alan Scurr | Bigrigg | 18 |\n| 5 | Keith Lowther | Thornhill | 23 |\n\n"
    "## Women's title\n\n| Order | Gurner | From | Score |\n|---|---|---|---|\n| 1 | Bev Hartley | Whitehaven | 22 |\n| 2 | Carol Dixon | Bigrigg | 19 |\n| 3 | Maureen Tolson | Thornhill | 27 |\n| 4 | Shona Kerr | Moor Row | 23 |\n\n"
    "## Veterans (over 60)\n\n| Order | Gurner | From | Score |\n|---|---|---|---|\n| 1 | Norman Pattinson | Egremont | 25 |\n| 2 | Jean Iredale | Cleator | 20 |\n\n"
    "## Juniors (under 14)\n\n| Order | Gurner | From | Score |\n|---|---|---|---|\n| 1 | Alfie Ritson | Egremont | 17 |\n| 2 | Mia Gunson | Frizington | 21 |\n| 3 | Lexi Fearon | Whitehaven | 16 |\n\n"
    "The judges' decision is final. Trophies were presented on the stage at 9.15 pm. Photographs: Cumbrian Lens Club.",
    "Ravensthwaite Crab Fair is run by volunteers; registered charity no. 1104471. Page last updated 22/09/2025.",
)
RUNS.append(
    Run(
        "gurning_womens_title",
        "misread_tool_output",
        "Who won the women's gurning title at the 2025 Ravensthwaite Crab Fair? Reply with the name only.",
        [
            code(
                "I will ask search_agent to find the 2025 results of the women's gurning contest.",
                "r = search_agent(task=\"Find who won the women's gurning title at the 2025 Ravensthwaite Crab Fair. Give the winner's name and where you read it.\")\nprint(r)",
            ),
            code(
                "The agent names the winner; I keep the name only.",
                'final_answer("Bev Hartley")',
            ),
        ],
        [
            call(
                "web_search",
                "I search for the fair's 2025 gurning results.",
                query="Ravensthwaite Crab Fair 2025 women's gurning winner",
            ),
            call(
                "web_search",
                "The search was rate-limited; I try again.",
                query="Ravensthwaite Crab Fair 2025 women's gurning winner",
            ),
            call(
                "visit_webpage",
                "The fair's own results page should have the table.",
                url="https://ravensthwaitecrabfair.org.uk/results/gurning-2025/",
            ),
            answer(
                outcome(
                    "Bev Hartley won the women's gurning title at the 2025 Ravensthwaite Crab Fair.",
                    "The fair's results page for 2025 (contests held in the Market Hall on Saturday 20 September 2025) lists the women's title with Bev Hartley of Whitehaven at the top of the table, ahead of Carol Dixon (Bigrigg), Maureen Tolson (Thornhill) and Shona Kerr (Moor Row). Scores are the three judges' marks out of 30.",
                    "Source: https://ravensthwaitecrabfair.org.uk/results/gurning-2025/",
                ),
                "I have the women's table from the results page.",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "Maureen Tolson"}],
        S,
        w,
        note="the table is in order of appearance; the sub-agent reports the first row, not the highest score",
    )
)

# 2 misread_tool_output: single code-search agent; a home-brewing calculator package ----------
w = World()
w.grep = {
    "mash_efficiency": [
        {
            "path": "docs/recipes.md",
            "line": 41,
            "text": "Set `mash_efficiency` to your own system's figure, e.g. 0.72 for a three-vessel setup.",
        },
        {
            "path": "hopcalc/recipe.py",
            "line": 31,
            "text": "    mash_efficiency: float | None = None",
        },
        {
            "path": "hopcalc/recipe.py",
            "line": 41,
            "text": '            self.mash_efficiency = DEFAULT_EFFICIENCY["mash"]',
        },
        {
            "path": "hopcalc/cli.py",
            "line": 88,
            "text": '    parser.add_argument("--mash-efficiency", type=float, default=None, help="fraction, 0-1")',
        },
        {
            "path": "tests/test_recipe.py",
            "line": 17,
            "text": '    r = Recipe("Best Bitter", batch_l=19, mash_efficiency=0.65)',
        },
    ]
}
w.files = {
    "hopcalc/recipe.py": _numbered(
        [
            '"""Recipes: grain bill, hops and the brewhouse figures that turn them into OG and IBU."""',
            "",
            "from __future__ import annotations",
            "",
            "from dataclasses import dataclass, field",
            "",
            "from hopcalc.grain import Grain",
            "from hopcalc.hops import HopAddition",
            "",
            "GALLON_L = 3.785411784",
            "",
            "# Efficiencies are fractions of the grain's potential extract.",
            'DEFAULT_EFFICIENCY = {"brewhouse": 0.68, "mash": 0.75}',
            "",
            "",
            "@dataclass",
            "class Recipe:",
            '    """One batch. Volumes in litres, weights in grams, times in minutes.',
            "",
            "    `mash_efficiency` is the share of the grain's extract that reaches the kettle;",
            "    `brewhouse_efficiency` also counts what is lost in the kettle, chiller and",
            "    fermenter. Either may be left out and a default is used.",
            '    """',
            "",
            "    name: str",
            "    batch_l: float = 23.0",
            "    boil_min: int = 60",
            "    boil_off_l_per_h: float = 3.5",
            "    grains: list[Grain] = field(default_factory=list)",
            "    hops: list[HopAddition] = field(default_factory=list)",
            "    mash_efficiency: float | None = None",
            "    brewhouse_efficiency: float | None = None",
            "",
            "    def __post_init__(self) -> None:",
            "        if self.batch_l <= 0:",
            '            raise ValueError("batch_l must be positive")',
            "        if self.brewhouse_efficiency is None:",
            '            self.brewhouse_efficiency = DEFAULT_EFFICIENCY["brewhouse"]',
            "        if self.mash_efficiency is None:",
            "            # the mash figure is the one the OG estimate uses",
            '            self.mash_efficiency = DEFAULT_EFFICIENCY["mash"]',
            "",
            "    @property",
            "    def batch_gal(self) -> float:",
            "        return self.batch_l / GALLON_L",
        ]
    )
}
RUNS.append(
    Run(
        "hopcalc_mash_efficiency",
        "misread_tool_output",
        "In the hopcalc package, what mash efficiency does a `Recipe` use when none is given? Give it as a percentage, number only.",
        [
            code(
                "I search the repository for the field.",
                'print(search_code(pattern="mash_efficiency"))',
            ),
            code(
                "The field is set in hopcalc/recipe.py. I read the lines about efficiency in that file.",
                'src = read_file(path="src/hopcalc/recipe.py")\nfor line in src.splitlines():\n    if "efficiency" in line.lower():\n        print(line)',
            ),
            code(
                "The package is not under src/; the matches give hopcalc/recipe.py.",
                'src = read_file(path="hopcalc/recipe.py")\nfor line in src.splitlines():\n    if "efficiency" in line.lower():\n        print(line)',
            ),
            code(
                "When mash_efficiency is left out, __post_init__ falls back to DEFAULT_EFFICIENCY, which is 0.68. As a percentage:",
                "default_mash = 0.68\nprint(round(default_mash * 100))",
                bad=True,
            ),
            code("The default is 68 %.", 'final_answer("68")'),
        ],
        None,
        [{"type": "exact_match", "value": "75"}],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        manager_name="coder",
        note="the dict holds brewhouse 0.68 then mash 0.75; the agent takes 0.68",
    )
)

# 3 hallucinated_fact: manager + search agent; a coracle regatta's river marathon -------------
w = World()
w.search = [
    (
        ("penwern", "coracle"),
        results(
            (
                "Results 2025 | Penwern Coracle Regatta",
                "https://penwerncoracles.cymru/results/2025/",
                "Sprint heats, the team relay, the novice race and the river marathon. Full times for Saturday 9 August 2025.",
            ),
            (
                "Coracle - Wikipedia",
                "https://en.wikipedia.org/wiki/Coracle",
                "A coracle is a small, rounded, lightweight boat of the sort traditionally used in Wales. Races are held on the Teifi and the Severn.",
            ),
            (
                "Coracle regatta draws record crowd to the Teifi",
                "https://www.tivyside-news.example.co.uk/2025/08/11/coracle-regatta",
                "More than 60 paddlers took part, the youngest aged nine. The marathon was won for a third time by a Cilgerran man.",
            ),
        ),
    )
]
w.pages["https://penwerncoracles.cymru/results/2025/"] = _site(
    "https://penwerncoracles.cymru/results/2025/",
    "Penwern Coracle Regatta · Regata Cwrwgl Penwern",
    ("Home", "The course", "Enter", "Results", "Build a coracle", "Gallery"),
    "Results 2025",
    "Saturday 9 August 2025. River level 0.41 m at Llechryd gauge, light upstream breeze.\n\n"
    "## Sprint (final)\n1. Rhodri Thomas 1:02.4 · 2. Sian Daniel 1:04.9 · 3. Gwyn Evans 1:05.3\n\n"
    "## Novice race\n1. Kate Ellis 2:41 · 2. Tom Baines 2:55 · 3. Ffion Hughes 3:02\n\n"
    "## Team relay\n1. Cilgerran A 6:12 · 2. Llechryd Ladies 6:40 · 3. Shrewsbury Coracle Club 6:51\n\n"
    "## River marathon (Penwern bridge to Cilgerran weir and back)\n| Place | Paddler | Club | Time |\n|---|---|---|---|\n| 1 | Huw Bevan | Cilgerran | 1:12:40 |\n| 2 | Dai Lloyd | Llechryd | 1:15:02 |\n| 3 | Martin Cole | Ironbridge | 1:19:55 |\n| 4 | Gareth Jenkins | Cilgerran | 1:24:31 |\n| – | Ed Parry | Shrewsbury | DNF (capsized at the weir) |\n\n"
    "Times by the regatta's timekeepers, hand-timed. Protests to the race officer within 30 minutes of the finish.",
    "Penwern Coracle Regatta is organised by volunteers of the Penwern and District Coracle Society. © 2025.",
)
w.pages["https://penwerncoracles.cymru/the-course/"] = _site(
    "https://penwerncoracles.cymru/the-course/",
    "Penwern Coracle Regatta · Regata Cwrwgl Penwern",
    ("Home", "The course", "Enter", "Results", "Build a coracle", "Gallery"),
    "The course",
    "Sprints are paddled over 100 yards between the two buoys below Penwern bridge. The river marathon runs from Penwern bridge down to the weir at Cilgerran and back, 4 miles (6.4 km) in all; paddlers must carry their coracle round the fish pass.",
    "Penwern Coracle Regatta is organised by volunteers of the Penwern and District Coracle Society. © 2025.",
)
RUNS.append(
    Run(
        "coracle_marathon_speed",
        "hallucinated_fact",
        "What was the average speed, in km/h rounded to one decimal, of the winner of the river marathon at the 2025 Penwern Coracle Regatta?",
        [
            code(
                "I need the winner's time and the length of the marathon course. I ask search_agent for both.",
                'r = search_agent(task="For the river marathon at the 2025 Penwern Coracle Regatta, find the winner, the winning time, and the length of the marathon course in km.")\nprint(r)',
            ),
            code(
                "I parse the winning time h:mm:ss into hours.",
                'import re\nm = re.search(r"(\\d+):(\\d{2}):(\\d{2})", r)\nh, mi, s = m.groups()\nhours = h + mi / 60 + s / 3600\nprint(hours)',
            ),
            code(
                "The groups are strings; I convert them first.",
                "h, mi, s = (int(x) for x in m.groups())\nhours = h + mi / 60 + s / 3600\nprint(h, mi, s, hours)",
            ),
            code(
                "The winning time is 1:12:40, i.e. 1.211 h. The regatta's marathon is the standard 8 km out-and-back coracle marathon course, so:",
                "distance_km = 8.0\nspeed = distance_km / hours\nprint(round(speed, 1))",
                bad=True,
            ),
            code("The average speed is about 6.6 km/h.", 'final_answer(f"{speed:.1f}")'),
        ],
        [
            call(
                "web_search",
                "I look for the regatta's 2025 results.",
                query="Penwern Coracle Regatta 2025 river marathon results",
            ),
            call(
                "visit_webpage",
                "The regatta's own results page.",
                url="https://penwerncoracles.cymru/results/2025/",
            ),
            answer(
                outcome(
                    "Huw Bevan (Cilgerran) won the 2025 river marathon in 1:12:40.",
                    "Results page of the Penwern Coracle Regatta, Saturday 9 August 2025: river marathon (Penwern bridge to Cilgerran weir and back) 1. Huw Bevan, Cilgerran, 1:12:40; 2. Dai Lloyd 1:15:02; 3. Martin Cole 1:19:55; 4. Gareth Jenkins 1:24:31; Ed Parry DNF. The results page does not give the length of the marathon course.",
                    "Times are hand-timed by the regatta's timekeepers.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "5.3"}],
        M,
        w,
        note="the report gives the time but no distance; the manager states an 8 km course (it is 6.4 km)",
    )
)

# 4 hallucinated_fact: manager + code agent; a sourdough baking package -----------------------
w = World()
w.grep = {
    "scale_recipe": [
        {
            "path": "README.md",
            "line": 22,
            "text": "    >>> scale_recipe(COUNTRY_LOAF, flour_g=1000)",
        },
        {
            "path": "docs/api.md",
            "line": 9,
            "text": "## `scale_recipe(recipe, flour_g, hydration=None)`",
        },
        {"path": "levain/__init__.py", "line": 5, "text": "from levain.scale import scale_recipe"},
        {
            "path": "levain/cli.py",
            "line": 61,
            "text": "    out = scale_recipe(recipe, args.flour, hydration=args.hydration)",
        },
        {
            "path": "levain/scale.py",
            "line": 40,
            "text": "def scale_recipe(recipe: Recipe, flour_g: float, hydration: Fraction | None = None) -> Recipe:",
        },
        {
            "path": "tests/test_scale.py",
            "line": 12,
            "text": "    r = scale_recipe(BAGUETTE, flour_g=500, hydration=Fraction(3, 4))",
        },
        {
            "path": "tests/test_scale.py",
            "line": 27,
            "text": "    r = scale_recipe(BAGUETTE, flour_g=500)",
        },
    ]
}
w.files = {
    "levain/scale.py": _numbered(
        [
            '"""Scale a recipe to a given weight of flour, in baker\'s percentages."""',
            "",
            "from __future__ import annotations",
            "",
            "from fractions import Fraction",
            "",
            "from levain.constants import DEFAULT_HYDRATION, SALT_SHARE, STARTER_SHARE",
            "from levain.model import Ingredient, Recipe",
            "",
            "",
            "def _grams(share: Fraction, flour_g: float) -> float:",
            "    return round(float(share) * flour_g, 1)",
            "",
            "",
            "def _water(recipe: Recipe, hydration: Fraction, flour_g: float) -> float:",
            '    """Water to add: the dough\'s water minus what the starter already holds."""',
            "    starter = recipe.starter_share * flour_g",
            "    starter_water = starter * recipe.starter_hydration / (1 + recipe.starter_hydration)",
            "    return round(float(hydration) * flour_g - float(starter_water), 1)",
            "",
            "",
            "def _check(hydration: Fraction) -> None:",
            "    if not Fraction(1, 2) <= hydration <= Fraction(1, 1):",
            '        raise ValueError(f"hydration {hydration} is outside 50-100 %")',
            "",
            "",
            "def _flour(recipe: Recipe, flour_g: float) -> list[Ingredient]:",
            "    total = sum(i.share for i in recipe.flours)",
            "    return [Ingredient(i.name, _grams(i.share / total, flour_g)) for i in recipe.flours]",
            "",
            "",
            "def _salt(flour_g: float) -> Ingredient:",
            '    return Ingredient("salt", _grams(SALT_SHARE, flour_g))',
            "",
            "",
            "def _starter(recipe: Recipe, flour_g: float) -> Ingredient:",
            '    return Ingredient("starter", _grams(recipe.starter_share or STARTER_SHARE, flour_g))',
            "",
            "",
            "def scale_recipe(recipe: Recipe, flour_g: float, hydration: Fraction | None = None) -> Recipe:",
            '    """The recipe for `flour_g` grams of flour.',
            "",
            "    `hydration` is water as a fraction of flour weight (3/4 for 75 %); when it is not",
            "    given, the package default is used, whatever the recipe itself says.",
            '    """',
            "    if hydration is None:",
            "        hydration = DEFAULT_HYDRATION",
            "    _check(hydration)",
            "    return recipe.with_ingredients(",
            "        _flour(recipe, flour_g)",
            '        + [Ingredient("water", _water(recipe, hydration, flour_g)), _salt(flour_g),',
            "           _starter(recipe, flour_g)]",
            "    )",
        ]
    ),
    "levain/constants.py": _numbered(
        [
            '"""Package-wide defaults, as fractions of the flour weight."""',
            "",
            "from fractions import Fraction",
            "",
            "# A forgiving dough for beginners; raise it for open-crumb loaves.",
            "DEFAULT_HYDRATION = Fraction(7, 10)",
            "SALT_SHARE = Fraction(2, 100)",
            "STARTER_SHARE = Fraction(1, 5)",
        ]
    ),
}
RUNS.append(
    Run(
        "levain_default_hydration",
        "hallucinated_fact",
        "In the levain package, what hydration (in percent) does `scale_recipe()` use when the caller gives none? Number only.",
        [
            code(
                "I delegate the code search to code_agent.",
                'r = code_agent(task="In the levain repository, find the hydration that scale_recipe() uses when no hydration argument is passed. Report it as a percentage and say where it is defined.")\nprint(r)',
            ),
            code(
                "I extract the percentage from the report.",
                'pct = re.search(r"(\\d+(?:\\.\\d+)?)\\s*%", r).group(1)\nprint(pct)',
            ),
            code(
                "I forgot to import re.",
                'import re\npct = re.search(r"(\\d+(?:\\.\\d+)?)\\s*%", r).group(1)\nfinal_answer(pct)',
            ),
        ],
        [
            text(
                "## 1. Facts survey\n### 1.1. Facts given in the task\n- repository: levain; function: scale_recipe(); hydration argument not passed\n### 1.2. Facts to look up\n- where scale_recipe is defined and what it falls back to\n\n## 2. Plan\n1. Search for scale_recipe.\n2. Read its definition to see how a missing hydration is handled.\n3. Report the default as a percentage, with the file.\n<end_plan>"
            ),
            call("search_code", "I look for the function.", pattern="scale_recipe"),
            call("read_file", "The definition is in levain/scale.py.", path="levain/scale.py"),
            text(
                "## 1. Updated facts survey\n### 1.1. Facts given in the task\n- scale_recipe() in levain; no hydration passed\n### 1.2. Facts that we have learned\n- scale_recipe is defined in levain/scale.py (line 40).\n- When hydration is None it uses DEFAULT_HYDRATION, imported from levain.constants.\n- DEFAULT_HYDRATION is 3/4, i.e. 75 %, the same as the 3/4 example in the docstring.\n### 1.3. Facts still to look up\n- none\n\n## 2. Plan\n1. Report 75 % as the default hydration, defined as DEFAULT_HYDRATION in levain/constants.py and used in levain/scale.py.\n<end_plan>",
                bad=True,
            ),
            answer(
                outcome(
                    "scale_recipe() uses 75 % hydration when none is given.",
                    "levain/scale.py, scale_recipe (line 40): `if hydration is None: hydration = DEFAULT_HYDRATION`. DEFAULT_HYDRATION comes from levain/constants.py and is Fraction(3, 4), i.e. 75 % water to flour by weight. The recipe's own hydration is ignored when the argument is left out.",
                    "A caller can pass hydration=Fraction(...) to override it; values outside 50-100 % raise ValueError.",
                ),
                "The plan is complete; I report.",
            ),
        ],
        [{"type": "exact_match", "value": "70"}],
        C,
        w,
        sub_tools=("search_code", "read_file"),
        sub_name=C,
        sub_planning=2,
        note="the sub-agent's updated plan states DEFAULT_HYDRATION = 3/4 without reading constants.py (it is 7/10)",
    )
)

# 5 ignored_tool_error: single API agent; a toad patrol's crossing counts, paged --------------
_nights_1 = [
    {
        "date": "2025-02-19",
        "start": "19:30",
        "volunteers": 3,
        "temp_c": 6.0,
        "rain": False,
        "toads_alive": 14,
        "toads_dead": 2,
        "frogs": 1,
        "newts": None,
    },
    {
        "date": "2025-02-20",
        "start": "19:30",
        "volunteers": 5,
        "temp_c": 8.5,
        "rain": True,
        "toads_alive": 96,
        "toads_dead": 7,
        "frogs": 4,
        "newts": 2,
    },
    {
        "date": "2025-02-21",
        "start": "19:45",
        "volunteers": 6,
        "temp_c": 9.0,
        "rain": True,
        "toads_alive": 131,
        "toads_dead": 11,
        "frogs": 6,
        "newts": None,
    },
    {"date": "2025-02-24", "cancelled": True, "reason": "frost, no movement expected"},
    {
        "date": "2025-02-27",
        "start": "19:30",
        "volunteers": 4,
        "temp_c": 7.0,
        "rain": False,
        "toads_alive": 42,
        "toads_dead": 3,
        "frogs": 0,
        "newts": 1,
    },
    {
        "date": "2025-03-03",
        "start": "19:15",
        "volunteers": 7,
        "temp_c": 10.5,
        "rain": True,
        "toads_alive": 188,
        "toads_dead": 15,
        "frogs": 9,
        "newts": 3,
    },
    {
        "date": "2025-03-04",
        "start": "19:15",
        "volunteers": 8,
        "temp_c": 11.0,
        "rain": True,
        "toads_alive": 203,
        "toads_dead": 12,
        "frogs": 5,
        "newts": None,
    },
    {
        "date": "2025-03-05",
        "start": "19:30",
        "volunteers": 5,
        "temp_c": 9.5,
        "rain": False,
        "toads_alive": 77,
        "toads_dead": 6,
        "frogs": 2,
        "newts": None,
    },
]
_nights_2 = [
    {
        "date": "2025-03-07",
        "start": "19:30",
        "volunteers": 6,
        "temp_c": 10.0,
        "rain": True,
        "toads_alive": 154,
        "toads_dead": 9,
        "frogs": 3,
        "newts": 2,
    },
    {
        "date": "2025-03-08",
        "start": "19:30",
        "volunteers": 9,
        "temp_c": 12.0,
        "rain": True,
        "toads_alive": 241,
        "toads_dead": 17,
        "frogs": 7,
        "newts": 4,
    },
    {
        "date": "2025-03-10",
        "start": "19:45",
        "volunteers": 4,
        "temp_c": 8.0,
        "rain": False,
        "toads_alive": 58,
        "toads_dead": 4,
        "frogs": 1,
        "newts": None,
    },
    {
        "date": "2025-03-12",
        "start": "19:45",
        "volunteers": 5,
        "temp_c": 9.0,
        "rain": True,
        "toads_alive": 112,
        "toads_dead": 8,
        "frogs": 2,
        "newts": 1,
    },
    {
        "date": "2025-03-14",
        "cancelled": True,
        "reason": "no volunteers (road closed for gas works)",
    },
    {
        "date": "2025-03-17",
        "start": "20:00",
        "volunteers": 4,
        "temp_c": 7.5,
        "rain": False,
        "toads_alive": 36,
        "toads_dead": 5,
        "frogs": 0,
        "newts": None,
    },
    {
        "date": "2025-03-19",
        "start": "20:00",
        "volunteers": 3,
        "temp_c": 8.0,
        "rain": True,
        "toads_alive": 49,
        "toads_dead": 2,
        "frogs": 1,
        "newts": None,
    },
    {
        "date": "2025-03-21",
        "start": "20:00",
        "volunteers": 3,
        "temp_c": 9.5,
        "rain": False,
        "toads_alive": 23,
        "toads_dead": 1,
        "frogs": 0,
        "newts": None,
    },
]
_nights_3 = [
    {
        "date": "2025-03-24",
        "start": "20:15",
        "volunteers": 2,
        "temp_c": 10.0,
        "rain": False,
        "toads_alive": 11,
        "toads_dead": 0,
        "frogs": 0,
        "newts": None,
        "note": "mostly return journey",
    },
    {
        "date": "2025-03-27",
        "start": "20:15",
        "volunteers": 2,
        "temp_c": 8.5,
        "rain": True,
        "toads_alive": 19,
        "toads_dead": 1,
        "frogs": 1,
        "newts": None,
        "note": "last patrol of the season",
    },
]


def _nights(page: int, nights: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "patrol": "tp-0117",
        "season": 2025,
        "page": page,
        "pages": 3,
        "per_page": 8,
        "total_nights": 18,
        "nights": nights,
        "licence": "OGL-UK-3.0",
    }


w = World()
w.api = {
    "/patrols?season=2025": {
        "season": 2025,
        "count": 4,
        "patrols": [
            {
                "id": "tp-0115",
                "name": "Holme Moss Road",
                "site": "A6024, Holme",
                "county": "West Yorkshire",
                "status": "active",
                "coordinator": "K. Sykes",
                "registered": "2009-01-12",
                "species": ["common toad"],
                "last_report": "2025-03-25",
            },
            {
                "id": "tp-0117",
                "name": "Hollin Lane",
                "site": "Hollin Lane, Marsden Clough",
                "county": "West Yorkshire",
                "status": "active",
                "coordinator": None,
                "registered": "2014-02-03",
                "species": ["common toad", "common frog", "smooth newt"],
                "last_report": "2025-03-28",
            },
            {
                "id": "tp-0118",
                "name": "Hollins Bridge",
                "site": "Hollins Bridge, Luddenden",
                "county": "West Yorkshire",
                "status": "paused",
                "coordinator": None,
                "registered": "2016-02-20",
                "species": ["common toad"],
                "last_report": "2023-03-30",
            },
            {
                "id": "tp-0121",
                "name": "Slaithwaite Reservoir",
                "site": "Reservoir Road",
                "county": "West Yorkshire",
                "status": "active",
                "coordinator": "J. Haigh",
                "registered": "2019-02-08",
                "species": ["common toad"],
                "last_report": "2025-03-22",
            },
        ],
        "links": {"nights": "/patrols/{id}/nights?season={season}&page={page}"},
    },
    "/patrols/tp-0117/nights?season=2025&page=1": _nights(1, _nights_1),
    "/patrols/tp-0117/nights?season=2025&page=2": _nights(2, _nights_2),
    "/patrols/tp-0117/nights?season=2025&page=3": _nights(3, _nights_3),
}
w.fail[("fetch_json", 5)] = (
    "503 Service Unavailable: the counts service is restarting, try again shortly"
)
RUNS.append(
    Run(
        "toad_patrol_season_total",
        "ignored_tool_error",
        "How many toads did the Hollin Lane toad patrol help across the road during the 2025 spring migration, over all its patrol nights? Number only.",
        [
            code(
                "I try the patrol's season counts directly.",
                'print(fetch_json(endpoint="/patrols/hollin-lane/2025"))',
            ),
            code(
                "That endpoint does not exist. I list the 2025 patrols to find Hollin Lane's id.",
                'print(fetch_json(endpoint="/patrols?season=2025"))',
            ),
            code(
                "Hollin Lane is tp-0117 (not Hollins Bridge). I fetch the first page of its nights.",
                'print(fetch_json(endpoint="/patrols/tp-0117/nights?season=2025&page=1"))',
            ),
            code(
                "There are 3 pages. toads_alive is the number carried across alive. I sum it over all pages.",
                'import json\ntotal = 0\nfor page in range(1, 4):\n    data = json.loads(fetch_json(endpoint=f"/patrols/tp-0117/nights?season=2025&page={page}"))\n    total += sum(n["toads_alive"] for n in data["nights"])\nprint(total)',
            ),
            code(
                "Cancelled nights have no counts. I use .get and catch a page that fails so the loop finishes.",
                'total = 0\nfor page in range(1, 4):\n    try:\n        data = json.loads(fetch_json(endpoint=f"/patrols/tp-0117/nights?season=2025&page={page}"))\n    except Exception as e:\n        print(f"page {page}: {e}")\n        continue\n    nights = [n for n in data["nights"] if not n.get("cancelled")]\n    total += sum(n.get("toads_alive") or 0 for n in nights)\n    print(f"page {page}: {len(nights)} nights")\nprint("total toads helped across:", total)',
            ),
            code(
                "The sum over the patrol nights is done.",
                "final_answer(str(total))",
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "1454"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="page 2 of 3 answered 503 in the loop; the agent answers the sum of pages 1 and 3",
    )
)

# 6 ignored_tool_error: manager + search agent; a Shrove Tuesday pancake race -----------------
w = World()
w.search = [
    (
        ("whitcombe", "pancake race"),
        results(
            (
                "Results 2025 – Whitcombe Pancake Race",
                "https://whitcombepancakerace.org.uk/results/2025/",
                "Times for the ladies', men's and children's races, run on Shrove Tuesday, 4 March 2025, from the Market Cross to St Michael's church porch.",
            ),
            (
                "Whitcombe pancake race: Jess Marlow makes it three in a row",
                "https://www.wessexgazette.example.co.uk/news/2024/02/13/whitcombe-pancake-race",
                "Jess Marlow crossed the line at the church porch in 61.8 seconds, flipping her pancake twice as the rules require, to take her third ladies' title...",
            ),
            (
                "Pancake race - Wikipedia",
                "https://en.wikipedia.org/wiki/Pancake_race",
                "A pancake race is a race, traditionally run on Shrove Tuesday, in which participants toss a pancake in a frying pan as they run.",
            ),
        ),
    )
]
w.pages["https://whitcombepancakerace.org.uk/results/2025/"] = _site(
    "https://whitcombepancakerace.org.uk/results/2025/",
    "Whitcombe Pancake Race",
    ("Home", "Rules", "Results", "History", "Sponsors"),
    "Results 2025",
    "Shrove Tuesday, 4 March 2025. Course: Market Cross to St Michael's porch, 380 m. Runners must wear an apron and headscarf and toss the pancake at the start and the finish.\n\n"
    "## Ladies' race\n| Pos | Runner | Time (s) |\n|---|---|---|\n| 1 | Priya Nandra | 63.2 |\n| 2 | Jess Marlow | 64.0 |\n| 3 | Hannah Quilter | 67.5 |\n\n"
    "## Men's race\n| Pos | Runner | Time (s) |\n|---|---|---|\n| 1 | Olly Brent | 58.9 |\n| 2 | Sam Dacombe | 60.1 |\n\n"
    "## Children's race (under 11)\n1. Poppy Aird · 2. Leo Sparks · 3. Ivy Cole (untimed)",
    "Whitcombe Pancake Race is organised by the Whitcombe Parish Council. Results may be corrected after review of the finish video.",
)
w.fail[("visit_webpage", 0)] = (
    "502 Server Error: Bad Gateway for url: https://whitcombepancakerace.org.uk/results/2025/"
)
RUNS.append(
    Run(
        "pancake_ladies_time",
        "ignored_tool_error",
        "What was the winning time, in seconds, of the ladies' race at the 2025 Whitcombe Pancake Race? Number only.",
        [
            code(
                "I ask search_agent for the 2025 ladies' race result.",
                'r = search_agent(task="Find the winning time, in seconds, of the ladies\' race at the 2025 Whitcombe Pancake Race (Shrove Tuesday 2025).")\nprint(r)',
            ),
            code(
                "I take the time in seconds from the report.",
                'import re\nsecs = re.search(r"in ([\\d.]+) seconds", r).group(1)\nfinal_answer(secs)',
            ),
        ],
        [
            call(
                "web_search",
                "I search for the 2025 results.",
                query="Whitcombe Shrove Tuesday 2025 ladies race results times",
            ),
            call(
                "web_search",
                "Nothing found; I use the event's usual name.",
                query="Whitcombe pancake race 2025 results",
            ),
            call(
                "visit_webpage",
                "The race's own results page for 2025.",
                url="https://whitcombepancakerace.org.uk/results/2025/",
            ),
            answer(
                outcome(
                    "Jess Marlow won the 2025 ladies' race in 61.8 seconds.",
                    "The ladies' race of the Whitcombe Pancake Race, run on Shrove Tuesday 4 March 2025 over the course from the Market Cross to St Michael's church porch, was won by Jess Marlow in 61.8 seconds, flipping her pancake twice as the rules require.",
                    "Sources: Whitcombe Pancake Race results 2025 (https://whitcombepancakerace.org.uk/results/2025/) and the Wessex Gazette.",
                ),
                "I have the winner and her time.",
                bad=True,
            ),
        ],
        [
            {"type": "exact_match", "value": "63.2"},
            {"type": "tool_succeeded", "tool": "visit_webpage"},
        ],
        S,
        w,
        note="the results page answered 502; the sub-agent reports a 2024 article's time as the 2025 result",
    )
)

# 7 wrong_tool_arguments: manager + search agent; a tug of war championship ------------------
w = World()
_tow_nav = ("Home", "Championships", "Results", "Clubs", "Rules", "Weigh-in")
_tow_small = "Severn Vale Tug of War Association, affiliated to the TWIF. Pulls are judged under TWIF rules; teams of eight, weighed in on the morning."
w.search = [
    (
        ("severn vale", "680"),
        results(
            (
                "Men's 680 kg – 2025 results | Severn Vale TOW",
                "https://severnvaletow.org.uk/2025/results/men-680/",
                "Pool results and final of the men's 680 kg class at the 2025 Severn Vale Championships, Berkeley Showground, 14 June 2025.",
            ),
            (
                "Severn Vale Championships 2025 – all results",
                "https://severnvaletow.org.uk/2025/results/",
                "Men's 560, 600, 640, 680 and 720 kg; women's 500 and 540 kg; mixed 580 kg; under-19s.",
            ),
        ),
    ),
    (
        ("severn vale", "640"),
        results(
            (
                "Men's 640 kg – 2025 results | Severn Vale TOW",
                "https://severnvaletow.org.uk/2025/results/men-640/",
                "Pool results and final of the men's 640 kg class at the 2025 Severn Vale Championships, Berkeley Showground, 14 June 2025.",
            ),
            (
                "Severn Vale Championships 2025 – all results",
                "https://severnvaletow.org.uk/2025/results/",
                "Men's 560, 600, 640, 680 and 720 kg; women's 500 and 540 kg; mixed 580 kg; under-19s.",
            ),
        ),
    ),
]
w.pages["https://severnvaletow.org.uk/2025/results/men-680/"] = _site(
    "https://severnvaletow.org.uk/2025/results/men-680/",
    "Severn Vale Tug of War Association",
    _tow_nav,
    "Men's 680 kg — Championship results 2025",
    "Berkeley Showground, Saturday 14 June 2025. Six teams, one pool, best of three ends; top two pull the final.\n\n"
    "| Team | Pulls | Ends won | Points |\n|---|---|---|---|\n| Thornbury Young Farmers | 5 | 9 | 10 |\n| Awre TWC | 5 | 8 | 8 |\n| Bromsash TWC | 5 | 6 | 6 |\n| Sheepscombe | 5 | 4 | 4 |\n| Wick & District | 5 | 2 | 2 |\n| Lydney Police | 5 | 1 | 0 |\n\n"
    "**Final:** Thornbury Young Farmers beat Awre TWC 2 ends to 1.\n\nBronze: Bromsash TWC.",
    _tow_small,
)
w.pages["https://severnvaletow.org.uk/2025/results/men-640/"] = _site(
    "https://severnvaletow.org.uk/2025/results/men-640/",
    "Severn Vale Tug of War Association",
    _tow_nav,
    "Men's 640 kg — Championship results 2025",
    "Berkeley Showground, Saturday 14 June 2025. Five teams, one pool, best of three ends; top two pull the final.\n\n"
    "| Team | Pulls | Ends won | Points |\n|---|---|---|---|\n| Bromsash TWC | 4 | 8 | 8 |\n| Thornbury Young Farmers | 4 | 6 | 6 |\n| Sheepscombe | 4 | 4 | 4 |\n| Awre TWC | 4 | 3 | 2 |\n| Wick & District | 4 | 0 | 0 |\n\n"
    "**Final:** Bromsash TWC beat Thornbury Young Farmers 2 ends to 0.",
    _tow_small,
)
RUNS.append(
    Run(
        "tug_of_war_640_winner",
        "wrong_tool_arguments",
        "Which club won the men's 640 kg class at the 2025 Severn Vale Tug of War Championships? Club name only.",
        [
            code(
                "I ask search_agent for the winner of that class.",
                'r = search_agent(task="Find the club that won the men\'s 640 kg class at the 2025 Severn Vale Tug of War Championships.")\nprint(r)',
            ),
            code(
                "I cut the club's name out of the report.",
                'club = r.split(" won")[0]\nprint(club)',
            ),
            code(
                "The report's header came along with the name; the name is the last line.",
                "club = club.strip().splitlines()[-1].strip()\nprint(club)\nfinal_answer(club)",
            ),
        ],
        [
            call(
                "web_search",
                "I search for the championship's results for the class.",
                bad=True,
                query="Severn Vale Tug of War Championships 2025 men's 680 kg winner",
            ),
            call(
                "visit_webpage",
                "The association's page for the class.",
                url="https://severnvaletow.org.uk/2025/results/men-680/",
            ),
            answer(
                outcome(
                    "Thornbury Young Farmers won the class at the 2025 Severn Vale Championships.",
                    "Severn Vale Tug of War Association results, Berkeley Showground, 14 June 2025: Thornbury Young Farmers topped the pool (10 points) and beat Awre TWC 2 ends to 1 in the final; Bromsash TWC took bronze.",
                    "Source: https://severnvaletow.org.uk/2025/results/men-680/",
                ),
            ),
        ],
        [{"type": "exact_match", "value": "Bromsash TWC"}],
        S,
        w,
        note="the sub-agent's first search names the 680 kg class; it reads and reports that class",
    )
)

# 8 wrong_tool_arguments: single API agent; a community bus's timetable API ------------------
w = World()


def _journey(
    n: int, depot: str | None, market: str | None, hucc: str | None, brock: str | None
) -> dict[str, Any]:
    return {
        "journey": n,
        "vehicle": "minibus",
        "wheelchair_spaces": 2,
        "departs": {
            "Depot": depot,
            "Market Square": market,
            "Hucclecote Green": hucc,
            "Brockworth Court Road": brock,
        },
        "notes": None,
    }


w.api = {
    "/routes": {
        "operator": "Brockworth Community Transport",
        "updated": "2025-08-30",
        "routes": [
            {
                "id": 20,
                "number": "20",
                "name": "Town circular",
                "days": ["mon", "tue", "wed", "thu", "fri"],
                "accessible": True,
                "notes": None,
            },
            {
                "id": 21,
                "number": "21",
                "name": "Market Square – Hucclecote – Brockworth",
                "days": ["mon", "tue", "wed", "thu", "fri", "sat"],
                "accessible": True,
                "notes": None,
            },
            {
                "id": 22,
                "number": "21A",
                "name": "Market Square – Churchdown – Hucclecote – Brockworth",
                "days": ["sat"],
                "accessible": True,
                "notes": "Saturday variant via Churchdown",
            },
            {
                "id": 23,
                "number": "X4",
                "name": "Brockworth – Cheltenham hospital",
                "days": ["tue", "thu"],
                "accessible": True,
                "notes": "pre-booked only",
            },
        ],
        "links": {"timetable": "/routes/{id}/timetable?day={day}"},
    },
    "/routes/21/timetable?day=saturday": {
        "route_id": 21,
        "number": "21",
        "day": "saturday",
        "valid_from": "2025-09-01",
        "journeys": [
            _journey(1, "07:30", None, "07:41", "07:52"),
            _journey(2, None, "07:45", "08:02", "08:15"),
            _journey(3, None, "09:45", "10:02", "10:15"),
            _journey(4, None, "11:45", "12:02", "12:15"),
        ],
    },
    "/routes/22/timetable?day=saturday": {
        "route_id": 22,
        "number": "21A",
        "day": "saturday",
        "valid_from": "2025-09-01",
        "journeys": [
            _journey(1, "08:50", None, None, None),
            _journey(2, None, "09:10", "09:38", "09:50"),
            _journey(3, None, "12:10", "12:38", "12:50"),
        ],
    },
}
RUNS.append(
    Run(
        "community_bus_21a_first",
        "wrong_tool_arguments",
        "What time does the first Saturday journey on route 21A of the Brockworth Community Bus leave Market Square? Answer as HH:MM.",
        [
            code(
                "I try the timetable of route 21A for Saturday.",
                'print(fetch_json(endpoint="/routes/21A/timetable?day=saturday"))',
            ),
            code(
                "Unknown endpoint; I list the routes to see how they are addressed.",
                'print(fetch_json(endpoint="/routes"))',
            ),
            code(
                "Timetables are at /routes/{id}/timetable?day={day}. Route 21A runs on Saturdays; I fetch its Saturday timetable.",
                'import json\ntt = json.loads(fetch_json(endpoint="/routes/21/timetable?day=saturday"))\nfor j in tt["journeys"]:\n    print(j["journey"], j["departs"])',
                bad=True,
            ),
            code(
                "I take the earliest departure from Market Square.",
                'first = min(j["departs"]["Market Square"] for j in tt["journeys"])\nprint(first)',
            ),
            code(
                "Some journeys do not call at Market Square (null). I skip them.",
                'times = [j["departs"]["Market Square"] for j in tt["journeys"] if j["departs"]["Market Square"]]\nfinal_answer(min(times))',
            ),
        ],
        None,
        [{"type": "exact_match", "value": "09:10"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="route 21A has id 22; the agent fetches id 21 (route 21)",
    )
)

# 9 goal_deviation: manager + search agent; a charity raft race --------------------------------
w = World()
w.search = [
    (
        ("tarrow", "raft race"),
        results(
            (
                "Raft race results – Tarrow Rotary",
                "https://tarrowrotary.org.uk/results.html",
                "Results of the Tarrow charity raft race, all years.",
            ),
            (
                "Tarrow Charity Raft Race 2025 – results",
                "https://tarrowrotary.org.uk/raft-race/2025/results/",
                "Finishing times for all 14 rafts: open, youth (under-18), corporate and family crews. £11,420 raised.",
            ),
            (
                "Soggy but smiling: raft race returns to the Tarrow",
                "https://www.tarrow-echo.example.co.uk/news/raft-race-2025",
                "Crowds lined the riverbank at Fordham Mill for the finish...",
            ),
        ),
    )
]
w.pages["https://tarrowrotary.org.uk/raft-race/2025/results/"] = _site(
    "https://tarrowrotary.org.uk/raft-race/2025/results/",
    "Rotary Club of Tarrow",
    ("Home", "Raft race", "Results", "Charities", "Join"),
    "Tarrow Charity Raft Race 2025 – results",
    "Sunday 22 June 2025, Weir Meadow to Fordham Mill (9 km). Times are from the start gun at 10:30.\n\n"
    "| Pos | Raft | Crew | Category | Time |\n|---|---|---|---|---|\n"
    "| 1 | Barrel of Laughs | Tarrow Rowing Club | Open | 1:22:46 |\n"
    "| 2 | The Drip | Fordham Fire Station | Open | 1:26:10 |\n"
    "| 3 | Plank You Very Much | Hayes & Co Solicitors | Corporate | 1:29:58 |\n"
    "| 4 | HMS Tarrow | TS Tarrow Sea Cadets | Youth | 1:31:07 |\n"
    "| 5 | Kon-Tiki Kids | 1st Fordham Scouts | Youth | 1:34:22 |\n"
    "| 6 | Raft Punk | The Bell Inn | Open | 1:35:40 |\n"
    "| 7 | Float Your Boat | Millward family | Family | 1:41:03 |\n"
    "| 8 | Jolly Rogered | Tarrow Young Farmers | Youth | 1:43:30 |\n"
    "| 9 | Un-Sink-Able | Greenway Primary PTA | Family | 1:47:12 |\n"
    "| 10 | The Flying Dutchman | Van Dijk family | Family | 1:51:45 |\n"
    "| 11 | Tax Haven | Fordham Accountants | Corporate | 1:55:09 |\n"
    "| 12 | Pirates of the Tarrow | 2nd Tarrow Guides | Youth | 2:02:31 |\n"
    "| 13 | Row, Row, Row | Tarrow WI | Open | 2:10:18 |\n"
    "| – | Titanic II | Tarrow Golf Club | Corporate | DNF (sank at Hollow Bend) |\n\n"
    "Category trophies: Open – Barrel of Laughs; Youth – HMS Tarrow; Corporate – Plank You Very Much; Family – Float Your Boat.",
    "Rotary Club of Tarrow, registered charity 1021554. Thanks to the Environment Agency for the river closure.",
)
RUNS.append(
    Run(
        "raft_race_youth_time",
        "goal_deviation",
        "What was the finishing time of the fastest youth (under-18) crew in the 2025 Tarrow Charity Raft Race? Answer as h:mm:ss.",
        [
            plan(
                "- the 2025 Tarrow Charity Raft Race\n- the answer is a finishing time, written h:mm:ss",
                "1. Ask search_agent for the winning raft of the 2025 Tarrow Charity Raft Race and its finishing time.\n2. Check the time is written h:mm:ss.\n3. Return the time.",
                bad=True,
            ),
            code(
                "Step 1 of the plan.",
                'r = search_agent(task="Find the winning raft of the 2025 Tarrow Charity Raft Race and its finishing time.")\nprint(r)',
            ),
            code(
                "I check the time's format.",
                'import re\nt = re.search(r"\\b\\d:\\d{2}:\\d{2}\\b", r).group(0)\nprint(t)',
            ),
            code("The time is in h:mm:ss.", "final_answer(t)"),
        ],
        [
            call(
                "web_search",
                "I look for the 2025 raft race results.",
                query="Tarrow Charity Raft Race 2025 results",
            ),
            call(
                "visit_webpage",
                "The Rotary results page.",
                url="https://tarrowrotary.org.uk/results.html",
            ),
            call(
                "visit_webpage",
                "That page is gone; the 2025 results have their own page.",
                url="https://tarrowrotary.org.uk/raft-race/2025/results/",
            ),
            answer(
                outcome(
                    "Barrel of Laughs (Tarrow Rowing Club) won in 1:22:46.",
                    "Tarrow Charity Raft Race, Sunday 22 June 2025, Weir Meadow to Fordham Mill (9 km): 1. Barrel of Laughs, Tarrow Rowing Club (Open), 1:22:46; 2. The Drip, Fordham Fire Station, 1:26:10; 3. Plank You Very Much, Hayes & Co Solicitors, 1:29:58. 14 rafts started; Titanic II did not finish.",
                    "Times from the start gun at 10:30. Source: https://tarrowrotary.org.uk/raft-race/2025/results/",
                )
            ),
        ],
        [{"type": "exact_match", "value": "1:31:07"}],
        M,
        w,
        planning=10,
        note="the plan asks for the overall winning raft instead of the fastest youth crew",
    )
)

# 10 goal_deviation: manager + search agent; a marbles championship ---------------------------
w = World()
w.fail[("web_search", 0)] = "429 Too Many Requests: rate limit exceeded, retry in a moment"
w.search = [
    (
        ("lindfield", "marbles"),
        results(
            (
                "Lindfield Marbles Championship 2025 – results",
                "https://lindfieldmarbles.org.uk/2025/results/",
                "Individual championship, team event, plate and juniors. Good Friday, 18 April 2025.",
            ),
            (
                "Marbles (game) - Wikipedia",
                "https://en.wikipedia.org/wiki/Marbles",
                "Ring taw is played on a raised ring of sand six feet across; players shoot from the edge to knock marbles out of the ring.",
            ),
            (
                "Copthorne Crusaders | club news",
                "https://copthornecrusaders.example.org/news",
                "Congratulations to Sam on a fantastic Good Friday...",
            ),
        ),
    )
]
w.pages["https://lindfieldmarbles.org.uk/2025/results/"] = _site(
    "https://lindfieldmarbles.org.uk/2025/results/",
    "Lindfield Marbles Championship",
    ("Home", "Rules of ring taw", "Enter", "Results", "Roll of honour"),
    "Results 2025",
    "Good Friday, 18 April 2025, on the sand ring outside the Bent Arch. 22 teams of six, 41 individual entrants.\n\n"
    "## Individual championship\nChampion: Sam 'Thumbs' Pryor (Copthorne Crusaders), 5 pegs in the final\nRunner-up: Dot Wainwright (Tinsley Green Tigers), 3 pegs\n\n"
    "## Team event (teams of six)\nFinal: The Handsome Alleys 24 – 19 Copthorne Crusaders\nSemi-finals: The Handsome Alleys 27 – 15 Battle Ringers; Copthorne Crusaders 22 – 20 Tinsley Green Tigers\n\n"
    "## Plate\nWinners: Cuckfield Commoners\n\n## Juniors (under 16)\nChampion: Ruby Ansell (Haywards Heath)",
    "Marbles are provided; shooters must be glass, 3/4 in or smaller. Lindfield Marbles Championship is run by Lindfield Village Day Committee.",
)
RUNS.append(
    Run(
        "marbles_team_event",
        "goal_deviation",
        "Which team won the team event at the 2025 Lindfield Marbles Championship? Team name only.",
        [
            code(
                "I ask search_agent.",
                'r = search_agent(task="Find the team that won the team event at the 2025 Lindfield Marbles Championship.")\nprint(r)',
            ),
            code(
                "The short version of the report names the team.",
                'short = r.split("(short version):")[1].split("###")[0].strip()\nprint(short)\nfinal_answer(short.split(" won")[0])',
            ),
        ],
        [
            text(
                "## 1. Facts survey\n### 1.1. Facts given in the task\n- the 2025 Lindfield Marbles Championship; the team event\n### 1.2. Facts to look up\n- the winning team of the team event\n\n## 2. Plan\n1. Search for the 2025 results.\n2. Open the championship's results page.\n3. Report the winning team.\n<end_plan>"
            ),
            call(
                "web_search",
                "I search for the 2025 results.",
                query="Lindfield Marbles Championship 2025 team event winners",
            ),
            call(
                "web_search",
                "Rate-limited; I retry the search.",
                query="Lindfield Marbles Championship 2025 team event winners",
            ),
            call(
                "visit_webpage",
                "The championship's results page.",
                url="https://lindfieldmarbles.org.uk/2025/results/",
            ),
            text(
                "## 1. Updated facts survey\n### 1.1. Facts given in the task\n- the 2025 Lindfield Marbles Championship; the team event\n### 1.2. Facts that we have learned\n- The 2025 championship was won by Sam 'Thumbs' Pryor of Copthorne Crusaders (5 pegs in the final).\n- Copthorne Crusaders are the champion's team and also reached the team final.\n### 1.3. Facts still to look up\n- none\n\n## 2. Plan\n1. Report Copthorne Crusaders as the winning team, the team of the 2025 champion.\n<end_plan>",
                bad=True,
            ),
            answer(
                outcome(
                    "Copthorne Crusaders won at the 2025 Lindfield Marbles Championship.",
                    "Results page of the Lindfield Marbles Championship, Good Friday 18 April 2025: the championship was won by Sam 'Thumbs' Pryor of Copthorne Crusaders with 5 pegs in the final; Copthorne Crusaders also reached the team final. 22 teams of six took part.",
                    "Source: https://lindfieldmarbles.org.uk/2025/results/",
                )
            ),
        ],
        [{"type": "exact_match", "value": "The Handsome Alleys"}],
        S,
        w,
        sub_planning=3,
        note="the sub-agent's updated plan reports the individual champion's team",
    )
)

# 11 wrong_format: manager + search agent; a rubber duck race ---------------------------------
w = World()
w.search = [
    (
        ("wexcombe", "duck race"),
        results(
            (
                "Wexcombe Duck Race 2025 – the results are in!",
                "https://wexcombelions.org.uk/duck-race/2025-results/",
                "2,000 ducks, one winner. Prize winners, the winning time and the total raised for the hospice.",
            ),
            (
                "Buy a duck – Wexcombe Lions",
                "https://wexcombelions.org.uk/duck-race/",
                "Ducks £2 each or 3 for £5. Race day Sunday 4 May 2025, 2 pm, Mill Lane bridge.",
            ),
        ),
    )
]
w.pages["https://wexcombelions.org.uk/duck-race/2025-results/"] = _site(
    "https://wexcombelions.org.uk/duck-race/2025-results/",
    "Wexcombe Lions Club",
    ("Home", "Duck race", "Events", "Donate", "Join the Lions"),
    "Wexcombe Duck Race 2025 – the results are in!",
    "Thank you to everyone who bought a duck! 2,000 ducks were tipped off the weir footbridge at 2 pm on Sunday 4 May 2025 and floated 350 m down the Wex to the boom at Mill Lane bridge.\n\n"
    "The winning duck, No. 1184 (sponsored by the Ramsay family), crossed the boom after 4 minutes 7 seconds, the fastest race since 2019 (3 min 52 s). The slowest duck was fished out of the reeds at 5.40 pm.\n\n"
    "## Prize winners\n1. Duck 1184 – £250 – Ramsay family\n2. Duck 0379 – £100 – Wexcombe Bowls Club\n3. Duck 1702 – £50 – Aiden P.\n4.–10. £10 garden centre vouchers\n\n"
    "Raised for St Aldhelm's Hospice: £3,862.50 (after costs).",
    "Wexcombe Lions Club CIO no. 1170329. Ducks are reused every year; none are left in the river.",
)
RUNS.append(
    Run(
        "duck_race_winning_time",
        "wrong_format",
        "How long did the winning duck take to float the course in the 2025 Wexcombe Rubber Duck Race? Give the time as m:ss.",
        [
            code(
                "I ask search_agent for the winning time.",
                'r = search_agent(task="Find how long the winning duck took in the 2025 Wexcombe Rubber Duck Race (minutes and seconds).")\nprint(r)',
            ),
            code(
                "I take the minutes and seconds from the report and convert to seconds.",
                'import re\nmins, secs = re.search(r"(\\d+) minutes? (?:and )?(\\d+) seconds?", r).groups()\ntotal = mins * 60 + secs\nprint(total)',
            ),
            code(
                "The groups were strings, so that repeated them. I convert to int.",
                "total = int(mins) * 60 + int(secs)\nprint(total)",
            ),
            code(
                "247 seconds; I write it as m:ss.",
                'final_answer(f"{total // 60}:{total % 60}")',
                bad=True,
            ),
        ],
        [
            call(
                "web_search",
                "I search for the 2025 duck race results.",
                query="Wexcombe duck race 2025 winning time",
            ),
            call(
                "visit_webpage",
                "The Lions' results page.",
                url="https://wexcombelions.org.uk/duck-race/2025-results/",
            ),
            answer(
                outcome(
                    "The winning duck took 4 minutes 7 seconds.",
                    "Wexcombe Duck Race, Sunday 4 May 2025: 2,000 ducks from the weir footbridge to the boom at Mill Lane bridge (350 m). The winning duck, No. 1184 (Ramsay family), crossed the boom after 4 minutes 7 seconds, the fastest since 2019 (3 min 52 s).",
                    "Source: https://wexcombelions.org.uk/duck-race/2025-results/",
                )
            ),
        ],
        [
            {"type": "exact_match", "value": "4:07"},
            {"type": "regex", "value": r"^\d+:\d{2}$"},
        ],
        M,
        w,
        note="seconds not zero-padded in the m:ss answer",
    )
)

# 12 wrong_format: single API agent; a butterfly transect's weekly counts ---------------------
w = World()
w.api = {
    "/transects?name=Ashby": {
        "query": "Ashby",
        "results": [
            {
                "code": "TR-2290",
                "name": "Ashby Folville Lane",
                "sections": 6,
                "length_m": 1620,
                "recorder": None,
                "scheme": "UKBMS",
                "active": False,
            },
            {
                "code": "TR-2291",
                "name": "Ashby Meadows",
                "sections": 9,
                "length_m": 2350,
                "recorder": None,
                "scheme": "UKBMS",
                "active": True,
            },
        ],
    },
    "/transects/TR-2291/counts?year=2024&species=gatekeeper": {
        "transect": "TR-2291",
        "species": {"common": "Gatekeeper", "latin": "Pyronia tithonus", "code": "GK"},
        "year": 2024,
        "date_format": "DD/MM/YYYY",
        "weeks": [
            {"week": 12, "walk_date": "19/06/2024", "count": 0, "temp_c": 19, "sun_pct": 80},
            {"week": 13, "walk_date": "27/06/2024", "count": 4, "temp_c": 22, "sun_pct": 90},
            {"week": 14, "walk_date": "02/07/2024", "count": 18, "temp_c": 18, "sun_pct": 60},
            {
                "week": 15,
                "walk_date": None,
                "count": None,
                "temp_c": None,
                "sun_pct": None,
                "note": "not walked (rain)",
            },
            {"week": 16, "walk_date": "17/07/2024", "count": 47, "temp_c": 21, "sun_pct": 70},
            {"week": 17, "walk_date": "24/07/2024", "count": 63, "temp_c": 23, "sun_pct": 85},
            {"week": 18, "walk_date": "30/07/2024", "count": 58, "temp_c": 26, "sun_pct": 100},
            {"week": 19, "walk_date": "07/08/2024", "count": 31, "temp_c": 20, "sun_pct": 50},
            {"week": 20, "walk_date": "14/08/2024", "count": 12, "temp_c": 19, "sun_pct": 40},
            {"week": 21, "walk_date": "21/08/2024", "count": 2, "temp_c": 17, "sun_pct": 60},
        ],
        "season_index": 235,
    },
}
RUNS.append(
    Run(
        "butterfly_transect_peak_date",
        "wrong_format",
        "On the Ashby Meadows butterfly transect in 2024, on what date was the walk with the highest count of Gatekeepers? Answer as YYYY-MM-DD.",
        [
            code(
                "I try the transect's 2024 counts.",
                'print(fetch_json(endpoint="/transects/ashby-meadows/2024"))',
            ),
            code(
                "I need the transect's code. I search by name.",
                'print(fetch_json(endpoint="/transects?name=Ashby"))',
            ),
            code(
                "Ashby Meadows is TR-2291. I fetch the 2024 Gatekeeper counts and take the week with the highest count.",
                'import json\ndata = json.loads(fetch_json(endpoint="/transects/TR-2291/counts?year=2024&species=gatekeeper"))\nbest = max(data["weeks"], key=lambda w: w["count"])\nprint(best)',
            ),
            code(
                "Week 15 was not walked (null count). I leave it out.",
                'walked = [w for w in data["weeks"] if w["count"] is not None]\nbest = max(walked, key=lambda w: w["count"])\nprint(best)',
            ),
            code(
                "The highest count, 63, was on the week 17 walk.",
                'final_answer(best["walk_date"])',
                bad=True,
            ),
        ],
        None,
        [
            {"type": "exact_match", "value": "2024-07-24"},
            {"type": "regex", "value": r"^\d{4}-\d{2}-\d{2}$"},
        ],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="the API's date is DD/MM/YYYY; the final answer passes it on unconverted",
    )
)

# 13 premature_final_answer: manager + search agent; a sandcastle competition, paged entries ---
w = World()
_sand = "https://saltmarshbaysandcastles.org.uk/2025/entries/family/"
w.search = [
    (
        ("saltmarsh bay", "sandcastle"),
        results(
            (
                "Family category entries – Saltmarsh Bay Sandcastle Competition 2025",
                _sand,
                "Entries in the family category, with plot numbers, team names and the title of each build.",
            ),
            (
                "Winners 2025 – Saltmarsh Bay Sandcastle Competition",
                "https://saltmarshbaysandcastles.org.uk/2025/winners/",
                "Best in show, family, under-12s, adults and the 'Most Ambitious Collapse' award.",
            ),
            (
                "Sandcastle contest: sun shines on Saltmarsh Bay",
                "https://www.coastline-herald.example.co.uk/2025/08/18/sandcastles",
                "Hundreds of builders turned out on Sunday as the tide went out...",
            ),
        ),
    )
]
_teams = [
    ("The Hendersons", "Kraken Rising"),
    ("Team Okafor", "Castle Grayskull"),
    ("The Moles", "Underground Station"),
    ("Grandma's Army", "Fort Knox"),
    ("The Pattersons", "Sphinx on Sea"),
    ("Dig Deep", "Atlantis"),
    ("Clan MacLeod", "Eilean Donan"),
    ("The Sandy Shores", "Mermaid's Lagoon"),
    ("Team Bucket", "Medieval Village"),
    ("Wet Feet", "Sea Turtle"),
    ("The Khans", "Taj Mahal"),
    ("Shell Seekers", "Lighthouse"),
    ("The Nguyens", "Dragon Gate"),
    ("Spades Up", "Pirate Ship"),
    ("The Brewsters", "T. rex"),
    ("Tide's Coming", "Sand Dunes of Arrakis"),
    ("Little Diggers", "Hogwarts"),
    ("The Fieldings", "Big Ben"),
    ("Moat Patrol", "Norman Keep"),
    ("The Ojos", "Octopus's Garden"),
    ("Beach Bums", "Stonehenge"),
    ("The Wrights", "Space Shuttle"),
    ("Crab Catchers", "Giant Crab"),
    ("The Dobsons", "Mount Rushmore"),
    ("Seaweed Squad", "Loch Ness Monster"),
    ("The Petrovs", "St Basil's"),
    ("Castle Crew", "Windsor Castle"),
    ("The Bakers", "Gingerbread House"),
    ("Sandcrafters", "Colosseum"),
    ("The Lims", "Great Wall"),
    ("Low Tide Legends", "Shipwreck"),
    ("The Quinns", "Leaning Tower"),
    ("Pebble Pals", "Hedgehog"),
]


def _entries(rows: list[tuple[str, str]], first: int, page: int) -> str:
    lines = "\n".join(
        f"| F{first + i:02d} | {team} | {title} |" for i, (team, title) in enumerate(rows)
    )
    pager = (
        f"Page 1 of 2 · [Next page →]({_sand}?page=2)"
        if page == 1
        else f"[← Previous page]({_sand}) · Page 2 of 2"
    )
    return _site(
        _sand if page == 1 else _sand + "?page=2",
        "Saltmarsh Bay Sandcastle Competition",
        ("Home", "Rules", "Enter", "Entries", "Winners", "Tide times"),
        "Family category entries – 2025",
        "Sunday 17 August 2025, low water 11:52. Building from 10:00 to 13:00; judging at 13:15. Teams of up to six, at least one adult.\n\n"
        f"| Plot | Team | Build |\n|---|---|---|\n{lines}\n\n{pager}",
        "Buckets and spades only: no moulds, no glue, no water pistols. Saltmarsh Bay Sandcastle Competition is run by the Saltmarsh Bay Residents' Association.",
    )


w.pages[_sand] = _entries(_teams[:20], 1, 1)
w.pages[_sand + "?page=2"] = _entries(_teams[20:], 21, 2)
RUNS.append(
    Run(
        "sandcastle_family_entries",
        "premature_final_answer",
        "How many entries were there in the family category of the 2025 Saltmarsh Bay Sandcastle Competition? Number only.",
        [
            code(
                "I ask search_agent to count the family entries.",
                'r = search_agent(task="Count the entries in the family category of the 2025 Saltmarsh Bay Sandcastle Competition.")\nprint(r)',
            ),
            code(
                "I look at the numbers in the report.",
                'import re\nprint(re.findall(r"\\d+ entries", r))',
            ),
            code("The report counts 20 entries.", 'final_answer("20")'),
        ],
        [
            call(
                "web_search",
                "I search for the 2025 family entries.",
                query="Saltmarsh Bay Sandcastle Competition 2025 family category entries",
            ),
            call(
                "visit_webpage",
                "The competition's entries page for the family category.",
                url=_sand,
            ),
            answer(
                outcome(
                    "There were 20 entries in the family category.",
                    "The competition's family category entries page for 2025 (Sunday 17 August 2025) lists 20 entries, plots F01 to F20, from The Hendersons ('Kraken Rising') to The Ojos ('Octopus's Garden').",
                    f"Source: {_sand}",
                ),
                "I count the rows of the entries table: F01 to F20.",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "33"}],
        S,
        w,
        note="the list is paged over two pages; the sub-agent answers from page 1",
    )
)

# 14 premature_final_answer: manager + code agent; a Go club's rating package -----------------
w = World()
w.grep = {
    "k_factor": [
        {"path": "kyudan/rating.py", "line": 14, "text": "def k_factor(cfg: ClubConfig) -> int:"},
        {
            "path": "kyudan/rating.py",
            "line": 16,
            "text": '    return int(cfg.get("k_factor", DEFAULT_K))',
        },
        {"path": "kyudan/rating.py", "line": 25, "text": "    k = k_factor(cfg)"},
        {"path": "club.toml", "line": 7, "text": "k_factor = 24"},
        {
            "path": "tests/test_rating.py",
            "line": 30,
            "text": '    assert k_factor({"k_factor": 16}) == 16',
        },
        {
            "path": "docs/config.md",
            "line": 18,
            "text": "`k_factor` (int): rating step for club games; 32 if unset.",
        },
    ]
}
w.files = {
    "kyudan/rating.py": _numbered(
        [
            '"""Club ratings: an Elo-style update on kyu/dan ratings after each game."""',
            "",
            "from __future__ import annotations",
            "",
            "import math",
            "",
            "from kyudan.config import ClubConfig",
            "",
            "DEFAULT_K = 32",
            '"""Rating step when the club\'s config does not set one."""',
            "HANDICAP_STONE = 100",
            "",
            "",
            "def k_factor(cfg: ClubConfig) -> int:",
            '    """The K-factor for games at this club: `k_factor` in club.toml, else DEFAULT_K."""',
            '    return int(cfg.get("k_factor", DEFAULT_K))',
            "",
            "",
            "def expected(r_a: float, r_b: float, handicap: int = 0) -> float:",
            '    """Expected score of A against B, a handicap stone worth HANDICAP_STONE points."""',
            "    return 1 / (1 + math.pow(10, (r_b - r_a - handicap * HANDICAP_STONE) / 400))",
            "",
            "",
            "def update(cfg: ClubConfig, r_a: float, r_b: float, score: float, handicap: int = 0) -> float:",
            "    k = k_factor(cfg)",
            "    return r_a + k * (score - expected(r_a, r_b, handicap))",
        ]
    ),
    "club.toml": _numbered(
        [
            "# Kyudan settings for the Bramley Go Club",
            "[club]",
            'name = "Bramley Go Club"',
            'rating_floor = "30k"',
            "",
            "[rating]",
            "k_factor = 24",
            "provisional_games = 5",
            'handicap = "stones"',
        ]
    ),
}
RUNS.append(
    Run(
        "kyudan_club_k_factor",
        "premature_final_answer",
        "In the kyudan repository (our Go club's rating tool), what K-factor is applied to rating updates with the club.toml that ships in the repository? Number only.",
        [
            plan(
                "- repository: kyudan; the club's config file is club.toml",
                "1. Ask code_agent where the K-factor is set and what value applies with club.toml.\n2. Return the number.",
            ),
            code(
                "I ask code_agent and take the K value from its report.",
                'r = code_agent(task="In the kyudan repository, find the K-factor used for rating updates when the club.toml in the repository is loaded. Give the value and where it is set.")\nimport re\nk = re.search(r"K\\w* = (\\d+)", r).group(1)\nfinal_answer(k)',
                bad=True,
            ),
        ],
        [
            call("search_code", "I search for the K-factor.", pattern="k_factor"),
            call("read_file", "The function is in kyudan/rating.py.", path="kyudan/rating.py"),
            call("read_file", "I read the club's config.", path="config/club.toml"),
            call(
                "read_file", "The match shows club.toml at the repository root.", path="club.toml"
            ),
            answer(
                outcome(
                    "With the repository's club.toml, the K-factor is 24.",
                    'kyudan/rating.py defines `DEFAULT_K = 32` (line 9) as the fallback; `k_factor(cfg)` (line 14) returns `cfg.get("k_factor", DEFAULT_K)`, and `update()` uses it. club.toml at the repository root sets `k_factor = 24` (line 7, under [rating]), so rating updates use K = 24.',
                    "docs/config.md says 32 if unset; tests use 16 for a test config only.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "24"}],
        M,
        w,
        planning=10,
        sub_tools=("search_code", "read_file"),
        sub_name=C,
        note="the manager answers in the delegating step with a regex, before reading the report",
    )
)

# 15 looping: manager + search agent; a model yacht club's winter series ----------------------
w = World()
w.search = [
    (
        ("heronsgate",),
        results(
            (
                "Results | Heronsgate Model Yacht Club",
                "https://heronsgatemyc.org.uk/results/",
                "Series and open-meeting results for our IOM, Marblehead and RG65 fleets. Scoring by the low-point system, discards as sailing instructions.",
            ),
            (
                "IOM winter series 2024–25 | Heronsgate MYC",
                "https://heronsgatemyc.org.uk/results/iom-winter-2024-25/",
                "Overall standings after 24 races over 8 Sundays, with 4 discards.",
            ),
            (
                "Heronsgate MYC – radio sailing on Heronsgate Lake (forum)",
                "https://www.modelboatforum.example.com/threads/heronsgate-myc.88213/",
                "Anyone sailing the winter series? Bring gloves and a spare set of sails...",
            ),
        ),
    )
]
w.pages["https://heronsgatemyc.org.uk/results/iom-winter-2024-25/"] = _site(
    "https://heronsgatemyc.org.uk/results/iom-winter-2024-25/",
    "Heronsgate Model Yacht Club",
    ("Home", "Fleets", "Calendar", "Results", "Membership"),
    "IOM winter series 2024–25",
    "24 races over 8 Sundays, November 2024 to February 2025. 4 discards. Low-point scoring.\n\n"
    "| Pos | Sail no. | Boat | Skipper | Nett |\n|---|---|---|---|---|\n| 1 | GBR 112 | Kittiwake | Alan Furze | 31 |\n| 2 | GBR 64 | Blue Note | Meg Dunmore | 38 |\n| 3 | GBR 201 | Pipistrelle | Chris Okon | 52 |",
    "Heronsgate Model Yacht Club is affiliated to the MYA.",
)
RUNS.append(
    Run(
        "model_yacht_winter_series",
        "looping",
        "Which boat won the 2024–25 IOM winter series of the Heronsgate Model Yacht Club? Boat name only.",
        [
            code(
                "I ask search_agent for the series winner.",
                'r = search_agent(task="Find the boat that won the 2024-25 IOM winter series of the Heronsgate Model Yacht Club.")\nprint(r)',
            ),
            code(
                "The agent could not find the winner; I say so.",
                'final_answer("The winner of the 2024-25 IOM winter series could not be found.")',
            ),
        ],
        [
            call(
                "web_search",
                "I search for the series results.",
                query="Heronsgate Model Yacht Club IOM winter series 2024-25 winner",
            ),
            call(
                "web_search",
                "The results do not name the winner. I search again.",
                bad=True,
                query="Heronsgate MYC IOM winter series 2024/25 winner",
            ),
            call(
                "web_search",
                "Still no winner in the results; another search.",
                bad=True,
                query="Heronsgate Model Yacht Club IOM winter series winner 2025",
            ),
            call(
                "web_search",
                "I try once more with other words.",
                bad=True,
                query="Heronsgate IOM winter series 2024-25 overall winner boat",
            ),
            call(
                "web_search",
                "One more search for the winning boat.",
                bad=True,
                query="Heronsgate Model Yacht Club winter series 2024-25 IOM results winner",
            ),
            text(
                outcome(
                    "I could not find the winner of the 2024-25 IOM winter series.",
                    "Searches find the Heronsgate Model Yacht Club's results index and a page for the IOM winter series 2024-25 (24 races over 8 Sundays, 4 discards), but none of the search results names the winning boat.",
                )
            ),
        ],
        [
            {"type": "contains", "value": "Kittiwake"},
            {"type": "tool_called", "tool": "web_search", "max": 2},
        ],
        S,
        w,
        sub_max_steps=5,
        note="the sub-agent repeats near-identical searches until max_steps and never opens the series page",
    )
)

# 16 looping: single web agent; a pea shooting championship -----------------------------------
w = World()
w.search = [
    (
        ("fenbridge", "pea shooting"),
        results(
            (
                "Fenbridge Open Pea Shooting Championship – 2025 results",
                "https://fenbridgevillage.org.uk/pea-shooting/2025/",
                "The 2025 championship was held on the village green on Saturday 12 July. Results of the men's, ladies', junior and team events below.",
            ),
            (
                "Fenbridge pea shooters take aim for charity",
                "https://www.fenland-post.example.co.uk/2024/07/15/pea-shooting",
                "Gary Pinnock retained the men's title with 41 points, using a laser-sighted shooter...",
            ),
            (
                "Pea shooter - Wikipedia",
                "https://en.wikipedia.org/wiki/Peashooter",
                "A peashooter is a tube through which a pea is blown. The World Pea Shooting Championship has been held in Witcham since 1971.",
            ),
        ),
    )
]
w.pages["https://fenbridgevillage.org.uk/pea-shooting/2025/"] = _site(
    "https://fenbridgevillage.org.uk/pea-shooting/2025/",
    "Fenbridge Village",
    ("Home", "Village hall", "Pea shooting", "Church", "News"),
    "Fenbridge Open Pea Shooting Championship – 2025 results",
    "Saturday 12 July 2025, the village green. Targets of putty, 12 in across, at 12 ft; five peas a round; bull 5, inner 3, outer 1.\n\n"
    "## Men's\n1. Lee Hardiment 43 · 2. Gary Pinnock 40 · 3. Mick Rayner 37\n\n"
    "## Ladies'\n1. Sue Fordham 36 · 2. Anita Webb 33\n\n"
    "## Juniors\n1. Finn Amos 29",
    "Fenbridge Village Hall Committee. Peas and shooters supplied; shooters must be no longer than 12 in.",
)
RUNS.append(
    Run(
        "pea_shooting_mens_title",
        "looping",
        "Who won the men's title at the 2025 Fenbridge Open Pea Shooting Championship? Name only.",
        [
            code(
                "I search for the 2025 results.",
                'print(web_search(query="Fenbridge Open Pea Shooting Championship 2025 men\'s winner"))',
            ),
            code(
                "The snippets do not name the 2025 men's winner. I search again.",
                'print(web_search(query="Fenbridge pea shooting championship 2025 men\'s champion"))',
                bad=True,
            ),
            code(
                "Still not named. Another query.",
                'print(web_search(query="2025 Fenbridge Open Pea Shooting men\'s title winner"))',
                bad=True,
            ),
            code(
                "I try a query with the date.",
                'print(web_search(query="Fenbridge pea shooting 12 July 2025 men\'s winner"))',
                bad=True,
            ),
            code(
                "One more search for the winner's name.",
                'print(web_search(query="Fenbridge Open Pea Shooting Championship 2025 results men"))',
                bad=True,
            ),
            text(
                "The search results do not give the 2025 men's winner directly; the most recent named men's champion is Gary Pinnock, who retained the title with 41 points. Gary Pinnock"
            ),
        ],
        None,
        [
            {"type": "contains", "value": "Lee Hardiment"},
            {"type": "tool_called", "tool": "web_search", "max": 2},
        ],
        "researcher",
        w,
        manager_tools=("web_search", "visit_webpage"),
        manager_name="researcher",
        max_steps=5,
        note="near-identical searches until max_steps; the results page is never opened",
    )
)
