import type { Entity } from '@backstage/catalog-model';
import {
  catalogApiRef,
  EntityProvider,
  entityRouteRef,
} from '@backstage/plugin-catalog-react';
import type { CatalogApi } from '@backstage/plugin-catalog-react';
import { permissionApiRef } from '@backstage/plugin-permission-react';
import type { PermissionApi } from '@backstage/plugin-permission-react';
import { signalApiRef } from '@backstage/plugin-signals-react';
import type { SignalApi } from '@backstage/plugin-signals-react';
import {
  mockApis,
  renderInTestApp,
  TestApiProvider,
} from '@backstage/test-utils';
import type { ReactElement } from 'react';
import { GitOpsApi, gitopsApiRef } from '../api';
import { entity as defaultEntity } from './fixtures';
import { testGitOpsApi } from './testGitOpsApi';

/** Renders an element in a test app, inside an entity page context. */
export function renderWithEntity(
  element: ReactElement,
  options: {
    api?: GitOpsApi;
    entity?: Entity;
    permissionApi?: PermissionApi;
    /** A catalog, for components that look entities up (owners). */
    catalogApi?: CatalogApi;
    /** Signals, for components that re-read on them (polling without). */
    signalApi?: SignalApi;
    routeEntries?: string[];
  } = {},
) {
  const {
    api = testGitOpsApi(),
    entity = defaultEntity,
    permissionApi = mockApis.permission(),
  } = options;
  return renderInTestApp(
    <TestApiProvider
      apis={[
        [gitopsApiRef, api],
        [permissionApiRef, permissionApi],
        ...(options.catalogApi
          ? [[catalogApiRef, options.catalogApi] as const]
          : []),
        ...(options.signalApi
          ? [[signalApiRef, options.signalApi] as const]
          : []),
      ]}
    >
      <EntityProvider entity={entity}>{element}</EntityProvider>
    </TestApiProvider>,
    {
      mountedRoutes: { '/catalog/:namespace/:kind/:name': entityRouteRef },
      routeEntries: options.routeEntries,
    },
  );
}
