#!/usr/bin/env bash
# Fuzzes the web API from its own OpenAPI document (generated from its types: crates/web/src/openapi.rs) with
# schemathesis: `nimber serve` on a free loopback port, requests generated from the document's
# schemas (and beyond them), every response checked against it (no 5xx, status codes, content
# types and bodies as documented). The server is stopped at the end.
#
#   crates/web/fuzz/schemathesis.sh [EXAMPLES]     (default 100 examples per operation)
#
# Schemathesis (4.32.5, MIT) goes into a virtual environment under target/ (or $SCHEMATHESIS_VENV),
# never into the Rust build. The server is a release build of nimber (or $NIMBER_BIN, such as the
# binary the tests built). Exit status: schemathesis's (0 when every check passed). Report:
# target/schemathesis/.
#
# Every check runs but positive_data_acceptance (ST202: a request valid by the schema must be
# accepted): what a request may name depends on the server (a game's parameters, features and
# positions are checked by its rules), which no schema can say, so such a request is refused with
# the documented 400 naming what is wrong. Run it by hand with `--checks all` after EXAMPLES.
set -euo pipefail
cd "$(dirname "$0")/../../.."
examples=${1:-100}
venv=${SCHEMATHESIS_VENV:-target/schemathesis-venv}
out=target/schemathesis
mkdir -p "$out"
if [ ! -x "$venv/bin/schemathesis" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q schemathesis==4.32.5
fi
bin=${NIMBER_BIN:-}
if [ -z "$bin" ]; then
    cargo build --release -p nimber
    bin="${CARGO_TARGET_DIR:-target}/release/nimber"
fi
# A small memory bound keeps the solves that requests start small.
"$bin" serve --host 127.0.0.1 --port 0 --memory 512M >"$out/serve.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
url=
for _ in $(seq 100); do
    url=$(sed -nE 's/^nimber: serving the web explorer at (http:[^ ]*[0-9]).*/\1/p' "$out/serve.log")
    [ -n "$url" ] && break
    kill -0 "$server" 2>/dev/null || { cat "$out/serve.log" >&2; exit 2; }
    sleep 0.1
done
[ -n "$url" ] || { echo "schemathesis.sh: the server did not start" >&2; cat "$out/serve.log" >&2; exit 2; }
url=${url%/}
case "$url" in
    http://127.0.0.1:*) ;;
    *) echo "schemathesis.sh: not a loopback address: $url" >&2; exit 2 ;;
esac
echo "schemathesis against $url ($examples examples per operation)"
"$venv/bin/schemathesis" run "$url/api/openapi.json" --url "$url" \
    --checks all --exclude-checks positive_data_acceptance --max-examples "$examples" --workers 1 --request-timeout 30 \
    --report junit --report-dir "$out" --seed 1 "${@:2}"
