// The desk board at 1,000 sub-accounts (1,005 accounts with the seeded ones), in one run. The
// sandbox runs in its own process (`sandbox-process.ts`), as the live exchange would, and so does the
// main side (`main-process.ts`): the core with its cache worker threads and the test host standing
// in for Electron's IPC, which is what Electron's main process holds. This process holds only the
// bench: the Playwright client, ccxt, the bare client and their data.
// desk.board.refresh_vs_ccxt: one full refresh (spot balance, collateral balance, open positions and
//   open orders of every account, each on its own key, checked, logged, stored and drawn), asked of
//   the main process over its control channel as the renderer's `board.refresh` would be / the
//   same reads by ccxt, the peer a desk would otherwise script its board with (`board-peers.ts`):
//   medians of 5 rounds, each the bare client, ccxt, then the app, after two unmeasured rounds.
//   The rounds follow one another as a person's refreshes of the board do, within the half minute
//   main waits before it gives memory back (memory-trim.ts). Goal <= 0.6. The note lists every
//   round; the CPU time each client's thread, the app's whole process and the exchange (the sandbox
//   process) used, as wall times on a shared machine say little alone; one refresh after main has
//   given its memory back (`settled`: slower, as that throws compiled code away), against ccxt's
//   median; where main's thread spent one more refresh, profiled apart from the measured ones
//   (`refresh-costs.ts`): garbage collection, signing, answer checks, row decimals, storing, HTTP;
//   and what main's heap allocated in another, by the same parts (what the collector clears).
// desk.board.refresh_vs_bare: the same refresh / a bare client's same signed requests (no check, no
//   storing): a printed reference with no goal, the cost of what the app does with each answer.
// desk.board.http_429: 429 answers the exchange gave during the measured refreshes (goal 0), counted
//   from every attempt the main process's client saw answered.
// desk.board.first_paint_ms: Chromium opens the board and shows every row from the cache.
// desk.board.heap_mb: the renderer's JS heap after a refresh, garbage collected.
// desk.main.rss_mb: resident memory (/proc VmRSS) of the main process with the board live in
//   Chromium: every account's WebSocket live (balances, orders and positions subscribed), once main
//   has given back the memory of opening them (it does so once quiet for 30 s,
//   main/services/memory-trim.ts; the bench waits for `MemoryTrim.settled`); the note gives its RSS as the board's refresh ended and its peak
//   (VmHWM) over the run. TXC_BENCH_CPU_PROF=<dir> has the main process write a CPU profile there.
import { bareClient, ccxtDesk, untilNoncesPassed, type PeerRun } from './board-peers.ts';
import type { Bench, BenchResult } from './harness.ts';
import { DESK_ACCOUNTS, DESK_COUNT, DESK_SUBS, untilAllLive, withDeskStack } from './desk-stack.ts';
import { memoryOf, type Refresh } from './main-process.ts';
import { textOf, until } from './page-wait.ts';
import { costsNote } from './refresh-costs.ts';
import { spawnSandbox } from './sandbox-process.ts';

/** Measured rounds of the refresh against ccxt and the bare client. */
const ROUNDS = 5;
/** Unmeasured rounds of the three before them. */
const WARM_ROUNDS = 2;

const bench: Bench = {
  name: 'desk',
  async run(): Promise<BenchResult[]> {
    // TXC_BENCH_CPU_PROF=<dir>: the main process writes a CPU profile there when it ends.
    const profileDir = process.env.TXC_BENCH_CPU_PROF;
    return withDeskStack(
      () => spawnSandbox(42, DESK_SUBS),
      async ({ sandbox, main, browser }) => {
        const accounts = await main.call('accounts');
        if (accounts !== DESK_ACCOUNTS) throw new Error(`expected ${String(DESK_ACCOUNTS)} accounts`);
        const peer = await ccxtDesk(sandbox.rest, sandbox.accounts);
        // Warm-up, unmeasured: the app's first refresh (every key's first use, the cache filled), then
        // WARM_ROUNDS rounds of the three as measured below, so that each, and the exchange, is
        // measured with its code compiled: a round after only one run of each was still up to twice
        // as slow for all three.
        await main.call('refresh');
        await main.call('settled');
        for (let round = 0; round < WARM_ROUNDS; round++) {
          const warmBare = await bareClient(sandbox.rest, sandbox.accounts);
          await untilNoncesPassed(warmBare.lastNonce);
          await peer.run();
          await main.call('refresh');
        }
        // Rounds of the three, one after another. Medians are compared. Every 429 the exchange answers
        // during the app's refreshes is counted, each attempt.
        let limited = 0;
        const bares: PeerRun[] = [];
        const peers: Array<PeerRun & { exchangeCpuMs: number }> = [];
        const refreshes: Array<Refresh & { exchangeCpuMs: number }> = [];
        /** What `run` answers, and the CPU time the exchange (the sandbox process) spent meanwhile. */
        const exchangeCpu = async <T>(run: () => Promise<T>) => {
          const before = sandbox.cpuMs();
          const value = await run();
          return { value, exchangeCpuMs: sandbox.cpuMs() - before };
        };
        for (let round = 0; round < ROUNDS; round++) {
          const bareRound = await bareClient(sandbox.rest, sandbox.accounts);
          bares.push(bareRound);
          await untilNoncesPassed(bareRound.lastNonce);
          const peerRun = await exchangeCpu(() => peer.run());
          peers.push({ ...peerRun.value, exchangeCpuMs: peerRun.exchangeCpuMs });
          await main.call('startCounting');
          const refresh = await exchangeCpu(() => main.call('refresh'));
          limited += await main.call('stopCounting');
          if (refresh.value.failed > 0)
            throw new Error(`${String(refresh.value.failed)} accounts failed to refresh`);
          refreshes.push({ ...refresh.value, exchangeCpuMs: refresh.exchangeCpuMs });
        }
        await peer.close();
        // One refresh once main has given its memory back, as after the desk has rested.
        await main.call('settled');
        const cold = await main.call('refresh');
        // One more refresh, profiled: where main's thread spends it (not among the measured rounds),
        // and another under the heap sampler: what it allocates.
        const costs = await main.call('profiledRefresh');
        const allocations = await main.call('allocatingRefresh');
        const median = <T>(items: T[], by: (t: T) => number): T =>
          [...items].sort((a, b) => by(a) - by(b))[Math.floor(items.length / 2)] as T;
        const bare = median(bares, (b) => b.ms);
        const ccxt = median(peers, (p) => p.ms);
        const refresh = median(refreshes, (r) => r.ms);
        const cpu = (items: number[]) => median(items, (v) => v).toFixed(0);
        const cpuNote = `CPU per refresh, medians: the app's main thread ${cpu(refreshes.map((r) => r.cpuMs))} ms, its whole process (cache workers too) ${cpu(refreshes.map((r) => r.processCpuMs))} ms, the exchange meanwhile ${cpu(refreshes.map((r) => r.exchangeCpuMs))} ms; ccxt's thread ${cpu(peers.map((p) => p.cpuMs))} ms, the exchange meanwhile ${cpu(peers.map((p) => p.exchangeCpuMs))} ms; the bare client's thread ${cpu(bares.map((b) => b.cpuMs))} ms`;
        const rounds = refreshes
          .map(
            (r, i) =>
              `${String(r.ms)}/${(peers[i]?.ms ?? NaN).toFixed(0)}/${(bares[i]?.ms ?? NaN).toFixed(0)}`,
          )
          .join(', ');

        const round = (v: number, places = 1) => Number(v.toFixed(places));
        const refreshResults: BenchResult[] = [
          {
            name: 'desk.board.refresh_vs_ccxt',
            value: round(refresh.ms / ccxt.ms, 3),
            unit: 'ratio',
            baseline: round(ccxt.ms, 0),
            note: `the app's full refresh (read, checked, logged, stored, drawn): ${String(refresh.requests)} requests over ${String(refresh.accounts)} accounts in ${String(refresh.ms)} ms, against ccxt ${ccxt.ms.toFixed(0)} ms for the same ${String(ccxt.requests)} reads (one whitebit instance per account, 192 in flight; ${String(peers.reduce((n, p) => n + (p.resent ?? 0), 0))} reads sent again after a network error), medians of ${String(ROUNDS)} (goal <= 0.6); rounds (app/ccxt/bare ms): ${rounds}; ${cpuNote}; after main gave its memory back: ${String(cold.ms)} ms (${(cold.ms / ccxt.ms).toFixed(2)}x ccxt), main's thread ${cold.cpuMs.toFixed(0)} ms, its process ${cold.processCpuMs.toFixed(0)} ms; ${costsNote(costs, allocations)}; all warmed up (${String(WARM_ROUNDS)} unmeasured rounds of the three first), rounds one after another; sandbox and main each in their own process`,
          },
          {
            name: 'desk.board.refresh_vs_bare',
            value: round(refresh.ms / bare.ms, 3),
            unit: 'ratio',
            baseline: round(bare.ms, 0),
            note: `reference, no goal: the same refresh against a bare client sending the same ${String(bare.requests)} signed requests (node:crypto, undici, 192 in flight, answers neither checked nor kept) in ${bare.ms.toFixed(0)} ms, median of ${String(ROUNDS)}`,
          },
          {
            name: 'desk.board.http_429',
            value: limited,
            unit: 'answers',
            baseline: 0,
            note: `429 answers the exchange gave during the ${String(ROUNDS)} measured refreshes`,
          },
        ];
        // Said at once: the board's later measures wait on the sockets, which a busy machine can time out.
        for (const r of refreshResults) process.stderr.write(`${r.name} = ${String(r.value)}: ${r.note}\n`);

        // First paint from the cache: the board with every row counted, before its own refresh ends.
        const page = await browser.context.newPage();
        await page.goto(`${main.url}#/settings`);
        await until(page, `${textOf('status-version')}.includes('TXC Desk')`);
        await page.goto('about:blank');
        const paintStart = performance.now();
        await page.goto(`${main.url}#/board`);
        await until(
          page,
          `Boolean(document.querySelector('[data-testid="grid-row"]')) &&
          ${textOf('board-status')}.includes('${DESK_COUNT} accounts') && ${textOf('grid-count')}.includes('${DESK_COUNT} rows')`,
        );
        const firstPaintMs = performance.now() - paintStart;
        await page
          .getByTestId('board-status')
          .filter({ hasNotText: 'refreshing' })
          .waitFor({ timeout: 120_000 });
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('HeapProfiler.collectGarbage');
        await cdp.send('Performance.enable');
        const { metrics } = await cdp.send('Performance.getMetrics');
        await cdp.detach();
        const heapMb = (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN) / 1048576;
        // The main process with the board live in Chromium: as the board's own refresh ends, then with
        // every account's socket live (opened at main's pace, about 64 s for 1,005), once main has been
        // quiet long enough to give the last poll's memory back (memory-trim.ts, 30 s).
        const atRefreshEnd = main.memory();
        const liveStart = performance.now();
        await untilAllLive(page, 240_000);
        const allLiveS = (performance.now() - liveStart) / 1000;
        await main.call('settled');
        const mainMemory = main.memory();
        const sandboxMb = memoryOf(sandbox.pid).rss / 1048576;
        await page.close();
        return [
          ...refreshResults,
          {
            name: 'desk.board.first_paint_ms',
            value: round(firstPaintMs, 0),
            unit: 'ms',
            baseline: 1000,
            note: `Chromium: navigation to the board until ${DESK_COUNT} rows from the cache are counted and drawn (goal < 1000)`,
          },
          {
            name: 'desk.board.heap_mb',
            value: round(heapMb),
            unit: 'MB',
            baseline: 150,
            note: 'renderer JS heap with the board after a full refresh, garbage collected (goal < 150)',
          },
          {
            name: 'desk.main.rss_mb',
            value: round(mainMemory.rss / 1048576),
            unit: 'MB',
            baseline: 400,
            note: `main process RSS (VmRSS) with the board live in Chromium and all ${DESK_COUNT} accounts' sockets live (${allLiveS.toFixed(0)} s after its refresh): core, cache workers, the host standing in for Electron's IPC; ${(atRefreshEnd.rss / 1048576).toFixed(0)} MB as the refresh ended, peak (VmHWM) ${(mainMemory.peak / 1048576).toFixed(0)} MB; sandbox ${sandboxMb.toFixed(0)} MB in its own process (goal < 400)`,
          },
        ];
      },
      profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [],
    );
  },
};

export default bench;
