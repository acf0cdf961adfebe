import { ReactElement } from 'react';
import Grid from '@material-ui/core/Grid';
import { EntityLayout, EntitySwitch } from '@backstage/plugin-catalog';
import {
  EntityGitOpsContent,
  EntityGitOpsEnvironmentContent,
  EntityGitOpsOverviewCard,
  isGitOpsAvailable,
  isGitOpsEnvironment,
} from '@gitops-suite/plugin-gitops';

/**
 * Where the GitOps suite plugs into the entity pages and the sidebar.
 * The frontend plugin fills these: the entity "GitOps" tab, the overview
 * card, the environment tab of Resource entities and the fleet page route.
 */
export const gitopsSlots: {
  overviewCard: ReactElement | null;
  entityTab: ReactElement | null;
  environmentTab: ReactElement | null;
} = {
  overviewCard: (
    <EntitySwitch>
      <EntitySwitch.Case if={isGitOpsAvailable}>
        <Grid item md={6} xs={12}>
          <EntityGitOpsOverviewCard />
        </Grid>
      </EntitySwitch.Case>
    </EntitySwitch>
  ),
  // Always present on components, so the empty state can explain the
  // annotations to add.
  entityTab: (
    <EntityLayout.Route path="/gitops" title="GitOps">
      <EntityGitOpsContent />
    </EntityLayout.Route>
  ),
  environmentTab: (
    <EntityLayout.Route
      path="/gitops"
      title="Deployments"
      if={isGitOpsEnvironment}
    >
      <EntityGitOpsEnvironmentContent />
    </EntityLayout.Route>
  ),
};
