#!/usr/bin/env python3
"""Kill a checkpointed dense solve with SIGKILL at random moments, resume it each time, and
compare the final store byte for byte with an uninterrupted solve's.

    bench/kill-resume.py [GAME] [-p KEY=VALUE ...] [--kills 5] [--seed S] [--every SECONDS]

GAME is a game solved through a dense index (dobutsu by default; tictactoe, nim, dodgem and
graph also). The script

1. solves GAME once without interruption (`nimber solve GAME --save REF`), timing it and
   reading the time of the save from its report;
2. starts `nimber solve GAME --save OUT --checkpoint-every EVERY` and kills it with SIGKILL,
   then resumes it (`--resume`, or from the start when no checkpoint was written yet) and kills
   it again, KILLS times in all: kill i comes at a random moment of the i-th of KILLS equal
   parts of the solve (search and rounds, measured by step 1); the last kill waits for the
   store's temporary file (`OUT.tmp-PID`) and comes at a random moment of the save;
3. resumes a last time and lets the solve end, then compares OUT with REF (`cmp`), checks that
   the checkpoint was removed, and lists any temporary file (`*.tmp-PID`) left behind.

It prints each kill's moment and what the solve was doing then (the phase and round of the
last checkpoint, or writing a checkpoint, or saving), how long each run took, and PASS or
FAIL; it exits with 1 on FAIL. Left-over temporary files fail the run only with --strict-tmp.

Dobutsu takes about 6 minutes, 1 GiB of memory and every core for each of its two solves;
dodgem -p n=4 or tictactoe test the script in a second.
"""

import argparse
import glob
import os
import random
import re
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", nargs="?", default="dobutsu", help="the game (default: dobutsu)")
    ap.add_argument("-p", "--param", action="append", default=[], metavar="KEY=VALUE",
                    help="a game parameter, passed on to nimber (repeatable)")
    ap.add_argument("--kills", type=int, default=5, help="how many times to kill the solve (default: 5)")
    ap.add_argument("--seed", type=int, default=None,
                    help="seed of the kill moments (default: a random one, printed)")
    ap.add_argument("--every", type=float, default=None,
                    help="--checkpoint-every SECONDS (default: 0, after every round, for solves under"
                         " 20 s; else a twentieth of the solve)")
    ap.add_argument("--threads", type=int, default=None, help="--threads N, passed on to nimber")
    ap.add_argument("--nimber", default=os.path.join(ROOT, "target", "release", "nimber"),
                    help="the nimber binary (default: target/release/nimber)")
    ap.add_argument("--dir", default=None, help="where to write the files (default: a new temporary"
                    " directory, removed at the end unless --keep)")
    ap.add_argument("--keep", action="store_true", help="keep the files")
    ap.add_argument("--no-save-kill", action="store_true",
                    help="make the last kill at a random moment too, not during the save")
    ap.add_argument("--strict-tmp", action="store_true",
                    help="fail when temporary files (*.tmp-PID) are left behind")
    args = ap.parse_args()
    if args.kills < 1:
        ap.error("--kills must be at least 1")
    if args.every is not None and args.every < 0:
        ap.error("--every must be 0 or more")
    return args


def checkpoint_state(path):
    """The phase and round in the header text of a checkpoint, or None."""
    try:
        with open(path, "rb") as f:
            head = f.read(16)
            if len(head) < 16 or head[:8] != b"NIMBERCK":
                return None
            (text_len,) = struct.unpack("<I", head[12:16])
            if text_len > 1 << 20:
                return None
            text = f.read(text_len).decode("utf-8", "replace")
    except OSError:
        return None
    fields = dict(line.split("=", 1) for line in text.splitlines() if "=" in line)
    return fields.get("phase"), fields.get("round")


def describe(state):
    if state is None:
        return "before the first checkpoint"
    phase, rnd = state
    if phase == "search":
        return f"search, level {rnd} checkpointed"
    return f"{phase} rounds, round {rnd} checkpointed"


def main():
    args = parse_args()
    if not os.access(args.nimber, os.X_OK):
        sys.exit(f"kill-resume: no nimber binary at {args.nimber} (cargo build --release)")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 32)
    rng = random.Random(seed)
    work = args.dir or tempfile.mkdtemp(prefix="nimber-kill-resume-")
    os.makedirs(work, exist_ok=True)
    ref = os.path.join(work, "ref.nimberdb")
    out = os.path.join(work, "killed.nimberdb")
    ckpt = out + ".checkpoint"
    for f in [ref, out, ckpt] + glob.glob(os.path.join(work, "*.tmp-*")):
        if os.path.exists(f):
            os.remove(f)
    base = [args.nimber, "solve", args.game]
    for p in args.param:
        base += ["-p", p]
    if args.threads is not None:
        base += ["--threads", str(args.threads)]
    name = " ".join([args.game] + [f"-p {p}" for p in args.param])
    print(f"kill-resume: {name}, {args.kills} kills, seed {seed}, files in {work}")

    # 1. The uninterrupted solve.
    t0 = time.monotonic()
    r = subprocess.run(base + ["--save", ref], capture_output=True, text=True)
    total = time.monotonic() - t0
    if r.returncode != 0:
        sys.exit(f"kill-resume: the uninterrupted solve failed ({r.returncode}): {r.stderr.strip()}")
    m = re.search(r"note: saved .* in ([0-9.]+) s\)", r.stdout + r.stderr)
    save = float(m.group(1)) if m else 0.0
    solve = max(total - save, 0.001)
    every = args.every if args.every is not None else (0 if total < 20 else round(total / 20))
    print(f"uninterrupted: {total:.2f} s (save {save:.2f} s), {os.path.getsize(ref)} bytes;"
          f" checkpoints every {every:g} s")

    # 2. Kill moments: one in each of `kills` equal parts of the solve, on its cumulated time;
    # the last during the save unless asked otherwise.
    random_kills = args.kills if args.no_save_kill else args.kills - 1
    moments = [solve * (i + rng.random()) / random_kills for i in range(random_kills)]
    cmd = base + ["--save", out, "--checkpoint-every", f"{every:g}"]
    runs = []
    kills = 0
    done = 0.0
    failed = []
    for i in range(args.kills + 1):
        resume = os.path.exists(ckpt)
        state = checkpoint_state(ckpt) if resume else None
        start = time.monotonic()
        proc = subprocess.Popen(cmd + (["--resume"] if resume else []),
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        store_tmp = f"{out}.tmp-{proc.pid}"
        ckpt_tmp = f"{ckpt}.tmp-{proc.pid}"
        label = f"run {i + 1}: {'resumed from ' + describe(state) if resume else 'from the start'}"
        if i == args.kills:
            _, err = proc.communicate()
            took = time.monotonic() - start
            print(f"{label}; ran to the end in {took:.2f} s (exit {proc.returncode})")
            if proc.returncode != 0:
                failed.append(f"the last run exited with {proc.returncode}: {err.decode().strip()}")
            runs.append(took)
            break
        if i < len(moments):
            delay = max(moments[i] - done, 0.0)
            done = moments[i]
            try:
                proc.wait(timeout=delay)
            except subprocess.TimeoutExpired:
                pass
        else:
            # The save kill: wait for the store's temporary file, then a random part of the save.
            while proc.poll() is None and not os.path.exists(store_tmp):
                time.sleep(0.0005)
            if proc.poll() is None:
                time.sleep(rng.random() * save * 0.8)
        at = time.monotonic() - start
        if proc.poll() is not None:
            proc.communicate()
            print(f"{label}; ended by itself after {at:.2f} s before kill {i + 1} (exit {proc.returncode})")
            runs.append(at)
            if proc.returncode != 0:
                failed.append(f"run {i + 1} exited with {proc.returncode}")
            break
        if os.path.exists(store_tmp):
            doing = "saving the store"
        elif os.path.exists(ckpt_tmp):
            doing = f"writing a checkpoint after {describe(checkpoint_state(ckpt))}"
        else:
            doing = describe(checkpoint_state(ckpt))
        proc.send_signal(signal.SIGKILL)
        proc.communicate()
        runs.append(at)
        kills += 1
        print(f"{label}; SIGKILL after {at:.2f} s: {doing}")

    # 3. The result.
    if kills < args.kills:
        print(f"note: {kills} of {args.kills} kills landed (a run ended before its kill)")
    if not failed:
        if not os.path.exists(out):
            failed.append("no store was written")
        elif subprocess.run(["cmp", ref, out]).returncode != 0:
            failed.append("the stores differ")
    if os.path.exists(ckpt):
        failed.append(f"the checkpoint {ckpt} is still there after the solve ended")
    tmp = sorted(glob.glob(os.path.join(work, "*.tmp-*")))
    for t in tmp:
        print(f"left over: {os.path.basename(t)} ({os.path.getsize(t)} bytes)")
    if tmp and args.strict_tmp:
        failed.append(f"{len(tmp)} temporary files left over")
    print(f"runs: {len(runs)}, total {sum(runs):.2f} s against {total:.2f} s uninterrupted")
    if failed:
        print("FAIL: " + "; ".join(failed))
    else:
        print(f"PASS: the store after {kills} kills is byte-identical to the uninterrupted one"
              + (f" ({len(tmp)} temporary files left over)" if tmp else ""))
    if not args.keep and not args.dir and not failed:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
