"""Which call chose what a tool looked up (blame/engine/lookups.py): the call that named what
the task does not, or the search that listed the page."""

from __future__ import annotations

import re

import pytest

from blame import TraceRecorder
from blame.engine.lookups import abbreviates, wrong_source
from blame.graph import StepGraph
from blame.testing import make_check, patches_for


def called_for(found: tuple[int, str] | None) -> str | None:
    """What the reason says the lookup was called for that the task does not name."""
    said = None if found is None else re.search(r"called for '([^']+)'", found[1])
    assert found is None or said is not None
    return None if said is None else said[1]


@pytest.mark.parametrize(
    ("query", "flagged"),
    [
        ("Porthcarrow launches 2023", None),  # the task's `launch`, another form of it
        ("Porthcarrow rescues 2023", "rescues"),
        ("https://porthcarrow.example.org/about", None),  # a function word names nothing
        ("https://porthcarrow.example.org/rescues", "rescues"),
        # a word any lookup adds, for where the answer is written, names no other thing
        ("Porthcarrow lifeboat 2023 results", None),
        ("Porthcarrow Results 2023 rescues", "rescues"),
    ],
)
def test_a_word_the_task_names_in_another_form_is_no_wrong_source(
    query: str, flagged: str | None
) -> None:
    rec = TraceRecorder("t", input="How many times did the Porthcarrow lifeboat launch in 2023?")
    ask = rec.step("manager", "task", f"web_search('{query}')", kind="llm")
    page = "About Launches and Rescues: Results 2023: 64 launches, 31 rescues."
    rec.tool("web_search", agent="manager", args=query, output=page, parents=[ask])
    found = wrong_source(StepGraph(rec.finalize()), 1)
    assert called_for(found) == flagged


@pytest.mark.parametrize(
    ("query", "flagged"),
    [
        # the club's initials, a compound word giving two (`Motor-cycle`)
        ("Wolds Trial 2025 Dunmore VMCC results", None),
        ("Wolds Trial 2025 DVMCC results", None),
        # initials of no name the task gives, or written in small letters
        ("Wolds Trial 2025 Dunmore BMCC results", "bmcc"),
        ("Wolds Trial 2025 Dunmore Vmcc results", "vmcc"),
    ],
)
def test_the_initials_of_a_name_the_task_gives_are_no_wrong_source(
    query: str, flagged: str | None
) -> None:
    """Before, `VMCC` in a search for the Dunmore Vintage Motorcycle Club's trial was a
    thing the task does not name, and the search agent that wrote it was blamed for a
    wrong count its manager's plan had asked for."""
    task = "How many riders went clean in the Wolds Trial of the Dunmore Vintage Motorcycle Club?"
    rec = TraceRecorder("t", input=task)
    ask = rec.step("searcher", "task", f"web_search('{query}')", kind="llm")
    page = "Wolds Trial 2025 results | Dunmore VMCC (DVMCC), Vmcc and BMCC. 58 finished, 7 clean."
    rec.tool("web_search", agent="searcher", args=query, output=page, parents=[ask])
    found = wrong_source(StepGraph(rec.finalize()), 1)
    assert called_for(found) == flagged


@pytest.mark.parametrize(
    ("word", "text", "initials"),
    [
        ("VMCC", "the Dunmore Vintage Motorcycle Club", True),
        ("NHS", "the National Health Service", True),
        ("UO", "the University of Oxford", True),  # a joining word passed over
        ("VMCC", "the Dunmore Vintage Motor-cycle Club", True),  # a compound's part
        ("TVMC", "The Vintage Motorcycle Club", True),
        ("VMCC", "the dunmore vintage motorcycle club", False),  # no name: small letters
        ("BVSR", "the Bredon Vale Show? Reply", False),  # a sentence's end: no one name
        ("DOVE", "the Dunmore Vintage", False),  # one word gives a second letter, not two
        ("XRSC", "the X-Ray Society Club", True),  # a part after a hyphen
        ("SMRC", "St Mary's Rowing Club", True),  # a possessive is one word
        ("LMCE", "teams from Leeds, Manchester, Cardiff and Exeter", False),  # a list
        ("VMCC", "Vintage Motorcycle", False),  # letters left over
        ("V", "Vintage", False),  # one letter is no initials
        ("VM", "Vintage ran Motorcycle", False),  # not one after another
        ("MC", "Motorcycle", False),  # one word's letters are no initials
        ("ABCDEFGHI", "Alpha Bravo Charlie Delta Echo Foxtrot Golf Hotel India", False),  # long
        ("VVVVVVVW", "Vvvvv " * 200_000, False),  # hostile: each start reads a few words
    ],
)
def test_initials_are_of_words_written_one_after_another(
    word: str, text: str, initials: bool
) -> None:
    assert abbreviates(word, text) is initials


_SITE = "https://league.example.org"


@pytest.mark.parametrize(
    ("path", "page", "flagged"),
    [
        # a section the site's menu links to names no other thing
        ("/tables/2024-25", f"* [Tables]({_SITE}/tables)\nTables are final.", None),
        ("/tables/2024-25", "Tables are final.", "tables"),
        # the words a site glued into an address are no name the page writes
        ("/cup/DraycottOpen2023", f"[Skip]({_SITE}/cup/DraycottOpen2023#main)", None),
        ("/cup/DraycottOpen2023", "The Draycottopen results.", "draycottopen"),
        # the page's own address, repeated by a skip link, is no section: it is the page
        ("/rovers", f"[Skip]({_SITE}/rovers#main)\nRovers finished on 64 points.", "rovers"),
        # ...nor is its parent, a breadcrumb's link
        ("/rovers/2024", f"[Rovers]({_SITE}/rovers) > 2024\nRovers finished on 64.", "rovers"),
    ],
)
def test_a_sites_sections_and_glued_words_are_no_wrong_source(
    path: str, page: str, flagged: str | None
) -> None:
    """Before, `tables` (a menu's section) and `harrogatecubeopen` (glued in an address)
    were taken for what the page was about."""
    rec = TraceRecorder("t", input="How many league points did Feathers A score? Number only.")
    ask = rec.step("search_agent", "task", f"visit_webpage('{_SITE}{path}')", kind="llm")
    output = f"{page}\n| 3 | Feathers A | 64 |"
    rec.tool("visit_webpage", agent="search_agent", args=f"{_SITE}{path}", output=output,
             parents=[ask])  # fmt: skip
    found = wrong_source(StepGraph(rec.finalize()), 1)
    assert called_for(found) == flagged


def test_sections_one_of_which_the_task_names_are_choices() -> None:
    """The menu lists Juniors and Seniors; the task asks about the seniors: opening the
    juniors' table chose another section."""
    task = "How many points did Feathers A score in the Seniors division? Number only."
    rec = TraceRecorder("t", input=task)
    ask = rec.step("search_agent", "task", f"visit_webpage('{_SITE}/juniors/table')", kind="llm")
    menu = f"* [Juniors]({_SITE}/juniors)\n* [Seniors]({_SITE}/seniors)\nJuniors table"
    rec.tool("visit_webpage", agent="search_agent", args=f"{_SITE}/juniors/table", output=menu,
             parents=[ask])  # fmt: skip
    found = wrong_source(StepGraph(rec.finalize()), 1)
    assert found is not None and "called for 'juniors'" in found[1]


@pytest.mark.parametrize("said", ["in the final league table", "at home"])
def test_a_task_word_a_menu_shares_makes_no_section_a_choice(said: str) -> None:
    """The task says `table` or `home`, words of the menu, not names of a section: the
    `clubs` section of the page opened is still no other thing."""
    task = f"How many points did Feathers A score {said}? Number only."
    menu = "".join(f"* [{w.title()}]({_SITE}/{w})\n" for w in ("home", "tables", "clubs"))
    rec = TraceRecorder("t", input=task)
    ask = rec.step("search_agent", "task", f"visit_webpage('{_SITE}/clubs/feathers-a')",
                   kind="llm")  # fmt: skip
    rec.tool("visit_webpage", agent="search_agent", args=f"{_SITE}/clubs/feathers-a",
             output=f"{menu}Feathers A: 64 points.", parents=[ask])  # fmt: skip
    assert wrong_source(StepGraph(rec.finalize()), 1) is None


def test_the_pages_a_search_lists_on_other_sites_are_no_sections() -> None:
    """A search listed `/pellin-funicular`, a one-part path of another site: what it is
    about, not a section of the site the call read."""
    rec = TraceRecorder("t", input="How long is the Pellin Cable Car? Number only.")
    ask = rec.step("manager", "task", "web_search('Pellin Funicular length')", kind="llm")
    hits = "[Pellin Funicular](https://lifts.example.ch/pellin-funicular)\nThe Pellin Funicular"
    rec.tool("web_search", agent="manager", args="Pellin Funicular length", output=hits,
             parents=[ask])  # fmt: skip
    found = wrong_source(StepGraph(rec.finalize()), 1)
    assert found is not None and "called for 'funicular'" in found[1]


def test_a_page_a_search_listed_was_chosen_by_the_search() -> None:
    """The count came from a page opened from a search for `Lowther Valley`, where the task
    names `Lowther Vale`: the search chose. Before, the page's address named nothing."""
    rec = TraceRecorder("t", input="How many choirs sang at the Lowther Vale Festival in 2022?")
    ask = rec.step("searcher", "task", "web_search('Lowther Valley Festival choirs')", kind="llm")
    hits = rec.tool("web_search", agent="searcher", args="Lowther Valley Festival choirs",
                    output="[Past festivals - Lowther Valley Youth Festival]"
                    "(https://lvyf.org.uk/past)", parents=[ask])  # fmt: skip
    opens = rec.step("searcher", "hits", "visit_webpage('https://lvyf.org.uk/past')",
                     kind="llm", parents=[hits])  # fmt: skip
    rec.tool("visit_webpage", agent="searcher", args="https://lvyf.org.uk/past", parents=[opens],
             output="Lowther Valley Youth Festival: 27 choirs in 2022.")  # fmt: skip
    found = wrong_source(StepGraph(rec.finalize()), 3)
    assert found is not None and found[0] == 0
    assert "called for 'valley' that the task does not name" in found[1]


_OPERA = "In which year did Hedda Voss's opera 'The Lantern Keeper' premiere? Year only."


@pytest.mark.parametrize(
    ("query", "culprit"),
    [
        ("Hedda Voss opera premiere", 0),  # the title left out: the search chose
        ("Hedda Voss The Lantern Keeper premiere", 2),  # asked for it: the opener chose
        ("Lantern Keeper opera premiere", 2),  # the title without its article
    ],
)
def test_a_search_that_left_out_the_title_the_task_quotes_chose_the_page_it_listed(
    query: str, culprit: int
) -> None:
    """The search for the composer's opera, without the title it was handed, listed her other
    opera's page, which the searcher opened. Before, the call that opened it was blamed."""
    rec = TraceRecorder("t", input=_OPERA)
    ask = rec.step("searcher", _OPERA, f"web_search({query!r})", kind="llm")
    listing = "[The Salt Queen - an opera by Hedda Voss](https://wiki.example/salt)"
    hits = rec.tool("web_search", agent="searcher", args=query, output=listing, parents=[ask])
    opens = rec.step("searcher", "hits", "visit_webpage('https://wiki.example/salt')",
                     kind="llm", parents=[hits])  # fmt: skip
    rec.tool("visit_webpage", agent="searcher", args="https://wiki.example/salt", parents=[opens],
             output="The Salt Queen premiered in 1931.")  # fmt: skip
    trace = rec.finalize(final_output="1931")
    found = wrong_source(StepGraph(trace), 3)
    assert found is not None and found[0] == culprit
    if culprit == 0:
        assert "a search that left out the task's 'The Lantern Keeper'" in found[1]
        patches = patches_for(make_check("exact_match", value="1938"), trace)
        assert next(p.text for p in patches) == (
            '- Search for the task\'s "The Lantern Keeper" by name; you searched without it, '
            "and the page you opened was about another thing."
        )


def test_initials_are_looked_for_once_a_word_in_the_opening_of_the_task() -> None:
    """Hostile: a task of 200,000 capitals and a search of 2,000 words in capitals, each
    other. Before, every word of the search read the whole task again (minutes)."""
    rec = TraceRecorder("t", input="A " * 100_000)
    others = ("".join(chr(65 + n // 26**k % 26) for k in range(4)) for n in range(2_000))
    query = " ".join(["ABCD", *(f"AAAA{other}" for other in others)])
    ask = rec.step("searcher", "task", f"web_search('{query}')", kind="llm")
    rec.tool("web_search", agent="searcher", args=query, output=f"The {query} results.",
             parents=[ask])  # fmt: skip
    flagged = called_for(wrong_source(StepGraph(rec.finalize()), 1))
    assert flagged is not None and flagged.startswith("abcd aaaabaaa")  # `AAAAAAAA` spelt
