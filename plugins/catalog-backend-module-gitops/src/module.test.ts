import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import { catalogProcessingExtensionPoint } from '@backstage/plugin-catalog-node';
import { GitOpsEnvironmentProcessor } from './processor/GitOpsEnvironmentProcessor';
import { GitOpsEntityProvider } from './provider/GitOpsEntityProvider';
import { catalogModuleGitopsEntityProvider } from './module';

describe('catalogModuleGitopsEntityProvider', () => {
  it('registers the entity provider and the processor with the catalog', async () => {
    const addEntityProvider = jest.fn();
    const addProcessor = jest.fn();
    const scheduler = mockServices.scheduler.mock();
    const runner = { run: jest.fn() };
    scheduler.createScheduledTaskRunner.mockReturnValue(runner);

    await startTestBackend({
      extensionPoints: [
        [catalogProcessingExtensionPoint, { addEntityProvider, addProcessor }],
      ],
      features: [
        catalogModuleGitopsEntityProvider,
        scheduler.factory,
        mockServices.rootConfig.factory({
          data: {
            catalog: {
              providers: {
                gitops: {
                  schedule: {
                    frequency: { minutes: 10 },
                    timeout: { minutes: 2 },
                  },
                },
              },
            },
          },
        }),
      ],
    });

    expect(addEntityProvider).toHaveBeenCalledWith(
      expect.any(GitOpsEntityProvider),
    );
    expect(addEntityProvider.mock.calls[0][0].getProviderName()).toBe(
      'gitops-entity-provider',
    );
    expect(addProcessor).toHaveBeenCalledWith(
      expect.any(GitOpsEnvironmentProcessor),
    );
    expect(scheduler.createScheduledTaskRunner).toHaveBeenCalledWith(
      expect.objectContaining({ frequency: { minutes: 10 } }),
    );
  });
});
