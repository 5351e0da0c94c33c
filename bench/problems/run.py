#!/usr/bin/env python3
"""Times `nimber problem NAME` against the classic C++ solution of each seed problem.

For every problem NAME with a reference solution `NAME.cpp` and a generator `gen_NAME.py` here,
this script compiles the reference with `g++ -O2`, builds nimber in release mode, generates the
worst-case inputs (`gen_NAME.cases()` returns {case name: input text}), checks that both
programs print the same output, and prints the best wall time of each over several runs (the
process started as a user would, input on stdin) with the ratio C++ / nimber.

Usage: python3 bench/problems/run.py [NAME...] [--runs N]
"""

import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def load_generator(name):
    path = os.path.join(HERE, f"gen_{name.replace('-', '_')}.py")
    spec = importlib.util.spec_from_file_location(f"gen_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def best_time(command, input_path, runs):
    best = float("inf")
    output = None
    for _ in range(runs):
        with open(input_path, "rb") as stdin:
            start = time.perf_counter()
            done = subprocess.run(command, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            elapsed = time.perf_counter() - start
        if done.returncode != 0:
            sys.exit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.decode()[:500]}")
        best = min(best, elapsed)
        output = done.stdout
    return best, output


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    names = args.names or sorted(
        f[:-4] for f in os.listdir(HERE) if f.endswith(".cpp")
    )
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "nimber"], cwd=ROOT, check=True)
    nimber = os.path.join(ROOT, "target", "release", "nimber")
    work = tempfile.mkdtemp(prefix="nimber-bench-")
    print(f"{'problem':<18} {'case':<28} {'nimber ms':>10} {'C++ -O2 ms':>11} {'C++/nimber':>11}")
    worst = None
    for name in names:
        exe = os.path.join(work, name)
        subprocess.run(["g++", "-O2", "-std=c++17", "-o", exe, os.path.join(HERE, f"{name}.cpp")], check=True)
        for case, text in load_generator(name).cases().items():
            input_path = os.path.join(work, f"{name}-{case}.in")
            with open(input_path, "w") as f:
                f.write(text)
            ours, out_ours = best_time([nimber, "problem", name], input_path, args.runs)
            theirs, out_theirs = best_time([exe], input_path, args.runs)
            if out_ours.split() != out_theirs.split():
                sys.exit(f"{name} {case}: outputs differ: nimber {out_ours[:80]!r} C++ {out_theirs[:80]!r}")
            ratio = theirs / ours
            worst = ratio if worst is None else min(worst, ratio)
            print(f"{name:<18} {case:<28} {ours * 1e3:>10.2f} {theirs * 1e3:>11.2f} {ratio:>11.2f}")
    if worst is not None:
        print(f"smallest ratio C++/nimber: {worst:.2f} (goal: at least 2)")


if __name__ == "__main__":
    main()
