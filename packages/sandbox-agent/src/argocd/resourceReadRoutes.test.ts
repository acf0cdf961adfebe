import { Sandbox, SandboxAgentInfo, startSandbox } from '../startSandbox';
import { smallScenario } from '../testing/smallScenario';
import { swaggerStrict } from '../testing/swaggerValidator';
import { argoClient, controlClient, harnessClient } from '../testing/testClients';

let sandbox: Sandbox;
let argo: SandboxAgentInfo;
let hx: SandboxAgentInfo;

beforeEach(async () => {
  sandbox = await startSandbox({ scenario: smallScenario(), log: () => {} });
  argo = sandbox.agent('argo');
  hx = sandbox.agent('hx');
});

afterEach(() => sandbox.close());

const ndjson = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map(line => JSON.parse(line));

async function treeNode(get: (p: string) => Promise<any>, base: string, kind: string) {
  const tree = (await get(`${base}/resource-tree`)).json;
  return tree.nodes.find((n: any) => n.kind === kind);
}

describe('per-resource reads (Argo CD)', () => {
  const base = '/api/v1/applications/web-dev';

  it('serves the live manifest of a resource, a Secret with the data the sandbox holds', async () => {
    const client = argoClient(argo);
    const secret = await treeNode(client.get, base, 'Secret');
    const answer = await client.get(
      `${base}/resource?namespace=${secret.namespace}&resourceName=${secret.name}&version=v1&group=&kind=Secret`,
    );
    expect(answer.status).toBe(200);
    expect(swaggerStrict().errors('applicationApplicationResourceResponse', answer.json)).toEqual([]);
    const manifest = JSON.parse(answer.json.manifest);
    expect(manifest).toMatchObject({ kind: 'Secret', metadata: { name: secret.name, uid: secret.uid } });
    const values = Object.values(manifest.data) as string[];
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) expect(sandbox.secretValues()).toContain(value);

    const pod = await treeNode(client.get, base, 'Pod');
    const podAnswer = await client.get(`${base}/resource?namespace=${pod.namespace}&resourceName=${pod.name}&version=v1&kind=Pod`);
    expect(JSON.parse(podAnswer.json.manifest).spec.containers.map((c: any) => c.name)).toEqual(['web']);

    const missing = await client.get(`${base}/resource?resourceName=nope&version=v1&kind=ConfigMap`);
    expect(missing.status).toBe(404);
    expect(missing.json.message).toContain('nope');
  });

  it('lists the events of a resource by its UID, with those added through the control API', async () => {
    const client = argoClient(argo);
    const pod = await treeNode(client.get, base, 'Pod');
    const path = `${base}/events?resourceNamespace=${pod.namespace}&resourceName=${pod.name}&resourceUID=${pod.uid}`;
    const before = await client.get(path);
    expect(before.status).toBe(200);
    expect(swaggerStrict().errors('eventsEventList', before.json)).toEqual([]);
    expect(before.json.items.map((e: any) => e.reason)).toEqual(['Scheduled', 'Pulled', 'Created', 'Started']);
    expect(before.json.items[0].involvedObject).toMatchObject({ kind: 'Pod', name: pod.name, uid: pod.uid });

    const added = await controlClient(argo).post('/events', {
      application: 'web-dev',
      resource: { kind: 'Pod', name: pod.name },
      type: 'Warning',
      reason: 'Unhealthy',
      message: 'Readiness probe failed: HTTP probe failed with statuscode: 503',
    });
    expect(added.status).toBe(200);
    const after = await client.get(path);
    expect(after.json.items.at(-1)).toMatchObject({ type: 'Warning', reason: 'Unhealthy' });

    const wrongUid = await client.get(`${base}/events?resourceNamespace=${pod.namespace}&resourceName=${pod.name}&resourceUID=other`);
    expect(wrongUid.status).toBe(400);
    expect(wrongUid.json.message).toContain('not found as part of application web-dev');
  });

  it('streams pod logs: tail, the last entry, and a follow that gets lines as they are written', async () => {
    const client = argoClient(argo);
    const logs = await client.get(`${base}/logs?kind=Deployment&group=apps&resourceName=web&tailLines=2&follow=false`);
    expect(logs.status).toBe(200);
    const lines = ndjson(logs.text);
    expect(lines.at(-1)).toMatchObject({ result: { last: true } });
    const entries = lines.slice(0, -1).map(l => l.result);
    const pods = new Set(entries.map(e => e.podName));
    expect(entries).toHaveLength(2 * pods.size);
    expect(entries[0]).toMatchObject({ content: expect.any(String), timeStamp: expect.stringMatching(/Z$/), last: false });

    const badContainer = await client.get(`${base}/logs?kind=Deployment&resourceName=web&container=sidecar`);
    expect(badContainer.status).toBe(400);

    const pod = await treeNode(client.get, base, 'Pod');
    const controller = new AbortController();
    const res = await fetch(`${argo.url}${base}/pods/${pod.name}/logs?follow=true&tailLines=1`, {
      headers: { authorization: `Bearer ${argo.token}` },
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    let text = '';
    const readUntil = async (wanted: string) => {
      while (!text.includes(wanted)) {
        const chunk = await reader.read();
        if (chunk.done) throw new Error(`stream ended before ${wanted}`);
        text += new TextDecoder().decode(chunk.value);
      }
    };
    await readUntil('\n');
    await controlClient(argo).post('/logs', { application: 'web-dev', pod: pod.name, lines: ['GET /healthz 200'] });
    await readUntil('GET /healthz 200');
    controller.abort();
    expect(ndjson(text).map(l => l.result.content).at(-1)).toBe('GET /healthz 200');
  });
});

describe('per-resource reads (Harness, as the SDK sends them)', () => {
  const base = '/gitops/api/v1/agents/hxagent/applications/risk-dev';

  it('serves the manifest, the events and the logs', async () => {
    const client = harnessClient(hx);
    const deployment = await treeNode(client.get, base, 'Deployment');
    const manifest = await client.get(
      `${base}/resource?request.namespace=${deployment.namespace}&request.resourceName=risk&request.version=v1&request.group=apps&request.kind=Deployment`,
    );
    expect(manifest.status).toBe(200);
    expect(JSON.parse(manifest.json.manifest)).toMatchObject({ kind: 'Deployment', metadata: { name: 'risk' } });

    const events = await client.get(
      `${base}/events?query.resourceNamespace=${deployment.namespace}&query.resourceName=risk&query.resourceUID=${deployment.uid}`,
    );
    expect(events.status).toBe(200);
    expect(events.json.items[0]).toMatchObject({ reason: 'ScalingReplicaSet' });

    const logs = await client.get(`${base}/logs?query.kind=Deployment&query.group=apps&query.resourceName=risk&query.follow=false`);
    expect(logs.status).toBe(200);
    expect(ndjson(logs.text).at(-1)).toMatchObject({ result: { last: true } });

    const refused = await client.get(`${base}/logs?kind=Deployment`);
    expect(refused.status).toBe(400);
  });
});
