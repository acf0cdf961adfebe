import { Progress, ResponseErrorPanel } from '@backstage/core-components';
import { useApi } from '@backstage/core-plugin-api';
import type {
  EntityApplicationRef,
  ResourceManifest,
  ResourceNode,
  ResourceRef,
} from '@gitops-suite/plugin-gitops-common';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import Tab from '@material-ui/core/Tab';
import Tabs from '@material-ui/core/Tabs';
import Typography from '@material-ui/core/Typography';
import ArrowBackIcon from '@material-ui/icons/ArrowBack';
import { useMemo, useState } from 'react';
import useAsyncRetry from 'react-use/esm/useAsyncRetry';
import { gitopsApiRef } from '../../api';
import { KindIcon } from '../ResourceTree/KindIcon';
import { ManifestTab } from './ManifestTab';
import { ResourceEventsTab } from './ResourceEventsTab';
import { ResourceLogsTab } from './ResourceLogsTab';

/** Kinds whose pods write logs: a Pod, or a workload that owns pods. */
const LOG_KINDS = new Set([
  'Pod',
  'Deployment',
  'StatefulSet',
  'DaemonSet',
  'ReplicaSet',
  'Job',
]);

function ManifestView(props: {
  manifest: ReturnType<typeof useAsyncRetry<ResourceManifest>>;
}) {
  const { loading, error, value } = props.manifest;
  if (loading) return <Progress />;
  if (error) return <ResponseErrorPanel error={error} />;
  return value ? <ManifestTab manifest={value} /> : null;
}

/**
 * One resource of an application: its live manifest, its Kubernetes
 * events and, for pods and workloads, its containers' logs.
 */
export function ResourceDetailsPanel(props: {
  app: EntityApplicationRef;
  node: ResourceNode;
  onClose: () => void;
}) {
  const { app, node, onClose } = props;
  const api = useApi(gitopsApiRef);
  const resource: ResourceRef = useMemo(
    () => ({
      kind: node.kind,
      name: node.name,
      group: node.group ?? '',
      ...(node.version && { version: node.version }),
      ...(node.namespace && { namespace: node.namespace }),
    }),
    [node.kind, node.name, node.group, node.version, node.namespace],
  );
  const manifest = useAsyncRetry(
    () => api.getResourceManifest(app, resource),
    [api, app, resource],
  );
  const tabs = [
    'Manifest',
    'Events',
    ...(LOG_KINDS.has(node.kind) ? ['Logs'] : []),
  ];
  const [tab, setTab] = useState(0);

  return (
    <Box aria-label={`Resource ${node.kind} ${node.name}`} role="region">
      <Box display="flex" alignItems="center" style={{ gap: 8 }}>
        <Button size="small" startIcon={<ArrowBackIcon />} onClick={onClose}>
          Resources
        </Button>
        <KindIcon kind={node.kind} />
        <Typography variant="h6" style={{ wordBreak: 'break-all' }}>
          {node.kind}/{node.name}
        </Typography>
        {node.namespace && (
          <Typography variant="body2" color="textSecondary">
            in {node.namespace}
          </Typography>
        )}
      </Box>
      <Tabs
        value={tab}
        onChange={(_e, next) => setTab(next)}
        indicatorColor="primary"
        aria-label="Resource details"
      >
        {tabs.map(label => (
          <Tab key={label} label={label} />
        ))}
      </Tabs>
      <Box pt={2}>
        {tab === 0 && <ManifestView manifest={manifest} />}
        {tab === 1 && <ResourceEventsTab app={app} resource={resource} />}
        {tab === 2 && (
          <ResourceLogsTab
            key={(manifest.value?.containers ?? []).join(',')}
            app={app}
            resource={resource}
            containers={manifest.value?.containers ?? []}
          />
        )}
      </Box>
    </Box>
  );
}
