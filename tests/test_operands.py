"""A computed answer's operands, and what a call wrote itself (blame/engine/operands.py)."""

from __future__ import annotations

import pytest

from blame import TraceRecorder
from blame.engine import attribute, operands
from blame.engine.interpreter import written
from blame.engine.operands import _operands, looked_up_otherwise, misfiled
from blame.engine.rules import switched_off
from blame.graph import StepGraph
from blame.model import Check
from blame.results import Evaluation

CODE = "Thought: I convert.\n<code>\nkm = 216\nprint(km * 0.621371)\n</code>\nExecution logs:\n"


@pytest.mark.parametrize(
    ("output", "expected"),
    [
        (CODE + "134.216136", CODE.removesuffix("\nExecution logs:\n")),
        (
            "```py\nx = 2\n```\nprinted 4\n```py\ny = 3\n```\n9",
            "```py\nx = 2\n```\nprinted 4\n```py\ny = 3\n```",
        ),
        ("no code, 134.2", "no code, 134.2"),
        # a fence in what the code printed is no end of the code (before, it was kept)
        ("<code>\nprint(s)\n</code>\nlogs: ``` 134.2", "<code>\nprint(s)\n</code>"),
        ("<code>x = 1</code>", "<code>x = 1</code>"),  # nothing printed: all written
    ],
)
def test_what_a_call_wrote_itself_leaves_out_what_its_code_printed(
    output: str, expected: str
) -> None:
    assert written(output) == expected


FAILED = Evaluation(score=0.0, message="failed")


def blame_for(trace: StepGraph, value: str) -> str:
    check = Check(type="exact_match", name="exact_match", params={"value": value})
    top = attribute(check, FAILED, trace)[0]
    return f"{top.agent}@{top.step_index}: {top.reason}"


def test_a_gap_worked_out_from_a_year_stated_from_memory_is_the_stater() -> None:
    question = "How many years after its founding did the observatory's refractor see first light?"
    rec = TraceRecorder("t", input=question)
    ask = rec.step("Searcher", question, "visit_webpage(...)", kind="llm")
    page = rec.tool("visit_webpage", agent="Searcher", args="refractor", parents=[ask],
                    output="The refractor saw first light on 14 March 1891.")  # fmt: skip
    recalled = rec.step("Searcher", "first light on 14 March 1891.", "First light was 1891. "
                        "The observatory was founded in 1862, so that part is settled.",
                        kind="llm", parents=[page])  # fmt: skip
    rec.step("Searcher", "founded in 1862; 1891", "Founded in 1862, first light in 1891: 29 "
             "years after the founding.", kind="llm", parents=[recalled])  # fmt: skip
    flow = StepGraph(rec.finalize(final_output="29"))
    assert blame_for(flow, "23") == (
        "Searcher@2: '29' was computed by step 3 (Searcher) from '1862', which step 2 "
        "(Searcher) introduced: its output has it and neither its input nor the task did"
    )
    with switched_off("operand-prose"):
        assert blame_for(flow, "23").startswith("Searcher@3: ")


def test_code_that_handed_its_result_to_a_tool_computed_it() -> None:
    """No execution logs in the call's output: what `final_answer` returned is the result."""
    question = "By how many metres does the Orrin Firth Bridge's main span exceed Kelderwick's?"
    rec = TraceRecorder("t", input=question)
    plan = rec.step("Manager", question, "From memory: the Orrin Firth Bridge's main span is "
                    "1,104 m. Plan: ask for Kelderwick's.", kind="llm")  # fmt: skip
    page = rec.tool("web_search", agent="Manager", args="Kelderwick main span", parents=[plan],
                    output="Kelderwick Bridge: main span 862 m.")  # fmt: skip
    code = "<code>\norrin = 1104\nkelder = 862\nfinal_answer(str(orrin - kelder))\n</code>"
    wrote = rec.step("Manager", "main span 862 m; 1,104 m", code, kind="llm", parents=[page])
    rec.tool("final_answer", agent="Manager", args="242", output="242", parents=[wrote])
    found = blame_for(StepGraph(rec.finalize(final_output="242")), "284")
    assert found.startswith("Manager@0: '242' was computed by step 2 (Manager) from '1104', which")


def counted_from_memory(
    page: str, question: str = "How many O gauge layouts were on show at the 2025 exhibition?"
) -> StepGraph:
    """A search agent reads a club's page (`page`) and reports no count; the manager's
    updated plan then states one from memory, and the run answers it."""
    rec = TraceRecorder("t", input=question)
    ask = rec.step("search_agent", question, "visit_webpage(...)", kind="llm")
    read = rec.tool("visit_webpage", agent="search_agent", args="https://club.example.org",
                    output=page, parents=[ask])  # fmt: skip
    report = f"44 layouts on show; the split by gauge is not online. {page}"
    said = rec.step("search_agent", page, f"final_answer({report!r})", kind="llm", parents=[read])
    handed = rec.tool("final_answer", agent="search_agent", args=report, output=report,
                      parents=[said])  # fmt: skip
    plan = rec.step("manager", report, "## 2. Plan\n1. The O gauge hall holds nine layouts, "
                    "as at earlier shows: return 9.\n<end_plan>", kind="llm",
                    parents=[handed])  # fmt: skip
    wrote = rec.step("manager", "return 9", '<code>\nfinal_answer("9")\n</code>', kind="llm",
                     parents=[plan])  # fmt: skip
    rec.tool("final_answer", agent="manager", args="9", output="9", parents=[wrote])
    return StepGraph(rec.finalize(final_output="9"))


@pytest.mark.parametrize(
    "page",
    [
        "Open 8-9 March 2025, 44 layouts.",  # the day of a date is no count
        "44 layouts. Admission: adults \u00a39.",  # nor a price
        "44 layouts. Admission: adults $ 9.",
    ],
)
def test_a_count_stated_from_memory_is_not_found_in_a_date_or_a_price(page: str) -> None:
    """Before, the count `9` was found first in the page's date or price, and the search
    agent was blamed for a figure the manager's plan stated from nothing."""
    assert blame_for(counted_from_memory(page), "7").startswith("manager@4: ")


@pytest.mark.parametrize(
    ("stated", "code"),
    [
        # a plan states the year; the code that computes writes it beside a variable
        ("## 2. Plan\n1. The depot opened in 1899.\n<end_plan>", "print(museum - 1899)"),
        # the first call keeps the year in a variable; later code reads it
        (
            "<code>\nopened = 1899\nr = search_agent(task='museum year')\n</code>",
            "print(museum - opened)",
        ),
    ],
)
def test_one_figure_beside_variables_stated_from_nothing_is_the_staters(
    stated: str, code: str
) -> None:
    """Before, the call whose code computed `museum - 1899` was blamed: a calculation with
    one figure of its own said nothing of where that figure came from."""
    question = "How many years after its depot opened did the tram museum open? Number only."
    rec = TraceRecorder("t", input=question)
    first = rec.step("Manager", question, stated, kind="llm")
    page = rec.tool("web_search", agent="Manager", args="tram museum opened", parents=[first],
                    output="The museum opened on 12 September 1987.")  # fmt: skip
    ran = f"<code>\nmuseum = int(r[-4:])\n{code}\n</code>\nExecution logs:\n88"
    wrote = rec.step("Manager", "The museum opened on 12 September 1987.", ran, kind="llm",
                     parents=[page])  # fmt: skip
    rec.step("Manager", "88", "final_answer('88')", kind="llm", parents=[wrote])
    found = blame_for(StepGraph(rec.finalize(final_output="88")), "84")
    assert found.startswith("Manager@0: '88' was computed by step 2 (Manager) from '1899', which")


@pytest.mark.parametrize(
    ("assigned", "page", "blamed"),
    [
        # the record stated from memory, kept in a variable: its stater made it up
        ("record = 567", "96 worms. The record is 311 worms.", "Manager@0: '471' was computed"),
        # the record read off a page the call had: no figure made up
        ("record = 311", "96 worms. The record is 311 worms.", None),
    ],
)
def test_a_figure_earlier_code_assigned_from_nothing_is_the_assigners(
    assigned: str, page: str, blamed: str | None
) -> None:
    """Before, only a year earlier code assigned was traced back: the call that computed
    `record - won` from a made-up `record = 567` was blamed as if it had misread a page."""
    question = "By how many worms did the winners fall short of the record? Number only."
    rec = TraceRecorder("t", input=question)
    given = page if assigned.endswith("311") else question
    first = rec.step("Manager", given, f"<code>\n{assigned}\nprint(search('winners'))\n</code>",
                     kind="llm")  # fmt: skip
    found = rec.tool("search", agent="Manager", args="winners", output=page, parents=[first])
    wrong = 567 - 96 if assigned.endswith("567") else 311 - 96
    ran = f"<code>\nwon = int(r.split()[0])\nprint(record - won)\n</code>\nExecution logs:\n{wrong}"
    wrote = rec.step("Manager", page, ran, kind="llm", parents=[found])
    rec.step("Manager", str(wrong), f"final_answer('{wrong}')", kind="llm", parents=[wrote])
    said = blame_for(StepGraph(rec.finalize(final_output=str(wrong))), "200")
    if blamed is None:
        assert "introduced" not in said
    else:
        assert said.startswith(blamed)
        assert "from '567', which step 0 (Manager) introduced" in said


@pytest.mark.parametrize(
    "plan",
    [
        "## 2. Plan\n1. Read the length in metres.\n<end_plan>",
        "## 2. Plan\n1. Read the length in metres.\n2. Divide it by 1000 for km.\n<end_plan>",
    ],
)
def test_a_constant_beside_a_variable_leaves_the_blame_with_the_computing_code(plan: str) -> None:
    """`/ 1000` converts, whoever wrote 1000 first: the code that misread the length is
    blamed, not a plan that said to divide by 1000."""
    question = "How long is the canal in km? Number only."
    rec = TraceRecorder("t", input=question)
    planned = rec.step("Manager", question, plan, kind="llm")
    page = rec.tool("web_search", agent="Manager", args="canal length", parents=[planned],
                    output="The canal is 14,200 m long; its towpath is 14,300 m.")  # fmt: skip
    code = "metres = int(r.split()[-2])\nprint(metres / 1000)"
    ran = f"<code>\n{code}\n</code>\nExecution logs:\n14.3"
    wrote = rec.step("Manager", "The canal is 14,200 m long; its towpath is 14,300 m.", ran,
                     kind="llm", parents=[page])  # fmt: skip
    rec.step("Manager", "14.3", "final_answer('14.3')", kind="llm", parents=[wrote])
    found = blame_for(StepGraph(rec.finalize(final_output="14.3")), "14.2")
    assert not found.startswith("Manager@0: ")


def extended(thought: str) -> StepGraph:
    """A manager reads that a tram line was 9.8 km long and that the extension's page failed,
    then computes the new length in code after `thought`."""
    question = "How long is tram line 4 since its 2021 extension, in km? Number only."
    rec = TraceRecorder("t", input=question)
    ask = rec.step("Manager", question, "search_agent(task='line 4 length')", kind="llm")
    page = rec.tool("web_search", agent="Manager", args="Ostreva line 4 length", parents=[ask],
                    output="Line 4: 9.8 km. The extension's page returned 503.")  # fmt: skip
    code = f"{thought}\n<code>\nprint(round(9.8 + 2.5, 1))\n</code>\nExecution logs:\n12.3"
    wrote = rec.step("Manager", "Line 4: 9.8 km. The extension's page returned 503.", code,
                     kind="llm", parents=[page])  # fmt: skip
    rec.step("Manager", "12.3", "final_answer('12.3')", kind="llm", parents=[wrote])
    return StepGraph(rec.finalize(final_output="12.3"))


def test_a_figure_the_calculating_call_stated_itself_is_its_own() -> None:
    """Before, the page that gave the right 9.8 was blamed as a wrong source."""
    found = blame_for(
        extended("Four-stop extensions are usually about 2.5 km; I take 2.5 km."), "12.9"
    )
    assert found == (
        "Manager@2: '12.3' was computed by step 2 (Manager) from '2.5', which it stated in its "
        "own words: neither its input, the task nor any step before it had it"
    )


def test_a_figure_only_the_code_wrote_is_no_statement() -> None:
    found = blame_for(extended("I add the extension."), "12.9")
    assert "stated in its own words" not in found


def kept_in_a_variable(stated: str) -> StepGraph:
    """A code agent states a total in its first step and keeps it in a variable; a later
    step divides by it, its own code naming only the variable."""
    question = "What share of the reef lies in no-take zones? One decimal, then %."
    rec = TraceRecorder("t", input=question)
    code = "<code>\nreef_total_km2 = 1150\nzones = fetch_json('/zones')\n</code>"
    first = rec.step("analyst", question, f"Thought: {stated}\n{code}", kind="llm")
    page = rec.tool("fetch_json", agent="analyst", args="/zones", output="121.0\n96.5\n154.5",
                    parents=[first])  # fmt: skip
    ran = (
        "<code>\nshare = 100 * sum(zones) / reef_total_km2\nprint(round(share, 1))\n</code>\n"
        "Execution logs:\n32.3\n"
    )
    computed = rec.step("analyst", "121.0\n96.5\n154.5", ran, kind="llm", parents=[page])
    rec.step("analyst", "32.3", "final_answer('32.3%')", kind="llm", parents=[computed])
    return StepGraph(rec.finalize(final_output="32.3%"))


def test_a_figure_earlier_code_kept_in_a_variable_is_an_operand_of_the_code_that_reads_it() -> None:
    found = blame_for(kept_in_a_variable("The reef covers about 1,150 km2 in total."), "30.0%")
    assert found == (
        "analyst@0: '32.3%' was computed by step 2 (analyst) from '1150', which step 0 "
        "(analyst) introduced: its output has it and neither its input nor the task did"
    )


def two_lengths(second: str, besides: str = "") -> StepGraph:
    """A manager asks for two lengths in turn, the searcher reading each from a page, then
    computes the difference: the first page is Wikipedia's, the second asked in `second`
    (its results listing `besides` too)."""
    question = "How much longer is the Grauhorn Cable Car than the Pellin Cable Car?"
    rec = TraceRecorder("t", input=question)
    url = "https://en.wikipedia.org/wiki/Grauhorn_Cable_Car"
    ask = rec.step("manager", question, "search_agent('Grauhorn Cable Car length')", kind="llm")
    opens = rec.step("searcher", "Grauhorn", f"visit_webpage('{url}')", kind="llm",
                     parents=[ask])  # fmt: skip
    first = rec.tool("visit_webpage", agent="searcher", args=url, parents=[opens],
                     output="From Wikipedia. The Grauhorn Cable Car: Length 3,412 m.")  # fmt: skip
    again = rec.step("manager", "3,412 m", f"search_agent('{second} length')", kind="llm",
                     parents=[first])  # fmt: skip
    finds = rec.step("searcher", second, f"web_search('{second} length')", kind="llm",
                     parents=[again])  # fmt: skip
    other = rec.tool("web_search", agent="searcher", args=f"{second} length", parents=[finds],
                     output=f"The Pellin Funicular: length 1,180 m.{besides}")  # fmt: skip
    code = "<code>\nprint(3412 - 1180)\n</code>\nExecution logs:\n2232\n"
    done = rec.step("manager", f"3,412 m and 1,180 m.{besides}", code, kind="llm",
                    parents=[other])  # fmt: skip
    rec.step("manager", "2232", "final_answer('2232')", kind="llm", parents=[done])
    return StepGraph(rec.finalize(final_output="2232"))


def test_a_sites_name_in_an_address_chose_nothing() -> None:
    """Before, the Wikipedia page that gave the right 3,412 was blamed as a wrong source."""
    found = blame_for(two_lengths("Pellin Funicular"), "1367")
    assert found.startswith("manager@3: '2232' was computed by step 6 (manager) from '1180'")
    assert "called for 'funicular' that the task does not name" in found


def test_a_figure_looked_up_for_another_thing_is_the_askers_before_any_swap() -> None:
    """The results also list the cable car's 2,045 m, which in the place of 1,180 gives the
    right 1,367: the computing call had it, but the lookup that gave 1,180 was asked about
    the funicular. Before, the computing call was blamed first."""
    found = blame_for(two_lengths("Pellin Funicular", " The Pellin Cable Car: 2,045 m."), "1367")
    assert found.startswith("manager@3: '2232' was computed by step 6 (manager) from '1180'")
    assert "called for 'funicular' that the task does not name" in found


@pytest.mark.parametrize(
    ("code", "operands"),
    [
        ('fetch_json("/plots?date=2024-03-01&page=1")', ["1"]),  # a date's parts are no figures
        ('fetch_json("/usage/stenbury?month=2024-06")', []),
        ("cast = '14/03/1911'; at = '10:30'; plot = 'GH-07'", []),
        ("share = 100 * part / 7 - 1", ["100", "7", "1"]),  # division and subtraction stay
        ("n - 1 + total/2", ["1", "2"]),
    ],
)
def test_the_operands_of_a_calculation(code: str, operands: list[str]) -> None:
    assert _operands(code) == operands


def relabelled(reported: str) -> StepGraph:
    """A searcher opens a falls' page of two heights and reports one of them; the manager
    computes the ratio to another falls' height in code."""
    question = "How many times higher is Angel Falls than Horseshoe Falls? Whole number."
    rec = TraceRecorder("t", input=question)
    ask = rec.step("Searcher", question, "visit_page('angel-falls')", kind="llm")
    page = rec.tool("visit_page", agent="Searcher", args="angel-falls", parents=[ask],
                    output="# Angel Falls\n| Longest single drop | 807 m |\n"
                    "| Total height | 979 m |")  # fmt: skip
    report = rec.step("Searcher", "| Longest single drop | 807 m |\n| Total height | 979 m |",
                      reported, kind="llm", parents=[page])  # fmt: skip
    code = "<code>\nangel = 807\nhorseshoe = 57\nprint(round(angel / horseshoe))\n</code>"
    wrote = rec.step("Manager", f"{reported}\nHorseshoe Falls: 57 m", f"{code}\n14", kind="llm",
                     parents=[report])  # fmt: skip
    rec.step("Manager", "14", "final_answer('14')", kind="llm", parents=[wrote])
    return StepGraph(rec.finalize(final_output="14"))


@pytest.mark.parametrize(
    ("reported", "blamed"),
    [
        ("Total height: 807 m.", "Searcher@2"),  # another row's label: a misread
        ("Total height 807 m", "Searcher@2"),
        ("Longest single drop: 807 m.", "Manager@3"),  # its own row: the manager chose it
        ("Angel Falls is 807 m high.", "Manager@3"),  # no label of the page's
    ],
)
def test_a_figure_written_under_another_rows_label_was_misread_there(
    reported: str, blamed: str
) -> None:
    """Before, the manager that computed with the figure was blamed for a row its searcher
    had read wrong: the page gives `Total height` to 979 m."""
    found = blame_for(relabelled(reported), "17")
    assert found.startswith(f"{blamed}: ")
    if blamed == "Searcher@2":
        assert found.endswith(
            "step 2 (Searcher) wrote it under 'Total height', the label the page gives '979': "
            "it read the wrong row"
        )


FALLS = "| Longest single drop | 807 m |\n| Total height | 979 m |"


@pytest.mark.parametrize(
    ("said", "found"),
    [
        ("Total height: 807 m.", ("807", "Total height", "979")),
        ("Longest single drop: 807 m; total height: 979 m.", None),  # each under its own
        ("It is 807 m high.", None),  # under no label of the page's
        ("Total: 807 m.", ("807", "Total height", "979")),  # part of the other label
        ("Total height: 1,000 m.", None),  # a figure the page does not have
    ],
)
def test_a_figure_under_another_rows_label_is_misfiled(
    said: str, found: tuple[str, str, str] | None
) -> None:
    assert misfiled(said, FALLS) == found


@pytest.mark.parametrize(
    ("said", "source"),
    [
        ("Population: 14,382", "Population (2020 census): 14,382\nArea: 48 km2"),
        ("Seats: 280", "| Seats (1968) | 280 |\n| Seats (2009) | 212 |"),
        ("Seats: 280", "280 seats opened the dome; Seats today: 212"),  # 280 under no label
    ],
)
def test_a_year_in_a_label_is_no_row_of_its_own(said: str, source: str) -> None:
    """Before, `Population (2020 census): 14,382` made `Population` the label of `2020`, and a
    faithful report was told it had written 14,382 under the year's label."""
    assert misfiled(said, source) is None


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("see src/piste/bouts.py.", ["src/piste/bouts.py"]),  # a sentence's end
        ("pkg/file.tar.gz and data/song.mp3", ["pkg/file.tar.gz", "data/song.mp3"]),
        ("TCP/IP.This and/or.The km/h.Next", []),  # prose: no lower-case extension
        ("https://ex.org/a/b.pdf", ["https://ex.org/a/b.pdf"]),  # one address, not two
    ],
)
def test_where_a_search_result_can_be_opened(text: str, found: list[str]) -> None:
    """Before, `and/or.The` was a file's path, so a page with one web address and it
    counted as a list of two results."""
    assert [m.group(0) for m in operands._url().finditer(text)] == found


@pytest.mark.parametrize(
    ("task", "asker"),
    [
        ("How much longer is the Grauhorn Cable Car than the Pellin Cable Car?", 0),
        # the task states the figure itself: no lookup chose it (found in review)
        ("The Pellin Cable Car is 1,180 m long. How much longer is the Grauhorn one?", None),
    ],
)
def test_a_figure_looked_up_about_another_thing_is_the_askers(task: str, asker: int | None) -> None:
    rec = TraceRecorder("t", input=task)
    ask = rec.step("manager", task, "web_search('Pellin Funicular length')", kind="llm")
    page = rec.tool("web_search", agent="manager", args="Pellin Funicular length",
                    output="The Pellin Funicular: length 1,180 m.", parents=[ask])  # fmt: skip
    code = "<code>\nprint(3412 - 1180)\n</code>\nExecution logs:\n2232\n"
    rec.step("manager", "1,180 m", code, kind="llm", parents=[page])
    found = looked_up_otherwise(StepGraph(rec.finalize()), 2, "1180")
    assert (None if found is None else found.step) == asker
