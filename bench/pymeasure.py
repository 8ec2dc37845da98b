"""The timing loop every Python peer of scripts/bench shares: warm-up, then batched samples."""
import math
import time


def measure(plan, f):
    calls = 0
    start = time.perf_counter()
    while calls < plan["warm_calls"] or time.perf_counter() - start < plan["warm_s"]:
        f()
        calls += 1
    per_call = (time.perf_counter() - start) / calls
    batch = max(1, math.ceil(plan["sample_s"] / per_call))
    samples = []
    begin = time.perf_counter()
    while len(samples) < plan["max_samples"] and (
        len(samples) < plan["min_samples"] or time.perf_counter() - begin < plan["min_time_s"]
    ):
        t = time.perf_counter()
        for _ in range(batch):
            f()
        samples.append((time.perf_counter() - t) * 1e3 / batch)
        calls += batch
    return samples, batch, calls
