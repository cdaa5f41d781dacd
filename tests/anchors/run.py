#!/usr/bin/env python3
"""Whole models against published throughput (DESIGN.md "Timing model"), through the
release CLI: each program trains for two steps and the second step (from the end of the
first, the steady state) gives the images per second, checked against the published figure
within its tolerance. Run from the project's root:

    python3 tests/anchors/run.py target/release/placement
"""

import json
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent

# (program, topology, global batch, published images/s, tolerance, source)
ANCHORS = [
    ("resnet50_tpu_v2_8.py", "colab-tpu-v2-8", 1024, 3186.0, 0.25,
     "RiseML 2018, ResNet-50 on one Cloud TPU v2 (hardware-anchors.md [S16][S49] C)"),
]


def steady_step_seconds(report):
    """Seconds from the end of the first training step to the end of the second."""
    ends = [op["start_us"] + op["dur_us"] for op in report["ops"]
            if op["execution"] == "call" and op["type"].startswith("__inference_train_step")]
    if len(ends) != 2:
        raise SystemExit(f"expected two training steps, found {len(ends)}")
    return (ends[1] - ends[0]) * 1e-6


def main():
    cli = sys.argv[1] if len(sys.argv) > 1 else "target/release/placement"
    failed = 0
    for program, topology, batch, published, tolerance, source in ANCHORS:
        run = subprocess.run([cli, "run", "--json", "--topology", topology,
                              str(HERE / program)], capture_output=True, text=True,
                             timeout=600)
        report = json.loads(run.stdout)
        if report["exit_code"] != 0:
            print(f"FAIL {program}: exit {report['exit_code']}\n{report['stderr']}")
            failed += 1
            continue
        step = steady_step_seconds(report)
        rate = batch / step
        error = rate / published - 1.0
        verdict = "ok" if abs(error) <= tolerance else "FAIL"
        failed += verdict == "FAIL"
        print(f"{verdict} {program} on {topology}: {rate:.0f} images/s "
              f"({step * 1e3:.1f} ms a step), published {published:.0f} ({error:+.0%}, "
              f"tolerance ±{tolerance:.0%}; {source})")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
