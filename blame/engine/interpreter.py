"""What a code agent's call wrote, what it ran, and what its earlier code left in variables.

A code agent's output holds the code it wrote in fenced blocks and, after the last, what the
code printed. Its interpreter keeps state between steps (smolagents persists every
variable), so a calculation can read a figure an earlier step wrote as a literal
(`reef_total_km2 = 1150`, then `100 * no_take / reef_total_km2`): that figure is one of the
calculation's operands as surely as one written in its own code.
"""

from __future__ import annotations

import builtins
import keyword
import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable

from blame.engine.figures import is_number
from blame.engine.matching import Matcher, quote
from blame.engine.suspects import decision
from blame.graph import StepGraph
from blame.model import StepKind
from blame.text import SCAN, compiled_on_use

_name = compiled_on_use(r"\b[A-Za-z_]\w*\b")
"""An identifier the code reads."""
_target = compiled_on_use(r"(?m)^[ \t]*([A-Za-z_]\w*)[ \t]*=(?!=)")
"""A variable the code assigns itself."""
_assignment = compiled_on_use(r"(?m)^[ \t]*([A-Za-z_]\w*)[ \t]*=(?!=)[ \t]*(.*)$")
"""A variable and what the code assigns it."""
_literal = compiled_on_use(r"(-?\d[\d_]*(?:\.\d+)?)[ \t]*(?:#.*)?")
"""A number literal, alone on the right of an assignment (`total = 1150  # km2`)."""


def code_of(output: str) -> str:
    """The code of the output's closed code blocks, joined ("" when it wrote none): what a
    code agent's call wrote for it to run."""
    return "\n".join(blocks(output)[0])


def written(output: str) -> str:
    """What a call wrote itself: a code agent's output without what its code printed after
    the code (figures there were computed, not written)."""
    code, _, printed = blocks(output)
    if not code or not printed.strip():
        return output
    return output[: len(output) - len(printed)]


def prose(output: str) -> str:
    """A call's own words: its output outside its code, without what the code printed (a
    block's pieces on lines of their own, so figures on either side of code stay apart)."""
    _, rest, after = blocks(written(output[:SCAN]))
    return "\n".join([*rest, after])


_FENCES = (("```", "```"), ("<code>", "</code>"))
"""How an output marks the code in it: markdown fences, or the tags a code agent writes."""


def spoken(code: str) -> str:
    """What code says in words: its strings and comments (`data["area"]`, `# the fee`), not
    its names (`report.splitlines()`, `cells`), which a writer picks to hold a value, not to
    ask about one."""
    return "\n".join(m[0] for m in _said().finditer(code[:SCAN]))


def unsaid(code: str) -> str:
    """Code without its strings and comments (`visit_webpage("/results/2023")  # 3 pages`
    computes with no 2023 and no 3): what it computes with."""
    return _said().sub(" ", code[:SCAN])


def strings(code: str) -> str:
    """The strings of code (`f"{d:%Y-%m-%d} 00:00:00"`), its comments aside: what it writes
    out, not what it says about itself."""
    return "\n".join(_string().findall(code[:SCAN]))


_STRING = r""""[^"\n]*"|'[^'\n]*'"""
_string = compiled_on_use(_STRING)
"""A string of code, within its line (a triple-quoted line is three)."""
_said = compiled_on_use(rf"#[^\n]*|{_STRING}")
"""A comment or a string of code, each within its line."""


def ran_code(output: str) -> tuple[str, str] | None:
    """(code, the rest) of a step that wrote code and shows what it printed: a code agent's
    step holds the code it ran and, after it, the execution logs. None when the output has
    no closed code block, or nothing after its last one."""
    code, rest, after = blocks(output)
    if not code or not after.strip():
        return None
    return "\n".join(code), "".join(rest) + after


def printed_alone(flow: StepGraph, output: str, value: Matcher) -> bool:
    """What the code of a call's `output` printed has `value` alone on a line (quotes aside):
    the code picked it out, it did not list it among a record's fields."""
    printed = output[len(written(output)) :][:SCAN]
    for line in printed.splitlines()[:_PRINTED_LINES]:
        line = line.strip().strip("'\"")
        if not line:
            continue
        if value.pattern is None and value.needle is not None:
            if (line if value.case_sensitive else line.casefold()) == value.needle:
                return True
        elif value.pattern is not None:
            found = flow.search(value.pattern, line, value.ignore_case)
            if found is not None and found.text.strip() == line:
                return True
    return False


def _reported(flow: StepGraph, call: int, handed: Callable[[int], bool]) -> bool:
    """Another agent's step whose output `handed` says has the value fed the LLM call
    `call`, or an earlier LLM call of its agent whose code failed (a try it ran again) that
    fed it in turn. One walk back."""
    agent = flow.steps[call].agent
    todo, seen = [call], {call}
    while todo:
        for parent in flow.parent_indexes[todo.pop()]:
            step = flow.steps[parent]
            if step.agent != agent and handed(parent):
                return True
            retried = step.kind is StepKind.LLM and step.error is not None
            if step.agent == agent and retried and parent not in seen:
                seen.add(parent)
                todo.append(parent)
    return False


_PRINTED_LINES = 200
"""Lines of what code printed looked at for a value alone."""


def blocks(output: str) -> tuple[list[str], list[str], str]:
    """(the code of each closed block, the text between blocks, the text after the last).
    Found with plain searches, one pass (a regex over fences an agent left open would
    rescan the text from each one)."""
    code: list[str] = []
    rest: list[str] = []
    at = 0
    # Where each kind of fence next opens (-1: never again), searched again only once passed.
    opens = [output.find(opening) for opening, _ in _FENCES]
    while True:
        for kind, (opening, _) in enumerate(_FENCES):
            if 0 <= opens[kind] < at:
                opens[kind] = output.find(opening, at)
        found = [(start, kind) for kind, start in enumerate(opens) if start >= 0]
        if not found:
            break
        start, kind = min(found)
        opening, closing = _FENCES[kind]
        end = output.find(closing, start + len(opening))
        if end < 0:
            break
        rest.append(output[at:start])
        code.append(output[start + len(opening) : end])
        at = end + len(closing)
    return code, rest, output[at:]


def carried(flow: StepGraph, index: int, code: str) -> list[str]:
    """The number literals the agent's earlier calls assigned to the variables `code` (the
    code of call `index`) reads and does not assign itself, the last assignment of each, in
    the order each variable was first assigned."""
    wanted = _read_only(code)
    if not wanted:
        return []
    assigned = _literals(flow, flow.steps[index].agent)
    found: list[tuple[tuple[int, int], str]] = []
    for name in wanted & assigned.keys():
        calls, values, first = assigned[name]
        last = bisect_left(calls, index) - 1  # the last assignment before this call
        if last >= 0:
            found.append((first, values[last]))
    return [value for _, value in sorted(found)]


def _literals(
    flow: StepGraph, agent: str
) -> dict[str, tuple[list[int], list[str], tuple[int, int]]]:
    """Each variable the agent's calls assigned a number literal: (the calls, in order, the
    literal each assigned last, where it was first assigned). Read once per agent and trace:
    every calculation of a long run asks (a pass per call would be quadratic)."""
    cache: dict[str, dict[str, tuple[list[int], list[str], tuple[int, int]]]]
    cache = flow.shared.setdefault("literals", {})
    if agent in cache:
        return cache[agent]
    table: dict[str, tuple[list[int], list[str], tuple[int, int]]] = {}
    for call in flow.llm_calls.get(agent, ()):
        for match in _assignment().finditer(code_of(flow.steps[call].output[:SCAN])):
            number = _literal().fullmatch(match[2].strip())
            if number is None:
                continue
            calls, values, _ = table.setdefault(match[1], ([], [], (call, match.start())))
            if calls and calls[-1] == call:
                values[-1] = number[1].replace("_", "")  # the call's last assignment
            else:
                calls.append(call)
                values.append(number[1].replace("_", ""))
    cache[agent] = table
    return table


def _read_only(code: str) -> set[str]:
    """The names `code` reads and does not assign itself: what earlier code handed it."""
    return set(_name().findall(code)) - set(_target().findall(code))


def assigned_by(flow: StepGraph, index: int) -> tuple[int, str] | None:
    """(call, variable): the agent's latest earlier LLM call whose code computed a variable
    that the code of call `index` reads without assigning it (`viable = [a for a in data if
    a["viable"]]`, then `final_answer(str(len(viable)))`): where what it handed on was
    worked out. None when the latest assignment is a number literal (`carried` reads it)."""
    code = code_of(flow.steps[index].output[:SCAN])
    wanted = _read_only(code)
    calls = flow.llm_calls.get(flow.steps[index].agent, [])
    for earlier in reversed([c for c in calls if c < index] if wanted else []):
        found = [m for m in _assignment().finditer(code_of(flow.steps[earlier].output[:SCAN]))]
        for match in reversed(found):
            if match[1] in wanted:
                literal = _literal().fullmatch(match[2].strip()) is not None
                return None if literal else (earlier, match[1])
    return None


def assigned_in(output: str, name: str) -> list[str]:
    """What the code of a call's `output` assigns the variable `name`, each right side."""
    return [m[2] for m in _assignment().finditer(code_of(output[:SCAN])) if m[1] == name]


def assigned_before(flow: StepGraph, index: int) -> list[str]:
    """What the agent's earlier LLM calls' code assigned the variables that the code of call
    `index` reads without assigning them, each assignment's right side (`race_day =
    datetime.strptime(s, "%A, %d %B %Y")`): how what it handed on was made."""
    wanted = _read_only(code_of(flow.steps[index].output[:SCAN]))
    calls = flow.llm_calls.get(flow.steps[index].agent, []) if wanted else []
    return [
        match[2]
        for earlier in calls
        if earlier < index
        for match in _assignment().finditer(code_of(flow.steps[earlier].output[:SCAN]))
        if match[1] in wanted
    ]


def redone(flow: StepGraph, failed: int) -> bool:
    """Whether the agent's next call after call `failed`, whose code raised, wrote code that
    assigns again a variable the failed code assigned (`cast = datetime.strptime(...)` with
    `%B` for `%b`), or wrote again the line its error says raised, an expression, mended or
    after a fix elsewhere (`max(int(c) for c in counts)` as `max(count(c) for c in counts)`):
    it read the error and fixed the code, it did not go on as if it had run. Using what a
    line that raised assigned is no redoing it."""
    calls = flow.llm_calls.get(flow.steps[failed].agent, [])
    at = bisect_right(calls, failed)
    if at == len(calls):
        return False
    code = code_of(flow.steps[calls[at]].output[:SCAN])
    mine = set(_target().findall(code_of(flow.steps[failed].output[:SCAN])))
    if mine & set(_target().findall(code)):
        return True
    raised = _raised_at().search((flow.steps[failed].error or "")[:SCAN])
    if raised is None or _assigns().match(raised[1]) is not None:
        return False  # an assignment that raised is redone by assigning it again, as above
    return _rewritten(raised[1], code)


def _rewritten(line: str, code: str) -> bool:
    """Whether a line of `code` is `line` written again: it has two thirds or more of the
    names and strings `line` has, and `line` has two or more besides Python's own and a
    loop's one-letter names (any code has `print(total)`)."""
    names = _names_of(line)
    if len(names) < 2:
        return False
    return any(
        3 * len(names & _names_of(other)) >= 2 * len(names) for other in code.splitlines()[:500]
    )


def _names_of(line: str) -> set[str]:
    """The names and the words inside strings a line of code has, Python's keywords and
    built-in names (`print`, `int`) and one-letter names (`s`, a string's `f`) aside."""
    names = _name().findall(_string_prefix().sub("", line[:500]))
    return {name for name in names if len(name) > 1} - _KEYWORDS


_KEYWORDS = frozenset(keyword.kwlist) | frozenset(dir(builtins))
_assigns = compiled_on_use(r"[^(\n]*?(?<![=!<>:])=(?!=)|[^(\n]*?[-+*/%&|^@]=")
"""A line that assigns before any call: `x = ...`, `row["k"] = ...`, `lo, hi = ...`,
`best: int = ...`, `total += ...`; not `print(f(x=1))` nor `a == b`."""
_string_prefix = compiled_on_use(r"\b[rRbBfFuU]{1,2}(?=[\"'])")
"""A string literal's prefix (`f"`, `rb'`): no name."""
_raised_at = compiled_on_use(r"failed at line '([^\n]{1,500}?)' due to")
"""The line a code agent's error says raised (smolagents: `Code execution failed at line
'...' due to: ValueError: ...`)."""


def reran(flow: StepGraph, call: int) -> bool:
    """Whether LLM call `call` ran again the code of the agent's call before it, which raised
    (`redone`): what its code calls is that code's again, a retry."""
    failed = _failed_before(flow, call)
    return failed is not None and redone(flow, failed)


def redid(flow: StepGraph, call: int) -> int | None:
    """The agent's call just before LLM call `call` when that call's code raised and every
    line of `call`'s code is one of its lines (the retry only dropped what raised, `import
    numpy as np`): the earlier call decided what the code computes. None otherwise."""
    failed = _failed_before(flow, call)
    if failed is None:
        return None
    lines = _lines(code_of(flow.steps[call].output[:SCAN]))
    return failed if lines and lines < _lines(code_of(flow.steps[failed].output[:SCAN])) else None


def _failed_before(flow: StepGraph, call: int) -> int | None:
    """The agent's LLM call just before call `call`, when that one raised."""
    calls = flow.llm_calls.get(flow.steps[call].agent, [])
    at = bisect_left(calls, call)
    return calls[at - 1] if at and flow.steps[calls[at - 1]].error is not None else None


def _lines(code: str) -> set[str]:
    """A code's lines, spacing at their ends aside, blank lines left out."""
    return {line.strip() for line in code.splitlines() if line.strip()}


def computed_in_code(
    flow: StepGraph, final: int, origin: int, handed: Callable[[int], bool]
) -> tuple[int, str] | None:
    r"""(call, what it did): the call whose code computed the variable the final call's code
    handed on, when that call came after the tool whose output first had the wrong value
    (a count in a page only matched what the code then worked out; a value a call stated
    itself, `23 June 2015`, is its own, whatever code later formatted it). Not when another
    agent's answer that fed the call, or an earlier call of its agent it came through (a
    call whose code failed, retried), had the value (`handed`: whether a step's output has
    it): its code read the figure out of that report (`re.search(r"(\d+) choirs", report)`)."""
    last = decision(flow, final)
    worked = assigned_by(flow, last) if flow.steps[last].kind is StepKind.LLM else None
    if worked is None or worked[0] <= origin or flow.steps[origin].kind is not StepKind.TOOL:
        return None
    call, name = worked
    if _reported(flow, call, handed):
        return None
    return call, (
        f"{flow.label(call)} computed {quote(name)} in its code, which {flow.label(last)} "
        "handed on as the final answer"
    )


def in_reach(flow: StepGraph, content: Matcher, call: int, value: str) -> bool:
    """Whether the code of LLM call `call` could read the content (`value`): its input has
    it, or a tool an earlier call of its agent ran returned it. A code agent reads what its
    tools returned through its variables (`data["sites"]`), printed or not; but a number of
    one or two digits is in most listings by chance (`LH/FP7`, `volunteer 7`)."""
    if content.inp(flow, call):
        return True
    if is_number(value) and len(re.sub(r"\D", "", value)) < 3:
        return False
    agent = flow.steps[call].agent
    return any(
        flow.steps[earlier].kind is StepKind.TOOL
        and flow.steps[earlier].agent == agent
        and content.out(flow, earlier)
        for earlier in flow.ancestors(call)
    )
