import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StreamFaults } from '../faults/StreamFaults';

/** A long-lived answer: NDJSON lines, or Server-Sent Events when asked for. */
export interface EventStream {
  send(json: string): void;
  onClose(fn: () => void): void;
}

export function openStream(
  req: IncomingMessage,
  res: ServerResponse,
  registry: Set<ServerResponse>,
  faults?: StreamFaults,
): EventStream {
  const sse = (req.headers.accept ?? '').includes('text/event-stream');
  res.writeHead(200, {
    'content-type': sse ? 'text/event-stream' : 'application/json',
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
  });
  res.flushHeaders();
  registry.add(res);
  faults?.register(res, sse);
  const closers: Array<() => void> = [];
  const close = () => {
    registry.delete(res);
    for (const fn of closers.splice(0)) fn();
  };
  req.on('close', close);
  res.on('close', close);
  return {
    send(json: string) {
      if (res.writableEnded || res.destroyed || faults?.isStalled(res)) return;
      res.write(sse ? `data: ${json}\n\n` : `${json}\n`);
    },
    onClose(fn) {
      closers.push(fn);
    },
  };
}
