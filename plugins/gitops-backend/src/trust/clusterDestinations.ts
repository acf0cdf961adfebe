import type {
  GitOpsApplication,
  GitOpsCluster,
} from '@gitops-suite/plugin-gitops-common';

/** The cluster Argo CD runs in, as its API names it by default. */
const IN_CLUSTER_NAME = 'in-cluster';
const IN_CLUSTER_SERVER = 'https://kubernetes.default.svc';

/**
 * A cluster API server URL as Argo CD compares them: scheme and host in
 * lower case, no trailing slash, no default port (443 for https, 80 for
 * http). A value that is no URL is only trimmed of its trailing slashes.
 */
export function normalizeServer(server: string): string {
  const text = server.trim();
  const match = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)(.*)$/.exec(text);
  if (!match) return text.replace(/\/+$/, '');
  const scheme = match[1].toLowerCase();
  let authority = match[2].toLowerCase();
  if (scheme === 'https') authority = authority.replace(/:443$/, '');
  if (scheme === 'http') authority = authority.replace(/:80$/, '');
  const rest = match[3].replace(/\/+$/, '');
  return `${scheme}://${authority}${rest}`;
}

/** Where an application deploys, its cluster resolved to a server. */
export interface ResolvedDestination {
  /** The cluster's API server, normalized (`normalizeServer`). */
  server: string;
  /** The names the agent knows the cluster by (Argo CD name, Harness identifier). */
  names: string[];
  namespace: string;
}

/** The occupancy key of a resolved destination: its server and namespace. */
export function destinationKeyOf(destination: ResolvedDestination): string {
  return `${destination.server}\n${destination.namespace}`;
}

/**
 * An agent's clusters, by name, Harness identifier and normalized server,
 * to resolve destinations as Argo CD does: `destination.name` is a
 * cluster's name (on Harness, its identifier too), `destination.server` its
 * API server.
 */
export class ClusterDirectory {
  private readonly byName = new Map<string, Set<string>>();
  private readonly namesByServer = new Map<string, Set<string>>();

  /**
   * @param unavailable - why the agent's cluster list could not be read, if
   * it could not: every destination given by name is then unresolvable.
   */
  constructor(
    readonly agentId: string,
    clusters: GitOpsCluster[],
    private readonly unavailable?: string,
  ) {
    for (const cluster of clusters) {
      if (!cluster.server) continue;
      const server = normalizeServer(cluster.server);
      for (const name of [cluster.name, cluster.identifier]) {
        if (!name) continue;
        let servers = this.byName.get(name);
        if (!servers) this.byName.set(name, (servers = new Set()));
        servers.add(server);
        let names = this.namesByServer.get(server);
        if (!names) this.namesByServer.set(server, (names = new Set()));
        names.add(name);
      }
    }
    // Argo CD's own cluster: `in-cluster` names it unless a listed
    // cluster takes the name (or the agent's list leaves it out)
    if (!this.byName.has(IN_CLUSTER_NAME)) {
      const server = normalizeServer(IN_CLUSTER_SERVER);
      this.byName.set(IN_CLUSTER_NAME, new Set([server]));
      const names = this.namesByServer.get(server) ?? new Set<string>();
      names.add(IN_CLUSTER_NAME);
      this.namesByServer.set(server, names);
    }
  }

  /**
   * The destination of `app` with its cluster resolved, or why it cannot
   * be: a name no cluster of the agent has (fail closed), a name that
   * names several clusters, a name and a server that disagree, or no
   * cluster at all.
   */
  resolve(
    app: Pick<GitOpsApplication, 'destination'>,
  ): { destination: ResolvedDestination } | { problem: string } {
    const namespace = app.destination?.namespace ?? '';
    const name = app.destination?.name;
    const given = app.destination?.server;
    const described = `${name ?? given ?? '?'}/${namespace}`;
    let server = given ? normalizeServer(given) : undefined;
    if (name) {
      const servers = [...(this.byName.get(name) ?? [])];
      if (servers.length === 0) {
        return {
          problem: `destination ${described}: cluster name ${name} is not a cluster of agent ${
            this.agentId
          }${
            this.unavailable ? ` (its cluster list: ${this.unavailable})` : ''
          }`,
        };
      }
      if (servers.length > 1) {
        return {
          problem: `destination ${described}: cluster name ${name} names more than one cluster of agent ${
            this.agentId
          } (${servers.sort().join(', ')})`,
        };
      }
      if (server && server !== servers[0]) {
        return {
          problem: `destination ${described}: cluster name ${name} is ${servers[0]}, not the server ${given} it also gives`,
        };
      }
      server = servers[0];
    }
    if (!server) {
      return { problem: `destination ${described} names no cluster` };
    }
    return {
      destination: {
        server,
        names: [...(this.namesByServer.get(server) ?? [])].sort(),
        namespace,
      },
    };
  }
}
