import { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { SidebarItem } from '@backstage/core-components';
import CloudQueueIcon from '@material-ui/icons/CloudQueue';
import { GitOpsFleetPage } from '@gitops-suite/plugin-gitops';

/** Top-level routes of the GitOps suite (the fleet page), filled by the frontend plugin. */
export const gitopsRoutes: ReactElement[] = [
  <Route key="gitops" path="/gitops" element={<GitOpsFleetPage />} />,
];

/** Sidebar entries of the GitOps suite, filled by the frontend plugin. */
export const gitopsSidebarItems: ReactElement[] = [
  <SidebarItem key="gitops" icon={CloudQueueIcon} to="gitops" text="GitOps" />,
];
