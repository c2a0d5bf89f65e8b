"""A computed answer's operands: which decision fed the calculation the value that made it wrong.

A tool computed the final answer's number (a calculator) from numbers in its arguments. Each
operand came from somewhere earlier in the run; walking the steps once, in order, the first
place each appeared says who is responsible for it:
1. an agent or LLM step whose input did not have it, nor did the task: the figure was made up
   or misread there (`193,875` for a page's `139,875`), and that step decided;
2. a tool's output (a page): the figure was looked up. A page gives what it was asked for, so
   the question is whether the run asked for the right thing, and read the right row:
   - wrong source: the call's arguments name something (a word written capitalised in its
     output, what the page is about; a heading's words and labels in capitals, `SUMMARY`,
     `NOTES:`, are layout) that the task does not (`great-belt-bridge` for the
     Akashi Kaikyo Bridge): the LLM call that first named it decided (its output has every
     such word, its input did not), else the LLM call that asked for the tool;
   - wrong row: the figure is listed under a label with a word that neither the task nor the
     labels of the page's other figures have, while another figure's label is more of the
     task's words (`metropolitan` in `metropolitan population | 233,034` beside `population |
     139,875`, for a question about the population): the LLM call that first wrote that word
     sent the run after it, else the first LLM call that wrote the figure read the wrong row.
Only traces that record LLM calls are read for lookups; each rule is one pass over the steps
before the calculation (every output read once), the second only for the first operand a
suspicious source gave.
"""

from __future__ import annotations

from collections.abc import Iterator

from blame.engine.figures import (
    asks_count,
    is_number,
    is_year,
    named_in,
    norm,
    number,
    numbers,
    terms,
    uncounted,
    with_stems,
)
from blame.engine.interpreter import carried, code_of, prose, ran_code
from blame.engine.lookups import wrong_source
from blame.engine.matching import quote
from blame.engine.rules import on
from blame.engine.suspects import records_decisions
from blame.engine.working import counts, result_of, worked_out
from blame.frozen import dataclass
from blame.graph import StepGraph
from blame.model import Step, StepKind
from blame.text import SCAN, compiled_on_use

_separator = compiled_on_use(r"[;,.|()\[\]{}\n\u2013:-]")
"""What ends the label before a figure (`| metropolitan population | 233,034 |`)."""


@dataclass(frozen=True, slots=True)
class Operand:
    """The decision behind one operand of a computed answer."""

    tool: int
    """The step that computed the answer."""
    step: int
    """The step that decided: introduced the operand, or chose what was looked up."""
    value: str
    """The operand, normalised (`193875`)."""
    why: str
    """What that step did, as the end of a reason: "which step 1 (researcher) introduced"."""


def computed_from(flow: StepGraph, origin: int, value: str) -> Operand | None:
    """The decision behind the final answer's number, computed by a tool: the first upstream
    tool up to `origin` whose output has the number (or a more precise form of it) from two
    numbers or more in its input; None when no operand says who decided (all looked up from
    pages asked for and read as the task asked)."""
    asked = numbers(flow.trace.input)
    count = asks_count(flow.trace.input)  # then a price or a day of a date computed nothing
    for tool, operands, _ in calculations(flow, origin, value, carry=True, count=count):
        if len(operands) >= 2:
            return _first_sources(flow, tool, dict.fromkeys(n for n in operands if n not in asked))
        # one year beside variables in code (`museum_year - 1899`; a tool given one figure
        # looked it up, `/ 1000` converts), or a figure earlier code assigned (`record = 567`,
        # read as `record - won`): it says who decided only where an earlier call stated it
        # from nothing
        if flow.steps[tool].kind is StepKind.TOOL:
            continue
        assigned = {norm(n) for n in carried(flow, tool, code_of(flow.steps[tool].output[:SCAN]))}
        pending = dict.fromkeys(
            n for n in operands if n not in asked and (is_year(n) or n in assigned)
        )
        made = _first_sources(flow, tool, pending, True) if pending else None
        if made is not None:
            return made
    pair = worked_out(flow.steps[origin], value) if on("operand-prose") else None
    if pair is None:  # nor written as worked out in words
        return None
    return _first_sources(flow, origin, dict.fromkeys(n for n in pair if n not in asked), True)


def looked_up_otherwise(flow: StepGraph, tool: int, operand: str) -> Operand | None:
    """The call that asked the lookup that first gave `operand` (before step `tool`, which
    computed with it) about something the task does not name: it chose what was looked up,
    so what the calculation made of it follows from that choice. None when the task states
    the operand, a call wrote it before any tool gave it, or the lookup asked what the task
    names."""
    if not on("operand-wrong-source") or operand in numbers(flow.trace.input[:SCAN]):
        return None
    for earlier in flow.steps[:tool]:
        if operand in numbers(earlier.output[:SCAN]):
            if earlier.kind is not StepKind.TOOL:
                return None
            chosen = wrong_source(flow, earlier.index)
            return None if chosen is None else Operand(tool, chosen[0], operand, chosen[1])
    return None


def computed_answer(
    flow: StepGraph, origin: tuple[int, str] | None, final: int
) -> tuple[Operand, str] | None:
    """(the decision, the answer) when a calculation made the final answer's number: traced
    from where the answer first appeared (`origin`, before the final step), or, for a bare
    one-digit answer too common to trace there, from the code that computed it (a tool's
    `page 2 of 9` computed nothing)."""
    if origin is not None:
        made = None if origin[0] == final else computed_from(flow, origin[0], origin[1])
        return None if made is None else (made, origin[1])
    bare = flow.final_output.strip()
    made = computed_from(flow, final, bare) if is_number(bare) else None
    if made is None or flow.steps[made.tool].kind is StepKind.TOOL:
        return None
    return made, bare


def calculations(
    flow: StepGraph,
    origin: int,
    value: str,
    *,
    last_first: bool = False,
    carry: bool = False,
    count: bool = False,
) -> Iterator[tuple[int, list[str], float]]:
    """(step, operands, the result as computed) of each calculation upstream of the final
    answer, up to `origin`, whose result is the number `value` (or a more precise form of
    it): a tool's, from the numbers of its arguments, or a code agent's, from its code's
    (with `carry`, and the figures its agent's earlier code left in the variables it reads);
    in recording order, or the last first. A `count` is no price and no day of a date."""
    if not is_number(value):
        return
    for tool in sorted((i for i in flow.upstream_of_final if i <= origin), reverse=last_first):
        step = flow.steps[tool]
        if step.error is not None:
            continue
        if step.kind is StepKind.TOOL:
            given, made = step.input[:SCAN], step.output[:SCAN]
        elif step.kind in (StepKind.LLM, StepKind.AGENT) and on("operand-code"):
            ran = ran_code(step.output[:SCAN]) or _handed(flow, tool)
            if ran is None:
                continue
            given, made = ran
        else:
            continue
        result = result_of(uncounted(made) if count else made, value)
        if result is not None:
            operands = [norm(n) for n in _operands(given)]
            if carry and step.kind is not StepKind.TOOL:  # what earlier code left it too
                operands += [norm(n) for n in carried(flow, tool, given)]
            yield tool, [n for n in operands if counts(n)], result


def _operands(given: str) -> list[str]:
    """The numbers of a calculation's arguments or code, but a date's, a time's or an id's
    parts (`2024-03-01`, `2024-06`, `14/03/1911`, `10:30`, `GH-07`): they are no figures."""
    return number().findall(_not_figures().sub(" ", given))


_not_figures = compiled_on_use(
    r"\b(?:\d{4}-\d{2}(?:-\d{2}(?:T[\d:.]+Z?)?)?|\d{1,2}/\d{1,2}/\d{2,4}|\d{1,2}:\d{2}(?::\d{2})?"
    r"|[A-Z]{1,5}-\d+)\b"
)
"""Dates, times and ids written with digits."""


def _handed(flow: StepGraph, index: int) -> tuple[str, str] | None:
    """(code, what the tools it called returned) of a call whose output shows no execution
    logs: code that handed its result straight to a tool (`final_answer(str(diff))`)."""
    code = code_of(flow.steps[index].output[:SCAN])
    steps = flow.steps
    tools = [steps[c].output[:SCAN] for c in flow.children(index) if steps[c].kind is StepKind.TOOL]
    return (code, "\n".join(tools)) if code and tools else None


def _first_sources(
    flow: StepGraph, tool: int, pending: dict[str, None], made_up_only: bool = False
) -> Operand | None:
    """One pass over the steps before the calculation: where each operand first appeared.
    `made_up_only`: only an operand a step introduced says who decided."""
    introduced: list[tuple[int, str]] = []
    looked_up: dict[str, int] = {}  # operand -> the tool whose output gave it first
    read: dict[str, int] = {}  # looked-up operand -> the first LLM call that wrote it
    order = {n: i for i, n in enumerate(pending)}  # the calculation's order, not a set's
    for earlier in flow.steps[:tool] if pending else ():
        if not pending and len(read) == len(looked_up):
            break
        found = numbers(earlier.output[:SCAN])
        hits = sorted((n for n in found if n in pending), key=order.__getitem__)
        for n in hits:
            del pending[n]
        if earlier.kind is StepKind.TOOL:
            looked_up.update((n, earlier.index) for n in hits)
        elif hits and earlier.kind in (StepKind.AGENT, StepKind.LLM):
            given = numbers(earlier.input[:SCAN])
            introduced += [(earlier.index, n) for n in hits if n not in given]
        if earlier.kind is StepKind.LLM:
            read.update((n, earlier.index) for n in looked_up if n not in read and n in found)
    if introduced and on("operand-introduced"):
        author, operand = min(introduced)
        return Operand(
            tool,
            author,
            operand,
            f"which {flow.label(author)} introduced: its "
            "output has it and neither its input nor the task did",
        )
    if made_up_only or not records_decisions(flow):
        return None
    stated = _stated_itself(flow.steps[tool], pending) if on("operand-introduced") else None
    if stated is not None:
        return Operand(
            tool,
            tool,
            stated,
            "which it stated in its own words: neither its input, the task nor any step "
            "before it had it",
        )
    pages: dict[int, _Page | None] = {}  # each source read once, however many operands it gave
    for operand, source in looked_up.items():
        if source not in pages:
            chosen = wrong_source(flow, source) if on("operand-wrong-source") else None
            if chosen is not None:
                return Operand(tool, chosen[0], operand, chosen[1])
            pages[source] = _Page.read(flow.steps[source].output[:SCAN], terms(flow.trace.input))
        page = pages[source]
        chosen = None
        if page is not None and on("operand-wrong-row"):
            chosen = _wrong_row(flow, source, page, operand, read.get(operand), tool)
            chosen = chosen or _relabelled(flow, source, page, operand, read.get(operand))
        if chosen is None and on("operand-snippet"):
            chosen = _from_snippet(flow, source, operand, read.get(operand))
        if chosen is not None:
            return Operand(tool, chosen[0], operand, chosen[1])
    return None


def _stated_itself(call: Step, pending: dict[str, None]) -> str | None:
    """An operand no step before the calculating LLM call output, that its input lacks and
    that it wrote outside its code (`extensions are usually about 2.5 km, so I'll take 2.5
    km`): a figure of its own making. A constant only its code writes (`0.621371`) is none."""
    if call.kind is not StepKind.LLM or not pending:
        return None
    said = numbers(prose(call.output))
    given = numbers(call.input[:SCAN])
    return next((n for n in pending if n in said and n not in given), None)


@dataclass(frozen=True, slots=True)
class _Page:
    """A tool output's figures and the words of the label before each, read once."""

    labels: dict[str, frozenset[str]]
    """Each figure (normalised) -> the words of its labels."""
    written: dict[str, str]
    """Each figure -> its first label as the page writes it."""
    spread: dict[str, int]
    """Each label word -> how many figures' labels have it."""
    shares: tuple[float, ...]
    """The two highest shares of a figure's label that the task names: enough to tell whether
    another figure's label is closer to the task than a given one's."""
    task: frozenset[str]
    """The task's words and their stems (`figures.stem`)."""

    @classmethod
    def read(cls, text: str, task: set[str]) -> _Page | None:
        """None for a page of fewer than two figures: there is no other row to prefer."""
        labels: dict[str, set[str]] = {}
        written: dict[str, str] = {}
        for match in number().finditer(text):
            pieces = _separator().split(text[max(0, match.start() - 60) : match.start()])
            label = next((p.strip() for p in reversed(pieces) if p.strip()), "")
            value = norm(match.group(0))
            labels.setdefault(value, set()).update(terms(label))
            if not written.get(value):  # the first label the page writes before it
                written[value] = label
        if len(labels) < 2:
            return None
        spread: dict[str, int] = {}
        for words_of in labels.values():
            for word in words_of:
                spread[word] = spread.get(word, 0) + 1
        named = frozenset(with_stems(task))
        shares = sorted((_share(w, named) for w in labels.values()), reverse=True)
        frozen = {value: frozenset(w) for value, w in labels.items()}
        return cls(frozen, written, spread, tuple(shares[:2]), named)

    def odd_words(self, operand: str) -> list[str]:
        """The words of the operand's label that no other figure's label, nor the task, has."""
        own = self.labels.get(operand, frozenset())
        return sorted(w for w in own if self.spread[w] == 1 and not named_in(w, self.task))

    def closer_row(self, operand: str) -> bool:
        """Another figure's label is more of the task's words than the operand's."""
        mine = _share(self.labels.get(operand, frozenset()), self.task)
        return any(share > mine for share in self.shares)

    def closer_figures(self, operand: str) -> list[str]:
        """The figures whose labels are more of the task's words than the operand's."""
        mine = _share(self.labels.get(operand, frozenset()), self.task)
        return sorted(v for v, label in self.labels.items() if _share(label, self.task) > mine)


def _wrong_row(
    flow: StepGraph, source: int, page: _Page, operand: str, reader: int | None, computed: int
) -> tuple[int, str] | None:
    """The call that sent the run after another figure than the task's, or took it (the
    computation is at step `computed`)."""
    odd = page.odd_words(operand)
    if not odd or reader is None or not page.closer_row(operand):
        return None
    shown = _as_written(flow.steps[source].output[:SCAN], operand)
    spelled = f" as {quote(shown)}" if shown != operand else ""
    said = (
        f"which {flow.label(source)} lists{spelled} under "
        f"{quote(page.written.get(operand, ''))}, with "
        f"{quote(odd[0])}, a word neither the task nor the labels of the page's other figures "
        "have, beside a label more of the task's words"
    )
    author = _first_to_write(flow, set(odd), reader)
    if author is not None:
        return (
            author,
            f"{said}; {flow.label(author)} asked for it first: its output has "
            f"{quote(odd[0])} and its input did not",
        )
    taker, beside = _taker(flow, page, operand, reader, computed)
    if beside is None:
        return taker, f"{said}; {flow.label(taker)} took that figure first"
    return taker, (
        f"{said}; {flow.label(taker)} took that figure, which {flow.label(reader)} had "
        f"written beside {quote(beside)}"
    )


def _relabelled(
    flow: StepGraph, source: int, page: _Page, operand: str, reader: int | None
) -> tuple[int, str] | None:
    """The first LLM call that wrote the figure wrote it under the label the page gives
    another figure, not one of its own (`Total height: 807 m` where the page lists `Longest
    single drop | 807 m` and `Total height | 979 m`): it read the wrong row, whatever the
    task asks."""
    if reader is None:
        return None
    text = flow.steps[reader].output[:SCAN]
    at = next((m.start() for m in number().finditer(text) if norm(m.group(0)) == operand), None)
    other = None if at is None else _row_of_label(page, operand, _label_before(text, at))
    if other is None:
        return None
    row = _as_written(flow.steps[source].output[:SCAN], other)
    return reader, (
        f"which {flow.label(source)} lists under {quote(page.written.get(operand, ''))}; "
        f"{flow.label(reader)} wrote it under {quote(page.written.get(other, ''))}, the "
        f"label the page gives {quote(row)}: it read the wrong row"
    )


def misfiled(said: str, source: str) -> tuple[str, str, str] | None:
    """(figure, label, other figure), as written, for the first figure `said` writes under
    a label `source` gives another figure and not that one (`Total height: 807 m` where the
    source lists `Longest single drop | 807 m` and `Total height | 979 m`); None when
    every figure of `said` is under a label of its own, or under none the source has."""
    page = _Page.read(source[:SCAN], set())
    if page is None:
        return None
    for match in number().finditer(said[:SCAN]):
        figure = norm(match.group(0))
        if figure not in page.labels:
            continue
        other = _row_of_label(page, figure, _label_before(said, match.start()))
        if other is not None:
            label = page.written.get(other, "")
            return match.group(0), label, _as_written(source[:SCAN], other)
    return None


def _label_before(text: str, at: int) -> set[str]:
    """The words of the label `text` writes just before the figure at `at`."""
    pieces = _separator().split(text[max(0, at - 60) : at])
    return terms(next((p for p in reversed(pieces) if p.strip()), ""))


def _row_of_label(page: _Page, figure: str, label: set[str]) -> str | None:
    """Another figure of the page whose labels hold every word of `label`, when none of
    them labels `figure` there: the row `label` belongs to."""
    own = page.labels.get(figure, frozenset())
    if not label or not own or label & own:  # a figure the page labels nowhere tells nothing
        return None
    dated = is_year(figure)  # a year in a label (`Population (2020 census)`) is no row
    rows = sorted(
        v
        for v, words_of in page.labels.items()
        if v != figure and label <= words_of and (dated or not is_year(v))
    )
    return rows[0] if rows else None


def _taker(
    flow: StepGraph, page: _Page, operand: str, reader: int, computed: int
) -> tuple[int, str | None]:
    """(step, figure): where the computation is itself a decision (a code agent's call that
    ran its code), the first LLM call from `reader` on that wrote the operand without a figure
    of a closer row beside it took it for the task's: a call that wrote both passed the page
    on (a faithful report), and when every one before did, the computing call took it. The
    figure is the closer one `reader` wrote beside it (None: `reader` took it). A tool's
    computation (a calculator) was given its operands: `reader` took the figure."""
    if flow.steps[computed].kind not in (StepKind.LLM, StepKind.AGENT):
        return reader, None
    closer = set(page.closer_figures(operand))
    beside: str | None = None
    for index in range(reader, computed + 1):
        step = flow.steps[index]
        if step.kind is not StepKind.LLM and index != computed:
            continue
        found = numbers(step.output[:SCAN])
        if operand not in found:
            continue
        both = sorted(found & closer)
        if not both:
            return index, beside
        if beside is None:
            beside = _as_written(step.output[:SCAN], both[0])
    return reader, None


def _as_written(text: str, value: str) -> str:
    """The figure `value` as `text` spells it (`99,354` for 99354): what a person reading that
    step finds when looking for the quote."""
    return next((m.group(0) for m in number().finditer(text) if norm(m.group(0)) == value), value)


_url = compiled_on_use(
    r"https?://[^\s\"'<>()\[\]{}]+"
    r"|(?<![\w/.:-])(?:[\w.-]+/)+[\w-][\w.-]*\.[a-z][a-z0-9]{0,4}(?!\w|\.\w)"
)
"""A web address, or a file's path (`src/piste/bouts.py`, `pkg/file.tar.gz`; a lower-case
extension: `and/or.The` is prose), in a tool's output or arguments: where a search result
(a page, a file a code search matched) can be opened."""


def _from_snippet(
    flow: StepGraph, source: int, operand: str, reader: int | None
) -> tuple[int, str] | None:
    """The call that took a figure from a search result's snippet and never opened its page.

    A tool output that lists two web addresses or more is a list of results, and a figure
    under one of them is that result's snippet: a few words cut from the page, often stale
    or partial, not the page. When no later tool call was given that address, nobody read
    the page the figure is from: the LLM call that wrote the figure first stopped looking
    there (a premature answer). A figure from a page that was opened says nothing here.
    """
    if reader is None:
        return None
    text = flow.steps[source].output[:SCAN]
    at = next((m.start() for m in number().finditer(text) if norm(m.group(0)) == operand), None)
    address = unopened_snippet(flow, source, at)
    if address is None:
        return None
    return (
        reader,
        f"which {flow.label(source)} gave in the snippet of a result, {quote(address)}, whose "
        f"page no later tool call opened; {flow.label(reader)} took the figure from the snippet "
        "first",
    )


def unopened_snippet(flow: StepGraph, source: int, at: int | None) -> str | None:
    """The address of the search result whose snippet holds offset `at` of tool step
    `source`'s output, when the output lists two addresses or more (a list of results: web
    pages, or the files a code search matched) and no later tool call was given that
    address: nobody read the page or the file. None otherwise, and for a tool given an
    address alone: it opened that page or file, whose own links (a menu's) list no results."""
    if at is None or _opened_address(flow.steps[source].input[:SCAN]):
        return None
    text = flow.steps[source].output[:SCAN]
    addresses = [(m.start(), m.group(0).rstrip(".,;:")) for m in _url().finditer(text)]
    under = [address for start, address in addresses if start <= at]  # or the value is one
    if len(addresses) < 2 or not under or _opened(flow).get(under[-1], -1) > source:
        return None
    return under[-1]


def _opened_address(arguments: str) -> bool:
    """A tool's arguments are an address and nothing else (`https://...`, `{"url": "..."}`):
    it opened a page or a file. A search's query that holds an address searched."""
    if _url().search(arguments) is None:
        return False
    rest = _url().sub(" ", arguments)
    return all(word.casefold() in _ADDRESS_KEYS for word in _word().findall(rest))


_ADDRESS_KEYS = frozenset(
    {"url", "uri", "link", "href", "path", "file", "file_path", "filename", "endpoint", "page"}
)
"""The keys a call names the address it opens with (`{"url": "https://..."}`)."""
_word = compiled_on_use(r"\w+")
"""A word of a tool's arguments."""


def _opened(flow: StepGraph) -> dict[str, int]:
    """Each web address or file path a tool call was given -> the last such call (one pass
    over the tool calls' arguments, once per trace). A tool that echoes its arguments, as
    `final_answer` does, quotes an address; it opens nothing."""
    if "opened" not in flow.shared:
        flow.shared["opened"] = {
            m.group(0).rstrip(".,;:"): index
            for index in flow.all_tool_steps
            if flow.steps[index].output != flow.steps[index].input  # `final_answer` quotes
            for m in _url().finditer(flow.steps[index].input[:SCAN])
        }
    return flow.shared["opened"]  # type: ignore[no-any-return]


def _share(label: set[str] | frozenset[str], task: set[str] | frozenset[str]) -> float:
    """How much of a label the task names (0 for an empty label)."""
    return sum(named_in(word, task) for word in label) / len(label) if label else 0.0


def _first_to_write(flow: StepGraph, wanted: set[str], before: int) -> int | None:
    """The first LLM call up to `before` whose output has every word of `wanted` while its
    input lacked one: where they entered the run (one pass, each text read once)."""
    for step in flow.steps[: before + 1]:
        if step.kind is StepKind.LLM and wanted <= terms(step.output):
            return step.index if not wanted <= terms(step.input) else None
    return None
