import fs from 'fs';
import os from 'os';
import path from 'path';
import { execFileSync } from 'child_process';
import { InputError } from '@backstage/errors';
import { createMockActionContext } from '@backstage/plugin-scaffolder-node-test-utils';
import { mockServices } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { createPromoteAction } from './promote';

/** The service the task's user owns; the permission service allows only it. */
const OWNED = 'component:default/payments';
const permissions = mockServices.permissions.mock({
  authorize: async requests =>
    requests.map(r => ({
      result:
        'resourceRef' in r && r.resourceRef === OWNED
          ? AuthorizeResult.ALLOW
          : AuthorizeResult.DENY,
    })) as any,
});

const KUBECTL = '/usr/bin/kubectl';

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
  const action = createPromoteAction({ permissions });
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

  const run = async (input: Record<string, unknown>, isDryRun = false) => {
    const ctx = {
      ...createMockActionContext({
        input: { entityRef: OWNED, ...input } as any,
        workspacePath,
      }),
      isDryRun,
    };
    await action.handler(ctx);
    return ctx;
  };

  it('refuses a service the user who started the task does not own, before touching a file', async () => {
    const before = read('deploy/overlays/prod/kustomization.yaml');
    const denied = run({
      entityRef: 'component:default/checkout-web',
      environment: 'prod',
      tag: '1.0.0',
    });
    await expect(denied).rejects.toThrow(
      'gitops:promote: not allowed: gitops.promote on component:default/checkout-web for the user who started this task',
    );
    await expect(denied).rejects.toMatchObject({ name: 'NotAllowedError' });
    expect(read('deploy/overlays/prod/kustomization.yaml')).toBe(before);
    expect(permissions.authorize).toHaveBeenCalledWith(
      [
        expect.objectContaining({
          resourceRef: 'component:default/checkout-web',
          permission: expect.objectContaining({ name: 'gitops.promote' }),
        }),
      ],
      expect.anything(),
    );
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
    if (!fs.existsSync(KUBECTL)) return; // kubectl is not installed here
    await run({ environment: 'prod', tag: '3.2.1' });
    const out = execFileSync(
      KUBECTL,
      ['kustomize', file('deploy/overlays/prod')],
      { encoding: 'utf8' },
    );
    expect(out).toContain('image: ghcr.io/acme/payments:3.2.1');
  });
});
