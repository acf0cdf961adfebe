import type { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';
import { ApplicationDrawer } from '../components/ApplicationDrawer';
import './loadSplitViews';
import { devApp, entityRef as defaultEntityRef } from './fixtures';
import { renderWithEntity } from './renderWithEntity';

/**
 * Renders the application drawer open on `application` (the dev
 * application), on behalf of `entityRef` (the test entity).
 */
export function renderApplicationDrawer(
  options: Parameters<typeof renderWithEntity>[1] & {
    application?: GitOpsApplication;
    entityRef?: string;
  } = {},
) {
  const { application = devApp, entityRef = defaultEntityRef } = options;
  return renderWithEntity(
    <ApplicationDrawer
      entityRef={entityRef}
      application={application}
      onClose={() => {}}
    />,
    options,
  );
}
