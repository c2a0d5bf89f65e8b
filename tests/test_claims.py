"""What a message claims (blame/engine/claims.py): whether it says something failed."""

from __future__ import annotations

import pytest

from blame.engine.claims import failure_before, reports_failure


@pytest.mark.parametrize(
    ("text", "reported"),
    [
        ("The search service timed out; I could not get the figure.", True),
        ("The API returned an error.", True),
        # a file or page that is not there is a failure said, not a success claimed
        ("Thought: There is no such file. Searching for the constant instead.", True),
        ("The page was not found (404).", True),
        ("That module does not exist in this repository.", True),
        ("The host is unreachable.", True),
        ("Found it: the line has 17 stops.", False),
        # a word of a name is no failure said: an answer that is a path or a setting
        ("src/tollgate/errors.py", False),
        ("Set request_timeout-ms to 500.", False),
        ("The errors.log file has the figure: 17 stops.", False),
        ("The request failed.", True),
    ],
)
def test_a_message_that_says_something_failed(text: str, reported: bool) -> None:
    assert reports_failure(text) is reported


@pytest.mark.parametrize(
    ("text", "value", "said"),
    [
        (
            "Not found: the page returned 503 twice.\nThe snippet had 412 pts.",
            "412",
            "Not found: the page returned 503 twice.",
        ),
        (
            "I could not open the table; the only figure I saw is 412.",
            "412",
            "could not open the table; the only figure I saw is 412.",
        ),
        ("The span is 24.0 m. The database was unavailable (503).", "24.0", None),  # value first
        ("Read src/app/errors.py: the limit is 30.", "30", None),  # a name, not a failure
    ],
)
def test_a_failure_said_before_a_value(text: str, value: str, said: str | None) -> None:
    assert failure_before(text, text.index(value)) == said
