import type { RevertChange } from '@gitops-suite/plugin-gitops-common';
import type { FileWrite } from '../service/PullRequestHost';
import { RepositorySnapshot } from './types';

/**
 * Puts files back as they were at `then`: a file that differs gets the
 * blob it had, one that was not there goes, one that is missing comes
 * back. Files that are the same are left out.
 */
export function restoreFiles(
  paths: string[],
  now: RepositorySnapshot,
  then: RepositorySnapshot,
): { files: FileWrite[]; changes: RevertChange[] } {
  const files: FileWrite[] = [];
  const changes: RevertChange[] = [];
  for (const path of [...new Set(paths)].sort()) {
    const [current, wanted] = [now.file(path), then.file(path)];
    if (current?.sha === wanted?.sha && current?.mode === wanted?.mode) {
      continue;
    }
    if (!wanted) {
      files.push({ path, remove: true });
      changes.push({
        file: path,
        what: 'file',
        from: 'present',
        to: 'removed',
      });
    } else {
      files.push({ path, blob: { sha: wanted.sha, mode: wanted.mode } });
      changes.push(
        current
          ? { file: path, what: 'contents' }
          : { file: path, what: 'file', from: 'absent', to: 'restored' },
      );
    }
  }
  return { files, changes };
}
