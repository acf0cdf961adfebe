import { parse } from 'yaml';
import { validate } from 'jsonschema';
import { InputError } from '@backstage/errors';
import {
  TemplateAction,
  TemplateExample,
} from '@backstage/plugin-scaffolder-node';
import { createMockActionContext } from '@backstage/plugin-scaffolder-node-test-utils';

/**
 * Validates a step's input against the action's declared input schema the
 * way the scaffolder's workflow runner does (jsonschema, same message), so
 * tests see the error a user gets for invalid input.
 */
export function validateActionInput(
  action: TemplateAction<any, any, any>,
  input: Record<string, unknown>,
) {
  if (!action.schema?.input) return;
  const result = validate(input, action.schema.input);
  if (!result.valid) {
    throw new InputError(
      `Invalid input passed to action ${action.id}, ${result.errors.join(
        ', ',
      )}`,
    );
  }
}

/**
 * Runs an action as a task step would: its input validated against its
 * schema first (see validateActionInput), then its handler with Backstage's
 * mock context (its `output` and `logger.info` are spied on); `isDryRun` is
 * set here because createMockActionContext drops it.
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
  validateActionInput(action, input);
  await action.handler(ctx);
  return ctx;
}

/**
 * A NotAllowedError whose message contains `message` (or matches it), as
 * `rejects.toMatchObject` takes it.
 */
export function notAllowed(message: string | RegExp) {
  return {
    name: 'NotAllowedError',
    message:
      typeof message === 'string'
        ? expect.stringContaining(message)
        : expect.stringMatching(message),
  };
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
