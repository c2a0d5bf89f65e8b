"""The `langgraph` agent type for blame (registered through the `blame.adapters` entry point).

`agent: {type: langgraph, entrypoint: module:graph_or_factory}` in blame.yaml. The entrypoint
is a compiled graph, an uncompiled StateGraph, or a zero-argument callable returning either; a
factory is called once per run, so runs never share model or tool state.

Options (under `agent:` or `agent.options:`):
- `input_key`: the state key a string input goes to (default: `messages`, as a user message);
  a YAML mapping as a test's input is the whole input state; a functional-API `@entrypoint`
  (one input value, no state schema) gets the test input as is;
- `messages_key`: the state key holding the conversation (default `messages`);
- `output_key`: the state key whose value is the final output (default: the content of the
  last AI message under `messages_key`);
- `prices`: USD per million tokens by model name, `{model: {input: 2.5, output: 10}}`;
- `call_usage`: count the tokens of every chat model call, also of calls whose AI message no
  node writes (default: true when `prices` are given, else false: tokens then come from the
  AI messages the nodes write, and the run is about 2% faster with instant models);
- `config`: a RunnableConfig mapping passed to the graph (e.g. `{recursion_limit: 50}`);
- `context`: the run's `Runtime.context`, a mapping of the graph's `context_schema` fields;
- `resume`: a human's answers, in order, to the `interrupt()`s the run stops at (a graph
  with a checkpointer); a run that stops with no answer left is the test's error, naming the
  node that asked (it waits for a human: no node of it is at fault);
- `async`: run through `astream`; a graph with a node or tool that has only an async
  implementation always runs so.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from blame.errors import AgentError, ConfigError
from blame.model import Trace
from blame.protocols import RunFn

if TYPE_CHECKING:
    from blame_langgraph.usage import Prices

OPTIONS = (
    "async",
    "call_usage",
    "config",
    "context",
    "input_key",
    "messages_key",
    "output_key",
    "prices",
    "resume",
)
"""Every option the langgraph agent type reads."""


class LangGraphAdapter:
    """Loads a LangGraph graph and runs it under the streaming tracer."""

    type = "langgraph"

    def load(self, entrypoint: str, *, base_dir: Path, options: Mapping[str, Any]) -> RunFn:
        """Import `module:attr` (relative to `base_dir`) and return a function that runs it."""
        from blame.adapters import import_entrypoint

        settings = _Options.parse(options)
        target = import_entrypoint(entrypoint, base_dir)
        if not _is_graph(target) and not callable(target):
            raise ConfigError(
                f"{entrypoint} is a {type(target).__name__}, not a graph or a function "
                "returning one",
                field="agent.entrypoint",
                hint="point at a compiled graph (`builder.compile()`) or a zero-argument "
                "function that builds one",
            )

        def run(test_input: Any, test_name: str) -> tuple[str, Trace]:
            from blame import rerun
            from blame.faults import active

            if active() is not None:  # the test declares tool faults
                from blame_langgraph.faults import install

                install()
            session = rerun.session()
            if session is not None:  # `blame confirm`: the first run keeps its checkpoints
                return _confirming(session, target, entrypoint, test_input, test_name, settings)
            graph = _graph_of(target, entrypoint)
            return run_graph(graph, test_input, test_name=test_name, options=settings)

        return run


adapter = LangGraphAdapter()
"""The entry-point object for `blame.adapters:langgraph`."""


class _Options:
    """The validated options of one `agent:` block."""

    __slots__ = (
        "call_usage",
        "config",
        "context",
        "input_key",
        "messages_key",
        "output_key",
        "prices",
        "resume",
        "use_async",
    )

    def __init__(
        self,
        *,
        input_key: str | None,
        messages_key: str,
        output_key: str | None,
        prices: Prices | None,
        config: Mapping[str, Any] | None,
        use_async: bool,
        call_usage: bool | None,
        resume: tuple[Any, ...] = (),
        context: Mapping[str, Any] | None = None,
    ) -> None:
        self.input_key = input_key
        self.messages_key = messages_key
        self.output_key = output_key
        self.prices = prices
        self.config = config
        self.use_async = use_async
        self.call_usage = call_usage
        self.resume = resume
        self.context = context

    @classmethod
    def parse(cls, options: Mapping[str, Any]) -> _Options:
        unknown = sorted(str(k) for k in options if k not in OPTIONS)
        if unknown:
            raise ConfigError(
                f"unknown option {unknown[0]!r} for agent type langgraph",
                field=f"agent.{unknown[0]}",
                hint=f"the langgraph agent type takes {', '.join(OPTIONS)}",
            )
        config = options.get("config")
        if config is not None and not isinstance(config, Mapping):
            raise ConfigError(
                f"must be a mapping, got {type(config).__name__}",
                field="agent.config",
                hint="write e.g. `config: {recursion_limit: 50}`",
            )
        use_async = options.get("async", False)
        if not isinstance(use_async, bool):
            raise ConfigError("must be true or false", field="agent.async")
        call_usage = options.get("call_usage")
        if call_usage is not None and not isinstance(call_usage, bool):
            raise ConfigError(
                "must be true or false",
                field="agent.call_usage",
                hint="leave it out to count every model call exactly when `prices` are given",
            )
        context = options.get("context")
        if context is not None and not isinstance(context, Mapping):
            raise ConfigError(
                f"must be a mapping, got {type(context).__name__}",
                field="agent.context",
                hint="write e.g. `context: {user_id: u1}` (the graph's context schema's fields)",
            )
        resume = options.get("resume", ())
        if isinstance(resume, (str, bytes, Mapping)) or not isinstance(resume, (list, tuple)):
            raise ConfigError(
                f"must be a list of answers, got {type(resume).__name__}",
                field="agent.resume",
                hint="write e.g. `resume: [yes]`: one answer per interrupt() the run stops at",
            )
        return cls(
            resume=tuple(resume),
            context=dict(context) if context is not None else None,
            input_key=_key(options, "input_key"),
            messages_key=_key(options, "messages_key") or "messages",
            output_key=_key(options, "output_key"),
            prices=_prices(options.get("prices")),
            config=dict(config) if config is not None else None,
            use_async=use_async,
            call_usage=call_usage,
        )


def _key(options: Mapping[str, Any], name: str) -> str | None:
    value = options.get(name)
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(
            "must be a state key (a non-empty string)",
            field=f"agent.{name}",
            hint=f"write e.g. `{name}: messages`",
        )
    return value.strip()


def _prices(raw: Any) -> Prices | None:
    if raw is None:
        return None
    hint = "write `prices: {gpt-4o: {input: 2.5, output: 10}}` (USD per million tokens)"
    if not isinstance(raw, Mapping):
        raise ConfigError(
            f"must be a mapping, got {type(raw).__name__}", field="agent.prices", hint=hint
        )
    prices: dict[str, dict[str, float]] = {}
    for model, price in raw.items():
        where = f"agent.prices.{model}"
        if not isinstance(price, Mapping) or not price:
            raise ConfigError("must map input/output to a price", field=where, hint=hint)
        entry: dict[str, float] = {}
        for side, value in price.items():
            if side not in ("input", "output"):
                raise ConfigError(f"unknown key {side!r}", field=where, hint=hint)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
                raise ConfigError(
                    f"must be a non-negative number, got {value!r}",
                    field=f"{where}.{side}",
                    hint=hint,
                )
            entry[side] = float(value)
        prices[str(model)] = entry
    return prices


def _is_graph(value: Any) -> bool:
    return callable(getattr(value, "stream", None)) or callable(getattr(value, "compile", None))


def _graph_of(target: Any, entrypoint: str) -> Any:
    graph = target
    if not _is_graph(graph):
        try:
            graph = target()
        except TypeError as error:
            raise ConfigError(
                f"calling {entrypoint}() failed: {error}",
                field="agent.entrypoint",
                hint="a factory must take no arguments and return a graph",
            ) from None
    if not callable(getattr(graph, "stream", None)) and callable(getattr(graph, "compile", None)):
        graph = graph.compile()
    if not callable(getattr(graph, "stream", None)):
        raise ConfigError(
            f"{entrypoint}() returned a {type(graph).__name__}, not a LangGraph graph",
            field="agent.entrypoint",
            hint="return `builder.compile()` from the factory",
        )
    return graph


def graph_input(test_input: Any, *, input_key: str | None, messages_key: str = "messages") -> Any:
    """The input state for a test input: a mapping as is, else a user message or `input_key`."""
    if isinstance(test_input, Mapping):
        return dict(test_input)
    if input_key is not None and input_key != messages_key:
        return {input_key: test_input}
    text = test_input if isinstance(test_input, str) else str(test_input)
    return {input_key or messages_key: [("user", text)]}


def _confirming(
    session: Any, target: Any, entrypoint: str, test_input: Any, test_name: str, options: _Options
) -> tuple[str, Trace]:
    """A run under confirmation: the first one checkpointed and kept in the session; a re-run
    resumed from the checkpoint before the blamed node (the recording, when it cannot be)."""
    from blame import rerun
    from blame_langgraph.resume import Kept, checkpointed, recorded, resume

    plan = rerun.active()
    if plan is None or not isinstance(session.kept, Kept):
        graph, config = checkpointed(_graph_of(target, entrypoint), options.config)
        session.kept = Kept(graph, config)
        done = run_graph(graph, test_input, test_name=test_name, options=options, config=config)
        session.kept = Kept(graph, config, recorded(graph, config))
        return done

    def traced(graph: Any, state: Any, config: Any, answered: int) -> tuple[str, Trace]:
        answers = options.resume[answered:]
        return _traced(graph, state, config, test_name=test_name, options=options, resume=answers)

    again = resume(session.kept, plan, traced)
    return (plan.recording.final_output, plan.recording) if again is None else again


def run_graph(
    graph: Any,
    test_input: Any,
    *,
    test_name: str,
    options: _Options,
    config: Mapping[str, Any] | None = None,
) -> tuple[str, Trace]:
    """Trace one run; a run that raised raises LangGraphRunError, its partial trace (with the
    error step) on it. `config` replaces the run's config (a confirmation's checkpointed
    thread)."""
    if options.input_key is None and _takes_one_value(graph):
        state = test_input  # a functional-API @entrypoint: its argument is the test input
    else:
        state = graph_input(
            test_input, input_key=options.input_key, messages_key=options.messages_key
        )
        _check_input_keys(graph, state, given_as_mapping=isinstance(test_input, Mapping))
    if config is None:
        config = run_config(graph, options.config)
    return _traced(graph, state, config, test_name=test_name, options=options)


def _traced(
    graph: Any,
    state: Any,
    config: Mapping[str, Any] | None,
    *,
    test_name: str,
    options: _Options,
    resume: tuple[Any, ...] | None = None,
) -> tuple[str, Trace]:
    """Run `graph` from `state` (None: resume the config's checkpoint) under the tracer, with
    `resume` as the answers to `interrupt()` (default: all the options' answers)."""
    answers = options.resume if resume is None else resume
    from blame_langgraph.tracer import atrace_langgraph, trace_langgraph

    kwargs: dict[str, Any] = {
        "test_name": test_name,
        "prices": options.prices,
        "messages_key": options.messages_key,
        "output_key": options.output_key,
        "call_usage": options.call_usage,
        "resume": answers,
        "context": options.context,
    }
    from blame_langgraph.toolsets import async_only

    # A run that raised is the test's error (LangGraphRunError, carrying the partial trace
    # the report shows), never a trace to pass: text written before the error, or a budget,
    # would pass a run that never finished.
    if options.use_async or async_only(graph) is not None:
        import asyncio

        final, trace = asyncio.run(atrace_langgraph(graph, state, config, **kwargs))
    else:
        final, trace = trace_langgraph(graph, state, config, **kwargs)
    if trace.metadata.get("interrupted"):
        raise _waiting(trace, len(answers), saved=bool(getattr(graph, "checkpointer", None)))
    return final, trace


def _waiting(trace: Trace, answers: int, *, saved: bool) -> AgentError:
    """The error of a run that stopped at `interrupt()` or paused at a breakpoint with no
    answer left to resume it.

    It did not fail: it waits for a human. Evaluated as it stood, the node that asked would
    be blamed for an output it never got to finish, and a check that text is absent would
    pass on a run that never wrote its answer. Answers resume a run from its checkpoint:
    without a checkpointer (`saved`), the graph needs one first.
    """
    from blame.model import StepKind
    from blame.text import brief, shorten

    last = {(step.name, step.agent): step for step in trace.steps}  # one asked, ran on
    asking = []
    for step in last.values():
        if not step.metadata.get("interrupted"):
            continue
        part = f"tool {step.name!r} of {step.agent!r}" if step.kind is StepKind.TOOL else None
        asked = [
            line.removeprefix("interrupt: ")
            for line in step.output.splitlines()
            if line.startswith("interrupt: ")
        ]
        what = f" (asking {brief(shorten(asked[0]))})" if asked else ""
        asking.append(f"{part or f'node {step.name!r}'}{what}")
    where = f" in {' and '.join(asking)}" if asking else ""
    paused = trace.metadata.get("paused_before")
    stop, per = "stopped at interrupt()", "interrupt() the run stops at"
    if isinstance(paused, list) and paused:  # interrupt_before / interrupt_after
        where = " before " + " and ".join(f"node {str(n)!r}" for n in paused)
        stop = "paused at a breakpoint (interrupt_before/interrupt_after)"
        per = "stop of the run (an interrupt() or a breakpoint)"
    used = (
        ""
        if not answers
        else ", after the one answer given was used"
        if answers == 1
        else f", after the {answers} answers given were used"
    )
    return AgentError(
        f"the run {stop}{where}, waiting for a human's answer{used}",
        field="agent.resume",
        hint=("" if saved else "compile the graph with a checkpointer and ")
        + f"give the answers under `agent:`, e.g. `resume: [yes]`: one answer per {per}, "
        "in order",
    )


def _takes_one_value(graph: Any) -> bool:
    """A graph with no state schema and a single input channel: a functional-API
    `@entrypoint` (or a hand-built Pregel) whose input is one value, not a state."""
    return getattr(graph, "builder", None) is None and isinstance(
        getattr(graph, "input_channels", None), str
    )


def _input_keys(graph: Any) -> tuple[str, ...]:
    """The keys of a StateGraph's input state, in declaration order; () when not known."""
    builder = getattr(graph, "builder", None)
    schemas = getattr(builder, "schemas", None)
    if not isinstance(schemas, Mapping):
        return ()
    channels = schemas.get(getattr(builder, "input_schema", None))
    return tuple(str(k) for k in channels) if isinstance(channels, Mapping) else ()


def _check_input_keys(graph: Any, state: Any, *, given_as_mapping: bool) -> None:
    """An input that names none of the graph's input keys is a setup mistake, not the graph's.

    LangGraph drops unknown input keys without a word, so the first node would fail on a
    missing key, and blame would blame it.
    """
    keys = _input_keys(graph)
    if not keys or not isinstance(state, Mapping) or not state or any(k in keys for k in state):
        return
    given = ", ".join(sorted(repr(str(k)) for k in state))
    known = ", ".join(keys)
    if given_as_mapping:
        raise AgentError(
            f"the test input's keys ({given}) are none of the graph's input keys ({known})",
            field="test input",
            hint="name the graph's own state keys in the input mapping",
        )
    raise AgentError(
        f"the graph's input state has no key {given} (its input keys: {known})",
        field="agent.input_key",
        hint=f"set `input_key: {keys[0]}` (a string test input goes to that key), or give "
        "the test input as a mapping of the graph's keys",
    )


def run_config(graph: Any, config: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """The run's config; a graph with a checkpointer gets a fresh thread unless one is given.

    A fresh thread per run keeps runs independent (a reused thread would resume the last run's
    state). The thread id is not part of the trace, so results stay byte-identical.
    """
    if not getattr(graph, "checkpointer", None):
        return dict(config) if config is not None else None
    result = dict(config or {})
    configurable = dict(result.get("configurable") or {})
    if "thread_id" not in configurable:
        import uuid

        configurable["thread_id"] = f"blame-{uuid.uuid4().hex}"
    result["configurable"] = configurable
    return result
