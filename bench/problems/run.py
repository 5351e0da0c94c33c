#!/usr/bin/env python3
"""Times `nimber problem NAME` against the classic C++ solution of each seed problem.

For every problem NAME with a reference solution `NAME.cpp` and a generator `gen_NAME.py` here,
this script compiles the reference with `g++ -O2`, builds nimber in release mode, generates the
worst-case inputs (`gen_NAME.cases()` returns {case name: input text}), checks that the
programs print the same output, and prints the best wall time of each over several runs (the
process started as a user would, input on stdin) with the ratio C++ / nimber.

Two nimber binaries are timed: the README's build (`cargo build --release`, dynamically linked)
and `cargo dist` (static and stripped, for Linux x86-64; see .cargo/config.toml). On small
inputs both programs spend nearly all their time starting up, and a static binary starts faster.

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
    subprocess.run(["cargo", "dist", "-q"], cwd=ROOT, check=True)
    nimber = os.path.join(ROOT, "target", "release", "nimber")
    static = os.path.join(ROOT, "target", "x86_64-unknown-linux-gnu", "dist", "nimber")
    work = tempfile.mkdtemp(prefix="nimber-bench-")
    print(f"{'problem':<18} {'case':<28} {'release ms':>10} {'dist ms':>8} {'C++ -O2 ms':>11} "
          f"{'C++/release':>11} {'C++/dist':>9}")
    worst = worst_static = None
    for name in names:
        exe = os.path.join(work, name)
        subprocess.run(["g++", "-O2", "-std=c++17", "-o", exe, os.path.join(HERE, f"{name}.cpp")], check=True)
        for case, text in load_generator(name).cases().items():
            input_path = os.path.join(work, f"{name}-{case}.in")
            with open(input_path, "w") as f:
                f.write(text)
            ours, out_ours = best_time([nimber, "problem", name], input_path, args.runs)
            ours_static, out_static = best_time([static, "problem", name], input_path, args.runs)
            theirs, out_theirs = best_time([exe], input_path, args.runs)
            for label, out in (("release", out_ours), ("dist", out_static)):
                if out.split() != out_theirs.split():
                    sys.exit(f"{name} {case}: outputs differ: nimber {label} {out[:80]!r} C++ {out_theirs[:80]!r}")
            ratio, ratio_static = theirs / ours, theirs / ours_static
            worst = ratio if worst is None else min(worst, ratio)
            worst_static = ratio_static if worst_static is None else min(worst_static, ratio_static)
            print(f"{name:<18} {case:<28} {ours * 1e3:>10.2f} {ours_static * 1e3:>8.2f} {theirs * 1e3:>11.2f} "
                  f"{ratio:>11.2f} {ratio_static:>9.2f}")
    if worst is not None:
        print(f"smallest ratio C++/nimber: release build {worst:.2f}, dist build {worst_static:.2f} (goal: at least 2)")


if __name__ == "__main__":
    main()
