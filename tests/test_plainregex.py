"""Plain patterns: `re` finds in ASCII text exactly what `regex` finds, within a bounded cost."""

from __future__ import annotations

import random
import subprocess
import sys
import time

import pytest
import regex

from blame.plainregex import MAX_WORK, plain, search_work

PIECES = (
    "a", "b", "A", "Z", "0", "9", "_", " ", "-", ".", ",", ":", "\t", "\n", "\x1c", "\x1f",
    "k", "s", "i", "K", "S", "&", "~", "#", "\\d", "\\D", "\\w", "\\W", "\\s", "\\S", "\\b",
    "\\B", "\\A", "\\Z", "\\x41", "\\n", "\\t", "\\.", "\\-", "\\\\", "\\[", "\\]", "\\ ",
    "\\\n", "\\_", "\\#", "^", "$", "*", "+", "?", "*?", "+?", "??", "{2}", "{1,3}", "{2,}",
    "{,2}", "{3,1}", "{2}?", "(", ")", "|", "{", "}", "[", "]", "[a-z]", "[^0-9]", "[\\s,]",
    "[\\d\\w]", "[^\\s]", "[\\S]", "[A-Z_]", "[a-]", "[z-a]", "[a-Z]", "[--]", "[]", "[^]",
    "[\\b]", "[[:alpha:]]", "[a&&b]", "[.$*]",
)  # fmt: skip
"""Pieces of patterns: plain ones, and what `re` and `regex` read differently or refuse."""
TEXT = "abAZ09_ -.,:\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f\x7fkKsSiI[]\\{}$^#&~"
"""ASCII characters texts are made of, the separators `\\s` differs on among them."""


def _found(match: object) -> object:
    return None if match is None else (match.span(), match.group(0))  # type: ignore[attr-defined]


def test_re_finds_what_regex_finds_for_every_plain_pattern() -> None:
    """Thousands of random patterns and texts: each plain one compiles in `regex` too and
    both find the same first match, case-sensitive or not."""
    rng = random.Random(17)
    compared = 0
    for _ in range(6000):
        pattern = "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 6)))
        ignore_case = rng.random() < 0.3
        found = plain(pattern, ignore_case)
        if found is None:
            continue
        reference = regex.compile(pattern, (regex.IGNORECASE if ignore_case else 0) | regex.V0)
        for _ in range(12):
            text = "".join(rng.choice(TEXT) for _ in range(rng.randint(0, 14)))
            assert _found(found.compiled.search(text)) == _found(reference.search(text)), (
                pattern,
                ignore_case,
                text,
            )
        compared += 1
    assert compared > 1500


@pytest.mark.parametrize(
    "pattern",
    [
        "\\B",  # regex finds it in "", re does not
        "(a)",
        "a|b",
        "(?i)a",
        "a(?=b)",
        "\\1",
        "[[:alpha:]]",
        "[a-Z]",
        "[z-a]",
        "[a-]",
        "[\\S]",
        "[\\b]",
        "a{3,1}",
        "a{,2}",
        "a**",
        "^*",
        "\\x41",
        "\\p{L}",
        "caf\u00e9",
        "\\",
        "[a",
    ],
)
def test_what_is_not_plain(pattern: str) -> None:
    assert plain(pattern) is None


def test_space_is_what_regex_calls_space() -> None:
    """`re` counts \\x1c-\\x1f as space, `regex` does not: written out, `\\s` agrees."""
    found = plain("a\\sb")
    assert found is not None
    assert found.compiled.search("a\x1cb") is None
    assert regex.compile("a\\sb", regex.V0).search("a\x1cb") is None
    assert found.compiled.search("a\tb") is not None


@pytest.mark.parametrize(
    ("pattern", "loops", "width"),
    [
        ("Draft \\d+", 0, 7),  # the last quantifier never backtracks
        ("\\d+$", 1, 2),
        ("\\w+\\d", 1, 2),
        ("a{3}b?c*", 1, 3),
        ("[A-Z]{2}\\d{4}", 0, 6),
    ],
)
def test_cost_bound(pattern: str, loops: int, width: int) -> None:
    found = plain(pattern)
    assert found is not None
    assert (found.loops, found.width) == (loops, width)
    assert search_work(found, 0) == width + 1
    assert search_work(found, 10) == 11 ** (loops + 1) * (width + 1) + 10


def test_the_costliest_search_allowed_is_far_from_the_time_limit() -> None:
    """The longest text `\\w+\\d` may search this way, all letters (every start tries every
    split), takes a small part of the one second a search may take."""
    found = plain("\\w+\\d")
    assert found is not None
    length = 0
    while search_work(found, length + 1) <= MAX_WORK:
        length += 1
    started = time.perf_counter()
    assert found.compiled.search("a" * length) is None
    assert time.perf_counter() - started < 0.5


def test_reading_a_pattern_compiles_no_pattern_of_its_own() -> None:
    """Importing the module and reading a plain pattern compile only that pattern."""
    code = (
        "import re\n"
        "compiled = []\n"
        "real = re.compile\n"
        "re.compile = lambda p, f=0: compiled.append(p) or real(p, f)\n"
        "from blame.plainregex import plain\n"
        "plain('Draft \\\\d+')\n"
        "print(compiled)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "['Draft \\\\d+']"
