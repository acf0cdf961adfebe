import path from 'node:path';
import { parse } from 'yaml';
import { repositoryPath } from '../trust/repositoryWrites';
import { restoreFiles } from './restoreFiles';
import {
  RepositorySnapshot,
  RevertInput,
  RevertPlan,
  SourceRevert,
} from './types';

/** The chart's own files that carry its version and its dependencies' versions. */
const CHART_FILES = ['Chart.yaml', 'Chart.lock', 'requirements.yaml'];

async function chartVersion(
  snapshot: RepositorySnapshot,
  file: string,
): Promise<string | undefined> {
  try {
    const version = parse((await snapshot.text(file)) ?? '')?.version;
    return version === undefined ? undefined : String(version);
  } catch {
    return undefined;
  }
}

/**
 * A Helm chart in Git: puts back its values files (the source's
 * `valueFiles` in the repository, and the chart's values.yaml) and its
 * version (Chart.yaml, with the dependencies' versions of Chart.lock), as
 * they were at the history entry's commit. Values files of another source
 * (`$values/...`) and the chart's templates stay as they are.
 */
export class HelmChartRevert implements SourceRevert {
  handles(input: RevertInput): boolean {
    return (
      input.source.type === 'helm' ||
      input.now.file(path.posix.join(input.path, 'Chart.yaml')) !== undefined
    );
  }

  async plan(input: RevertInput): Promise<RevertPlan> {
    const { now, then } = input;
    const inChart = (file: string) =>
      repositoryPath(path.posix.join(input.path, file));
    const valueFiles = [
      'values.yaml',
      ...(input.source.helm?.valueFiles ?? []).filter(f => !f.startsWith('$')),
    ].map(inChart);
    const chartFiles = CHART_FILES.map(inChart);
    const restored = restoreFiles([...chartFiles, ...valueFiles], now, then);
    const chart = inChart('Chart.yaml');
    const [from, to] = [
      await chartVersion(now, chart),
      await chartVersion(then, chart),
    ];
    const changes = restored.changes.map(change => {
      if (change.file === chart && from !== to) {
        return {
          file: chart,
          what: 'chart version',
          ...(from && { from }),
          ...(to && { to }),
        };
      }
      return valueFiles.includes(change.file) && change.what === 'contents'
        ? { file: change.file, what: 'values' }
        : change;
    });
    return {
      files: restored.files,
      changes,
      unchanged: `the chart version and values files of ${
        input.path || 'the repository root'
      } are those the history entry deployed`,
    };
  }
}
