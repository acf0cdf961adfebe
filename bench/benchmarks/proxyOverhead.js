/*
 * Proxy overhead: latency added by GET /api/gitops/proxy/<agent>/<path> over
 * the same call made directly to the agent, at a fixed open-loop rate
 * (200 requests/s to each, interleaved). One agent is set to no injected
 * latency for this benchmark so its jitter does not hide the proxy's cost.
 * Both paths go through the counting proxy, so it cancels out.
 */
const http = require('node:http');
const { startSuiteBackend } = require('../lib/backends');
const { setFaults } = require('../lib/sandbox');
const { summarize, since } = require('../lib/stats');
const { freePort, sleep } = require('../lib/ports');

const PATH = '/api/v1/applications/svc-0001-dev';

function openLoop({ targets, rps, seconds }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const samples = targets.map(() => []);
  const failures = targets.map(() => 0);
  const interval = 1000 / rps;
  const t0 = Date.now();
  const pending = [];
  const fire = (target, i) =>
    new Promise(resolve => {
      const start = process.hrtime.bigint();
      const req = http.get(target.url, { agent, headers: target.headers }, res => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) samples[i].push(since(start));
          else failures[i]++;
          resolve();
        });
      });
      req.on('error', () => {
        failures[i]++;
        resolve();
      });
    });
  return (async () => {
    for (let k = 0; Date.now() - t0 < seconds * 1000; k++) {
      const due = t0 + k * interval;
      const wait = due - Date.now();
      if (wait > 0) await sleep(wait);
      // alternate which target goes first, so neither always waits behind the other
      const order = k % 2 ? [...targets.keys()].reverse() : [...targets.keys()];
      for (const i of order) pending.push(fire(targets[i], i));
    }
    await Promise.all(pending);
    agent.destroy();
    return { samples, failures };
  })();
}

async function run({ sandbox, proxy, smoke, log }) {
  const raw = sandbox.agents[sandbox.agents.length - 1];
  const agent = { ...raw, url: proxy.via(raw.url) };
  await setFaults(raw, {});
  const backend = await startSuiteBackend({ name: 'suite-proxy', port: await freePort(), agents: [agent] });
  try {
    const rps = smoke ? 50 : 200;
    const seconds = smoke ? 2 : 30;
    const targets = [
      { name: 'direct', url: `${agent.url}${PATH}`, headers: { authorization: `Bearer ${agent.token}` } },
      {
        name: 'viaSuiteProxy',
        url: `${backend.baseUrl}/api/gitops/proxy/${encodeURIComponent(agent.id)}${PATH}`,
        headers: { authorization: `Bearer ${backend.token}` },
      },
    ];
    await openLoop({ targets, rps: 20, seconds: 1 }); // warm-up, not recorded
    log(`proxy: ${rps} rps to each of direct and proxied for ${seconds} s`);
    const { samples, failures } = await openLoop({ targets, rps, seconds });
    const direct = summarize(samples[0]);
    const proxied = summarize(samples[1]);
    return {
      agent: raw.id,
      path: PATH,
      rpsEach: rps,
      seconds,
      direct,
      viaSuiteProxy: proxied,
      failures: { direct: failures[0], viaSuiteProxy: failures[1] },
      addedMs: { p50: proxied.p50 - direct.p50, p99: proxied.p99 - direct.p99 },
    };
  } finally {
    await backend.stop();
    await setFaults(raw, sandbox.defaultFaults);
  }
}

module.exports = { run };
