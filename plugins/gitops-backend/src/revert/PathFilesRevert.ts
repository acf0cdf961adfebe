import { restoreFiles } from './restoreFiles';
import { RevertInput, RevertPlan, SourceRevert } from './types';

/**
 * A plain path (a directory of manifests, or a plugin's input): every file
 * under it goes back to what it was at the history entry's commit.
 */
export class PathFilesRevert implements SourceRevert {
  handles(): boolean {
    return true;
  }

  async plan(input: RevertInput): Promise<RevertPlan> {
    const { now, then } = input;
    const paths = [
      ...now.filesUnder(input.path),
      ...then.filesUnder(input.path),
    ].map(file => file.path);
    return {
      ...restoreFiles(paths, now, then),
      unchanged: `the files of ${
        input.path || 'the repository root'
      } are those the history entry deployed`,
    };
  }
}
