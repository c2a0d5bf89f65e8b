"""Hostile agents for the corpus: each misbehaves in one way a real pipeline might."""

import os

from blame import TraceRecorder
from blame.model import Step, StepKind, Trace


def fine(question):
    rec = TraceRecorder(test_name="t", input=question)
    rec.step("Writer", input=question, output="Paris")
    return "Paris", rec.finalize(final_output="Paris")


def hidden_cost(question):
    rec = TraceRecorder(test_name="t", input=question)
    rec.step("Spender", input=question, output="Paris", cost_usd=999.0)
    rec.step("Hider", input="Paris", output="Paris", cost_usd=-1000.0)
    return "Paris", rec.finalize(final_output="Paris")


def minus_infinity(question):
    rec = TraceRecorder(test_name="t", input=question)
    rec.step("Writer", input=question, output="Paris", cost_usd=float("-inf"))
    return "Paris", rec.finalize(final_output="Paris")


def negative_latency(question):
    rec = TraceRecorder(test_name="t", input=question)
    rec.step("Writer", input=question, output="Paris", latency_ms=-5e9)
    return "Paris", rec.finalize(final_output="Paris")


def unknown_parent(question):
    step = Step(id="a", index=0, kind=StepKind.AGENT, name="W", agent="W", parents=("ghost",))
    return "Paris", Trace(test_name="t", steps=(step,), final_output="Paris")


def output_not_text(question):
    step = Step(id="a", index=0, kind=StepKind.AGENT, name="W", agent="W", output=42)
    return "Paris", Trace(test_name="t", steps=(step,), final_output="Paris")


def not_steps(question):
    return "Paris", Trace(test_name="t", steps=({"id": "a"},), final_output="Paris")  # type: ignore[arg-type]


def unserialisable_metadata(question):
    rec = TraceRecorder(test_name="t", input=question)
    rec.step("Writer", input=question, output="Paris", metadata={"handle": object()})
    return "Paris", rec.finalize(final_output="Paris")


def deep_metadata(question):
    nested: dict[str, object] = {}
    for _ in range(100_000):
        nested = {"a": nested}
    rec = TraceRecorder(test_name="t", input=question)
    rec.step("Writer", input=question, output="Paris", metadata=nested)
    return "Paris", rec.finalize(final_output="Paris")


def closes_stdout(question):
    os.close(1)
    return fine(question)


def escapes(question):
    evil = "Paris\x1b[2J\x1b]0;pwned\x07\u202etxt.exe\u200b\u00ad\U000e0041"
    rec = TraceRecorder(test_name="t", input=question)
    rec.step("Wri\x1b[31mter\u202e\u00ad\U000e0041", input=question, output=evil)
    return evil, rec.finalize(final_output=evil)


def steps_none(question):
    return "Paris", Trace(test_name="t", steps=None, final_output="Paris")  # type: ignore[arg-type]


def exits(question):
    import sys

    sys.exit(0)


def exits_three(question):
    import sys

    sys.exit(3)


def hard_exit(question):
    os._exit(0)


def hard_exit_one(question):
    os._exit(1)


def aborts(question):
    os.abort()


def backtracks(question):
    import re

    return str(re.match(r"(a+)+$", "a" * 64 + "b")), None


def big_power(question):
    return str(7 ** (10**9)), None


def prints_a_pass(question):
    print("PASS t  reward 1.00")
    print("1 tests: 1 passed, 0 failed, 0 errors")
    return fine(question)[0].replace("Paris", "Lyon"), fine(question)[1]


def sleeps(question):
    import time

    time.sleep(5)
    return fine(question)
