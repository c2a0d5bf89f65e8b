"""Tool check types: tool_called, tool_not_called, tool_order, tool_succeeded and
no_unsupported_claim.

Each evaluates the trace's tool steps, attributes a failure through the engine's tool rules
(the caller that overcalled, skipped or broke the order, the tool that failed, the agent that
claimed success) and phrases its own patch.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from blame.checks.base import Builtin, P, count, pass_fail, text, text_list
from blame.engine import tools as rules
from blame.engine.claims import DEFAULT_CLAIMS, find_claim
from blame.errors import ConfigError
from blame.faultmarks import error_reply, failure, faulted, unbacked
from blame.frozen import dataclass
from blame.model import Check, Step, StepKind, Trace
from blame.patches import Pinned
from blame.results import Evaluation, Suspect
from blame.text import clean, quote
from blame.text import repr_quote as shown


@dataclass(frozen=True, slots=True)
class Tool:
    """The parameters of tool_not_called and tool_succeeded."""

    tool: str
    """The tool's step name."""


@dataclass(frozen=True, slots=True)
class Calls:
    """The parameters of tool_called."""

    tool: str
    """The tool's step name."""
    min: int | None = None
    """Fewest calls, as given (None: not given, at least 1)."""
    max: int | None = None
    """Most calls (None: no limit)."""

    @property
    def low(self) -> int:
        """The fewest calls that pass."""
        return 1 if self.min is None else self.min


@dataclass(frozen=True, slots=True)
class Order:
    """The parameters of tool_order."""

    tools: tuple[str, ...]
    """The tools, in the order they must be called."""


@dataclass(frozen=True, slots=True)
class Claim:
    """The parameters of no_unsupported_claim."""

    tool: str
    """The tool whose success backs a claim."""
    claims: tuple[str, ...] | None = None
    """The words that claim success, as given (None: `DEFAULT_CLAIMS`)."""

    @property
    def words(self) -> tuple[str, ...]:
        """The claim words in force."""
        return DEFAULT_CLAIMS if self.claims is None else self.claims


def _calls(trace: Trace, tool: str) -> list[Step]:
    return [s for s in trace.steps if s.kind is StepKind.TOOL and s.name == tool]


def _called_list(trace: Trace) -> str:
    names = sorted({s.name for s in trace.steps if s.kind is StepKind.TOOL})
    return f"tools called: {', '.join(names)}" if names else "no tools were called"


class _ToolCheck(Builtin[P]):
    """A tool check type, whose engine rule reads its parameters as written."""

    def rule_args(self, check: Check) -> tuple[Mapping[str, Any]]:
        """The check's parameters as written in the config."""
        return (check.params,)


class ToolCalled(_ToolCheck[Calls]):
    """`tool` is called at least `min` (default 1) and at most `max` times."""

    type = "tool_called"
    required = MappingProxyType({"tool": (text, "search")})
    optional = MappingProxyType({"min": count, "max": count})
    label_key = "tool"

    def make(self, params: Mapping[str, Any]) -> Calls:
        bound = Calls(str(params["tool"]), params.get("min"), params.get("max"))
        if bound.max is not None and bound.max < bound.low:
            raise ConfigError(f"max ({bound.max}) is less than min ({bound.low})")
        return bound

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        """Pass when the call count is within bounds."""
        bound = self.params(check)
        tool, low, high = bound.tool, bound.low, bound.max
        calls = _calls(trace, tool)
        wanted = f"at least {low}" if high is None else f"between {low} and {high}"
        if len(calls) >= low and (high is None or len(calls) <= high):
            return pass_fail(True, f"{tool} called {len(calls)} time(s) ({wanted})")
        actual = f"called {len(calls)} time(s)" if calls else f"never called; {_called_list(trace)}"
        return pass_fail(False, f"expected {tool} to be called {wanted} time(s); {actual}")

    rule = staticmethod(rules.tool_called)
    """The agent that overcalled, or the one that should have called."""

    def patch(self, check: Check, suspect: Suspect, trace: Trace | None) -> str:
        """Call it at most, at least, or at all."""
        bound = self.params(check)
        tool = clean(bound.tool)
        if suspect.kind == "handoff":
            return _route((bound.tool,), suspect)
        if (routed := _chose(trace, suspect, (bound.tool,))) is not None:
            return routed
        calls = Pinned.of(suspect, trace).tool_calls(bound.tool)
        if bound.max is not None and calls is not None and calls > bound.max:
            callers = _callers(trace, bound.tool)
            if callers and suspect.agent not in callers:
                # it never made the call: it asked another agent again, whose fresh run did
                them = ", ".join(clean(c) for c in sorted(callers))
                return (
                    f"Give {them} a task only once; reuse the answer instead of asking again "
                    f"(each time it called {tool} anew)."
                )
            return (
                f"Call {tool} at most {bound.max} time(s); reuse its result instead of "
                "calling again."
            )
        if bound.min is not None and bound.min > 1:
            return f"Call {tool} at least {bound.min} times before you answer."
        return f"Call {tool} before you answer; do not answer from memory."


def _route(tools: tuple[str, ...], suspect: Suspect) -> str:
    """For the sender of a handoff that gave the work to an agent without the tools."""
    them = "it" if len(tools) == 1 else "them"
    return (
        f"Hand work that needs {' and '.join(clean(t) for t in tools)} to an agent that has "
        f"{them}; {clean(suspect.receiver or suspect.agent)} does not."
    )


def _callers(trace: Trace | None, tool: str) -> set[str]:
    """The agents that called `tool` in the run."""
    return {s.agent for s in _calls(trace, tool)} if trace is not None else set()


def _chose(trace: Trace | None, suspect: Suspect, tools: tuple[str, ...]) -> str | None:
    """For a router blamed for its choice (its step records whom it chose among): whom work
    that needs the tool goes to."""
    if suspect.kind != "agent" or trace is None or suspect.step_index is None:
        return None
    for tool in tools:
        found = rules.routing_choice(trace, suspect.step_index, tool)
        if found is not None:
            chosen, owner = (clean(name) for name in found)
            return f"Hand work that needs {clean(tool)} to {owner}, who has it; {chosen} does not."
    return None


class ToolNotCalled(_ToolCheck[Tool]):
    """`tool` is never called."""

    type = "tool_not_called"
    required = MappingProxyType({"tool": (text, "delete_account")})
    label_key = "tool"

    def make(self, params: Mapping[str, Any]) -> Tool:
        return Tool(str(params["tool"]))

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        """Pass when no step calls the tool; else list the first calls."""
        tool = self.params(check).tool
        calls = _calls(trace, tool)
        if not calls:
            return pass_fail(True, f"{tool} was not called")
        where = ", ".join(f"step {s.index} by {s.agent}" for s in calls[:5])
        return pass_fail(
            False, f"expected {tool} never to be called; called {len(calls)} time(s) ({where})"
        )

    rule = staticmethod(rules.tool_not_called)
    """The agents that made the forbidden calls."""

    def patch(self, check: Check, suspect: Suspect, trace: Trace | None) -> str:
        """Never call it."""
        return f"Never call {clean(self.params(check).tool)}."


class ToolOrder(_ToolCheck[Order]):
    """The tool calls contain `tools` in this order (other calls may come between)."""

    type = "tool_order"
    required = MappingProxyType({"tools": (text_list, "[search, book]")})

    def make(self, params: Mapping[str, Any]) -> Order:
        return Order(tuple(str(t) for t in params["tools"]))

    def label(self, params: Mapping[str, Any]) -> str:
        """`tool_order:a>b>c`."""
        tools = params.get("tools") or []
        return f"{self.type}:{'>'.join(str(t) for t in tools)}"

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        """Pass when the calls contain the tools in order; else say which one is missing."""
        wanted = self.params(check).tools
        position = 0
        for step in trace.steps:
            if (
                position < len(wanted)
                and step.kind is StepKind.TOOL
                and step.name == wanted[position]
            ):
                position += 1
        if position == len(wanted):
            return pass_fail(True, f"tools called in order {' > '.join(wanted)}")
        missing = wanted[position]
        actual = [s.name for s in trace.steps if s.kind is StepKind.TOOL]
        sequence = (
            " > ".join(actual[:12]) + (" > ..." if len(actual) > 12 else "") if actual else "none"
        )
        return pass_fail(
            False,
            f"expected tools in order {' > '.join(wanted)}; {missing} not found after "
            f"{' > '.join(wanted[:position]) or 'the start'} (actual calls: {sequence})",
        )

    rule = staticmethod(rules.tool_order)
    """The call that broke the order, or the agent that skipped the next tool."""

    def patch(self, check: Check, suspect: Suspect, trace: Trace | None) -> str:
        """Call the tools in this order."""
        if suspect.kind == "handoff":
            return _route(self.params(check).tools, suspect)
        if (routed := _chose(trace, suspect, self.params(check).tools)) is not None:
            return routed
        names = [clean(t) for t in self.params(check).tools]
        return f"Call the tools in this order: {', then '.join(names)}."


class ToolSucceeded(_ToolCheck[Tool]):
    """`tool` is called and its last call succeeds (earlier failed attempts are retries)."""

    type = "tool_succeeded"
    required = MappingProxyType({"tool": (text, "book_flight")})
    label_key = "tool"
    phrases_failed_steps = True

    def make(self, params: Mapping[str, Any]) -> Tool:
        return Tool(str(params["tool"]))

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        """Pass when the tool's last call succeeded."""
        tool = self.params(check).tool
        calls = _calls(trace, tool)
        if not calls:
            return pass_fail(
                False, f"expected {tool} to succeed; it was never called ({_called_list(trace)})"
            )
        last = calls[-1]
        problem = failure(last)
        if problem is None:
            return pass_fail(True, f"{tool} succeeded (step {last.index})")
        how = "failed" if last.failed else "returned an error"
        return pass_fail(
            False,
            f"expected {tool} to succeed; its last call (step {last.index}) {how}: "
            f"{shown(problem)}",
        )

    rule = staticmethod(rules.tool_succeeded)
    """The tool at its failing call, or the agent that never called it."""

    def patch(self, check: Check, suspect: Suspect, trace: Trace | None) -> str:
        """Report the tool's failure."""
        tool = self.params(check).tool
        if suspect.kind == "handoff":
            return _route((tool,), suspect)
        if (routed := _chose(trace, suspect, (tool,))) is not None:
            return routed
        if (
            suspect.kind == "agent"
            and trace is not None
            and any(failure(c) is not None for c in _calls(trace, tool))
        ):
            # the agent's call was wrong (an argument the tool rejected), not the tool
            return f"Call {clean(tool)} only with values from the task or earlier results."
        return f"If {clean(tool)} fails, report the failure; never claim success."


class NoUnsupportedClaim(_ToolCheck[Claim]):
    """The output does not claim success (confirmed, booked, sent...) unless `tool` succeeded."""

    type = "no_unsupported_claim"
    required = MappingProxyType({"tool": (text, "book_flight")})
    optional = MappingProxyType({"claims": text_list})
    label_key = "tool"
    phrases_failed_steps = True

    def make(self, params: Mapping[str, Any]) -> Claim:
        claims = params.get("claims")
        return Claim(str(params["tool"]), None if claims is None else tuple(claims))

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        """Pass without a success claim, or with one the tool's success backs."""
        bound = self.params(check)
        tool = bound.tool
        calls = _calls(trace, tool)
        succeeded = [s.index for s in calls if not unbacked(s)]
        found = find_claim(trace.final_output, bound.words)
        if found is None:
            return pass_fail(True, "output makes no success claim")
        word, _ = found
        if succeeded:
            return pass_fail(
                True, f"output claims {word!r}; {tool} succeeded (step {succeeded[-1]})"
            )
        failed = ", ".join(str(s.index) for s in calls if unbacked(s))
        raised = "failed or was faulted" if any(faulted(s) for s in calls) else "failed"
        hows = [raised] if any(s.error is not None or faulted(s) for s in calls) else []
        if any(error_reply(s) for s in calls):
            hows.append("returned an error")
        hit = " or ".join(hows)
        why = (
            f"every call of {tool} {hit} (steps {failed})" if calls else f"{tool} was never called"
        )
        return pass_fail(
            False,
            f"output claims {word!r} but {why}; expected no success claim without a "
            f"successful {tool} call",
        )

    rule = staticmethod(rules.no_unsupported_claim)
    """The agent that claimed success the tool never backed."""

    def patch(self, check: Check, suspect: Suspect, trace: Trace | None) -> str:
        """Never claim success without the tool's."""
        bound = self.params(check)
        found = None if trace is None else find_claim(trace.final_output, bound.words)
        if found is not None:  # the word the agent used, not the list it might have used
            words = quote(found[0], 30)
        elif bound.claims:
            words = ", ".join(quote(c, 30) for c in bound.claims[:6])
        else:
            words = "done, confirmed, booked or sent"
        return (
            f"Never claim success ({words}) unless {clean(bound.tool)} was called and "
            f"succeeded; if it failed or was not called, say so."
        )


tool_called = ToolCalled()
tool_not_called = ToolNotCalled()
tool_order = ToolOrder()
tool_succeeded = ToolSucceeded()
no_unsupported_claim = NoUnsupportedClaim()
