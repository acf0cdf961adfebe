import { getPath } from '../util/json';
import { RenderContext, imageAt, targetManifest } from './manifests';
import { AppRecord, DriftEntry, DriftField, ResourceRef } from './types';

export const DRIFT_FIELDS: DriftField[] = ['replicas', 'image', 'configmap', 'label'];

function workload(record: AppRecord): ResourceRef | undefined {
  return record.model.resources.find(r => ['Deployment', 'StatefulSet', 'Rollout'].includes(r.kind));
}

/**
 * A change someone made in the cluster: the live value of one field differs
 * from git. `replicas` scales the workload, `image` swaps its image,
 * `configmap` edits a config value, `label` adds a label by hand.
 */
export function driftFor(ctx: RenderContext, record: AppRecord, requested: DriftField): DriftEntry {
  const model = record.model;
  let field = requested;
  const wl = workload(record);
  const configMap = model.resources.find(r => r.kind === 'ConfigMap');
  if ((field === 'replicas' || field === 'image') && !wl) field = 'label';
  if (field === 'configmap' && !configMap) field = wl ? 'replicas' : 'label';
  const resource = (field === 'configmap' ? configMap : wl) ?? model.resources[0];
  const target = targetManifest(ctx, record, resource);
  const previous = model.drift.find(d => d.field === field && d.resource.name === resource.name);
  switch (field) {
    case 'replicas': {
      const desired = Number(getPath(target, 'spec.replicas') ?? model.replicas);
      const current = previous ? Number(previous.live) : desired;
      return { field, resource, path: 'spec.replicas', target: desired, live: current + 2 };
    }
    case 'image': {
      const desired = imageAt(ctx, model, model.desiredRevision);
      return {
        field,
        resource,
        path: 'spec.template.spec.containers.0.image',
        target: desired,
        live: `${model.image}:hotfix-${model.liveRevision.slice(0, 7)}`,
      };
    }
    case 'configmap':
      return {
        field,
        resource,
        path: 'data.LOG_LEVEL',
        target: getPath(target, 'data.LOG_LEVEL') ?? null,
        live: 'trace',
      };
    default:
      return {
        field: 'label',
        resource,
        path: 'metadata.labels.edited-by',
        target: null,
        live: 'kubectl-edit',
      };
  }
}
