import fs from 'fs';
import os from 'os';
import path from 'path';
import { parse } from 'yaml';
import { createMockActionContext } from '@backstage/plugin-scaffolder-node-test-utils';
import { startSandbox, Sandbox } from '@gitops-suite/sandbox-agent';
import { createRenderApplicationSetAction } from './renderApplicationSet';
import { hubScenario } from '../__testUtils__/hubScenario';

jest.setTimeout(30_000);

/*
 * The rendered ApplicationSet applied to a sandbox Argo CD agent (the
 * suite's stand-in for a real one): it must be accepted and generate one
 * Application per environment, labelled for the catalog.
 */
const scenario = hubScenario('scaffolder-render-sandbox-test');

describe('gitops:applicationset:render against the sandbox agent', () => {
  let sandbox: Sandbox;
  let workspacePath: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ scenario, log: () => {} });
    workspacePath = fs.mkdtempSync(path.join(os.tmpdir(), 'render-sandbox-'));
  });
  afterAll(async () => {
    await sandbox?.close();
    fs.rmSync(workspacePath, { recursive: true, force: true });
  });

  it('generates one labelled Application per environment', async () => {
    const ctx = createMockActionContext({
      input: {
        serviceName: 'orders',
        repoUrl: 'https://github.com/acme/orders.git',
        project: 'shop',
        environments: ['dev', 'prod'],
        harnessLabels: true,
      },
      workspacePath,
    });
    await createRenderApplicationSetAction().handler(ctx);
    const manifest = parse(
      fs.readFileSync(
        path.join(workspacePath, 'deploy/applicationset.yaml'),
        'utf8',
      ),
    );

    const agent = sandbox.agents.find(a => a.id === 'hub')!;
    const headers = {
      Authorization: `Bearer ${agent.token}`,
      'Content-Type': 'application/json',
    };
    const created = await fetch(
      `${agent.url}/api/v1/applicationsets?upsert=true`,
      {
        method: 'POST',
        headers,
        body: JSON.stringify(manifest),
      },
    );
    expect(created.status).toBe(200);

    const list = await fetch(
      `${agent.url}/api/v1/applications?selector=${encodeURIComponent(
        'gitops/service=orders',
      )}`,
      { headers },
    );
    expect(list.status).toBe(200);
    const apps = ((await list.json()).items ?? []) as any[];
    expect(
      apps
        .map(app => ({
          name: app.metadata.name,
          namespace: app.spec.destination.namespace,
          labels: app.metadata.labels,
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    ).toEqual([
      {
        name: 'orders-dev',
        namespace: 'orders-dev',
        labels: expect.objectContaining({
          'gitops/service': 'orders',
          'gitops/environment': 'dev',
          'harness.io/serviceRef': 'orders',
          'harness.io/envRef': 'dev',
        }),
      },
      {
        name: 'orders-prod',
        namespace: 'orders-prod',
        labels: expect.objectContaining({
          'gitops/service': 'orders',
          'gitops/environment': 'prod',
        }),
      },
    ]);
  });
});
