import { GitOpsAgentInfo } from '@gitops-suite/plugin-gitops-common';
import { GitOpsAgentConfig } from '@gitops-suite/plugin-gitops-node';

/** What of an agent's config may be shown: never its URL's credentials nor tokens. */
export function agentInfoFromConfig(
  agent: GitOpsAgentConfig,
  product: Pick<GitOpsAgentInfo, 'product' | 'scope'> = {},
): GitOpsAgentInfo {
  const info: GitOpsAgentInfo = { id: agent.id, kind: agent.kind, ...product };
  if (agent.title) info.title = agent.title;
  if (agent.uiUrl) info.uiUrl = agent.uiUrl;
  if (agent.region) info.region = agent.region;
  if (agent.environments?.length) info.environments = agent.environments;
  return info;
}
