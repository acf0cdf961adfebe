/*
 * Development harness: `npm start` at the repository root first (sandbox
 * agents + backend on :7007), then `npx backstage-cli package start` in
 * plugins/gitops. The components render against the real backend and the
 * sandbox fleet; payments-api is one of the example catalog entities.
 */
import { Entity } from '@backstage/catalog-model';
import { createDevApp } from '@backstage/dev-utils';
import { EntityProvider } from '@backstage/plugin-catalog-react';
import { EntityGitOpsContent, GitOpsFleetPage, gitopsPlugin } from '../src';

const paymentsApi: Entity = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Component',
  metadata: {
    name: 'payments-api',
    namespace: 'default',
    annotations: { 'gitops/service': 'payments-api' },
  },
  spec: { type: 'service', lifecycle: 'production', owner: 'team-payments' },
};

createDevApp()
  .registerPlugin(gitopsPlugin)
  .addPage({
    path: '/gitops-entity',
    title: 'Entity tab',
    element: (
      <EntityProvider entity={paymentsApi}>
        <EntityGitOpsContent />
      </EntityProvider>
    ),
  })
  .addPage({
    path: '/gitops-fleet',
    title: 'Fleet',
    element: <GitOpsFleetPage />,
  })
  .render();
