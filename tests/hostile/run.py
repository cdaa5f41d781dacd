#!/usr/bin/env python3
"""Runs every hostile program of `programs/` through the release CLI, one process each, and
checks that it ends as its first line says (`# expect: RecursionError`, alternatives split by
` | `, or `exit 0`): with a Python exception (never a signal), in bounded time, within 1 GB,
with an 8 MB stack and with a 1 MB one (about a wasm worker's).

usage: tests/hostile/run.py PLACEMENT_BINARY [NAME_FILTER]
Prints one line per program and stack (outcome, wall time, peak memory) and a summary;
exits 1 when any program ends otherwise. The project's own expectations, not CPython's:
CPython itself crashes or runs for minutes on several of these.
"""
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
# Hang detection only, not a timing check: a bounded run ends in a few seconds.
TIMEOUT_S = float(os.environ.get("HOSTILE_TIMEOUT", 30))
MEMORY_MAX = 1 << 30
STACKS_KB = tuple(int(k) for k in os.environ.get("HOSTILE_STACKS_KB", "8192 1024").split())


def expectation(path):
    first = path.read_text().splitlines()[0]
    assert first.startswith("# expect: "), f"{path.name}: no '# expect:' line"
    return [alt.strip() for alt in first[len("# expect: "):].split(" | ")]


def run(binary, path, stack_kb):
    """(outcome, wall seconds, peak resident bytes, stdout) of one run."""

    def limits():
        resource.setrlimit(resource.RLIMIT_STACK, (stack_kb * 1024, stack_kb * 1024))

    start = time.monotonic()
    with open(os.devnull, "rb") as stdin, \
            tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(
            [binary, "run", "--topology", "cpu", str(path)],
            stdin=stdin, stdout=out, stderr=err, preexec_fn=limits,
        )
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() - start > TIMEOUT_S:
                proc.kill()
                os.wait4(proc.pid, 0)
                return "hang", TIMEOUT_S, 0, ""
            time.sleep(0.005)
        wall = time.monotonic() - start
        peak = usage.ru_maxrss * 1024
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode(errors="replace")
        stderr = err.read().decode(errors="replace")
    if os.WIFSIGNALED(status):
        return f"crash (signal {os.WTERMSIG(status)})", wall, peak, stdout
    code = os.WEXITSTATUS(status)
    lines = [l for l in stderr.splitlines() if l.strip()]
    last = lines[-1] if lines else ""
    return ("exit 0" if code == 0 else last), wall, peak, stdout


def main():
    binary = sys.argv[1]
    pattern = sys.argv[2] if len(sys.argv) > 2 else ""
    programs = sorted(p for p in (HERE / "programs").glob("*.py") if pattern in p.stem)
    failures = 0
    counts = {"clear error": 0, "crash": 0, "hang": 0, "over 1 GB": 0, "unexpected": 0}
    for path in programs:
        wanted = expectation(path)
        for stack_kb in STACKS_KB:
            outcome, wall, peak, _ = run(binary, path, stack_kb)
            # `tensorflow.python.framework.errors_impl.X: ...` is matched as `X: ...`.
            short = re.sub(r"^[\w.]+\.(\w+(:|$))", r"\1", outcome)
            ok = any(short.startswith(w) for w in wanted)
            if outcome == "hang":
                counts["hang"] += 1
            elif outcome.startswith("crash"):
                counts["crash"] += 1
            elif peak > MEMORY_MAX:
                counts["over 1 GB"] += 1
                ok = False
            elif ok:
                counts["clear error"] += 1
            else:
                counts["unexpected"] += 1
            failures += not ok
            mark = "ok  " if ok else "FAIL"
            print(
                f"{mark} {path.stem:<24} stack {stack_kb:>4} KB  {wall:6.2f} s  "
                f"{peak / 2**20:7.0f} MB  {outcome[:90]}"
            )
            if not ok:
                print(f"     expected: {' | '.join(wanted)}")
    runs = len(programs) * len(STACKS_KB)
    summary = ", ".join(f"{v} {k}" for k, v in counts.items())
    print(f"hostile: {len(programs)} programs, {runs} runs: {summary}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
