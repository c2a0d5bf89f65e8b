"""A Researcher -> Writer pipeline whose scripted model misbehaves in some runs, on purpose.

No model and no network. The `fetch_rates` tool times out now and then (more often for some
products); the Researcher then retries it and hands the Writer both attempts, and the Writer,
given the longer notes, drops the rate from its answer. Which runs go wrong is drawn from a
random generator seeded with the input and `blame.run_index()`, so run 3 of a test is the same
run whichever order or worker process it runs in. A product without a rates page makes the
Researcher's tool raise in every run: that test cannot be evaluated at all.
"""

from __future__ import annotations

import random

from blame import Trace, TraceRecorder, run_index

RATES = {"savings": "4.2%", "mortgage": "6.1%", "crypto": "12%"}
"""The rate each product's page states."""
TIMEOUTS = {"savings": 0.0, "mortgage": 0.4, "crypto": 0.95}
"""How often fetching each product's page times out at the first attempt."""


def run(product: str) -> tuple[str, Trace]:
    """The entrypoint blame calls: f(input) -> (final_output, Trace)."""
    rng = random.Random(f"{product}:{run_index()}")
    rec = TraceRecorder(test_name=product, input=product)
    ask = rec.step("Researcher", input=product, output=f"fetch_rates(product={product!r})")
    if product not in RATES:
        raise LookupError(f"fetch_rates: no rates page for {product!r}")
    page = f"{product.title()} account: rate {RATES[product]}, no monthly fee."
    retried = rng.random() < TIMEOUTS[product]
    if retried:
        failed = rec.tool(
            "fetch_rates", agent="Researcher", args={"product": product}, error="timed out"
        )
        fetched = rec.tool(
            "fetch_rates",
            agent="Researcher",
            args={"product": product, "retry": True},
            output=page,
            parents=[failed],
        )
        notes = f"First attempt timed out. Retried: {page}"
    else:
        fetched = rec.tool(
            "fetch_rates", agent="Researcher", args={"product": product}, output=page, parents=[ask]
        )
        notes = page
    noted = rec.step("Researcher", input=page, output=notes, parents=[fetched])
    if retried:  # the Writer's model loses the figure in the longer notes
        answer = f"The {product} account has no monthly fee."
    else:
        answer = f"The {product} account pays {RATES[product]} and has no monthly fee."
    rec.step("Writer", input=notes, output=answer, parents=[noted])
    return answer, rec.finalize(final_output=answer)
