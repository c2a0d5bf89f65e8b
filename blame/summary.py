"""The summary of many traces: who caused most failures, per check, and over time.

Rendered from one aggregate in four forms: a ranking in the terminal, Markdown (for a CI
summary or a wiki), a self-contained HTML page with inline SVG charts (no script, no CDN), and
JSON. Agent, tool and check names come from the traces and are untrusted text: escaped in
every form.
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any, TextIO

from blame.aggregate import Aggregate
from blame.files import atomic_write_text
from blame.text import markdown_text, printable, shorten

SUMMARY_JSON = "summary.json"
SUMMARY_MD = "summary.md"
SUMMARY_HTML = "summary.html"
TOP = 15
"""Culprits listed in the terminal and the reports."""


def _pct(part: int, whole: int) -> str:
    return f"{100.0 * part / whole:.1f}%" if whole else "-"


def headline(data: dict[str, Any]) -> str:
    """One line: traces, failures, errors."""
    return (
        f"{data['traces']} traces: {data['failed']} failed, {data['errored']} errored; "
        f"{data['failures']} failed checks, {data['unattributed']} unattributed"
    )


def render_markdown(data: dict[str, Any]) -> str:
    """The summary as Markdown."""
    out = ["# blame: who caused the failures", "", f"**{headline(data)}**", ""]
    out += [
        "## Culprits",
        "",
        "| # | culprit | kind | failures | share | confidence-weighted | categories |",
        "|---|---|---|---|---|---|---|",
    ]
    for rank, c in enumerate(data["culprits"][:TOP], start=1):
        categories = ", ".join(f"{markdown_text(k)} {v}" for k, v in c["categories"].items())
        out.append(
            f"| {rank} | {markdown_text(c['name'])} | {c['kind']} | {c['failures']} | "
            f"{100 * c['share']:.1f}% | {c['confidence_weighted']:.1f} | {categories} |"
        )
    out += [
        "",
        "## Checks",
        "",
        "| check | evaluated | failed | failure rate |",
        "|---|---|---|---|",
    ]
    for name, c in data["checks"].items():
        out.append(
            f"| {markdown_text(name)} | {c['evaluated']} | {c['failed']} | "
            f"{100 * c['failure_rate']:.1f}% |"
        )
    if data["periods"]:
        out += [
            "",
            "## Over time",
            "",
            "| period | traces | failed | failure rate | top culprit |",
            "|---|---|---|---|---|",
        ]
        for period, p in data["periods"].items():
            top = max(p["culprits"].items(), key=lambda kv: (kv[1], kv[0]), default=None)
            label = f"{markdown_text(top[0])} ({top[1]})" if top else "-"
            out.append(
                f"| {period} | {p['traces']} | {p['failed']} | {100 * p['failure_rate']:.1f}% "
                f"| {label} |"
            )
    if data["changes"]:
        first = data["changes"][0]
        out += ["", f"## What changed most, {first['from_period']} to {first['to_period']}", ""]
        for change in data["changes"][:5]:
            out.append(
                f"- {markdown_text(change['culprit'])}: {change['failures_before']} to "
                f"{change['failures_after']} failures ({100 * change['share_change']:+.1f} points "
                "of share)"
            )
    return "\n".join(out) + "\n"


def _bars(rows: list[tuple[str, float, str]], width: int = 640) -> str:
    """A horizontal bar chart as inline SVG: (label, value in [0, 1], text)."""
    height = 24 * len(rows) + 8
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        'role="img" font-family="sans-serif" font-size="12">'
    ]
    for i, (label, value, text) in enumerate(rows):
        y = 4 + 24 * i
        bar = max(1, round(value * (width - 260)))
        parts.append(
            f'<text x="0" y="{y + 15}">{html.escape(shorten(printable(label), 28))}</text>'
            f'<rect x="190" y="{y + 2}" width="{bar}" height="18" fill="#c0392b"/>'
            f'<text x="{196 + bar}" y="{y + 15}">{html.escape(text)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def render_html(data: dict[str, Any]) -> str:
    """The summary as one self-contained HTML page."""
    e = html.escape
    culprits = data["culprits"][:TOP]
    top_share = max((c["share"] for c in culprits), default=0.0) or 1.0
    chart = _bars(
        [
            (c["name"], c["share"] / top_share, f"{c['failures']} ({100 * c['share']:.1f}%)")
            for c in culprits
        ]
    )
    rows = "".join(
        f"<tr><td>{rank}</td><td>{e(printable(c['name']))}</td><td>{c['kind']}</td>"
        f"<td>{c['failures']}</td><td>{100 * c['share']:.1f}%</td>"
        f"<td>{e(', '.join(f'{printable(k)} {v}' for k, v in c['categories'].items()))}</td></tr>"
        for rank, c in enumerate(culprits, start=1)
    )
    trend = ""
    if data["periods"]:
        trend = "<h2>Failure rate over time</h2>" + _bars(
            [
                (period, p["failure_rate"], f"{100 * p['failure_rate']:.1f}% of {p['traces']}")
                for period, p in data["periods"].items()
            ]
        )
    checks = "".join(
        f"<tr><td>{e(printable(name))}</td><td>{c['evaluated']}</td><td>{c['failed']}</td>"
        f"<td>{100 * c['failure_rate']:.1f}%</td></tr>"
        for name, c in data["checks"].items()
    )
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        "<title>blame summary</title><style>body{font-family:sans-serif;margin:2em}"
        "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px}</style>"
        f"</head><body><h1>Who caused the failures</h1><p><b>{e(headline(data))}</b></p>"
        f"<h2>Culprits</h2>{chart}<table><tr><th>#</th><th>culprit</th><th>kind</th>"
        f"<th>failures</th><th>share</th><th>categories</th></tr>{rows}</table>{trend}"
        "<h2>Checks</h2><table><tr><th>check</th><th>evaluated</th><th>failed</th>"
        f"<th>failure rate</th></tr>{checks}</table></body></html>\n"
    )


def write(aggregate: Aggregate, output_dir: Path) -> dict[str, Any]:
    """summary.json, summary.md and summary.html under `output_dir`; returns the JSON data."""
    data = aggregate.to_dict()
    atomic_write_text(output_dir / SUMMARY_JSON, json.dumps(data, indent=2, sort_keys=True) + "\n")
    atomic_write_text(output_dir / SUMMARY_MD, render_markdown(data))
    atomic_write_text(output_dir / SUMMARY_HTML, render_html(data))
    return data


def print_ranking(data: dict[str, Any], stream: TextIO) -> None:
    """The ranking in the terminal: a rich table on a TTY, aligned text otherwise."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    table = Table(title=headline(data), title_justify="left")
    for column in ("#", "culprit", "kind", "failures", "share", "categories"):
        table.add_column(
            column, justify="right" if column in ("#", "failures", "share") else "left"
        )
    for rank, c in enumerate(data["culprits"][:TOP], start=1):
        categories = ", ".join(f"{k} {v}" for k, v in c["categories"].items())
        table.add_row(  # names come from traces: Text, so rich reads no markup in them
            str(rank),
            Text(printable(c["name"])),
            c["kind"],
            str(c["failures"]),
            f"{100 * c['share']:.1f}%",
            Text(printable(categories)),
        )
    Console(file=stream, width=None if stream.isatty() else 160, highlight=False).print(table)
