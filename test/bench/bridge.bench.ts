// bridge.roundtrip_us: p50 of one call through bridge -> router (schema check) -> handler, with the
// in-process transport (structured clone both ways, as IPC does). Baseline: the handler called raw.
import { inProcessTransport } from '../../main/ipc/in-process-transport.ts';
import { appInfo } from '../../main/features/app/info.ts';
import { createBridge } from '../../preload/bridge.ts';
import { createTestCore } from '../support/core.ts';
import { percentile, ratio, sampleMicros, type Bench } from './harness.ts';

const SAMPLES = 20_000;

const bench: Bench = {
  name: 'bridge',
  async run() {
    const core = await createTestCore();
    const txc = createBridge(inProcessTransport(core.router, core.events));
    const env = { name: 'TXC Desk', version: '0.0.0-test', dataDir: '/tmp', runtime: 'node' as const };
    const raw = await sampleMicros(() => appInfo(env), SAMPLES);
    const bridged = await sampleMicros(async () => {
      const reply = await txc.app.info();
      if (!reply.ok) throw new Error(reply.error.message);
    }, SAMPLES);
    await core.close();
    const p50 = percentile(bridged, 50);
    const base = percentile(raw, 50);
    return [
      {
        name: 'bridge.roundtrip_us',
        value: Number(p50.toFixed(2)),
        unit: 'us',
        baseline: Number(base.toFixed(2)),
        note: `p50 of ${SAMPLES} app.info calls (p99 ${percentile(bridged, 99).toFixed(1)} us); baseline: handler called directly; ${ratio(p50, base)}`,
      },
    ];
  },
};

export default bench;
