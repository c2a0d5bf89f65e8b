"""Generators of real traces with planted, labelled faults (see bench/real_traces.py)."""
