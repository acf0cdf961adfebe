import type {
  ApplicationSource,
  RevertChange,
} from '@gitops-suite/plugin-gitops-common';
import type { FileWrite, RepositoryFile } from '../service/PullRequestHost';

/** A repository at one commit, as a revert reads it. */
export interface RepositorySnapshot {
  commit: string;
  /** The file at `path`, if the commit has one. */
  file(path: string): RepositoryFile | undefined;
  /** The files under a folder (`''` for the root), every level down. */
  filesUnder(folder: string): RepositoryFile[];
  /** The text of the file at `path`, undefined where the commit has none. */
  text(path: string): Promise<string | undefined>;
}

/**
 * What a revert of one source compares: the branch the application deploys
 * from as it is now, and the commit the history entry deployed.
 */
export interface RevertInput {
  source: ApplicationSource;
  /** The source's folder in the repository (`repositoryPath`; `''` for its root). */
  path: string;
  now: RepositorySnapshot;
  then: RepositorySnapshot;
}

/**
 * What a revert writes, and what each write puts back as people name it
 * (no files: the branch already has what the entry deployed). `unchanged`
 * says what the revert leaves as it is, for the answer that nothing is to
 * be reverted.
 */
export interface RevertPlan {
  files: FileWrite[];
  changes: RevertChange[];
  unchanged?: string;
}

/**
 * One way of putting a source back to what a commit deployed: the image
 * tags of a Kustomize overlay, the values and version of a Helm chart in
 * Git, the files of a plain path.
 */
export interface SourceRevert {
  /** Whether it reverts this source (as the branch has it now). */
  handles(input: RevertInput): boolean;
  plan(input: RevertInput): Promise<RevertPlan>;
}
