import type { Entity } from '@backstage/catalog-model';
import { renderInTestApp, TestApiProvider } from '@backstage/test-utils';
import {
  catalogApiRef,
  EntityProvider,
  entityRouteRef,
} from '@backstage/plugin-catalog-react';
import { catalogApiMock } from '@backstage/plugin-catalog-react/testUtils';
import { screen, within } from '@testing-library/react';
import { EnvironmentComponentsCard } from './EnvironmentComponentsCard';

const component = (name: string, system?: string): Entity => ({
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Component',
  metadata: { name, namespace: 'default' },
  spec: { type: 'service', owner: 'team', ...(system && { system }) },
});

// 30 components across three systems and none: a graph of them cannot be read
const components = [
  ...Array.from({ length: 12 }, (_, i) => component(`shop-${i}`, 'shop')),
  ...Array.from({ length: 10 }, (_, i) => component(`pay-${i}`, 'payments')),
  ...Array.from({ length: 6 }, (_, i) => component(`ops-${i}`, 'platform')),
  component('loose-a'),
  component('loose-b'),
];

const environment: Entity = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Resource',
  metadata: { name: 'prod', namespace: 'default' },
  spec: { type: 'environment', owner: 'platform' },
  relations: [
    ...components.map(c => ({
      type: 'dependencyOf',
      targetRef: `component:default/${c.metadata.name}`,
    })),
    // not a component: not listed
    { type: 'dependencyOf', targetRef: 'system:default/shop' },
    { type: 'ownedBy', targetRef: 'group:default/platform' },
  ],
};

describe('EnvironmentComponentsCard', () => {
  it('lists every component running in the environment, grouped by system', async () => {
    await renderInTestApp(
      <TestApiProvider
        apis={[[catalogApiRef, catalogApiMock({ entities: components })]]}
      >
        <EntityProvider entity={environment}>
          <EnvironmentComponentsCard />
        </EntityProvider>
      </TestApiProvider>,
      {
        mountedRoutes: { '/catalog/:namespace/:kind/:name': entityRouteRef },
      },
    );
    expect(
      await screen.findByText('Components running here (30)'),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Components by system' });
    const headers = within(list)
      .getAllByRole('listitem')
      .flatMap(item =>
        Array.from(item.querySelectorAll('.MuiListSubheader-root')).map(
          h => h.textContent,
        ),
      );
    expect(headers).toEqual([
      'payments (10)',
      'platform (6)',
      'shop (12)',
      'No system (2)',
    ]);
    for (const c of components) {
      expect(within(list).getByText(c.metadata.name)).toBeInTheDocument();
    }
  });
});
