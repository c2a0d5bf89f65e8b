"""Confirmation for real: the example pipeline re-run from each suspect's step, and the
verdicts a re-run that varies, fails or cannot start from the step gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from blame.config import load_config
from blame.confirm import confirm_case
from blame.confirmation import Confirmation
from blame.model import Check, Trace
from blame.recorder import TraceRecorder
from blame.results import CaseResult
from blame.runner import evaluate_trace, run_suite
from blame.testing import make_check
from tests.conftest import EXAMPLES, MakeConfig


def _verdicts(path: Path, **kwargs: object) -> list[tuple[str, str, Confirmation | None]]:
    suite = run_suite(load_config(path), confirm=True, **kwargs)  # type: ignore[arg-type]
    return [
        (check.name, suspect.name, suspect.confirmation)
        for test in suite.tests
        for check in test.checks
        for suspect in check.blame
    ]


def test_the_example_confirms_its_culprits_and_refutes_the_runner_up() -> None:
    assert _verdicts(EXAMPLES / "confirm_pipeline" / "blame.yaml") == [
        (
            "contains:ref=ZX-4471",
            "Writer",
            Confirmation(
                "confirmed",
                "restore 'ref=ZX-4471' into step 3's output (Writer)",
                steps_rerun=1,  # the Editor; never the lookup, Researcher or Logger
                steps_total=5,
                passes=1,
                runs=1,
            ),
        ),
        (
            "contains:ref=ZX-4471",
            "Logger",
            Confirmation(
                "refuted",
                "restore 'ref=ZX-4471' into step 2's output (Logger)",
                steps_rerun=2,
                steps_total=5,
                passes=0,
                runs=1,
            ),
        ),
        (
            "contains:ref=ZX-4471",
            "lookup_order",
            Confirmation(
                "refuted",
                "restore 'ref=ZX-4471' into step 0's output (lookup_order)",
                steps_rerun=4,
                steps_total=5,
                passes=0,
                runs=1,
            ),
        ),
        ("contains:ref=ZX-4471", "Editor", None),  # fourth: only the top three are re-run
        (
            "not_contains:DRAFT",
            "Editor",
            Confirmation(
                "confirmed",
                "remove 'DRAFT' from step 4's output (Editor)",
                steps_total=5,
                passes=1,
                runs=1,
            ),
        ),
    ]


def test_without_confirm_nothing_is_re_run_and_the_results_are_unchanged() -> None:
    suite = run_suite(load_config(EXAMPLES / "confirm_pipeline" / "blame.yaml"))
    assert all(s.confirmation is None for c in suite.tests[0].checks for s in c.blame)
    assert '"confirmation"' not in suite.to_json()


STEPPED = """
from blame import TraceRecorder

def run(question):
    rec = TraceRecorder(input=question)
    notes = rec.step("Researcher", input=question, output="ref=7")
    rec.step("Writer", input="ref=7", output="done")
    return "done", rec.finalize()
"""


def _one_test(make_config: MakeConfig, agent: str, check: str, more: str = "") -> Path:
    """blame.yaml with one test `t` of `agent`'s run on input q, with `check` (and `more`)."""
    return make_config(
        "agent: {type: python, entrypoint: agent:run}\n"
        f"tests:\n  - {{name: t, input: q, {more}checks: [{check}]}}\n",
        agent=agent,
    )


def test_a_step_not_recorded_as_re_runnable_is_unavailable(make_config: MakeConfig) -> None:
    path = _one_test(make_config, STEPPED, '{type: contains, value: "ref=7"}')
    ((_, _, found),) = _verdicts(path)
    assert found == Confirmation(
        "unavailable",
        "restore 'ref=7' into step 1's output (Writer): step 1 is not re-runnable "
        "(record it with `rec.run_step`, or use an adapter that re-runs from a step)",
    )


SENT = """
from concurrent.futures import ThreadPoolExecutor

from blame import TraceRecorder


def send(text):
    return "sent: " + text


def run(question):
    rec = TraceRecorder(input=question)
    notes = rec.run_step("Researcher", lambda q: "ref=7; total=42", question)
    reply = rec.run_step("Writer", lambda n: "total=42", notes)
    with ThreadPoolExecutor(1) as pool:  # the tool runs in a pool's worker thread
        try:
            sent = pool.submit(rec.run_tool, "send", send, reply).result()
        except Exception:
            sent = "could not send"
    final = rec.run_step("Editor", lambda s: s, sent)
    return final, rec.finalize(final_output=final)
"""


def test_a_re_run_meets_the_faults_of_its_test(make_config: MakeConfig) -> None:
    """The Writer drops ref=7, but `send` is down in this test: restoring the ref cannot get
    it through, so the Writer is refuted. A re-run without the test's faults (or a tool in a
    pool thread that missed them) would send it and "confirm" the Writer."""
    path = _one_test(
        make_config,
        SENT,
        '{type: contains, value: "ref=7"}',
        "faults: [{tool: send, fault: error}], ",
    )
    suite = run_suite(load_config(path), confirm=True)
    (check,) = suite.tests[0].checks
    assert "could not send" in check.message  # the first run met the fault too
    assert (check.blame[0].name, check.blame[0].confirmation) == (
        "Writer",
        Confirmation(
            "refuted",
            "restore 'ref=7' into step 1's output (Writer)",
            steps_rerun=2,
            steps_total=4,
            passes=0,
            runs=1,
        ),
    )


def test_a_regex_suspect_gets_the_text_that_matched_upstream_restored(
    make_config: MakeConfig,
) -> None:
    path = _one_test(make_config, SENT, '{type: regex, value: "ref=\\\\d+"}')
    (_, name, found), *runners_up = _verdicts(path)
    # where the final answer first appeared, then the step that produced the final output
    assert [n for _, n, _ in runners_up] == ["Researcher", "Editor"]
    assert (name, found) == (
        "Writer",
        Confirmation(
            "confirmed",
            "restore 'ref=7' (matching /ref=\\d+/) into step 1's output (Writer)",
            steps_rerun=2,
            steps_total=4,
            passes=1,
            runs=1,
        ),
    )


BOOKING = """
from pathlib import Path

from blame import TraceRecorder

SEEN = Path(__file__).with_name("desk.txt")


def book(request):
    raise ConnectionError("booking service down (503)")


def reply(result):
    with SEEN.open("a", encoding="utf-8") as seen:
        seen.write(result + "\\n")
    return "Booking: " + result


def run(question):
    rec = TraceRecorder(input=question)
    try:
        result = rec.run_tool("book", book, question, agent="Desk")
        if "BK-" not in result:  # a success without a code: ask the service for it
            result = rec.run_tool("book", book, "code for " + question, agent="Desk")
    except Exception as error:
        result = f"failed: {error}"
    final = rec.run_step("Desk", reply, result)
    return final, rec.finalize(final_output=final)
"""
BOOKING_CONFIG = """
agent: {type: python, entrypoint: agent:run}
tests:
  - name: t
    input: a room in Porto
    checks: [{type: tool_succeeded, tool: book}]
"""


@pytest.mark.parametrize(
    ("tools", "verdict", "change", "rerun", "seen"),
    [
        (
            "",
            "refuted",  # "book: ok" carries no code: the desk asks again, and that call fails
            "book returns a stub success ('book: ok') at step 0; declare what it returns in "
            "tools.book.stub",
            2,
            "failed: booking service down (503)",
        ),
        (
            "tools: {book: {stub: 'Booked: confirmation BK-1042'}}\n",
            "confirmed",
            "book returns its declared stub success ('Booked: confirmation BK-1042') at step 0",
            1,
            "Booked: confirmation BK-1042",
        ),
    ],
    ids=["default", "declared"],
)
def test_a_failing_tool_returns_its_declared_stub_in_the_re_run(
    make_config: MakeConfig, tools: str, verdict: str, change: str, rerun: int, seen: str
) -> None:
    path = make_config(BOOKING_CONFIG + tools, agent=BOOKING)
    ((_, name, found),) = _verdicts(path)
    assert (name, found) == (
        "book",
        Confirmation(
            verdict,  # type: ignore[arg-type]
            change,
            steps_rerun=rerun,
            steps_total=2,
            passes=verdict == "confirmed",
            runs=1,
        ),
    )
    # The first run's desk read the failure; the re-run's read what the tool returned.
    lines = (path.parent / "desk.txt").read_text(encoding="utf-8").splitlines()
    assert lines == ["failed: booking service down (503)", seen]


def _recorded(editor: object) -> Trace:
    """Researcher finds ref=7, the Writer drops it, the Editor passes on (or not) its input."""
    rec = TraceRecorder(input="q")
    rec.run_step("Researcher", lambda q: "ref=7", "q")
    reply = rec.run_step("Writer", lambda text: "done", "ref=7")
    out = rec.run_step("Editor", editor, reply)  # type: ignore[arg-type]
    return rec.finalize(final_output=out)


def _case(trace: Trace) -> tuple[Check, CaseResult]:
    check = make_check("contains", value="ref=7")
    return check, evaluate_trace(trace, [check], threshold=1.0, name="t")


def test_re_runs_that_disagree_are_inconclusive() -> None:
    passes = iter([True, False, True])
    trace = _recorded(lambda text: text)
    check, case = _case(trace)
    assert case.checks[0].blame[0].name == "Writer"
    judged = confirm_case(
        case,
        trace,
        [check],
        lambda: _recorded(lambda text: text if next(passes) else "varied"),
        repeats=3,
    )
    assert judged.checks[0].blame[0].confirmation == Confirmation(
        "inconclusive",
        "restore 'ref=7' into step 1's output (Writer)",
        steps_rerun=1,
        steps_total=3,
        passes=2,
        runs=3,
    )


def test_an_adapter_that_cannot_re_run_says_so() -> None:
    trace = _recorded(lambda text: text)
    check, case = _case(trace)
    judged = confirm_case(case, trace, [check], _fail, unavailable="not for this adapter")
    assert judged.checks[0].blame[0].confirmation == Confirmation(
        "unavailable", "restore 'ref=7' into step 1's output (Writer): not for this adapter"
    )


def _fail() -> Trace:
    raise AssertionError("an unavailable adapter is never re-run")


def test_a_re_run_that_crashes_is_unavailable() -> None:
    from blame.errors import AgentError

    def crash() -> Trace:
        raise AgentError("boom", field="test 't'")

    trace = _recorded(lambda text: text)
    check, case = _case(trace)
    found = confirm_case(case, trace, [check], crash).checks[0].blame[0].confirmation
    assert found is not None and found.verdict == "unavailable"
    assert found.change.endswith("the re-run failed: boom")


def test_confirmation_in_worker_processes_gives_the_same_verdicts() -> None:
    path = EXAMPLES / "confirm_pipeline" / "blame.yaml"
    assert _verdicts(path, workers=2) == _verdicts(path)
