#!/usr/bin/env bash
# The whole CI, as CI runs it, on clean clones of a commit, again and again beside a CPU load:
# the way a test that passes "most of the time" shows itself.
#
#   bash scripts/ci-under-load.sh [runs] [commit]      (defaults: 3 runs of HEAD)
#
# LOAD=n busy processes beside each run (default: one per core; 0 when other work is the load). Each
# clone sits beside this repository (ci-run-N, or CLONES-N), so the exchange's files in ../shared are
# where the tests look for them. Core dumps are on: a process that dies of a signal leaves its core and every thread's backtrace in $OUT
# (default /tmp/txc-ci-under-load) with the run's log, exit status and duration; a run that fails is
# kept for reading.
set -uo pipefail
# Node 24 from the npm registry, as .ci/run installs it, first on PATH.
NODE_BIN="${TXC_NODE_CACHE:-$HOME/.cache/txc-node}/node_modules/node/bin"
[ -x "$NODE_BIN/node" ] && export PATH="$NODE_BIN:$PATH"
repo="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-3}"
commit="$(git -C "$repo" rev-parse "${2:-HEAD}")"
out="${OUT:-/tmp/txc-ci-under-load}"
load="${LOAD:-$(nproc)}"
# CLONES names the clones (CLONES-N beside this repository), so instances can run side by side.
clones="${CLONES:-ci-run}"
mkdir -p "$out"
# shellcheck source=lib/cores.sh
. "$repo/scripts/lib/cores.sh"
ulimit -c unlimited
pids=()
for _ in $(seq 1 "$load"); do
  node -e 'let x = 0; for (;;) x = (x * 1103515245 + 12345) % 2147483648' &
  pids+=("$!")
done
trap 'kill "${pids[@]}" 2>/dev/null' EXIT
echo "commit $commit; $runs runs; load: $load busy processes"
failed=0
for run in $(seq 1 "$runs"); do
  dir="$(dirname "$repo")/$clones-$run"
  rm -rf "$dir"
  git clone --quiet "$repo" "$dir" && git -C "$dir" checkout --quiet "$commit"
  start=$(date +%s)
  (cd "$dir" && CI=true bash .ci/run) >"$out/run-$run.log" 2>&1
  status=$?
  took=$(( $(date +%s) - start ))
  counts=$(grep -E "^tests: " "$out/run-$run.log" | tail -1)
  signal=$(grep -E 'signal SIG|Segmentation fault|Aborted|core dumped' "$out/run-$run.log" | head -3)
  echo "run $run: exit $status in $((took / 60)) min $((took % 60)) s; $counts${signal:+; CRASH: $signal}"
  keep_cores "$dir" "$out/run-$run" && status=1
  if [ "$status" -eq 0 ]; then rm -rf "$dir"; else failed=$((failed + 1)); fi
done
exit "$failed"
