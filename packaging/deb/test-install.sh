#!/usr/bin/env bash
# Installs pp's .deb into an empty root with dpkg --root and runs the pipeline from there: the tools, their
# data, man pages and completions must all come from the package, their libraries from Debian packages the
# package depends on (checked against this system's dpkg database), nothing from the build tree or toolchain.
#   packaging/deb/test-install.sh pp_VERSION_ARCH.deb
set -euo pipefail
cd "$(dirname "$0")/../.."
deb=$(realpath "$1")
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
root="$scratch/root"
fail() { echo "test-deb: FAIL: $*" >&2; exit 1; }

# An empty root holding only dpkg's own database.
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates"
: >"$root/var/lib/dpkg/status"
: >"$root/var/lib/dpkg/available"
# Its dependencies are not in this root, so dpkg is told to go on; they are checked against the system below.
# (dpkg warns about each dependency it cannot see there; the log is shown if the install fails.)
dpkg --root="$root" --force-depends --force-script-chrootless -i "$deb" >"$scratch/dpkg.log" 2>&1 || fail "dpkg -i: $(cat "$scratch/dpkg.log")"
dpkg --root="$root" -L pp | grep -qx /usr/bin/pp-extract || fail "dpkg does not list /usr/bin/pp-extract"
echo "installed into an empty root: $(dpkg --root="$root" -L pp | wc -l) paths"

# Every Depends of the package is satisfied by what is installed here (dpkg checks, then installs nothing).
dpkg --dry-run -i "$deb" >/dev/null || fail "the package's Depends are not met by this system"
echo "Depends: $(dpkg-deb -f "$deb" Depends)"
# ... and apt would install it with what it asks for (a simulation: nothing on this machine changes).
apt-get -s install "$deb" 2>/dev/null | grep -q '^Inst pp ' || fail "apt-get -s install does not resolve the package"

# The tools find every library among the system's, none in the Swift toolchain or the build tree.
toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swift || echo /nonexistent/bin/swift)")")")
for tool in "$root"/usr/bin/pp-*; do
    [ "$(head -c 4 "$tool" | od -An -c | tr -d ' ')" = "177ELF" ] || continue
    libs=$(env -u LD_LIBRARY_PATH ldd "$tool")
    if grep -q "not found" <<<"$libs"; then fail "$(basename "$tool"): a library is missing: $libs"; fi
    if grep -qF "$toolchain" <<<"$libs" || grep -q "$(pwd)" <<<"$libs"; then
        fail "$(basename "$tool") loads a library from the toolchain or the build tree"
    fi
    if readelf -d "$tool" | grep -qE 'RPATH|RUNPATH'; then fail "$(basename "$tool") has a library search path"; fi
done

# The pipeline, run from the installed root with a PATH that has no build tree and no toolchain.
out="$scratch/out"
mkdir -p "$out"
run() { env -i PATH="$root/usr/bin:/usr/bin:/bin" HOME="$scratch" LC_ALL=C.UTF-8 OMP_THREAD_LIMIT=1 "$@"; }
run pp-extract --list-profiles >"$out/profiles" || fail "pp-extract --list-profiles"
grep -q '^rs' "$out/profiles" || fail "pp-extract does not find its profiles in /usr/share/pp: $(cat "$out/profiles")"
inputs=(samples/pdf/en-gb-supplies.pdf samples/photos/en-gb-supplies.jpg samples/pdf/at-hausverwaltung.pdf)
for input in "${inputs[@]}"; do [ -f "$input" ] || fail "sample $input is missing"; done
run pp-ingest --work "$out/work" "${inputs[@]}" | run pp-ocr --lang eng+deu | run pp-extract >"$out/results.jsonl" ||
    fail "the pipeline failed (status ${PIPESTATUS[*]})"
run pp-extract eval --truth samples/truth.jsonl "$out/results.jsonl" >"$out/eval.json" 2>"$out/summary.txt"
python3 - "$out/results.jsonl" samples/truth.jsonl "${inputs[@]}" <<'EOF' || fail "the results are not the confirmed values"
import json, os, sys
results = [json.loads(l) for l in open(sys.argv[1])]
truth = {os.path.basename(t["source"]): t for t in map(json.loads, open(sys.argv[2]))}
docs = [r for r in results if r.get("kind") == "document"]
assert len(docs) == len(sys.argv) - 3, f"{len(docs)} documents for {len(sys.argv) - 3} inputs"
for doc in docs:
    name = os.path.basename(doc["source"])
    want = truth[name]
    best = doc["best"]
    for field in ("account", "amount"):
        assert best.get(field) == want.get(field), f"{name}: {field} {best.get(field)!r}, confirmed {want.get(field)!r}"
    print(f"  {name}: account {best['account']}, amount {best['amount']} {best.get('currency')}")
EOF
run pp-cardcheck --lines <<<"4111 1111 1111 1111" | grep -q '"status":"valid"' || fail "pp-cardcheck"
run pp-pages samples/pdf/en-gb-supplies.pdf --rotate 90 -o "$out/turned.pdf" >/dev/null || fail "pp-pages"
run pp-batch --version >/dev/null || fail "pp-batch"

# The generated man page as man shows it, and the completions where the shells look for them.
MANWIDTH=200 man -l "$root/usr/share/man/man1/pp-ingest.1.gz" 2>/dev/null | grep -q -- "--no-codes" ||
    fail "man -l pp-ingest.1.gz does not show --no-codes"
bash -c 'source "$1" && complete -p pp-extract' _ "$root/usr/share/bash-completion/completions/pp-extract" >/dev/null ||
    fail "the bash completion does not register pp-extract"
[ -s "$root/usr/share/zsh/vendor-completions/_pp-ingest" ] && [ -s "$root/usr/share/fish/vendor_completions.d/pp-ocr.fish" ] ||
    fail "zsh or fish completions are missing"

# Removed, it leaves nothing behind.
dpkg --root="$root" --force-script-chrootless -r pp >/dev/null
left=$(if [ -d "$root/usr" ]; then find "$root/usr" -type f | head -3; fi)
[ -z "$left" ] || fail "files left after dpkg -r: $left"
echo "test-deb: ok (installed into an empty root, pipeline ran from it, man page shown, removed cleanly)"
