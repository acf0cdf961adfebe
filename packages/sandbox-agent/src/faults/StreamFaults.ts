import type { ServerResponse } from 'node:http';

/** What can go wrong with the watch streams open right now. */
export type StreamFaultAction = 'cut' | 'stall' | 'malformed' | 'error';

export const STREAM_FAULT_ACTIONS: StreamFaultAction[] = ['cut', 'stall', 'malformed', 'error'];

/**
 * Faults of an agent's open watch streams (the request faults of
 * {@link FaultInjector} only reach a stream's opening): `cut` breaks every
 * open stream's connection, `stall` keeps them open but sends nothing more
 * on them (a hung proxy; streams opened later are healthy), `malformed`
 * sends a line on each that is not JSON, `error` ends each with an error
 * line (grpc-gateway's stream error, as a server ends a watch it gives up:
 * Unavailable, 503).
 */
export class StreamFaults {
  private readonly open = new Map<ServerResponse, { sse: boolean }>();
  private readonly stalled = new WeakSet<ServerResponse>();

  register(res: ServerResponse, sse: boolean) {
    this.open.set(res, { sse });
    res.once('close', () => this.open.delete(res));
  }

  isStalled(res: ServerResponse): boolean {
    return this.stalled.has(res);
  }

  /** Applies a fault to every open stream; how many it reached. */
  apply(action: StreamFaultAction): number {
    const streams = [...this.open].filter(([res]) => !res.destroyed && !res.writableEnded);
    for (const [res, { sse }] of streams) {
      if (action === 'cut') res.socket?.destroy();
      else if (action === 'stall') this.stalled.add(res);
      else if (action === 'error') {
        const line = JSON.stringify({
          error: {
            grpc_code: 14,
            http_code: 503,
            http_status: 'Service Unavailable',
            message: 'watch ended by the server: the agent is restarting',
          },
        });
        res.end(sse ? `data: ${line}\n\n` : `${line}\n`);
      } else {
        const line = '{"result":{"type":"MODIFIED","application":{"metadata":';
        res.write(sse ? `data: ${line}\n\n` : `${line}\n`);
      }
    }
    return streams.length;
  }
}
