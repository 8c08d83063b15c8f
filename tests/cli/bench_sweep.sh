#!/usr/bin/env bash
# End-to-end: the proving sweep 'hashsnark bench --log-perms A..B' (the bench-hash-in-snark table) in every
# format, its '-' rows, its range checks and --plot. Usage: bench_sweep.sh HASHSNARK TESTS_DIR
# Uses the test hook HS_SWEEP_TEST_KILL=N (src/bench/sweep.c): the child of size 2^N kills itself
# with SIGKILL, as the out-of-memory killer would.
. "$(dirname "$0")/lib/setup.sh"
sweep=(bench --hash poseidon2-kb16 --log-perms 6..8 --samples 2 --threads 1)

# markdown (md-ticks: the published tables' backticked style): the benchmark's columns and units,
# then setup, verify and bits
md=$("$bin" "${sweep[@]}" --format md-ticks 2>"$tmp/err") || no "md exit $?: $(cat "$tmp/err")"
echo "$md" | grep -qx '| `hash` | `perm` | `time` | `throughput` | `proof_size` | `peak_mem` | `setup` | `verify` | `bits` |' ||
    no "md header: $md"
for e in ⁶ ⁷ ⁸; do
    echo "$md" | grep -Eq "^\| \`poseidon2-kb16\` \| \`2$e\` \| \`[0-9.]+ (ns|µs|ms|s)\` \| \`[0-9.]+ (/s|K/s|M/s)\` \| \`[0-9.]+ (B|KB|MB)\` \| \`[0-9.]+ (KB|MB|GB)\` \| \`[0-9.]+ (ns|µs|ms|s)\` \| \`[0-9.]+ (ns|µs|ms|s)\` \| \`([0-9.]+|\?)\` \|$" ||
        no "md row 2$e: $md"
done
# plain markdown (the default): no backticks, the units stated
plain=$("$bin" "${sweep[@]}" 2>/dev/null) || no "plain md exit $?"
echo "$plain" | grep -qx '| hash | perm | time | throughput | proof_size | peak_mem | setup | verify | bits |' || no "plain header: $plain"
echo "$plain" | grep -q '^units: KB/MB/GB = 1024-byte powers' || no "units line: $plain"
echo "$plain" | grep -q '`' && no "backticks in plain markdown: $plain"
[ "$(echo "$md" | grep -c '^| `poseidon2-kb16`')" = 3 ] || no "md row count"
# redirected: one result line a size on standard error, no live progress line (tests/cli/progress.sh)
grep -q "^bench: poseidon2-kb16 2^7: median .*, peak " "$tmp/err" || no "a size's line on stderr: $(cat "$tmp/err")"
grep -q "(2 of 3)" "$tmp/err" && no "a progress line although standard error is no terminal: $(cat "$tmp/err")"

# CSV: raw numbers, one row per size
"$bin" "${sweep[@]}" --format csv >"$tmp/s.csv" 2>/dev/null || no "csv exit"
head -1 "$tmp/s.csv" | grep -q '^hash,backend,preset,log_blowup,threads,log_perms,perms,prove_s,perms_per_s,proof_bytes,peak_rss_bytes,verify_s,bits,' ||
    no "csv header: $(head -1 "$tmp/s.csv")"
python3 - "$tmp/s.csv" <<'EOF' || no "csv rows"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert [int(r["log_perms"]) for r in rows] == [6, 7, 8], rows
for r in rows:
    assert r["hash"] == "poseidon2-kb16" and r["backend"] == "stark" and r["preset"] == "compat", r
    assert r["log_blowup"] == "1" and r["threads"] == "1" and r["status"] == "ok" and r["cpu"] and r["commit"], r
    assert int(r["perms"]) == 1 << int(r["log_perms"]), r
    t, v = float(r["prove_s"]), float(r["verify_s"])
    assert 0 < t < 60 and 0 < v < 60 and float(r["prove_best_s"]) <= t, r
    assert abs(float(r["perms_per_s"]) * t - int(r["perms"])) < 0.01 * int(r["perms"]), r
    assert int(r["proof_bytes"]) > 0 and int(r["peak_rss_bytes"]) > 0, r
    assert r["bits"] == "" or 0 < float(r["bits"]) < 512, r
assert int(rows[2]["proof_bytes"]) > int(rows[0]["proof_bytes"]), rows
EOF

# JSON: valid, same rows
"$bin" "${sweep[@]}" --format json >"$tmp/s.json" 2>/dev/null || no "json exit"
python3 -m json.tool "$tmp/s.json" >/dev/null || no "json invalid: $(cat "$tmp/s.json")"
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["cpu"] and d["commit"] and d["samples"] == 2, d
assert [r["log_perms"] for r in d["results"]] == [6, 7, 8]
assert all(r["ok"] and r["proof_bytes"] > 0 and r["peak_rss_bytes"] > 0 for r in d["results"])' "$tmp/s.json" ||
    no "json content"

# a child that dies gives a row of '-' and the sweep goes on
md=$(HS_SWEEP_TEST_KILL=7 "$bin" "${sweep[@]}" 2>"$tmp/err"); rc=$?
[ $rc = 0 ] || no "killed child: exit $rc"
echo "$md" | grep -qx '| poseidon2-kb16 | 2⁷ | - | - | - | - | - | - | - |' || no "dash row: $md"
echo "$md" | grep -q '^| poseidon2-kb16 | 2⁸ | [0-9]' || no "sweep went on after the '-' row: $md"
grep -q "2^7: failed: killed" "$tmp/err" || no "failure reason on stderr"
csv=$(HS_SWEEP_TEST_KILL=6 "$bin" bench --log-perms 6..6 --samples 1 --threads 1 --format csv 2>/dev/null)
echo "$csv" | grep -q '^poseidon2-kb16,stark,compat,1,1,6,64,,,,,,,,,1,256,"\?failed: killed' || no "csv failed row: $csv"
# --timeout: 2^16 cannot be proven in 10 ms
md=$("$bin" bench --log-perms 16 --samples 1 --timeout 0.01 2>"$tmp/err"); rc=$?
[ $rc = 0 ] && echo "$md" | grep -q '| 2¹⁶ | - | - |' || no "timeout row: exit $rc, $md"
grep -q "timed out after 0.01 s" "$tmp/err" || no "timeout reason: $(cat "$tmp/err")"

# usage errors: exit 2, naming the value
for r in 8..6 x..y 1..40 6.. ..8 -1..3; do
    "$bin" bench --log-perms "$r" >/dev/null 2>"$tmp/err"; rc=$?
    [ $rc = 2 ] || no "--log-perms $r: exit $rc"
    grep -qF "'$r'" "$tmp/err" || no "--log-perms $r: message $(cat "$tmp/err")"
done
expect2() { # what args...
    local what=$1; shift
    "$bin" "$@" >/dev/null 2>"$tmp/err"; local rc=$?
    [ $rc = 2 ] || no "$what: exit $rc"
    [ -s "$tmp/err" ] || no "$what: no message"
}
expect2 "gkr with --log-blowup" bench --log-perms 6 --backend gkr --log-blowup 2
v=$("$bin" bench --hash poseidon2-kb16 --log-perms 5..6 --backend gkr --samples 1 --threads 1 --format csv 2>"$tmp/err") ||
    no "gkr sweep: $(cat "$tmp/err")"
[ "$(echo "$v" | grep -c '^poseidon2-kb16,gkr,compat,1,1,')" = 2 ] || no "gkr sweep rows: $v"
expect2 "unknown backend" bench --log-perms 6 --backend nosuch
expect2 "unknown preset" bench --log-perms 6 --preset nosuch
expect2 "bad hash" bench --log-perms 6 --hash sha3-256
expect2 "samples 0" bench --log-perms 6 --samples 0
expect2 "bad timeout" bench --log-perms 6 --timeout -1
expect2 "bad blowup" bench --log-perms 6 --log-blowup 9
expect2 "native and sweep" bench --native --log-perms 6
expect2 "sweep option in native mode" bench --native --samples 3
expect2 "no mode" bench
"$bin" bench --help | grep -q "median" || no "--help says the time is the median"

# --plot: a non-empty PNG from each plotting tool that is installed
png_ok() { [ -s "$1" ] && [ "$(head -c 4 "$1" | tail -c 3)" = PNG ]; }
plotted=0
if command -v gnuplot >/dev/null 2>&1; then
    HS_PLOT=gnuplot "$bin" bench --log-perms 6..7 --samples 1 --threads 1 --plot "$tmp/g.png" >/dev/null 2>"$tmp/err" ||
        no "gnuplot plot exit: $(cat "$tmp/err")"
    png_ok "$tmp/g.png" || no "gnuplot: no PNG"
    HS_PLOT=gnuplot "$bin" bench --log-perms 6..7 --samples 1 --threads 1 --plot "$tmp/g.svg" >/dev/null 2>"$tmp/err" ||
        no "gnuplot svg exit: $(cat "$tmp/err")"
    grep -q "<svg" "$tmp/g.svg" || no "gnuplot: no SVG"
    plotted=1
fi
if python3 -c 'import matplotlib' >/dev/null 2>&1 || /usr/bin/python3 -c 'import matplotlib' >/dev/null 2>&1; then
    HS_PLOT=matplotlib "$bin" bench --log-perms 6..7 --samples 1 --threads 1 --log-blowup 2 --plot "$tmp/m.png" >/dev/null 2>"$tmp/err" ||
        no "matplotlib plot exit: $(cat "$tmp/err")"
    png_ok "$tmp/m.png" || no "matplotlib: no PNG"
    plotted=1
fi
[ $plotted = 1 ] || echo "skip: --plot (neither gnuplot nor python3-matplotlib installed)"
HS_PLOT=none "$bin" bench --log-perms 6 --plot "$tmp/x.png" >/dev/null 2>"$tmp/err"; rc=$?
[ $rc = 2 ] && grep -q "gnuplot-nox" "$tmp/err" || no "no plotting tool: exit $rc, $(cat "$tmp/err")"
"$bin" bench --log-perms 6 --plot "$tmp/x.jpg" >/dev/null 2>"$tmp/err"; rc=$?
[ $rc = 2 ] && grep -q "must end in .png or .svg" "$tmp/err" || no "--plot x.jpg: exit $rc, $(cat "$tmp/err")"
# several hashes: the comparison's one table (tests/cli/bench_compare.sh), every hash checked first
md=$("$bin" bench --hash poseidon2-kb16,keccak-f1600 --log-perms 2 --samples 1 --threads 1 2>"$tmp/err") || no "two hashes: exit $?"
[ "$(echo "$md" | grep -c '^| hash |')" = 1 ] && echo "$md" | grep -q '^| poseidon2-kb16 | stark | compat | 2² |' &&
    echo "$md" | grep -q '^| keccak-f1600 | stark | compat | 2² |' || no "two hashes: $md"
"$bin" bench --hash poseidon2-kb16,nosuch --log-perms 2 --samples 1 >/dev/null 2>"$tmp/err"; rc=$?
[ $rc = 2 ] && ! grep -q "proofs and a verification" "$tmp/err" || no "a bad second hash: exit $rc: $(cat "$tmp/err")"
# --quiet: no line on standard error for a size that ran
"$bin" bench --hash poseidon2-kb16 --log-perms 3 --samples 1 --threads 1 --quiet >"$tmp/qo" 2>"$tmp/qe" || no "--quiet exit"
[ -s "$tmp/qe" ] && no "--quiet wrote to standard error: $(cat "$tmp/qe")"
grep -q '^| poseidon2-kb16 | 2³ |' "$tmp/qo" || no "--quiet: no table: $(cat "$tmp/qo")"
# warm-up: untimed proofs first in each size's process (default: up to 3), the first one's time
# kept as cold_prove_s; --warmup 0 none (cold_prove_s empty); the version, date and flag columns
"$bin" bench --hash poseidon2-kb16 --log-perms 3 --samples 1 --threads 1 --quiet --format csv >"$tmp/w.csv" || no "warmup exit"
python3 - "$tmp/w.csv" 0 <<'PY' || no "default warm-up: $(cat "$tmp/w.csv")"
import csv, sys
r = list(csv.DictReader(open(sys.argv[1])))[0]
assert r["warmup"] == "3" and float(r["cold_prove_s"]) > 0 and r["version"] and r["date"], r
PY
"$bin" bench --hash poseidon2-kb16 --log-perms 3 --samples 1 --threads 1 --quiet --warmup 0 --format json >"$tmp/w.json" ||
    no "--warmup 0 exit"
python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"][0]; assert r["warmup"]==0 and "cold_prove_s" not in r, r' \
    "$tmp/w.json" || no "--warmup 0: $(cat "$tmp/w.json")"
"$bin" bench --hash poseidon2-kb16 --log-perms 3 --warmup 11 2>/dev/null; [ $? = 2 ] || no "--warmup 11 must be a usage error"
exit $fail
