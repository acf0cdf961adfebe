/*
 * A reverse proxy in front of the sandbox that counts every upstream call
 * (per agent, method and path), so a benchmark can report how many agent
 * calls one page view cost. Every contender (peers and suite) is pointed at
 * it, so its own small cost is in every figure alike.
 */
const http = require('node:http');

async function startCountingProxy(targetBaseUrl) {
  const target = new URL(targetBaseUrl);
  // watch streams hold a socket each for as long as they run
  const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1024 });
  const calls = [];
  // the suite's background feed (x-gitops-feed: list, watch, poll) is
  // counted apart: it is per agent, not per page view
  const feedCalls = [];
  let held = null;
  const server = http.createServer(async (req, res) => {
    const [pathname, search = ''] = req.url.split(/\?(.*)/s, 2);
    const match = /^\/agents\/([^/]+)(\/.*)?$/.exec(pathname);
    const agentId = match ? match[1] : '-';
    const sub = match ? match[2] ?? '/' : pathname;
    const feed = Boolean(req.headers['x-gitops-feed']);
    if (!sub.startsWith('/_sandbox/')) {
      (feed ? feedCalls : calls).push({ at: Date.now(), agentId, method: req.method, path: sub, query: search });
    }
    // while the feed is held, the suite's state stays cold (its initial load in progress)
    if (feed && held) await held.promise;
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent: keepAlive,
      },
      up => {
        res.writeHead(up.statusCode, up.headers);
        up.pipe(res);
      },
    );
    // a caller that goes away (a stopped backend's watch stream) ends the
    // upstream call too, so no socket stays taken
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.on('error', error => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`counting proxy: ${error.message}`);
    });
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise(resolve => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    /** The agent URL as seen through the proxy. */
    via: agentUrl => agentUrl.replace(targetBaseUrl, url),
    /** Number of calls so far (optionally only those matching a predicate). */
    count: (predicate = () => true) => calls.filter(predicate).length,
    /** Calls recorded since a given count. */
    callsSince: mark => calls.slice(mark),
    mark: () => calls.length,
    /** Background feed calls of the suite (not per page view). */
    feedCalls: () => feedCalls,
    /** Holds the suite's feed calls (its state stays cold) until releaseFeed(). */
    holdFeed: () => {
      if (held) return;
      let release;
      const promise = new Promise(resolve => (release = resolve));
      held = { promise, release };
    },
    releaseFeed: () => {
      held?.release();
      held = null;
    },
    close: () =>
      new Promise(resolve => {
        held?.release();
        keepAlive.destroy();
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

module.exports = { startCountingProxy };
