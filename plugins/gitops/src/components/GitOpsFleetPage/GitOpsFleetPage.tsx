import {
  Content,
  ContentHeader,
  Header,
  Page,
  Progress,
  ResponseErrorPanel,
  SupportButton,
  WarningPanel,
} from '@backstage/core-components';
import Grid from '@material-ui/core/Grid';
import Tab from '@material-ui/core/Tab';
import Tabs from '@material-ui/core/Tabs';
import { lazy, Suspense } from 'react';
import { useAgents } from '../../hooks/useAgents';
import { useFleet } from '../../hooks/useFleet';
import { useEnvironmentTitles } from '../../hooks/useEnvironmentTitles';
import { FleetFilterKey, useFleetFilters } from '../../hooks/useFleetFilters';
import { hasStatus } from '../../lib/errorMessage';
import { AgentErrorBanners } from '../AgentErrorBanners';
import { FleetDeliveryMetrics } from '../DeliveryMetricsFleet';
import { AgentsTable } from './AgentsTable';
import { BreakdownCard } from './BreakdownCard';
import { FleetFilters } from './FleetFilters';
import { FleetStatusCard } from './FleetStatusCard';
import { ProblemApplicationsTable } from './ProblemApplicationsTable';
import { useFilterOptions } from './useFilterOptions';
import { FLEET_VIEWS, FleetView, useFleetView } from './useFleetView';

// the audit and repositories views load when their tab is first shown
const AuditView = lazy(() =>
  import('./AuditView').then(m => ({ default: m.AuditView })),
);
const RepositoriesView = lazy(() =>
  import('./RepositoriesView').then(m => ({ default: m.RepositoriesView })),
);

const VIEW_TITLES: Record<FleetView, string> = {
  overview: 'Overview',
  audit: 'Audit',
  repositories: 'Repositories',
};

const tabId = (view: FleetView) => `gitops-fleet-tab-${view}`;
const panelId = (view: FleetView) => `gitops-fleet-tabpanel-${view}`;

/**
 * Props of {@link GitOpsFleetPage}.
 * @public
 */
export interface GitOpsFleetPageProps {
  title?: string;
  /** How often to refresh in the background while visible; 60 s by default. */
  refreshIntervalMs?: number;
}

/**
 * The whole fleet across agents and clusters: counts by health and sync,
 * breakdowns by environment and agent, the applications that need
 * attention, and the agents' health and versions. Filters live in the URL.
 */
export function GitOpsFleetPage(props: GitOpsFleetPageProps = {}) {
  const { title = 'GitOps fleet', refreshIntervalMs } = props;
  const { filter, setFilter, clear } = useFleetFilters();
  const [view, setView] = useFleetView();
  const fleet = useFleet(filter, { intervalMs: refreshIntervalMs });
  const agents = useAgents({ intervalMs: refreshIntervalMs });
  const options = useFilterOptions(agents.value?.items);
  const environmentTitle = useEnvironmentTitles();
  // a configured environment by its title; an application in none of them
  // falls back to its cluster, and says so
  const environmentLabel = (name: string) =>
    options.environment.includes(name)
      ? environmentTitle(name)
      : `${name} (cluster)`;

  const toggle = (key: FleetFilterKey, value: string) => {
    const current = (filter[key] as string[] | undefined) ?? [];
    setFilter(
      key,
      current.includes(value)
        ? current.filter(v => v !== value)
        : [...current, value],
    );
  };

  let body;
  if (fleet.loading) {
    body = <Progress />;
  } else if (fleet.error && !fleet.value) {
    body = hasStatus(fleet.error, 403) ? (
      <WarningPanel severity="info" title="You may not view the GitOps fleet">
        Ask a platform administrator for the gitops.fleet.read permission.
      </WarningPanel>
    ) : (
      <ResponseErrorPanel error={fleet.error} />
    );
  } else if (fleet.value) {
    const summary = fleet.value;
    body = (
      <>
        <AgentErrorBanners errors={summary.errors} />
        <Grid container spacing={3}>
          <Grid item xs={12} md={6}>
            <FleetStatusCard summary={summary} onFilter={toggle} />
          </Grid>
          <Grid item xs={12} md={6}>
            <BreakdownCard
              title="By environment"
              rows={summary.byEnvironment.map(e => ({
                ...e,
                name: e.environment,
                label: environmentLabel(e.environment),
              }))}
              onSelect={name => toggle('environment', name)}
            />
          </Grid>
          <Grid item xs={12}>
            <ProblemApplicationsTable
              filter={filter}
              refreshIntervalMs={refreshIntervalMs}
              onChanged={fleet.retry}
            />
          </Grid>
          <Grid item xs={12}>
            <FleetDeliveryMetrics filter={filter} />
          </Grid>
          <Grid item xs={12} md={6}>
            <BreakdownCard
              title="By agent"
              rows={summary.byAgent.map(a => ({ ...a, name: a.agentId }))}
              onSelect={name => toggle('agent', name)}
            />
          </Grid>
          <Grid item xs={12}>
            <AgentsTable agents={agents.value?.items ?? []} />
          </Grid>
        </Grid>
      </>
    );
  }

  return (
    <Page themeId="tool">
      <Header
        title={title}
        subtitle="Argo CD and Harness GitOps applications across agents and clusters"
      />
      <Content>
        <ContentHeader title="Fleet">
          <SupportButton>
            Health and sync state of every application the GitOps agents serve.
          </SupportButton>
        </ContentHeader>
        <Tabs
          value={view}
          onChange={(_event, next: FleetView) => setView(next)}
          indicatorColor="primary"
          aria-label="Fleet views"
        >
          {FLEET_VIEWS.map(v => (
            <Tab
              key={v}
              value={v}
              label={VIEW_TITLES[v]}
              id={tabId(v)}
              aria-controls={panelId(v)}
            />
          ))}
        </Tabs>
        <div
          role="tabpanel"
          id={panelId(view)}
          aria-labelledby={tabId(view)}
          style={{ paddingTop: 16 }}
        >
          {view === 'overview' && (
            <>
              <FleetFilters
                filter={filter}
                options={options}
                onChange={setFilter}
                onClear={clear}
              />
              {body}
            </>
          )}
          <Suspense fallback={<Progress />}>
            {view === 'audit' && (
              <AuditView
                agents={options.agent}
                environments={options.environment}
              />
            )}
            {view === 'repositories' && <RepositoriesView />}
          </Suspense>
        </div>
      </Content>
    </Page>
  );
}
