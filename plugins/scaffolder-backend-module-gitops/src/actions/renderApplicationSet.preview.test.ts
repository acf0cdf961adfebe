import fs from 'fs';
import os from 'os';
import path from 'path';
import { createMockActionContext } from '@backstage/plugin-scaffolder-node-test-utils';
import { createRenderApplicationSetAction } from './renderApplicationSet';
import {
  gitopsEntity,
  startGitOpsTestBackend,
  useGitOpsTestBackend,
} from '../__testUtils__/startGitOpsTestBackend';
import { hubScenario } from '../__testUtils__/hubScenario';

jest.setTimeout(60_000);

/*
 * A dry run of gitops:applicationset:render with an agent previews the set
 * through the gitops backend's generate preview (the agent's own
 * generator; nothing created, nothing audited), against the real backend
 * and a real sandbox agent.
 */
describe('gitops:applicationset:render dry run on an agent', () => {
  const gitops = useGitOpsTestBackend(() =>
    startGitOpsTestBackend({
      scenario: hubScenario('scaffolder-render-preview-test'),
      entities: [gitopsEntity('existing')],
    }),
  );
  let workspacePath: string;
  beforeEach(() => {
    workspacePath = fs.mkdtempSync(path.join(os.tmpdir(), 'preview-'));
  });
  afterEach(() => fs.rmSync(workspacePath, { recursive: true, force: true }));

  const run = async (input: Record<string, unknown>) => {
    const action = createRenderApplicationSetAction({ client: gitops.client });
    const ctx = {
      ...createMockActionContext({ input: input as any, workspacePath }),
      isDryRun: true,
    };
    jest.spyOn(ctx.logger, 'info');
    await action.handler(ctx);
    return ctx;
  };

  const input = {
    serviceName: 'existing',
    repoUrl: 'https://github.com/acme/existing.git',
    project: 'shop',
    environments: ['dev', 'prod'].map(name => ({
      name,
      cluster: 'https://kubernetes.default.svc',
      namespace: `existing-${name}`,
    })),
    agentId: 'hub',
  };

  it("lists what the agent's generator would create, creating nothing", async () => {
    const mark = gitops.agentRequests.length;
    const ctx = await run({
      ...input,
      entityRef: 'component:default/existing',
    });
    expect(ctx.output).toHaveBeenCalledWith('applications', [
      'existing-dev',
      'existing-prod',
    ]);
    const posts = gitops.agentRequests
      .slice(mark)
      .filter(r => r.method === 'POST')
      .map(r => r.url.split('?')[0].replace(/^\/agents\/[^/]+/, ''));
    expect(posts).toEqual(['/api/v1/applicationsets/generate']);
    const audit = await gitops
      .api()
      .get('/api/gitops/audit?application=existing')
      .set('Authorization', gitops.auth);
    expect(audit.body.items).toEqual([]);
  });

  it('names the missing entityRef', async () => {
    await expect(run(input)).rejects.toThrow(
      'entityRef: a preview on an agent is checked for the entity the ApplicationSet is for',
    );
  });
});
