import http from 'node:http';
import { AddressInfo } from 'node:net';
import { AgentTap, startAgentTap } from './startAgentTap';

/*
 * The tap is a proxy: what describes the connection to the agent (its
 * keep-alive, the headers its Connection header names) stays on that
 * connection. A caller told the agent's keep-alive (65 s) while the tap
 * closed idle connections after 5 s reused closed connections: ECONNRESET.
 */
describe('startAgentTap', () => {
  let agent: http.Server;
  let tap: AgentTap;
  const agentSaw: http.IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    agent = http.createServer((req, res) => {
      agentSaw.push(req.headers);
      req.resume();
      req.on('end', () => {
        res.writeHead(200, {
          'content-type': 'application/json',
          connection: 'keep-alive, x-agent-hop',
          'x-agent-hop': 'agent connection only',
        });
        res.end(JSON.stringify({ method: req.method, url: req.url }));
      });
    });
    // an agent that keeps idle connections longer than the tap does
    agent.keepAliveTimeout = 120_000;
    await new Promise<void>(resolve => agent.listen(0, '127.0.0.1', resolve));
    tap = await startAgentTap(
      `http://127.0.0.1:${(agent.address() as AddressInfo).port}`,
    );
  });

  afterAll(async () => {
    await tap.close();
    await new Promise<void>(resolve => {
      agent.close(() => resolve());
      agent.closeAllConnections();
    });
  });

  const call = (headers: http.OutgoingHttpHeaders, body: string) =>
    new Promise<{ headers: http.IncomingHttpHeaders; body: string }>(
      (resolve, reject) => {
        const req = http.request(
          `${tap.url}/agents/hub/api/v1/applicationsets`,
          { method: 'POST', headers },
          res => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', chunk => (text += chunk));
            res.on('end', () => resolve({ headers: res.headers, body: text }));
          },
        );
        req.on('error', reject);
        req.end(body);
      },
    );

  it("answers with its own keep-alive and end-to-end headers only, not the agent's connection headers", async () => {
    const answer = await call(
      {
        'content-type': 'application/json',
        connection: 'keep-alive, x-caller-hop',
        'x-caller-hop': 'caller connection only',
      },
      '{}',
    );
    expect(JSON.parse(answer.body)).toEqual({
      method: 'POST',
      url: '/agents/hub/api/v1/applicationsets',
    });
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.headers['keep-alive']).toBe('timeout=65');
    expect(answer.headers['x-agent-hop']).toBeUndefined();
    // nor does the agent see the caller's connection headers
    const seenByAgent = agentSaw[agentSaw.length - 1];
    expect(seenByAgent['x-caller-hop']).toBeUndefined();
    expect(seenByAgent['content-type']).toBe('application/json');
    // the tap records what the caller sent
    expect(tap.seen[tap.seen.length - 1]).toMatchObject({
      method: 'POST',
      url: '/agents/hub/api/v1/applicationsets',
    });
  });
});
