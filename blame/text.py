"""Text helpers for untrusted agent output: bounded regular expressions and safe rendering.

Agent output is untrusted: a pathological pattern or a huge output must not hang a test run.
Matching uses the `regex` package's `timeout=` and searches at most `MAX_SEARCH_CHARS`.

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

The three quoting styles differ because their outputs are pinned in results files; a new caller
picks the row for its destination rather than writing its own.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

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


class RegexTimeoutError(TimeoutError):
    """A search ran past its time limit."""


@dataclass(frozen=True, slots=True)
class RegexMatch:
    """Where a pattern matched."""

    text: str
    """The matched text."""
    start: int
    """Offset of the match in the searched text."""
    end: int
    """Offset just past the match."""


@lru_cache(maxsize=512)
def compile_pattern(pattern: str, ignore_case: bool = False) -> _regex.Pattern[str]:
    """Compile once per pattern; raises ValueError with the reason for a bad pattern."""
    import regex

    flags = regex.IGNORECASE if ignore_case else 0
    try:
        return regex.compile(pattern, flags | regex.VERSION0)
    except regex.error as error:
        raise ValueError(str(error)) from None


def pattern_error(pattern: str) -> str | None:
    """None for a valid pattern, else why it does not compile."""
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
    """The first match of `pattern` in the first `max_chars` of `text`, or None.

    Raises RegexTimeoutError when the search runs longer than `timeout` seconds, and
    ValueError for a pattern that does not compile.
    """
    compiled = compile_pattern(pattern, ignore_case)
    try:
        found = compiled.search(text[:max_chars], timeout=timeout)
    except TimeoutError:
        raise RegexTimeoutError(
            f"regex {pattern!r} timed out after {timeout:g} s on {min(len(text), max_chars)} chars"
        ) from None
    if found is None:
        return None
    return RegexMatch(text=found.group(0), start=found.start(), end=found.end())


def shorten(text: str, limit: int = 80) -> str:
    """`text` on one line, cut to `limit` characters with an ellipsis."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


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


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")
_CONTROL_OR_NEWLINE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def printable(text: str, *, keep_newlines: bool = False) -> str:
    """`text` with control characters (terminal escapes included) shown as `\\xNN` escapes.

    Untrusted agent output must not move the cursor, recolour the terminal or forge lines.
    """
    pattern = _CONTROL if keep_newlines else _CONTROL_OR_NEWLINE
    return pattern.sub(lambda found: f"\\x{ord(found.group()):02x}", text)


def clean(value: object, limit: int = NAME_LIMIT) -> str:
    """An untrusted name on one printable line: whitespace collapsed, controls dropped, bounded."""
    return shorten("".join(ch if ch.isprintable() else " " for ch in str(value)), limit)


def quote(value: object, limit: int = VALUE_LIMIT) -> str:
    """A bounded, escaped, double-quoted rendering of untrusted text, on one printable line."""
    text = value if isinstance(value, str) else str(value)
    cut = len(text) > limit
    body = _escape(text[:limit] if cut else text)
    return f'"{body}…"' if cut else f'"{body}"'


def _escape(text: str) -> str:
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


def markdown_text(text: str) -> str:
    """Untrusted text as Markdown prose or a table cell: one line, every special escaped."""
    flat = " ".join(printable(text, keep_newlines=True).split())
    return "".join("\\" + ch if ch in MARKDOWN_SPECIAL else ch for ch in flat)


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
