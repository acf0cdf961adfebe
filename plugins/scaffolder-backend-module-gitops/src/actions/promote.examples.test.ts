import fs from 'fs';
import os from 'os';
import path from 'path';
// eslint-disable-next-line @backstage/no-mixed-plugin-imports
import { shopService } from '@gitops-suite/plugin-gitops-backend/testUtils';
import { createPromoteAction, PROMOTE_ACTION_ID } from './promote';
import { examples } from './promote.examples';
import { exampleSteps, runAction } from '../__testUtils__/runAction';
import {
  gitopsEntity,
  startGitOpsTestBackend,
  useGitOpsTestBackend,
} from '../__testUtils__/startGitOpsTestBackend';
import { hubScenario } from '../__testUtils__/hubScenario';

jest.setTimeout(30_000);

/*
 * Each documented example against the real gitops backend plugin over a
 * sandbox Argo CD agent `hub` that deploys team-a's payments from
 * acme/payments-deploy: the backend decides the example's change.
 */
describe('gitops:promote examples', () => {
  const gitops = useGitOpsTestBackend(() =>
    startGitOpsTestBackend({
      scenario: hubScenario('scaffolder-promote-examples', {
        services: [shopService('payments', { agents: ['hub'] })],
      }),
      entities: [gitopsEntity('payments')],
    }),
  );

  let workspacePath: string;
  beforeEach(() => {
    workspacePath = fs.mkdtempSync(path.join(os.tmpdir(), 'promote-example-'));
  });
  afterEach(() => fs.rmSync(workspacePath, { recursive: true, force: true }));

  it.each(exampleSteps(examples))('%s', async (_, step) => {
    expect(step.action).toBe(PROMOTE_ACTION_ID);
    const { repoPath, environment, image, tag } = step.input as Record<
      string,
      string
    >;
    // the checked-out repository the example's earlier steps would fetch
    const relative = `${repoPath}/deploy/overlays/${environment}/kustomization.yaml`;
    const overlay = path.join(workspacePath, relative);
    fs.mkdirSync(path.dirname(overlay), { recursive: true });
    fs.writeFileSync(
      overlay,
      `resources:\n  - ../../base\nimages:\n  - name: ${image}\n    newTag: "0.9.0"\n`,
    );

    const ctx = await runAction(
      createPromoteAction({
        permissions: gitops.permissions,
        client: gitops.client,
      }),
      step.input,
      { workspacePath },
    );

    expect(ctx.output).toHaveBeenCalledWith('file', relative);
    expect(ctx.output).toHaveBeenCalledWith('previousTag', '0.9.0');
    expect(ctx.output).toHaveBeenCalledWith('newTag', tag);
    expect(fs.readFileSync(overlay, 'utf8')).toContain(`newTag: "${tag}"`);
  });
});
