"""Generators of real traces with planted, labelled faults (see bench/real_traces.py)."""

# CrewAI's own telemetry exports its spans in the background to a service this offline run
# cannot reach; its queue fills and OpenTelemetry warns "Queue full, dropping Span." into the
# figures. blame-crewai's quiet environment turns it off (importing it does not import crewai);
# the corpus's spans go to the generators' own in-memory exporters, untouched.
try:
    from blame_crewai.tracer import quiet_by_default
except ImportError:  # no blame-crewai (which brings crewai): the CrewAI generators are skipped
    pass
else:
    quiet_by_default()
