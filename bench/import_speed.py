"""How fast stored traces import: OTLP JSON (JSON Lines) and chat transcripts of growing size.

Usage: python bench/import_speed.py [--sizes 1000,10000,40000]

Each size is written to a temporary folder (an OTLP export made by the real OpenTelemetry SDK
and OTLP encoder: one agent span with a tool call per turn, content recorded; and a chat
transcript with one message per turn), then read back through `blame.importers.load_trace`,
as `blame analyze` does. Prints file size, steps and seconds per size: the time should grow
linearly with the size.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path


def write_otlp(path: Path, turns: int) -> None:
    """`turns` agent spans, each with one tool span, exported in batches as JSON Lines."""
    from google.protobuf import json_format
    from opentelemetry.exporter.otlp.proto.common.trace_encoder import encode_spans
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
    from opentelemetry.trace import set_span_in_context

    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    tracer = provider.get_tracer("bench")
    clock = 1_700_000_000_000_000_000
    with path.open("w", encoding="utf-8") as out:

        def flush() -> None:
            """One export request per batch, one JSON line each, as the file exporter does."""
            data = json_format.MessageToDict(encode_spans(exporter.get_finished_spans()))
            out.write(json.dumps(data, separators=(",", ":")) + "\n")
            exporter.clear()

        root = tracer.start_span("invoke_workflow run", start_time=clock)
        for turn in range(turns):
            agent = f"Agent{turn % 7}"
            clock += 1000
            span = tracer.start_span(
                f"invoke_agent {agent}",
                context=set_span_in_context(root),
                start_time=clock,
                attributes={
                    "gen_ai.operation.name": "invoke_agent",
                    "gen_ai.agent.name": agent,
                    "gen_ai.input.messages": json.dumps(
                        [{"role": "user", "parts": [{"type": "text", "content": f"task {turn}"}]}]
                    ),
                    "gen_ai.output.messages": json.dumps(
                        [{"role": "assistant", "parts": [{"type": "text", "content": "ok " * 50}]}]
                    ),
                },
            )
            tool = tracer.start_span(
                "execute_tool search",
                context=set_span_in_context(span),
                start_time=clock + 10,
                attributes={
                    "gen_ai.operation.name": "execute_tool",
                    "gen_ai.tool.name": "search",
                    "gen_ai.tool.call.result": "result " * 40,
                },
            )
            tool.end(end_time=clock + 20)
            span.end(end_time=clock + 30)
            if len(exporter.get_finished_spans()) >= 1000:
                flush()
        root.end(end_time=clock + 100)
        flush()


def write_chat(path: Path, turns: int) -> None:
    """An AG2-style group chat: experts, and a terminal running their code."""
    messages = []
    for turn in range(turns):
        if turn % 3 == 2:
            messages.append({"name": "Computer_terminal", "role": "user", "content": "exitcode: 0"})
        else:
            messages.append(
                {"name": f"Expert{turn % 5}", "role": "user", "content": f"step {turn} " * 40}
            )
    path.write_text(json.dumps({"question": "q", "history": messages}), encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sizes", default="1000,10000,40000", help="turns per trace")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]

    from blame.importers import load_trace

    print(f"{'format':<6} {'turns':>7} {'MiB':>7} {'steps':>7} {'seconds':>8} {'steps/s':>9}")
    with tempfile.TemporaryDirectory() as folder:
        for turns in sizes:
            for fmt, writer in (("otlp", write_otlp), ("chat", write_chat)):
                path = Path(folder) / f"{fmt}-{turns}.json"
                writer(path, turns)
                started = time.perf_counter()
                trace = load_trace(path)
                seconds = time.perf_counter() - started
                mib = path.stat().st_size / 1048576
                rate = len(trace.steps) / seconds if seconds else float("inf")
                print(
                    f"{fmt:<6} {turns:>7} {mib:>7.1f} {len(trace.steps):>7} "
                    f"{seconds:>8.3f} {rate:>9.0f}"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
