import http from 'node:http';
import { AddressInfo } from 'node:net';

/**
 * One request an agent received, as the recording tap saw it.
 * @public
 */
export interface TappedRequest {
  method: string;
  url: string;
  /** The Authorization header the agent received. */
  authorization?: string;
  headers: http.IncomingHttpHeaders;
  /** When it arrived (epoch ms). */
  at: number;
}

/**
 * A recording reverse proxy in front of sandbox agents.
 * @public
 */
export interface AgentTap {
  url: string;
  /** The requests made for a caller, in order. */
  seen: TappedRequest[];
  /**
   * The requests of the fleet state's background feed (lists, watch
   * streams, resyncs; marked `x-gitops-feed`), whatever callers do.
   */
  feed: TappedRequest[];
  /** Sends what follows to another sandbox (the backend keeps the tap's URL). */
  retarget(url: string): void;
  close(): Promise<void>;
}

// Hop-by-hop headers (RFC 9110 section 7.6.1) describe one connection, not
// the message: a proxy drops them, and those its Connection header names.
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];

function endToEnd(headers: http.IncomingHttpHeaders): http.IncomingHttpHeaders {
  const named = String(headers.connection ?? '')
    .split(',')
    .map(token => token.trim().toLowerCase());
  return Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) => !HOP_BY_HOP.includes(name) && !named.includes(name),
    ),
  );
}

/**
 * Starts a recording reverse proxy in front of `target` (a sandbox's base
 * URL), so a test can tell whether and how a request reached an agent. An
 * agent that stops cuts its open streams: so does the tap.
 * @public
 */
export async function startAgentTap(target: string): Promise<AgentTap> {
  const seen: TappedRequest[] = [];
  const feed: TappedRequest[] = [];
  let upstream = new URL(target);
  const server = http.createServer((req, res) => {
    (req.headers['x-gitops-feed'] ? feed : seen).push({
      method: req.method ?? 'GET',
      url: req.url ?? '',
      authorization: req.headers.authorization,
      headers: req.headers,
      at: Date.now(),
    });
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: endToEnd(req.headers),
      },
      answer => {
        // the tap's own keep-alive, not the agent's: a caller told the
        // agent's would reuse a connection the tap had already closed
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(res);
        answer.on('close', () => {
          if (!answer.complete) res.destroy();
        });
      },
    );
    forward.on('error', () => res.destroy());
    // a caller that goes away ends the agent's answer too, as a proxy
    // does: a cancelled stream (logs, a watch) is not kept open behind it
    res.on('close', () => {
      if (!res.writableFinished) forward.destroy();
    });
    req.pipe(forward);
  });
  // idle connections live as long as the sandbox's own
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    feed,
    retarget(url) {
      upstream = new URL(url);
    },
    close: () =>
      new Promise<void>(resolve => {
        server.close(() => resolve());
        // kept-alive connections and open watch streams end here
        server.closeAllConnections();
      }),
  };
}
