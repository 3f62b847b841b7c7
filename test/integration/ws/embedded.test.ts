import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startSandbox } from '../../../main/sandbox/index.ts';

describe('the sandbox serves its WebSocket by default', () => {
  it('answers ping on /ws of the same port, and closes with its connections open', async () => {
    const sandbox = await startSandbox({ port: 0, seed: 42 });
    const socket = new WebSocket(sandbox.ws);
    const answer = await new Promise<unknown>((resolve, reject) => {
      socket.on('open', () => socket.send(JSON.stringify({ id: 1, method: 'ping', params: [] })));
      socket.on('message', (data) => resolve(JSON.parse(String(data))));
      socket.on('error', reject);
    });
    expect(answer).toEqual({ id: 1, result: 'pong', error: null });
    expect(sandbox.websocket?.connections).toBe(1);
    const closed = new Promise((resolve) => socket.on('close', resolve));
    await sandbox.close();
    await closed;
  });
});
