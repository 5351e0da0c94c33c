#!/usr/bin/env python3
"""A three-process cluster solve across network namespaces on this machine, a link cut mid-solve,
and the resume.

    sudo bench/cluster-netns.py [--bin target/release/nimber] [--game connect4 -p w=5 -p h=5]

Each process of the cluster runs in its own network namespace (`ip netns`), joined to the
others through a veth pair and a bridge in a fourth namespace, so that the processes talk over
real network interfaces, with their own addresses (10.231.0.1 to 10.231.0.3), not over loopback.
The script

1. solves GAME in one process (`nimber solve GAME --save REF`), timing it;
2. solves it with three processes, one per namespace (`--cluster HOSTS --process I`, process 0
   with `--save`), and compares the store with REF byte for byte (`cmp`); prints process 0's
   note on the bytes exchanged;
3. solves it again with checkpoints after every round (`--checkpoint CK --checkpoint-every 0`)
   and, once the checkpoints reach a third of the rounds of the step 2 solve, cuts the link of
   process 2 (`ip link set DEV down` on the bridge's side): every process must stop with an
   error (exit status 2) rather than wait for ever; the script prints each one's last line and
   when it stopped (a connection that stops answering fails after the cluster's link time-out,
   30 s);
4. restores the link, runs the three processes again with `--resume`, and compares the store
   with REF.

It prints PASS or FAIL and exits with 1 on FAIL. It needs root (network namespaces) and
iproute2; it removes its namespaces at the end, and its files unless --keep.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

SWITCH = "nb-switch"
HOSTS = ["nb-host0", "nb-host1", "nb-host2"]
SUBNET = "10.231.0"
PORT = 7000


def sh(*args, check=True):
    """Runs a command, failing loudly."""
    return subprocess.run(args, check=check, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def set_up():
    """The switch namespace with a bridge, and a namespace per host joined to it by a veth pair."""
    tear_down()
    sh("ip", "netns", "add", SWITCH)
    sh("ip", "-n", SWITCH, "link", "add", "br0", "type", "bridge")
    sh("ip", "-n", SWITCH, "link", "set", "br0", "up")
    sh("ip", "-n", SWITCH, "link", "set", "lo", "up")
    for i, ns in enumerate(HOSTS):
        sh("ip", "netns", "add", ns)
        host_side, switch_side = f"nbh{i}", f"nbs{i}"
        sh("ip", "link", "add", host_side, "type", "veth", "peer", "name", switch_side)
        sh("ip", "link", "set", host_side, "netns", ns)
        sh("ip", "link", "set", switch_side, "netns", SWITCH)
        sh("ip", "-n", SWITCH, "link", "set", switch_side, "master", "br0")
        sh("ip", "-n", SWITCH, "link", "set", switch_side, "up")
        sh("ip", "-n", ns, "addr", "add", f"{SUBNET}.{i + 1}/24", "dev", host_side)
        sh("ip", "-n", ns, "link", "set", host_side, "up")
        sh("ip", "-n", ns, "link", "set", "lo", "up")
    # Every host reaches every other one before the solves start.
    for i, ns in enumerate(HOSTS):
        for j in range(len(HOSTS)):
            if i != j:
                sh("ip", "netns", "exec", ns, "ping", "-c", "1", "-W", "2", f"{SUBNET}.{j + 1}", check=False)


def tear_down():
    for ns in HOSTS + [SWITCH]:
        sh("ip", "netns", "del", ns, check=False)


def link(i, up):
    sh("ip", "-n", SWITCH, "link", "set", f"nbs{i}", "up" if up else "down")


def start(nimber, game, hosts, i, more):
    """Process `i` of the cluster in its namespace."""
    argv = ["ip", "netns", "exec", HOSTS[i], nimber, "solve", *game, "--cluster", hosts, "--process", str(i), *more]
    return subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def cluster_args(save, extra):
    return ["--save", save, *extra]


def run_cluster(nimber, game, hosts, save, extra):
    """The three processes, to the end: (return codes, outputs, errors, seconds)."""
    began = time.monotonic()
    procs = [start(nimber, game, hosts, i, cluster_args(save, extra)) for i in range(3)]
    outs = [p.communicate() for p in procs]
    return [p.returncode for p in procs], [o for o, _ in outs], [e for _, e in outs], time.monotonic() - began


def checkpoint_round(path):
    try:
        with open(path, "rb") as f:
            head = f.read(4096).decode("utf-8", "replace")
    except OSError:
        return None
    phase = re.search(r"^phase=(\w+)$", head, re.M)
    rnd = re.search(r"^round=(\d+)$", head, re.M)
    return (phase.group(1), int(rnd.group(1))) if phase and rnd else None


def last_line(text):
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[-1] if lines else ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default="target/release/nimber")
    ap.add_argument("--keep", action="store_true", help="keep the files in the work directory")
    ap.add_argument("--game", nargs=argparse.REMAINDER, default=["connect4", "-p", "w=5", "-p", "h=5"])
    args = ap.parse_args()
    if os.geteuid() != 0:
        sys.exit("cluster-netns: needs root, for network namespaces")
    if shutil.which("ip") is None:
        sys.exit("cluster-netns: needs iproute2 (ip)")
    nimber = os.path.abspath(args.bin)
    game = args.game
    work = tempfile.mkdtemp(prefix="nimber-netns-")
    hosts = os.path.join(work, "hosts")
    with open(hosts, "w") as f:
        f.writelines(f"{SUBNET}.{i + 1}:{PORT}\n" for i in range(3))
    ok = True
    try:
        set_up()
        print(f"game: {' '.join(game)}; hosts {SUBNET}.1-3:{PORT}, one network namespace each; work in {work}")

        ref = os.path.join(work, "ref.db")
        began = time.monotonic()
        one = sh(nimber, "solve", *game, "--save", ref)
        alone = time.monotonic() - began
        print(f"1. one process: {alone:.1f} s; {last_line(one.stdout.split('note:')[0]) or 'done'}")

        save = os.path.join(work, "cluster.db")
        codes, outs, errs, secs = run_cluster(nimber, game, hosts, save, [])
        same = codes == [0, 0, 0] and open(save, "rb").read() == open(ref, "rb").read()
        note = next((l for l in outs[0].splitlines() + errs[0].splitlines() if "exchanged" in l), "")
        rounds = re.search(r"in (\d+) rounds", note)
        print(f"2. three processes: {secs:.1f} s, exit {codes}; store {'equal to' if same else 'DIFFERENT from'} the one-process store")
        print(f"   {note.strip()}")
        ok &= same
        if not same:
            for i, e in enumerate(errs):
                print(f"   process {i}: {last_line(e)}")

        ck = os.path.join(work, "ck")
        cut_at = max(2, int(rounds.group(1)) // 3 if rounds else 5)
        save = os.path.join(work, "resumed.db")
        extra = ["--checkpoint", ck, "--checkpoint-every", "0"]
        procs = [start(nimber, game, hosts, i, cluster_args(save, extra)) for i in range(3)]
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline:
            at = checkpoint_round(f"{ck}.p2")
            if at and (at[0] != "wins" or at[1] >= cut_at):
                break
            if any(p.poll() is not None for p in procs):
                break
            time.sleep(0.01)
        at = checkpoint_round(f"{ck}.p2")
        link(2, False)
        cut = time.monotonic()
        print(f"3. link of process 2 cut at its checkpoint of {at}")
        stopped = []
        for i, p in enumerate(procs):
            try:
                out, err = p.communicate(timeout=300)
            except subprocess.TimeoutExpired:
                p.kill()
                out, err = p.communicate()
                print(f"   process {i}: STILL RUNNING after 300 s; killed")
                ok = False
                continue
            stopped.append(p.returncode)
            print(f"   process {i}: exit {p.returncode} {time.monotonic() - cut:.1f} s after the cut: {last_line(err)}")
            ok &= p.returncode == 2
        link(2, True)

        codes, outs, errs, secs = run_cluster(nimber, game, hosts, save, extra + ["--resume"])
        same = codes == [0, 0, 0] and open(save, "rb").read() == open(ref, "rb").read()
        resumed = next((l for l in errs[0].splitlines() if "resumes at" in l), "")
        print(f"4. resumed: {secs:.1f} s, exit {codes}; {resumed.replace('nimber: note: ', '').strip()}; "
              f"store {'equal to' if same else 'DIFFERENT from'} the one-process store")
        left = [f for f in os.listdir(work) if f.startswith("ck.")]
        if left:
            print(f"   checkpoints left: {left}")
        ok &= same and not left
        if not same:
            for i, e in enumerate(errs):
                print(f"   process {i}: {last_line(e)}")
    finally:
        tear_down()
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    print("PASS" if ok else "FAIL")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
