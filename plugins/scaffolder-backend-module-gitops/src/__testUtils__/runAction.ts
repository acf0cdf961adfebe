import { parse } from 'yaml';
import {
  TemplateAction,
  TemplateExample,
} from '@backstage/plugin-scaffolder-node';
import { createMockActionContext } from '@backstage/plugin-scaffolder-node-test-utils';

/**
 * Runs an action's handler as a task step would, with Backstage's mock
 * context (its `output` and `logger.info` are spied on); `isDryRun` is set
 * here because createMockActionContext drops it.
 */
export async function runAction(
  action: TemplateAction<any, any, any>,
  input: Record<string, unknown>,
  options: { isDryRun?: boolean; workspacePath?: string } = {},
) {
  const { isDryRun = false, workspacePath } = options;
  const ctx = {
    ...createMockActionContext({
      input: input as any,
      ...(workspacePath && { workspacePath }),
    }),
    isDryRun,
  };
  jest.spyOn(ctx.logger, 'info');
  await action.handler(ctx);
  return ctx;
}

/** One step of an action's documented example, as a template holds it. */
export interface ExampleStep {
  id: string;
  action: string;
  name: string;
  input: Record<string, unknown>;
}

/** The steps of an action's documented examples, each with its example's description. */
export function exampleSteps(
  examples: TemplateExample[],
): Array<[string, ExampleStep]> {
  return examples.flatMap(({ description, example }) =>
    (parse(example).steps as ExampleStep[]).map(
      step => [description, step] as [string, ExampleStep],
    ),
  );
}
