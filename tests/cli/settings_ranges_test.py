#!/usr/bin/env python3
"""Every numeric setting has one range, and the command line enforces it: walks `attnlab settings --json`
(engine/settings/settings.h's table, which the app's state and sliders read too) and, for each setting and
each of its flags, runs `attnlab train` with the largest allowed value (no range complaint) and with one past
each end (a one-line 'out of range (lo to hi)' error and a non-zero exit).

usage: settings_ranges_test.py ATTNLAB   (the native binary, or attnlab.js for the WebAssembly build)"""
import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor


def run(attnlab, args):
    cmd = ["node", "--no-experimental-fetch", attnlab] if attnlab.endswith(".js") else [attnlab]
    p = subprocess.run(cmd + args, capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout + p.stderr


def fmt(v, integer):
    return str(int(v)) if integer else repr(v)


# Each flag is tried on a model that uses it (a flag of another model would not be read at all).
MODEL_FOR = {"--window": ["--model", "window"], "--kernel": ["--model", "cnn"],
             "--window-mask": ["--mask", "window"], "--max-len": ["--pe", "learned"]}


def main():
    attnlab = sys.argv[1]
    rc, out = run(attnlab, ["settings", "--json"])
    assert rc == 0, out
    table = json.loads(out)
    ranges = table["ranges"]
    assert len(ranges) >= 9, ranges
    # Every command first, as (what it checks, arguments); they run two at a time (each is one short process, and
    # under the sanitizers one takes seconds), then each output is checked.
    jobs = []
    for r in ranges:
        for flag in r["flags"].split(","):
            base = ["train", "--task", "seen", "--train-size", "20", "--steps", "0", "--quiet"] + MODEL_FOR.get(flag, [])
            if flag == "--max-len":
                base += ["--lengths", "1:1"]
            hi = r["hi"]
            jobs.append((("largest", r, flag, hi), base + [flag, fmt(hi, r["integer"])]))
            step = 1 if r["integer"] else hi * 0.5
            for bad in (hi + step, r["lo"] - (1 if r["integer"] else r["lo"] * 0.5)):
                if not r["integer"] and bad <= 0 and flag == "--lr":
                    continue  # a non-positive learning rate has its own message (check_train_config)
                if flag == "--window-mask" and bad < 0:
                    continue  # a negative --window-mask means "not given" (no truncated attention)
                jobs.append((("outside", r, flag, bad), base + [flag, fmt(bad, r["integer"])]))
            if r["odd"]:
                even = int(r["lo"]) + 1
                jobs.append((("even", r, flag, even), base + [flag, str(even)]))
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda job: run(attnlab, job[1]), jobs))
    failures = []
    for ((what, r, flag, value), _), (rc, text) in zip(jobs, results):
        if what == "largest":
            if "out of range" in text:
                failures.append(f"{flag} {value}: the largest allowed value was refused: {text.strip()}")
        elif what == "outside":
            shown = fmt(value, r["integer"])
            expect = f"{r['key']}: "
            if rc == 0 or expect not in text or "out of range" not in text:
                failures.append(f"{flag} {shown}: expected '{expect}... out of range', got rc {rc}: {text.strip()}")
            lines = [l for l in text.strip().splitlines() if l]
            if len(lines) != 1 or not lines[0].startswith("attnlab: "):
                failures.append(f"{flag} {shown}: not a one-line 'attnlab: ...' error: {text.strip()}")
        elif rc == 0 or "odd" not in text:
            failures.append(f"{flag} {value}: an even value must be refused as not odd: {text.strip()}")
    if failures:
        print("\n".join(failures))
        sys.exit(1)
    print(f"{len(ranges)} settings, {len(jobs)} commands: every flag enforces its range")


if __name__ == "__main__":
    main()
