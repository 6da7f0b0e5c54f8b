#!/usr/bin/env python3
"""Keeps the most telling inputs of the fuzz corpus in the repository, within a bound per target.

    python3 fuzz/keep.py [TARGET...]          all targets of fuzz/targets/ when none are named

The corpus grows in .build/fuzz/corpus/<target> (fuzz/run.sh), which a clean checkout or CI does not
have. This asks each target's binary which features (libFuzzer's coverage features) every input of
that corpus and of fuzz/corpus/<target> reaches (-merge=1 with a control file), then keeps a small set
that reaches as many of them as it can: again and again the input that adds the most features not yet
reached, the smaller one on a tie, until KEEP_FILES inputs or KEEP_BYTES bytes. fuzz/corpus/<target>
is replaced by that set; fuzz/run.sh starts every run from it, and FuzzReplayTests replays it in
`make test`. Expects fuzz/build.sh to have run with the same FUZZ_OPT.
"""

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KEEP_FILES = 64
KEEP_BYTES = 64 * 1024


def control_features(binary, folders, work):
    """{path: (size, set of features)} for every input of `folders`, from libFuzzer's merge control file."""
    control = work / "control.txt"
    empty = work / "merged"
    empty.mkdir()
    env = dict(os.environ, SWIFT_BACKTRACE="enable=no", LSAN_OPTIONS="detect_leaks=0")
    subprocess.run(
        [str(binary), "-merge=1", f"-merge_control_file={control}", "-rss_limit_mb=2048", "-timeout=30",
         str(empty)] + [str(f) for f in folders],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    lines = control.read_text(errors="replace").splitlines()
    count = int(lines[0])
    paths = lines[2:2 + count]
    found = {}
    for line in lines[2 + count:]:
        words = line.split()
        if len(words) >= 2 and words[0] == "FT":
            path = paths[int(words[1])]
            found[path] = (os.path.getsize(path), set(words[2:]))
    return found


def chosen(found):
    """The greedy pick: the input adding the most unreached features first, within the bounds."""
    reached, picked, size = set(), [], 0
    left = dict(found)
    while left and len(picked) < KEEP_FILES:
        path = max(left, key=lambda p: (len(left[p][1] - reached), -left[p][0], p))
        bytes_, features = left.pop(path)
        if not features - reached:
            break
        if size + bytes_ > KEEP_BYTES:
            continue
        picked.append(path)
        reached |= features
        size += bytes_
    return picked, len(reached), len(set().union(*(f for _, f in found.values()))) if found else 0


def main():
    opt = os.environ.get("FUZZ_OPT", "-O").lstrip("-")
    binaries = ROOT / ".build" / "fuzz" / opt / "bin"
    targets = sys.argv[1:] or sorted(p.stem for p in (ROOT / "fuzz" / "targets").glob("*.swift"))
    for target in targets:
        binary = binaries / f"fuzz-{target}"
        if not binary.exists():
            sys.exit(f"fuzz keep: no {binary} (run fuzz/build.sh)")
        kept = ROOT / "fuzz" / "corpus" / target
        folders = [f for f in (ROOT / ".build" / "fuzz" / "corpus" / target, kept) if f.is_dir()]
        with tempfile.TemporaryDirectory() as work:
            found = control_features(binary, folders, Path(work))
            picked, reached, total = chosen(found)
            data = [Path(p).read_bytes() for p in picked]
        shutil.rmtree(kept, ignore_errors=True)
        kept.mkdir(parents=True)
        for bytes_ in data:
            (kept / hashlib.sha1(bytes_).hexdigest()).write_bytes(bytes_)
        print(f"fuzz keep: {target}: {len(data)} of {len(found)} inputs, {sum(map(len, data))} bytes, "
              f"{reached} of {total} features")


if __name__ == "__main__":
    main()
