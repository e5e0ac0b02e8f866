"""JMH's JSON results as table rows, for the scripts that tabulate provider runs
(engine-peers.py, alternating-forks.py). A module, not a command."""
import json
import sys


def fmt(v):
    """An ops/s figure as the tables print it: 1.23 M, 45.6 k, 789."""
    if v >= 1e6:
        return f"{v / 1e6:.2f} M"
    if v >= 1e3:
        return f"{v / 1e3:.1f} k"
    return f"{v:.0f}"


def entries(path):
    """(row, provider, result) for each result in the JMH JSON file at path. The row names the
    benchmark (its class without "Benchmark", then its method) and its parameters other than the
    provider. A file that is not complete JSON (a run still going, or failed) is skipped with a
    line on stderr."""
    try:
        results = json.load(open(path))
    except ValueError:
        print(f"(skipped {path}: not complete JSON, a run still going or failed)", file=sys.stderr)
        return
    for e in results:
        p = dict(e["params"])
        provider = p.pop("provider")
        parts = e["benchmark"].split(".")
        name = parts[-2].replace("Benchmark", "") + "." + parts[-1]
        yield name + " " + " ".join(f"{k}={v}" for k, v in sorted(p.items())), provider, e
