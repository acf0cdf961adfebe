import { mockServices } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { gitopsPermissions } from '@gitops-suite/plugin-gitops-common';
import { AUTHORIZE_ACTION_ID, createAuthorizeAction } from './authorize';
import { examples } from './authorize.examples';
import { exampleSteps, runAction } from '../__testUtils__/runAction';

describe('gitops:authorize examples', () => {
  it.each(exampleSteps(examples))('%s', async (_, step) => {
    expect(step.action).toBe(AUTHORIZE_ACTION_ID);
    const authorize = jest.fn(async (requests: any[]) =>
      requests.map(() => ({ result: AuthorizeResult.ALLOW })),
    );
    const permissions = mockServices.permissions.mock({
      authorize: authorize as any,
    });
    const ctx = await runAction(
      createAuthorizeAction({ permissions }),
      step.input,
    );
    const permission = gitopsPermissions.find(
      p => p.name === step.input.permission,
    );
    expect(authorize).toHaveBeenCalledWith(
      [{ permission, resourceRef: step.input.entityRef }],
      expect.anything(),
    );
    expect(ctx.logger.info).toHaveBeenCalledWith(
      `${step.input.permission} on ${step.input.entityRef}: allowed for the user who started this task`,
    );
  });
});
