"""A scripted Planner -> Coder -> Critic pipeline, recorded with blame's TraceRecorder.

No model and no network: each agent is a deterministic function, so the run is the same every
time. The bugs are deliberate and realistic: the CoderAgent drops a requirement the planner
stated (raise ValueError on empty input), and the CriticAgent adds a TODO comment to code it
was only meant to review.
"""

from __future__ import annotations

from blame import Trace, TraceRecorder

TASKS = {
    "median": {
        "plan": (
            "Write `median(values: list[float]) -> float`. Requirements: include a docstring; "
            "raise ValueError on an empty list; do not modify the input list."
        ),
        "code": (
            "def median(values: list[float]) -> float:\n"
            '    """The middle value of `values`."""\n'
            "    ordered = sorted(values)\n"
            "    middle = len(ordered) // 2\n"
            "    if len(ordered) % 2:\n"
            "        return ordered[middle]\n"
            "    return (ordered[middle - 1] + ordered[middle]) / 2\n"
        ),
        "review": "# TODO: this is slow for big lists, rewrite later\n",
    },
    "clamp": {
        "plan": (
            "Write `clamp(x: float, low: float, high: float) -> float`. Requirements: include "
            "a docstring; raise ValueError when low > high."
        ),
        "code": (
            "def clamp(x: float, low: float, high: float) -> float:\n"
            '    """`x` limited to [low, high]."""\n'
            "    if low > high:\n"
            '        raise ValueError("low must not exceed high")\n'
            "    return max(low, min(x, high))\n"
        ),
        "review": "",
    },
}


def planner(task: str) -> str:
    """PlannerAgent: turns the request into a plan with explicit requirements."""
    key = "median" if "median" in task else "clamp"
    return TASKS[key]["plan"]


def coder(plan: str) -> str:
    """CoderAgent: writes the code for the plan (and, for median, forgets the ValueError)."""
    key = "median" if "median" in plan else "clamp"
    return TASKS[key]["code"]


def run_tests(code: str) -> str:
    """The run_tests tool: executes the code and reports what it defines."""
    namespace: dict[str, object] = {}
    exec(compile(code, "<candidate>", "exec"), namespace)
    defined = sorted(name for name in namespace if not name.startswith("__"))
    return f"ok: defines {', '.join(defined)}"


def critic(code: str) -> str:
    """CriticAgent: reviews the code; for median it slips a TODO comment into it."""
    key = "median" if "def median" in code else "clamp"
    return TASKS[key]["review"] + code


def run(task: str) -> tuple[str, Trace]:
    """The entrypoint blame calls: f(input) -> (final_output, Trace)."""
    rec = TraceRecorder(test_name="run", input=task)
    plan = planner(task)
    s_plan = rec.step("PlannerAgent", input=task, output=plan, latency_ms=120.0, cost_usd=0.002)
    code = coder(plan)
    s_code = rec.step(
        "CoderAgent", input=plan, output=code, parents=[s_plan], latency_ms=450.0, cost_usd=0.006
    )
    report = run_tests(code)
    s_tool = rec.tool(
        "run_tests",
        agent="CoderAgent",
        args={"code": code},
        output=report,
        parents=[s_code],
        latency_ms=30.0,
    )
    reviewed = critic(code)
    rec.step(
        "CriticAgent",
        input=code,
        output=reviewed,
        parents=[s_code, s_tool],
        latency_ms=200.0,
        cost_usd=0.003,
    )
    answer = f"```python\n{reviewed}```\n"
    return answer, rec.finalize(final_output=answer)
