// What the board live costs main: 1,005 accounts' WebSockets open at once, in one run. The bench
// measures in a process of its own (`inOwnProcess`), and the sandbox runs in another
// (`sandbox-process.ts`), so the process measured holds only what main holds (the core and its cache
// workers) and this bench: none of the memory the benches run before it left.
// sockets.main.rss_mb: main's resident memory with every account's socket live (balanceSpot,
//   balanceMargin, ordersPending and positionsMargin subscribed on each), against the same core a
//   moment before with the board read once and no socket open (the baseline), both after a full
//   garbage collection. Goal < 400 MB.
// sockets.per_socket_kb: (RSS with the sockets - baseline) / 1,005.
// sockets.all_live_s: from following the board until every socket is live, against the floor the
//   pace sets: main opens a connection every 60 s / 950 (under the exchange's 1,000 a minute), so the
//   1,005th opens 1,004 x 60 / 950 s = 63.4 s after the first.
// sockets.refused: connections the sandbox refused (HTTP 429 on the upgrade) while they opened (goal 0).
// sockets.released_rss_mb: RSS once the board is left and its sockets closed.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Reply } from '../../main/ipc/contract.ts';
import { createTestCore } from '../support/core.ts';
import { answerFromOwnProcess, inOwnProcess, type Bench, type BenchResult } from './harness.ts';
import { spawnSandbox } from './sandbox-process.ts';

const SUBS = 1000;
const ACCOUNTS = SUBS + 5;
/** When the last socket may open at main's pace (one every 60 s / 950). */
const FLOOR_S = ((ACCOUNTS - 1) * 60) / 950;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** RSS after a full garbage collection, in MB. */
async function settledRssMb(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return process.memoryUsage().rss / 1048576;
}

async function measure(): Promise<BenchResult[]> {
  const sandbox = await spawnSandbox(42, SUBS);
  const core = await createTestCore({
    connection: { kind: 'live', restUrl: sandbox.rest, wsUrl: sandbox.ws },
  }).catch(async (error: unknown) => {
    await sandbox.stop();
    throw error;
  });
  const call = async <T>(procedure: string): Promise<T> => {
    const reply = (await core.router.dispatch(procedure, undefined, {
      origin: 'bench',
      frame: 'bench-board',
    })) as Reply<T>;
    if (!reply.ok) throw new Error(reply.error.message);
    return reply.value;
  };
  try {
    await core.accounts.registerDemoAccounts(sandbox.accounts);
    if (core.accounts.registry.list().length !== ACCOUNTS)
      throw new Error(`expected ${String(ACCOUNTS)} accounts`);
    // The board read once: every key used, the cache filled, as before a person opens the board.
    await call('board.refresh');
    const baselineMb = await settledRssMb();

    const ids = core.accounts.registry.list().map((a) => a.id);
    const allLive = new Promise<void>((resolve) => {
      const live = new Set(ids.filter((id) => core.live.state(id) === 'live'));
      const stop = core.live.onState((account, state) => {
        if (state === 'live') live.add(account);
        else live.delete(account);
        if (live.size === ACCOUNTS) {
          stop();
          resolve();
        }
      });
    });
    const start = performance.now();
    await call('board.follow');
    await allLive;
    const allLiveS = (performance.now() - start) / 1000;
    const liveMb = await settledRssMb();
    const refused = core.logged.filter((l) => /WebSocket of .*429/.test(l)).length;

    // A socket with a request still out (a ping, its unsubscribe) closes once it is answered: each
    // says `stopped` as it closes, and the last one leaves none open.
    const allClosed = new Promise<void>((resolve, reject) => {
      const deadline = setTimeout(() => {
        stop();
        reject(new Error(`${String(core.live.sockets)} sockets still open 10 s after the board was left`));
      }, 10_000);
      const stop = core.live.onState((_account, state) => {
        if (state !== 'stopped') return;
        // The pool forgets a socket once it has said so.
        queueMicrotask(() => {
          if (core.live.sockets > 0) return;
          stop();
          clearTimeout(deadline);
          resolve();
        });
      });
    });
    await call('board.unfollow');
    await allClosed;
    const releasedMb = await settledRssMb();

    const round = (v: number, places = 1) => Number(v.toFixed(places));
    return [
      {
        name: 'sockets.main.rss_mb',
        value: round(liveMb),
        unit: 'MB',
        baseline: round(baselineMb),
        note: `${String(ACCOUNTS)} sockets live, 4 channels each, ${(liveMb / baselineMb).toFixed(2)}x the same core without sockets (goal < 400 MB); measured in a process of its own, the sandbox in another`,
      },
      {
        name: 'sockets.per_socket_kb',
        value: round(((liveMb - baselineMb) * 1024) / ACCOUNTS),
        unit: 'KB',
        baseline: null,
        note: '(RSS with the sockets live - baseline) / 1,005, after a full garbage collection',
      },
      {
        name: 'sockets.all_live_s',
        value: round(allLiveS),
        unit: 's',
        baseline: round(FLOOR_S),
        note: `following the board until all ${String(ACCOUNTS)} sockets are live, ${(allLiveS / FLOOR_S).toFixed(2)}x the floor: one new connection every 60 s / 950 (under the exchange's 1,000 a minute) opens the last ${FLOOR_S.toFixed(1)} s after the first`,
      },
      {
        name: 'sockets.refused',
        value: refused,
        unit: 'connections',
        baseline: 0,
        note: 'connections the exchange refused (HTTP 429) while they opened',
      },
      {
        name: 'sockets.released_rss_mb',
        value: round(releasedMb),
        unit: 'MB',
        baseline: round(liveMb),
        note: 'RSS once the board is left: every socket closed (against the RSS while they were live)',
      },
    ];
  } finally {
    await core.close();
    await sandbox.stop();
  }
}

const bench: Bench = {
  name: 'sockets',
  run: () => inOwnProcess(import.meta.filename, ['--expose-gc']),
};

if (import.meta.main) answerFromOwnProcess(measure);

export default bench;
