#!/usr/bin/env bash
# --format json: one JSON document on standard output for prove, verify, merkle, smt and bench
# --smt; the fields that mean nothing for a backend are absent; a negative answer is
# {"result": "rejected", "reason": ..} with exit 1. Usage: json.sh HASHSNARK TESTS_DIR
. "$(dirname "$0")/lib/setup.sh"

# check FILE PYTHON: FILE parses as one JSON object d, then the python assertions hold
check() {
    python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
assert isinstance(d, dict), 'not an object'
$2" "$1" 2>"$tmp/py" || no "$3: $(cat "$tmp/py") in $(cat "$1")"
}

# prove, stark and gkr, private and public
"$bin" prove --hash poseidon2-kb16 --log-perms 4 --out "$tmp/s.bin" --format json --quiet >"$tmp/j" || no "prove stark exit"
check "$tmp/j" 'assert d["command"] == "prove" and d["result"] == "proved" and d["backend"] == "stark"
assert d["instances"] == 16 and d["log_perms"] == 4 and d["proof_bytes"] == __import__("os").path.getsize(sys.argv[1][:-1] + "s.bin")
assert d["inv_rate"] >= 2 and "whir_inv_rate" not in d and d["claimed_bits"] > 0
assert [p["name"] for p in d["phases"]][0] == "trace" and all(p["seconds"] >= 0 for p in d["phases"])' "prove stark"
"$bin" prove --backend gkr --hash poseidon2-kb16 --log-perms 4 --out "$tmp/g.bin" --format json 2>"$tmp/err" >"$tmp/j" ||
    no "prove gkr exit"
check "$tmp/j" 'assert d["backend"] == "gkr" and d["whir_inv_rate"] >= 2 and "inv_rate" not in d and "queries" not in d' "prove gkr"
grep -q '^prove: witness' "$tmp/err" || no "prove gkr --format json: phase times left standard error: $(cat "$tmp/err")"
"$bin" prove --hash poseidon2-kb16 --log-perms 3 --format yaml --out "$tmp/x.bin" 2>"$tmp/err"; [ $? = 2 ] ||
    no "--format yaml must be a usage error"
grep -q "text or json, not 'yaml'" "$tmp/err" || no "--format yaml message: $(cat "$tmp/err")"
python3 -c "
import random
random.seed(3)
for _ in range(8): print(' '.join(str(random.randrange(2130706433)) for _ in range(16)))" >"$tmp/in.txt"
"$bin" prove --hash poseidon2-kb16 --inputs "$tmp/in.txt" --outputs-out "$tmp/out.txt" --out "$tmp/pub.bin" --quiet \
    --format json >"$tmp/j" || no "prove public exit"
check "$tmp/j" 'assert d["statement"] == "public" and d["outputs"].endswith("out.txt") and d["instances"] == 8' "prove public"

"$bin" prove --backend gkr --regions 4,5 --out "$tmp/r.bin" --quiet --format json >"$tmp/j" || no "prove --regions exit"
check "$tmp/j" 'assert d["statement"] == "public" and d["region_log"] == [4, 5] and d["instances"] == 48
assert d["inputs"].endswith("r.bin.inputs") and d["variant"] == "ragged"' "prove --regions"

# verify: accepted (stark: rate and queries; gkr: WHIR rate, no queries), rejected with a reason
"$bin" verify --proof "$tmp/s.bin" --format json >"$tmp/j" || no "verify stark exit"
check "$tmp/j" 'assert d["command"] == "verify" and d["result"] == "accepted" and d["backend"] == "stark"
assert d["queries"] > 0 and d["inv_rate"] >= 2 and d["statement"] == "private" and d["verify_s"] >= 0
assert isinstance(d["below_declared"], bool) and d["regime"]' "verify stark"
"$bin" verify --proof "$tmp/g.bin" --format json >"$tmp/j" || no "verify gkr exit"
check "$tmp/j" 'assert d["backend"] == "gkr" and "queries" not in d and "inv_rate" not in d and d["whir_inv_rate"] >= 2' \
    "verify gkr"
"$bin" verify --proof "$tmp/pub.bin" --inputs "$tmp/in.txt" --outputs "$tmp/out.txt" --format json >"$tmp/j" ||
    no "verify public exit"
check "$tmp/j" 'assert d["statement"] == "public" and d["instances"] == 8' "verify public"
sed '3s/^[0-9]*/7/' "$tmp/out.txt" >"$tmp/bad.txt"
"$bin" verify --proof "$tmp/pub.bin" --inputs "$tmp/in.txt" --outputs "$tmp/bad.txt" --format json >"$tmp/j"
[ $? = 1 ] || no "verify wrong table: exit 1 expected"
check "$tmp/j" 'assert d["result"] == "rejected" and "line 3 is not P(" in d["reason"]' "verify rejected"
head -c 100 "$tmp/s.bin" >"$tmp/cut.bin"
"$bin" verify --proof "$tmp/cut.bin" --format json >"$tmp/j"; [ $? = 1 ] || no "verify truncated: exit 1 expected"
check "$tmp/j" 'assert d["result"] == "rejected" and d["reason"]' "verify truncated"

# Merkle statements
"$bin" prove --statement merkle-branches --hash poseidon2-kb16 --log-leaves 6 --seed 5 --random-openings 2 \
    --out "$tmp/mb.bin" --format json 2>/dev/null >"$tmp/j" || no "prove merkle-branches exit"
check "$tmp/j" 'assert d["statement"] == "merkle-branches" and d["openings"] == 2 and d["depth"] == 6
assert d["openings_file"].endswith("mb.bin.openings") and len(d["root"].split()) == 8' "prove merkle-branches"
root=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["root"])' "$tmp/j")
"$bin" verify --proof "$tmp/mb.bin" --root "$root" --openings "$tmp/mb.bin.openings" --format json >"$tmp/j" ||
    no "verify merkle-branches exit"
check "$tmp/j" 'assert d["result"] == "accepted" and d["statement"] == "merkle-branches" and d["openings"] == 2' \
    "verify merkle-branches"
"$bin" prove --statement merkle --hash poseidon2-kb16 --log-leaves 5 --seed 4 --out "$tmp/mr.bin" --format json \
    2>/dev/null >"$tmp/j" || no "prove merkle exit"
check "$tmp/j" 'assert d["statement"] == "merkle" and d["log_leaves"] == 5 and d["public_leaves"] is False' "prove merkle"

# merkle root / open / verify
"$bin" merkle root --hash poseidon2-kb16 --log-leaves 6 --seed 5 --format json >"$tmp/j" || no "merkle root exit"
check "$tmp/j" "assert d['command'] == 'merkle root' and d['root'] == '$root' and d['log_leaves'] == 6" "merkle root"
"$bin" merkle open --hash poseidon2-kb16 --log-leaves 6 --seed 5 --index 3,9 --format json >"$tmp/j" ||
    no "merkle open exit"
check "$tmp/j" "assert d['root'] == '$root' and [o['index'] for o in d['openings']] == [3, 9]
assert all(len(o['siblings']) == 6 for o in d['openings'])" "merkle open"
"$bin" merkle open --hash poseidon2-kb16 --log-leaves 6 --seed 5 --index 3,9 --out "$tmp/o.txt" --format json >"$tmp/j" ||
    no "merkle open --out exit"
check "$tmp/j" "assert d['out'].endswith('o.txt')" "merkle open --out"
"$bin" merkle verify --openings "$tmp/o.txt" --root "$root" --format json >"$tmp/j" || no "merkle verify exit"
check "$tmp/j" "assert d['result'] == 'accepted' and d['openings'] == 2 and d['root_checked'] is True" "merkle verify"
other=$("$bin" merkle root --hash poseidon2-kb16 --log-leaves 6 --seed 6)
"$bin" merkle verify --openings "$tmp/o.txt" --root "$other" --format json >"$tmp/j"; [ $? = 1 ] ||
    no "merkle verify another root: exit 1 expected"
check "$tmp/j" "assert d['result'] == 'rejected' and 'another root' in d['reason']" "merkle verify rejected"

# smt: build, root, get, open, verify (in memory: build prints the root)
H=poseidon2-gl12
printf '0 0 0 0 1 1 1 1\n0 1 0 1 1 1 1 1\n' >"$tmp/pairs"
"$bin" smt build --hash $H --pairs "$tmp/pairs" --format json >"$tmp/j" || no "smt build exit"
check "$tmp/j" "assert d['command'] == 'smt build' and d['hash'] == '$H' and len(d['root'].split()) == 4" "smt build"
if ! "$bin" smt --help | grep -q "NOT SUPPORTED"; then
    db="$tmp/db"
    sroot=$("$bin" smt build --hash $H --db "$db" --pairs "$tmp/pairs")
    "$bin" smt root --db "$db" --format json >"$tmp/j" || no "smt root exit"
    check "$tmp/j" "assert d['root'] == '$sroot'" "smt root"
    "$bin" smt get --db "$db" --key "0 1 0 1" --format json >"$tmp/j" || no "smt get exit"
    check "$tmp/j" "assert d['key'] == '0 1 0 1' and d['value'] == '1 1 1 1'" "smt get"
    "$bin" smt open --db "$db" --key "0 1 0 1" --out "$tmp/op" --format json >"$tmp/j" || no "smt open exit"
    check "$tmp/j" "assert d['root'] == '$sroot' and d['out'].endswith('op')" "smt open"
    "$bin" smt verify --hash $H --root "$sroot" --key "0 1 0 1" --value "1 1 1 1" --opening "$tmp/op" --format json \
        >"$tmp/j" || no "smt verify exit"
    check "$tmp/j" "assert d['result'] == 'accepted'" "smt verify"
    "$bin" smt verify --hash $H --root "$sroot" --key "0 1 0 1" --value "1 1 1 2" --opening "$tmp/op" --format json \
        >"$tmp/j"; [ $? = 1 ] || no "smt verify wrong value: exit 1 expected"
    check "$tmp/j" "assert d['result'] == 'rejected' and d['reason']" "smt verify rejected"
fi

# bench --smt: the version, commit, date and CPU; compute and apply only on batched rows
"$bin" bench --smt --hash rpo256 --size 2000 --batch 500 --storage memory --threads 1 --format json >"$tmp/j" 2>/dev/null ||
    no "bench --smt exit"
check "$tmp/j" 'assert d["version"] and d["commit"] and d["date"] and d["cpu"] and d["size"] == 2000
rs = d["results"]
assert rs and all(("compute_s" in r) == r["scenario"].startswith("batched") for r in rs)
assert all(isinstance(r["contended"], bool) for r in rs if r["threads"] == 1)' "bench --smt"
exit $fail
