"""What a code agent's call wrote and ran (blame/engine/interpreter.py)."""

from __future__ import annotations

import pytest

from blame import TraceRecorder
from blame.engine.chosen import as_stated
from blame.engine.interpreter import (
    assigned_by,
    carried,
    in_reach,
    printed_alone,
    prose,
    redid,
    redone,
    spoken,
)
from blame.engine.matching import literal
from blame.graph import StepGraph
from blame.model import Trace
from blame.testing import make_check, run_check


def calls(*codes: str) -> StepGraph:
    """One agent's LLM calls, each writing one code block, and another agent's call."""
    rec = TraceRecorder("t", input="task")
    for code in codes:
        rec.step("analyst", "task", f"<code>\n{code}\n</code>", kind="llm")
    rec.step("other", "task", "<code>\ntotal = 99\n</code>", kind="llm")
    return StepGraph(rec.finalize())


@pytest.mark.parametrize(
    ("earlier", "code", "expected"),
    [
        ("total = 1150", "share = 100 * part / total", ["1150"]),
        ("total = 1_150.5  # km2", "print(part / total)", ["1150.5"]),
        ("total = 1150\ntotal = 1240", "print(part / total)", ["1240"]),
        ("total = 1150", "total = 1240\nprint(part / total)", []),
        ("total = 1150", "print(part / totals)", []),
        ("total = base + 1150", "print(part / total)", []),
        ("total = -12", "print(part * total)", ["-12"]),
        ("if total == 1150:\n    pass", "print(part / total)", []),
    ],
)
def test_what_earlier_code_left_in_the_variables_a_call_reads(
    earlier: str, code: str, expected: list[str]
) -> None:
    flow = calls(earlier, code)
    assert carried(flow, 1, code) == expected


def test_another_agents_variables_are_not_its_own() -> None:
    flow = calls("print(1)", "print(part / total)")
    assert carried(flow, 1, "print(part / total)") == []


@pytest.mark.parametrize(
    ("earlier", "code", "expected"),
    [
        ('viable = [a for a in rows if a["viable"]]', "final_answer(str(len(viable)))", "viable"),
        ("total = sum(parts)\ntotal = round(total, 1)", "final_answer(total)", "total"),
        ("total = 1150", "final_answer(total)", None),  # a literal: `carried` reads it
        ("other = sum(parts)", "final_answer(total)", None),
        ("total = sum(parts)", "total = 3\nfinal_answer(total)", None),  # assigned here
    ],
)
def test_the_call_whose_code_computed_what_a_later_call_hands_on(
    earlier: str, code: str, expected: str | None
) -> None:
    flow = calls(earlier, code)
    assert assigned_by(flow, 1) == (None if expected is None else (0, expected))


def failed_then(
    failed: str, fixed: str, *, raised: bool = True, error: str | None = None
) -> StepGraph:
    """A call whose code raised (or, `raised` False, ran), then the agent's next call."""
    rec = TraceRecorder("t", input="task")
    error = error or ("InterpreterError: Import of numpy is not allowed" if raised else None)
    first = rec.step("analyst", "task", f"<code>\n{failed}\n</code>", kind="llm", error=error)
    rec.step("analyst", "task", f"<code>\n{fixed}\n</code>\nExecution logs:\n2", kind="llm",
             parents=[first])  # fmt: skip
    return StepGraph(rec.finalize())


@pytest.mark.parametrize(
    ("failed", "fixed", "raised", "was_redone", "redid_it"),
    [
        # the retry dropped the line that raised: the failed call decided what it computes
        ("import numpy as np\na = 1584\nb = 1586\nprint(b - a)",
         "a = 1584\nb = 1586\nprint(b - a)", True, True, True),
        # the retry fixed the format and wrote something new: that is its own
        ('cast = strptime(raw, "%d %b %Y")', 'cast = strptime(raw, "%d %B %Y")\n'
         'answer = cast.strftime("%d/%m/%Y")', True, True, False),
        # a next call that assigns none of the failed code's variables went on
        ("import numpy as np\na = 1584", "final_answer('2')", True, False, False),
        # `redid` asks that the earlier call raised; `redone` is asked only of one that did
        ("a = 1584\nb = 1586", "a = 1584", False, True, False),
    ],
    ids=["dropped-the-import", "fixed-the-format", "went-on", "nothing-raised"],
)  # fmt: skip
def test_a_call_whose_code_raised_and_the_next_call_that_ran_it_again(
    failed: str, fixed: str, raised: bool, was_redone: bool, redid_it: bool
) -> None:
    flow = failed_then(failed, fixed, raised=raised)
    assert redone(flow, 0) is was_redone
    assert redid(flow, 1) == (0 if redid_it else None)


_RAISED = (
    "smolagents.utils.AgentExecutionError: Code execution failed at line "
    "'{line}' due to: ValueError: invalid literal for int() with base 10: '<10'"
)


@pytest.mark.parametrize(
    ("line", "fixed", "was_redone"),
    [
        # the line that raised, mended: the next call read the error
        ('print(max(int(s["e_coli"]) for s in samples))',
         'def count(v):\n    return int(str(v).lstrip("<"))\n\n'
         'print(max(count(s["e_coli"]) for s in samples))', True),
        # another line, sharing less than two thirds of its names: it went on
        ('print(max(int(s["e_coli"]) for s in samples))', "final_answer(str(max(found)))", False),
        # a line of one name is any code's: no evidence
        ("print(total)", "print(total)", False),
        # no line quoted: only the variables tell
        ("", 'print(max(count(s["e_coli"]) for s in samples))', False),
        # an assignment that raised, its variable used as if it had run: it went on
        ('best = max(int(s["e_coli"]) for s in samples)',
         'print(f"Highest e_coli count: {best} across {len(samples)} samples")', False),
        # a loop's one-letter names and a string's prefix are no evidence
        ('print(f"{s}: {t}")', 'print(f"{s} {t}")', False),
        ('print(fr"{s}: {t}")', 'print(fr"{s} {t}")', False),
        # assignments of any form, their results used as if they had run
        ('row["e_coli"] = int(row["e_coli_raw"])', 'print(row["e_coli"], row["e_coli_raw"])',
         False),
        ("lo, hi = parse_range(text)", "print(lo, hi, parse_range)", False),
        ("best: int = max(samples)", "print(best, max(samples))", False),
        ("stats.best = max(samples)", "print(stats.best, samples)", False),
        ("total += count(samples)", "print(total, count(samples))", False),
        # a call with a keyword argument assigns nothing: mended, it was redone
        ("print(summary(samples, unit='cfu'))", "print(summary(samples, unit='cfu/100ml'))",
         True),
    ],
    ids=["line-mended", "went-on", "one-name", "no-line-quoted", "assignment-used",
         "one-letter-names", "two-letter-prefix", "item-assigned", "tuple-assigned",
         "annotated", "attribute-assigned", "augmented", "keyword-argument"],
)  # fmt: skip
def test_a_call_that_wrote_again_the_line_its_error_says_raised(
    line: str, fixed: str, was_redone: bool
) -> None:
    code = f"samples = fetch()\n{line or 'x = 1'}"
    error = _RAISED.format(line=line) if line else "ValueError: invalid literal"
    flow = failed_then(code, fixed, error=error)
    assert redone(flow, 0) is was_redone


def test_a_hostile_error_is_read_in_linear_time() -> None:
    error = "failed at line '" + "x" * 400 + "' " * 50_000
    flow = failed_then("samples = fetch()", "other = 1", error=error)
    assert redone(flow, 0) is False


def extracted_from_a_report(retried: bool = False) -> Trace:
    """A manager's code reads the count out of its sub-agent's report with a regex, and its
    next call hands the variable on; the sub-agent had read the count off a page. Or
    (`retried`) its first code forgot to import `re` and failed, and the next call ran it."""
    rec = TraceRecorder("t", input="How many choirs took part in the 2022 Vale Festival?")
    code = '<code>\nreport = search_agent(task="Find how many choirs took part in 2022.")\n</code>'
    ask = rec.step("manager", "task", code, kind="llm")
    opens = rec.step("searcher", "choirs 2022", 'visit("vale/past")', kind="llm", parents=[ask])
    page = rec.tool("visit", agent="searcher", args="vale/past", parents=[opens],
                    output="| 2022 | 27 choirs | 812 singers |")  # fmt: skip
    said = rec.step("searcher", "| 2022 | 27 choirs |", "27 choirs took part in 2022.",
                    kind="llm", parents=[page])  # fmt: skip
    run = rec.step("searcher", "choirs 2022", "27 choirs took part in 2022.",
                   parents=[ask, opens, page, said])  # fmt: skip
    read = (
        '<code>\nn = re.search(r"(\\d+) choirs", report).group(1)\nprint(n)\n</code>\n'
        "Execution logs:\n27"
    )
    out = run
    if retried:
        failed = "InterpreterError: `re` is not defined"
        out = rec.step("manager", "27 choirs took part in 2022.", read.split("Execution")[0],
                       kind="llm", parents=[run], error=failed)  # fmt: skip
    out = rec.step("manager", "27 choirs took part in 2022.", read, kind="llm", parents=[out])
    last = rec.step("manager", "27", "<code>\nfinal_answer(n)\n</code>", kind="llm",
                    parents=[out])  # fmt: skip
    done = rec.tool("final_answer", agent="manager", args="27", output="27", parents=[last])
    rec.step("manager", "task", "27", parents=[ask, run, out, last, done])
    return rec.finalize()


@pytest.mark.parametrize("retried", [False, True])
def test_code_that_read_a_figure_out_of_another_agents_report_computed_nothing(
    retried: bool,
) -> None:
    """Before, the manager's regex was blamed as if it had worked the count out (and, after
    a failed first try, the report reached the call through that try only)."""
    top = run_check(make_check("exact_match", value="19"), extracted_from_a_report(retried))
    assert top.blame[0].agent == "searcher"
    assert all("computed 'n'" not in s.reason for s in top.blame)


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("row = report.splitlines()[3]", ""),
        ('area = data["area"]  # in km2', '"area"\n# in km2'),
        ("print(f'{total} ha')", "'{total} ha'"),
        ('label = """fee"""', '""\n"fee"\n""'),
        ("# it's the fee", "# it's the fee"),
        ('quote = "it\'s"', '"it\'s"'),
    ],
)
def test_code_says_in_words_only_its_strings_and_comments(code: str, said: str) -> None:
    assert spoken(code) == said


RAN = "<code>\nprint(x)\n</code>\nExecution logs:\n"


@pytest.mark.parametrize(
    ("output", "value", "alone"),
    [
        (RAN + "0.21\nLast output from code snippet:\nNone", "0.21", True),
        (RAN + "'Bramble'", "Bramble", True),  # quotes aside
        (RAN + "name : Bramble\nborn : 2009", "Bramble", False),  # among a record's fields
        (RAN + "0.21 3.18", "0.21", False),
        ("The first is 0.21.\n<code>\nprint(x)\n</code>", "0.21", False),  # printed nothing
        (RAN + "10.21", "0.21", False),  # a figure stated whole
    ],
)
def test_what_code_printed_alone_on_a_line(output: str, value: str, alone: bool) -> None:
    rec = TraceRecorder("t", input="task")
    rec.step("A", "task", output, kind="llm")
    flow = StepGraph(rec.finalize())
    assert printed_alone(flow, output, as_stated(literal(value))) is alone


@pytest.mark.parametrize(
    ("output", "words"),
    [
        # its words on either side of the code, apart, not what the code printed
        ("Thought: 5 left.<code>\nx = 3\n</code>\nExecution logs:\n9", "Thought: 5 left.\n"),
        ("Thought: 5<code>\nx = 3\n</code>3 more<code>\ny\n</code>", "Thought: 5\n3 more\n"),
        ("The answer is 22.", "The answer is 22."),  # a call that wrote no code: all its own
        ("<code>\nfinal_answer('22')\n</code>", "\n"),
    ],
)
def test_a_calls_own_words(output: str, words: str) -> None:
    """Before, callers joined the pieces with nothing between (`5` and `3` read as `53`)."""
    assert prose(output) == words


@pytest.mark.parametrize(
    ("fetcher", "seen", "value", "reach"),
    [
        ("analyst", "task", "120.00", True),  # its agent's tool returned it: its code reads it
        ("other", "task", "120.00", False),  # another agent's tool: not its variables
        ("other", "the rows: 120.00 and 7", "120.00", True),  # its input has it
        ("analyst", "task", "7", False),  # `"stile": 7` in a listing: there by chance
        ("other", "the rows: 120.00 and 7", "7", True),
    ],
)
def test_what_a_calls_code_can_read(fetcher: str, seen: str, value: str, reach: bool) -> None:
    rec = TraceRecorder("t", input="task")
    ask = rec.step(fetcher, "task", "<code>\ndata = fetch_json('/tickets')\n</code>", kind="llm")
    rows = '{"price": "120.00", "stile": 7}'
    tool = rec.tool("fetch_json", agent=fetcher, args="/tickets", output=rows, parents=[ask])
    rec.step("analyst", seen, "<code>\nprint(data)\n</code>", kind="llm", parents=[tool])
    assert in_reach(StepGraph(rec.finalize()), literal(value), 2, value) is reach


def test_code_unsaid_keeps_what_it_computes_with() -> None:
    from blame.engine.interpreter import unsaid

    code = 'data = visit_webpage("/results/2023")  # 3 pages\ntotal = pies + 3'
    assert "2023" not in unsaid(code) and "# 3" not in unsaid(code)
    assert "pies + 3" in unsaid(code)
