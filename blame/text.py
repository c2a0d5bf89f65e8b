"""Text helpers for untrusted agent output: bounded regular expressions and safe rendering.

Agent output is untrusted: a pathological pattern or a huge output must not hang a test run.
Matching uses the `regex` package's `timeout=` and searches at most `MAX_SEARCH_CHARS`; a
plain pattern in ASCII text, whose search cannot come near the time limit, is searched by `re`
with the same result (`blame.plainregex`), and `regex` is not imported for it.

Untrusted text is rendered only through the helpers here, one per destination:

| helper           | destination                               | newlines | controls     | bounded |
|------------------|-------------------------------------------|----------|--------------|---------|
| `shorten`        | labels of checks and matchers             | collapsed| kept         | yes     |
| `clean`          | names (agents, tests, steps) on one line  | collapsed| dropped      | yes     |
| `printable`      | terminal output, error messages           | optional | `\\xNN`      | no      |
| `quote`          | a value inside a prompt patch (`"..."`)   | `\\n`    | `\\uNNNN`    | yes     |
| `single_quote`   | a value inside an attribution reason      | collapsed| kept         | yes     |
| `repr_quote`     | a value inside a check's message          | collapsed| `\\xNN`      | yes     |
| `markdown_text`  | Markdown prose or table cell              | collapsed| `\\xNN`      | no      |
| `markdown_code`  | a Markdown code span                      | kept     | kept         | no      |
| `markdown_fence` | the fence around a Markdown code block    |          |              |         |
| `json_text`      | a JSON document blame prints or writes    | (JSON's) | `\\uNNNN`    | no      |

The three quoting styles differ because their outputs are pinned in results files; a new caller
picks the row for its destination rather than writing its own.
"""

from __future__ import annotations

import re
import reprlib
import time
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager
from contextvars import ContextVar
from functools import cache, lru_cache, partial
from typing import TYPE_CHECKING

from blame.frozen import dataclass
from blame.plainregex import MAX_WORK, Plain, plain, search_work

if TYPE_CHECKING:
    import regex as _regex

MAX_SEARCH_CHARS = 1_000_000
"""Only this many leading characters of a text are searched."""
REGEX_TIMEOUT_S = 1.0
"""Wall-time limit for one search."""
NAME_LIMIT = 60
"""Longest name `clean` keeps."""
VALUE_LIMIT = 80
"""Longest value `quote` keeps."""
SCAN = 200_000
"""Characters of one step's text an attribution rule reads, however long the output."""


REGEX_BUDGET_S = 10.0
"""Wall time all the searches of one test may take together (30 catastrophic patterns)."""
_DEADLINE: ContextVar[float | None] = ContextVar("blame_regex_deadline", default=None)


def regex_budget(seconds: float = REGEX_BUDGET_S) -> AbstractContextManager[None]:
    """Searches inside share `seconds` of wall time; past it each one stops at once. The
    clock starts when the block is entered. (A plain class, not a `contextmanager`
    generator: a replay enters one per test.)"""
    return _RegexBudget(seconds)


class _RegexBudget:
    __slots__ = ("_seconds", "_token")

    def __init__(self, seconds: float) -> None:
        self._seconds = seconds

    def __enter__(self) -> None:
        self._token = _DEADLINE.set(time.monotonic() + self._seconds)

    def __exit__(self, *exc: object) -> None:
        _DEADLINE.reset(self._token)


class RegexTimeoutError(TimeoutError):
    """A search stopped at a limit (its time, or the text's length) before it saw the whole text.

    Its answer would be a guess: `^a+$` "matches" the first megabyte of `aaa…a TODO`.
    """


@dataclass(frozen=True, slots=True)
class RegexMatch:
    """Where a pattern matched."""

    text: str
    """The matched text."""
    start: int
    """Offset of the match in the searched text."""
    end: int
    """Offset just past the match."""


MAX_PATTERN_CHARS = 10_000
"""Longest regular expression compiled."""
MAX_REPEAT = 10_000
"""Largest `{n}` repeat count: `a{1000000000}` would take gigabytes to compile."""
_REPEAT = re.compile(r"(?<!\\)\{\s*(\d+)\s*(?:,\s*(\d*)\s*)?\}")


def _within_limits(pattern: str) -> None:
    """ValueError when the pattern is too long, or repeats something too many times."""
    if len(pattern) > MAX_PATTERN_CHARS:
        raise ValueError(f"{len(pattern):,} chars, over the {MAX_PATTERN_CHARS:,}-char limit")
    for found in _REPEAT.finditer(pattern):
        longest = max((c for c in found.groups() if c), key=len)
        if len(longest) > 6 or int(longest) > MAX_REPEAT:  # 5000 digits: no int() at all
            shown = f"{int(longest):,}" if len(longest) <= 12 else f"of {len(longest)} digits"
            raise ValueError(
                f"repeat count {shown} at position {found.start()} is over the {MAX_REPEAT:,} limit"
            )


@lru_cache(maxsize=512)
def compile_pattern(pattern: str, ignore_case: bool = False) -> _regex.Pattern[str]:
    """Compile once per pattern; raises ValueError with the reason for a bad pattern."""
    import regex

    _within_limits(pattern)
    flags = regex.IGNORECASE if ignore_case else 0
    try:
        return regex.compile(pattern, flags | regex.VERSION0)
    except regex.error as error:
        raise ValueError(str(error)) from None


@lru_cache(maxsize=512)
def _plain(pattern: str, ignore_case: bool) -> Plain | None:
    """The pattern as `re` searches it the way `regex` does (`blame.plainregex`), within the
    limits; None when it is not plain or not within them (`compile_pattern` then says why)."""
    try:
        _within_limits(pattern)
    except ValueError:
        return None
    return plain(pattern, ignore_case)


def pattern_error(pattern: str) -> str | None:
    """None for a valid pattern, else why it does not compile."""
    if _plain(pattern, False) is not None:
        return None
    try:
        compile_pattern(pattern)
    except ValueError as error:
        return str(error)
    return None


def safe_search(
    pattern: str,
    text: str,
    *,
    ignore_case: bool = False,
    timeout: float = REGEX_TIMEOUT_S,
    max_chars: int = MAX_SEARCH_CHARS,
) -> RegexMatch | None:
    """The first match of `pattern` in `text`, or None.

    Raises RegexTimeoutError when the search runs longer than `timeout` seconds or `text` is
    longer than `max_chars` (a search of part of a text can match what the whole does not),
    and ValueError for a pattern that does not compile.

    A plain pattern in ASCII text, where the search cannot come near its time limit, is
    searched by `re` (`blame.plainregex`): the same match, without importing `regex`.
    """
    quick = _plain(pattern, ignore_case) if text.isascii() else None
    compiled = None if quick is not None else compile_pattern(pattern, ignore_case)
    if len(text) > max_chars:
        raise RegexTimeoutError(
            f"regex {shorten(pattern, 60)!r} not searched: the text is {len(text):,} chars, "
            f"over the {max_chars:,}-char limit"
        )
    deadline = _DEADLINE.get()
    if deadline is not None:
        left = deadline - time.monotonic()
        if left <= 0:
            raise RegexTimeoutError(
                f"regex {shorten(pattern, 60)!r} not searched: this test's regular expressions "
                "spent their time budget"
            )
        timeout = min(timeout, left)
    found: re.Match[str] | _regex.Match[str] | None
    if quick is not None and search_work(quick, len(text)) <= MAX_WORK:
        found = quick.compiled.search(text)
    else:
        if compiled is None:
            compiled = compile_pattern(pattern, ignore_case)
        try:
            found = compiled.search(text, timeout=timeout)
        except TimeoutError:
            raise RegexTimeoutError(
                f"regex {shorten(pattern, 60)!r} timed out after {timeout:g} s on "
                f"{len(text):,} chars"
            ) from None
    if found is None:
        return None
    return RegexMatch(text=found.group(0), start=found.start(), end=found.end())


def shorten(text: str, limit: int = 80) -> str:
    """`text` on one line, cut to `limit` characters with an ellipsis."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


class _BoundedRepr(reprlib.Repr):
    """reprlib's bounded repr, safe for integers too long to print."""

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 3 * self.maxlong:  # str() of a 5000-digit int raises ValueError
            return f"<integer of about {int(x.bit_length() * 0.30103) + 1} digits>"
        return super().repr_int(x, level)


_REPR = _BoundedRepr()
_REPR.maxstring = _REPR.maxother = _REPR.maxlong = 60
_REPR.maxlevel = 3


def brief(value: object, limit: int = 80) -> str:
    """`repr(value)` on one line and at most about `limit` characters, in time and memory
    bounded whatever the value: a 39 MB expanded alias bomb, a 5000-digit integer, a
    100,000-deep list. Error messages quote untrusted values through this."""
    text = _REPR.repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def edit_distance(a: str, b: str) -> int:
    """Optimal-string-alignment distance: insertions, deletions, substitutions, swaps."""
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], previous2[j - 2] + 1)
        previous2, previous = previous, current
    return previous[len(b)]


def closest(word: str, known: Iterable[str]) -> str | None:
    """The known name a typo most likely meant, or None when nothing is close."""
    lowered = word.casefold()
    best: tuple[int, str] | None = None
    for name in known:
        distance = edit_distance(lowered, name.casefold())
        if distance <= max(2, len(name) // 3) and (best is None or (distance, name) < best):
            best = (distance, name)
    if best is not None:
        return best[1]
    import difflib

    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.75)
    return close[0] if close else None


def did_you_mean(word: str, known: Sequence[str], *, listing: str = "known") -> str:
    """`did you mean 'x'? (known: a, b)`, or just `known: a, b` when nothing is close."""
    close = closest(word, known)
    names = f"{listing}: {', '.join(known)}"
    return f"did you mean {close!r}? ({names})" if close else names


def compiled_on_use(pattern: str, flags: int = 0) -> Callable[[], re.Pattern[str]]:
    """`pattern`, compiled the first time it is asked for: a pattern a run never uses then
    costs it nothing (0.05-0.3 ms each to compile, paid at import otherwise)."""
    return cache(partial(re.compile, pattern, flags))


_INVISIBLE = (
    "\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb"
    "\U000e0000-\U000e007f"
)
"""Bidirectional overrides (RLO...), zero-width characters and line separators; and the other
format characters a terminal shows as nothing: the soft hyphen, the Mongolian vowel separator,
interlinear annotations and Unicode's tag characters (which spell hidden ASCII: text that
reads `Paris` to a person may carry an instruction no one sees)."""
_control = compiled_on_use(f"[\\x00-\\x08\\x0b-\\x1f\\x7f-\\x9f{_INVISIBLE}]")
_control_or_newline = compiled_on_use(f"[\\x00-\\x1f\\x7f-\\x9f{_INVISIBLE}]")


def printable(text: str, *, keep_newlines: bool = False) -> str:
    """`text` with control characters (terminal escapes included), bidirectional overrides
    and zero-width characters shown as `\\xNN` or `\\uNNNN` escapes.

    Untrusted agent output must not move the cursor, recolour the terminal, forge lines, or
    show a name other than the one it is (`evil\\u202etxt.py` displays as `evilyp.txt`).
    """
    if text.isprintable():  # every character escaped here is one isprintable refuses
        return text
    pattern = _control() if keep_newlines else _control_or_newline()
    return pattern.sub(_escape_control, text)


_json_unsafe = compiled_on_use(f"[\\x7f-\\x9f{_INVISIBLE}]")


def json_text(text: str) -> str:
    """JSON text with the characters a terminal acts on or hides, which JSON leaves raw, written
    as `\\uNNNN` escapes: C1 controls (U+009B is CSI, as ESC [ is), bidirectional overrides
    and zero-width characters. Outside strings JSON is ASCII, so it is the same JSON: it reads
    back to the same values, and agent text in it cannot recolour a terminal or reorder what
    it shows (`blame test --json`)."""
    if text.isascii() and "\x7f" not in text:  # the usual document: nothing to escape
        return text
    return _json_unsafe().sub(_json_escape, text)


def _json_escape(found: re.Match[str]) -> str:
    code = ord(found.group())
    if code > 0xFFFF:  # JSON spells it as its UTF-16 surrogate pair
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\u{code:04x}"


def _escape_control(found: re.Match[str]) -> str:
    code = ord(found.group())
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def clean(value: object, limit: int = NAME_LIMIT) -> str:
    """An untrusted name on one printable line: whitespace collapsed, controls dropped, bounded."""
    text = str(value)
    if text.isprintable():  # the usual name: nothing to drop, no pass per character
        return shorten(text, limit)
    return shorten("".join(ch if ch.isprintable() else " " for ch in text), limit)


def quote(value: object, limit: int = VALUE_LIMIT) -> str:
    """A bounded, escaped, double-quoted rendering of untrusted text, on one printable line."""
    text = value if isinstance(value, str) else str(value)
    cut = len(text) > limit
    body = _escape(text[:limit] if cut else text)
    return f'"{body}…"' if cut else f'"{body}"'


def _escape(text: str) -> str:
    if text.isprintable() and '"' not in text and "\\" not in text:  # nothing to escape
        return text
    out: list[str] = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif not ch.isprintable():
            code = ord(ch)
            out.append(f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}")
        else:
            out.append(ch)
    return "".join(out)


def single_quote(value: str, limit: int = 40) -> str:
    """A value as attribution reasons cite it: single-quoted, on one line, bounded."""
    return "'" + shorten(value, limit) + "'"


def repr_quote(value: str, limit: int = 80) -> str:
    """A value as check messages cite it: on one line, bounded, in Python's quoting."""
    return repr(shorten(value, limit))


MARKDOWN_SPECIAL = frozenset("\\`*_{}[]()<>#+-.!|~&")
"""Characters escaped with a backslash in Markdown text (all of them may be, in CommonMark)."""
_MARKDOWN_SPECIAL = re.compile("[" + re.escape("".join(sorted(MARKDOWN_SPECIAL))) + "]")


_linkable = compiled_on_use(r"://|@\w|#\d|(?<![a-z0-9])www\.", re.IGNORECASE)
"""What GitHub turns into a link or a notification in rendered Markdown: a URL (`https://`,
`www.`), an @mention or an e-mail address, an issue reference (`#12`). Escaping does not stop
them (they are found in the rendered text); a code span does."""


def markdown_text(text: str) -> str:
    """Untrusted text as Markdown prose or a table cell: one line, every special escaped, and
    each word that would be a link, a mention or an issue reference in a code span (agent
    text in a job summary must not notify people or offer its links)."""
    flat = " ".join(printable(text, keep_newlines=True).split())
    if _linkable().search(flat) is None:
        return _MARKDOWN_SPECIAL.sub(_backslashed, flat)
    return " ".join(_markdown_word(word) for word in flat.split(" "))


def _markdown_word(word: str) -> str:
    # a `|` stays outside code spans: inside one, a table cell needs it escaped and prose
    # would show the backslash
    return "\\|".join(
        markdown_code(part)
        if _linkable().search(part)
        else _MARKDOWN_SPECIAL.sub(_backslashed, part)
        for part in word.split("|")
    )


def _backslashed(found: re.Match[str]) -> str:
    return "\\" + found.group()


def markdown_code(text: str) -> str:
    """Untrusted text as a Markdown code span, fenced by more backticks than it holds."""
    fence = "`" * (_longest_run(text, "`") + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def markdown_fence(text: str) -> str:
    """A code-block fence longer than any run of backticks in `text` (at least three)."""
    return "`" * max(3, _longest_run(text, "`") + 1)


def _longest_run(text: str, char: str) -> int:
    best = run = 0
    for ch in text:
        run = run + 1 if ch == char else 0
        best = max(best, run)
    return best


_MERMAID_PLAIN = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-.,:/")
"""Characters a Mermaid label shows as they are; every other one becomes an entity code."""


def mermaid_label(text: str, limit: int = 40) -> str:
    """Untrusted text as the inside of a quoted Mermaid label: one line, bounded, and every
    character that Mermaid, Markdown or HTML could read as syntax (quotes, brackets, `<`,
    backticks, `#`, `;`) written as Mermaid's `#NNN;` entity code."""
    flat = shorten(" ".join(printable(text, keep_newlines=True).split()), limit)
    if _MERMAID_PLAIN.issuperset(flat):  # the usual name: nothing to write as a code
        return flat
    return "".join(ch if ch in _MERMAID_PLAIN else f"#{ord(ch)};" for ch in flat)
