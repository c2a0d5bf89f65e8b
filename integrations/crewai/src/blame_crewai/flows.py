"""The steps of a CrewAI Flow's own code: what a Flow method returned, when its code changed it.

A Flow method is plain Python between crews: it reads what the crews (or agents) it awaited
answered, and what it was given (the method it listens to's result, the Flow's state), and
returns a value that later methods and crews read. When that value is more than what it read,
passed on (answers whole, joined by punctuation), the code wrote it: a step of its own
(`flow method NAME`, `metadata.flow_method`, `metadata.by_code`), input what it read, output
its result, fed by the steps whose answers it read, and feeding the later runs whose prompts
quote its result. A method returning None, or a router's label, or a value made of nothing
any step wrote, is no step.
"""

from __future__ import annotations

import re

from blame.model import BY_CODE, StepKind
from blame_crewai.drafts import Draft
from blame_crewai.events import CrewEvent, Launch, concurrent

MIN_QUOTED = 8
"""How long a quoted earlier answer must be, stripped, to count as data flow (`steps`)."""
MIN_RESULT = 4
"""How long a method's result must be to count as quoted, as a whole word: a value code
hands on (a price, a code) is often short, and words of a prompt are told apart from it."""


class FlowMethods:
    """`steps.StepBuilder`'s handlers of a Flow's method runs."""

    _drafts: list[Draft]
    _done_tasks: list[tuple[str, str, int, Launch]]
    _kickoffs: int

    def __init__(self) -> None:
        self._methods: dict[str, tuple[CrewEvent, int]] = {}
        """Method runs started and not finished: (start, answers done before it)."""
        self._results: list[tuple[tuple[str, ...], str, int, Launch]] = []
        """(texts, step, kickoff count, launch) of each method run that is a step."""

    def _on_method_execution_started(self, event: CrewEvent) -> None:
        self._methods[event.event_id] = (event, len(self._done_tasks))

    def _on_method_execution_finished(self, event: CrewEvent) -> None:
        key = event.started_id if event.started_id in self._methods else None
        if key is None:  # the run of that method started last and not finished
            same = [
                k for k, (start, _) in self._methods.items() if start.tool_name == event.tool_name
            ]
            key = same[-1] if same else None
        if key is None:
            return
        start, done_before = self._methods.pop(key)
        fed = self._fed(start, done_before, event.launch)
        given = [part.strip() for part in start.parts if part.strip()]
        known = sorted({*given, *(text for text, _ in fed)}, key=lambda t: (-len(t), t))
        returned = [part.strip() for part in event.parts if part.strip()]
        # A crew's answer or a method's result stored whole is not this method's writing:
        # one running beside it may have stored it meanwhile (timing).
        answers = {a.strip() for a, *_ in self._done_tasks} | {
            t.strip() for texts, *_ in self._results for t in texts
        }
        before = set(start.state)
        read = {w for text in known for w in re.findall(r"\w+", text)}  # made once a method
        wrote = [
            (field, value.strip())
            for field, value in event.state
            if (field, value) not in before and value.strip() not in returned
            and value.strip() not in answers and _derived(value, read)
        ]  # fmt: skip
        parts = [*returned, *(value for _, value in wrote)]
        if not fed or all(_passed_on(part, known) for part in parts):
            return  # None, a route, a constant, or what it read, passed on
        name = f"flow method {event.tool_name}"
        written = [f"state.{field} = {value}" for field, value in wrote]
        inside = [text for text, _ in fed if text not in start.text]
        draft = Draft(
            StepKind.AGENT,
            name,
            name,
            "\n\n".join(t for t in (start.text, *inside) if t),
            "\n".join(t for t in (event.text, *written) if t),
            list(dict.fromkeys(step for _, step in fed)),
        )
        draft.metadata = {"flow_method": event.tool_name, BY_CODE: name}  # its code, no prompt
        draft.launch = event.launch
        self._drafts.append(draft)
        step_id = f"s{len(self._drafts) - 1}"
        self._results.append((tuple(parts), step_id, self._kickoffs, event.launch))

    def _fed(self, start: CrewEvent, done_before: int, launch: Launch) -> list[tuple[str, str]]:
        """(text, step) of what a method read: the earlier answers and method results what it
        was given quotes, and the last answer of each run it awaited (what kickoff returned)."""
        quoted = [
            (answer, step)
            for answer, step, _, done_at in self._done_tasks[:done_before]
            if len(answer) >= MIN_QUOTED and answer in start.text
            and not concurrent(done_at, start.launch)
        ]  # fmt: skip
        quoted += [
            (text, step)
            for texts, step, _, done_at in self._results
            for text in texts
            if not concurrent(done_at, start.launch) and _quotes(start.text, text)
        ]
        awaited: dict[int, tuple[str, str]] = {}
        for answer, step, kickoff, done_at in self._done_tasks[done_before:]:
            if done_at[: len(launch)] == launch and answer:
                awaited[kickoff] = (answer, step)
        return [*quoted, *awaited.values()]

    def _method_parents(self, prompt: str, kickoff: int, launch: Launch) -> list[str]:
        """Method steps of earlier kickoffs whose result `prompt` (of `kickoff`, launched at
        `launch`) quotes; not of methods that went on beside it (timing)."""
        return [
            step
            for texts, step, done_in, done_at in self._results
            if done_in < kickoff
            and not concurrent(done_at, launch)
            and any(_quotes(prompt, text) for text in texts)
        ]


def _quotes(prompt: str, text: str) -> bool:
    """Whether `prompt` has `text` (a method's result), as a whole word."""
    if len(text) < MIN_RESULT:
        return False
    return re.search(rf"(?<!\w){re.escape(text)}(?!\w)", prompt) is not None


def _derived(value: str, read: set[str]) -> bool:
    """Whether a value a method wrote into the state has a word or figure of what it read
    (`read`: the words of it; a flag or a constant it set is not data flow)."""
    words = {w for w in re.findall(r"\w+", value) if len(w) >= 3 or any(c.isdigit() for c in w)}
    return not words.isdisjoint(read)


def _passed_on(part: str, known: list[str]) -> bool:
    """Whether `part` is nothing but texts the method read (`known`, longest first), whole,
    and punctuation between them."""
    for text in known:
        part = part.replace(text, " ")
    return not any(ch.isalnum() for ch in part)
