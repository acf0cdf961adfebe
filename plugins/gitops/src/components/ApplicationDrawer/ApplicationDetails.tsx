import type {
  GitOpsApplication,
  ResourceNode,
} from '@gitops-suite/plugin-gitops-common';
import Box from '@material-ui/core/Box';
import Tab from '@material-ui/core/Tab';
import Tabs from '@material-ui/core/Tabs';
import Alert from '@material-ui/lab/Alert';
import { useMemo, useState } from 'react';
import { useAgentInfo } from '../../hooks/useAgentInfo';
import { useAgentPermissions } from '../../hooks/useAgentPermissions';
import { useApplicationBlockers } from '../../hooks/useApplicationBlockers';
import { useApplicationDetails } from '../../hooks/useApplicationDetails';
import type { OperationOptions } from '../../hooks/useOperation';
import { toEntityApplicationRef } from '../../lib/entityApplicationRef';
import { errorMessage } from '../../lib/errorMessage';
import { OperationsBar } from '../ApplicationOperations';
import { HistoryTimeline } from '../HistoryTimeline';
import { ResourceDetailsPanel } from '../ResourceDetails';
import { ResourceDiffList } from '../ResourceDiff';
import { ResourceTree } from '../ResourceTree';
import { ApplicationSetTab } from './ApplicationSetTab';
import { DrawerHeader } from './DrawerHeader';
import { EventsTab } from './EventsTab';
import { OperationTab } from './OperationTab';
import { SyncWindowsTab } from './SyncWindowsTab';

const TABS = [
  'Resources',
  'Diff',
  'History',
  'Operation',
  'Sync windows',
  'ApplicationSet',
  'Audit',
] as const;

/** Everything about one application, and the operations on it. */
export function ApplicationDetails(props: {
  entityRef: string;
  initial: GitOpsApplication;
  onClose: () => void;
  onChanged?: () => void;
  operationOptions?: Pick<OperationOptions, 'pollIntervalMs' | 'timeoutMs'>;
}) {
  const { entityRef, initial, onClose, onChanged, operationOptions } = props;
  const { agentId, name, namespace } = initial;
  const ref = useMemo(
    () => toEntityApplicationRef(entityRef, { agentId, name, namespace }),
    [entityRef, agentId, name, namespace],
  );
  // the application's one follower; the operations bar follows through it
  const details = useApplicationDetails(ref, {
    busyIntervalMs: operationOptions?.pollIntervalMs,
  });
  const application = details.value ?? initial;
  // what the agent would refuse the user, asked as the drawer opens and
  // again after each operation
  const agentPermissions = useAgentPermissions(ref);
  // a running sync, a failed hydration, a closed sync window: shown in the
  // header and in the dialogs where someone acts
  const blockers = useApplicationBlockers(ref, application);
  const agentInfo = useAgentInfo(agentId);
  const [tab, setTab] = useState(0);
  // the tabs name the one panel they control (one drawer is open at a time)
  const ids = `gitops-details-${initial.key.replace(/[^\w-]/g, '-')}`;
  const [version, setVersion] = useState(0);
  const [resource, setResource] = useState<ResourceNode>();

  const settled = () => {
    details.retry();
    agentPermissions.retry();
    setVersion(v => v + 1);
    onChanged?.();
  };

  return (
    <Box p={3} width="min(960px, 90vw)">
      <DrawerHeader
        application={application}
        blockers={blockers}
        agent={agentInfo?.agent}
        agentNote={agentInfo?.olderArgoCd}
        onClose={onClose}
      />
      {details.error && (
        <Alert severity="warning">
          Showing the last known state: {errorMessage(details.error)}
        </Alert>
      )}
      <OperationsBar
        app={ref}
        application={application}
        onStarted={details.retry}
        onSettled={settled}
        options={operationOptions}
        agentPermissions={agentPermissions.value}
        blockers={blockers}
      />
      <Tabs
        value={tab}
        onChange={(_e, next) => setTab(next)}
        variant="scrollable"
        indicatorColor="primary"
        aria-label="Application details"
      >
        {TABS.map((label, index) => (
          <Tab
            key={label}
            label={label}
            id={`${ids}-tab-${index}`}
            aria-controls={`${ids}-panel`}
          />
        ))}
      </Tabs>
      <Box
        pt={2}
        key={`${tab}-${version}`}
        role="tabpanel"
        id={`${ids}-panel`}
        aria-labelledby={`${ids}-tab-${tab}`}
      >
        {tab === 0 &&
          (resource ? (
            <ResourceDetailsPanel
              app={ref}
              node={resource}
              onClose={() => setResource(undefined)}
            />
          ) : (
            <ResourceTree
              app={ref}
              onOpen={setResource}
              agentPermissions={agentPermissions.value}
              onActionDone={agentPermissions.retry}
            />
          ))}
        {tab === 1 && <ResourceDiffList app={ref} />}
        {tab === 2 && <HistoryTimeline app={ref} application={application} />}
        {tab === 3 && <OperationTab application={application} />}
        {tab === 4 && <SyncWindowsTab app={ref} />}
        {tab === 5 && (
          <ApplicationSetTab entityRef={entityRef} application={application} />
        )}
        {tab === 6 && <EventsTab app={ref} />}
      </Box>
    </Box>
  );
}
