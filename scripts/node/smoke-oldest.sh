#!/usr/bin/env bash
# Smoke run on the oldest Node that package.json `engines` allows (`^22.14.0 || >=24` → 22.14.0): `npm start`
# brings the shop up (backend seeded, worker on $PORT), the home and a product page answer 200 with
# their Polish headings, then one guest checkout runs end to end in Chromium. Uses the node_modules
# installed for Node 24: our native modules load N-API prebuilt binaries, which serve both.
# Run by `npm test` in CI (step node-oldest), or by hand: `bash scripts/node/smoke-oldest.sh`.
set -euo pipefail
cd "$(dirname "$0")/../.."
oldest="$(npx tsx scripts/node/check-node.ts --oldest)"
NODE_WANT="$oldest" source scripts/node/use-node.sh
[ "$(node -p process.versions.node)" = "$oldest" ] || { echo "smoke: could not get Node $oldest" >&2; exit 1; }

port="${SMOKE_PORT:-$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')}"
log="$(mktemp -d)/start.log"
PORT="$port" setsid npm start >"$log" 2>&1 &
pid=$!
stop() { kill -TERM -- "-$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; }
trap stop EXIT

for _ in $(seq 1 600); do
  grep -q 'The shop is running' "$log" && break
  if ! kill -0 "$pid" 2>/dev/null; then echo "smoke: npm start exited on Node $oldest:" >&2; tail -30 "$log" >&2; exit 1; fi
  sleep 1
done
grep -q 'The shop is running' "$log" || { echo "smoke: npm start not ready after 600 s" >&2; tail -30 "$log" >&2; exit 1; }

fetch() { # url, text the page must contain
  local body
  body="$(curl -fsS --max-time 20 "http://127.0.0.1:$port$1")" || { echo "smoke: GET $1 failed" >&2; exit 1; }
  grep -qF "$2" <<<"$body" || { echo "smoke: GET $1 lacks '$2'" >&2; exit 1; }
  echo "smoke: GET $1 → 200, contains '$2'"
}
fetch / '<h1'
fetch /p/1/szelki-typu-guard-classic 'Szelki typu guard Classic'
stop
trap - EXIT

npx vitest run --project e2e e2e/checkout.test.ts -t 'a guest checks out to an InPost locker'
echo "smoke: Node $oldest: npm start, home, product page and a guest checkout passed"
