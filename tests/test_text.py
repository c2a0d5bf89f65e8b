from __future__ import annotations

import pytest

from blame.text import (
    RegexTimeoutError,
    closest,
    edit_distance,
    pattern_error,
    printable,
    safe_search,
    shorten,
)


def test_safe_search_finds_the_first_match() -> None:
    found = safe_search(r"CODE-\d+", "see CODE-12 and CODE-13")
    assert found is not None
    assert (found.text, found.start, found.end) == ("CODE-12", 4, 11)
    assert safe_search("code-12", "CODE-12", ignore_case=True) is not None
    assert safe_search("absent", "text") is None


def test_catastrophic_pattern_is_stopped_by_the_time_limit() -> None:
    with pytest.raises(RegexTimeoutError) as caught:
        safe_search(r"(x+x+)+y", "x" * 5000, timeout=0.05)
    assert str(caught.value) == "regex '(x+x+)+y' timed out after 0.05 s on 5000 chars"


def test_search_length_is_capped() -> None:
    text = "a" * 100 + "needle"
    assert safe_search("needle", text, max_chars=50) is None
    assert safe_search("needle", text) is not None


@pytest.mark.parametrize(
    ("pattern", "problem"),
    [("ok+", None), ("(open", "missing ) at position 5"), ("[a-", "unterminated character set")],
)
def test_pattern_error(pattern: str, problem: str | None) -> None:
    found = pattern_error(pattern)
    assert found == problem if problem is None else problem in (found or "")


def test_bad_pattern_raises_value_error() -> None:
    with pytest.raises(ValueError, match="missing"):
        safe_search("(open", "text")


@pytest.mark.parametrize(
    ("a", "b", "distance"),
    [("", "", 0), ("abc", "abc", 0), ("tset", "tests", 2), ("contians", "contains", 1),
     ("abc", "", 3), ("kitten", "sitting", 3)],
)  # fmt: skip
def test_edit_distance(a: str, b: str, distance: int) -> None:
    assert edit_distance(a, b) == distance


KNOWN = ["agent", "agents", "tests", "settings", "plugins", "contains", "not_contains", "regex"]


@pytest.mark.parametrize(
    ("word", "suggestion"),
    [("tset", "tests"), ("contians", "contains"), ("Tests", "tests"), ("regexp", "regex"),
     ("agnet", "agent"), ("xyz", None), ("setting", "settings")],
)  # fmt: skip
def test_closest(word: str, suggestion: str | None) -> None:
    assert closest(word, KNOWN) == suggestion


@pytest.mark.parametrize(
    ("text", "limit", "short"),
    [("a  b\nc", 80, "a b c"), ("x" * 10, 5, "xxxx…"), ("", 5, "")],
)
def test_shorten(text: str, limit: int, short: str) -> None:
    assert shorten(text, limit) == short


@pytest.mark.parametrize(
    ("text", "keep", "shown"),
    [
        ("plain text", False, "plain text"),
        ("a\x1b[2Jb", False, "a\\x1b[2Jb"),
        ("line\nnext", False, "line\\x0anext"),
        ("line\nnext\ttab", True, "line\nnext\ttab"),
        ("bell\x07 del\x7f c1\x9b", True, "bell\\x07 del\\x7f c1\\x9b"),
    ],
)
def test_printable(text: str, keep: bool, shown: str) -> None:
    assert printable(text, keep_newlines=keep) == shown
