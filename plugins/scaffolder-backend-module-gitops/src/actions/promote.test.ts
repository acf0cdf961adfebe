import fs from 'fs';
import os from 'os';
import path from 'path';
import { execFileSync } from 'child_process';
import { InputError } from '@backstage/errors';
// eslint-disable-next-line @backstage/no-mixed-plugin-imports
import { shopService } from '@gitops-suite/plugin-gitops-backend/testUtils';
import { createPromoteAction } from './promote';
import {
  gitopsEntity,
  startGitOpsTestBackend,
  useGitOpsTestBackend,
} from '../__testUtils__/startGitOpsTestBackend';
import { hubScenario } from '../__testUtils__/hubScenario';
import { runAction, notAllowed } from '../__testUtils__/runAction';
import { kubectl } from '../__testUtils__/kubectl';

jest.setTimeout(30_000);

/** The service the task's user owns (team-a's, in project shop). */
const OWNED = 'component:default/payments';
/** Its deploy repository, as the RepoUrlPicker gives it. */
const REPO = 'github.com?owner=acme&repo=payments-deploy';

/*
 * The action against the real gitops backend plugin (in a test backend,
 * over real HTTP) over a sandbox Argo CD agent `hub` that deploys team-a's
 * payments (project shop) and team-b's checkout (project checkout) from
 * their deploy repositories: the backend decides each change of a file of
 * repoUrl before the action reads or writes it.
 */
const scenario = hubScenario('scaffolder-promote-test', {
  services: [
    shopService('payments', { agents: ['hub'] }),
    shopService('checkout', { project: 'checkout', agents: ['hub'] }),
  ],
});

const kustomization = (tag: string) => `# overlay for an environment
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
resources:
  - ../../base # the shared base
images:
  - name: ghcr.io/acme/payments
    newTag: "${tag}" # bumped by gitops:promote
`;

const base = {
  'deploy/base/kustomization.yaml': `apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
resources:
  - deployment.yaml
`,
  'deploy/base/deployment.yaml': `apiVersion: apps/v1
kind: Deployment
metadata:
  name: payments
spec:
  selector:
    matchLabels: { app: payments }
  template:
    metadata:
      labels: { app: payments }
    spec:
      containers:
        - name: payments
          image: ghcr.io/acme/payments:latest
`,
};

describe('gitops:promote', () => {
  const gitops = useGitOpsTestBackend(() =>
    startGitOpsTestBackend({
      scenario,
      entities: [gitopsEntity('payments')],
      gitops: {
        projects: [
          { name: 'shop', owners: ['group:default/team-a'] },
          { name: 'checkout', owners: ['group:default/team-b'] },
        ],
      },
    }),
  );
  const action = () =>
    createPromoteAction({
      permissions: gitops.permissions,
      client: gitops.client,
    });
  let workspacePath: string;
  const file = (p: string) => path.join(workspacePath, p);
  const read = (p: string) => fs.readFileSync(file(p), 'utf8');

  beforeEach(() => {
    workspacePath = fs.mkdtempSync(path.join(os.tmpdir(), 'promote-'));
    const files: Record<string, string> = {
      ...base,
      'deploy/overlays/dev/kustomization.yaml': kustomization('1.0.0'),
      'deploy/overlays/prod/kustomization.yaml': kustomization('0.9.0'),
      'helm/values-prod.yaml':
        '# prod values\nimage:\n  repository: ghcr.io/acme/payments\n  tag: 0.9.0 # current\nreplicas: 3\n',
    };
    for (const [name, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(file(name)), { recursive: true });
      fs.writeFileSync(file(name), content);
    }
  });
  afterEach(() => fs.rmSync(workspacePath, { recursive: true, force: true }));

  const run = (input: Record<string, unknown>, isDryRun = false) =>
    runAction(
      action(),
      { entityRef: OWNED, repoUrl: REPO, ...input },
      { isDryRun, workspacePath },
    );

  /** The error a refused run throws, once the prod overlay is checked unchanged. */
  const refusedBeforeWriting = async (input: Record<string, unknown>) => {
    const before = read('deploy/overlays/prod/kustomization.yaml');
    const error = await run(input).then(
      () => undefined,
      thrown => thrown,
    );
    expect(read('deploy/overlays/prod/kustomization.yaml')).toBe(before);
    return error;
  };

  it('refuses a service the user who started the task does not own, before touching a file', async () => {
    gitops.denied.add('gitops.promote component:default/checkout-web');
    const denied = await refusedBeforeWriting({
      entityRef: 'component:default/checkout-web',
      environment: 'prod',
      tag: '1.0.0',
    });
    expect(denied).toMatchObject(
      notAllowed(
        'gitops:promote: not allowed: gitops.promote on component:default/checkout-web for the user who started this task',
      ),
    );
    expect(gitops.permissions.authorize).toHaveBeenCalledWith(
      [
        expect.objectContaining({
          resourceRef: 'component:default/checkout-web',
          permission: expect.objectContaining({ name: 'gitops.promote' }),
        }),
      ],
      expect.anything(),
    );
  });

  it("refuses a repository whose applications are another team's, naming the application, before touching a file", async () => {
    // the user owns payments; checkout-deploy deploys team-b's checkout
    const denied = await refusedBeforeWriting({
      repoUrl: 'github.com?owner=acme&repo=checkout-deploy',
      environment: 'prod',
      tag: '6.6.6',
    });
    expect(denied).toMatchObject(
      notAllowed(
        /^gitops:promote: not allowed to write github\.com\?owner=acme&repo=checkout-deploy for component:default\/payments \(owners: group:default\/team-a\): application checkout-prod on agent hub, which deploys the changed files of github\.com\?owner=acme&repo=checkout-deploy: project checkout belongs to group:default\/team-b, not to group:default\/team-a$/,
      ),
    );
    // only the prod overlay's application is what the change deploys
    expect(denied.message).not.toMatch(/checkout-dev/);
  });

  it('refuses a repository no application deploys from (a promotion edits a deployment)', async () => {
    const denied = await refusedBeforeWriting({
      repoUrl: 'https://github.com/acme/nowhere-deploy.git',
      environment: 'prod',
      tag: '1.0.0',
    });
    expect(denied).toMatchObject(
      notAllowed(
        'repository https://github.com/acme/nowhere-deploy.git: no application deploys from it, so it is no deployment of group:default/team-a',
      ),
    );
  });

  it('refuses a file outside the checked-out repository, and a missing repoUrl', async () => {
    fs.mkdirSync(file('repo'));
    const denied = run({
      repoPath: 'repo',
      environment: 'prod',
      tag: '1.0.0',
      valuesFile: '../helm/values-{{environment}}.yaml',
    });
    await expect(denied).rejects.toBeInstanceOf(InputError);
    await expect(denied).rejects.toThrow(
      "valuesFile must name a file inside repoPath 'repo', got 'helm/values-prod.yaml'",
    );
    await expect(
      run({ repoUrl: undefined, environment: 'prod', tag: '1.0.0' }),
    ).rejects.toThrow(/repoUrl/);
    expect(read('helm/values-prod.yaml')).toContain('tag: 0.9.0');
  });

  it("changes only the chosen overlay's tag and keeps comments", async () => {
    const devBefore = read('deploy/overlays/dev/kustomization.yaml');
    const ctx = await run({ environment: 'prod', tag: '1.0.0' });
    expect(read('deploy/overlays/dev/kustomization.yaml')).toBe(devBefore);
    expect(read('deploy/overlays/prod/kustomization.yaml')).toBe(
      kustomization('1.0.0'),
    );
    expect(ctx.output).toHaveBeenCalledWith('previousTag', '0.9.0');
    expect(ctx.output).toHaveBeenCalledWith('newTag', '1.0.0');
    expect(ctx.output).toHaveBeenCalledWith(
      'file',
      'deploy/overlays/prod/kustomization.yaml',
    );
  });

  it('changes a dotted key of a Helm values file', async () => {
    const ctx = await run({
      environment: 'prod',
      tag: '1.1.0',
      valuesFile: 'helm/values-{{environment}}.yaml',
    });
    expect(read('helm/values-prod.yaml')).toBe(
      '# prod values\nimage:\n  repository: ghcr.io/acme/payments\n  tag: 1.1.0 # current\nreplicas: 3\n',
    );
    expect(ctx.output).toHaveBeenCalledWith('previousTag', '0.9.0');
  });

  it('fails clearly on a missing overlay, image or values key', async () => {
    await expect(run({ environment: 'qa', tag: '1.0.0' })).rejects.toThrow(
      /no overlay for environment 'qa'/,
    );
    await expect(
      run({ environment: 'prod', tag: '1.0.0', image: 'ghcr.io/acme/other' }),
    ).rejects.toThrow(/Image 'ghcr.io\/acme\/other' is not listed/);
    await expect(
      run({
        environment: 'prod',
        tag: '1',
        valuesFile: 'helm/values-prod.yaml',
        valuesKey: 'image.digest',
      }),
    ).rejects.toThrow(/no value at 'image.digest'/);
    await expect(
      run({ environment: 'Prod', tag: '1.0.0' }),
    ).rejects.toBeInstanceOf(InputError);
    await expect(run({ environment: 'prod', tag: 'bad tag!' })).rejects.toThrow(
      /tag/,
    );
  });

  it('writes nothing in a dry run', async () => {
    const before = read('deploy/overlays/prod/kustomization.yaml');
    const ctx = await run({ environment: 'prod', tag: '2.0.0' }, true);
    expect(read('deploy/overlays/prod/kustomization.yaml')).toBe(before);
    expect(ctx.output).toHaveBeenCalledWith('newTag', '2.0.0');
  });

  it('leaves an overlay that kubectl kustomize builds with the new image', async () => {
    await run({ environment: 'prod', tag: '3.2.1' });
    const out = execFileSync(
      kubectl(),
      ['kustomize', file('deploy/overlays/prod')],
      { encoding: 'utf8' },
    );
    expect(out).toContain('image: ghcr.io/acme/payments:3.2.1');
  });
});
