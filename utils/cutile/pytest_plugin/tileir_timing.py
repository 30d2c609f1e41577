"""Timing for the cuTile benchmarks: runners (CUDA events, optionally a CUDA
graph), interleaved rounds over several variants, and statistics.

A runner is a callable runner(iterations) -> seconds per iteration (the mean
over that many back-to-back iterations). interleave() calls the runners of
all variants round by round, the order reversed every other round (A B, B A,
A B, ...), so that clocks or temperature drifting during a measurement touch
every variant alike; stats() summarizes one variant's rounds.

EagerRunner times `iterations` calls of the function between two events on
the current stream. GraphRunner captures one call in a CUDA graph, preceded
by a write over a buffer the size of the L2 cache (outside the timed events,
so that every iteration starts with a cold L2), and times each replay with
events inside the graph; an iteration is one replay.
"""
import math


def interleave(runners, rounds, warmup_rounds, iterations, before=None):
    """{name: runner} -> {name: [seconds per iteration, one per round]}.
    Warm-up rounds are run the same way and dropped. before(name) is called
    before each runner call."""
    names = list(runners)
    samples = {n: [] for n in names}
    for r in range(warmup_rounds + rounds):
        order = names if r % 2 == 0 else names[::-1]
        for n in order:
            if before is not None:
                before(n)
            t = runners[n](iterations)
            if r >= warmup_rounds:
                samples[n].append(t)
    return samples


def quantile(sorted_values, q):
    """Linear interpolation between closest ranks (numpy's default)."""
    if not sorted_values:
        return math.nan
    pos = (len(sorted_values) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def stats(values):
    """Median, quartiles, min, max, mean of a list of seconds, in µs."""
    v = sorted(x * 1e6 for x in values)
    if not v:
        return {"n": 0}
    med = quantile(v, 0.5)
    q1, q3 = quantile(v, 0.25), quantile(v, 0.75)
    return {"n": len(v), "median_us": med, "q1_us": q1, "q3_us": q3,
            "min_us": v[0], "max_us": v[-1], "mean_us": sum(v) / len(v),
            "spread": (q3 - q1) / med if med else math.nan}


def paired_ratio(a, b):
    """Median over rounds of a[i] / b[i] (the two measured next to each other)."""
    r = sorted(x / y for x, y in zip(a, b) if y)
    return quantile(r, 0.5) if r else math.nan


# ----------------------------------------------------------------------------------
# Runners (need torch with CUDA; `torch` is passed in so that tests can fake it)
# ----------------------------------------------------------------------------------

class EagerRunner:
    """Times back-to-back calls between two events on the current stream."""

    def __init__(self, torch, fn, args=(), kwargs=None, select=None, warmup_calls=1):
        self.torch, self.fn, self.args, self.kwargs = torch, fn, args, kwargs or {}
        self.select = select
        for _ in range(warmup_calls):
            with self._selected():
                fn(*self.args, **self.kwargs)
        torch.cuda.synchronize()

    def _selected(self):
        return self.select() if self.select else _null()

    def __call__(self, iterations):
        torch = self.torch
        with self._selected():
            torch.cuda.synchronize()
            start = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            start.record()
            for _ in range(iterations):
                self.fn(*self.args, **self.kwargs)
            end.record()
            end.synchronize()
        return start.elapsed_time(end) / 1e3 / iterations


_flush_buffers = {}


def l2_flush_buffer(torch):
    dev = torch.cuda.current_device()
    if dev not in _flush_buffers:
        size = torch.cuda.get_device_properties(dev).L2_cache_size
        _flush_buffers[dev] = torch.empty(size, dtype=torch.uint8, device="cuda")
    return _flush_buffers[dev]


class GraphRunner:
    """Captures [L2 flush, event, fn(*args), event] in a CUDA graph and times
    each replay by its two events."""

    def __init__(self, torch, fn, args=(), kwargs=None, select=None, warmup_calls=3):
        self.torch, self.fn, self.args, self.kwargs = torch, fn, args, kwargs or {}
        self.select = select
        flush = l2_flush_buffer(torch)
        with (select() if select else _null()):
            for _ in range(warmup_calls):       # compiles, and settles allocations
                fn(*self.args, **self.kwargs)
            torch.cuda.synchronize()
            # Capture away from the legacy default stream, which cannot capture.
            if torch.cuda.current_stream() == torch.cuda.default_stream():
                stream = torch.cuda.Stream()
                stream.wait_stream(torch.cuda.current_stream())
            else:
                stream = torch.cuda.current_stream()
            try:
                with torch.cuda.stream(stream):
                    self.graph = torch.cuda.CUDAGraph()
                    self.start = torch.cuda.Event(enable_timing=True, external=True)
                    self.end = torch.cuda.Event(enable_timing=True, external=True)
                    with torch.cuda.graph(self.graph):
                        flush.zero_()
                        self.start.record()
                        fn(*self.args, **self.kwargs)
                        self.end.record()
                torch.cuda.synchronize()
            except Exception as e:
                raise CaptureError(f"{type(e).__name__}: {e}") from e

    def __call__(self, iterations):
        total_ms = 0.0
        for _ in range(iterations):
            self.graph.replay()
            self.end.synchronize()
            total_ms += self.start.elapsed_time(self.end)
        return total_ms / 1e3 / iterations


class _null:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def make_runners(torch, fn, args, kwargs, selectors, graph):
    """{name: runner} for each of selectors ({name: callable returning a context
    manager that selects that variant}). With graph=True, CUDA graphs; if a
    capture fails, every variant falls back to eager timing (so that they stay
    comparable) and the reason is returned. Returns (runners, mode, note,
    errors) where errors maps the names whose runner could not be built (the
    function raised for that variant) to the exception."""
    note = None
    if graph:
        runners, errors, failure = _build(torch, GraphRunner, fn, args, kwargs, selectors)
        if failure is None:
            return runners, "cudagraph", None, errors
        note = f"CUDA graph capture failed ({first_line(str(failure))}); timed eagerly"
        _release(torch)
    runners, errors, failure = _build(torch, EagerRunner, fn, args, kwargs, selectors)
    if failure is not None:
        raise failure
    return runners, "eager", note, errors


def _build(torch, cls, fn, args, kwargs, selectors):
    """Builds one runner per variant. An exception of the function itself (in
    the warm-up calls) goes into errors for that variant; a failed capture is a
    failure for all."""
    runners, errors = {}, {}
    for name, select in selectors.items():
        try:
            runners[name] = cls(torch, fn, args, kwargs, select)
        except CaptureError as e:
            return {}, {}, e
        except Exception as e:           # noqa: BLE001 - reported per variant
            errors[name] = e
            _release(torch)
    return runners, errors, None


class CaptureError(RuntimeError):
    pass


def _release(torch):
    try:
        torch.cuda.synchronize()
    except Exception:                    # noqa: BLE001 - best effort
        pass


def first_line(text):
    for line in (text or "").splitlines():
        if line.strip():
            return line.strip()[:300]
    return ""
