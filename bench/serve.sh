#!/usr/bin/env bash
# serve against pact stub and a static server, in one run on the same cores: wrk (a real load
# generator) drives `dogpatch-contracts serve` on the repository's suite, `pact stub`
# (pact-stub-server, from pact-python-cli in the virtual environment under .build/) on the pact
# `export pact` writes for the same suite, and nginx (where installed: apt-get install nginx)
# serving the very bytes serve answers as a file, one worker, no access log: the limit of this
# machine for that answer. The same request (GET /api/v1/dogs, the "page of three dogs" case), the
# same threads, connections and duration. Prints requests per second, p99 latency and the ratios,
# and serve's time from launch to its first answer, then `met` or `MISSED` for each of its targets
# (docs/performance.md). A line as each step starts and ends goes to stderr (`bench: ...`).
# Then the same on a suite of 5,000 contracts (countries.byName, one name each): launch to first
# answer, wrk on one of them, and the time of one request no contract matches (the nearest-contract
# search, once quadratic: ~11 s here).
# Options: --duration SECONDS (default 5), --connections N (default 32), --threads N (default 1).
set -euo pipefail
cd "$(dirname "$0")/.."
export PACT_DO_NOT_TRACK=true

duration=5
connections=32
threads=1
while [ $# -gt 0 ]; do
    case "$1" in
        --duration) duration="$2"; shift 2 ;;
        --connections) connections="$2"; shift 2 ;;
        --threads) threads="$2"; shift 2 ;;
        *) echo "bench/serve.sh: unknown option $1" >&2; exit 2 ;;
    esac
done

if ! command -v wrk > /dev/null; then
    echo "serve vs pact stub: skipped, wrk is not installed (Debian/Ubuntu: apt-get install wrk; macOS: brew install wrk)"
    exit 0
fi
tool=.build/release/dogpatch-contracts
work="$(mktemp -d)"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2> /dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

now() { date +%s%N; }
# started NAME / ended NAME: the progress lines around a step.
started() { echo "bench: $1 ..." >&2; step_start=$(now); }
ended() { echo "bench: $1 done in $(awk -v n=$(( $(now) - step_start )) 'BEGIN { printf "%.1f", n / 1e9 }') s" >&2; }
# verdict MET TEXT: one target's line, as dogpatch-bench writes them.
verdict() { if [ "$1" = 1 ]; then echo "met    $2"; else echo "MISSED $2"; fi; }

started "release build of dogpatch-contracts"
swift build -c release --product dogpatch-contracts > "$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
ended "release build of dogpatch-contracts"

# serve: launch, read the port from its first line, time the first answer.
mkfifo "$work/serve.out"
start=$(now)
"$tool" serve > "$work/serve.out" 2> /dev/null &
pids+=($!)
read -r first < "$work/serve.out"
exec 3< "$work/serve.out" # keep the pipe open so serve's later lines never block it
port="${first##*:}"
until curl -fsS -o /dev/null "http://127.0.0.1:$port/api/v1/dogs"; do :; done
first_answer_ms=$(( ($(now) - start) / 1000000 ))

# pact stub on the exported pact, the same case chosen by its provider state.
pact_row=""
venv=.build/venv
if [ ! -x "$venv/bin/pact" ]; then
    started "installing pact-python-cli into $venv"
    { [ -x "$venv/bin/pip" ] || python3 -m venv "$venv"; } > /dev/null 2>&1 || true
    "$venv/bin/pip" install --quiet --disable-pip-version-check pact-python-cli > /dev/null 2>&1 || true
    ended "installing pact-python-cli into $venv"
fi
if [ -x "$venv/bin/pact" ]; then
    "$tool" export pact --out "$work/pacts" > /dev/null 2>&1
    stub_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    "$venv/bin/pact" stub -f "$work/pacts/dogpatch-app-dogpatch.json" -p "$stub_port" \
        -s "three dogs are for sale" -l none > /dev/null 2>&1 &
    pids+=($!)
    deadline=$(( $(now) + 20000000000 ))
    until curl -fsS -o /dev/null "http://127.0.0.1:$stub_port/api/v1/dogs" 2> /dev/null; do
        [ "$(now)" -lt "$deadline" ] || { echo "serve vs pact stub: pact stub did not start" >&2; exit 1; }
    done
    pact_row=yes
else
    echo "pact stub: skipped, pact-python-cli cannot be installed into $venv"
fi

# nginx on the same bytes: serve's answer to the request saved as a file, one worker process.
static_row=""
if command -v nginx > /dev/null; then
    mkdir -p "$work/static/api/v1" "$work/nginx"
    curl -fsS "http://127.0.0.1:$port/api/v1/dogs" > "$work/static/api/v1/dogs"
    # Workers run as another user when started as root: they must read the file.
    chmod a+x "$work" && chmod -R a+rX "$work/static"
    static_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    cat > "$work/nginx/nginx.conf" << EOF
worker_processes 1;
daemon off;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path $work/nginx/body;
    proxy_temp_path $work/nginx/proxy;
    fastcgi_temp_path $work/nginx/fastcgi;
    uwsgi_temp_path $work/nginx/uwsgi;
    scgi_temp_path $work/nginx/scgi;
    keepalive_requests 10000000;
    server {
        listen 127.0.0.1:$static_port;
        root $work/static;
        default_type application/json;
    }
}
EOF
    nginx -c "$work/nginx/nginx.conf" -p "$work/nginx" > /dev/null 2>&1 &
    pids+=($!)
    deadline=$(( $(now) + 10000000000 ))
    until curl -fsS -o /dev/null "http://127.0.0.1:$static_port/api/v1/dogs" 2> /dev/null; do
        [ "$(now)" -lt "$deadline" ] || { echo "serve vs static: nginx did not start" >&2; break; }
    done
    curl -fsS -o /dev/null "http://127.0.0.1:$static_port/api/v1/dogs" 2> /dev/null && static_row=yes
else
    echo "static server: skipped, nginx is not installed (Debian/Ubuntu: apt-get install nginx)"
fi

# measure NAME URL: one wrk run; prints "requests/s p99-ms".
measure() {
    wrk -t"$threads" -c"$connections" -d"${duration}s" --latency "$2" > "$work/$1.wrk"
    rps=$(awk '/^Requests\/sec:/ { print $2 }' "$work/$1.wrk")
    p99=$(awk '$1 == "99%" { v = $2; if (v ~ /us$/) { sub(/us$/, "", v); v = v / 1000 } else if (v ~ /ms$/) { sub(/ms$/, "", v) } else if (v ~ /s$/) { sub(/s$/, "", v); v = v * 1000 }; print v }' "$work/$1.wrk")
    errors=$(awk '/Non-2xx|Socket errors/ { print }' "$work/$1.wrk")
    [ -z "$errors" ] || echo "$1: $errors" >&2
    echo "$rps $p99"
}

cores=$(getconf _NPROCESSORS_ONLN)
echo "serve vs pact stub and a static server: wrk -t$threads -c$connections -d${duration}s, GET /api/v1/dogs (page of three dogs), $cores cores"
started "wrk on dogpatch-contracts serve for ${duration} s"
read -r serve_rps serve_p99 < <(measure serve "http://127.0.0.1:$port/api/v1/dogs")
ended "wrk on dogpatch-contracts serve for ${duration} s"
printf '  %-34s %12s req/s   p99 %8s ms\n' "dogpatch-contracts serve" "$serve_rps" "$serve_p99"
if [ -n "$pact_row" ]; then
    started "wrk on pact stub for ${duration} s"
    read -r pact_rps pact_p99 < <(measure pact "http://127.0.0.1:$stub_port/api/v1/dogs")
    ended "wrk on pact stub for ${duration} s"
    printf '  %-34s %12s req/s   p99 %8s ms\n' "pact stub (pact-stub-server)" "$pact_rps" "$pact_p99"
    awk -v a="$serve_rps" -v b="$pact_rps" 'BEGIN { printf "  serve / pact stub throughput: %.2fx\n", a / b }'
fi
if [ -n "$static_row" ]; then
    started "wrk on nginx (static) for ${duration} s"
    read -r static_rps static_p99 < <(measure static "http://127.0.0.1:$static_port/api/v1/dogs")
    ended "wrk on nginx (static) for ${duration} s"
    printf '  %-34s %12s req/s   p99 %8s ms\n' "nginx, the same bytes as a file" "$static_rps" "$static_p99"
    awk -v a="$serve_rps" -v b="$static_rps" 'BEGIN { printf "  serve / static server throughput: %.2fx\n", a / b }'
fi
echo "  serve, launch to first answer: ${first_answer_ms} ms"

# The targets of docs/performance.md. `awk` compares, as the figures are decimals.
if [ -n "$pact_row" ]; then
    verdict "$(awk -v a="$serve_rps" -v b="$pact_rps" 'BEGIN { print (a >= b) ? 1 : 0 }')" \
        "$(awk -v a="$serve_rps" -v b="$pact_rps" 'BEGIN { printf "serve at least 1x pact stub'"'"'s requests/s (%.2fx)", a / b }')"
else
    echo "not measured: serve at least 1x pact stub's requests/s (pact stub skipped)"
fi
if [ -n "$static_row" ]; then
    verdict "$(awk -v a="$serve_rps" -v b="$static_rps" 'BEGIN { print (a >= 0.6 * b) ? 1 : 0 }')" \
        "$(awk -v a="$serve_rps" -v b="$static_rps" 'BEGIN { printf "serve at least 0.6x the static server'"'"'s requests/s (%.2fx)", a / b }')"
else
    echo "not measured: serve at least 0.6x the static server's requests/s (nginx skipped)"
fi
verdict "$(awk -v p="$serve_p99" 'BEGIN { print (p != "" && p < 5) ? 1 : 0 }')" "serve p99 under 5 ms on loopback (${serve_p99} ms)"
verdict "$([ "$first_answer_ms" -lt 500 ] && echo 1 || echo 0)" "serve launch to first answer under 0.5 s (${first_answer_ms} ms)"

# 5,000 contracts: a suite written for the run, served from its own folder.
started "serve on 5,000 contracts"
big="$work/big"
mkdir -p "$big/contracts"
for index in $(seq 1 5000); do
    printf '{"endpoint": "countries.byName", "arguments": {"name": "country-%d"}, "cases": [{"name": "one", "response": {"body": "[]"}, "expect": {"decodes": true, "count": 0}}]}\n' \
        "$index" > "$big/contracts/c$index.json"
done
mkfifo "$work/big.out"
start=$(now)
(cd "$big" && exec "$OLDPWD/$tool" serve > "$work/big.out" 2> /dev/null) &
pids+=($!)
read -r first < "$work/big.out"
exec 4< "$work/big.out"
big_port="${first##*:}"
until curl -fsS -o /dev/null "http://127.0.0.1:$big_port/v3.1/name/country-2500"; do :; done
big_first_ms=$(( ($(now) - start) / 1000000 ))
unmatched_ms=$(curl -s -o /dev/null -w '%{time_total}' "http://127.0.0.1:$big_port/v3.1/name/nowhere-at-all" \
    | awk '{ printf "%.1f", $1 * 1000 }')
read -r big_rps big_p99 < <(measure big "http://127.0.0.1:$big_port/v3.1/name/country-2500")
ended "serve on 5,000 contracts"
echo "serve on 5,000 contracts: launch to first answer ${big_first_ms} ms; one unmatched request ${unmatched_ms} ms"
printf '  %-34s %12s req/s   p99 %8s ms\n' "serve, 5,000 contracts" "$big_rps" "$big_p99"
verdict "$(awk -v p="$unmatched_ms" 'BEGIN { print (p < 100) ? 1 : 0 }')" \
    "an unmatched request against 5,000 contracts under 100 ms (${unmatched_ms} ms)"
