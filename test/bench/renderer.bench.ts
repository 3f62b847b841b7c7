// renderer.interactive_ms, renderer.grid.frame_p95_ms, renderer.heap_mb: measured in Chromium.
import { measureRenderer } from '../e2e/components/renderer-metrics.ts';
import type { Bench } from './harness.ts';

const bench: Bench = { name: 'renderer', run: () => measureRenderer() };

export default bench;
