"""Figures and words as the engine reads them in a step's text.

A figure is found however it is written (`139,875`, `$12`, `45%`) and compared normalised
(`139875`), so one value written two ways is one value. Words are compared case-folded, with
their stems where a task may name a thing in another form (`founding`, `Founded`); a
document's headings are layout, not what it is about.
"""

from __future__ import annotations

import re
from decimal import Decimal

from blame.text import SCAN, compiled_on_use

NUMBER = r"(?<![\w.])[-\u2212]?\$?\d(?:[\d,]|_(?=\d))*(?:\.\d+)?%?(?!\w)"
"""A number as written (`139,875`, `2.08`, `-3`, `$12`, `45%`, in code `3_999_999`)."""
number = compiled_on_use(NUMBER)
_word = compiled_on_use(r"[^\W\d_]{4,}")
_term = compiled_on_use(r"[^\W\d_]{3,}")
_capitalised = compiled_on_use(r"\b[A-Z][^\W\d_]{3,}")
_heading = compiled_on_use(r"^[ \t]*#{1,6}(?:[ \t]|$)")
"""A markdown heading line (`## Summary`), or a comment line in code."""
_year = compiled_on_use(r"(?<![\d.,/-])(?:1[5-9]|20)\d\d(?!\d|[.,/-]\d)")
"""A year from 1500 to 2099, not part of a longer figure (`1,968`, `19680`) or of a date
(`2024-02-30`)."""
_season = compiled_on_use(
    r"(?a)(?<![\d.,/-])((?:1[5-9]|20)\d\d)[-/\u2013](\d\d(?:\d\d)?)(?!\d|[.,/-]\d)"
)
"""A season written with its two years (`2023-24`, `2023/24`, `2023-2024`)."""
_quoted = compiled_on_use(r"(?<![^\W\d_])'(?!\d\ds\b)[^'\n]{1,80}'(?![^\W\d_])|\"[^\"\n]{1,80}\"")
"""A quoted text (`e.g. '1234 m, 1987'`): an example of the answer's form, not its question;
an apostrophe inside a word (`Tarvek's`) or before a decade (`'60s`) opens none; `'45 m,
1987'` is an example still."""


def quoted_names(task: str) -> list[str]:
    """The names the task quotes (`'The Lantern Keeper'`): a title that tells one work from
    the others of its author. Not a quoted example of the answer's form (`'1234 m'`)."""
    found = (m[0][1:-1].strip() for m in _quoted().finditer(task[:SCAN]))
    return list(dict.fromkeys(q for q in found if q[:1].isupper() and " " in q))


_ENDINGS = ("ations", "ation", "ings", "ing", "ions", "ion", "ed", "es", "s")
"""Endings a word's stem is found without: the task's `founding` names a page's `Founded`."""


def stem(word: str) -> str:
    """The word without one common ending, when four letters or more are left (`-ies` and
    `-ied` end it in `-y`, when three are left: `applies`, `apply`; `cities`, `city`)."""
    if word.endswith(("ies", "ied")) and len(word) >= 6:
        return word[:-3] + "y"
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 4:
            return word[: -len(ending)]
    return word


def with_stems(task: set[str] | frozenset[str], text: str = "") -> set[str]:
    """The task's words, their stems and the nouns its adjectives of measure ask with, as
    `named_in` reads them; given `text`, the task as written, the other forms of its verbs
    too (`won`: `win`, `winner`; `founded`: `founder`), short ones (`won`) included: what a
    plan restates the task with, where asking about another thing is told from restating
    it (`drift`), not where a word of the task must be matched as written."""
    measures = {_MEASURES[word] for word in task if word in _MEASURES}
    if not text:
        return {*task, *(stem(word) for word in task), *measures}
    doers = {word[:-2] + "er" for word in task if word.endswith("ed")}  # `founded`: `founder`
    written = task | set(_letters().findall(text[:SCAN].casefold()))  # `won` is short
    forms = {form for word in written for form in _VERB_FORMS.get(word, ())}
    return {*task, *(stem(word) for word in task), *measures, *doers, *forms}


_IRREGULAR = (
    ("win", "won", "winner"),
    ("lead", "led", "leader"),
    ("hold", "held", "holder"),
    ("run", "ran", "runner"),
    ("sell", "sold", "seller"),
    ("build", "built", "builder"),
    ("make", "made", "maker"),
    ("write", "wrote", "writer"),
    ("ride", "rode", "rider"),
    ("drive", "drove", "driver"),
    ("swim", "swam", "swimmer"),
    ("throw", "threw", "thrower"),
    ("catch", "caught", "catcher"),
    ("keep", "kept", "keeper"),
    ("sing", "sang", "singer"),
    ("teach", "taught", "teacher"),
    ("grow", "grew", "grower"),
    ("take", "took", "taker"),
    ("give", "gave", "giver"),
    ("break", "broke", "breaker"),
    ("fly", "flew", "flier"),
    ("bring", "brought", "bringer"),
    ("buy", "bought", "buyer"),
    ("find", "found", "finder"),
    ("shoot", "shot", "shooter"),
    ("draw", "drew", "drawer"),
)
"""Irregular verbs, their past and the noun of who does it: a task's `won` asks about a
`winner`, a plan's `winners` restates it."""
_letters = compiled_on_use(r"\b[a-z]+\b(?!['\u2019])")
"""A word of a case-folded text, not one an apostrophe joins (`won't` is no `won`)."""
_VERB_FORMS = {form: forms for forms in _IRREGULAR for form in forms}
"""Each form of an irregular verb -> all of its forms."""


_MEASURES = {
    "tall": "height",
    "high": "height",
    "long": "length",
    "wide": "width",
    "broad": "breadth",
    "deep": "depth",
    "heavy": "weight",
    "thick": "thickness",
    "much": "amount",
    "many": "number",
}
"""A question's adjective of measure and the noun a plan asks it with: `how tall` asks for a
`height`, `how many` for a `number`."""


def named_in(word: str, task: set[str] | frozenset[str]) -> bool:
    """The task names the word, or another form of it (`task` holds its words' stems too;
    a plural's `-s` alone comes off too: `courses` is the task's `course`, not `cours`)."""
    return word in task or stem(word) in task or (word.endswith("s") and word[:-1] in task)


def body(text: str) -> str:
    """`text` without its heading lines: markdown headings (`## Notes`) and lines written
    all in capitals (`SUMMARY`, `REYKJAVIK - KEY FIGURES`). A heading's words are the
    document's layout, not what it was about."""
    if "#" not in text and not any(c.isupper() for c in text):
        return text
    kept = [
        line for line in text.split("\n") if _heading().match(line) is None and not line.isupper()
    ]
    return "\n".join(kept)


def names(text: str) -> set[str]:
    """Words `text` writes capitalised, case-folded: the names it is about (`Akureyri`,
    `OECD`). Not a heading's words (`body`), nor a word in capitals written as a label
    (`NOTES: ...`, `SUMMARY: ...`): headings and labels in capitals are ordinary words. Nor
    a word inside an address (`.../HarrogateCubeOpen2023`): the site glued it there."""
    found: set[str] = set()
    kept = address().sub(" ", body(text))
    for match in _capitalised().finditer(kept):
        word = match.group(0)
        label = word.isupper() and kept.startswith(":", match.end())
        if not label:
            found.add(word.casefold())
    return found


address = compiled_on_use(r"(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*://[^\s<>)\]\"']+")
"""A web address as a text writes it, to a closing bracket or quote; its words are glued
by the site (`.../competitions/HarrogateCubeOpen2023`)."""
json_key = compiled_on_use(r"\"[^\"\n]{1,40}\"\s*:")
"""A JSON object's key (`"url":`): structure, not what a call asked or found."""
site = compiled_on_use(r"(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*://[^/\s\"'<>()\[\]{}]*")
"""A web address's scheme and host (`https://www.guild.org.uk`): every page of a site shares
them."""


def terms(text: str) -> set[str]:
    """Alphabetic words of three letters or more, case-folded: a label's words (`tip` in
    `height to tip`), where short words are few and count."""
    return {w.casefold() for w in _term().findall(text[:SCAN])}


FUNCTION_WORDS = frozenset(
    {
        "about",
        "also",
        "been",
        "being",
        "between",
        "both",
        "could",
        "does",
        "doing",
        "each",
        "from",
        "have",
        "having",
        "here",
        "into",
        "just",
        "only",
        "same",
        "should",
        "some",
        "such",
        "than",
        "that",
        "their",
        "them",
        "there",
        "these",
        "they",
        "this",
        "those",
        "through",
        "very",
        "were",
        "what",
        "when",
        "where",
        "which",
        "while",
        "whom",
        "will",
        "with",
        "within",
        "without",
        "would",
        "your",
    }
)
"""Function words of four letters or more: they name nothing a question could be about
(`planted in 2011 with 64 varieties` lists 64 under no question `with`). Words of time and
place (`before`, `during`, `over`) can tell two values apart, and are kept."""


def words(text: str) -> set[str]:
    """Alphabetic words of four letters or more, case-folded."""
    return {w.casefold() for w in _word().findall(text[:SCAN])}


def words_in_order(text: str) -> list[str]:
    """The words `words` reads, as written and in order, repeats kept."""
    return _word().findall(text[:SCAN])


def is_number(value: str) -> bool:
    """The whole value is one number."""
    return number().fullmatch(value.strip()) is not None


def norm(value: str) -> str:
    """A number without separators, currency, per cent or trailing decimal zeros (`$1,200.00`
    -> `1200`, `3_999` -> `3999`, `2.50` -> `2.5`): one figure written two ways (an invoice's
    `100.00`, the `100` an agent computes with) is one value, not one made up from nothing."""
    plain = value.strip().replace(",", "").replace("_", "").replace("$", "")
    plain = plain.replace("\u2212", "-").rstrip("%")
    if "." in plain:
        plain = plain.rstrip("0").rstrip(".")
    return plain


def numbers(text: str) -> set[str]:
    """Every number in `text`, normalised."""
    return {norm(n) for n in number().findall(text)}


def as_written(value: str, *, count: bool = False) -> str:
    """A pattern for the number `value` as a text states it, whole: as itself or with its
    thousands grouped by commas or, in code, underscores (`8412`, `8,412`, `8_412`), not as a
    part of a longer figure. A figure a page, a report or a source file writes grouped is
    the figure code then writes plain. Not as
    a part of a name either (`call_2`, `v2`), nor as the number of a list's item or a heading
    (`2. Fetch` opening a line, `## 2. Plan`), a step's (`Step 2:`) or a file listing's line
    (`not_an_item`): a prompt's numbered rules and a plan's steps state no figure; nor as a
    spaced factor or divisor (`_NOT_OPERAND`), nor as the month or
    day of an ISO date (`1977-04-23`). A `count` (the answer to `how many`) is not a sum of
    money (`£9`), the day of a date (`9 March`) nor the hour of a time of day (`from 14:00`)."""
    plain = value.strip().replace(",", "")
    whole, dot, fraction = plain.partition(".")
    sign = "-" if whole.startswith("-") else ""
    digits = whole.removeprefix("-")
    spellings = [re.escape(value.strip())]
    if (
        digits.isdigit()
        and 3 < len(digits) <= 4000  # int() refuses longer digit strings
        and digits[0] != "0"
        and (not dot or fraction.isdigit())
    ):
        grouped = f"{sign}{int(digits):,}{dot}{fraction}"
        coded = f"{sign}{int(digits):_}{dot}{fraction}"  # a code literal: `3_999_999`
        spellings += [re.escape(s) for s in (plain, grouped, coded) if s != value.strip()]
    figure = f"(?:{'|'.join(spellings)})"
    if count and digits.isdigit() and not dot and not sign and 1 <= int(digits[:3]) <= 31:
        figure += _not_day()
    if count and digits.isdigit() and not dot and not sign and len(digits) <= 2:
        figure = not_clock_part(figure)
    item = not_an_item(figure, plain)
    # not after a Latin letter or digit (`v2`, `call_2`); a figure after CJK text is one
    money = r"(?<![$\u00a3\u20ac\u00a5])(?<![$\u00a3\u20ac\u00a5][ \t])" if count else ""
    after = r"(?!\d|[.,_]\d)(?! [*]{1,2} [\w(])"
    guards = rf"{item}(?<![A-Za-z0-9_.,]){_NOT_OPERAND}{_NOT_DATE_PART}{money}"
    return rf"{FIGURE_START}{guards}{figure}{after}"


FIGURE_START = r"(?=[-+\u2212$.\d])"
"""Where a figure can start: tried first, so the guards' look-behinds run only there, not at
every character of a long text."""


def not_clock_part(figure: str) -> str:
    """The `figure` pattern, not as the hour of a time of day (`from 14:00`, `14:30`, `2:45
    pm`): a count's guard. A score is written so too (`21:15, 18:21`): only the hour or the
    half past, or a time with am or pm, is read as a clock."""
    return rf"{figure}(?!:(?:00|30)(?!\d))(?!:[0-5]\d[ \t]*[ap]\.?m\b)"


def not_an_item(figure: str, value: str) -> str:
    """A pattern's guard: the `figure` that follows (the number `value`) is not the number
    of a list's item or a heading (`2. Fetch` opening a line, `## 2. Plan`), nor a step's
    (`Step 1: the 2024 result`, a plan's or a framework's `Step 2`), nor a file listing's
    line number."""
    numbered = rf"(?:(?<=[^\n])(?<!# )|(?!{figure}[.)][ \t]))"
    step = rf"(?:(?<!\b[Ss]tep )(?<!\bSTEP )|(?={figure}[ ]?{_MEASURE}))"
    return rf"{numbered}{step}{_not_a_line_number(figure, value)}"


_MEASURE = r"(?:[mck]?m|inch(?:es)?|ft|feet|foot|yards?|k?g|lbs?|kilos?)\b"
"""A unit after a number: `step 12 cm` measures a step, it does not number one."""


def _not_a_line_number(figure: str, value: str) -> str:
    """A pattern's guard: the `figure` that follows (the whole number `value`) is not a file
    listing's line number: padded with spaces at its line's start, a tab or two spaces
    after it, and the next line numbered the next number (`   6  from x import y` above
    `   7  `; `cat -n`'s `     6\tfrom`). A table's first column is no listing: its next row
    starts with another figure (`2024\t157`, ` 2024    157` above ` 2023    149`), and a
    year is taken for a table's row (` 2024    157` above ` 2025    160`)."""
    if not value.isdigit() or len(value) > _GUTTER or _year().fullmatch(value):
        return ""
    padded = "|".join(rf"(?<=\n{' ' * width})|(?<=^{' ' * width})" for width in range(1, _GUTTER))
    gutter = r"(?:\t|[ ]{2})"
    below = rf"\n[ ]{{0,{_GUTTER}}}{int(value) + 1}(?:{gutter}|[ ]?(?:\n|$))"
    return rf"(?!(?:{padded}){figure}{gutter}[^\n]{{0,{_LINE}}}{below})"


_GUTTER = 8
"""Spaces a listing's line number is padded with, at most (`cat -n` pads to six)."""
_LINE = 1_000
"""Characters of a listing's line read for the next line's number: a longer line keeps its
number a figure."""


_MONTHS = (
    *("January", "February", "March", "April", "May", "June", "July", "August"),
    *("September", "October", "November", "December"),
    *("Jan", "Feb", "Mar", "Apr", "Jun", "Jul", "Aug", "Sep", "Sept", "Oct", "Nov", "Dec"),
)
"""How a date names its month, in full or cut short (`9 Sept. 2025`)."""


def as_rounded(value: str) -> str | None:
    """A pattern for the longer figures that round to `value` (a figure with decimal places):
    `96.41` or `96.35` for `96.4`, as code that rounds them writes the answer a task asks to
    round; None for a whole number (a figure near a count is as often another figure)."""
    plain = value.strip()
    whole, dot, fraction = plain.partition(".")
    if not (dot and whole.isdigit() and fraction.isdigit()) or len(plain) > _ROUNDED_LENGTH:
        return None
    step = Decimal(1).scaleb(-len(fraction))
    below = Decimal(plain) - step
    forms = [f"{re.escape(plain)}[0-4]"]
    if below >= 0:
        forms.append(f"{re.escape(f'{below:.{len(fraction)}f}')}[5-9]")
    return rf"{FIGURE_START}(?<![\d.,])(?:{'|'.join(forms)})\d*(?![\d]|[.,]\d)"


_ROUNDED_LENGTH = 40
"""Characters of a rounded figure read at most: a longer one is no answer rounded."""


def asks_rounding(task: str) -> bool:
    """Whether the task asks its figure rounded (`Round to one decimal`, `to 2 decimal
    places`)."""
    return _rounding_asked().search(task[:SCAN]) is not None


_rounding_asked = compiled_on_use(
    r"(?i)\bround(?:ed|ing)?[ \t]+(?:(?:it|the|your|this|that|answer|figure|value|number|result)"
    r"[ \t]+){0,3}(?:(?:up|down|off)[ \t]+)?to[ \t]+(?:the[ \t]+)?"
    r"(?:nearest|one|two|three|\d|a[ \t]+whole)"
    r"|\b(?:to|with)[ \t]+(?:one|two|three|\d)[ \t]+decimal(?:[ \t]+places?)?\b"
    r"|\bone[ \t]+decimal[ \t]+place\b"
)
"""Words that ask for a figure rounded (`Round to one decimal`, `rounded to the nearest
tenth`, `to 2 decimal places`): the verb with what it rounds to, not a contest's `round`
(`the Round the Island Race`, `the round up competition`)."""


def asks_count(task: str) -> bool:
    """Whether the task asks for a count (`How many layouts ...`, `the number of species`)."""
    return _count_question().search(task[:SCAN]) is not None


_count_question = compiled_on_use(
    r"(?i)\bhow many\b(?![ \t]+(?:dollars|pounds|euros|yen|francs|rupees|cents|pence)\b)"
    r"|\b(?:the|total) number of\b"
)
"""How a task asks for a count; `Reply with the number only` asks for none, nor `How many
dollars` (a sum) or `the phone number of` (a name made of digits)."""


def uncounted(text: str) -> str:
    """`text` without the figures that count nothing: sums of money (`£9`, `$ 12.50`) and the
    days of dates (`8-9 March`, `March 9`), each left as a space."""
    return _uncounting().sub(" ", text[:SCAN])


_MONTH = "|".join(_MONTHS)
_uncounting = compiled_on_use(
    rf"[$\u00a3\u20ac\u00a5][ \t]?\d[\d,.]*|\b\d{{1,2}}(?:[-\u2013]\d{{1,2}})?[ \t]+(?:{_MONTH})\b"
    rf"|\b(?:{_MONTH})\.?[ \t]+\d{{1,2}}(?:[-\u2013]\d{{1,2}})?\b(?![\d,.]\d)"
)
"""A sum of money, or the day of a date with its month."""


def _not_day() -> str:
    """Not the day of a date written day first (`8-9 March 2025`, `9-10 March`): a page's
    dates state no count. Not month first (`March 9`): a lookbehind per month made the
    pattern twenty times slower to compile, and every number's pattern is compiled once per
    trace; `uncounted` strips those for the calculations."""
    return rf"(?!(?:[-\u2013]\d{{1,2}})?[ \t]+(?:{_MONTH})\b)"


_NOT_DATE_PART = r"(?<!\d\d\d\d-\d\d-)(?!(?<=\d\d\d\d-)\d\d-\d\d)"
"""Not the month or the day of an ISO date (`1977-04-23` states no 23 and no 4)."""
_NOT_OPERAND = r"(?<![A-Za-z_] [*/] )(?<!\) [*/] )(?<![A-Za-z_] [*/]{2} )(?<!\) [*/]{2} )"
"""Not a spaced divisor or factor in code or a formula (`flight_s / 60`, `hours * 24`,
`60 * 60`): a unit's conversion, which states no figure of what a listing is about. After a
name or a bracket only: a score (`60 / 100`, `4 / 5`), two seasons (`2023 / 2024`), a bullet
(`* 60 members`) and an unspaced figure (`1/60`, `/items/60`) count."""


def unbounded(text: str) -> str:
    """`text` without the bounds of a scale it asks on (`rating (0-5)`, `on a scale of 1 to
    10`, `a 1-10 scale`, `rated out of 5`): a bound says what an answer may be, not what it
    is. A scale starts at 0 or 1 and ends above it; a score (`3-1`, `(1-0)`), a span of
    pages or hours (`pages 12-14`, `from 9 to 17`) and a share (`3 out of 5 judges`) are
    figures of their own."""
    return _bounds().sub(lambda m: " " if _a_scale(m) else m[0], text[:SCAN])


def _a_scale(bounds: re.Match[str]) -> bool:
    if bounds["top"]:
        return True
    low, high = _digits().findall(bounds[0])[:2]
    return low in {"0", "1"} and int(high) > int(low)


_digits = compiled_on_use(r"[0-9]{1,3}")
_RANGE = r"[0-9]{1,3}[ \t]*(?:[-\u2013\u2014]|\bto\b)[ \t]*[0-9]{1,3}"
_bounds = compiled_on_use(
    rf"(?i)\([ \t]*{_RANGE}[ \t]*\)"
    rf"|\bscale[ \t]+(?:of|from)[ \t]+{_RANGE}\b"
    rf"|(?<![\w.,/:-]){_RANGE}(?:[ \t-]+point)?[ \t-]+scale\b"
    r"|(?<![0-9][ \t])(?<![0-9])\bout[ \t]+of[ \t]+(?P<top>[0-9]{1,3})(?![0-9]|\.[0-9])"
)
"""A scale's bounds, in a parenthesis, after `scale of` or before `scale`, or after `out of`
(not after a figure: `3 out of 5` is a share)."""


def is_year(figure: str) -> bool:
    """Whether a normalised figure reads as a year (`1968`, `2020`): a date, not a quantity."""
    return len(figure) == 4 and figure.isdigit() and 1500 <= int(figure) <= 2099


def years(text: str) -> set[str]:
    """The years `text` writes (`1968`): what most often tells one answer from another. A
    date's parts (`2024-02-30`) and a season's (`2023-24`, `asked_seasons`) write none."""
    return set(_year().findall(text[:SCAN]))


def asked_seasons(task: str) -> list[tuple[str, str, str]]:
    """(as written, first year, second year) of each season the task asks about (`2023-24`,
    `2023/24`, `2023-2024`): two years read as one span, not as a year each."""
    return list(dict.fromkeys(seasons_in(_quoted().sub(" ", task[:SCAN]))))


def seasons_in(text: str) -> list[tuple[str, str, str]]:
    """(as written, first year, second year) of each season `text` writes, in order: two
    years, the second the one after the first (`2025-26`; `2021-24` is a span)."""
    found = []
    for match in _season().finditer(text):
        after = str(int(match[1]) + 1)
        if match[2] in (after, after[-2:]):
            found.append((match[0], match[1], after))
    return found


def without_seasons(text: str) -> str:
    """`text` with each two years written as one span (`2025-26`, `2021-24`) blanked out."""
    return _season().sub(" ", text)


def mentions_season(text: str, first: str, second: str) -> bool:
    """Whether `text` names the season of years `first` and `second` in any form: either
    year as written (`the 2024 season`) is taken to name it (`2022-23` names neither)."""
    return mentions_year(text, first) or mentions_year(text, second)


def asked_years(task: str) -> list[str]:
    """The years the task asks about, in order: not those of a quoted example of the answer's
    form (`e.g. '1234 m, 1987'`)."""
    return sorted(years(unquoted(task)))


def unquoted(task: str) -> str:
    """The task without its quoted texts: what it asks, not examples of the answer's form."""
    return _quoted().sub(" ", task[:SCAN])


def asked_ranks(task: str) -> list[tuple[str, int]]:
    """(as written, place) of each place in a ranking the task asks about (`came second`,
    `finished 3rd`, `second place`, `second-highest`, `runner-up`): like a year, it tells
    one row of a list from the others. Not an ordinal of anything else (`5th March`, `the
    Second World War`, `the second half`, `metres per second`), nor one of a quoted example."""
    found = _ranked().finditer(_quoted().sub(" ", task[:SCAN]))
    written = (m["ord"] or m["ord2"] or m["ord3"] for m in found)
    return list(dict.fromkeys((w, _place(w)) for w in written))


def mentions_rank(text: str, place: int) -> bool:
    """Whether `text` writes the place `place` in any form (`second`, `2nd`, `runner-up`)."""
    return any(_place(m[0]) == place for m in _rank().finditer(text[:SCAN]))


def _place(written: str) -> int:
    key = written.casefold().replace(" ", "-").replace("runners", "runner")
    if key in _PLACES:
        return _PLACES[key]
    return int(key[:-2]) if key[:-2].isdigit() else 0


_ORDINALS = ("second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
_PLACES = {word: at for at, word in enumerate(_ORDINALS, start=2)} | {"runner-up": 2}
"""A place in an order written in words -> its number."""
_ORDINAL = r"(?:second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|2nd|3rd|[4-9]th|10th)"
_rank = compiled_on_use(rf"(?ai)\b(?:{_ORDINAL}|runners?[- ]up)\b")
"""An ordinal or a runner-up, in any use: what a text may name a place with."""
_ranked = compiled_on_use(
    rf"(?ai)\b(?:(?:came|finished|placed|ranked|was|were|is|are)[ \t]+(?:the[ \t]+)?"
    rf"(?P<ord>{_ORDINAL})\b(?![-/])"
    rf"|(?P<ord2>{_ORDINAL})[- ](?:place[ds]?|prize|position|best|\w+est)\b"
    r"|(?P<ord3>runners?[- ]up)\b)"
)
"""A place in a ranking: after a verb of finishing (`came second`), before a noun of place
or a superlative (`3rd place`, `second-highest`), or a runner-up."""


def mentions_year(text: str, year: str) -> bool:
    """Whether `text` writes `year` in any form, a season's (`1968-69`) or a date's too."""
    return re.search(rf"(?<!\d){year}(?!\d)", text[:SCAN]) is not None


def years_written(text: str) -> set[str]:
    """Every year `text` writes in any form (`mentions_year` finds each of them)."""
    return set(_any_year().findall(text[:SCAN]))


_any_year = compiled_on_use(r"(?<!\d)(?:1[5-9]|20)\d\d(?!\d)")
"""A year as `mentions_year` sees it: a season's or a date's too."""
