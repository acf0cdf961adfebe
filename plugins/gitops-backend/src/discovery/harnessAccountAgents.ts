import { ConfigReader } from '@backstage/config';
import { stripHarnessScope } from '@gitops-suite/plugin-gitops-common';
import { GitOpsAgentConfig } from '@gitops-suite/plugin-gitops-node';
import { isAgentId } from '../config/agentConfigFields';
import { HarnessAccountConfig } from '../config/readHarnessAccounts';
import { AgentHttpClient } from '../providers/http/AgentHttpClient';
import { harnessScopeQuery } from '../providers/harness/harnessRouteScheme';
import type { HarnessAgent } from '../providers/harness/harnessTypes';

/** V1Agent as the agent list gives it: its scope besides its health. */
export interface ListedHarnessAgent extends HarnessAgent {
  accountIdentifier?: string;
  orgIdentifier?: string;
  projectIdentifier?: string;
  /** V1AgentScope: `ACCOUNT`, `ORG` or `PROJECT`. */
  scope?: string;
  tags?: Record<string, unknown>;
}

/** v1AgentList, the parts read. */
interface HarnessAgentList {
  content?: ListedHarnessAgent[] | null;
  totalPages?: number;
}

const PAGE_SIZE = 100;
/** More pages than this is taken as a gateway that never ends a list. */
const MAX_PAGES = 100;

/**
 * Every agent of an account (or of its configured org or project), as
 * AgentServiceForServerList gives them: per agent type (`type` is
 * required), page by page, with the scope the SDK sends
 * (`accountIdentifier`, `routingId`, `orgIdentifier`, `projectIdentifier`)
 * and `ignoreScope=true` for the agents under it too. Throws when the list
 * cannot be read whole: a partial list would retire the agents it misses.
 */
export async function listHarnessAccountAgents(
  http: AgentHttpClient,
  account: HarnessAccountConfig,
  signal?: AbortSignal,
): Promise<ListedHarnessAgent[]> {
  const agents: ListedHarnessAgent[] = [];
  for (const type of account.agentTypes) {
    for (let pageIndex = 0; ; pageIndex++) {
      if (pageIndex === MAX_PAGES) {
        throw new Error(
          `lists more than ${MAX_PAGES} pages of ${type} agents; list them with a narrower orgIdentifier or projectIdentifier`,
        );
      }
      const list = await http.json<HarnessAgentList>({
        path: '/gitops/api/v1/agents',
        query: harnessScopeQuery(
          {
            accountIdentifier: account.accountIdentifier,
            orgIdentifier: account.orgIdentifier,
            projectIdentifier: account.projectIdentifier,
            agentIdentifier: '',
          },
          {
            type,
            ignoreScope: 'true',
            pageSize: String(PAGE_SIZE),
            pageIndex: String(pageIndex),
          },
        ),
        signal,
      });
      const content = list.content ?? [];
      agents.push(...content);
      if (!content.length || pageIndex + 1 >= (list.totalPages ?? 0)) break;
    }
  }
  return agents;
}

/** An agent found through an account, ready to be added. */
export interface FoundHarnessAgent {
  /** Who the agent is in Harness: see {@link harnessAgentKey}. */
  key: string;
  agent: GitOpsAgentConfig;
}

type Scope = 'ACCOUNT' | 'ORG' | 'PROJECT';

/** The scope an agent identifier names by its prefix (`account.x`, `org.x`, `x`). */
function scopeOfIdentifier(agentIdentifier: string): Scope {
  if (agentIdentifier.startsWith('account.')) return 'ACCOUNT';
  if (agentIdentifier.startsWith('org.')) return 'ORG';
  return 'PROJECT';
}

/**
 * Who an agent is in Harness, one string for one agent however it is
 * named: the account, the org and project its scope has, and its scoped
 * identifier. An agent entry and an agent found through an account with the
 * same key are the same agent.
 */
export function harnessAgentKey(scope: {
  accountIdentifier: string;
  orgIdentifier?: string;
  projectIdentifier?: string;
  agentIdentifier: string;
}): string {
  const level = scopeOfIdentifier(scope.agentIdentifier);
  return [
    scope.accountIdentifier,
    level === 'ACCOUNT' ? '' : scope.orgIdentifier ?? '',
    level === 'PROJECT' ? scope.projectIdentifier ?? '' : '',
    scope.agentIdentifier,
  ].join('/');
}

/** The key of a configured `kind: harness` agent entry; undefined for other kinds. */
export function configuredHarnessAgentKey(
  agent: GitOpsAgentConfig,
): string | undefined {
  const harness = agent.config.getOptionalConfig('harness');
  const accountIdentifier = harness?.getOptionalString('accountIdentifier');
  const agentIdentifier = harness?.getOptionalString('agentIdentifier');
  if (agent.kind !== 'harness' || !accountIdentifier || !agentIdentifier) {
    return undefined;
  }
  return harnessAgentKey({
    accountIdentifier,
    orgIdentifier: harness?.getOptionalString('orgIdentifier'),
    projectIdentifier: harness?.getOptionalString('projectIdentifier'),
    agentIdentifier,
  });
}

function scopeOf(raw: ListedHarnessAgent): Scope {
  if (raw.scope === 'ACCOUNT' || raw.scope === 'ORG' || raw.scope === 'PROJECT')
    return raw.scope;
  if (raw.projectIdentifier) return 'PROJECT';
  return raw.orgIdentifier ? 'ORG' : 'ACCOUNT';
}

/**
 * An agent of the account's list as an agent entry: its id
 * `<idPrefix>.<org>.<project>.<identifier>` (the parts its scope has;
 * Harness identifiers hold no `.`, so ids of different scopes cannot
 * meet), its title its name, its region its `region` tag, read with the
 * account's gateway, API key, timeout and environments. A reason instead
 * where it cannot be one: outside the account's org or project, or an id
 * too long.
 */
export function foundHarnessAgent(
  account: HarnessAccountConfig,
  raw: ListedHarnessAgent,
): FoundHarnessAgent | { skipped: string } {
  const bare = stripHarnessScope(raw.identifier ?? '');
  if (!bare) return { skipped: 'it has no identifier' };
  const scope = scopeOf(raw);
  const org = scope === 'ACCOUNT' ? undefined : raw.orgIdentifier;
  const project = scope === 'PROJECT' ? raw.projectIdentifier : undefined;
  if ((scope !== 'ACCOUNT' && !org) || (scope === 'PROJECT' && !project)) {
    return {
      skipped: `its ${scope.toLowerCase()} scope names no org or project`,
    };
  }
  if (
    (account.orgIdentifier && org !== account.orgIdentifier) ||
    (account.projectIdentifier && project !== account.projectIdentifier)
  ) {
    return { skipped: 'it is outside the org or project the account names' };
  }
  const agentIdentifier =
    scope === 'PROJECT' ? bare : `${scope.toLowerCase()}.${bare}`;
  const id = [account.idPrefix, org, project, bare].filter(Boolean).join('.');
  if (!isAgentId(id)) {
    return {
      skipped: `its id ${id} is not one (at most 63 characters); list it in gitops.agents`,
    };
  }
  const harness = {
    accountIdentifier: account.accountIdentifier,
    ...(org && { orgIdentifier: org }),
    ...(project && { projectIdentifier: project }),
    agentIdentifier,
  };
  const region =
    typeof raw.tags?.region === 'string' ? raw.tags.region : undefined;
  const title = raw.name || bare;
  const entry = {
    id,
    kind: 'harness',
    title,
    url: account.url,
    ...(account.uiUrl && { uiUrl: account.uiUrl }),
    ...(region && { region }),
    ...(account.environments && { environments: account.environments }),
    timeoutMs: account.timeoutMs,
    credentials: { token: account.apiKey },
    harness,
  };
  return {
    key: harnessAgentKey(harness),
    agent: {
      id,
      kind: 'harness',
      title,
      url: account.url,
      uiUrl: account.uiUrl,
      region,
      environments: account.environments,
      timeoutMs: account.timeoutMs,
      config: new ConfigReader(entry, `${account.where} agent ${id}`),
    },
  };
}
