import { HelmChartRevert } from './HelmChartRevert';
import { KustomizeImageRevert } from './KustomizeImageRevert';
import { PathFilesRevert } from './PathFilesRevert';
import { RevertInput, RevertPlan, SourceRevert } from './types';

/** In Argo CD's order of detection: a kustomization, a chart, else plain files. */
const REVERTS: SourceRevert[] = [
  new KustomizeImageRevert(),
  new HelmChartRevert(),
  new PathFilesRevert(),
];

/** What putting a source back to a history entry's commit writes. */
export function planRevert(input: RevertInput): Promise<RevertPlan> {
  return REVERTS.find(revert => revert.handles(input))!.plan(input);
}
