#!/usr/bin/env bash
# Run a vitest project (or the whole suite) again and again beside a CPU load, with core dumps on,
# until a test process dies of a signal; then print every thread's backtrace from its core file.
#
#   bash scripts/crash-hunt.sh [rounds] [vitest args...]
#   bash scripts/crash-hunt.sh 40 --project integration
#
# LOAD=n busy processes beside it (default: one per core). The keychain tests need a Secret Service:
# like .ci/run, each round runs inside a D-Bus session with an unlocked gnome-keyring and a fresh HOME.
# Needs gdb (Debian's package) and /proc/sys/kernel/core_pattern = core (the file lands in the
# crashing process's working directory, the repository here).
set -uo pipefail
# Node 24 from the npm registry, as .ci/run installs it, first on PATH.
NODE_BIN="${TXC_NODE_CACHE:-$HOME/.cache/txc-node}/node_modules/node/bin"
[ -x "$NODE_BIN/node" ] && export PATH="$NODE_BIN:$PATH"
cd "$(dirname "$0")/.."
# shellcheck source=lib/cores.sh
. scripts/lib/cores.sh
rounds="${1:-20}"
shift || true
[ "$#" -gt 0 ] || set -- --project integration
out="${OUT:-test-results/crash-hunt}"
mkdir -p "$out"
ulimit -c unlimited
load="${LOAD:-$(nproc)}"
pids=()
for _ in $(seq 1 "$load"); do
  node -e 'let x = 0; for (;;) x = (x * 1103515245 + 12345) % 2147483648' &
  pids+=("$!")
done
trap 'kill "${pids[@]}" 2>/dev/null' EXIT
echo "core_pattern: $(cat /proc/sys/kernel/core_pattern); load: $load busy processes; rounds: $rounds; vitest $*"
for round in $(seq 1 "$rounds"); do
  home="$(mktemp -d)"
  start=$(date +%s)
  HOME="$home" dbus-run-session -- sh -c \
    'echo -n pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec npx vitest run "$@"' \
    vitest "$@" >"$out/round-$round.log" 2>&1
  status=$?
  rm -rf "$home"
  summary=$(sed "s/\x1b\[[0-9;]*m//g" "$out/round-$round.log" | grep -E '^ +(Test Files|Tests) ' | tr -s ' ' | tr '\n' ';')
  signal=$(grep -E 'signal SIG|Segmentation|Aborted|core dumped' "$out/round-$round.log" | head -3)
  echo "round $round: exit $status in $(( $(date +%s) - start )) s; $summary ${signal:+CRASH: $signal}"
  keep_cores . "$out/round-$round" || true
  if [ -n "$signal" ] && [ "${KEEP_GOING:-0}" != 1 ]; then exit 1; fi
done
