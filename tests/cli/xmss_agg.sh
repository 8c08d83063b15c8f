#!/usr/bin/env bash
# End-to-end: the XMSS aggregate (docs/XMSS_AGG.md). make --one-message, prove --statement xmss,
# verify --proof --json (accepted; the keys alone without signatures accepted too); the proof the
# same on 1 and 2 threads and at the portable SIMD level; another epoch, message or key list
# rejected (exit 1); an invalid signature refused by prove naming its index and line (exit 1, no
# proof); files of two messages and missing options are usage errors (exit 2); both schemes
# prove and verify; params lists the terms.
# Usage: xmss_agg.sh HASHSNARK TESTS_DIR
. "$(dirname "$0")/lib/setup.sh"
S=leanvm-kb-2605
"$bin" xmss make --scheme $S --count 3 --epoch 9 --seed 4 --one-message --out "$tmp/s.json" 2>/dev/null ||
    no "make --one-message"
expect "prove" 0 '^proved 3 leanvm-kb-2605 signatures .* provable bits' \
    prove --statement xmss --scheme $S --json "$tmp/s.json" --out "$tmp/p.bin" --threads 2 --quiet
expect "verify" 0 '^accepted: 3 leanvm-kb-2605 signatures' verify --proof "$tmp/p.bin" --json "$tmp/s.json"
expect "verify json" 0 '"result": ?"accepted"' verify --proof "$tmp/p.bin" --json "$tmp/s.json" --format json
# the keys, epoch and message alone
python3 - "$tmp/s.json" "$tmp/keys.json" "$tmp/other_key.json" "$tmp/other_msg.json" "$tmp/two.json" "$tmp/bad.json" <<'PY' ||
import copy, json, sys
d = json.load(open(sys.argv[1]))
json.dump([{k: v for k, v in i.items() if k != 'signature'} for i in d], open(sys.argv[2], 'w'))
o = copy.deepcopy(d); o[1]['public_key']['parameter'][0] = (o[1]['public_key']['parameter'][0] + 1) % 2130706433
json.dump(o, open(sys.argv[3], 'w'))
o = copy.deepcopy(d)
for i in o: i['message'][0] = (i['message'][0] + 1) % 2130706433
json.dump(o, open(sys.argv[4], 'w'))
o = copy.deepcopy(d); o[2]['message'][0] = (o[2]['message'][0] + 1) % 2130706433
json.dump(o, open(sys.argv[5], 'w'))
o = copy.deepcopy(d); o[1]['signature']['path'][5][2] = (o[1]['signature']['path'][5][2] + 1) % 2130706433
json.dump(o, open(sys.argv[6], 'w'), indent=1)
PY
    no "file edits"
expect "keys alone" 0 '^accepted: 3' verify --proof "$tmp/p.bin" --json "$tmp/keys.json"
expect "other key" 1 'rejected' verify --proof "$tmp/p.bin" --json "$tmp/other_key.json"
expect "other message" 1 'rejected' verify --proof "$tmp/p.bin" --json "$tmp/other_msg.json"
"$bin" xmss make --scheme $S --count 3 --epoch 10 --seed 4 --one-message --out "$tmp/e.json" 2>/dev/null
expect "other epoch" 1 'rejected' verify --proof "$tmp/p.bin" --json "$tmp/e.json"
expect "two messages" 2 'item 2 has another message' prove --statement xmss --scheme $S --json "$tmp/two.json" \
    --out "$tmp/q.bin"
expect "invalid signature" 1 'bad.json:[0-9]+: signature 1: Merkle path' prove --statement xmss --scheme $S \
    --json "$tmp/bad.json" --out "$tmp/q.bin"
[ -e "$tmp/q.bin" ] && no "a refused prove wrote a proof"
# the other form: a byte message hashed first, an overwrite-sponge leaf
"$bin" xmss make --scheme leanvm-kb --count 2 --epoch 3 --seed 8 --one-message --out "$tmp/k.json" 2>/dev/null
expect "leanvm-kb prove" 0 '^proved 2 leanvm-kb signatures' prove --statement xmss --scheme leanvm-kb \
    --json "$tmp/k.json" --out "$tmp/k.bin" --quiet
expect "leanvm-kb verify" 0 '^accepted: 2 leanvm-kb signatures' verify --proof "$tmp/k.bin" --json "$tmp/k.json"
expect "leanvm-kb other file" 2 'message must be a string of 64 hex digits' verify --proof "$tmp/k.bin" \
    --json "$tmp/s.json"
expect "no out" 2 'needs --json FILE and --out' prove --statement xmss --scheme $S --json "$tmp/s.json"
expect "no --json" 2 'an XMSS aggregate of 3 signatures' verify --proof "$tmp/p.bin"
expect "truncated" 1 'rejected' verify --proof <(head -c 1000 "$tmp/p.bin") --json "$tmp/s.json"
# the same proof whatever the threads and the SIMD level
"$bin" prove --statement xmss --scheme $S --json "$tmp/s.json" --out "$tmp/p1.bin" --threads 1 --quiet >/dev/null
HS_SIMD=portable "$bin" prove --statement xmss --scheme $S --json "$tmp/s.json" --out "$tmp/pp.bin" --threads 2 \
    --quiet >/dev/null
cmp -s "$tmp/p.bin" "$tmp/p1.bin" || no "the proof depends on the thread count"
cmp -s "$tmp/p.bin" "$tmp/pp.bin" || no "the proof depends on the SIMD level"
expect "params" 0 'xmss.zerocheck' params --statement xmss --count 1550
expect "params json" 0 '"claimed_bits": ?124' params --statement xmss --count 4 --format json
expect "help" 0 'leanvm-kb-2605' prove --statement xmss --help
exit $fail
