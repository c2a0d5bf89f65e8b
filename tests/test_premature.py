"""An answer given before a plan's own lookups were done (blame/engine/premature.py), through
the `exact_match` check and its patch."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from blame import TraceRecorder
from blame.engine.premature import _asks, _names_of, shortfall
from blame.engine.rules import switched_off
from blame.model import Trace
from blame.testing import make_check, patches_for, run_check

TASK = "How many performances are in the festival's programme, at both of its venues?"
PLAN = (
    "## 1. Facts survey\n- Two venues.\n## 2. Plan\n"
    "1. Ask search_agent how many performances the Corn Exchange hosts.\n"
    "2. Ask search_agent how many are at St Anne's Hall.\n"
    "3. Add the two.\n<end_plan>"
)


def answered_early(plan: str = PLAN, lookups: int = 1, worked: str = "") -> Trace:
    """The manager plans, hands the search agent `lookups` tasks (each run reads a page of
    22 performances and reports them), then answers with the last report's figure; first,
    if `worked`, it takes the figure out of the report in a call of its own, with that
    prose before its code."""
    rec = TraceRecorder("t", input=TASK)
    last = rec.step("manager", TASK, plan, kind="llm")
    for number in range(lookups):
        asked = f'<code>\nr = search_agent(task="Find venue {number + 1}.")\n</code>'
        handed = rec.step("manager", "plan", asked, kind="llm", parents=[last])
        call = rec.step("search_agent", f"Find venue {number + 1}.", "visit_webpage(...)",
                        kind="llm", parents=[handed])  # fmt: skip
        page = rec.tool("visit_webpage", agent="search_agent", args=f"venue/{number + 1}",
                        output="Programme: 22 performances.", parents=[call])  # fmt: skip
        last = rec.step("search_agent", "22 performances", "22 performances at the venue.",
                        kind="llm", parents=[page])  # fmt: skip
    if worked:
        code = f"{worked}<code>\nn = int(r.split()[0])\nprint(n)\n</code>\nExecution logs:\n22"
        last = rec.step("manager", "22 performances at the venue.", code, kind="llm",
                        parents=[last])  # fmt: skip
    said = "That is the full programme.\n<code>\nfinal_answer('22')\n</code>"
    rec.step("manager", "22 performances at the venue.", said, kind="llm", parents=[last])
    return rec.finalize(final_output="22")


CHECK = make_check("exact_match", value="36")


@pytest.mark.parametrize(
    ("trace", "culprit"),
    [
        # two lookups planned, one made: the call after its report answered instead
        (answered_early(), ("manager", 5)),
        # both made: the plan was done; the delegation that asked for a venue chose
        (answered_early(lookups=2), ("manager", 1)),
        # a plan that names no agent plans no lookup by one
        (answered_early(PLAN.replace("Ask search_agent", "Find out")), ("manager", 1)),
        # no plan at all
        (answered_early("I ask the search agent."), ("manager", 1)),
        # a step that works with what an agent reported asks it nothing
        (
            answered_early(PLAN.replace("3. Add the two.", "3. Add the two search_agent gave."), 2),
            ("manager", 1),
        ),
    ],
    ids=["one-of-two", "both-made", "no-agent-named", "no-plan", "works-with-a-report"],
)
def test_an_answer_before_the_plans_lookups_were_made(
    trace: Trace, culprit: tuple[str, int]
) -> None:
    top = run_check(CHECK, trace).blame[0]
    assert (top.agent, top.step_index) == culprit
    assert ("planned 2 lookups" in top.reason) is (culprit == ("manager", 5))
    assert ("asked for 'venue'" in top.reason) is (culprit == ("manager", 1))


def test_the_reason_says_what_the_plan_named_and_what_was_made() -> None:
    top = run_check(CHECK, answered_early()).blame[0]
    assert top.reason == (
        "step 0 (manager) planned 2 lookups by other agents and the run made 1; step 5 "
        "(manager), after the last report came back, went on to answer with '22' instead of "
        "making the next one"
    )


@pytest.mark.parametrize(
    ("worked", "settled"),
    [
        ("Thought: I take the count out of the report.\n", 6),  # it only worked on it
        ("Thought: the report gives 22 performances, the full programme.\n", 5),  # it settled
        # a figure that is not the answer says nothing was settled
        ("Thought: 1 venue is not enough; I will ask about the other next.\n", 6),
        # the answer said while wanting more settled nothing: the call that answered dropped it
        ("Thought: the report gives 22 performances; I still need St Anne's Hall.\n", 6),
        ("Thought: 22 performances so far, the other venue is not yet asked.\n", 6),
        ("Thought: 22 performances at the Corn Exchange. Next, I will ask about the hall.\n", 6),
        # nothing more wanted: it settled
        ("Thought: the report gives 22 performances. Next, I will give the answer.\n", 5),
        ("Thought: 22 performances; the other venues are not part of the festival.\n", 5),
    ],
)
def test_the_call_that_settled_on_the_report_cut_the_plan_short(worked: str, settled: int) -> None:
    """The manager's first call after the report took the figure out of it; the next one
    handed it on, unless the first already said it was the answer. Before, the first was
    blamed either way."""
    found = shortfall(answered_early(worked=worked).steps, 6)
    assert found is not None and (found.after, found.later) == (6, (5, 6))
    top = run_check(CHECK, answered_early(worked=worked)).blame[0]
    assert (top.agent, top.step_index) == ("manager", settled)
    assert "planned 2 lookups" in top.reason
    patch = patches_for(CHECK, answered_early(worked=worked))[0]
    assert (patch.target, "lookup" in patch.text) == ("manager", True)


def test_an_early_answer_is_not_read_with_its_rule_off() -> None:
    with switched_off("cut-short"):
        top = run_check(CHECK, answered_early()).blame[0]
    assert (top.agent, top.step_index) == ("manager", 1)


def answered_in_the_same_code(lookups: int = 1) -> Trace:
    """The manager's one code block hands the search agent `lookups` venues and, as soon as
    the reports come back, calls `final_answer` with the last: no call of the manager came
    after."""
    rec = TraceRecorder("t", input=TASK)
    plan = rec.step("manager", TASK, PLAN, kind="llm")
    asks = "".join(f'r = search_agent(task="Find venue {n + 1}.")\n' for n in range(lookups))
    code = f"<code>\n{asks}final_answer(r.split()[0])\n</code>"
    handed = rec.step("manager", "plan", code, kind="llm", parents=[plan])
    said = handed
    for number in range(lookups):
        call = rec.step("search_agent", f"Find venue {number + 1}.", "visit_webpage(...)",
                        kind="llm", parents=[handed])  # fmt: skip
        page = rec.tool("visit_webpage", agent="search_agent", args=f"venue/{number + 1}",
                        output="Programme: 22 performances.", parents=[call])  # fmt: skip
        said = rec.step("search_agent", "22 performances", "22 performances at the venue.",
                        kind="llm", parents=[page])  # fmt: skip
    answered = rec.tool("final_answer", agent="manager", args="22", output="22",
                        parents=[said, handed])  # fmt: skip
    rec.step("manager", TASK, "22", kind="agent", parents=[plan, handed, answered])
    return rec.finalize(final_output="22")


def test_a_call_whose_own_code_answered_as_the_report_came_back_cut_the_plan_short() -> None:
    """Before, with no call of the manager after the report, the search agent's call that
    opened the page was blamed for the 22 the page rightly gave."""
    top = run_check(CHECK, answered_in_the_same_code()).blame[0]
    assert (top.agent, top.step_index) == ("manager", 1)
    assert top.reason == (
        "step 0 (manager) planned 2 lookups by other agents and the run made 1; step 1 "
        "(manager), its code answered with '22' as soon as the last report came back instead "
        "of making the next one"
    )


def test_one_code_block_that_made_every_lookup_cut_nothing_short() -> None:
    """Both venues asked in one code block: the run made 2 lookups, not 1 (one call)."""
    trace = answered_in_the_same_code(lookups=2)
    assert shortfall(trace.steps, 1) is None
    assert "planned 2 lookups" not in run_check(CHECK, trace).blame[0].reason


def test_the_shortfall_of_a_plan() -> None:
    steps = answered_early().steps
    found = shortfall(steps, 5)
    assert found is not None
    assert (found.plan, found.planned, found.made, found.after) == (0, 2, (1,), 5)
    assert shortfall(answered_early(lookups=2).steps, 9) is None


def test_an_early_answer_is_told_to_make_every_lookup_its_plan_lists() -> None:
    patches = patches_for(CHECK, answered_early())
    assert next((p.target, p.text) for p in patches) == (
        "manager",
        "- Make every lookup your plan lists before you answer: it named 2, and you answered "
        "after 1.",
    )


def test_a_call_blamed_for_another_reason_is_not_told_to_make_its_lookups() -> None:
    """The manager wrote a figure no report gave: another rule blames it, and its patch is
    that rule's. Before, any call after the last report got the lookups' patch."""
    trace = answered_early()
    steps = list(trace.steps)
    steps[-1] = replace(steps[-1], output="<code>\nfinal_answer('40')\n</code>")
    made_up = replace(trace, steps=tuple(steps), final_output="40")
    patches = [p.text for p in patches_for(CHECK, made_up)]
    assert patches
    assert not any("lookup" in text for text in patches)


AGENTS = {"search_agent": ["search_agent"], "research": ["research analyst"]}


@pytest.mark.parametrize(
    ("item", "asks"),
    [
        ("Ask search_agent how many performances there are.", True),
        ("Use the search_agent to find the count.", True),
        ("Delegate to search_agent the second venue.", True),
        ("Ask the Research Analyst for the figures.", True),  # a name of two words
        # a verb of asking that opens the step, the agent within three words after it
        ("Add the two figures search_agent reported.", False),
        ("Once I have both counts from search_agent, add them.", False),
        ("Use the two counts search_agent reported to answer.", False),
        ("Let the total be the sum.", False),
        ("Ask search_agents for it.", False),  # another name
    ],
)
def test_a_plan_step_that_asks_another_agent(item: str, asks: bool) -> None:
    assert _asks(item, AGENTS) is asks


def test_a_wrong_value_that_came_back_from_no_lookup_made_is_not_an_early_answer() -> None:
    """The '22' the manager answered with came from a search the run started before the plan,
    not from the lookup it made: answering early did not bring it in."""
    rec = TraceRecorder("t", input=TASK)
    early = rec.step("search_agent", TASK, "22 performances at the Corn Exchange.", kind="llm")
    plan = rec.step("manager", TASK, PLAN, kind="llm", parents=[early])
    asked = '<code>\nr = search_agent(task="Find venue 1.")\n</code>'
    handed = rec.step("manager", "plan", asked, kind="llm", parents=[plan])
    report = rec.step("search_agent", "Find venue 1.", "No programme found.", kind="llm",
                      parents=[handed])  # fmt: skip
    said = "That is the full programme.\n<code>\nfinal_answer('22')\n</code>"
    heard = "No programme found. 22 performances at the Corn Exchange."
    rec.step("manager", heard, said, kind="llm", parents=[report, early])
    top = run_check(CHECK, rec.finalize(final_output="22")).blame[0]
    assert "lookups by other agents" not in top.reason


RESULTS = (
    "## Search Results\n\n[Ones to watch - Quilters](https://quilters.example/news/preview)\n"
    "Our preview: 'Harbour Lights' is the favourite for Best in Show...\n\n"
    "[Show results](https://quilters.example/show-2024/results)\nFull list of awards..."
)


MENU = (
    "* [Home](https://quilters.example/home/)\n* [Shows](https://quilters.example/shows/)\n\n"
    "# Ones to watch\nOur preview: 'Harbour Lights' is the favourite for Best in Show."
)


def from_a_snippet(
    output: str = RESULTS, opened: str | None = None, query: str = "2024 show Best in Show"
) -> Trace:
    """A search for `query` lists results; the searcher (after opening `opened`, if given)
    answers with the title the first result's snippet names; the manager hands it on."""
    task = "Which quilt won Best in Show at the 2024 show? The title only."
    rec = TraceRecorder("t", input=task)
    ask = rec.step("search_agent", task, f'web_search("{query}")', kind="llm")
    hits = last = rec.tool("web_search", agent="search_agent", args=query, output=output,
                           parents=[ask])  # fmt: skip
    if opened is not None:
        call = rec.step("search_agent", output, f"visit_webpage({opened})", kind="llm",
                        parents=[last])  # fmt: skip
        last = rec.tool("visit_webpage", agent="search_agent", args=opened,
                        output="Awards to be announced.", parents=[call])  # fmt: skip
    said = rec.step("search_agent", output, "'Harbour Lights' won Best in Show.", kind="llm",
                    parents=sorted({last, hits}))  # fmt: skip
    rec.step("manager", "'Harbour Lights' won Best in Show.", "final_answer('Harbour Lights')",
             kind="llm", parents=[said])  # fmt: skip
    return rec.finalize(final_output="Harbour Lights")


@pytest.mark.parametrize(
    ("trace", "snipped"),
    [
        (from_a_snippet(), True),
        # the page behind the snippet was opened: whoever answered read it
        (from_a_snippet(opened="https://quilters.example/news/preview"), False),
        # another page opened: the preview's page still was not
        (from_a_snippet(opened="https://quilters.example/show-2024/results"), True),
        # one address: a page, not a list of results
        (from_a_snippet(RESULTS.split("\n\n[Show")[0]), False),
        # a page opened by its address: its own links (a menu's) list no results
        (from_a_snippet(MENU, query='{"url": "https://quilters.example/news/preview"}'), False),
        # a search whose query holds an address still lists results
        (from_a_snippet(query="site:https://quilters.example Best in Show"), True),
    ],
    ids=["never-opened", "opened", "another-opened", "one-address", "page-opened", "site-query"],
)
def test_an_answer_from_a_search_snippet_whose_page_nobody_opened(
    trace: Trace, snipped: bool
) -> None:
    top = run_check(make_check("exact_match", value="Autumn Fieldings"), trace).blame[0]
    assert ("whose page no later tool call opened" in top.reason) is snipped
    if snipped:
        assert (top.agent, top.step_index) == ("search_agent", len(trace.steps) - 2)


def test_a_snippet_answer_is_not_read_with_its_rule_off() -> None:
    with switched_off("snippet-answer"):
        top = run_check(make_check("exact_match", value="Autumn"), from_a_snippet()).blame[0]
    assert "whose page no later tool call opened" not in top.reason


def test_a_snippet_answer_is_told_to_open_the_page_first() -> None:
    patches = patches_for(make_check("exact_match", value="Autumn Fieldings"), from_a_snippet())
    assert next((p.target, p.text) for p in patches) == (
        "search_agent",
        "- Open the page of a search result before you answer from it: a result's snippet is a "
        "few words cut from the page, often an old preview, not the page.",
    )


LIGHTS = (
    "## Search Results\n\n[Ashcombe ward](https://council.example/wards/ashcombe)\n"
    "Ashcombe ward (GSS code E05012345).\n\n"
    "[Streets left in the dark](https://echo.example/news/lights-out)\n"
    "Around 40 street lights are out across Ashcombe, residents say."
)


def reported_beside(heading: str, code: bool = False, before: str = "") -> Trace:
    """The search agent, asked for a ward's code, reports it and writes the figure a
    result's snippet gave under `heading`; the manager answers with that figure."""
    task = "How many street lighting faults in Ashcombe ward were open? Number only."
    rec = TraceRecorder("t", input=task)
    ask = rec.step("manager", task, '<code>\nr = search_agent(task="the ward code")\n</code>',
                   kind="llm")  # fmt: skip
    call = rec.step("search_agent", "the ward code", 'web_search("Ashcombe ward code")',
                    kind="llm", parents=[ask])  # fmt: skip
    hits = rec.tool("web_search", agent="search_agent", args="Ashcombe ward code",
                    output=LIGHTS, parents=[call])  # fmt: skip
    report = (
        "### 1. Task outcome (short version):\nThe ward code is E05012345.\n\n"
        f"{heading}\nA news article says around 40 street lights were out."
    )
    answer = json.dumps({"answer": report})  # a tool-calling agent's call: JSON
    if code:  # a code agent's: a Python string, its line breaks escaped
        answer = "<code>\nfinal_answer(" + json.dumps(report) + ")\n</code>"
    output = before + (answer if code else f"final_answer({answer})")
    said = rec.step("search_agent", LIGHTS, output, kind="llm", parents=[hits])
    rec.step("manager", report, '<code>\nfinal_answer("40")\n</code>', kind="llm",
             parents=[said])  # fmt: skip
    return rec.finalize(final_output="40")


@pytest.mark.parametrize(
    ("heading", "code", "reader"),
    [
        # an aside: its reader chose
        ("### 3. Additional context (if relevant):", False, "manager"),
        ("### 3. Additional context (if relevant):", True, "manager"),  # a code agent's report
        ("## Notes", False, "manager"),
        ("### 2. Task outcome (extremely detailed version):", False, "search_agent"),  # found
        ("### 2. Task outcome (extremely detailed version):", True, "search_agent"),
    ],
    ids=["additional-context", "code-agents-context", "notes", "outcome", "code-agents-outcome"],
)
def test_a_snippet_reported_as_context_is_answered_by_its_reader(
    heading: str, code: bool, reader: str
) -> None:
    """Before, the sub-agent that wrote a news snippet's figure under its report's
    additional context was blamed for answering with it; the manager did that."""
    trace = reported_beside(heading, code)
    top = run_check(make_check("exact_match", value="27"), trace).blame[0]
    assert "whose page no later tool call opened" in top.reason
    assert top.agent == reader


@pytest.mark.parametrize(
    ("before", "heading", "reader"),
    [
        # its narration named the figure first: the report still gave it as context
        ("Thought: a snippet says 40 lights are out, which I add as context.\n",
         "### 3. Additional context (if relevant):", "manager"),
        # a code comment before the report is no heading of it: the report's outcome has it
        ("<code>\n# Notes from the search results\nlights_out = 40\n</code>\n",
         "### 2. Task outcome (extremely detailed version):", "search_agent"),
    ],
    ids=["narration-first", "code-comment"],
)  # fmt: skip
def test_only_the_report_handed_to_final_answer_is_read_for_its_context(
    before: str, heading: str, reader: str
) -> None:
    """Before the second review, the figure in the narration, with no heading above it,
    made the sub-agent the one that answered with it, and a code comment's `# Notes` made
    the report's own outcome an aside."""
    trace = reported_beside(heading, False, before)
    top = run_check(make_check("exact_match", value="27"), trace).blame[0]
    assert top.agent == reader


MATCHES = (
    "src/piste/bouts.py\n8\nDE_TOUCHES = 15\n"
    "src/piste/bouts.py\n26\n    return DE_TOUCHES  # categories outside SHORT_BOUTS\n"
    "docs/rules.md\n4\nDirect elimination bouts go to DE_TOUCHES (15) touches."
)


def from_code_matches(opened: str | None = None) -> Trace:
    """A code search lists the lines it matched, file by file; the agent (after reading
    `opened`, if given) answers from the first match, and `final_answer` echoes its report,
    which quotes the file."""
    task = "How many touches end a direct-elimination bout for veterans? Number only."
    rec = TraceRecorder("t", input=task)
    ask = rec.step("code_agent", task, 'search_code({"pattern": "DE_TOUCHES"})', kind="llm")
    hits = last = rec.tool("search_code", agent="code_agent", args='{"pattern": "DE_TOUCHES"}',
                           output=MATCHES, parents=[ask])  # fmt: skip
    if opened is not None:
        call = rec.step("code_agent", MATCHES, f'read_file({{"path": "{opened}"}})',
                        kind="llm", parents=[last])  # fmt: skip
        read = "SHORT_BOUTS = {'veteran': 10}" if opened.endswith(".py") else "Three periods."
        last = rec.tool("read_file", agent="code_agent", args=f'{{"path": "{opened}"}}',
                        output=read, parents=[call])  # fmt: skip
    report = "15 touches (DE_TOUCHES in src/piste/bouts.py, line 8)."
    said = rec.step("code_agent", MATCHES, f"final_answer({report!r})", kind="llm",
                    parents=sorted({last, hits}))  # fmt: skip
    rec.tool("final_answer", agent="code_agent", args=report, output=report, parents=[said])
    return rec.finalize(final_output="15")


@pytest.mark.parametrize(
    ("opened", "snipped"),
    [
        (None, True),  # nobody read the file (`final_answer` quoting its path opened nothing)
        ("src/piste/bouts.py", False),  # the file was read: whoever answered read it
        ("docs/rules.md", True),  # another file read: the matched one still was not
    ],
)
def test_an_answer_from_a_code_search_match_whose_file_nobody_read(
    opened: str | None, snipped: bool
) -> None:
    """Before, a code search's matches (file paths, not web addresses) were no list of
    results, and the call that asked for the search was blamed."""
    trace = from_code_matches(opened)
    top = run_check(make_check("exact_match", value="10"), trace).blame[0]
    assert ("whose page no later tool call opened" in top.reason) is snipped
    if snipped:
        assert (top.agent, top.step_index) == ("code_agent", len(trace.steps) - 2)


def test_a_listed_file_that_is_the_answer_and_was_read_is_no_snippet() -> None:
    """Before, the answer `src/oarlock/legacy/quotes.py`, itself a result the agent then
    read, was taken as a line under the result before it, whose file nobody read."""
    task = "Which file defines quote_hire? Path only."
    matches = (
        "src/oarlock/legacy/__init__.py\n1\nfrom oarlock.legacy.quotes import hire_quote\n"
        "src/oarlock/legacy/quotes.py\n31\ndef hire_quote(boat, hours):"
    )
    path = "src/oarlock/legacy/quotes.py"
    rec = TraceRecorder("t", input=task)
    ask = rec.step("code_agent", task, 'search_code({"pattern": "hire_quote"})', kind="llm")
    hits = rec.tool("search_code", agent="code_agent", args='{"pattern": "hire_quote"}',
                    output=matches, parents=[ask])  # fmt: skip
    call = rec.step("code_agent", matches, f'read_file({{"path": "{path}"}})', kind="llm",
                    parents=[hits])  # fmt: skip
    source = "def hire_quote(boat, hours):\n    return 18.0"
    read = rec.tool("read_file", agent="code_agent", args=f'{{"path": "{path}"}}',
                    output=source, parents=[call])  # fmt: skip
    rec.step("code_agent", matches, f"final_answer({path!r})", kind="llm", parents=[hits, read])
    top = run_check(make_check("exact_match", value="src/oarlock/pricing/hire.py"),
                    rec.finalize(final_output=path)).blame[0]  # fmt: skip
    assert "whose page no later tool call opened" not in top.reason


def counted_from_the_first_page(listing: str, later: str | None = None) -> Trace:
    """A code agent loads a bell list (`listing`), then counts the heavy bells in what it
    holds and answers; `later`, a tool call's arguments after the first, if it asked again."""
    rec = TraceRecorder("t", input="How many bells of the carillon weigh more than 500 kg?")
    load = rec.step("analyst", "task", "<code>\nd = json.loads(fetch_json('/bells'))\n</code>",
                    kind="llm")  # fmt: skip
    page = rec.tool("fetch_json", agent="analyst", args="/bells", output=listing, parents=[load])
    last = page
    if later is not None:
        ask = rec.step("analyst", listing, f"<code>\nmore = fetch_json('{later}')\n</code>",
                       kind="llm", parents=[page])  # fmt: skip
        last = rec.tool("fetch_json", agent="analyst", args=later, output="{}", parents=[ask])
    code = (
        '<code>\nheavy = [b for b in d["bells"] if b["weight_kg"] > 500]\n'
        "final_answer(str(len(heavy)))\n</code>"
    )
    counted = rec.step("analyst", listing, code, kind="llm", parents=[last])
    answer = rec.tool("final_answer", agent="analyst", args="25", output="25", parents=[counted])
    rec.step("analyst", "task", "25", parents=[load, page, counted, answer])  # the run
    return rec.finalize(final_output="25")


_PAGED = '{"bells_total": 49, "page": 1, "pages": 2, "per_page": 25, "bells": ["..."]}'


@pytest.mark.parametrize(
    ("listing", "later", "unread"),
    [
        (_PAGED, None, True),
        ('{"per_page": 25, "next": "/bells?page=2", "bells": ["..."]}', None, True),
        ("Bells, page 1 of 2 (per page: 25)", None, True),
        ("per page\n25\n/bells?page=2", None, True),  # an exporter kept the values only
        (_PAGED, "/bells?page=2", False),  # the next page was asked for
        ('{"page": 2, "pages": 2, "per_page": 25}', None, False),  # the last page
        ('{"per_page": 25, "next": null}', None, False),
        ("Bells, page 1 of 1 (per page: 25)", None, False),
        ('{"page": 1, "total_pages": 3, "per_page": 25}', None, True),
        ("{'Page': 1, 'Pages': 2, 'per_page': 25}", None, True),
        ('{"title": "Carillons", "page": 12, "pages": 320}', None, False),  # a book's page
        ("[Other list](https://example.org/list?page=3)", None, False),  # not this listing's
        (_PAGED, "/bells?cursor=b26", False),  # another page, by a cursor
        ('{"per_page": 25, "next": "/bells/after/b25"}', "/bells/after/b25", False),
        # the followed link written whole, for a relative next link
        ('{"next": "/bells/after/b25"}', "https://api.example/bells/after/b25", False),
        # the ninth of nine next links followed: every link is looked for, not the first few
        (
            "".join(f'{{"next": "/towers/{n}/after/b25"}} ' for n in "abcdefghi"),
            "/towers/i/after/b25",
            False,
        ),
    ],
)
def test_an_answer_from_the_first_page_of_a_listing_nobody_read_on(
    listing: str, later: str | None, unread: bool
) -> None:
    """Before, the call that loaded the listing was blamed: its `per_page: 25` was taken for
    where the 25 came from, though the last call counted the first page alone."""
    trace = counted_from_the_first_page(listing, later)
    top = run_check(make_check("exact_match", value="31"), trace).blame[0]
    assert ("it answered from the first page alone" in top.reason) is unread
    if unread:
        assert (top.agent, top.step_index) == ("analyst", 2)


@pytest.mark.parametrize(("right", "unread"), [("2", True), ("49", True), ("131", False)])
def test_a_small_count_the_first_page_held_by_chance_was_not_had(right: str, unread: bool) -> None:
    """`"pages": 2` states no 2 heavy bells: a figure of one or two digits is in most
    listings by chance. Before, the counting call was blamed for having the right count
    and writing another, not for answering from the first page alone."""
    listing = _PAGED.replace('"pages": 2', '"pages": 2, "bells_total_kg": 131')
    top = run_check(make_check("exact_match", value=right),
                    counted_from_the_first_page(listing)).blame[0]  # fmt: skip
    assert ("it answered from the first page alone" in top.reason) is unread
    assert (f"had '{right}' available" in top.reason) is not unread


def test_a_small_count_a_first_page_did_not_hold_is_no_reason_of_that_page() -> None:
    """A search's results, page 1 of 3, never held the right 7; the page the agent opened
    did, and the agent wrote 8. Before, the review found the search's first page blamed
    with "it answered from the first page alone"."""
    rec = TraceRecorder("t", input="How many laps did the 2024 pram race run? Number only.")
    ask = rec.step("analyst", "task", "<code>\nprint(web_search('pram race'))\n</code>",
                   kind="llm")  # fmt: skip
    hits = "## Search Results (page 1 of 3)\n[Pram race 2024](https://pram.example/2024)"
    found = rec.tool("web_search", agent="analyst", args="pram race", output=hits, parents=[ask])
    opened = rec.step("analyst", hits, "<code>\nprint(visit_webpage('/2024'))\n</code>",
                      kind="llm", parents=[found])  # fmt: skip
    page = "The 2024 race: prams were pushed 7 laps of the green."
    read = rec.tool("visit_webpage", agent="analyst", args="/2024", output=page,
                    parents=[opened])  # fmt: skip
    last = rec.step("analyst", page, "It ran 8 laps.\n<code>\nfinal_answer('8')\n</code>",
                    kind="llm", parents=[read])  # fmt: skip
    answer = rec.tool("final_answer", agent="analyst", args="8", output="8", parents=[last])
    rec.step("analyst", "task", "8", parents=[ask, found, opened, read, last, answer])
    top = run_check(make_check("exact_match", value="7"), rec.finalize(final_output="8")).blame[0]
    assert "first page alone" not in top.reason
    assert (top.step_index, top.reason.startswith("step 4 (analyst) had '7'")) == (4, True)


def test_an_unread_page_is_not_looked_for_with_its_rule_off() -> None:
    with switched_off("unread-pages"):
        trace = counted_from_the_first_page(_PAGED)
        top = run_check(make_check("exact_match", value="31"), trace).blame[0]
    assert "first page alone" not in top.reason


def test_an_answer_from_the_first_page_is_told_to_read_every_page() -> None:
    patches = patches_for(
        make_check("exact_match", value="31"), counted_from_the_first_page(_PAGED)
    )
    assert next((p.target, p.text) for p in patches) == (
        "analyst",
        "- Read every page of a listing before you answer from it: when a result says there is "
        "another page (page 1 of 2, a next link), ask for it.",
    )


def test_a_first_page_read_alone_comes_before_what_the_lookup_was_called_for() -> None:
    """The call opened the stallholders' list (a word the task does not name) and answered
    from its first page: before, only the word it asked with was blamed, though no call
    read page 2, which held the rest of the stalls."""
    task = "How many stalls were booked at the 2025 Gullhaven Zine Fair? Number only."
    rec = TraceRecorder("t", input=task)
    url = "https://gullhavenzines.example/2025/stallholders"
    ask = rec.step("search_agent", task, f'visit_webpage("{url}")', kind="llm")
    rows = "\n".join(f"{n}. Press {n} - table {n}" for n in range(1, 41))
    listing = f"Meet our Stallholders for 2025.\n\n{rows}\n\nPage 1 of 2 · [Next]({url}?page=2)"
    page = rec.tool("visit_webpage", agent="search_agent", args=url, output=listing,
                    parents=[ask])  # fmt: skip
    said = rec.step("search_agent", listing, "The list runs to table 40: 40 stalls.",
                    kind="llm", parents=[page])  # fmt: skip
    rec.step("manager", "40 stalls.", "final_answer('40')", kind="llm", parents=[said])
    top = run_check(make_check("exact_match", value="57"), rec.finalize(final_output="40"))
    assert (top.blame[0].agent, top.blame[0].step_index) == ("search_agent", 2)
    assert top.blame[0].reason.endswith("it answered from the first page alone")


@pytest.mark.parametrize(
    ("row", "unread"),
    [
        ("| 3 | Feathers A | 30 | 64 |", False),  # the task's own row: page 2 changes nothing
        ("| 3 | Feathers Club | 30 | 64 |", True),  # a word of the task's name is no name of it
        ("| 3 | Feathers Arms | 30 | 64 |", True),  # nor is a longer word that starts with it
        ("Feathers A: 64 points on this page", True),  # a sentence, no row of the listing
        # a JSON page on one line is no row: another record's 64 beside Feathers A's 12
        (
            '{"page": 1, "rows": [{"team": "Feathers A", "pts": 12}, {"team": "Red Lion", '
            '"pts": 64}]}',
            True,
        ),
        ("| 3 | Red Lion | 30 | 64 |", True),  # another row: the rest may hold the answer
    ],
)
def test_a_first_page_that_gave_the_tasks_own_row_was_not_read_alone(
    row: str, unread: bool
) -> None:
    """The table's first page has Feathers A's row; the answer is wrong because one season
    of two was looked up. Before, the unread second page was blamed."""
    task = "How many league points did Feathers A score over two seasons? Number only."
    rec = TraceRecorder("t", input=task)
    url = "https://dominoes.example.org/tables/2024-25"
    ask = rec.step("search_agent", task, f'visit_webpage("{url}")', kind="llm")
    table = (
        f"| Pos | Team | P | Pts |\n|---|---|---|---|\n{row}\nPage 1 of 2 · [Next]({url}?page=2)"
    )
    page = rec.tool("visit_webpage", agent="search_agent", args=url, output=table,
                    parents=[ask])  # fmt: skip
    rec.step("search_agent", table, "final_answer('64')", kind="llm", parents=[page])
    top = run_check(make_check("exact_match", value="115"), rec.finalize(final_output="64"))
    assert ("first page alone" in top.blame[0].reason) is unread


def one_lookup_of_a_plan(task: str, plan: str, asked: str, page: str, report: str) -> Trace:
    """The manager plans, hands the search agent `asked`, which reads `page` and reports
    `report`; the manager answers with the report's figure, the plan's next lookup unmade."""
    rec = TraceRecorder("t", input=task)
    planned = rec.step("manager", task, plan, kind="llm")
    handed = rec.step("manager", plan, f'<code>\nr = search_agent(task="{asked}")\n</code>',
                      kind="llm", parents=[planned])  # fmt: skip
    call = rec.step("search_agent", asked, "visit_webpage('/page')", kind="llm",
                    parents=[handed])  # fmt: skip
    read = rec.tool("visit_webpage", agent="search_agent", args="/page", output=page,
                    parents=[call])  # fmt: skip
    said = rec.step("search_agent", page, report, kind="llm", parents=[read])
    figure = report.split()[0] if report[0].isdigit() else "64"
    rec.step("manager", report, f"<code>\nfinal_answer('{figure}')\n</code>", kind="llm",
             parents=[said])  # fmt: skip
    return rec.finalize(final_output=figure)


def test_a_plan_that_split_the_task_did_not_narrow_it_when_the_run_stopped_halfway() -> None:
    """The plan asks for each season in turn; the manager asked for the first and answered.
    Before, the manager's first delegation was blamed for leaving out the task's other
    season, which the plan's next lookup, never made, was for."""
    task = "How many points did Feathers A score over the 2023\u201324 and 2024\u201325 seasons?"
    plan = (
        "## 2. Plan\n1. Ask search_agent for Feathers A's points in 2024\u201325.\n"
        "2. Ask search_agent for Feathers A's points in 2023\u201324.\n3. Add them.\n<end_plan>"
    )
    asked = "Find Feathers A's points in the 2024\u201325 season."
    report = "Feathers A had 64 points in 2024\u201325."
    trace = one_lookup_of_a_plan(task, plan, asked, "| 3 | Feathers A | 30 | 64 |", report)
    top = run_check(make_check("exact_match", value="115"), trace)
    assert (top.blame[0].agent, top.blame[0].step_index) == ("manager", 5)
    assert "planned 2 lookups" in top.blame[0].reason


@pytest.mark.parametrize(
    ("task", "names"),
    [
        ("How many points did Feathers A score?", {"Feathers A"}),
        ("Did Feathers A score 64?", {"Did Feathers A", "Feathers A"}),  # any opening word
        ("Feathers A scored how many points?", {"Feathers A"}),  # a name opening the task
        ("How many goals did Ana Ruiz score for Spain?", {"Ana Ruiz"}),  # one word: no name
        ("Points of the Wrexham & District League? Number only.", {"Wrexham & District League"}),
    ],
)
def test_the_names_a_task_writes_of_two_words_or_more(task: str, names: set[str]) -> None:
    assert _names_of(task) == names


def test_a_word_the_plan_never_named_was_left_out_even_when_the_run_stopped_halfway() -> None:
    """The task asks for evening performances; the plan, which split the venues, never
    named `evening`: its delegation left it out, whatever lookups were left undone. Before,
    a lookup left undone hid it."""
    task = "How many evening performances are in the festival's programme, at both venues?"
    asked = "How many performances does the Corn Exchange host?"
    page = "Programme: 22 performances, 9 of them matinees."
    trace = one_lookup_of_a_plan(task, PLAN, asked, page, "22 performances.")
    reasons = [s.reason for s in run_check(make_check("exact_match", value="13"), trace).blame]
    assert "answered without the task's 'evening'" in reasons[0]
    assert any("planned 2 lookups" in reason for reason in reasons)


def test_a_word_a_lookup_already_made_named_was_left_out_by_its_delegation() -> None:
    """The plan's first lookup, made, asks for the evening performances; its delegation
    dropped `evening`. Before, the whole plan, done steps too, hid it."""
    plan = PLAN.replace("how many performances", "how many evening performances")
    asked = "How many performances does the Corn Exchange host?"
    page = "Programme: 22 performances, 9 of them matinees."
    task = "How many evening performances are in the festival's programme, at both venues?"
    trace = one_lookup_of_a_plan(task, plan, asked, page, "22 performances.")
    top = run_check(make_check("exact_match", value="13"), trace).blame[0]
    assert (top.step_index, "answered without the task's 'evening'" in top.reason) == (1, True)


PROVISIONAL = (
    "## Search Results\n\n[Live: the race as it happened](https://herald.example/live)\n"
    "Provisional times: Red Lion Rollers 1:52, The Ferryman Crew 1:58...\n\n"
    "[Official results](https://race.example/results)\nAfter the stewards' review."
)


@pytest.mark.parametrize(
    ("output", "snipped"),
    [
        # the right time only as another crew's, in the same unread preview
        (PROVISIONAL, True),
        # a page that was no snippet gave both: whoever chose between them misread
        ("Red Lion Rollers 1:52, The Ferryman Crew 1:58 (official).", False),
        # a code search's matches are the files' own lines: the right value was there to read
        (
            "src/race/results.py\n12: WINNER = ('Red Lion Rollers', '1:52')\n"
            "src/race/official.py\n8: WINNER = ('The Ferryman Crew', '1:58')",
            False,
        ),
    ],
)
def test_the_right_value_beside_the_wrong_one_in_an_unread_snippet_told_nothing(
    output: str, snipped: bool
) -> None:
    """Before, the manager was blamed for having had 1:58 (the runner-up's provisional time)
    and answering 1:52: the searcher's answer from a live blog's preview, the official
    results never opened, is where the run went wrong."""
    task = "What was the winning time in the men's race? Answer as m:ss."
    rec = TraceRecorder("t", input=task)
    ask = rec.step("search_agent", task, 'web_search("men\'s race winning time")', kind="llm")
    hits = rec.tool("web_search", agent="search_agent", args="men's race winning time",
                    output=output, parents=[ask])  # fmt: skip
    said = "Red Lion Rollers won in 1:52. Times: Red Lion Rollers 1:52, The Ferryman Crew 1:58."
    report = rec.step("search_agent", output, said, kind="llm", parents=[hits])
    rec.step("manager", said, "final_answer('1:52')", kind="llm", parents=[report])
    top = run_check(make_check("exact_match", value="1:58"), rec.finalize(final_output="1:52"))
    assert ("whose page no later tool call opened" in top.blame[0].reason) is snipped
    if snipped:
        assert (top.blame[0].agent, top.blame[0].step_index) == ("search_agent", 2)
