#!/usr/bin/env bash
# End-to-end: hashsnark xmss (docs/XMSS.md). The known-answer signatures of both schemes
# (tests/vectors/xmss_leanvm_kb.json) in the command's JSON format: the valid ones accepted, the
# invalid ones rejected for their digit sum; make then verify round trips (the same seed the same
# file); altered items (a tip, a sibling, the root, the epoch, the message, a word not below p)
# rejected with their reason and exit 1 while the others stay accepted; malformed files exit 2
# naming the file, the line and the value; a failed make leaves no file.
# Usage: xmss.sh HASHSNARK TESTS_DIR
. "$(dirname "$0")/lib/setup.sh"
vec=$2/vectors/xmss_leanvm_kb.json

# the vectors in the command's format: FORM.json (all cases), FORM_valid.json (the valid ones)
python3 - "$vec" "$tmp" <<'PY' || no "vector conversion"
import json, sys
d = json.load(open(sys.argv[1]))
for form, f in d['forms'].items():
    items = []
    for c in f['cases']:
        items.append({'public_key': {'root': c['public_key']['merkle_root'],
                                     'parameter': c['public_key']['public_param']},
                      'epoch': c['epoch'], 'message': c['message'],
                      'signature': {'randomness': c['signature']['randomness'],
                                    'chain_tips': c['signature']['chain_tips'],
                                    'path': c['signature']['merkle_proof']},
                      'valid': c['valid']})
    for name, sel in ((form, items), (form + '_valid', [i for i in items if i['valid']])):
        out = [{k: v for k, v in i.items() if k != 'valid'} for i in sel]
        json.dump(out, open('%s/%s.json' % (sys.argv[2], name), 'w'), indent=1)
PY
for s in leanvm-kb-2605 leanvm-kb; do
    expect "$s vectors valid" 0 '^0: accepted' xmss verify --scheme $s --json "$tmp/${s}_valid.json"
    out=$("$bin" xmss verify --scheme $s --json "$tmp/$s.json" 2>&1); rc=$?
    [ $rc = 1 ] || no "$s vectors: exit $rc, not 1"
    for want in '^0: accepted$' '^1: accepted$' '^2: rejected: encoding: digit sum 1[0-9]+, not 184$' \
                '^3: rejected: encoding: digit sum 1[0-9]+, not 184$' '2 of 4 accepted'; do
        echo "$out" | grep -Eq -- "$want" || no "$s vectors: no '$want' in: $out"
    done
done
expect "elements for a byte scheme" 2 "message must be a string of 64 hex digits" \
    xmss verify --scheme leanvm-kb --json "$tmp/leanvm-kb-2605_valid.json"

# make, verify, determinism
for s in leanvm-kb-2605 leanvm-kb; do
    f=$tmp/m_$s.json
    "$bin" xmss make --scheme $s --count 5 --epoch 3735928559 --seed 7 --out "$f" 2>/dev/null || no "$s make"
    expect "$s round trip" 0 '^4: accepted' xmss verify --scheme $s --json "$f"
    expect "$s json" 0 '"result": ?"accepted".*"accepted": ?5' xmss verify --scheme $s --json "$f" --format json
    "$bin" xmss make --scheme $s --count 5 --epoch 3735928559 --seed 7 --out "$tmp/again.json" 2>/dev/null
    cmp -s "$f" "$tmp/again.json" || no "$s make: the same seed gave another file"
    "$bin" xmss make --scheme $s --count 5 --epoch 3735928559 --seed 8 --out "$tmp/again.json" 2>/dev/null
    cmp -s "$f" "$tmp/again.json" && no "$s make: seeds 7 and 8 gave the same file"
    # altered items: item k altered, the others untouched
    python3 - "$f" "$tmp/alt_$s.json" <<'PY' || no "alterations"
import json, sys
items = json.load(open(sys.argv[1]))
p = 2130706433
items[0]['signature']['chain_tips'][5][1] = (items[0]['signature']['chain_tips'][5][1] + 1) % p
items[1]['signature']['path'][17][0] = (items[1]['signature']['path'][17][0] + 1) % p
items[2]['public_key']['root'][2] = (items[2]['public_key']['root'][2] + 1) % p
items[3]['signature']['chain_tips'][9][3] += p if items[3]['signature']['chain_tips'][9][3] < 2**32 - p else 0
items.append(dict(items[4], epoch=items[4]['epoch'] ^ 1))
m = items[4]['message']
items.append(dict(items[4], message=[(m[0] + 1) % p] + m[1:] if isinstance(m, list) else ('%02x' % (int(m[:2], 16) ^ 1)) + m[2:]))
items.append(dict(items[4], public_key=dict(items[4]['public_key'], parameter=[p] + items[4]['public_key']['parameter'][1:])))
json.dump(items, open(sys.argv[2], 'w'))
PY
    out=$("$bin" xmss verify --scheme $s --json "$tmp/alt_$s.json" 2>&1); rc=$?
    [ $rc = 1 ] || no "$s altered: exit $rc, not 1"
    for want in '^0: rejected: Merkle path' '^1: rejected: Merkle path' '^2: rejected: Merkle path' \
                '^3: rejected: chain tip 9 lane 3 is [0-9]+, not below p' '^4: accepted$' '^5: rejected: ' \
                '^6: rejected: ' '^7: rejected: public key parameter lane 0 is 2130706433, not below p'; do
        echo "$out" | grep -Eq -- "$want" || no "$s altered: no '$want' in: $out"
    done
done

# malformed files: exit 2 naming the file, the line and the value
good=$tmp/m_leanvm-kb-2605.json
# bad NAME PYTHON-EXPRESSION-ON-TEXT PATTERN: a file $tmp/bN/bad.json, made by one python run below
nbad=0 gen="import sys
t = open(sys.argv[1]).read()"
declare -a bad_name bad_pat
bad() {
    mkdir -p "$tmp/b$nbad"
    gen+=$'\n'"open('$tmp/b$nbad/bad.json', 'w').write($2)"
    bad_name[nbad]=$1 bad_pat[nbad]=$3
    nbad=$((nbad + 1))
}
bad "a missing comma" "t.replace('],\n      [', ']\n      [', 1)" "bad.json:9: expected ',' or ']' at '\\[[0-9]+, "
bad "a value of 2^32" "t.replace('\"epoch\": 3735928559', '\"epoch\": 4294967296', 1)" \
    "bad.json:3: epoch must be an integer from 0 to 2\^32 - 1, not '4294967296'"
bad "a word of 2^32" "__import__('re').sub(r'\"randomness\": \\[[0-9]+', '\"randomness\": [4294967296', t, 1)" \
    "bad.json:6: randomness\\[0\\] must be a decimal integer below 2\\^32, not '4294967296'"
bad "a negative word" "t.replace('\"root\": [', '\"root\": [-', 1)" "bad.json:2: root\[0\] must be a decimal integer below 2\^32, not '-[0-9]+'"
bad "a fraction" "t.replace('\"root\": [', '\"root\": [1.5, ', 1)" "bad.json:2: root must be an array of 4 integers"
bad "an unknown key" "t.replace('\"epoch\"', '\"epoch\": 1, \"epok\"', 1)" "bad.json:3: a signature item: unknown key 'epok'"
bad "a key twice" "t.replace('\"epoch\"', '\"epoch\": 1, \"epoch\"', 1)" "key 'epoch' given twice"
bad "a short tip" "t.replace('\"chain_tips\": [\n      [', '\"chain_tips\": [\n      [1, ', 1)" \
    "bad.json:8: chain_tips\[0\] must be an array of 4 integers"
bad "41 tips" "(lambda i: t[:i] + t[t.index('\\n', i) + 1:])(t.index('\\n', t.index('chain_tips')) + 1)" \
    "bad.json:7: chain_tips must be an array of 42 arrays"
bad "not an array" "'{\"a\": 1}'" "bad.json:1: the file must be a JSON array of signature items, not '\\{"
bad "truncated" "t[:len(t) // 2]" "bad.json:[0-9]+: .* at the end of the text"
bad "nested too deeply" "'[' * 40 + ']' * 40" "nested too deeply"
bad "a control byte" "t.replace('\"epoch\"', '\"ep\x01och\"', 1)" "control character"
python3 - "$good" <<<"$gen" || no "malformed files"
for ((i = 0; i < nbad; i++)); do
    expect "${bad_name[i]}" 2 "${bad_pat[i]}" xmss verify --scheme leanvm-kb-2605 --json "$tmp/b$i/bad.json"
done
expect "missing file" 2 "nosuch.json" xmss verify --scheme leanvm-kb-2605 --json "$tmp/nosuch.json"
expect "no scheme" 2 "scheme is needed" xmss verify --json "$good"
expect "unknown scheme" 2 "'leanvm-x' is no scheme" xmss verify --scheme leanvm-x --json "$good"
expect "empty array" 0 "0 of 0 accepted" xmss verify --scheme leanvm-kb --json <(echo '[]')

# make: usage errors, nothing half-written
expect "count 0" 2 "count" xmss make --scheme leanvm-kb --count 0 --epoch 1 --seed 1 --out "$tmp/x.json"
expect "epoch 2^32" 2 "epoch" xmss make --scheme leanvm-kb --count 1 --epoch 4294967296 --seed 1 --out "$tmp/x.json"
expect "no seed" 2 "needs --count N, --epoch E, --seed SEED and --out FILE" \
    xmss make --scheme leanvm-kb --count 1 --epoch 1 --out "$tmp/x.json"
expect "unwritable" 2 "nodir" xmss make --scheme leanvm-kb --count 1 --epoch 1 --seed 1 --out "$tmp/nodir/x.json"
[ -e "$tmp/x.json" ] && no "a failed make left a file"
expect "help" 0 "leanvm-kb-2605" xmss --help
expect "help command" 0 "chain_tips" help xmss
expect "bench help" 0 "verification rate" bench --xmss --help
expect "bench" 0 '"per_s": ?[0-9.]+' bench --xmss --count 8 --threads 2 --format json
exit $fail
