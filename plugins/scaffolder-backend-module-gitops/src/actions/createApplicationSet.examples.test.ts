import fs from 'fs';
import os from 'os';
import path from 'path';
import {
  createCreateApplicationSetAction,
  CREATE_APPLICATIONSET_ACTION_ID,
} from './createApplicationSet';
import { examples } from './createApplicationSet.examples';
import { createRenderApplicationSetAction } from './renderApplicationSet';
import { examples as renderExamples } from './renderApplicationSet.examples';
import { exampleSteps, runAction } from '../__testUtils__/runAction';
import {
  gitopsEntity,
  startGitOpsTestBackend,
  useGitOpsTestBackend,
} from '../__testUtils__/startGitOpsTestBackend';
import { hubScenario } from '../__testUtils__/hubScenario';

// The render step compiles the ApplicationSet CRD schema (1.4 MB).
jest.setTimeout(60_000);

/*
 * Each documented example against the real gitops backend plugin over a
 * sandbox Argo CD agent `hub`. The example creates "the ApplicationSet
 * rendered by an earlier step": the render action's own example, run first.
 */
describe('gitops:applicationset:create examples', () => {
  const gitops = useGitOpsTestBackend(() =>
    startGitOpsTestBackend({
      scenario: hubScenario('scaffolder-create-applicationset-examples'),
      entities: [gitopsEntity('payments')],
      // the render example deploys in Argo CD's default project
      gitops: {
        projects: [
          { name: 'shop', owners: ['group:default/team-a'] },
          { name: 'default', owners: ['group:default/team-a'] },
        ],
      },
    }),
  );
  let workspacePath: string;
  beforeEach(() => {
    workspacePath = fs.mkdtempSync(path.join(os.tmpdir(), 'create-example-'));
  });
  afterEach(() => fs.rmSync(workspacePath, { recursive: true, force: true }));

  /** The outputs of the render example, by name, as later steps read them. */
  async function renderExampleOutputs(stepId: string) {
    const [[, render]] = exampleSteps(renderExamples);
    expect(render.id).toBe(stepId);
    const ctx = await runAction(
      createRenderApplicationSetAction(),
      render.input,
      {
        workspacePath,
      },
    );
    return Object.fromEntries(jest.mocked(ctx.output).mock.calls) as Record<
      string,
      string
    >;
  }

  it.each(exampleSteps(examples))('%s', async (_, step) => {
    expect(step.action).toBe(CREATE_APPLICATIONSET_ACTION_ID);
    const [, stepId, output] =
      /^\$\{\{ steps\.([\w-]+)\.output\.(\w+) \}\}$/.exec(
        step.input.applicationSet as string,
      ) ?? [];
    const input = {
      ...step.input,
      applicationSet: (await renderExampleOutputs(stepId))[output],
    };

    const ctx = await runAction(
      createCreateApplicationSetAction({
        client: gitops.client,
        permissions: gitops.permissions,
      }),
      input,
    );

    expect(ctx.output).toHaveBeenCalledWith('name', 'payments');
    const res = await gitops.agentFetch(
      'hub',
      '/api/v1/applicationsets/payments',
    );
    expect(res.status).toBe(200);
  });
});
