import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mockCredentials } from '@backstage/backend-test-utils';
import { Entity } from '@backstage/catalog-model';
// Present in node_modules (packages/backend depends on it) but not yet in
// this package's devDependencies: add "@backstage/plugin-catalog-backend"
// there and drop this comment.
import catalogPlugin from '@backstage/plugin-catalog-backend';
import {
  GitOpsFleet,
  startGitOpsFleet,
} from './__testUtils__/startGitOpsFleet';
import { catalogModuleGitopsEntityProvider } from './module';

jest.setTimeout(60_000);

/*
 * The whole path: the real catalog backend with this module, and the real
 * gitops backend plugin reading the sandbox agents, in one test backend.
 */
describe('catalogModuleGitopsEntityProvider in a real catalog', () => {
  let fleet: GitOpsFleet;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gitops-catalog-'));
    const file = path.join(dir, 'entities.yaml');
    fs.writeFileSync(
      file,
      [
        'apiVersion: backstage.io/v1alpha1',
        'kind: Component',
        'metadata:',
        '  name: payments',
        '  annotations:',
        '    gitops/service: payments',
        'spec: { type: service, lifecycle: production, owner: team-a }',
        '---',
        'apiVersion: backstage.io/v1alpha1',
        'kind: Component',
        'metadata:',
        '  name: plain',
        'spec: { type: service, lifecycle: production, owner: team-a }',
      ].join('\n'),
    );
    fleet = await startGitOpsFleet({
      features: [catalogPlugin, catalogModuleGitopsEntityProvider],
      config: {
        catalog: {
          rules: [{ allow: ['Component', 'Resource', 'Location'] }],
          locations: [{ type: 'file', target: file }],
        },
      },
    });
  });

  afterAll(async () => {
    await fleet?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function entities(filter: string): Promise<Entity[]> {
    const res = await fetch(
      `http://127.0.0.1:${fleet.port}/api/catalog/entities?filter=${filter}`,
      { headers: { Authorization: mockCredentials.user.header() } },
    );
    expect(res.status).toBe(200);
    return (await res.json()) as Entity[];
  }

  async function eventually<T>(
    probe: () => Promise<T | undefined>,
  ): Promise<T> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise(r => setTimeout(r, 250));
    }
  }

  it('lists the environments, agents and clusters, and relates components to their environments', async () => {
    const resources = await eventually(async () => {
      const found = await entities('kind=resource');
      return found.length >= 12 ? found : undefined;
    });
    const names = resources.map(e => e.metadata.name).sort();
    expect(names).toEqual(
      expect.arrayContaining([
        'dev',
        'qa',
        'prod',
        'gitops-agent-nonprod',
        'prod-prod_eu-1',
        'hx-eu',
      ]),
    );

    const payments = await eventually(async () => {
      const [found] = await entities('kind=component,metadata.name=payments');
      const deps = found?.relations?.filter(r => r.type === 'dependsOn');
      return deps?.length ? found : undefined;
    });
    expect(
      payments.relations
        ?.filter(r => r.type === 'dependsOn')
        .map(r => r.targetRef)
        .sort(),
    ).toEqual([
      'resource:default/dev',
      'resource:default/prod',
      'resource:default/qa',
    ]);

    const [plain] = await entities('kind=component,metadata.name=plain');
    expect(plain.relations?.filter(r => r.type === 'dependsOn')).toEqual([]);
  });
});
