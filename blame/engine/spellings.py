"""Required content that is there in another form: in another case (a case-sensitive check),
a number another step spelled its own way (`1,284.50` for `1284.5`), or an identifier the
final output gives misspelt (`AF1243` for `AF1234`)."""

from __future__ import annotations

import re
from collections import Counter, deque
from datetime import date
from decimal import Decimal

from blame.engine.figures import is_number, norm, number
from blame.engine.matching import Matcher, literal, quote
from blame.engine.suspects import at_step, decision, records_decisions
from blame.graph import StepGraph, whole_word_in
from blame.model import StepKind
from blame.results import Suspect
from blame.text import SCAN, compiled_on_use

RECASED_CONFIDENCE = 0.9
"""A step given the exact form that wrote it otherwise (as sure as a loss)."""
FIRST_RECASED_CONFIDENCE = 0.9
"""The first step to write the other form, when none before it had the exact one."""


def respelled(flow: StepGraph, matcher: Matcher) -> Matcher | None:
    """The required number as a step wrote it (`1,284.50` for `1284.5`) when no step has it
    as the check spells it: a figure a tool formats its own way is still the one asked for,
    and where it was lost is the question. None for a value that is no number, or whose
    other spelling the final output has (then only its format differs). Only a formatted
    spelling counts (grouped thousands, a decimal point): digits run together are also how
    code writes its operands and ids name things, no statement of the figure."""
    needle = matcher.needle
    if needle is None or not is_number(needle) or matcher.hits(flow, "out"):
        return None
    wanted, percent = norm(needle), needle.endswith("%")
    for text in flow.texts("out"):
        for written in number().findall(text[:SCAN]):
            grouped = all(len(g) == 3 for g in written.split(".")[0].split(",")[1:])
            same = norm(written) == wanted and written.endswith("%") == percent
            formatted = "," in written or "." in written
            if written != needle and same and grouped and formatted:  # `1,2,3`: a list
                spelled = literal(written)
                return None if spelled.in_final(flow) else spelled
    return None


_token = compiled_on_use(r"\w(?:[\w./-]*\w)?")
"""An identifier as written in a text (`AF1234`, `ORD-7719`, `v2.1`)."""
_VARIANTS = 8
"""Misspellings of one identifier traced at most: each is a search of the upstream texts."""


def misspelt(flow: StepGraph, matcher: Matcher) -> tuple[int, str] | None:
    """(step, token): where the final output's misspelling of a required identifier first
    appeared upstream of the final step. An identifier is one token of four characters or
    more with a digit in it; a misspelling is a token of the final output that is not it
    but has its characters in another order (`AF1243`) or one of them changed (`AF1284`):
    the value the run gives in its place, traced as surely as an answer the output marks.
    A token the task has, or that the step which first wrote it was given, is no one's
    misspelling there.
    """
    needle = matcher.needle
    if needle is None or len(needle) < 4 or _token().fullmatch(needle) is None:
        return None
    if not any(c.isdigit() for c in needle):
        return None
    final = flow.final_output[:SCAN]
    text = final if matcher.case_sensitive else final.casefold()
    task = flow.trace.input[:SCAN].casefold()
    variants = [
        t
        for t in dict.fromkeys(_token().findall(text))
        if near(t, needle) and not whole_word_in(t.casefold(), task)  # the task's own
    ][:_VARIANTS]
    among = sorted(flow.upstream_of_final)
    found = [
        (i, t)
        for t in variants
        if (i := flow.first_folded_hit(t, among, "out")) is not None
        and not whole_word_in(t.casefold(), flow.steps[i].input[:SCAN].casefold())
    ]
    if not found:
        return None
    index, token = min(found)
    start = text.find(token)
    if len(text) != len(final):  # casefold changed lengths: offsets into `final` would lie
        return index, token
    return index, final[start : start + len(token)]


def near(token: str, needle: str) -> bool:
    """`token` is `needle` with its characters reordered or one of them changed."""
    if token == needle or len(token) != len(needle):
        return False
    changed = sum(a != b for a, b in zip(token, needle, strict=True))
    return changed == 1 or Counter(token) == Counter(needle)


def recased(flow: StepGraph, value: str, matcher: Matcher) -> tuple[Suspect, ...]:
    """Who changed the case of content a case-sensitive check requires.

    The final output has the content, but only in another case. Walking back from the final
    step through steps that carry it only that way, the culprit is the first one given the
    exact form (in its input or by a parent) that wrote it otherwise; when no step upstream
    ever had the exact form, the step that first wrote it. Empty unless the final step's own
    output has it in another case: otherwise the output chosen from that step lost it, a case
    for `lost`.
    """
    final = flow.final_step
    if final is None:
        return ()
    steps = flow.steps
    carriers = matcher.hits(flow, "out")
    if final not in carriers or value in steps[final].output:
        return ()
    queue = deque([final])
    seen = {final}
    origins: list[int] = []
    while queue:
        index = queue.popleft()
        if value in steps[index].output:
            continue
        holders = [p for p in flow.parent_indexes[index] if value in steps[p].output]
        if holders or value in steps[index].input:
            source = f" from {flow.label(holders[-1])}" if holders else ""
            return (
                at_step(
                    flow,
                    index,
                    RECASED_CONFIDENCE,
                    f"{flow.label(index)} received {quote(value)}{source} but wrote it as "
                    f"{_as_written(steps[index].output, value)}; the check is case-sensitive",
                ),
            )
        upstream = [p for p in flow.parent_indexes[index] if p in carriers]
        if not upstream and index in carriers:
            origins.append(index)
        for parent in upstream:
            if parent not in seen:
                seen.add(parent)
                queue.append(parent)
    if not origins:
        return ()
    first = min(origins)
    return (
        at_step(
            flow,
            first,
            FIRST_RECASED_CONFIDENCE,
            f"{flow.label(first)} wrote {_as_written(steps[first].output, value)} where the "
            f"case-sensitive check needs {quote(value)}, and no step before it had that form",
        ),
    )


def _as_written(text: str, value: str) -> str:
    """The quoted form `value` takes in `text` (found ignoring case), or a plain description."""
    folded = text.casefold()
    start = folded.find(value.casefold())
    if start < 0 or len(folded) != len(text):  # casefold changed lengths: offsets would lie
        return "another case"
    return quote(text[start : start + len(value)])


MONTHS = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)
"""Month names, in order: a date written out names its month."""
_iso_date = compiled_on_use(r"\s*([0-9]{4})-([0-9]{2})-([0-9]{2})\s*")


def as_dated(value: str) -> str | None:
    """A pattern for the ISO date `value` as a text states it: as itself, or written out
    (`23 June 2015`, `23rd of June, 2015`, `June 23, 2015`, `Jun. 23 2015`), not as a part of a
    longer figure; None for a value that is no valid ISO date. A plan that wrote a date out is
    where the date an agent's code then formats first appeared. Day-month-year figures
    (`06/23/2015`) are left out: which is the day is not written."""
    found = _iso_date().fullmatch(value)
    if found is None:
        return None
    year, month, day = (int(part) for part in found.groups())
    try:
        date(year, month, day)
    except ValueError:
        return None
    name = MONTHS[month - 1]
    named = f"(?i:{name[:3]}(?:{name[3:]}|\\.)?)" if len(name) > 3 else f"(?i:{name})"
    numbered = f"0?{day}(?i:st|nd|rd|th)?"
    forms = (
        re.escape(f"{year:04d}-{month:02d}-{day:02d}"),
        rf"{numbered}(?:\s+of)?\s+{named},?\s+{year}",
        rf"{named}\s+{numbered},?\s+{year}",
    )
    return rf"(?<![\d-])(?:{'|'.join(forms)})(?!\d)"


def in_figures(value: str, task: str) -> str | None:
    """The ISO date that `value`, a date in figures with the year last (`17/04/2025`), is,
    where the order of its day and month is known: the task asks for that order, and no
    other (`Answer as DD/MM/YYYY`), or only one order names a date (17 is no month). None
    otherwise: `03/04/2025` may be 3 April or 4 March. A page or an API may state the same
    date in another form (`2025-04-17`)."""
    found = _day_month_year().fullmatch(value.strip()) if len(value) <= 40 else None
    if found is None:
        return None
    first, second, year = int(found[1]), int(found[3]), int(found[4])
    asked = {order[1] is not None for order in _asked_order().finditer(task[:SCAN])}
    if len(asked) == 1:  # one order asked for (a task naming both leaves it to the value)
        day_first = asked.pop()
    elif first > 12 >= second or second > 12 >= first:
        day_first = first > 12
    else:
        return None
    day, month = (first, second) if day_first else (second, first)
    try:
        return date(year, month, day).isoformat()
    except ValueError:
        return None


_asked_order = compiled_on_use(r"(?i)\b(?:(dd?([/.-])mm?)|mm?([/.-])dd?)(?:\2|\3)yyyy\b")
"""A date's form in figures as a task asks for it: `DD/MM/YYYY` (the first group: day
first) or `MM/DD/YYYY`."""


def same_duration(value: str, text: str) -> bool:
    """Whether `text`, whole, is the duration `value` written as another clock: `68:42.7`
    (minutes past the hour, as a results table writes them) for `1:08:42.7`. Only a clock
    with hours against one whose minutes run to 60 or more: `68:00` for `1:08` may be an
    hour too many as well as the same length, and is taken for neither."""
    if len(value) > 40 or len(text) > 40 or value.strip() == text.strip():
        return False
    one, other = _clock_parts(value), _clock_parts(text)
    if one is None or other is None:
        return False
    if len(one[0]) == len(other[0]):  # the same form: the same figures, padded otherwise
        return _seconds(one) == _seconds(other)
    short = one if len(one[0]) == 2 else other
    return int(short[0][0]) >= 60 and _seconds(one) == _seconds(other)


def _clock_parts(text: str) -> tuple[list[str], str] | None:
    """(the clock's parts, its fraction of a second) of a text that is one clock, else None."""
    found = _clock().fullmatch(text.strip())
    if found is None:
        return None
    first, second, third, fraction = found.groups()
    return [p for p in (first, second, third) if p is not None], fraction or ""


def _seconds(clock: tuple[list[str], str]) -> Decimal:
    """The length in seconds of a clock's parts, its last part seconds (`68:42.7`, `1:08:42`)."""
    parts, fraction = clock
    whole = 0
    for part in parts:
        whole = whole * 60 + int(part)
    return Decimal(whole) + (Decimal(f"0.{fraction}") if fraction else Decimal(0))


def same_date(iso: str, text: str) -> bool:
    """Whether `text`, whole, is the ISO date `iso` written another way: written out (as
    `as_dated` reads it), or in figures with the day and month in either order and the year
    last (`24/07/2024`, `7.24.2024`), where only one order names a date: `03/04/2024` may be
    3 April or 4 March, and is not taken for either; or with its midnight, as Python prints
    a datetime (`2025-03-15 00:00:00`)."""
    pattern = as_dated(iso)
    text = text.strip()
    if pattern is None or len(text) > 40 or text == iso.strip():
        return False
    if re.fullmatch(pattern, text):
        return True
    if _at_midnight().fullmatch(text) is not None:
        return text[:10] == iso.strip()
    found = _figured_date().fullmatch(text)
    if found is None:
        return False
    year, month, day = (int(part) for part in iso.strip().split("-"))
    first, second, written_year = (int(part) for part in found.groups())
    if day != month and day <= 12 and month <= 12:
        return False  # `03/04/2024`: 3 April or 4 March, which is not written
    return written_year == year and (first, second) in {(day, month), (month, day)}


def misread_date(flow: StepGraph, index: int, right: Matcher, wrong: str) -> Suspect | None:
    """The LLM call that first wrote the wrong date, when its input has the right one in
    figures that read as the wrong one with day and month swapped (`04/06/2024`, 4 June,
    written as `2024-04-06`): it took the day for the month. None otherwise."""
    step = flow.steps[index]
    if step.kind is not StepKind.LLM or right.needle is None:
        return None
    written = swapped_date(step.input, right.needle, wrong)
    if written is None:
        return None
    why = (
        f"{flow.label(index)} read {quote(written)} as {quote(wrong)}, day and month swapped: "
        f"it is {right.shown}"
    )
    return at_step(flow, index, 0.95, why)


def swapped_date(text: str, right: str, wrong: str) -> str | None:
    """The date in figures in `text` that reads as the ISO date `right` with its day first
    and as `wrong` with its month first, or the other way round (`04/06/2024`, 4 June or 6
    April): where `wrong` is `right` with day and month swapped, a reader of it took the one
    for the other. None otherwise, or where both orders are written (two dates)."""
    found = [_iso_date().fullmatch(value.strip()) for value in (right, wrong)]
    if found[0] is None or found[1] is None:
        return None
    year, month, day = (int(part) for part in found[0].groups())
    if found[1].groups() != (found[0][1], f"{day:02d}", f"{month:02d}") or day == month:
        return None
    found_in = {
        (int(written[1]), int(written[3])): written[0]
        for written in _day_month_year().finditer(text[:SCAN])
        if int(written[4]) == year
    }
    orders = [(first, second) for first, second in found_in if {first, second} == {day, month}]
    # both orders written: two dates, the other picked, no misread (`04/06` and `06/04`)
    return found_in[orders[0]] if len(orders) == 1 else None


_day_month_year = compiled_on_use(r"(?<![\d/.-])([0-9]{1,2})([/.-])([0-9]{1,2})\2([0-9]{4})(?!\d)")
"""A date in figures, day and month first in either order, then the year (`04/06/2024`)."""


_at_midnight = compiled_on_use(
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}[ T]00:00(?::00(?:\.0{1,6})?)?(?:Z|[+-]00:?00)?"
)
"""An ISO date with its midnight, as Python prints a datetime parsed from a date
(`2025-03-15 00:00:00`): the date, with a time nobody asked for."""
_figured_date = compiled_on_use(r"([0-9]{1,2})[/.-]([0-9]{1,2})[/.-]([0-9]{4})")
"""A date in figures, day and month first, the year last (`24/07/2024`)."""


_clock = compiled_on_use(r"\s*([0-9]{1,3}):([0-5][0-9])(?::([0-5][0-9]))?(?:\.([0-9]{1,3}))?\s*")
_HOURS = r"(?:h|hrs?|hours?)"
_MINUTES = r"(?:m|mins?|minutes?)"
_SECONDS = r"(?:s|secs?|seconds?)"
_MERIDIEM = r"[ \t]?(?i:[ap]\.?m\b\.?)"
"""A time of day's `pm` (`5:30 pm`, `5:30 p.m.`): a clock then, not a duration."""
_PART = r"\.?,?[ \t]*(?:and[ \t]+)?"
"""What may stand between two parts of a duration (`3 hrs. 4 mins`, `3h, 04m`, `3 hours and
4 minutes`)."""


def as_timed(value: str, *, reading: str | None = None) -> str | None:
    """A pattern for the duration `value` written as a clock (`3:04`, `1:02:03`, `2:31.9`) as
    a text states it: as itself, not in a longer figure, or with units (`3h 04m`, `3 hours 4
    minutes`, `2 min 31.9 s`); None for a value that is no such figure. A results page writes
    `3h 04m` where the answer asks for h:mm; read as another figure, the page that had the
    right duration would look as if it never had it. `3:04` may be hours and minutes or
    minutes and seconds: both are read (with a fraction of a second, only the second), or
    the one `reading` names (`"hm"`, `"ms"`). Not a time of day (`5:30 pm` is no `05:30`)."""
    found = _clock().fullmatch(value)
    if found is None:
        return None
    first, second, third, fraction = found.groups()
    lead = str(int(first))
    tail = f".{fraction}" if fraction else ""
    clock = re.escape(f"{lead}:{second}" + (f":{third}" if third else "") + tail)
    if third:
        readings = [
            (lead, _HOURS),
            (_part(second), _MINUTES),
            (_part(third) + re.escape(tail), _SECONDS),
        ]
        spoken = [_PART.join(_unit(*reading) for reading in readings)]
    else:
        pairs = {"hm": (_HOURS, _MINUTES), "ms": (_MINUTES, _SECONDS)}
        read = ("ms",) if fraction else (reading,) if reading in pairs else ("hm", "ms")
        last = _part(second) + re.escape(tail)
        spoken = [_unit(lead, pairs[r][0]) + _PART + _unit(last, pairs[r][1]) for r in read]
    forms = "|".join((clock, *spoken))
    return rf"(?<![\d.:])0?(?:{forms})(?![A-Za-z0-9]|[.:]\d|{_MERIDIEM})"


def _part(figure: str) -> str:
    """A two-digit part of a clock as units write it, with or without its leading zero."""
    return f"0?{int(figure)}" if figure.startswith("0") else figure


def _unit(figure: str, name: str) -> str:
    """A part of a duration followed by its unit (`04m`, `4 min`)."""
    return rf"{figure}[ \t]?(?i:{name})"


_asked_unit = compiled_on_use(r"(?i)\bin (?:total )?(seconds|minutes)\b(?!-)")
"""How a task asks for a duration as a number of one unit (`in seconds`)."""


def clock_unit(task: str) -> str | None:
    """`seconds` or `minutes` when the task asks for a duration as a number of that unit:
    a page then writes the figure as a clock (`2:31.9` for `151.9` seconds)."""
    found = _asked_unit().search(task[:SCAN])
    return None if found is None else found[1].casefold()


def as_clocked(value: str, unit: str) -> str | None:
    """A pattern for the number `value` of seconds written as a clock, `m:ss` or `h:mm:ss`
    (`2:31.9` for `151.9`), or of minutes, `h:mm` (`3:04` for `184`), in the forms
    `as_timed` reads for that unit; None for a value that is no plain number of a minute
    (an hour) or more, or of minutes with a fraction."""
    whole, dot, fraction = value.strip().partition(".")
    if not whole.isdigit() or len(whole) > 7 or (dot and not fraction.isdigit()):
        return None
    amount = int(whole)
    fraction = fraction.rstrip("0")
    if amount < 60 or (unit == "minutes" and fraction):
        return None
    tail = f".{fraction}" if fraction else ""
    bigger, smallest = divmod(amount, 60)
    clock = f"{bigger}:{smallest:02d}{tail}"
    if unit == "seconds" and bigger >= 60:
        hours, minutes = divmod(bigger, 60)
        clock = f"{hours}:{minutes:02d}:{smallest:02d}{tail}"
    return as_timed(clock, reading="ms" if unit == "seconds" else "hm")


def written_as_clock(task: str, needle: str, wrong: str) -> bool:
    """`wrong`, whole, is the number of seconds (minutes) `task` asks for, `needle`,
    written as a clock (`13:42` for `822`)."""
    unit = clock_unit(task)
    pattern = None if unit is None or not is_number(needle) else as_clocked(needle, unit)
    return pattern is not None and len(wrong) <= 40 and re.fullmatch(pattern, wrong) is not None


def listed_answer(flow: StepGraph, right: str, wrong: str) -> Suspect | None:
    """The call that handed on the words asked for in another form: a list (`['Hart',
    'Bloom', 'Ives']`) where the task asks for text (`Hart, Bloom, Ives`), other marks
    between the same words (`Hart; Bloom; Ives`), or a name the other way round (`Margaret
    Ellery` for `Ellery, Margaret`). Words, not figures (`1,234` for `1.234` is another
    number). The words are right; only the form is wrong, and the call that handed them on
    as the final answer chose it (code that printed a list it computed chose no answer's
    form, nor did a page that wrote the name so); marks or an order an LLM call wrote first
    itself, its input lacking them (code that joined `f"{module}:{name}"`), that call chose."""
    final = flow.final_step
    if final is None or not records_decisions(flow):
        return None
    writer = decision(flow, final)
    how = f"{flow.label(writer)} handed it on as the final answer so"
    if _listed(wrong, right):
        form = f"is a list of the items of {quote(right)}, not the text asked for"
    elif _reordered(wrong, right):
        form = f"has the words of {quote(right)} in another form"
        first, copied = first_to_write(flow, wrong) or (writer, True)
        if not copied and first != writer and flow.steps[first].kind is StepKind.LLM:
            writer, how = first, f"{flow.label(first)} first wrote it in that form"
    else:
        return None
    return at_step(flow, writer, 0.7, f"the final output {quote(wrong)} {form}; {how}")


def first_to_write(flow: StepGraph, text: str) -> tuple[int, bool] | None:
    """(step, copied): the first step upstream of the final one whose output has `text` as
    written, and whether its input had it too (then it copied a form, it chose none)."""
    form = literal(text)
    first = next((at for at in sorted(flow.upstream_of_final) if form.out(flow, at)), None)
    return None if first is None else (first, bool(form.inp(flow, first)))


def _reordered(text: str, right: str) -> bool:
    """`text` has the two or more words of `right` (each with a letter: figures are another
    number's) with other marks between them (`Ellery Margaret`), or, without a comma, a
    name `right` writes inverted at its one comma the other way round (`Margaret Ellery` for
    `Ellery, Margaret`). Other orders change what a list says (`Bloom, Hart`)."""
    if len(text) > _LIST_CAP or text.strip() == right.strip() or text.lstrip().startswith("["):
        return False
    words, asked = _words_of(text), _words_of(right)
    if len(words) < 2 or not all(_letter().search(word) for word in asked):
        return False
    surname, comma, rest = right.partition(",")
    swapped = _words_of(rest) + _words_of(surname)
    inverted = comma and "," not in rest and "," not in text and words == swapped
    return words == asked or bool(inverted)


_letter = compiled_on_use(r"[^\W\d_]")
"""A letter: a word with one is no figure."""


def _listed(text: str, right: str) -> bool:
    """`text`, whole, is a list of two or more quoted items whose words, in order, are
    those of `right`."""
    text = text.strip()
    if len(text) > _LIST_CAP or not (text.startswith("[") and text.endswith("]")):
        return False
    items = [single or double for single, double in _quoted_item().findall(text)]
    outside = _quoted_item().sub("", text[1:-1])
    if len(items) < 2 or outside.strip(" ,\n\t"):
        return False
    return _words_of(" ".join(items)) == _words_of(right)


_LIST_CAP = 10_000
"""Characters of a final output read as a list; a longer one is no short answer's list."""
_quoted_item = compiled_on_use(r"""'([^'\\\n]{0,500})'|"([^"\\\n]{0,500})\"""")
"""An item of a printed list: a string in single or double quotes."""


def _words_of(text: str) -> list[str]:
    return [w.casefold() for w in _word().findall(text)]


_word = compiled_on_use(r"\w+")
