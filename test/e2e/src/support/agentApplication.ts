import { Portal } from './startPortal';

/**
 * An application as a sandbox agent itself holds it (its own Argo CD API,
 * with the agent token): what its cluster runs, its history and its last
 * operation. Throws, naming the application, when the agent does not
 * answer 200.
 */
export async function agentApplication(
  portal: Portal,
  agentId: string,
  name: string,
) {
  const agent = portal.sandbox.agent(agentId);
  const res = await fetch(`${agent.url}/api/v1/applications/${name}`, {
    headers: { authorization: `Bearer ${agent.token}` },
  });
  if (res.status !== 200) {
    throw new Error(`${agentId} answered ${res.status} for ${name}`);
  }
  return res.json();
}
