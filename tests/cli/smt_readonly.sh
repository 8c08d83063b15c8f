#!/usr/bin/env bash
# hashsnark smt on a stored tree that may not be written: root, get and open open it read-only
# (they work on read-only storage and without write permission), never create a database, and
# take the hash from the stored tree; a missing --db is an error naming the path.
. "$(dirname "$0")/lib/setup.sh"
H=poseidon2-gl12
if "$bin" smt --help | grep -q "NOT SUPPORTED"; then echo "no LMDB: skipped"; exit 0; fi
db="$tmp/db"
printf '0 0 0 0 1 1 1 1\n0 1 0 1 2 2 2 2\n' >"$tmp/p"
root=$("$bin" smt build --hash $H --db "$db" --pairs "$tmp/p") || no "build"
"$bin" smt open --hash $H --db "$db" --key "0 1 0 1" --out "$tmp/op0" || no "open"
# the hash from the stored tree; a wrong --hash is still refused
[ "$("$bin" smt root --db "$db")" = "$root" ] || no "root without --hash"
[ "$("$bin" smt get --db "$db" --key "0 1 0 1")" = "2 2 2 2" ] || no "get without --hash"
out=$("$bin" smt get --hash rpo256 --db "$db" --key "0 1 0 1" 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q "uses the hash $H" || no "wrong --hash: exit $rc: $out"
# a read never creates: a missing --db is named, and stays missing
for act in root get open; do
    out=$("$bin" smt $act --hash $H --db "$tmp/none" --key "1 2 3 4" 2>&1); rc=$?
    [ $rc = 2 ] && echo "$out" | grep -q "$tmp/none: no stored tree there" || no "$act on a missing --db: exit $rc: $out"
    [ ! -e "$tmp/none" ] || no "$act created $tmp/none"
done
mkdir "$tmp/empty"
out=$("$bin" smt root --db "$tmp/empty" 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q "no stored tree there (no data.mdb)" || no "empty dir: exit $rc: $out"
[ -z "$(ls "$tmp/empty")" ] || no "root wrote into an empty dir"
# a change needs --hash to create a tree, and says so
out=$("$bin" smt insert --db "$tmp/none" --pairs "$tmp/p" 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q -- "--hash H creates a tree" && [ ! -e "$tmp/none" ] || no "insert, no hash: $rc: $out"
printf '1 2 3\n' >"$tmp/bad" # bad input creates no tree either
out=$("$bin" smt insert --hash $H --db "$tmp/none" --pairs "$tmp/bad" 2>&1); rc=$?
[ $rc = 2 ] && [ ! -e "$tmp/none" ] || no "insert of bad input into a new --db: exit $rc: $out"
printf '0 2 0 2 3 3 3 3\n' >"$tmp/q"
root2=$("$bin" smt insert --db "$db" --pairs "$tmp/q") || no "insert with the stored hash"
# the three reads of DIR, their outputs into files under OUT, run by bash -c (as PREFIX, in the
# mount namespace the caller made), then checked here
readscript='d=$1; o=$2; shift 2
"$@" smt root --hash poseidon2-gl12 --db "$d" >"$o.root" 2>&1
"$@" smt get --db "$d" --key "0 2 0 2" >"$o.get" 2>&1
"$@" smt open --db "$d" --key "0 2 0 2" >"$o.op" 2>&1
"$@" smt insert --db "$d" --pairs "$o.q" >"$o.ins" 2>&1; echo $? >"$o.insrc"'
check_reads() { # $1: OUT, $2: what
    [ "$(cat "$1.root")" = "$root2" ] || no "$2: root: $(cat "$1.root")"
    [ "$(cat "$1.get")" = "3 3 3 3" ] || no "$2: get: $(cat "$1.get")"
    [ "$("$bin" smt verify --hash $H --root "$root2" --key "0 2 0 2" --value "3 3 3 3" --opening "$1.op")" = accepted ] ||
        no "$2: the opening: $(head -c 300 "$1.op")"
    [ "$(cat "$1.insrc")" = 2 ] || no "$2: insert: exit $(cat "$1.insrc"): $(cat "$1.ins")"
}
bin=$(readlink -f "$bin")
out="$tmp/out"; mkdir "$out"; chmod a+rwx "$out"; cp "$tmp/q" "$out/perm.q"; cp "$tmp/q" "$out/ro.q"
# no write permission (as root, chmod stops nothing: the reads then run as nobody)
chmod -R a-w "$db"
as=()
if [ "$(id -u)" = 0 ]; then
    chmod a+rx "$tmp"
    nob=(setpriv --reuid 65534 --regid 65534 --clear-groups)
    if "${nob[@]}" test -x "$bin" 2>/dev/null; then as=("${nob[@]}"); else
        echo "root, and no setpriv to nobody that reaches $bin: the permission part skipped"; fi
fi
if [ "$(id -u)" != 0 ] || [ ${#as[@]} -gt 0 ]; then
    bash -c "$readscript" - "$db" "$out/perm" "${as[@]}" "$bin"
    check_reads "$out/perm" "no write permission"
fi
chmod -R u+w "$db"
# read-only storage: a read-only bind mount in a private mount namespace (root only)
ro="$tmp/ro"; mkdir "$ro"
mnt="mount --bind '$db' '$ro' && mount -o remount,ro,bind '$ro'"
if [ "$(id -u)" = 0 ] && unshare -m sh -c "$mnt && ! touch '$ro/x' 2>/dev/null" 2>/dev/null; then
    unshare -m bash -c "$mnt && bash -c '$readscript' - '$ro' '$out/ro' '$bin'"
    check_reads "$out/ro" "read-only storage"
else
    echo "no read-only bind mount here (needs root and mount namespaces): the read-only storage part skipped"
fi
# the tree is as it was
[ "$("$bin" smt root --db "$db")" = "$root2" ] || no "root after the read-only runs"
exit $fail
