"""Which call chose a wrong value or a wrong form, when the step where it first appeared made
no choice: a tool whose output gave both the right and the wrong value (the step that kept the
wrong one chose), a tool given the value in its arguments or asked about another thing (the
call that asked for it chose), a final output whose answer matches the asked format but is
wrapped in other words (the call that wrote the final output chose).
"""

from __future__ import annotations

import json
import re
from dataclasses import replace

from blame.engine.asks import Asks
from blame.engine.claims import reports_failure
from blame.engine.figures import (
    as_rounded,
    as_written,
    asks_rounding,
    is_number,
    mentions_year,
    numbers,
    words,
    years_written,
)
from blame.engine.interpreter import (
    assigned_before,
    assigned_by,
    assigned_in,
    code_of,
    strings,
    written,
)
from blame.engine.lookups import listed_by
from blame.engine.matching import Matcher, quote
from blame.engine.provenance import final_answer_origin
from blame.engine.renames import renamed
from blame.engine.rules import on
from blame.engine.spellings import as_clocked, as_dated, as_timed, in_figures
from blame.engine.suspects import at_step, decision, records_decisions
from blame.graph import StepGraph
from blame.model import Step, StepKind
from blame.results import Suspect
from blame.text import compiled_on_use


def as_stated(
    matcher: Matcher, *, count: bool = False, clock: str | None = None, task: str = ""
) -> Matcher:
    """A number matched as a text states it, whole or with its thousands grouped (`16,500` for
    `16500`), an ISO date as itself or written out (`23 June 2015` for `2015-06-23`), a
    duration as a clock or with units (`3h 04m` for `3:04`); any other matcher as it is. A
    `count` is stated by no sum of money and no day of a date. A number of the `clock` unit
    (`seconds`, `minutes`, as the task asks) is also stated as a clock (`2:31.9`). A date in
    figures whose order of day and month is known (`17/04/2025`, as the `task` asks for it)
    is also stated as its ISO date is (`2025-04-17`, as an API gives it)."""
    if matcher.needle is None:
        return matcher
    if is_number(matcher.needle):
        pattern = as_written(matcher.needle, count=count)
        timed = as_clocked(matcher.needle, clock) if clock else None
        pattern = pattern if timed is None else f"(?:{pattern})|(?:{timed})"
        return replace(matcher, needle=None, pattern=pattern)
    iso = in_figures(matcher.needle, task)
    dated = None if iso is None else as_dated(iso)
    if dated is not None:  # `17/04/2025` or `2025-04-17`
        written = rf"(?<![\d/.-]){re.escape(matcher.needle.strip())}(?!\d)"
        return replace(matcher, needle=None, pattern=f"(?:{written})|(?:{dated})")
    stated = as_dated(matcher.needle) or as_timed(matcher.needle)
    return matcher if stated is None else replace(matcher, needle=None, pattern=stated)


def wrote_it(flow: StepGraph, index: int, bad: Matcher) -> tuple[int, str]:
    """(step, what it did) for the step that first output a wrong value. A tool carries out
    a call: where the trace records LLM calls, the call that asked for it decided, whether
    it gave the tool the value (`final_answer(str(2024 - 1978))`) or chose what the tool
    looked up (`fetch_json('/cpi/FR?year=2021')` for 2022). The value as the step wrote it
    when that differs (`8,412` for `8412`)."""
    output = flow.steps[index].output  # quoted as written, not case-folded
    found = None if bad.pattern is None else flow.search(bad.pattern, output)
    written = (
        "" if found is None or found.text == bad.shown.strip("'") else f" as {quote(found.text)}"
    )
    tool = flow.steps[index].kind is StepKind.TOOL and records_decisions(flow)
    caller = decision(flow, index) if tool else index
    if caller == index:
        return index, f"{flow.label(index)} first output the wrong value {bad.shown}{written}"
    if bad.inp(flow, index):
        did = f"called {flow.label(index)} with the wrong value {bad.shown}"
    elif asked_as_told(flow, index) and (reader := kept(flow, index, bad)) is not None:
        did = (
            f"took from {flow.label(index)}, a call that asked only what the task asked, the "
            f"wrong value {bad.shown}{written}"
        )
        return reader, f"{flow.label(reader)} {did}"
    elif (handed := handed_on(flow, index, caller)) is not None:
        author, word = handed
        return author, (
            f"{flow.label(author)} asked for {quote(word)}, which the task does not: "
            f"{flow.label(caller)} called {flow.label(index)} for it, which returned the wrong "
            f"value {bad.shown}{written}"
        )
    else:
        name = renamed_in(flow.steps[index].input, flow.trace.input)
        about = "," if name is None else f" about {quote(name[0])} (the task's {quote(name[1])}),"
        did = f"called {flow.label(index)}{about} which returned the wrong value "
        did += f"{bad.shown}{written}"
    return caller, f"{flow.label(caller)} {did}"


def named_source(flow: StepGraph, index: int, bad: Matcher, wrong: str) -> tuple[int, Matcher]:
    """(step, matcher): where the wrong value a tool step `index` was called with came
    from, when the LLM call that called it wrote no value but a variable's name, calling
    nothing but formatters (`final_answer(f"{energy['kwh']:.1f}")`; not `mean(...)`, which
    computed a value): the latest tool of its agent before it that returned the value, which
    the code held in that variable; where the task asks its figure rounded, as a longer
    figure that rounds to it (`96.41`, traced by the matcher returned). Else `index` and
    `bad`: a call that wrote the value itself, or computed it, chose it there."""
    step = flow.steps[index]
    if step.kind is not StepKind.TOOL or not bad.inp(flow, index) or not records_decisions(flow):
        return index, bad
    caller = decision(flow, index)
    code = code_of(flow.steps[caller].output[:_SCAN])
    if caller == index or bad.out(flow, caller) or not code or not on("code-variable"):
        return index, bad
    if {name for name in _called().findall(code)} - {step.name, *_FORMATTERS}:
        return index, bad
    forms = as_rounded(wrong) if asks_rounding(flow.trace.input) else None
    held = (
        bad
        if forms is None or bad.pattern is None
        else replace(bad, pattern=f"(?:{bad.pattern})|(?:{forms})")
    )
    earlier = (
        at
        for at in sorted(flow.ancestors(caller), reverse=True)
        if flow.steps[at].kind is StepKind.TOOL
        and flow.steps[at].agent == step.agent
        and held.out(flow, at)
    )
    found = next(earlier, None)
    return (index, bad) if found is None else (found, held)


_called = compiled_on_use(r"\b([A-Za-z_]\w*)[ \t]*\(")
"""A function or method code calls (`final_answer(`, `statistics.mean(`)."""
_FORMATTERS = frozenset({"str", "int", "float", "round", "format", "print"})
"""Calls that give a value its form and compute nothing."""


def handed_on(flow: StepGraph, tool: int, caller: int) -> tuple[int, str] | None:
    """(LLM call, word): a word of the tool call's arguments that the task does not have,
    first written, among the steps whose output reached `caller`, by another agent's LLM
    call whose input lacked it: the task that agent handed on chose what was looked up (`all
    competitions` for a question about league goals). Only when `caller` asked nothing it
    was not told (every token of the arguments is in its input): one that added a token of
    its own (`requirements/dev.txt` for `requirements/prod.txt`) chose. Not for a web address:
    its words are a page's link that the caller picked. A code name counts whole: the task's
    `score_break()` asked for as `break_score` is another function, though every word is the
    task's."""
    if not on("handed-on"):
        return None
    arguments = _arguments(flow.steps[tool].input)
    if arguments is None or _address().fullmatch(arguments):
        return None  # an address is a link the caller picked off a page, not words it asked
    if not _all_in(arguments, flow.steps[caller].input[-_SCAN:]):
        return None
    agent = flow.steps[caller].agent
    among = sorted(flow.ancestors(caller))  # only calls whose output reached the caller
    found = []
    task = flow.trace.input
    named = _code_names(arguments) - _code_names(task)
    for word in sorted((words(arguments) - words(task)) | named):
        first = flow.first_folded_hit(word, among, "out")  # the first to write it decides
        if first is None:
            continue
        step = flow.steps[first]
        lacked = word not in (_code_names(step.input) if word in named else words(step.input))
        if step.kind is StepKind.LLM and step.agent != agent and lacked:
            found.append((first, word))
    return min(found, default=None)  # the earliest call that added a word


def _code_names(text: str) -> set[str]:
    """The code names a text writes, whole and case-folded (`score_break`, `K_JUNIOR`)."""
    found = _code_name().findall(text[:_SCAN])
    return {name.casefold() for name in found if "_" in name.rstrip("_")}


_code_name = compiled_on_use(r"(?<!\w)[A-Za-z]\w*")
"""A word that may be a code name: one with an underscore inside (`break_score`)."""
_WORD = compiled_on_use(r"\w*\d\w*|[A-Z]{2}\b|\w{3,}")
"""A word, figure or name of a call's arguments, as compared with the task's: any token
with a digit (`Q3`, `3`), two capitals (`UK`), else three characters or more, whole
(`parse_date` is not the task's `parse_datetime`)."""
_SCAN = 100_000
"""How much of a text is read."""


def asked_as_told(flow: StepGraph, index: int) -> bool:
    """Whether tool step `index` was asked only what the task asked: every word and figure
    of its arguments is in the task. The tool then answered the user's own question; a wrong
    value it returned was not the call's choice but the reader's, which kept it. Arguments
    too long to read whole are not known to be the task's."""
    if not on("read-wrong-value"):
        return False
    arguments = _arguments(flow.steps[index].input)
    task = flow.trace.input[:_SCAN]
    return arguments is not None and _all_in(arguments, task) and renamed(arguments, task) is None


def renamed_in(call_input: str, task: str) -> tuple[str, str] | None:
    """`renamed` for a tool call's recorded input (its arguments, JSON or text)."""
    arguments = _arguments(call_input)
    return None if arguments is None else renamed(arguments, task[:_SCAN])


def _all_in(arguments: str, text: str) -> bool:
    """Every token of a call's arguments (flags an exporter adds aside) is one of `text`'s,
    and there is one: the call asked nothing `text` did not."""
    tokens = [w.casefold() for w in _WORD().findall(arguments) if w not in _LITERALS]
    known = {w.casefold() for w in _WORD().findall(text)}
    return bool(tokens) and all(token in known for token in tokens)


_LITERALS = frozenset({"true", "false", "null", "None", "True", "False"})
"""Flags an exporter writes beside a call's arguments (`sanitize_inputs_outputs: true`)."""


def _arguments(text: str) -> str | None:
    """A call's arguments as the words they ask for: a JSON object's values, not its keys;
    None when there is more than is read."""
    if len(text) > _SCAN:
        return None
    try:
        parsed = json.loads(text)
    except (ValueError, RecursionError):
        return text
    values: list[str] = []
    todo = [parsed]
    while todo:
        if len(values) >= _VALUES:
            return None
        item = todo.pop()
        if isinstance(item, dict):
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
        elif isinstance(item, (str, int, float)) and not isinstance(item, bool):
            values.append(str(item))
    return "\n".join(values)


_address = compiled_on_use(r"\s*https?://\S+\s*")
"""Arguments that are one web address and nothing else."""

_VALUES = 200
"""At most this many argument values are read."""


def contradicted(
    flow: StepGraph, index: int, asks: Asks | None = None, *, alone: bool = False
) -> tuple[Suspect, ...]:
    """The LLM call that asked a tool (step `index`, or one upstream of it) for a figure
    under a label the task gives another figure of the same form under (`/fares/line/14`
    where the task asks about `line 41`): it asked for something other than the task's,
    whatever the tool then answered; or, for another year the asking call was given, the
    call that wrote that year first (`_introduced`). The first such tool among the step
    and its ancestors (a tool that gave the wrong value itself was asked too), in recording
    order; empty when none (or the trace records no LLM calls: there, no step says who
    asked). `alone`: the step only, none upstream of it."""
    if not records_decisions(flow) or not on("contradicted-argument"):
        return ()
    asks = Asks.of(flow.trace.input) if asks is None else asks
    upstream = {index} if alone else {*flow.ancestors(index), index}
    firsts: dict[str, int] | None = None  # each year's first writer, found once on need
    authors: dict[str, int | None] = {}
    reached: dict[int, set[int]] = {}  # the steps each first writer's output reached
    for tool in sorted(upstream if asks else ()):
        step = flow.steps[tool]
        asker = decision(flow, tool) if step.kind is StepKind.TOOL else tool
        given = flow.steps[asker].input
        other = None if asker == tool else asks.contradicted_by(step, given)
        author: int | None = asker
        if other is None and asker != tool and asks.year and not mentions_year(given, asks.year):
            bare = asks.contradicted_by(step, "")  # the other year, given to the asker
            firsts = _first_writers(flow) if firsts is None else firsts
            if bare is not None and bare[0] not in authors:
                authors[bare[0]] = _introduced(flow, firsts.get(bare[0]), bare[0], asks.year)
            author = None if bare is None else authors[bare[0]]
            if author is not None and author != asker:
                if author not in reached:
                    reached[author] = flow.descendants(author)
                if asker not in reached[author]:
                    author = None  # the call that wrote it first never reached this one
            other, given = bare, ""
        if other is not None and not _asked_as_told(flow, asker, step.name, asks, given):
            if author is None:
                continue
            by = "" if author == asker else f"{flow.label(author)} wrote {quote(other[0])} first: "
            why = (
                f"{by}{flow.label(asker)} asked {flow.label(tool)} for {quote(other[0])} where "
                f"the task asks about {quote(other[1])}; the wrong value followed"
            )
            return (at_step(flow, author, 0.85, why),)
    return ()


def _first_writers(flow: StepGraph) -> dict[str, int]:
    """Each year the run's outputs write -> the first step that wrote it. One pass."""
    first: dict[str, int] = {}
    for step in flow.steps:
        for found in years_written(step.output) - first.keys():
            first[found] = step.index
    return first


def _introduced(flow: StepGraph, at: int | None, other: str, year: str) -> int | None:
    """Step `at`, the first to write the `other` year, when it is an LLM call that brought it
    into the run: its input lacked it and its output lacks the task's `year` (a manager that
    handed on `the 2023 final` for the task's 2024; not one that wrote `the 2024 race, not
    the 2023 one`). None where a tool's output gave it first (a founding year a page gave,
    searched next, contradicts nothing)."""
    if at is None:
        return None
    step = flow.steps[at]
    if step.kind is not StepKind.LLM or mentions_year(step.input, other):
        return None
    return None if mentions_year(step.output, year) else at


def _asked_as_told(flow: StepGraph, asker: int, tool: str, asks: Asks, given: str) -> bool:
    """The LLM call `asker` also called `tool` about what the task asks, its year or a figure
    the task gives under a label (2023 and 2024 in one loop, to compare them): it asked for
    the task's own thing too, not for another instead. Its calls are the tool steps recorded
    right after it that it asked for; `given`, what it was told (the other year, handed on,
    makes no call about it the task's own)."""
    steps, told = flow.steps, {f for figures in asks.told.values() for f in figures}
    for at in range(asker + 1, min(asker + 1 + CODE_CALLS, len(steps))):
        call = steps[at]
        if call.kind is not StepKind.TOOL:
            break
        if call.name != tool or decision(flow, at) != asker:
            continue
        own = asks.about_own_time(call.input) or bool(told & numbers(call.input[:_SCAN]))
        if own and asks.contradicted_by(call, given) is None:
            return True
    return False


CODE_CALLS = 64
"""Tool steps after an LLM call looked at as its calls: a code step's loop makes a few."""


def misled(flow: StepGraph, index: int, right: Matcher) -> tuple[Suspect, ...]:
    """`contradicted`, for a step that had the right value, where every tool that gave it was
    asked about another thing than the task's: it was only on pages of another year (the
    2024 winner, third on the 2023 results), so having it told the step nothing."""
    asks = Asks.of(flow.trace.input)
    gave = [t for t in sorted(right.hits(flow, "out")) if flow.steps[t].kind is StepKind.TOOL]
    gave = [t for t in gave if flow.steps[t].output != flow.steps[t].input]  # not echoes
    if not asks or not gave:
        return ()
    if not all(_about_another(flow, tool, asks) for tool in gave):
        return ()  # a page about the task's own year had it: whoever read it chose
    return contradicted(flow, index, asks)


def _about_another(flow: StepGraph, tool: int, asks: Asks) -> bool:
    """Tool step `tool` was asked about another thing than the task's, or opened a page
    that a search asked about another thing listed (`.../men-680/`, listed for `680 kg`)."""
    if asks.contradicted_by(flow.steps[tool], "") is not None:
        return True
    search = listed_by(flow, tool)
    other = None if search is None else asks.contradicted_by(flow.steps[search], "")
    if other is None:
        return False
    # the page the search listed for the other figure, not one for the task's it listed too
    address = flow.steps[tool].input[:_SCAN]
    asked, told = (numbers(figure) for figure in other)
    return bool(asked & numbers(address)) and not told & numbers(address)


def kept(flow: StepGraph, index: int, bad: Matcher) -> int | None:
    """The first LLM call downstream of tool step `index` that wrote the wrong value it
    returned as a finding: calls between may not have repeated it (a sub-agent that tried
    to open a page first, then answered). A call that wrote it beside a failure it reported
    (`could not open the page; the only figure I found is 4.12`) handed the choice on to
    its reader."""
    return next(
        (
            at
            for at in sorted(flow.descendants(index))
            if flow.steps[at].kind is StepKind.LLM
            and bad.out(flow, at)
            and not reports_failure(flow.steps[at].output)
        ),
        None,
    )


def wrapped(flow: StepGraph, matcher: Matcher) -> Suspect | None:
    """A pattern the final output misses although its answer matches it: the final answer's
    value, where it first appeared upstream, matches the pattern whole (`381` for `^\\d+$`),
    so the content was right and the words written around it broke the format: the LLM call
    that wrote the final output decided (`final_answer(f"The Tarn is {n} km long.")`)."""
    final, origin = flow.final_step, final_answer_origin(flow)
    if final is None or origin is None or origin[0] == final or matcher.pattern is None:
        return None
    if not records_decisions(flow) or not on("format-wrapped"):
        return None
    if flow.search(matcher.pattern, origin[1], matcher.ignore_case) is None:
        return None
    writer = decision(flow, final)
    if flow.steps[writer].kind is not StepKind.LLM:
        return None
    writer = _formed_by(flow, writer) or writer
    reason = (
        f"the final answer {quote(origin[1])} matches {matcher.shown}, but "
        f"{flow.label(writer)} wrote the final output around it: {quote(flow.final_output)}"
    )
    return at_step(flow, writer, 0.65, reason)


def _formed_by(flow: StepGraph, writer: int) -> int | None:
    """The first of the writer's own LLM calls up to it, among those whose output reached it,
    that wrote the final output whole while its input lacked it: where its agent put words
    around the answer (code that built `1.37 M_J` and printed it, before a call returned the
    variable). None when no call of its agent wrote it whole (the writer's code formed it,
    `final_answer(f"...")`; or another agent's text was passed on: passing it on unread was
    the writer's choice)."""
    final, agent = flow.final_output.strip(), flow.steps[writer].agent
    if not final or len(final) > _FORM:
        return None
    for index in sorted({*flow.ancestors(writer), writer}):
        step = flow.steps[index]
        if step.kind is not StepKind.LLM or step.agent != agent:
            continue
        if final in step.output and final not in step.input:
            return index
    return None


_FORM = 2_000
"""Characters of a final output looked for, word for word, in what LLM calls wrote."""


def formed(flow: StepGraph, matcher: Matcher) -> Suspect | None:
    """A pattern nothing upstream produced, in a final output that an LLM call wrote whole
    (`final_answer("14 March 1962")` for an ISO date, a sub-agent's answer passed on unread):
    that call chose its form. Where its value first appeared only says where the content
    came from, which a format does not ask about. The call that wrote the final output
    comes first; else the last call after it (a sub-agent its code ran) that wrote it whole.
    A call before it that wrote the same words did not choose what the final output became."""
    final = flow.final_step
    if final is None or matcher.pattern is None or not records_decisions(flow):
        return None
    form = " ".join(flow.final_output.split())
    if not form or len(form) > _FORM or not on("format-writer"):
        return None
    spelled = (form, json.dumps(form, ensure_ascii=False)[1:-1], json.dumps(form)[1:-1])
    wrote_final = decision(flow, final)  # calls before it wrote what it then formed
    later = sorted((i for i in flow.upstream_of_final if i > wrote_final), reverse=True)
    writer = next(
        (
            index
            for index in (wrote_final, *later)
            if flow.steps[index].kind is StepKind.LLM and _wrote(flow.steps[index].output, spelled)
        ),
        None,
    )
    did = "wrote the final output"
    if writer is None and _built(flow.steps[wrote_final], form):
        writer, did = wrote_final, "wrote the code that built the final output"
    if writer is None and (shown := printed_by(flow, wrote_final, form)) is not None:
        writer = wrote_final
        did = f"handed on what {flow.label(shown)}'s code printed, unformatted, and so wrote it"
    if writer is None or matcher.hits(flow, "out") & flow.upstream_of_final:
        return None
    reason = (
        f"{matcher.shown} was never produced; {flow.label(writer)} {did} as it stands, "
        f"{quote(flow.final_output)}: its form was that call's choice"
    )
    return at_step(flow, writer, 0.65, reason)


def printed_by(flow: StepGraph, call: int, form: str) -> int | None:
    """The earlier call of its agent whose code printed the final output, when LLM call
    `call` handed it on in code (`final_answer(str(race_day))`) without writing it itself,
    and neither that code nor any code that assigned what it handed on wrote the form
    (`race_day = datetime.strptime(s, ...)`, then `print(race_day)` shows a date as
    `2022-09-11 00:00:00`): the form is how Python prints a value, not one code chose. An
    assignment whose strings hold the form's marks or words (`f"{d:%Y-%m-%d} 00:00:00"`,
    `f"{m} M_J"`), or that formats (`strftime`, `round(`, `:.2f`) or makes the value text
    (`answer = str(secs)`), chose it; None then."""
    step = flow.steps[call]
    code = code_of(step.output[:_SCAN])
    marks = set(_form_marks().findall(form))
    if step.kind is not StepKind.LLM or not code or _formats(code, marks):
        return None
    if form in " ".join(written(step.output[:_SCAN]).split()):
        return None
    if any(_formats(made, marks) or _made_text(made) for made in assigned_before(flow, call)):
        return None
    for index in flow.llm_calls.get(step.agent, []):
        earlier = flow.steps[index]
        if index >= call or form not in " ".join(earlier.output[:_SCAN].split()):
            continue
        if not code_of(earlier.output[:_SCAN]):
            return None  # written in words, no code printed it
        return None if form in " ".join(written(earlier.output[:_SCAN]).split()) else index
    return None


def formed_by(flow: StepGraph, call: int) -> int | None:
    """The earlier call of its agent whose code assigned the variable that LLM call `call`
    handed on (`final_answer(total)`) and formatted it (`total = f"{m}:{s:04.1f}"`,
    `strftime(`, `round(`), or made it text (`answer = str(fix.total_seconds())`, which
    writes `300.0`): that call chose the form the final output has; None otherwise, or
    where the handing call's own code formatted what it handed on or made it text
    (`final_answer(str(avg))` after `avg = round(x, 2)`: `41.8`, not `41.80`)."""
    step = flow.steps[call]
    if step.kind is not StepKind.LLM or _as_text().search(code_of(step.output[:_SCAN])):
        return None
    assigned = assigned_by(flow, call)
    if assigned is None:
        return None
    made = assigned_in(flow.steps[assigned[0]].output, assigned[1])
    return assigned[0] if any(map(_made_text, made)) else None


_formatted_pattern = (
    r"\b(?:strftime|format|round|isoformat)\(|\bf(?:\"|')[^\"'\n]{0,200}"
    r"\{(?:[^{}\[\]\n]|\[[^\]\n]{0,40}\]){0,80}:[^{}\n]{0,20}\}"
)
_formatted = compiled_on_use(_formatted_pattern)
"""Code that gives a value its form: a formatter's call, or an f-string's spec (`{s:04.1f}`;
not a dict's braces, `{"total": cells[4]}`, nor a slice, `{x[:10]}` outside an f-string)."""
_as_text = compiled_on_use(rf"{_formatted_pattern}|\bstr\(")
"""Code that formats a value or makes it text as Python prints it (`str(300.0)`)."""
_text_of = compiled_on_use(r"[ \t]*str\(")
"""An assignment's right side that is the text of a value (`str(fix.total_seconds())`), not
one that only reads text (`datetime.strptime(str(raw), ...)`)."""


def _made_text(right: str) -> bool:
    """An assignment's right side chose the form of its value: it formats it, or it is the
    value made text whole."""
    return _formatted().search(right) is not None or _text_of().match(right) is not None


def _formats(code: str, marks: set[str]) -> bool:
    """Whether code chose a value's form: its strings hold one of the form's marks or words,
    or it calls a formatter (`strftime`, `format`, `round`) or writes a format spec."""
    written_out = strings(code)
    return any(mark in written_out for mark in marks) or _formatter().search(code) is not None


_formatter = compiled_on_use(
    r"\b(?:strftime|format|round|isoformat)\(|\{[^{}\n]{0,80}:[^{}\n]{0,20}\}"
)
"""A call or an f-string's spec that gives a value its form (`.strftime(`, `{x:.2f}`)."""


_form_marks = compiled_on_use(r"[^\w\s.]+|[^\W\d]+")
"""What code writes to give a value its form: marks (a point aside: any number has one)
and words (`M_J`), not its figures."""


def _built(call: Step, form: str) -> bool:
    """An LLM call whose code handed the final output on (`final_answer("; ".join(parts))`)
    while neither its input nor its words had it whole: the code built it."""
    if call.kind is not StepKind.LLM or not code_of(call.output[:_SCAN]):
        return False
    seen = " ".join(call.input[-_SCAN:].split()), " ".join(call.output[:_SCAN].split())
    return all(form not in text for text in seen)


def _wrote(output: str, spelled: tuple[str, ...]) -> bool:
    """The output is one of the spellings of a final output, or has one whole between quotes
    (`final_answer("14 March 1962")`, `{"answer": "v2.7.0"}`), spacing aside: a value cut
    out of a longer text (`12` of `12.5 km`, `1962` of `14 March 1962`) was formed by the
    code that cut it, not by the call that wrote the text."""
    text = " ".join(output[:_SCAN].split())
    return any(
        text == form or f'"{form}"' in text or f"'{form}'" in text
        for form in dict.fromkeys(spelled)
    )
