import { startTestBackend } from '@backstage/backend-test-utils';
import { scaffolderActionsExtensionPoint } from '@backstage/plugin-scaffolder-node';
import { scaffolderTemplatingExtensionPoint } from '@backstage/plugin-scaffolder-node/alpha';
import { scaffolderModuleGitops } from './module';

describe('scaffolderModuleGitops', () => {
  it('registers the GitOps actions with the scaffolder', async () => {
    const addActions = jest.fn();
    const addTemplateFilters = jest.fn();
    await startTestBackend({
      extensionPoints: [
        [scaffolderActionsExtensionPoint, { addActions }],
        [
          scaffolderTemplatingExtensionPoint,
          { addTemplateFilters, addTemplateGlobals: jest.fn() },
        ],
      ],
      features: [scaffolderModuleGitops],
    });
    const ids = addActions.mock.calls
      .flat()
      .map((action: { id: string }) => action.id);
    expect(ids.sort()).toEqual([
      'gitops:application:sync',
      'gitops:applicationset:create',
      'gitops:applicationset:render',
      'gitops:authorize',
      'gitops:deployment:targets',
      'gitops:promote',
      'gitops:revert',
    ]);
    expect(Object.keys(addTemplateFilters.mock.calls[0][0])).toEqual([
      'gitopsCloneUrl',
      'gitopsRepositoryUrl',
    ]);
  });
});
