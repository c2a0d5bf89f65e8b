"""Turn CrewAI bus events, in emission order, into blame steps with data-flow parents.

Pure and crewai-free: `events` extracts a `CrewEvent` from each bus event; `build_steps`
replays them. The shape of the graph:

- An agent execution (one agent on one task) is split into *turns*: a turn is the agent's
  reasoning between two tool results, one agent step named by the agent's role, carrying the
  tokens of the LLM calls made during it. The last turn's output is the agent's final answer.
- A turn's parents: the first turn's are the upstream steps whose output is in its prompt (the
  final turns of the tasks in its `context`, or the delegating agent's turn, or, for a crew a
  Flow kicks off after another, the final turns of earlier crews' tasks whose answer the prompt
  quotes); a later turn's are the tool steps whose results it read and the agent's previous turn.
- A tool call is a tool step (agent = caller) whose parent is the turn that issued it; a retry
  after an error is a further tool step with `metadata.attempt` and `retry_of`. A mistake CrewAI
  reports several times for one action (an unknown tool name) is one step (`metadata.reported`).
- With `planning=True`, CrewAI's planner writes a plan per task and appends it to the task's
  description: the planner's answer is a parent of every first turn whose prompt carries one.
- What CrewAI retrieves into a task prompt before the agent runs (knowledge sources, memory) is
  a tool step of that agent (`knowledge` or `memory`, input the query) feeding its first turn.
- An agent running its task again after a guardrail rejected its answer (`metadata.retry_of`)
  reads the rejected answer: that final turn, marked `metadata.guardrail_rejected`, is a parent.
  A guardrail that lets another text through wrote the task's answer: a step of its own
  (`guardrail NAME`, `metadata.guardrail`, `metadata.by_code`) fed by the answer it replaced.
  So does a task (or crew) callback that changed the task's output: `callback NAME`, and a
  Flow method whose code changed what it read: `flow method NAME` (`flows`).
- A tool with `result_as_answer=True` ends the execution without an LLM call: the last turn's
  input is the tool's result and its one parent the tool step (`metadata.result_as_answer`,
  `metadata.by_code`: code, not a prompt, wrote it).
- A delegation (`Delegate work to coworker` / `Ask question to coworker`) is a handoff: the
  coworker's first turn has the delegating turn as parent, and the delegation's tool step has
  the coworker's final turn as parent (the answer coming back), as has any tool under which an
  agent ran. A delegation under which none ran is a failed tool step (CrewAI's answer its error).

Steps are numbered in completion order, so every parent is an earlier step; the steps of a
crew's tasks that ran at the same time (`async_execution`) go by the task's position in the
crew, then by their own order, and the steps of crews, agents and Flow methods launched at the
same time go run by run in launch order (`drafts.step_order`), whichever thread finished first.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from blame.builder import TraceBuilder
from blame.model import BY_CODE, Step, StepKind
from blame_crewai.drafts import Draft as _Draft
from blame_crewai.drafts import Execution as _Execution
from blame_crewai.drafts import ToolCall as _ToolCall
from blame_crewai.drafts import Turn as _Turn
from blame_crewai.drafts import latency_ms, step_order, turn_draft
from blame_crewai.events import CrewEvent, Launch, concurrent
from blame_crewai.flows import MIN_QUOTED, FlowMethods

DELEGATION_TOOLS = frozenset({"delegate_work_to_coworker", "ask_question_to_coworker"})
"""CrewAI's delegation tools, by sanitised name."""
UNFINISHED = "no result: the run stopped during this call"
"""The error of a tool call that never finished (the crew crashed inside it)."""


class StepBuilder(FlowMethods):
    """Replays events (sorted by `seq`) into steps; `steps()` returns the result."""

    def __init__(self) -> None:
        super().__init__()
        self._drafts: list[_Draft] = []
        self._executions: dict[str, _Execution] = {}
        self._open: dict[tuple[str | None, str | None], str] = {}
        self._tools: dict[str, _ToolCall] = {}
        self._tasks: dict[str, CrewEvent] = {}
        self._task_final: dict[str, str] = {}
        self._done_tasks: list[tuple[str, str, int, Launch]] = []
        """(answer, final step, kickoff, launch) of each task (or agent kickoff) done."""
        self._plans: list[tuple[str, str]] = []
        self._retrieved: dict[tuple[str | None, str | None], list[str]] = {}
        self._kickoffs = 0
        self._tool_steps: dict[str, tuple[str, str]] = {}
        self._attempts: dict[tuple[str | None, str | None], str] = {}
        self._scopes: dict[str, str] = {}
        self._lanes: dict[str, tuple[int, int]] = {}
        self.unattributed_tokens = 0
        """Tokens of LLM calls made outside any agent execution (planning, conversion)."""

    def feed(self, events: Iterable[CrewEvent]) -> StepBuilder:
        """Replay `events` in emission order."""
        for event in sorted(events, key=lambda e: (e.seq, e.arrival)):
            handler = getattr(self, "_on_" + event.type, None)
            if handler is not None:
                handler(event)
        return self

    def steps(self) -> tuple[Step, ...]:
        """The steps so far; executions still open (a crash) are closed with what they have."""
        for start_id in list(self._tools):
            self._close_tool(start_id, output="", error=UNFINISHED, ended=None)
        for execution in self._executions.values():
            if execution.final_step is None and execution.turn is not None:
                self._close_turn(execution)
        built = TraceBuilder()
        order = step_order(self._drafts)
        number = {f"s{old}": f"s{new}" for new, old in enumerate(order)}
        for draft in (self._drafts[old] for old in order):
            metadata = dict(draft.metadata)
            if metadata.get("retry_of") in number:
                metadata["retry_of"] = number[metadata["retry_of"]]
            built.add(
                kind=draft.kind,
                name=draft.name,
                agent=draft.agent,
                input=draft.input,
                output=draft.output,
                parents=sorted(
                    dict.fromkeys(number.get(p, p) for p in draft.parents), key=_step_number
                ),
                error=draft.error,
                latency_ms=draft.latency_ms,
                tokens=draft.tokens,
                metadata=metadata,
            )
        return built.steps

    # -- tasks -------------------------------------------------------------------------

    def _on_task_started(self, event: CrewEvent) -> None:
        self._tasks[event.event_id] = event
        if event.task_id is not None:
            self._tasks[event.task_id] = event

    def _on_task_completed(self, event: CrewEvent) -> None:
        if event.task_id is None:
            return
        for key in [key for key in self._attempts if key[1] == event.task_id]:
            del self._attempts[key]
        final = self._task_final.get(event.task_id)
        if final is not None and event.tool_name is not None:
            final = self._called_back(event, final)
        if final is not None:
            kickoff = self._lanes.get(event.task_id, (self._kickoffs, 0))[0]
            self._done_tasks.append((event.text.strip(), final, kickoff, event.launch))
            self._plans.extend((plan.strip(), final) for plan in event.plans)

    def _on_task_failed(self, event: CrewEvent) -> None:
        """A task failed after its answer (not the model `output_json` asks for): it is where."""
        final = self._task_final.get(event.task_id or "")
        if final is None or any(d.error for d in self._drafts[int(final[1:]) :]):
            return  # no answer yet, or a step after it failed already: that step says where
        self._drafts[int(final[1:])].error = event.error or "the task failed"

    def _called_back(self, event: CrewEvent, final: str) -> str:
        """A callback that changed the task's output wrote what the next tasks read: a step."""
        answer = self._drafts[int(final[1:])]
        if event.text.strip() in ("", answer.output.strip()):
            return final
        name, task = f"callback {event.tool_name}", answer.metadata.get("task")
        draft = replace(answer, name=name, agent=name, input=answer.output, output=event.text)
        draft.parents, draft.latency_ms, draft.tokens = [final], None, None  # its place: kept
        draft.metadata = {"callback": event.tool_name, **({"task": task} if task else {})}
        draft.metadata[BY_CODE] = name  # the callback function, not a prompt
        self._task_final[event.task_id or ""] = self._add(draft)
        return self._task_final[event.task_id or ""]

    def _on_crew_kickoff_started(self, event: CrewEvent) -> None:
        self._kickoffs += 1
        self._lanes.update((task, (self._kickoffs, i)) for i, task in enumerate(event.task_order))

    def _quoted_parents(self, prompt: str, kickoff: int, launch: Launch) -> list[str]:
        """Final turns of earlier kickoffs' tasks whose answer `prompt` (of `kickoff`, launched
        at `launch`) quotes (a Flow's data); not of runs that went on beside it (timing)."""
        return [
            step
            for output, step, done_in, done_at in self._done_tasks
            if done_in != kickoff
            and done_in < self._kickoffs
            and not concurrent(done_at, launch)
            and len(output) >= MIN_QUOTED
            and output in prompt
        ]

    def _plan_parents(self, prompt: str) -> list[str]:
        """The planner's answer, when `prompt` carries a plan it wrote (appended to the task)."""
        return [step for plan, step in self._plans if len(plan) >= MIN_QUOTED and plan in prompt]

    def _context_parents(self, task: CrewEvent | None) -> list[str]:
        if task is None:
            return []
        if task.context_task_ids is not None:
            return [self._task_final[t] for t in task.context_task_ids if t in self._task_final]
        # CrewAI passes the answers of the crew's earlier tasks: of this kickoff, not of another
        # copy of the crew running beside it (kickoff_for_each_async) that answered the same.
        kickoff = self._lanes.get(task.task_id or "", (None, 0))[0]
        return [
            step
            for output, step, done_in, _ in self._done_tasks
            if output and output in task.text and kickoff in (None, done_in)
        ]

    # -- agent executions ----------------------------------------------------------------

    def _on_agent_execution_started(self, event: CrewEvent) -> None:
        role = event.agent_role or "agent"
        delegation = self._tools.get(event.parent_id or "")
        retry_of: str | None = None
        if delegation is not None:
            parents = [delegation.issued_by] if delegation.issued_by else []
            delegated_by = self._executions[delegation.execution].role
            lane = self._executions[delegation.execution].lane
        else:
            task = self._tasks.get(event.parent_id or "") or self._tasks.get(event.task_id or "")
            lane = self._lanes.get(event.task_id or "")
            kickoff = self._kickoffs if lane is None else lane[0]
            parents = [
                *self._plan_parents(event.text),
                *self._context_parents(task),
                *self._quoted_parents(event.text, kickoff, event.launch),
                *self._method_parents(event.text, kickoff, event.launch),
            ]
            delegated_by = None
            retry_of = self._attempts.get((event.agent_id, event.task_id))
            if retry_of is not None:  # the task again, its rejected answer in the prompt
                parents.append(retry_of)
        parents.extend(self._retrieved.pop((event.agent_id, event.task_id), ()))
        execution = _Execution(
            role=role,
            task_id=event.task_id,
            task_name=event.task_name,
            first_parents=parents,
            first_input=event.text,
            delegated_by=delegated_by,
            lane=lane,
            launch=event.launch,
            kickoff=lane[0] if lane is not None else self._kickoffs,
            delegation_start=event.parent_id if delegation is not None else None,
            retry_of=retry_of,
        )
        self._executions[event.event_id] = execution
        self._open[(event.agent_id, event.task_id)] = event.event_id
        self._open_turn(execution, event.timestamp)

    def _on_agent_execution_completed(self, event: CrewEvent) -> None:
        self._finish_execution(event, output=event.text, error=None)

    def _on_agent_execution_error(self, event: CrewEvent) -> None:
        self._finish_execution(event, output="", error=event.error or "agent execution failed")

    _on_lite_agent_execution_error = _on_agent_execution_error

    def _on_lite_agent_execution_started(self, event: CrewEvent) -> None:
        """`Agent.kickoff` (as in a Flow): a run of its own, an execution without a task."""
        self._kickoffs += 1
        self._on_agent_execution_started(event)

    def _on_lite_agent_execution_completed(self, event: CrewEvent) -> None:
        """A later run whose prompt quotes this answer is fed by it."""
        step_id = self._finish_execution(event, output=event.text, error=None)
        execution = self._executions.get(event.started_id or "")
        if step_id is not None:
            kickoff = self._kickoffs if execution is None else execution.kickoff
            self._done_tasks.append((event.text.strip(), step_id, kickoff, event.launch))

    def _finish_execution(self, event: CrewEvent, *, output: str, error: str | None) -> str | None:
        execution_id = event.started_id
        if execution_id not in self._executions:
            execution_id = self._open.get((event.agent_id, event.task_id))
        execution = self._executions.get(execution_id or "")
        if execution_id is None or execution is None:
            return None
        unread = execution.unread_tools[-1:]
        turn = execution.turn or self._open_turn(execution, event.timestamp)
        tool = self._drafts[int(unread[0][1:])] if unread and not turn.llm_calls else None
        if tool and tool.error is None and tool.output.strip() == output.strip() != "":
            turn.parents, turn.input, turn.answered_by = unread, output, tool.name  # no LLM call
        if output:
            turn.output = output
        if error is not None:
            turn.error = error
        step_id = self._close_turn(execution, ended=event.timestamp)
        execution.final_step = step_id
        self._open.pop((event.agent_id, event.task_id), None)
        if execution.task_id is not None and execution.delegated_by is None:
            self._task_final[execution.task_id] = step_id
            self._attempts[(event.agent_id, execution.task_id)] = step_id
        delegation = self._tools.get(execution.delegation_start or "")
        if delegation is not None:
            delegation.coworker_final = step_id
        return step_id

    def _open_turn(self, execution: _Execution, timestamp: float) -> _Turn:
        if execution.turns == 0:
            parents, text = list(execution.first_parents), execution.first_input
        else:
            # The turn's LLM call sees the whole conversation: the task and its context as well
            # as the tool results, so text from the context is inherited, not introduced here.
            parents = [*execution.first_parents, *execution.unread_tools]
            if execution.last_step is not None:
                parents.append(execution.last_step)
            observations = [self._tool_observation(step_id) for step_id in execution.unread_tools]
            text = "\n\n".join(t for t in (execution.first_input, *observations) if t)
        execution.unread_tools = []
        execution.turn = _Turn(parents=parents, input=text, started=timestamp)
        execution.turns += 1
        return execution.turn

    def _tool_observation(self, step_id: str) -> str:
        draft = self._drafts[int(step_id[1:])]
        result = draft.error if draft.error is not None else draft.output
        return f"{draft.name}: {result}"

    def _close_turn(self, execution: _Execution, *, ended: float | None = None) -> str:
        turn = execution.turn
        assert turn is not None
        execution.turn = None
        step_id = self._add(turn_draft(execution, turn, ended))
        execution.last_step = step_id
        return step_id

    def _execution_for(self, event: CrewEvent) -> tuple[str, _Execution] | None:
        execution_id = self._open.get((event.agent_id, event.task_id))
        if execution_id is None:
            candidates = [
                eid
                for (agent_id, task_id), eid in self._open.items()
                if (event.task_id is not None and task_id == event.task_id)
                or (event.agent_id is None and self._executions[eid].role == event.agent_role)
            ]
            execution_id = candidates[-1] if candidates else None
        scope = event.parent_id
        if execution_id is None and event.agent_id is None and event.task_id is None:
            # A call CrewAI makes for the agent without naming it (the forced final answer at
            # max_iter) runs in the scope of the agent's other calls.
            execution_id = self._scopes.get(scope or "")
            if execution_id not in self._open.values():
                execution_id = None
        if execution_id is None:
            return None
        if scope is not None:
            self._scopes[scope] = execution_id
        return execution_id, self._executions[execution_id]

    # -- LLM calls -----------------------------------------------------------------------

    def _on_llm_call_started(self, event: CrewEvent) -> None:
        found = self._execution_for(event)
        if found is not None and found[1].turn is None:
            self._open_turn(found[1], event.timestamp)

    def _on_llm_call_completed(self, event: CrewEvent) -> None:
        found = self._execution_for(event)
        if found is None:
            self.unattributed_tokens += event.tokens or 0
            return
        execution = found[1]
        turn = execution.turn or self._open_turn(execution, event.timestamp)
        turn.llm_calls += 1
        turn.output = event.text
        turn.error = None
        if event.tokens is not None:
            turn.tokens = (turn.tokens or 0) + event.tokens
        if event.model:
            turn.models.append(event.model)

    def _on_llm_call_failed(self, event: CrewEvent) -> None:
        found = self._execution_for(event)
        if found is not None:
            execution = found[1]
            turn = execution.turn or self._open_turn(execution, event.timestamp)
            turn.llm_calls += 1
            turn.error = event.error or "LLM call failed"

    # -- tools ---------------------------------------------------------------------------

    def _issue(self, event: CrewEvent) -> tuple[str, _Execution] | None:
        found = self._execution_for(event)
        if found is not None and found[1].turn is not None:
            self._close_turn(found[1], ended=event.timestamp)
        return found

    def _on_tool_usage_started(self, event: CrewEvent) -> None:
        found = self._issue(event)
        if found is None:
            return
        execution_id, execution = found
        self._tools[event.event_id] = _ToolCall(
            execution=execution_id,
            name=event.tool_name or "tool",
            key=event.tool_key or event.tool_name or "tool",
            args=event.tool_args,
            issued_by=execution.last_step,
            started=event.timestamp,
            attempt=event.attempt,
            coworker=event.coworker,
        )

    def _on_tool_usage_finished(self, event: CrewEvent) -> None:
        self._finish_tool(event, output=event.text, error=event.error)

    def _on_tool_usage_error(self, event: CrewEvent) -> None:
        self._finish_tool(event, output="", error=event.error or "tool error")

    def _finish_tool(self, event: CrewEvent, *, output: str, error: str | None) -> None:
        start_id = event.started_id if event.started_id in self._tools else None
        if start_id is None:
            start_id = self._latest_pending(event)
        if start_id is not None:
            self._close_tool(
                start_id,
                output=output,
                error=error,
                ended=event.timestamp,
                from_cache=event.from_cache,
            )

    def _close_tool(
        self,
        start_id: str,
        *,
        output: str,
        error: str | None,
        ended: float | None,
        from_cache: bool = False,
    ) -> None:
        call = self._tools.pop(start_id)
        execution = self._executions[call.execution]
        parents = [call.issued_by] if call.issued_by else []
        metadata: dict[str, Any] = {}
        if execution.task_name:
            metadata["task"] = execution.task_name
        if call.attempt is not None:
            metadata["attempt"] = call.attempt
        if from_cache:
            metadata["from_cache"] = True
        if call.coworker_final is not None:  # an agent ran under the call: its answer
            parents.append(call.coworker_final)
        if call.key in DELEGATION_TOOLS:
            metadata["delegation_to"] = call.coworker or ""
            if call.coworker_final is None and error is None and ended and not from_cache:
                # No coworker ran (CrewAI answers an unknown coworker's name with an error text).
                error, output = output.strip() or "the delegation reached no coworker", ""
        retry_of = self._previous_failure(call)
        if retry_of is not None:
            metadata["retry_of"] = retry_of
        step_id = self._add(
            _Draft(
                kind=StepKind.TOOL,
                name=call.name,
                agent=execution.role,
                input=call.args,
                output=output,
                parents=parents,
                error=error,
                latency_ms=latency_ms(call.started, ended),
                tokens=None,
                metadata=metadata,
                lane=execution.lane,
                launch=execution.launch,
            )
        )
        self._tool_steps[step_id] = (call.execution, call.key)
        execution.unread_tools.append(step_id)

    def _latest_pending(self, event: CrewEvent) -> str | None:
        found = self._execution_for(event)
        for start_id, call in reversed(self._tools.items()):
            if (found is None or call.execution == found[0]) and call.key == event.tool_key:
                return start_id
        return None

    def _previous_failure(self, call: _ToolCall) -> str | None:
        """The failed attempt this call retries: same tool and arguments, no LLM call between.

        Not another call of the same response (native tool calls run side by side).
        """
        execution = self._executions[call.execution]
        for step_id in reversed(execution.unread_tools):
            draft = self._drafts[int(step_id[1:])]
            if draft.name == call.name and draft.input == call.args and draft.error is not None:
                return step_id
        return None

    def _on_tool_failure_detected(self, event: CrewEvent) -> None:
        """A tool that returned a ToolFailure: mark its latest step (of the execution the event
        names; of an agent of that role if it names none) failed."""
        found = self._execution_for(event) if event.agent_id or event.task_id else None
        for step_id, (execution_id, key) in reversed(self._tool_steps.items()):
            role = self._executions[execution_id].role
            if key == event.tool_key and (
                execution_id == found[0]
                if found is not None
                else role == event.agent_role or event.agent_role is None
            ):
                draft = self._drafts[int(step_id[1:])]
                if draft.error is None:
                    draft.error = event.error or "tool reported a failure"
                return

    def _on_tool_selection_error(self, event: CrewEvent) -> None:
        """The agent asked for a tool that does not exist or gave invalid input."""
        found = self._issue(event)
        if found is None:
            return
        execution_id, execution = found
        if execution.unread_tools:  # no LLM call since: the same action reported again
            last = self._drafts[int(execution.unread_tools[-1][1:])]
            if (last.metadata.get("mistake"), last.name, last.input, last.error) == (
                event.type,
                event.tool_name or "tool",
                event.tool_args,
                event.error or event.type,
            ):
                last.metadata["reported"] = last.metadata.get("reported", 1) + 1
                return
        metadata: dict[str, Any] = {"mistake": event.type}
        if execution.task_name:
            metadata["task"] = execution.task_name
        step_id = self._add(
            _Draft(
                kind=StepKind.TOOL,
                name=event.tool_name or "tool",
                agent=execution.role,
                input=event.tool_args,
                output="",
                parents=[execution.last_step] if execution.last_step else [],
                error=event.error or event.type,
                latency_ms=None,
                tokens=None,
                metadata=metadata,
                lane=execution.lane,
                launch=execution.launch,
            )
        )
        self._tool_steps[step_id] = (execution_id, event.tool_key or "")
        execution.unread_tools.append(step_id)

    _on_tool_validate_input_error = _on_tool_selection_error

    def _on_knowledge_search_query_completed(self, event: CrewEvent) -> None:
        """Text CrewAI retrieved into the agent's prompt for this task: a step of the agent,
        fed by the earlier answers it quotes (what memory saved in this run)."""
        if not event.text.strip():
            return
        quoted = [
            step
            for output, step, _, _ in self._done_tasks
            if len(output) >= MIN_QUOTED and output in event.text
        ]
        step_id = self._add(
            _Draft(
                kind=StepKind.TOOL,
                name=event.tool_name or "retrieval",
                agent=event.agent_role or "agent",
                input=event.tool_args,
                output=event.text,
                parents=quoted,
                error=None,
                latency_ms=None,
                tokens=None,
                metadata={"task": event.task_name} if event.task_name else {},
                lane=self._lanes.get(event.task_id or ""),
                launch=event.launch,
            )
        )
        self._retrieved.setdefault((event.agent_id, event.task_id), []).append(step_id)

    _on_memory_retrieval_completed = _on_knowledge_search_query_completed

    def _on_llm_guardrail_completed(self, event: CrewEvent) -> None:
        """A guardrail rejected a task's answer: note it on that answer's step. One that let
        another text through (a function's `(True, value)`) wrote the task's answer: a step."""
        step_id = self._attempts.get((event.agent_id, event.task_id))
        if step_id is None:
            ids = [s for (_, task_id), s in self._attempts.items() if task_id == event.task_id]
            step_id = ids[-1] if ids else None
        answer = None if step_id is None else self._drafts[int(step_id[1:])]
        if answer is not None and event.error is not None:
            answer.metadata["guardrail_rejected"] = event.error
        elif answer is not None and event.text.strip() not in ("", answer.output.strip()):
            name, task = f"guardrail {event.tool_name}", answer.metadata.get("task")
            draft = _Draft(StepKind.AGENT, name, name, answer.output, event.text, [step_id or ""])
            draft.metadata.update(guardrail=event.tool_name, **({"task": task} if task else {}))
            draft.metadata[BY_CODE] = name  # the guardrail function, not a prompt
            draft.lane, draft.launch = answer.lane, answer.launch
            self._task_final[event.task_id or ""] = self._add(draft)

    def _add(self, draft: _Draft) -> str:
        self._drafts.append(draft)
        return f"s{len(self._drafts) - 1}"


def build_steps(events: Sequence[CrewEvent]) -> tuple[tuple[Step, ...], int]:
    """Steps from events, and the tokens spent outside any agent execution."""
    builder = StepBuilder().feed(events)
    return builder.steps(), builder.unattributed_tokens


def _step_number(step_id: str) -> int:
    """Parents in recording order, whatever order concurrent tasks finished in."""
    return int(step_id[1:])
