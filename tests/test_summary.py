"""The many-trace summary: ranking, Markdown, HTML and JSON, with untrusted names escaped."""

from __future__ import annotations

import io
import json
from pathlib import Path

from blame import summary
from blame.aggregate import Aggregate
from blame.results import CaseResult, CheckResult, Suspect

HOSTILE = "<script>alert(1)</script>|[red]x[/red]\x1b[2J"
JAN_5 = 1_767_571_200


def aggregate() -> Aggregate:
    result = CaseResult(
        name="t",
        passed=False,
        reward=0.0,
        threshold=1.0,
        checks=(
            CheckResult(
                name="contains:REF",
                type="contains",
                passed=False,
                score=0.0,
                weight=1.0,
                message="",
                blame=(Suspect("agent", HOSTILE, HOSTILE, 0, 0.9, "r"),),
            ),
        ),
    )
    found = Aggregate()
    found.add(result, JAN_5)
    found.add(result, JAN_5 + 7 * 86_400)
    return found


def test_every_form_is_written_and_the_json_is_the_aggregate(tmp_path: Path) -> None:
    data = summary.write(aggregate(), tmp_path)
    assert json.loads((tmp_path / "summary.json").read_text()) == data
    assert data["culprits"][0]["failures"] == 2
    assert (tmp_path / "summary.md").read_text().startswith("# blame: who caused the failures")
    assert "<svg" in (tmp_path / "summary.html").read_text()


def test_markdown_escapes_names_from_traces() -> None:
    text = summary.render_markdown(aggregate().to_dict())
    assert "<script>" not in text and "\x1b" not in text
    assert "\\|" in text  # a name cannot break the table


def test_html_is_self_contained_and_escapes_names_from_traces() -> None:
    page = summary.render_html(aggregate().to_dict())
    assert "<script>" not in page and "&lt;script&gt;" in page and "\x1b" not in page
    assert "http" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "2026-W02" in page and "2026-W03" in page


def test_the_terminal_ranking_reads_no_markup_from_names() -> None:
    stream = io.StringIO()
    summary.print_ranking(aggregate().to_dict(), stream)
    out = stream.getvalue()
    assert "[red]x[/red]" in out and "\x1b[2J" not in out and "\\x1b" in out
