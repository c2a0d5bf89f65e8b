from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from blame.casegraph import CaseGraph, GraphNode, Marks, build
from blame.graphviews import ROW_WIDTH, caption, mermaid, svg
from blame.recorder import TraceRecorder

EVIL = 'Coder"]; click n1 href "javascript:x" %%\n```</text><script>x</script>'


def _graph() -> CaseGraph:
    rec = TraceRecorder("t")
    plan = rec.step("Planner", output="p")
    code = rec.step(EVIL, input="p", output="c", parents=[plan])
    rec.tool("run_tests", agent=EVIL, output="ok", parents=[code])
    rec.step("Critic", input="c", output="d", parents=[code])
    return build(rec.finalize(final_output="d"))


def test_mermaid_marks_culprits_and_handoffs_and_escapes_labels() -> None:
    lines = mermaid(_graph(), Marks(frozenset({1}), frozenset({(1, 3)})))
    assert lines[0] == "flowchart TD"
    assert lines[1] == '  n0["0 Planner"]'
    assert lines[3] == '  n2[["2 run_tests"]]'  # a tool: the subroutine shape
    assert "  n1 ==> n3" in lines and "  n0 --> n1" in lines
    assert "  class n1 culprit" in lines
    assert lines[-1] == "  linkStyle 2 stroke:#b42318,stroke-width:3px"  # the third edge
    label = lines[2]
    assert label.startswith('  n1["1 Coder#34;#93;#59; click n1 href #34;javascript:x#34;')
    assert label.count('"') == 2 and "`" not in label and "<" not in label and "\n" not in label


def test_svg_is_well_formed_with_escaped_text_and_marked_culprits() -> None:
    drawn = svg(_graph(), Marks(frozenset({1}), frozenset({(1, 3)})))
    root = ET.fromstring(drawn)  # one element, valid XML: agent text broke nothing
    ns = {"s": "http://www.w3.org/2000/svg"}
    culprits = root.findall(".//s:g[@class='node culprit']", ns)
    assert [g.get("id") for g in culprits] == ["node-1"]
    assert root.findall(".//s:script", ns) == []
    texts = "".join(culprits[0].itertext())
    assert "</text><script>" in texts  # shown as text
    marked = root.findall(".//s:path[@class='edge culprit']", ns)
    assert [(p.get("data-from"), p.get("data-to")) for p in marked] == [("1", "3")]
    assert "http" not in re.sub(r'xmlns="[^"]*"', "", drawn)  # nothing fetched: offline


def test_wide_layers_wrap_and_layout_is_one_row_per_depth() -> None:
    nodes = tuple(GraphNode(i, f"A{i}", f"A{i}", "agent", 1, i) for i in range(ROW_WIDTH * 2 + 1))
    edges = tuple((0, i) for i in range(1, len(nodes)))
    drawn = svg(CaseGraph("step", nodes, edges, len(nodes)), Marks(frozenset(), frozenset()))
    root = ET.fromstring(drawn)
    # the root, then 2 * ROW_WIDTH children on two rows of ROW_WIDTH: 3 rows in all
    assert int(root.get("height", "0")) == 16 * 2 + 3 * 46 + 2 * 40


def test_caption_says_what_a_folded_graph_leaves_out() -> None:
    graph = CaseGraph("agent", (), (), steps=500, omitted=3)
    assert caption(graph) == (
        "The trace has 500 steps: one node per agent and per tool; an arrow means one's output "
        "fed the other. 3 more nodes are not drawn. Culprits are marked red."
    )
