"""Plain patterns: regular expressions `re` matches exactly as `regex` does, on ASCII text.

`regex` (for its search time limit) costs a run about six percent of a 200-test replay just to
import, while most `regex` checks are plain: `Draft \\d+`, `\\d{3}-\\d{4}`, `[A-Z]{2}\\d+`. For
an ASCII pattern built only of what both modules read the same way, searched in ASCII text,
`re` finds the same first match (`regex` is used as `re`-compatible, VERSION0): literals,
escaped punctuation, `.`, `\\d \\D \\w \\W \\s \\S`, `\\b ^ $`, simple sets (`[A-Za-z0-9_.]`,
`[^,]`) and quantifiers (`* + ? {m} {m,} {m,n}`, lazy or not), with no groups, alternation or
lookaround. There the modules differ in two things only: `re` counts the four separators
`\\x1c`-`\\x1f` as space and `regex` does not, so `\\s` is written out as `[\\t-\\r ]` here;
`regex` finds `\\B` in an empty text and `re` (before Python 3.14) does not, so `\\B` is not
plain.

Such a search is never near a time limit: each atom matches one character, and the text is
searched this way only while the backtracking it can cost is bounded (`search_work`). Every
other pattern or text goes to `regex`, time-limited, as before.
"""

from __future__ import annotations

import re
from typing import NamedTuple

MAX_WORK = 5_000_000
"""Most character comparisons a search may cost at worst: about 30 ms for `re` where the bound
is tight (`\\w+\\d` in 1,300 letters), against the one second a search may take."""

_SPACE = "\\t-\\r "
"""What `regex`'s `\\s` is in ASCII text, as set items for `re`."""
_SPECIAL = frozenset("\\.^$*+?{}[]|()")
_NOT_IN_SET = frozenset("\\[]^&~|-")
"""Set items read here only escaped (`-` outside a range, and what `regex` may read as a set
operation or a POSIX class)."""
_KINDS = (str.isdigit, str.islower, str.isupper)


class Plain(NamedTuple("Plain", [("compiled", re.Pattern[str]), ("loops", int), ("width", int)])):
    """A plain pattern, compiled by `re` (`\\s` written out), and what bounds the cost of
    searching with it: `loops`, its quantifiers of variable count but a last one (whose count
    never backtracks), and `width`, its atoms, each repeat of a fixed count counted. (Fields
    given as types: typing compiles each one written as an annotation.)"""

    __slots__ = ()


def plain(pattern: str, ignore_case: bool = False) -> Plain | None:
    """The pattern as `re` compiles it when it is plain (see above), else None.

    Read character by character: compiling a pattern to read patterns with would cost more
    than all a run's plain searches."""
    if not pattern.isascii():
        return None
    parts: list[str] = []
    loops = width = 0
    last_loop = False
    at, end = 0, len(pattern)
    while at < end:
        char = pattern[at]
        if char == "^" or char == "$":
            atom: str | None = char
            at += 1
        elif char == "\\":
            escaped = pattern[at + 1 : at + 2]
            at += 2
            atom = _escape(escaped, in_set=False)
        elif char == "[":
            at, atom = _set(pattern, at + 1)
        elif char == "." or char not in _SPECIAL:
            atom = char
            at += 1
        else:
            return None
        if atom is None:
            return None
        parts.append(atom)
        if atom == "^" or atom == "$" or atom == "\\b":  # zero-width: never repeated here
            width += 1
            last_loop = False
            continue
        found = _quantifier(pattern, at)
        if found is None:
            return None
        after, least, fixed = found
        parts.append(pattern[at:after])
        at = after
        width += max(least, 1) if fixed else least
        last_loop = not fixed
        loops += not fixed
    if last_loop:
        loops -= 1
    try:
        compiled = re.compile("".join(parts), re.IGNORECASE if ignore_case else 0)
    except re.error:
        return None
    return Plain(compiled, loops, width)


def _escape(escaped: str, *, in_set: bool) -> str | None:
    """A backslash escape as `re` should read it; None when it is not plain."""
    if not escaped:
        return None
    if escaped == "s":
        return _SPACE if in_set else f"[{_SPACE}]"
    if escaped == "S":
        return None if in_set else f"[^{_SPACE}]"
    if escaped == "b":
        return None if in_set else "\\b"
    if escaped in ("d", "D", "w", "W") or not escaped.isalnum():
        return "\\" + escaped
    return None


def _set(pattern: str, at: int) -> tuple[int, str | None]:
    """The set whose items start at `at` (after `[`): where it ends and its text for `re`."""
    items = ["["]
    if pattern[at : at + 1] == "^":
        items.append("^")
        at += 1
    first = len(items)
    while at < len(pattern) and pattern[at] != "]":
        char = pattern[at]
        if char == "\\":
            item = _escape(pattern[at + 1 : at + 2], in_set=True)
            at += 2
        elif char in _NOT_IN_SET:
            return at, None
        elif pattern[at + 1 : at + 2] == "-":
            high = pattern[at + 2 : at + 3]
            same = any(kind(char) and kind(high) for kind in _KINDS)
            item = pattern[at : at + 3] if same and char <= high else None
            at += 3
        else:
            item = char
            at += 1
        if item is None:
            return at, None
        items.append(item)
    if at >= len(pattern) or len(items) == first:
        return at, None
    items.append("]")
    return at + 1, "".join(items)


def _quantifier(pattern: str, at: int) -> tuple[int, int, bool] | None:
    """The quantifier at `at`, if any: (where it ends, its least count, whether its count is
    fixed); no quantifier is a fixed count of one. None when it is not plain."""
    sign = pattern[at : at + 1]
    if sign == "*" or sign == "+" or sign == "?":
        least, fixed, at = (1 if sign == "+" else 0), False, at + 1
    elif sign == "{":
        close = pattern.find("}", at)
        low, comma, high = pattern[at + 1 : close].partition(",")
        if close < 0 or not _count(low) or (high and not _count(high)):
            return None
        least, fixed, at = int(low), not comma, close + 1
        if high and int(high) < least:
            return None
    else:
        return at, 1, True
    if pattern[at : at + 1] == "?":  # lazy
        at += 1
    return at, least, fixed


def _count(digits: str) -> bool:
    return 0 < len(digits) <= 5 and digits.isdigit()


def search_work(found: Plain, length: int) -> int:
    """The character comparisons a search of a text of `length` may cost at worst: at each
    start, each variable count tried (`loops` of them nested), the fixed atoms compared."""
    tries: int = (length + 1) ** (found.loops + 1)
    return tries * (found.width + 1) + length
