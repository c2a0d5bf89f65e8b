"""Scaling: `evaluate_trace` on one trace of 10 ... 100,000 steps with many distinct agents,
then on traces whose texts are long where a rule reads them token by token.

Each trace is a chain of agents (a new agent name every 3 steps, so a 100,000-step trace has
~33,000 agents) with a tool call every 7 steps. Eight checks run on it; four fail, so the step
graph is built, every failure is blamed and patches are written. Target: 100,000 steps in
under 1 s.

The second table times the rules that read texts token by token on what an agent's output can
hold: a final output of 14,000 capitalised words or 8,000 reorderings of a required code over
100 KB steps, a task of 4,000 codes with a tool call of 1,000 arguments, 4,000 steps feeding
the final one, 2,000 calls of a tool over a `tool_called` maximum of 1,999 (where the loop
began: each call compared with the earlier ones), 20,000 different searches sharing
most of their words (none a repeat), 5,000 tools a manager's code called each after a run
of its sub-agent (each tool's caller looked for past the run), a look-up whose arguments
and task hold a 90 kB run of letters (a label before a figure is looked for in both), code
that computed a wrong total from 8,000 operands beside 8,000 figures of its input (each one
a candidate for the figure it should have taken), a step that wrote a wrong value beside a
200 kB token without spaces (what it answered is read without names and addresses), or after
200 kB of tool calls opened and never closed (`x({` each), 400 code calls each computing
with a variable earlier code assigned 300 times (the variables are read once per agent), or
2,000 runs of a sub-agent
handed one task reworded, half of them making one search (each run, and each call, compared
with the earlier ones for the loop's start), or a listing of 5,000 `next` links before 5,000
tool calls (whether a call followed one). Target:
each under 1 s (a rule that rescans a prefix per token takes seconds).

    python bench/scaling.py [--sizes 10,100,1000,10000,100000]
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from blame.model import Check, Trace
from blame.recorder import TraceRecorder
from blame.runner import evaluate_trace

CHECKS = (
    Check("contains", "contains:REQ-7", weight=2, params={"value": "REQ-7"}),
    Check("not_contains", "not_contains:FORBIDDEN", params={"value": "FORBIDDEN"}),
    Check("regex", "regex:answer", params={"value": r"answer \d+"}),
    Check("tool_called", "tool_called:search", params={"tool": "search"}),
    Check("tool_succeeded", "tool_succeeded:search", params={"tool": "search"}),
    Check("max_steps", "max_steps:50", params={"max": 50}),
    Check("max_latency", "max_latency:60s", params={"seconds": 60}),
    Check("no_unsupported_claim", "no_unsupported_claim:book", params={"tool": "book"}),
)


def build(steps: int) -> Trace:
    """A chain where the requirement is dropped halfway and forbidden text appears near the end."""
    rec = TraceRecorder(test_name=f"scale-{steps}", input="task")
    drop_at, inject_at = steps // 2, max(1, steps - 3)
    carried = "REQ-7"
    for i in range(steps):
        agent = f"Agent{i // 3}"
        if i == drop_at:
            carried = ""
        text = f"step {i} {carried}" + (" FORBIDDEN" if i >= inject_at else "")
        if i % 7 == 6:
            rec.tool(
                "search",
                agent=agent,
                args={"i": i},
                output=text,
                latency_ms=5.0,
                error="timeout" if i == steps - 1 else None,
            )
        else:
            rec.step(agent, input=f"from {i - 1} {carried}", output=text, latency_ms=10.0)
    final = f"answer {steps} {carried} confirmed" + (" FORBIDDEN" if steps > 3 else "")
    return rec.finalize(final_output=final)


def long_texts() -> list[tuple[str, Trace, Check]]:
    """(what, trace, failing check) with texts long where the content rules read tokens."""
    import itertools
    import json

    made: list[tuple[str, Trace, Check]] = []
    rec = TraceRecorder(test_name="names", input="Weather in Lille?")
    first = rec.step("A", input="Weather in Lille?", output="Lille: sun")
    rec.step("B", input="Lille: sun", output="x Word " * 14_000, parents=[first])
    made.append(("final output of 14,000 names", rec.finalize(), _contains("Lille")))

    code = "AB1234CD"
    shuffled = ["".join(p) for p in itertools.islice(itertools.permutations(code), 1, 8_001)]
    rec = TraceRecorder(test_name="codes", input=f"Book {code}.")
    parent = rec.step("A", input=f"Book {code}.", output=f"{code} " + "filler " * 14_000)
    for i in range(10):
        parent = rec.step(f"A{i}", input=code, output="filler " * 14_000, parents=[parent])
    rec.step("B", input=code, output=" ".join(shuffled), parents=[parent])
    made.append(("8,000 misspellings over 1 MB", rec.finalize(), _contains(code)))

    task = "Find order Q9999. " + " ".join(f"id{i}" for i in range(4_000))
    rec = TraceRecorder(test_name="arguments", input=task)
    ask = rec.step("A", input=task, output="calling lookup")
    arguments = json.dumps({f"k{i}": f"z{i}x" for i in range(1_000)})
    tool = rec.tool("lookup", agent="A", args=arguments, output="nothing", parents=[ask])
    rec.step("A", input=f"{task} nothing", output="No result.", parents=[ask, tool])
    made.append(("1,000 arguments, 4,000 task codes", rec.finalize(), _contains("Q1234")))

    rec = TraceRecorder(test_name="fan-in", input="q")
    parts = [rec.step("X", input="q", output=f"part {i}") for i in range(4_000)]
    rec.step("F", input="parts", output="done", parents=parts)
    made.append(("4,000 steps feeding the final one", rec.finalize(), _contains("522,250")))

    rec = TraceRecorder(test_name="loop", input="q")
    parent = None
    for _ in range(2_000):  # a search asked again and again, each time by a call that never
        # saw the result: every call is compared with the earlier ones for the loop's start
        ask = rec.step("A", input="x" * 100, output="search", parents=[parent] if parent else None)
        parent = rec.tool("search", agent="A", args={"query": "same"}, output="result " * 50,
                          parents=[ask])  # fmt: skip
    over = Check("tool_called", "tool_called:search", params={"tool": "search", "max": 1_999})
    made.append(("a loop of 2,000 calls, max 1,999", rec.finalize(), over))

    task = "Which band won the Championship Section at the 2024 Thornbury Brass Band Contest?"
    rec = TraceRecorder(test_name="runs", input=task)
    parent = None
    for number in range(2_000):  # a manager that hands a sub-agent the task again and again,
        # reworded, never reading the answers: each run is compared with the earlier ones
        asked = f"Find variant {number} of the 2024 Thornbury Brass Band Contest's winner."
        hand = rec.step("M", input="no answer here " * 50, output=f'search_agent(task="{asked}")',
                        kind="llm", parents=[parent] if parent else None)  # fmt: skip
        call = rec.step("S", input=asked, output="web_search(...)", kind="llm", parents=[hand])
        query = "Thornbury 2024 winner" if number % 2 else f"q{number}"  # half one search
        found = rec.tool("web_search", agent="S", args=query, output="Haworth Mills Band",
                         parents=[call])  # fmt: skip
        parent = rec.step("S", input=asked, output="Haworth Mills Band won. " * 40,
                          parents=[hand, call, found])  # fmt: skip
    rec.step("M", input="report", output="Haworth Mills Band", kind="llm", parents=[parent])
    over = Check(
        "tool_called", "tool_called:web_search", params={"tool": "web_search", "max": 1_999}
    )
    made.append(("2,000 sub-agent runs of one task", rec.finalize(), over))

    rec = TraceRecorder(test_name="pages", input="q")
    parent = None
    for page in range(20_000):  # different searches sharing most words: none repeats one
        ask = rec.step("A", input="x" * 100, output="search", parents=[parent] if parent else None)
        parent = rec.tool("search", agent="A", args={"query": f"page {page} of the archive"},
                          output=f"result {page} " * 5, parents=[ask])  # fmt: skip
    over = Check("tool_called", "tool_called:search", params={"tool": "search", "max": 19_999})
    made.append(("20,000 different calls, max 19,999", rec.finalize(), over))

    rec = TraceRecorder(test_name="runs", input="q")
    code = rec.step("M", input="q", output="for t in tasks: sub(t); save(...)", kind="llm")
    before = code
    for run in range(5_000):  # the manager's code runs its sub-agent, then calls a tool:
        # each tool's caller is looked for past the sub-agent's run (each run fed by the last)
        said = rec.step("S", input=f"task {run}", output=f"found {run}", kind="llm", parents=[code])
        ran = rec.step("S", input=f"task {run}", output=f"found {run}", parents=[said, before])
        before = rec.tool("save", agent="M", args=f"row {run}", output="saved", parents=[ran])
    over = Check("tool_called", "tool_called:save", params={"tool": "save", "max": 4_999})
    made.append(("5,000 tools after sub-agent runs", rec.finalize(), over))

    rec = TraceRecorder(test_name="chain", input="How many members? Number only.")
    code = rec.step("A", input="q", output="for p in pages: fetch(p)", kind="llm")
    before = code
    for page in range(5_000):  # one code step's loop: each tool is fed by the one before
        before = rec.tool("fetch", agent="A", args=f"page {page}", error=f"ReadTimeout {page}",
                          parents=[before])  # fmt: skip
    rec.step("A", input="nothing", output="37", kind="llm", parents=[before])
    wrong = Check("exact_match", "exact_match:999999", params={"value": "999999"})
    made.append(("5,000 failing calls of one code step", rec.finalize(final_output="37"), wrong))

    rec = TraceRecorder(test_name="came back", input="How many items? Number only.")
    before = None
    for item in range(3_000):  # each fetch fails, its reader lists the items, and every item
        # is fetched again at the end: whether a reader came back to its call is one look-up
        ask = rec.step("A", input="q", output=f"fetch('/items/{item}')", kind="llm",
                       parents=[] if before is None else [before])  # fmt: skip
        failed = rec.tool("fetch", agent="A", args=f"/items/{item}", error="503",
                          parents=[ask])  # fmt: skip
        read = rec.step("A", input="503", output="list_items()", kind="llm", parents=[failed])
        before = rec.tool("list_items", agent="A", args="", output="ok", parents=[read])
    for item in range(3_000):
        before = rec.tool("fetch", agent="A", args=f"/items/{item}", output="ok", parents=[before])
    rec.step("A", input="ok", output="37", kind="llm", parents=[before])
    made.append(("3,000 failed fetches fetched again", rec.finalize(final_output="37"), wrong))

    rec = TraceRecorder(test_name="inside words", input="When? ISO date.")
    parent = rec.step("M", input="When?", output="final_answer(x)", kind="llm")
    answer = "a" * 20  # found thousands of times, each inside a longer word
    for _ in range(200):
        parent = rec.step("S", input="x", output="a" * 100_000, kind="llm", parents=[parent])
    rec.step("M", input="When?", output=answer, parents=[parent])
    iso = Check("regex", "regex:iso", params={"value": r"^\d{4}-\d{2}-\d{2}$"})
    made.append(("an answer inside 200 x 100 kB words", rec.finalize(), iso))

    letters = "g" * 90_000  # a run of letters where a label is looked for before a figure
    task = f"Two tickets on line 41? Sequence: {letters} 12"
    rec = TraceRecorder(test_name="labels", input=task)
    ask = rec.step("A", input=task, output=f"fetch('{letters}/line/14')", kind="llm")
    got = rec.tool("fetch", agent="A", args=f"{letters}/line/14", output="2.2", parents=[ask])
    rec.step("A", input="2.2", output="4.40", kind="llm", parents=[got])
    made.append(("a 90 kB run of letters in a look-up", rec.finalize(), _exact("7.60")))

    blob = "a." * 100_000  # a 200 kB token: a hash, a minified text (no space to restart at)
    task = "At what altitude does the Vardeck Hut stand? Number only."
    rec = TraceRecorder(test_name="token", input=task)
    code = '<code>\nreport = search_agent(task="Find it.")\n</code>'
    ask = rec.step("M", input=task, output=f"I ask.\n{code}", kind="llm")
    report = "The hut stands at 2,731 m below the summit (2,964 m)."
    sub = rec.step("S", input="Find it.", output=report, kind="llm", parents=[ask])
    said = f"The figure is 2964 {blob}\n<code>\nfigure = 2964\n</code>"
    chose = rec.step("M", input=f"{code}\n{report}", output=said, kind="llm", parents=[sub])
    rec.tool("final_answer", agent="M", args="2964", output="2964", parents=[chose])
    made.append(("a 200 kB token beside a wrong value", rec.finalize(), _exact("2731")))

    unclosed = "x({ " * 50_000  # 200 kB of tool calls opened and never closed
    rec = TraceRecorder(test_name="calls", input=task)
    ask = rec.step("M", input=task, output=f"I ask.\n{code}", kind="llm")
    sub = rec.step("S", input="Find it.", output=report, kind="llm", parents=[ask])
    said = f'{unclosed}\nfinal_answer({{"answer": "The hut stands at 2964 m."}})'
    chose = rec.step("M", input=f"{code}\n{report}", output=said, kind="llm", parents=[sub])
    rec.tool("final_answer", agent="M", args="2964", output="2964", parents=[chose])
    made.append(("200 kB of unclosed tool calls", rec.finalize(), _exact("2731")))

    figures = " ".join(str(5_000 + i) for i in range(8_000))
    code = " + ".join(str(100 + i) for i in range(8_000))
    rec = TraceRecorder(test_name="operands", input="Total? Number only.")
    ran = rec.step(
        "A",
        input=f"{figures} {code}",
        output=f"<code>\nprint({code})\n</code>\n31996000",
        kind="llm",
    )
    rec.step("A", input="31996000", output="31996000", kind="llm", parents=[ran])
    made.append(("8,000 operands, 8,000 figures", rec.finalize(), _exact("99999")))

    rec = TraceRecorder(test_name="variables", input="How many more crews? Number only.")
    assigned = "<code>\n" + "last_year = 22\n" * 300 + "</code>"
    prev = rec.step("A", input="task", output=assigned, kind="llm")
    for _ in range(400):  # each call's code reads what the earlier code left
        code = "<code>\n" + "last_year = 22\n" * 300 + "print(this_year - last_year)\n</code>"
        ran = f"{code}\nExecution logs:\n6"
        prev = rec.step("A", input="28 crews, 19 organisations", output=ran,
                        kind="llm", parents=[prev])  # fmt: skip
    rec.step("A", input="6", output="final_answer('6')", kind="llm", parents=[prev])
    trace = rec.finalize(final_output="6")
    made.append(("400 calls reading earlier variables", trace, _exact("4")))

    task = "How many points did Ailsa finish the championship with? Number only."
    rec = TraceRecorder(test_name="negated", input=task)
    ask = rec.step("M", input=task, output="search_agent(task='standings')", kind="llm")
    page = rec.tool("web_search", agent="S", args="standings", output="Ailsa 412 pts",
                    parents=[ask])  # fmt: skip
    report = "no error " * 2_200 + "\nThe snippet had 412 pts."  # 20 kB of negated failures
    said = rec.step("S", input="Ailsa 412 pts", output=report, kind="llm", parents=[page])
    rec.step("M", input=report, output="final_answer('412')", kind="llm", parents=[said])
    trace = rec.finalize(final_output="412")
    made.append(("a report of 2,200 negated failures", trace, _exact("468")))

    many = " ".join(
        f"w{chr(97 + i % 26)}{chr(97 + i // 26 % 26)}{chr(97 + i // 676)}x" for i in range(4_000)
    )
    task = f"How many {many} hours of live programming a week? Number only."
    rec = TraceRecorder(test_name="beside", input=task)
    asked = "Find the hours on air each week."
    hand = rec.step("M", input=task, output=f'<code>\nsearch_agent(task="{asked}")\n</code>',
                    kind="llm")  # fmt: skip
    ask = rec.step("S", input=asked, output="visit_webpage('a')", kind="llm", parents=[hand])
    page = f"We are on air 24 hours a day. Around 96 {many} hours a week are live."
    read = rec.tool("visit_webpage", agent="S", args="a", output=page, parents=[ask])
    said = rec.step("S", input=page, output="168 hours each week.", kind="llm", parents=[read])
    rec.step("M", input="168 hours", output="168", kind="llm", parents=[said])
    made.append(("4,000 task words beside a value", rec.finalize(), _exact("96")))

    rec = TraceRecorder(test_name="next links", input="How many bells? Number only.")
    ask = rec.step("A", input="q", output="fetch_json('/bells')", kind="llm")
    links = "".join(f'{{"next": "/bells?cursor=c{n}"}} ' for n in range(5_000))
    before = rec.tool("fetch_json", agent="A", args="/bells", output=links, parents=[ask])
    for call in range(5_000):  # a listing's next links, each looked for among the calls made
        tower = "".join(chr(97 + call // 26**i % 26) for i in range(3))  # no figure in it
        before = rec.tool("fetch_json", agent="A", args=f"/towers/{tower}", output="{}",
                          parents=[before])  # fmt: skip
    rec.step("A", input="towers", output="final_answer('12')", kind="llm", parents=[before])
    made.append(("5,000 next links, 5,000 calls", rec.finalize(final_output="12"), _exact("31")))

    task = "Who won Class 5 at the 2024 Saltmarsh Bay race? Name only."
    rec = TraceRecorder(test_name="years", input=task)
    years = " ".join(str(year) for year in range(1500, 2100) if year != 2024)
    searched: list[str] = []
    for year in range(1500, 2100):  # each search asks about another year it was given
        if year == 2024:
            continue
        asked = rec.step("S", input=f"given {years}", output=f"search {year}", kind="llm",
                         parents=searched)  # fmt: skip
        hit = rec.tool("web_search", agent="S", args=f"Saltmarsh Bay race {year} Class 5",
                       output="Winner: Pieter de Vries", parents=[asked])  # fmt: skip
        searched = [asked, hit]
    rec.step("S", input=years, output="Pieter de Vries", kind="llm", parents=searched)
    made.append(("599 searches for years given", rec.finalize(), _exact("Tom Ashby")))

    task = "On what date does the autumn term start in the 2026/27 school year? YYYY-MM-DD."
    rec = TraceRecorder(test_name="seasons", input=task)
    docs = "year: school year, e.g. 2025-26; " * 600  # 20 kB of examples given each call
    before: list[str] = []
    for call in range(300):  # each asks about another season, given it only as an example
        asked = rec.step("S", input=docs, output=f"fetch {call}", kind="llm", parents=before)
        hit = rec.tool("fetch_json", agent="S", args=f"/term-dates?year=2025-26&page={call}",
                       output="autumn 2025-09-02", parents=[asked])  # fmt: skip
        before = [asked, hit]
    rec.step("S", input="autumn 2025-09-02", output="2025-09-02", kind="llm", parents=before)
    made.append(("300 calls for another season", rec.finalize(), _exact("2026-09-03")))
    return made


def _exact(value: str) -> Check:
    return Check("exact_match", f"exact_match:{value}", params={"value": value})


def _contains(value: str) -> Check:
    return Check("contains", f"contains:{value}", params={"value": value})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="10,100,1000,10000,100000")
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    args = parser.parse_args()
    evaluate_trace(build(10), CHECKS, threshold=0.75, name="warm-up")  # imports, not timing
    print(
        f"{'steps':>8} {'agents':>8} {'evaluate_trace':>15} {'failed checks':>14}"
        f"   (best of {args.repeat})"
    )
    for size in (int(s) for s in args.sizes.split(",")):
        trace = build(size)
        times = []
        for _ in range(args.repeat):
            gc.collect()
            start = time.perf_counter()
            result = evaluate_trace(trace, CHECKS, threshold=0.75, name=trace.test_name)
            times.append(time.perf_counter() - start)
        elapsed = min(times)
        failed = sum(not c.passed for c in result.checks)
        blamed = sum(bool(c.blame) for c in result.checks if not c.passed)
        print(
            f"{size:>8} {len(trace.agents):>8} {elapsed * 1000:>12.1f} ms "
            f"{failed:>6} ({blamed} blamed)"
        )
    print("target: 100,000 steps < 1 s")
    print(f"\n{'long texts':<36} {'evaluate_trace':>15}   (best of {args.repeat})")
    for what, trace, check in long_texts():
        times = []
        for _ in range(args.repeat):
            gc.collect()
            start = time.perf_counter()
            evaluate_trace(trace, (check,), threshold=0.75, name=trace.test_name)
            times.append(time.perf_counter() - start)
        print(f"{what:<36} {min(times) * 1000:>12.1f} ms")
    print("target: each < 1 s")


if __name__ == "__main__":
    main()
