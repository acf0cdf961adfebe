import { startTestBackend } from '@backstage/backend-test-utils';
import { scaffolderActionsExtensionPoint } from '@backstage/plugin-scaffolder-node';
import { scaffolderModuleGitops } from './module';

describe('scaffolderModuleGitops', () => {
  it('registers the GitOps actions with the scaffolder', async () => {
    const addActions = jest.fn();
    await startTestBackend({
      extensionPoints: [[scaffolderActionsExtensionPoint, { addActions }]],
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
    ]);
  });
});
