"""Draw a failed test's step graph: a Mermaid flowchart for Markdown, inline SVG for HTML.

Both mark the same things (`casegraph.marks`): culprit steps get a red, thick border, culprit
handoffs a red, thick edge. Names come from the trace, so they are untrusted: Mermaid labels
are entity-escaped (`blame.text.mermaid_label`), SVG text is HTML-escaped. The SVG needs no
script, font or stylesheet from anywhere: the report works offline. Layout is one pass: each
node sits one row below the deepest node that fed it, at most ROW_WIDTH nodes a row.
"""

from __future__ import annotations

from blame.casegraph import CaseGraph, GraphNode, Marks
from blame.text import mermaid_label, printable, shorten

ROW_WIDTH = 8
"""Most nodes side by side in the SVG; a wider layer wraps onto more rows."""
NODE_W, NODE_H, GAP_X, GAP_Y, MARGIN = 180, 46, 24, 40, 16
"""SVG geometry in pixels."""
CULPRIT = "#b42318"
"""The colour of culprit marks."""


def _label(node: GraphNode, level: str) -> str:
    if level == "step":
        return f"{node.id} {node.name}"
    unit = "step" if node.steps == 1 else "steps"
    return f"{node.name} ({node.steps} {unit})"


def caption(graph: CaseGraph) -> str:
    """One sentence saying what the drawing shows and what it leaves out."""
    if graph.level == "step":
        text = "One node per step; an arrow means a step's output fed the next."
    else:
        text = (
            f"The trace has {graph.steps} steps: one node per agent and per tool; an arrow "
            "means one's output fed the other."
        )
    if graph.omitted:
        text += f" {graph.omitted} more nodes are not drawn."
    return text + " Culprits are marked red."


def mermaid(graph: CaseGraph, marks: Marks) -> list[str]:
    """The Mermaid flowchart's lines (without the fence)."""
    out = ["flowchart TD"]
    for node in graph.nodes:
        text = mermaid_label(_label(node, graph.level))
        shape = f'[["{text}"]]' if node.kind == "tool" else f'["{text}"]'
        out.append(f"  n{node.id}{shape}")
    marked_links = []
    for position, edge in enumerate(graph.edges):
        arrow = "==>" if edge in marks.edges else "-->"
        out.append(f"  n{edge[0]} {arrow} n{edge[1]}")
        if edge in marks.edges:
            marked_links.append(str(position))
    out.append(f"  classDef culprit fill:#fde2e1,stroke:{CULPRIT},stroke-width:3px")
    if marks.nodes:
        out.append("  class " + ",".join(f"n{i}" for i in sorted(marks.nodes)) + " culprit")
    if marked_links:
        out.append(f"  linkStyle {','.join(marked_links)} stroke:{CULPRIT},stroke-width:3px")
    return out


def _layout(graph: CaseGraph) -> dict[int, tuple[int, int]]:
    """Node id -> (column, row): a node one layer below the deepest node that fed it."""
    feeders: dict[int, list[int]] = {}
    for a, b in graph.edges:
        if a < b:  # forward only: a loop back is drawn, not laid out
            feeders.setdefault(b, []).append(a)
    depth: dict[int, int] = {}
    for node in graph.nodes:  # ids ascend with recording order, so feeders come first
        depth[node.id] = max(
            (depth[a] + 1 for a in feeders.get(node.id, ()) if a in depth), default=0
        )
    layers: dict[int, list[int]] = {}
    for node in graph.nodes:
        layers.setdefault(depth[node.id], []).append(node.id)
    place: dict[int, tuple[int, int]] = {}
    row = 0
    for layer in sorted(layers):
        members = layers[layer]
        for start in range(0, len(members), ROW_WIDTH):
            for column, node_id in enumerate(members[start : start + ROW_WIDTH]):
                place[node_id] = (column, row)
            row += 1
    return place


def svg(graph: CaseGraph, marks: Marks) -> str:
    """A self-contained inline SVG of the graph, culprits marked."""
    place = _layout(graph)
    columns = max((c for c, _ in place.values()), default=0) + 1
    rows = max((r for _, r in place.values()), default=0) + 1
    width = 2 * MARGIN + columns * NODE_W + (columns - 1) * GAP_X
    height = 2 * MARGIN + rows * NODE_H + (rows - 1) * GAP_Y

    def box(node_id: int) -> tuple[int, int]:
        column, row = place[node_id]
        return MARGIN + column * (NODE_W + GAP_X), MARGIN + row * (NODE_H + GAP_Y)

    out = [
        f'<svg class="graph" xmlns="http://www.w3.org/2000/svg" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" role="img" '
        'aria-label="step graph">',
        "<defs>"
        '<marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" '
        'markerHeight="7" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" '
        'fill="#667085"/></marker>'
        '<marker id="arrow-culprit" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" '
        f'markerHeight="6" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" '
        f'fill="{CULPRIT}"/></marker></defs>',
    ]
    for a, b in graph.edges:
        (ax, ay), (bx, by) = box(a), box(b)
        x1, y1, x2, y2 = ax + NODE_W // 2, ay + NODE_H, bx + NODE_W // 2, by
        if by <= ay:  # back or sideways: around the right of both boxes
            x1, y1, x2, y2 = ax + NODE_W, ay + NODE_H // 2, bx + NODE_W, by + NODE_H // 2
            bend = max(x1, x2) + GAP_X
            path = f"M{x1},{y1} C{bend},{y1} {bend},{y2} {x2},{y2}"
        elif by - ay > NODE_H + GAP_Y:  # past a row: around the left, not through its boxes
            x1, y1, x2, y2 = ax, ay + NODE_H // 2, bx, by + NODE_H // 2
            bend = min(x1, x2) - MARGIN + 2
            path = f"M{x1},{y1} C{bend},{y1} {bend},{y2} {x2},{y2}"
        else:
            middle = (y1 + y2) // 2
            path = f"M{x1},{y1} C{x1},{middle} {x2},{middle} {x2},{y2}"
        culprit = (a, b) in marks.edges
        style = (
            f'stroke="{CULPRIT}" stroke-width="3" marker-end="url(#arrow-culprit)"'
            if culprit
            else 'stroke="#98a2b3" stroke-width="1.5" marker-end="url(#arrow)"'
        )
        kind = "edge culprit" if culprit else "edge"
        out.append(
            f'<path class="{kind}" data-from="{a}" data-to="{b}" d="{path}" fill="none" {style}/>'
        )
    for node in graph.nodes:
        x, y = box(node.id)
        culprit = node.id in marks.nodes
        fill = "#fde2e1" if culprit else ("#f2f4f7" if node.kind == "tool" else "#eef4ff")
        stroke = CULPRIT if culprit else "#667085"
        name = _text(_label(node, graph.level), 24)
        detail = _text(node.kind if node.agent == node.name else f"{node.kind} of {node.agent}", 28)
        kind = "node culprit" if culprit else "node"
        dash = ' stroke-dasharray="4 3"' if node.kind == "tool" and not culprit else ""
        out.append(
            f'<g class="{kind}" id="node-{node.id}"><title>{_text(node.name, 200)}</title>'
            f'<rect x="{x}" y="{y}" width="{NODE_W}" height="{NODE_H}" rx="6" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{3 if culprit else 1}"{dash}/>'
            f'<text x="{x + 8}" y="{y + 19}" font-size="13" font-weight="600" '
            f'fill="#101828">{name}</text>'
            f'<text x="{x + 8}" y="{y + 36}" font-size="11" fill="#475467">{detail}</text></g>'
        )
    out.append("</svg>")
    return "".join(out)


def _text(value: str, limit: int) -> str:
    """Untrusted text for SVG: control characters shown as escapes, bounded, HTML-escaped."""
    import html  # its entity table: a millisecond to load, for HTML only

    return html.escape(shorten(printable(value), limit))
