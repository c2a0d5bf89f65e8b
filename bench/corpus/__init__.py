"""Generators of real traces with planted, labelled faults (see bench/real_traces.py)."""

import os

# CrewAI's own telemetry exports its spans in the background to a service this offline run
# cannot reach; its queue fills and OpenTelemetry warns "Queue full, dropping Span." into the
# figures. The corpus's spans go to the generators' own in-memory exporters, untouched.
for _name, _value in (
    ("CREWAI_DISABLE_TELEMETRY", "true"),
    ("CREWAI_DISABLE_TRACKING", "true"),
    ("CREWAI_TRACING_ENABLED", "false"),
    ("CREWAI_DISABLE_VERSION_CHECK", "true"),
):
    os.environ.setdefault(_name, _value)
