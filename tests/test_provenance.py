"""Where the final answer first appeared (blame/engine/provenance.py): the values it gives,
and the calls upstream whose errors were, or were not, got over."""

from __future__ import annotations

import pytest

from blame import TraceRecorder
from blame.engine.provenance import again, owned_up
from blame.model import Step, Trace
from blame.testing import make_check, run_check


def parsed_the_date(fixed: str) -> Trace:
    """A code agent reads a page, its code raises on the date, and its next call parses it
    again (`fixed`: that call's code) and prints it; the last call hands it on."""
    task = "On what date was the bell cast? Answer in ISO format, YYYY-MM-DD."
    page = "Old Marcus was cast on 14 March 1911 (ledger, fol. 212)."
    rec = TraceRecorder("t", input=task)
    ask = rec.step("coder", task, '<code>\npage = visit("bells/old-marcus")\n</code>', kind="llm")
    read = rec.tool("visit", agent="coder", args="bells/old-marcus", output=page, parents=[ask])
    failed = rec.step(
        "coder",
        f"{task}\n{page}",
        '<code>\ncast = datetime.strptime("14 March 1911", "%d %b %Y")\n</code>',
        kind="llm",
        error="ValueError: time data '14 March 1911' does not match format '%d %b %Y'",
        parents=[read],
    )
    logs = "14/03/1911" if "strftime" in fixed else "1911-03-14 00:00:00"
    again = rec.step("coder", f"{task}\n{page}\nError: ValueError", f"<code>\n{fixed}\n</code>"
                     f"\nExecution logs:\n{logs}", kind="llm", parents=[failed])  # fmt: skip
    last = rec.step("coder", f"{task}\n{logs}", "<code>\nfinal_answer(answer)\n</code>",
                    kind="llm", parents=[again])  # fmt: skip
    answered = rec.tool("final_answer", agent="coder", args=logs, output=logs, parents=[last])
    rec.step("coder", task, logs, parents=[ask, read, failed, again, last, answered])  # the run
    return rec.finalize()


def test_a_code_error_the_next_call_fixed_is_no_error_ignored() -> None:
    fixed = (
        'cast = datetime.strptime("14 March 1911", "%d %B %Y")\n'
        'answer = cast.strftime("%d/%m/%Y")\nprint(answer)'
    )
    top = run_check(make_check("regex", value=r"^\d{4}-\d{2}-\d{2}$"), parsed_the_date(fixed))
    assert (top.blame[0].agent, top.blame[0].step_index) == ("coder", 3)
    assert "the final answer '14/03/1911' first appeared in step 3 (coder)" in top.blame[0].reason


def code_retried(task: str, failed: str, fixed: str, printed: str) -> Trace:
    """A call whose code raised on an import, the agent's next call with `fixed` code that
    printed `printed`, and a last call that hands it on."""
    rec = TraceRecorder("t", input=task)
    first = rec.step("lead", task, f"<code>\n{failed}\n</code>", kind="llm",
                     error="InterpreterError: Import of numpy is not allowed")  # fmt: skip
    again = rec.step("lead", f"{task}\nError", f"<code>\n{fixed}\n</code>\nExecution logs:\n"
                     f"{printed}", kind="llm", parents=[first])  # fmt: skip
    last = rec.step("lead", f"{task}\n{printed}", f"<code>\nfinal_answer({printed!r})\n</code>",
                    kind="llm", parents=[again])  # fmt: skip
    answered = rec.tool("final_answer", agent="lead", args=printed, output=printed, parents=[last])
    rec.step("lead", task, printed, parents=[first, again, last, answered])  # the agent's run
    return rec.finalize()


@pytest.mark.parametrize(
    ("fixed", "culprit", "said"),
    [
        # the retry only dropped the import: the call that raised wrote what it computes
        (
            "path = 'mdtable/lexer.py'\nprint(f'{path}::split_cells')",
            0,
            "first appeared in step 1 (lead), whose code is step 0 (lead)'s without the line "
            "that raised",
        ),
        # the retry wrote a line of its own: what it printed is its own
        (
            "path = 'mdtable/lexer.py'\nname = 'split_cells'\nprint(f'{path}::{name}')",
            1,
            "first appeared in step 1 (lead)",
        ),
    ],
    ids=["dropped-the-import", "new-line"],
)
def test_a_retry_that_only_dropped_what_raised_decided_nothing(
    fixed: str, culprit: int, said: str
) -> None:
    failed = "import numpy as np\npath = 'mdtable/lexer.py'\nprint(f'{path}::split_cells')"
    trace = code_retried("Where is split_cells defined? Path::name.", failed, fixed,
                         "mdtable/lexer.py::split_cells")  # fmt: skip
    # the path alone: the whole answer's origin, not where its one wrong part came from
    top = run_check(make_check("contains", value="mdtable/parser.py"), trace)
    assert top.blame[0].step_index == culprit
    assert said in top.blame[0].reason


def one_digit_gap(code: str) -> Trace:
    """A searcher writes the year a press printed its first book as its founding year; the
    lead computes the gap in code (`code`), then returns it: a one-digit answer."""
    question = "How many years after Cambridge University Press was Oxford's founded?"
    rec = TraceRecorder("t", input=question)
    ask = rec.step("searcher", question, "visit_page('cambridge')", kind="llm")
    page = "| First book printed | 1584 |\n| Founded | 1534 |"
    read = rec.tool("visit_page", agent="searcher", args="cambridge", output=page,
                    parents=[ask])  # fmt: skip
    report = rec.step("searcher", page, "Founded: 1584. Oxford: founded 1586.", kind="llm",
                      parents=[read])  # fmt: skip
    gap = rec.step("lead", "Founded: 1584. Oxford: founded 1586.", code, kind="llm",
                   parents=[report])  # fmt: skip
    last = rec.step("lead", code, "<code>\nfinal_answer('2')\n</code>", kind="llm",
                    parents=[gap])  # fmt: skip
    rec.tool("final_answer", agent="lead", args="2", output="2", parents=[last])
    return rec.finalize(final_output="2")


@pytest.mark.parametrize(
    ("code", "blamed"),
    [
        # computed from the misread year: the searcher that read the wrong row
        ("<code>\nprint(1586 - 1584)\n</code>\nExecution logs:\n2", ("searcher", 2)),
        # nothing computed it: no trace of a digit as common as `2`
        ("I count two years.", ("lead", 4)),
    ],
)
def test_a_one_digit_answer_is_traced_by_what_computed_it(
    code: str, blamed: tuple[str, int]
) -> None:
    """Before, a one-digit answer was never traced: the lead that returned it was blamed for
    the gap its code computed from a misread year."""
    top = run_check(make_check("contains", value="52"), one_digit_gap(code)).blame[0]
    assert (top.agent, top.step_index) == blamed


def test_a_one_digit_in_a_tools_output_computed_nothing() -> None:
    """A search's `page 2 of 9`, called with both years, is no calculation of the answer 2:
    the lead that answered is blamed, not the search."""
    question = "How many years after Cambridge University Press was Oxford's founded?"
    rec = TraceRecorder("t", input=question)
    ask = rec.step("lead", question, "web_search('oxford 1586 cambridge 1584 gap')", kind="llm")
    found = rec.tool("web_search", agent="lead", args="oxford 1586 cambridge 1584 gap",
                     output="Results: page 2 of 9", parents=[ask])  # fmt: skip
    last = rec.step("lead", "page 2 of 9", "<code>\nfinal_answer('2')\n</code>", kind="llm",
                    parents=[found])  # fmt: skip
    rec.tool("final_answer", agent="lead", args="2", output="2", parents=[last])
    top = run_check(make_check("contains", value="52"), rec.finalize(final_output="2")).blame[0]
    assert "was computed by" not in top.reason


def _call(name: str, args: str, error: str | None = None) -> Step:
    rec = TraceRecorder("t", input="q")
    rec.tool(name, agent="A", args=args, output="" if error else "ok", error=error)
    return rec.finalize().steps[0]


@pytest.mark.parametrize(
    ("failed", "then", "again_"),
    [
        (("visit_webpage", "https://guild.example/register"),
         ("visit_webpage", "https://guild.example/register"), True),  # reloaded
        (("web_search", "Marches guild thatchers register"),
         ("web_search", "thatchers register Marches guild count"), True),  # reworded
        (("read_file", "loftclock/velocity.py"),
         ("read_file", "src/loftclock/velocity.py"), True),  # the path mended
        (("visit_webpage", "https://guild.example/register"),
         ("visit_webpage", "https://echo.example/news/2019/thatchers"), False),  # another page
        (("visit_webpage", '{"url": "https://www.guild.org.uk/register"}'),
         ("visit_webpage", '{"url": "https://www.guild.org.uk/news/2019"}'), False),  # same site
        (("visit_webpage", "https://guild.example/register"),
         ("web_search", "https://guild.example/register"), False),  # another tool
        # the next page or item is no call asked again (before, single digits were no words)
        (("fetch_json", "/pools/MLB-MAIN/occupancy?date=2025-02-08&page=2"),
         ("fetch_json", "/pools/MLB-MAIN/occupancy?date=2025-02-08&page=3"), False),
        (("fetch_json", "/pools/main/occupancy?date=2025-02-08"),
         ("fetch_json", "/pools/MLB-MAIN/occupancy?date=2025-02-08&page=1"), True),  # mended
        (("fetch_json", '{"url": "/items", "offset": 50}'),
         ("fetch_json", '{"url": "/items", "offset": 100}'), False),  # the next page
        (("visit_webpage", "https://x.example/news/page/2/"),
         ("visit_webpage", "https://x.example/news/page/3/"), False),
        # another number than a page's asks again: a retry, an id mended
        (("fetch_json", '{"url": "/occupancy", "attempt": 1}'),
         ("fetch_json", '{"url": "/occupancy", "attempt": 2}'), True),
        (("fetch_json", "/pools/7731/occupancy"),
         ("fetch_json", "/pools/7713/occupancy"), True),
        (("web_search", "Tarn race results 2023"),
         ("web_search", "Tarn race results 2024"), True),
    ],
)  # fmt: skip
def test_a_call_again_asks_what_the_failed_one_asked(
    failed: tuple[str, str], then: tuple[str, str], again_: bool
) -> None:
    assert again(_call(*failed, error="RuntimeError: 503"))(_call(*then)) is again_


@pytest.mark.parametrize(
    ("said", "owned"),
    [
        ("The blog link is dead (404). I'll go to the official profile instead.", True),
        ("That page failed; I try the article.", True),
        ("The register loaded; for the total I read the article.", False),
        ("Page 4040 of the archive next.", False),  # a figure, not the status
        # a call that opens by denying owned up (before, only words of failure did)
        ("Thought: Not at that path. I look for the assignment itself.", True),
        ("No need to retry; the register gives 450.", False),  # a denial of nothing looked for
        ("Not sure what happened; I read the article.", False),
        ("Thought: Nothing there, so I read the article.", True),
        ("Thought: the page is not the register; I read the article.", False),  # not opening
        ("Notes first: I read the article.", False),  # a word that starts so
    ],
)
def test_a_reader_owns_up_to_an_error_in_words_or_by_its_status(said: str, owned: bool) -> None:
    failed = _call("visit_webpage", "https://x.example/", error="404 Not Found: https://x/")
    assert owned_up(said, failed) is owned


def answered_from_convention(reader_said: str) -> Trace:
    """A code agent's file read fails; its next call says so (or not) and searches; the
    search finds nothing; its last call answers from convention."""
    task = "What K-factor does the package apply to junior players? Number only."
    rec = TraceRecorder("t", input=task)
    ask = rec.step(
        "coder", task, '<code>\nprint(read_file("dc/constants.py"))\n</code>', kind="llm"
    )
    failed = rec.tool("read_file", agent="coder", args="dc/constants.py", parents=[ask],
                      error="FileNotFoundError: No such file in repository")  # fmt: skip
    code = '<code>\nprint(search_code("K_JUNIOR = "))\n</code>'
    reader = rec.step("coder", "No such file", f"{reader_said}\n{code}", kind="llm",
                      parents=[failed])  # fmt: skip
    found = rec.tool("search_code", agent="coder", args="K_JUNIOR = ", output='{"total": 0}',
                     parents=[reader])  # fmt: skip
    said = "Thought: juniors usually get a K-factor of 40.\n<code>\nfinal_answer('40')\n</code>"
    rec.step("coder", '{"total": 0}', said, kind="llm", parents=[found])
    return rec.finalize(final_output="40")


@pytest.mark.parametrize(
    ("reader_said", "went_on"),
    [
        ("Thought: I look for the assignment itself.", True),
        ("Thought: Not at that path. I look for the assignment itself.", False),
    ],
)
def test_a_reader_that_denied_is_not_said_to_go_on_as_if_the_call_had_worked(
    reader_said: str, went_on: bool
) -> None:
    """Before, a reader that opened `Not at that path.` was said to have gone on as if the
    read had succeeded."""
    suspects = run_check(
        make_check("exact_match", value="24"), answered_from_convention(reader_said)
    )
    going_on = ("said nothing failed", "as if it had succeeded")
    said = [s.reason for s in suspects.blame if any(words in s.reason for words in going_on)]
    assert bool(said) is went_on
    assert suspects.blame[0].step_index == (2 if went_on else 4)


def paged_in_code(mended: bool) -> Trace:
    """A code agent's first fetch names the pool wrongly (400); it lists the pools, then its
    code fetches three pages of readings, the second of which fails (503) and is printed
    and passed over; its next call answers with the peak of the pages it got. Unless
    `mended`, its code never came back to the occupancy it first asked for."""
    task = "What was the main pool's highest hourly occupancy on 8 February? Number only."
    rec = TraceRecorder("t", input=task)
    first = rec.step("analyst", task, '<code>\nfetch_json("/pools/main/occupancy")\n</code>',
                     kind="llm")  # fmt: skip
    unknown = "ValueError: API error 400: unknown endpoint"
    wrong = rec.tool("fetch_json", agent="analyst", args="/pools/main/occupancy", error=unknown,
                     parents=[first])  # fmt: skip
    listed = rec.step("analyst", "400", '<code>\nprint(fetch_json("/pools"))\n</code>',
                      kind="llm", parents=[wrong])  # fmt: skip
    pools = rec.tool("fetch_json", agent="analyst", args="/pools", output='{"id": "MLB-MAIN"}',
                     parents=[listed])  # fmt: skip
    path = "/pools/MLB-MAIN/occupancy" if mended else "/lanes/MLB-MAIN"
    code = f'<code>\nfor page in range(1, 4):\n    fetch_json(f"{path}?page={{page}}")\n</code>'
    paging = rec.step("analyst", "MLB-MAIN", code, kind="llm", parents=[pools])
    one = rec.tool("fetch_json", agent="analyst", args=f"{path}?page=1",
                   output='{"09:00": 82, "10:00": 57}', parents=[paging])  # fmt: skip
    two = rec.tool("fetch_json", agent="analyst", args=f"{path}?page=2",
                   error="RuntimeError: 503 Service Unavailable", parents=[one])  # fmt: skip
    three = rec.tool("fetch_json", agent="analyst", args=f"{path}?page=3",
                     output='{"17:00": 71}', parents=[two])  # fmt: skip
    logs = "Execution logs:\npage 2: 503 Service Unavailable\n82"
    last = rec.step("analyst", logs, "<code>\nfinal_answer(str(peak))\n</code>", kind="llm",
                    parents=[one, two, three])  # fmt: skip
    answer = rec.tool("final_answer", agent="analyst", args="82", output="82", parents=[last])
    steps = [first, wrong, listed, pools, paging, one, two, three, last, answer]
    rec.step("analyst", task, "82", parents=steps)  # the run
    return rec.finalize(final_output="82")


def test_the_error_passed_over_is_the_one_no_call_came_back_to() -> None:
    """Before, the fetch of page 3 was taken for a retry of page 2, and the first error (a
    wrong endpoint, mended by the paging code) for the one ignored: the call that listed
    the pools was blamed for going on. The call that answered past page 2's error went on
    without what it was to give."""
    top = run_check(make_check("exact_match", value="94"), paged_in_code(mended=True)).blame[0]
    assert (top.agent, top.step_index) == ("analyst", 8)
    assert "read the error 'RuntimeError: 503 Service Unavailable' that step 6" in top.reason


def test_an_error_no_call_came_back_to_was_gone_on_from() -> None:
    """The paging code fetched other readings, never the occupancy it first asked for: the
    wrong endpoint's error is the one gone on from."""
    suspects = run_check(make_check("exact_match", value="94"), paged_in_code(mended=False))
    said = "step 2 (analyst) read the error 'ValueError: API error 400: unknown endp…'"
    assert any(s.reason.startswith(f"'94' was never produced; {said}") for s in suspects.blame)


def searched_again_for_another_task() -> Trace:
    """The search agent's search fails (503); it reads a page instead and answers the first
    task; the manager then hands it a second task, for which it searches alike."""
    rec = TraceRecorder("t", input="What was the winning time at the 2024 Tarn race? m:ss.")
    ask = rec.step("search_agent", "task 1", 'web_search("Tarn race 2024 winning time")',
                   kind="llm")  # fmt: skip
    failed = rec.tool("web_search", agent="search_agent", args="Tarn race 2024 winning time",
                      error="RuntimeError: 503 Service Unavailable", parents=[ask])  # fmt: skip
    read = rec.step("search_agent", "503", "visit_webpage('tarn.example/news')", kind="llm",
                    parents=[failed])  # fmt: skip
    page = rec.tool("visit_webpage", agent="search_agent", args="tarn.example/news",
                    output="Last year's winner ran 31:07.", parents=[read])  # fmt: skip
    said = rec.step("search_agent", "31:07", "final_answer('31:07')", kind="llm", parents=[page])
    answered = rec.tool("final_answer", agent="search_agent", args="31:07", output="31:07",
                        parents=[said])  # fmt: skip
    second = rec.step("search_agent", "task 2", 'web_search("Tarn race winning time record")',
                      kind="llm", parents=[answered])  # fmt: skip
    rec.tool("web_search", agent="search_agent", args="Tarn race winning time record",
             output="Course record 29:40.", parents=[second])  # fmt: skip
    return rec.finalize(final_output="31:07")


def test_a_later_task_searching_alike_did_not_come_back_to_the_failed_call() -> None:
    """The agent answered before it searched alike again, for another task: the 503 was
    gone on from. Before, the later search was read as coming back to it, and the error
    was no suspect."""
    blamed = run_check(make_check("exact_match", value="30:12"), searched_again_for_another_task())
    said = "step 1 (tool web_search, called by search_agent) raised 'RuntimeError: 503"
    assert any(said in s.reason for s in blamed.blame)
