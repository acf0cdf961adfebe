import fs from 'fs';
import os from 'os';
import path from 'path';
import { parse } from 'yaml';
import {
  createRenderApplicationSetAction,
  RENDER_APPLICATIONSET_ACTION_ID,
} from './renderApplicationSet';
import { examples } from './renderApplicationSet.examples';
import { ApplicationSetSchemaValidator } from './applicationSet/ApplicationSetSchemaValidator';
import { exampleSteps, runAction } from '../__testUtils__/runAction';

// The first run compiles the ApplicationSet CRD schema (1.4 MB).
jest.setTimeout(60_000);

describe('gitops:applicationset:render examples', () => {
  let workspacePath: string;
  beforeEach(() => {
    workspacePath = fs.mkdtempSync(path.join(os.tmpdir(), 'render-example-'));
  });
  afterEach(() => fs.rmSync(workspacePath, { recursive: true, force: true }));

  it.each(exampleSteps(examples))('%s', async (_, step) => {
    expect(step.action).toBe(RENDER_APPLICATIONSET_ACTION_ID);
    const ctx = await runAction(
      createRenderApplicationSetAction(),
      step.input,
      {
        workspacePath,
      },
    );
    const written = fs.readFileSync(
      path.join(workspacePath, 'deploy/applicationset.yaml'),
      'utf8',
    );
    expect(ctx.output).toHaveBeenCalledWith('applicationSet', written);
    const manifest = parse(written);
    expect(ApplicationSetSchemaValidator.get().errors(manifest)).toEqual([]);
    const environments = step.input.environments as Array<{ name: string }>;
    expect(
      manifest.spec.generators[0].list.elements.map(
        (e: { environment: string }) => e.environment,
      ),
    ).toEqual(environments.map(e => e.name));
  });
});
