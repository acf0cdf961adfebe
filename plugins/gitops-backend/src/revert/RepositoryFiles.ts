import type {
  PullRequestHost,
  RepositoryFile,
} from '../service/PullRequestHost';
import { RepositorySnapshot } from './types';

function within(file: string, folder: string): boolean {
  return folder === '' || file.startsWith(`${folder}/`);
}

/**
 * A repository at one commit through the git host: its tree is listed once,
 * a file's text read when asked.
 */
export class RepositoryFiles implements RepositorySnapshot {
  private readonly byPath: Map<string, RepositoryFile>;

  constructor(
    private readonly host: Pick<PullRequestHost, 'readBlob'>,
    private readonly repoUrl: string,
    readonly commit: string,
    files: RepositoryFile[],
  ) {
    this.byPath = new Map(files.map(file => [file.path, file]));
  }

  file(path: string): RepositoryFile | undefined {
    return this.byPath.get(path);
  }

  filesUnder(folder: string): RepositoryFile[] {
    return [...this.byPath.values()].filter(file => within(file.path, folder));
  }

  async text(path: string): Promise<string | undefined> {
    const file = this.byPath.get(path);
    return file ? this.host.readBlob(this.repoUrl, file.sha) : undefined;
  }
}
