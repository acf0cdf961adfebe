import { stringify } from 'yaml';
import { InputError } from '@backstage/errors';
import { createCreateApplicationSetAction } from './createApplicationSet';
import { buildApplicationSet } from './applicationSet/buildApplicationSet';
import {
  agentApplicationsOf,
  gitopsEntity,
  startGitOpsTestBackend,
  useGitOpsTestBackend,
} from '../__testUtils__/startGitOpsTestBackend';
import { hubScenario } from '../__testUtils__/hubScenario';
import { runAction } from '../__testUtils__/runAction';

jest.setTimeout(30_000);

/*
 * The action against the real gitops backend plugin (in a test backend,
 * over real HTTP) configured with a real sandbox Argo CD agent.
 */
const scenario = hubScenario('scaffolder-create-applicationset-test');

const manifestOf = (serviceName: string, environments = ['dev']) =>
  buildApplicationSet({
    serviceName,
    repoUrl: `https://github.com/acme/${serviceName}.git`,
    pathPattern: 'deploy/overlays/{{environment}}',
    targetRevision: 'HEAD',
    project: 'shop',
    environments: environments.map(name => ({
      name,
      cluster: 'in-cluster',
      namespace: `${serviceName}-${name}`,
    })),
    generator: 'list',
    syncPolicy: {
      automated: true,
      prune: true,
      selfHeal: true,
      createNamespace: true,
    },
    harnessLabels: false,
  });

describe('gitops:applicationset:create', () => {
  const gitops = useGitOpsTestBackend(() =>
    startGitOpsTestBackend({
      scenario,
      entities: [gitopsEntity('existing'), gitopsEntity('billing')],
    }),
  );

  const run = (input: Record<string, unknown>, isDryRun = false) =>
    runAction(
      createCreateApplicationSetAction({
        client: gitops.client,
        permissions: gitops.permissions,
      }),
      input,
      { isDryRun },
    );

  /** The ApplicationSet as the agent itself has it, or undefined. */
  const agentApplicationSet = async (name: string) => {
    const res = await gitops.agentFetch(
      'hub',
      `/api/v1/applicationsets/${name}`,
    );
    if (res.status === 404) return undefined;
    expect(res.status).toBe(200);
    return res.json();
  };

  /** The agent's Applications of a service, by name. */
  const agentApplications = async (service: string) =>
    (await agentApplicationsOf(gitops, 'hub', service)).map(
      app => app.metadata.name,
    );

  it('creates the ApplicationSet on the agent, which generates its Applications', async () => {
    const manifest = manifestOf('orders', ['dev', 'prod']);
    expect(await agentApplicationSet('orders')).toBeUndefined();

    const ctx = await run({
      agentId: 'hub',
      applicationSet: stringify(manifest),
      entityRef: 'component:default/existing',
    });

    expect(ctx.output).toHaveBeenCalledWith('name', 'orders');
    expect(ctx.output).toHaveBeenCalledWith('auditId', expect.any(String));
    const created = await agentApplicationSet('orders');
    expect(created.spec).toEqual(
      expect.objectContaining({ generators: manifest.spec.generators }),
    );
    expect(await agentApplications('orders')).toEqual([
      'orders-dev',
      'orders-prod',
    ]);
  });

  it('upserts an existing ApplicationSet, and refuses a changed one without upsert', async () => {
    await run({
      agentId: 'hub',
      applicationSet: stringify(manifestOf('billing', ['dev'])),
      entityRef: 'component:default/billing',
    });
    expect(await agentApplications('billing')).toEqual(['billing-dev']);

    const grown = stringify(manifestOf('billing', ['dev', 'prod']));
    await expect(
      run({ agentId: 'hub', applicationSet: grown, upsert: false }),
    ).rejects.toThrow(/existing ApplicationSet spec is different/);
    expect(await agentApplications('billing')).toEqual(['billing-dev']);

    const ctx = await run({ agentId: 'hub', applicationSet: grown });
    expect(ctx.output).toHaveBeenCalledWith('name', 'billing');
    expect(await agentApplications('billing')).toEqual([
      'billing-dev',
      'billing-prod',
    ]);
    const updated = await agentApplicationSet('billing');
    expect(updated.spec.generators).toEqual(
      manifestOf('billing', ['dev', 'prod']).spec.generators,
    );
  });

  it('makes no call in a scaffolder dry run', async () => {
    // an unknown agent would fail at the backend: nothing is sent at all
    const ctx = await run(
      { agentId: 'nowhere', applicationSet: stringify(manifestOf('dryrun')) },
      true,
    );
    expect(ctx.output).toHaveBeenCalledWith('name', 'dryrun');
    expect(ctx.output).not.toHaveBeenCalledWith('auditId', expect.anything());

    await run(
      { agentId: 'hub', applicationSet: stringify(manifestOf('dryrun')) },
      true,
    );
    expect(await agentApplicationSet('dryrun')).toBeUndefined();
    expect(await agentApplications('dryrun')).toEqual([]);
  });

  it('asks the agent for a server-side dry run with validateOnly', async () => {
    const ctx = await run({
      agentId: 'hub',
      applicationSet: stringify(manifestOf('preview', ['dev', 'prod'])),
      validateOnly: true,
      entityRef: 'component:default/existing',
    });
    expect(ctx.output).toHaveBeenCalledWith('name', 'preview');
    expect(ctx.logger.info).toHaveBeenCalledWith(
      'Validated ApplicationSet preview on agent hub',
    );
    expect(await agentApplicationSet('preview')).toBeUndefined();
    expect(await agentApplications('preview')).toEqual([]);
  });

  it('surfaces an unknown agent as a clear error', async () => {
    await expect(
      run({ agentId: 'nope', applicationSet: stringify(manifestOf('lost')) }),
    ).rejects.toThrow(
      "The gitops backend answered POST /agents/nope/applicationsets with 404 Not Found; caused by NotFoundError: No GitOps agent is configured with id 'nope'",
    );
  });

  it('checks the user who started the task before any network call, and creates nothing', async () => {
    gitops.denied.add(
      'gitops.applicationset.create component:default/existing',
    );
    const mark = gitops.agentRequests.length;
    await expect(
      run({
        agentId: 'hub',
        applicationSet: stringify(manifestOf('forbidden')),
        entityRef: 'component:default/existing',
      }),
    ).rejects.toThrow(
      'gitops:applicationset:create: not allowed: gitops.applicationset.create on component:default/existing for the user who started this task',
    );
    expect(gitops.agentRequests.slice(mark)).toEqual([]);
    expect(await agentApplicationSet('forbidden')).toBeUndefined();
  });

  it('refuses a new ApplicationSet that names no entity it is for', async () => {
    await expect(
      run({ agentId: 'hub', applicationSet: stringify(manifestOf('nobody')) }),
    ).rejects.toThrow(/entityRef is required to create nobody/);
    expect(await agentApplicationSet('nobody')).toBeUndefined();
  });

  it('checks an upsert against the entity that claims the existing set, whatever entity the caller names', async () => {
    // billing's Applications carry gitops/service=billing: the billing
    // component claims the set
    await run({
      agentId: 'hub',
      applicationSet: stringify(manifestOf('billing', ['dev'])),
      entityRef: 'component:default/billing',
    });
    gitops.denied.add('gitops.applicationset.create component:default/billing');
    const before = await agentApplicationSet('billing');
    await expect(
      run({
        agentId: 'hub',
        applicationSet: stringify(manifestOf('billing', ['dev', 'qa'])),
        // the caller may act for this one, not for billing
        entityRef: 'component:default/existing',
      }),
    ).rejects.toThrow(
      /403 Forbidden; caused by NotAllowedError: Not allowed: gitops.applicationset.create on component:default\/billing/,
    );
    expect(await agentApplicationSet('billing')).toEqual(before);
  });

  it('lets the owners of its project, or else only an administrator, change a set that no entity claims', async () => {
    // orphan's Applications are selected by no entity, and no entity names it
    await run({
      agentId: 'hub',
      applicationSet: stringify(manifestOf('orphan', ['dev'])),
      entityRef: 'component:default/existing',
    });
    gitops.denied.add('gitops.applicationset.admin');
    // named by nobody: an administrator's change
    await expect(
      run({
        agentId: 'hub',
        applicationSet: stringify(manifestOf('orphan', ['dev', 'prod'])),
      }),
    ).rejects.toThrow(/Not allowed: gitops.applicationset.admin/);
    expect(await agentApplications('orphan')).toEqual(['orphan-dev']);

    // for an entity whose owners own the project it deploys in: theirs
    await run({
      agentId: 'hub',
      applicationSet: stringify(manifestOf('orphan', ['dev', 'prod'])),
      entityRef: 'component:default/existing',
    });
    expect(await agentApplications('orphan')).toEqual([
      'orphan-dev',
      'orphan-prod',
    ]);

    gitops.denied.clear();
    await run({
      agentId: 'hub',
      applicationSet: stringify(manifestOf('orphan', ['dev'])),
    });
    expect(await agentApplications('orphan')).toEqual(['orphan-dev']);
  });

  it('refuses bad input before calling anything', async () => {
    const manifest = manifestOf('payments');
    await expect(run({ applicationSet: stringify(manifest) })).rejects.toThrow(
      /agentId/,
    );
    await expect(run({ agentId: 'hub' })).rejects.toThrow(
      /exactly one of applicationSet and manifestPath/,
    );
    await expect(
      run({ agentId: 'hub', applicationSet: 'kind: ConfigMap\n' }),
    ).rejects.toThrow(/not an ApplicationSet/);
    const broken = { ...manifest, spec: { ...manifest.spec, generators: 'x' } };
    await expect(
      run({ agentId: 'hub', applicationSet: stringify(broken) }),
    ).rejects.toThrow(/\/spec\/generators: must be array/);
    await expect(
      run({ agentId: 'hub', manifestPath: '../outside.yaml' }),
    ).rejects.toBeInstanceOf(InputError);
    expect(await agentApplicationSet('payments')).toBeUndefined();
  });
});
