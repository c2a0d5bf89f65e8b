from __future__ import annotations

import re
import subprocess
import sys
import time
from collections.abc import Callable

import pytest

from blame.text import (
    RegexTimeoutError,
    brief,
    clean,
    closest,
    compiled_on_use,
    edit_distance,
    json_text,
    markdown_code,
    markdown_fence,
    markdown_text,
    mermaid_label,
    pattern_error,
    printable,
    quote,
    regex_budget,
    repr_quote,
    safe_search,
    shorten,
    single_quote,
)


def test_safe_search_finds_the_first_match() -> None:
    found = safe_search(r"CODE-\d+", "see CODE-12 and CODE-13")
    assert found is not None
    assert (found.text, found.start, found.end) == ("CODE-12", 4, 11)
    assert safe_search("code-12", "CODE-12", ignore_case=True) is not None
    assert safe_search("absent", "text") is None


def test_a_plain_pattern_is_searched_without_importing_regex() -> None:
    """`Draft \\d+` in ASCII text: `re` finds it, and neither validating nor searching it
    imports `regex` (a twentieth of a replay); in other text, `regex` finds the same."""
    code = (
        "import sys\n"
        "from blame.text import pattern_error, safe_search, regex_budget\n"
        "assert pattern_error('Draft \\\\d+') is None\n"
        "with regex_budget():\n"
        "    found = safe_search('Draft \\\\d+', 'x Draft 12: CODE-12')\n"
        "print(found.text, found.start, found.end, 'regex' in sys.modules)\n"
        "found = safe_search('Draft \\\\d+', 'caf\\u00e9 Draft 7')\n"
        "print(found.text, found.start, found.end, 'regex' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == ["Draft 12 2 10 False", "Draft 7 5 12 True"]


def test_a_plain_pattern_past_its_cost_bound_goes_to_regex_and_its_time_limit() -> None:
    """`\\w+\\d` in 100,000 letters could cost `re` minutes: it is `regex`'s, and stopped."""
    with pytest.raises(RegexTimeoutError):
        safe_search(r"\w+\d", "a" * 100_000, timeout=0.05)


def test_a_plain_pattern_over_the_repeat_limit_is_still_refused() -> None:
    assert pattern_error("a{20000}") == "repeat count 20,000 at position 1 is over the 10,000 limit"


def test_catastrophic_pattern_is_stopped_by_the_time_limit() -> None:
    with pytest.raises(RegexTimeoutError) as caught:
        safe_search(r"(x+x+)+y", "x" * 5000, timeout=0.05)
    assert str(caught.value) == "regex '(x+x+)+y' timed out after 0.05 s on 5,000 chars"


@pytest.mark.parametrize(
    "pattern",
    ["needle", "^a+$", r"^(?![\s\S]*TODO)", "a$"],
    ids=["plain", "anchored", "lookahead", "end"],
)
def test_a_text_over_the_length_cap_is_refused_not_searched_in_part(pattern: str) -> None:
    """Searching a prefix could match what the whole text does not: `^a+$` on `aaa… TODO`."""
    text = "a" * 100 + " TODO"
    with pytest.raises(RegexTimeoutError) as caught:
        safe_search(pattern, text, max_chars=50)
    assert "the text is 105 chars, over the 50-char limit" in str(caught.value)
    assert safe_search("TODO", text) is not None


@pytest.mark.parametrize(
    ("pattern", "problem"),
    [
        ("ok+", None),
        ("(open", "missing ) at position 5"),
        ("[a-", "unterminated character set"),
        # limits: compiling these would take gigabytes or minutes
        ("a{1000000000}", "repeat count 1,000,000,000 at position 1 is over the 10,000 limit"),
        ("ab{2,99999}", "repeat count 99,999 at position 2 is over the 10,000 limit"),
        ("a{" + "9" * 5000 + "}", "repeat count of 5000 digits at position 1 is over"),
        ("x" * 20_000, "20,000 chars, over the 10,000-char limit"),
        (r"\{1000000\}", None),  # braces that are text
        ("a{10000}", None),
    ],
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


HOSTILE = "a\x1b[2J\"b'\\ *x* [l](u) <s> &amp; | #\nnext\ttab"
"""Untrusted text with a terminal escape, quotes, a backslash, Markdown, HTML and whitespace."""


@pytest.mark.parametrize(
    ("render", "text", "shown"),
    [
        (lambda t: shorten(t, 80), "a  b\nc", "a b c"),
        (lambda t: shorten(t, 5), "x" * 10, "xxxx…"),
        (lambda t: shorten(t, 5), "", ""),
        (lambda t: shorten(t, 80), "a\x1b[0mb", "a\x1b[0mb"),
        (lambda t: clean(t), "  Coder\n\x1b[1mAgent  ", "Coder [1mAgent"),
        (lambda t: clean(t, 10), "y" * 100, "y" * 9 + "…"),
        (lambda t: clean(t), "  Coder   Agent ", "Coder Agent"),  # printable: no pass per char
        (lambda t: quote(t), "naïve “x” 1", '"naïve “x” 1"'),
        (lambda t: printable(t), "plain text", "plain text"),
        (lambda t: printable(t), "a\x1b[2Jb", "a\\x1b[2Jb"),
        (lambda t: printable(t), "line\nnext", "line\\x0anext"),
        (lambda t: printable(t, keep_newlines=True), "line\nnext\ttab", "line\nnext\ttab"),
        (lambda t: printable(t, keep_newlines=True), "bell\x07 del\x7f c1\x9b",
         "bell\\x07 del\\x7f c1\\x9b"),
        (lambda t: printable(t), "evil\u202etxt.py", "evil\\u202etxt.py"),  # evilyp.txt
        (lambda t: printable(t), "zero\u200bwidth\ufeff\u2066iso\u2069",
         "zero\\u200bwidth\\ufeff\\u2066iso\\u2069"),
        (lambda t: printable(t), "line\u2028sep", "line\\u2028sep"),
        # shown as nothing: a soft hyphen, U+180E, and tag characters spelling hidden ASCII
        (lambda t: printable(t), "Par\u00adis\u180e", "Par\\xadis\\u180e"),
        (lambda t: printable(t), "Paris\U000e0041\U000e007f", "Paris\\U000e0041\\U000e007f"),
        (lambda t: printable(t), "accents é 中文 🙂", "accents é 中文 🙂"),
        (lambda t: quote(t), "plain", '"plain"'),
        (lambda t: quote(t), 'a"b\\c', '"a\\"b\\\\c"'),
        (lambda t: quote(t), "a\nb\tc", '"a\\nb\\tc"'),
        (lambda t: quote(t), "\x1b[0m", '"\\u001b[0m"'),
        (lambda t: quote(t), "\u2028", '"\\u2028"'),
        (lambda t: quote(t, 3), "abcdef", '"abc…"'),
        (lambda t: single_quote(t), "it  said\nhi", "'it said hi'"),
        (lambda t: single_quote(t, 5), "abcdefgh", "'abcd…'"),
        (lambda t: repr_quote(t), "it's\nhere", '"it\'s here"'),
        (lambda t: repr_quote(t), "a\x1b[0m", "'a\\x1b[0m'"),
        (lambda t: repr_quote(t, 4), "abcdef", "'abc…'"),
        (markdown_text, HOSTILE,
         "a\\\\x1b\\[2J\"b'\\\\ \\*x\\* \\[l\\]\\(u\\) \\<s\\> \\&amp; \\| \\# next tab"),
        (markdown_text, "Coder_<b>", "Coder\\_\\<b\\>"),
        # what GitHub would link or notify: in code spans, the rest escaped as ever
        (markdown_text, "cc @octocat: see https://x.example/a_b, fixes #12",
         "cc `@octocat:` see `https://x.example/a_b,` fixes `#12`"),
        (markdown_text, "mail a@b.com or (www.x.com) not wwwx.com",
         "mail `a@b.com` or `(www.x.com)` not wwwx\\.com"),
        (markdown_text, "a|ftp://h|b `@me`", "a\\|`ftp://h`\\|b `` `@me` ``"),
        (markdown_text, "C# 7, step #x, @ alone", "C\\# 7, step \\#x, @ alone"),
        (markdown_code, "t`1", "``t`1``"),
        (markdown_code, "`x", "`` `x ``"),
        (markdown_code, "a\nb", "`a\nb`"),
        (mermaid_label, 'Coder"]; click n1 href "javascript:x" %%',
         "Coder#34;#93;#59; click n1 href #34;javascript:x#34; #37;#37;"),
        (mermaid_label, "a<b>```\x1b[2J#é\nnext",
         "a#60;b#62;#96;#96;#96;#92;x1b#91;2J#35;#233; next"),
        (lambda t: mermaid_label(t, 5), "Planner", "Plan#8230;"),
        (mermaid_label, "3 web_search: a-b.c, d/e", "3 web_search: a-b.c, d/e"),  # all plain
        (mermaid_label, "", ""),
        (markdown_fence, "plain", "```"),
        (markdown_fence, "- ````", "`````"),
    ],
)  # fmt: skip
def test_rendering_untrusted_text(render: Callable[[str], str], text: str, shown: str) -> None:
    assert render(text) == shown


@pytest.mark.parametrize("keep_newlines", [False, True])
def test_printable_leaves_alone_only_what_it_would_not_escape(keep_newlines: bool) -> None:
    # printable returns a text isprintable accepts as it is: every character its patterns
    # escape must be one isprintable refuses, so that shortcut never skips an escape. A NUL
    # after each character keeps the text off the shortcut; the patterns name BMP characters.
    escaped = [
        ch
        for ch in map(chr, range(0x10000))
        if printable(ch + "\0", keep_newlines=keep_newlines) != ch + "\\x00"
    ]
    assert len(escaped) > 60
    assert not any(ch.isprintable() for ch in escaped)


def _nested(depth: int) -> list[object]:
    value: list[object] = []
    for _ in range(depth):
        value = [value]
    return value


def _bomb() -> list[object]:
    value: list[object] = ["lol"] * 9
    for _ in range(9):
        value = [value] * 9  # 9**10 strings once expanded
    return value


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("short", "'short'"),
        ("x" * 10_000_000, "'" + "x" * 27 + "..." + "x" * 28 + "'"),
        (10**5000, "<integer of about 5001 digits>"),
        (_nested(100_000), "[[[[...]]]]"),
        (
            _bomb(),
            "[[[[...], [...], [...], [...], [...], [...], ...], [[...], [...], [...], [......",
        ),
        ({"a\x1b[2J": 1.5}, "{'a\\x1b[2J': 1.5}"),
    ],
    ids=["short", "10MB", "5000-digits", "deep", "alias-bomb", "escape"],
)
def test_brief_is_bounded_whatever_the_value(value: object, shown: str) -> None:
    assert brief(value) == shown


def test_searches_of_one_test_share_a_time_budget() -> None:
    """30 catastrophic patterns of 1 s each would take 30 s; the budget stops them sooner."""
    started = time.perf_counter()
    with regex_budget(0.3):
        with pytest.raises(RegexTimeoutError, match="timed out"):
            safe_search(r"(x+x+)+y", "x" * 5000)
        with pytest.raises(RegexTimeoutError, match="spent their time budget"):
            safe_search(r"(x+x+)+z", "x" * 5000)
    assert time.perf_counter() - started < 2
    assert safe_search("x", "x") is not None  # outside the budget, searches run again


def test_a_pattern_compiled_on_use_is_compiled_once_with_its_flags() -> None:
    pattern = compiled_on_use(r"fail(?:ed)?", re.IGNORECASE)
    assert pattern() is pattern()
    assert pattern().flags & re.IGNORECASE
    assert pattern().fullmatch("FAILED") is not None


def test_a_time_budget_starts_when_its_block_is_entered_and_ends_with_it() -> None:
    budget = regex_budget(0.05)  # made, then entered later: its clock starts at the `with`
    time.sleep(0.1)
    with budget:
        assert safe_search(r"(x)|y", "x") is not None
        with regex_budget(0.0), pytest.raises(RegexTimeoutError, match="spent their time budget"):
            safe_search(r"(x)|y", "x")
        assert safe_search(r"(x)|y", "x") is not None  # the outer budget again
    assert safe_search(r"(x)|y", "x") is not None


@pytest.mark.parametrize(
    "value",
    [
        "Paris\x9b2J\x1b]0;t\x07 \u202etxt.exe\u200b\u2028\ufeff\x7f",
        {"naïve — “q”": ["\u2066", "\x85", "ok"]},
        "Paris\U000e0041\U000e0049\u00ad\u180e",  # tags: two \\u escapes each, as JSON has
        "plain ASCII",
        "é and 日本",
    ],
)
def test_json_text_hides_nothing_a_terminal_acts_on_and_reads_back_the_same(value: object) -> None:
    """C1 controls (U+009B is CSI), bidirectional overrides and zero-width characters are
    written as \\uXXXX escapes: the same JSON, which cannot recolour a terminal or reorder
    what it shows; other text stays as it is."""
    import json

    text = json_text(json.dumps(value, ensure_ascii=False))
    assert json.loads(text) == value
    assert not re.search(
        "[\x7f-\x9f\u00ad\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\U000e0000-\U000e007f]",
        text,
    )
    assert ("é" in text) == ("é" in json.dumps(value, ensure_ascii=False))
