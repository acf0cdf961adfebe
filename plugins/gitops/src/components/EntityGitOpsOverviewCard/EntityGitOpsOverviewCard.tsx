import { InfoCard } from '@backstage/core-components';
import { useEntity, useEntityRefLink } from '@backstage/plugin-catalog-react';
import Table from '@material-ui/core/Table';
import TableBody from '@material-ui/core/TableBody';
import Typography from '@material-ui/core/Typography';
import Alert from '@material-ui/lab/Alert';
import { useEntityApplications } from '../../hooks/useEntityApplications';
import { entityOutage } from '../../lib/agentOutage';
import { LiveContent } from '../LiveContent';
import { EnvironmentSummaryRow } from './EnvironmentSummaryRow';

/** Where the entity runs, one line per environment, for the overview tab. */
export function EntityGitOpsOverviewCard() {
  const { entity } = useEntity();
  const entityLink = useEntityRefLink();
  const state = useEntityApplications({ intervalMs: 60_000 });
  const deepLink = {
    title: 'View GitOps',
    link: `${entityLink(entity)}/gitops`,
  };

  return (
    <InfoCard
      title="GitOps"
      subheader="Deployments by environment"
      deepLink={deepLink}
    >
      <LiveContent state={state}>
        {value => {
          const total = value.environments.reduce(
            (n, g) => n + g.applications.length,
            0,
          );
          const { errors } = entityOutage(value);
          return (
            <>
              {errors.length > 0 && (
                <Alert severity="warning">
                  {errors.length} agent{errors.length === 1 ? '' : 's'} did not
                  answer: {errors.map(e => e.agentId).join(', ')}
                </Alert>
              )}
              {total === 0 ? (
                <Typography color="textSecondary">
                  No GitOps applications match this entity.
                </Typography>
              ) : (
                <Table size="small" aria-label="Environments">
                  <TableBody>
                    {value.environments.map(group => (
                      <EnvironmentSummaryRow key={group.name} group={group} />
                    ))}
                  </TableBody>
                </Table>
              )}
            </>
          );
        }}
      </LiveContent>
    </InfoCard>
  );
}
