import type { Entity } from '@backstage/catalog-model';
import {
  createExtensionTester,
  renderInTestApp,
} from '@backstage/frontend-test-utils';
import { EntityProvider } from '@backstage/plugin-catalog-react';
import {
  EntityCardBlueprint,
  EntityContentBlueprint,
} from '@backstage/plugin-catalog-react/alpha';
import { FormFieldBlueprint } from '@backstage/plugin-scaffolder-react/alpha';
import { ApiBlueprint } from '@backstage/frontend-plugin-api';
import {
  gitopsApiRef,
  gitOpsUserIdentityApiRef,
  type GitOpsUserIdentityApi,
} from '../api';
import { entity, unannotatedEntity } from '../__testUtils__/fixtures';
import { promotionInsight } from '../__testUtils__/deliveryFixtures';
import { findPromotionCard } from '../__testUtils__/promotionCard';
import { testGitOpsApi } from '../__testUtils__/testGitOpsApi';
import {
  GitOpsAgentPicker,
  validateGitOpsAgent,
} from '../scaffolder/GitOpsAgentPicker';
import {
  GitOpsEnvironmentPicker,
  validateGitOpsEnvironments,
} from '../scaffolder/GitOpsEnvironmentPicker';
import {
  GitOpsRepoUrlPicker,
  validateGitOpsRepoUrl,
} from '../scaffolder/GitOpsRepoUrlPicker';
import gitopsPlugin from './plugin';

const environment = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Resource',
  metadata: { name: 'prod', namespace: 'default' },
  spec: { type: 'environment', owner: 'platform' },
};

describe('the GitOps plugin in the new frontend system', () => {
  it('provides the API, the page, the entity tabs and cards and the scaffolder fields', () => {
    expect(gitopsPlugin.id).toBe('gitops');
    for (const id of [
      'api:gitops',
      'api:gitops/user-identity',
      'page:gitops',
      'entity-content:gitops/entity',
      'entity-content:gitops/environment',
      'entity-card:gitops/overview',
      'entity-card:gitops/delivery-metrics',
      'entity-card:gitops/promotion-insight',
      'entity-card:gitops/agent-health',
      'entity-card:gitops/environment-components',
      'scaffolder-form-field:gitops/agent-picker',
      'scaffolder-form-field:gitops/environment-picker',
      'scaffolder-form-field:gitops/repo-url-picker',
    ] as const) {
      expect(gitopsPlugin.getExtension(id)).toBeDefined();
    }
  });

  it('provides a user identity without a token, under the id an app overrides', async () => {
    // an app's module of plugin gitops replaces it by this id
    const tester = createExtensionTester(
      gitopsPlugin.getExtension('api:gitops/user-identity'),
    );
    const factory = tester.get(ApiBlueprint.dataRefs.factory);
    expect(factory.api.id).toBe(gitOpsUserIdentityApiRef.id);
    const api = factory.factory({}) as GitOpsUserIdentityApi;
    await expect(api.getIdToken()).resolves.toBeUndefined();
  });

  it('adds the GitOps tab to components and the Deployments tab to environments', () => {
    const tab = createExtensionTester(
      gitopsPlugin.getExtension('entity-content:gitops/entity'),
    );
    expect(tab.get(EntityContentBlueprint.dataRefs.title)).toBe('GitOps');
    const onComponents = tab.get(
      EntityContentBlueprint.dataRefs.filterFunction,
    );
    expect(onComponents?.(unannotatedEntity)).toBe(true);
    expect(onComponents?.(environment)).toBe(false);

    const deployments = createExtensionTester(
      gitopsPlugin.getExtension('entity-content:gitops/environment'),
    );
    expect(deployments.get(EntityContentBlueprint.dataRefs.title)).toBe(
      'Deployments',
    );
    const onEnvironments = deployments.get(
      EntityContentBlueprint.dataRefs.filterFunction,
    );
    expect(onEnvironments?.(environment)).toBe(true);
    expect(onEnvironments?.(entity)).toBe(false);
  });

  it.each([
    ['overview', gitopsPlugin.getExtension('entity-card:gitops/overview')],
    [
      'delivery-metrics',
      gitopsPlugin.getExtension('entity-card:gitops/delivery-metrics'),
    ],
    [
      'promotion-insight',
      gitopsPlugin.getExtension('entity-card:gitops/promotion-insight'),
    ],
  ])(
    'shows the %s card only on entities with GitOps annotations',
    (_name, card) => {
      const filter = createExtensionTester<any>(card).get(
        EntityCardBlueprint.dataRefs.filterFunction,
      ) as ((subject: Entity) => boolean) | undefined;
      expect(filter?.(entity)).toBe(true);
      expect(filter?.(unannotatedEntity)).toBe(false);
    },
  );

  it('shows the components-by-system card only on environment Resources', () => {
    const filter = createExtensionTester<any>(
      gitopsPlugin.getExtension('entity-card:gitops/environment-components'),
    ).get(EntityCardBlueprint.dataRefs.filterFunction) as
      | ((subject: Entity) => boolean)
      | undefined;
    expect(filter?.(environment)).toBe(true);
    expect(filter?.(entity)).toBe(false);
    expect(
      filter?.({ ...environment, spec: { type: 'kubernetes-cluster' } }),
    ).toBe(false);
  });

  it('shows the agent health card only on GitOps agent Resources', () => {
    const filter = createExtensionTester<any>(
      gitopsPlugin.getExtension('entity-card:gitops/agent-health'),
    ).get(EntityCardBlueprint.dataRefs.filterFunction) as
      | ((subject: Entity) => boolean)
      | undefined;
    const agent = {
      ...environment,
      metadata: {
        name: 'gitops-agent-hx',
        namespace: 'default',
        annotations: { 'gitops/agent': 'hx' },
      },
      spec: { type: 'gitops-agent', owner: 'platform' },
    };
    expect(filter?.(agent)).toBe(true);
    expect(filter?.(environment)).toBe(false);
    expect(filter?.(entity)).toBe(false);
  });

  it('renders the promotion card from its extension', async () => {
    await renderInTestApp(
      <EntityProvider entity={entity}>
        {createExtensionTester(
          gitopsPlugin.getExtension('entity-card:gitops/promotion-insight'),
        ).reactElement()}
      </EntityProvider>,
      {
        apis: [
          [
            gitopsApiRef,
            testGitOpsApi({ getEntityPromotion: async () => promotionInsight }),
          ],
        ],
      },
    );
    const promotion = await findPromotionCard();
    expect(promotion.table).toBeInTheDocument();
    expect(promotion.prodLag).toBeInTheDocument();
  });

  it.each([
    [
      'GitOpsAgentPicker',
      gitopsPlugin.getExtension('scaffolder-form-field:gitops/agent-picker'),
      GitOpsAgentPicker,
      validateGitOpsAgent,
    ],
    [
      'GitOpsEnvironmentPicker',
      gitopsPlugin.getExtension(
        'scaffolder-form-field:gitops/environment-picker',
      ),
      GitOpsEnvironmentPicker,
      validateGitOpsEnvironments,
    ],
    [
      'GitOpsRepoUrlPicker',
      gitopsPlugin.getExtension('scaffolder-form-field:gitops/repo-url-picker'),
      GitOpsRepoUrlPicker,
      validateGitOpsRepoUrl,
    ],
  ] as const)(
    'gives the scaffolder the field %s with its validation',
    async (name, extension, component, validation) => {
      const load = createExtensionTester<any>(extension).get(
        FormFieldBlueprint.dataRefs.formFieldLoader,
      ) as () => Promise<unknown>;
      const field = (await load()) as unknown as {
        $$type: string;
        name: string;
        component: unknown;
        validation: unknown;
      };
      expect(field).toMatchObject({
        $$type: '@backstage/scaffolder/FormField',
        name,
        component,
        validation,
      });
    },
  );
});
