/**
 * An ApplicationSet, summarized: its generators, template and the
 * applications it produced.
 * @public
 */
export interface GitOpsApplicationSet {
  agentId: string;
  name: string;
  namespace?: string;
  project?: string;
  generators: Array<{
    /** `list`, `clusters`, `git`, `matrix`, ... */
    kind: string;
    /** One human-readable line about the generator. */
    summary: string;
    /** The number of elements of a list generator. */
    elements?: number;
  }>;
  template: {
    name?: string;
    project?: string;
    repoURL?: string;
    path?: string;
    targetRevision?: string;
    destinationServer?: string;
    destinationNamespace?: string;
  };
  /** Names of the generated applications. */
  applications: string[];
  createdAt?: string;
  conditions?: Array<{ type: string; status: string; message?: string }>;
}
