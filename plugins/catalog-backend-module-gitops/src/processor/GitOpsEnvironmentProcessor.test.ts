import { mockServices } from '@backstage/backend-test-utils';
import { Entity } from '@backstage/catalog-model';
import { CatalogProcessorResult } from '@backstage/plugin-catalog-node';
import { GitOpsApiReader } from '../api/GitOpsApiReader';
import {
  GitOpsFleet,
  startGitOpsFleet,
} from '../__testUtils__/startGitOpsFleet';
import { GitOpsEnvironmentProcessor } from './GitOpsEnvironmentProcessor';

jest.setTimeout(60_000);

/*
 * The processor against the real gitops backend plugin (in a test backend),
 * which reads the sandbox agents over real HTTP.
 */

const location = {
  type: 'url',
  target: 'https://example.com/catalog-info.yaml',
};

function component(name: string, annotations: Record<string, string>): Entity {
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Component',
    metadata: { name, namespace: 'default', annotations },
    spec: { type: 'service', lifecycle: 'production', owner: 'team-a' },
  };
}

async function process(processor: GitOpsEnvironmentProcessor, entity: Entity) {
  const results: CatalogProcessorResult[] = [];
  const out = await processor.postProcessEntity(entity, location, r =>
    results.push(r),
  );
  expect(out).toBe(entity);
  return results;
}

function relations(results: CatalogProcessorResult[]) {
  return results.map(r => {
    if (r.type !== 'relation') throw new Error(`unexpected ${r.type}`);
    const { source, type, target } = r.relation;
    return `${source.kind}:${source.namespace}/${source.name} ${type} ${target.kind}:${target.namespace}/${target.name}`;
  });
}

describe('GitOpsEnvironmentProcessor (against the real gitops backend)', () => {
  let fleet: GitOpsFleet;

  beforeAll(async () => {
    fleet = await startGitOpsFleet();
  });

  afterAll(async () => {
    await fleet?.stop();
  });

  /** The real reader with some of its calls replaced. */
  const readerWith = (
    overrides: Partial<GitOpsApiReader>,
  ): GitOpsApiReader => ({
    environments: () => fleet.reader.environments(),
    agents: () => fleet.reader.agents(),
    clusters: () => fleet.reader.clusters(),
    applications: () => fleet.reader.applications(),
    ...overrides,
  });

  const createProcessor = (reader: GitOpsApiReader = fleet.reader) =>
    new GitOpsEnvironmentProcessor({
      reader,
      logger: mockServices.logger.mock(),
    });

  it('relates a component to the environments it is deployed to', async () => {
    const results = await process(
      createProcessor(),
      component('payments', { 'gitops/service': 'payments' }),
    );
    expect(relations(results)).toEqual([
      'Component:default/payments dependsOn Resource:default/dev',
      'Resource:default/dev dependencyOf Component:default/payments',
      'Component:default/payments dependsOn Resource:default/prod',
      'Resource:default/prod dependencyOf Component:default/payments',
      'Component:default/payments dependsOn Resource:default/qa',
      'Resource:default/qa dependencyOf Component:default/payments',
    ]);
  });

  it('reads the peer plugins’ argocd annotations and Harness applications', async () => {
    const processor = createProcessor();
    expect(
      relations(
        await process(
          processor,
          component('checkout', {
            'argocd/app-selector': 'gitops/service=checkout',
          }),
        ),
      ).filter(r => r.includes('dependsOn')),
    ).toEqual([
      'Component:default/checkout dependsOn Resource:default/dev',
      'Component:default/checkout dependsOn Resource:default/qa',
    ]);
    expect(
      relations(
        await process(
          processor,
          component('risk', { 'gitops/service': 'risk' }),
        ),
      ).filter(r => r.includes('dependsOn')),
    ).toEqual([
      'Component:default/risk dependsOn Resource:default/dev',
      'Component:default/risk dependsOn Resource:default/prod',
    ]);
  });

  it('relates only to environments that are configured (and so exist as entities)', async () => {
    const processor = createProcessor(
      readerWith({
        environments: async () =>
          (await fleet.reader.environments()).filter(e => e.name !== 'prod'),
      }),
    );
    expect(
      relations(
        await process(
          processor,
          component('payments', { 'gitops/service': 'payments' }),
        ),
      ).filter(r => r.includes('dependsOn')),
    ).toEqual([
      'Component:default/payments dependsOn Resource:default/dev',
      'Component:default/payments dependsOn Resource:default/qa',
    ]);
  });

  it('adds nothing to a component that matches no application', async () => {
    const processor = createProcessor();
    expect(
      await process(
        processor,
        component('ghost', { 'gitops/service': 'nothing-here' }),
      ),
    ).toEqual([]);
    expect(await process(processor, component('plain', {}))).toEqual([]);
  });

  it('leaves other kinds alone', async () => {
    const entity: Entity = {
      ...component('payments', { 'gitops/service': 'payments' }),
      kind: 'System',
    };
    expect(await process(createProcessor(), entity)).toEqual([]);
  });

  it('reads the fleet once per TTL for all entities', async () => {
    const applications = jest.fn(() => fleet.reader.applications());
    const processor = createProcessor(readerWith({ applications }));
    await Promise.all([
      process(
        processor,
        component('payments', { 'gitops/service': 'payments' }),
      ),
      process(
        processor,
        component('checkout', { 'gitops/service': 'checkout' }),
      ),
    ]);
    await process(processor, component('risk', { 'gitops/service': 'risk' }));
    expect(applications).toHaveBeenCalledTimes(1);
  });

  it('adds nothing and logs when the fleet cannot be read', async () => {
    const logger = mockServices.logger.mock();
    const child = mockServices.logger.mock();
    logger.child.mockReturnValue(child);
    const processor = new GitOpsEnvironmentProcessor({
      logger,
      reader: readerWith({
        applications: () => Promise.reject(new Error('gitops is down')),
      }),
    });
    expect(
      await process(
        processor,
        component('payments', { 'gitops/service': 'payments' }),
      ),
    ).toEqual([]);
    expect(child.warn).toHaveBeenCalledWith(
      expect.stringContaining('gitops is down'),
    );
  });

  it('never emits a credential', async () => {
    const results = await process(
      createProcessor(),
      component('payments', { 'gitops/service': 'payments' }),
    );
    const text = JSON.stringify(results);
    for (const secret of fleet.secrets) {
      expect(text).not.toContain(secret);
    }
  });
});
