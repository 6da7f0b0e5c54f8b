#!/usr/bin/env bash
# Tests scripts/pp-parallel (docs/scale.md) for real: two OpenSSH daemons on 127.0.0.1 stand for two
# hosts, each with key-only login, its own home and work folder and, on its PATH, only what the pp package
# installed (dpkg --root into a scratch root). Measures throughput on one and on two hosts, then kills one
# host half way through a run, brings it back, resumes, and checks that every input has exactly one result.
#   packaging/parallel/test.sh pp_VERSION_ARCH.deb [FILES_PER_RUN]
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)
deb=$(realpath "$1")
count=${2:-24}
scratch=$(mktemp -d)
pids=()
cleanup() {
	for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
	rm -rf "$scratch"
}
trap cleanup EXIT
fail() { echo "test-parallel: FAIL: $*" >&2; exit 1; }

# The package, installed once into a root both "hosts" take their tools from.
root="$scratch/root"
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates"
: >"$root/var/lib/dpkg/status"
dpkg --root="$root" --force-depends --force-script-chrootless -i "$deb" >"$scratch/dpkg.log" 2>&1 ||
	fail "dpkg -i: $(cat "$scratch/dpkg.log")"

# Keys: one for the client, one per host; the client knows both hosts' keys (no first-use prompt).
ssh-keygen -q -t ed25519 -N '' -C pp-test -f "$scratch/client_key"
cp "$scratch/client_key.pub" "$scratch/authorized_keys"
ports=($(python3 -c 'import socket
s=[socket.socket() for _ in range(2)]
[x.bind(("127.0.0.1", 0)) for x in s]
print(*[x.getsockname()[1] for x in s])'))
[ -d /run/sshd ] || mkdir -p /run/sshd # sshd's privilege separation folder (root)
sshd=$(command -v sshd || echo /usr/sbin/sshd)
: >"$scratch/known_hosts"
cat >"$scratch/ssh_config" <<EOF
Host *
  HostName 127.0.0.1
  User $(id -un)
  IdentityFile $scratch/client_key
  IdentitiesOnly yes
  BatchMode yes
  UserKnownHostsFile $scratch/known_hosts
  StrictHostKeyChecking yes
  LogLevel ERROR
EOF
start_host() { # NAME: starts its sshd in the foreground of a background job
	local name=$1 dir="$scratch/hosts/$1"
	"$sshd" -D -f "$dir/sshd_config" -E "$dir/sshd.log" &
	pids+=($!)
	eval "pid_$name=$!"
	for _ in $(seq 50); do
		ssh -F "$scratch/ssh_config" "$name" true 2>/dev/null && return 0
		sleep 0.1
	done
	fail "sshd of $name did not start: $(cat "$dir/sshd.log")"
}
i=0
for name in hostA hostB; do
	dir="$scratch/hosts/$name"
	mkdir -p "$dir/home"
	ssh-keygen -q -t ed25519 -N '' -f "$dir/host_key"
	echo "$name $(cut -d' ' -f1,2 "$dir/host_key.pub")" >>"$scratch/known_hosts"
	printf 'Host %s\n  Port %s\n  HostKeyAlias %s\n' "$name" "${ports[$i]}" "$name" >>"$scratch/ssh_config"
	# What logging in to this host gives: its own home, and the package's tools on a PATH without the build tree.
	cat >"$dir/login" <<EOF
#!/bin/sh
export HOME="$dir/home" PATH="$root/usr/bin:/usr/bin:/bin"
cd "\$HOME" || exit 1
exec "\${SHELL:-/bin/sh}" -c "\$SSH_ORIGINAL_COMMAND"
EOF
	chmod 755 "$dir/login"
	cat >"$dir/sshd_config" <<EOF
ListenAddress 127.0.0.1
Port ${ports[$i]}
HostKey $dir/host_key
PidFile $dir/sshd.pid
AuthorizedKeysFile $scratch/authorized_keys
AuthenticationMethods publickey
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
UsePAM no
StrictModes no
ForceCommand $dir/login
MaxStartups 200
MaxSessions 200
LogLevel ERROR
EOF
	start_host "$name"
	i=$((i + 1))
done
# Key-only: without the key, the host refuses.
if ssh -F /dev/null -o BatchMode=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -p "${ports[0]}" \
	127.0.0.1 true 2>/dev/null; then
	fail "hostA let a client in without its key"
fi
ssh -F "$scratch/ssh_config" hostA 'command -v pp-batch' | grep -qx "$root/usr/bin/pp-batch" ||
	fail "hostA does not run the package's pp-batch"

# The inputs: the sample PDFs, some in a subfolder and one with a space in its name.
in="$scratch/in"
mkdir -p "$in/sub"
n=0
for f in samples/pdf/*.pdf; do
	[ $n -lt "$count" ] || break
	case $((n % 3)) in 0) cp "$f" "$in/sub/" ;; 1) cp "$f" "$in/$(basename "$f" .pdf) copy.pdf" ;; *) cp "$f" "$in/" ;; esac
	n=$((n + 1))
done
echo "inputs: $n PDFs"
ssh_cmd="ssh -F $scratch/ssh_config"
seconds() { date +%s.%N; }
rate() { python3 -c "import sys; print(f'{$n / ($2 - $1):.2f} documents/s ({$2 - $1:.1f} s)')"; }

# Every input has exactly one document record in all.jsonl, and each job succeeded exactly once.
check_results() { # OUT
	python3 - "$1" "$in" <<'EOF' || fail "results of $1 are wrong"
import collections, csv, json, os, sys
out, inputs = sys.argv[1], sys.argv[2]
names = sorted(os.path.relpath(os.path.join(d, f), inputs) for d, _, fs in os.walk(inputs) for f in fs)
docs = [json.loads(l) for l in open(os.path.join(out, "all.jsonl"))]
docs = [d for d in docs if d.get("kind") == "document"]
by_source = collections.Counter(d["source"] for d in docs)
assert sorted(by_source) == names, f"sources {sorted(by_source)} != inputs {names}"
assert set(by_source.values()) == {1}, f"an input has more than one result: {by_source.most_common(2)}"
rows = list(csv.DictReader(open(os.path.join(out, "joblog")), delimiter="\t"))
ok = collections.Counter(r["Seq"] for r in rows if r["Exitval"] == "0" and r["Signal"] == "0")
assert sorted(ok, key=int) == [str(i) for i in range(1, len(names) + 1)], f"successful jobs {sorted(ok, key=int)}"
assert set(ok.values()) == {1}, f"a job succeeded twice: {ok.most_common(2)}\n" + open(os.path.join(out, "joblog")).read()
failed = [r for r in rows if r["Exitval"] != "0" or r["Signal"] != "0"]
print(f"  {len(docs)} documents, one each; {len(rows)} job runs, {len(failed)} failed and redone")
EOF
}

# Throughput: this machine alone (pp-batch, no ssh), then one host and two hosts, one job each.
start=$(seconds)
env PATH="$root/usr/bin:/usr/bin:/bin" pp-batch -q -j 1 "$in" "$scratch/local" || [ $? = 3 ]
echo "local pp-batch -j 1:      $(rate "$start" "$(seconds)")"
for hosts in "1/hostA" "1/hostA 1/hostB"; do
	tr ' ' '\n' <<<"$hosts" >"$scratch/hosts.txt"
	out="$scratch/out-$(wc -l <"$scratch/hosts.txt")"
	start=$(seconds)
	bash scripts/pp-parallel --hosts "$scratch/hosts.txt" --ssh "$ssh_cmd" "$in" "$out" || fail "pp-parallel on $hosts"
	echo "pp-parallel on $(wc -l <"$scratch/hosts.txt") host(s): $(rate "$start" "$(seconds)")"
	check_results "$out"
done
cmp -s "$scratch/out-1/all.jsonl" "$scratch/out-2/all.jsonl" || fail "two hosts gave other results than one"
for name in hostA hostB; do
	left=$(find "$scratch/hosts/$name/home" -type f | head -3)
	[ -z "$left" ] || fail "--cleanup left files on $name: $left"
done

# Kill and resume: hostB dies (its sshd and everything running under it) when a third of the results are back.
out="$scratch/out-kill"
printf '1/hostA\n1/hostB\n' >"$scratch/hosts.txt"
bash scripts/pp-parallel --hosts "$scratch/hosts.txt" --ssh "$ssh_cmd" "$in" "$out" 2>"$scratch/first-run.err" &
runner=$!
pids+=($runner)
for _ in $(seq 600); do
	[ "$(find "$out/results" -name '*.jsonl' 2>/dev/null | wc -l)" -ge $((n / 3)) ] && break
	sleep 0.1
done
descendants() { local p; for p in $(ps -o pid= --ppid "$1"); do echo "$p"; descendants "$p"; done; }
# ... preferably while a pp tool is at work there (a job spends most of its time in ssh and rsync).
for _ in $(seq 200); do
	victims=$(echo "$pid_hostB"; descendants "$pid_hostB")
	busy=$(ps -o comm= -p "$(echo $victims | tr ' ' ',')" | grep -c -E '^pp-' || true)
	[ "$busy" -gt 0 ] && break
	sleep 0.05
done
disown "$pid_hostB" # no "Killed" notice from this shell
kill -9 $victims 2>/dev/null || true
echo "killed hostB with $(find "$out/results" -name '*.jsonl' | wc -l) of $n results back ($busy pp processes running there)"
status=0
wait $runner || status=$?
[ $status -eq 1 ] || fail "the run that lost a host ended with $status, not 1: $(cat "$scratch/first-run.err")"
grep -q "jobs failed" "$scratch/first-run.err" || fail "no failure reported: $(cat "$scratch/first-run.err")"
[ ! -e "$out/all.jsonl" ] || fail "all.jsonl was written although jobs failed"
start_host hostB
bash scripts/pp-parallel --hosts "$scratch/hosts.txt" --ssh "$ssh_cmd" "$in" "$out" || fail "the resumed run failed"
check_results "$out"
cmp -s "$scratch/out-1/all.jsonl" "$out/all.jsonl" || fail "the resumed results differ from an uninterrupted run's"
left=$(find "$scratch/hosts/hostA/home" -type f | head -3)
[ -z "$left" ] || fail "--cleanup left files on hostA: $left"
echo "test-parallel: ok (two hosts, one killed half way, resumed: every input exactly one result)"
