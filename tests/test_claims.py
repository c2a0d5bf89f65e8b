"""What a message claims (blame/engine/claims.py): whether it says something failed."""

from __future__ import annotations

import pytest

from blame.engine.claims import opens_with_failure, reports_failure


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
        # what was asked for is not where it was looked for
        ("The 2024 time is not in the search results I found; only 2023's is.", True),
        ("The figure was not on any page.", True),
        ("The bog is not in the national park; the time was 1:31.7.", False),
        ("Ashbury was not in the top three results; it finished fifth.", False),
        ("The figure is not on the first page of the report but on page 4.", False),
    ],
)
def test_a_message_that_says_something_failed(text: str, reported: bool) -> None:
    assert reports_failure(text) is reported


@pytest.mark.parametrize(
    ("text", "opening"),
    [
        (
            "Not found: the page returned 503 twice.\nThe snippet had 412 pts.",
            "Not found: the page returned 503 twice.",
        ),
        (
            '({"answer": "### 1. Task outcome (short version):\nI could not open the table. '
            "The only figure: 412.",
            "I could not open the table.",
        ),  # past a tool call's key
        ("The span is 24.0 m. The database was unavailable (503).", None),  # a finding first
        ("No errors in the register: the club has 412 members.", None),  # a negated failure
        (
            "No doubt: after a long and winding afternoon of trying, the page timed out.",
            "No doubt: after a long and winding afternoon of trying, the page timed out.",
        ),
        ("Failed launches: 3, per the launch log.", None),  # the task's own word
        ("Read src/app/errors.py: the limit is 30.", None),  # a name, not a failure
        # what was not found is said from `not` on: a task's own `is` or `were` rules none out
        (
            "The 2024 time is not in the search results. The 2023 time: 1:28.6.",
            "The 2024 time is not in the search results.",
        ),
    ],
)
def test_an_answer_that_opens_with_a_failure(text: str, opening: str | None) -> None:
    assert opens_with_failure(text, "How many failed launches were there?") == opening


@pytest.mark.parametrize(
    ("said", "failed"),
    [
        ("The archive link is dead. I open the results directly.", True),
        ("A dead link; the next result.", True),
        ("The broken URL again; I try the mirror.", True),
        ("The king is dead, long live the king.", False),  # no link, page or server
        ("The page is down-to-earth.", False),
        ("The page is down.", False),  # said so, but `down` is left out: too many other uses
        # a page that went away (before, `The news article is gone` said nothing failed)
        ("The news article is gone; I open the libraries' page.", True),
        ("The article has been removed.", True),
        ("The links were missing from the page.", False),  # nothing went away
        ("The snow is gone by March.", False),
        ("The article has gone to print.", False),
        ("The article was removed from the paywall, so I read it in full.", False),
        ("The winning post was removed from the course.", False),
        ("The post has gone viral.", False),
    ],
)
def test_a_dead_or_broken_link_is_a_failure_said(said: str, failed: bool) -> None:
    """Before, `The archive link is dead` said nothing failed."""
    assert reports_failure(said) is failed
