import { Sandbox } from '@gitops-suite/sandbox-agent';

/**
 * Calls an agent's sandbox control API over HTTP (`/_sandbox/...`, with the
 * agent token), straight to the sandbox, never through the recording proxy.
 */
export async function sandboxControl(
  sandbox: Sandbox,
  agentId: string,
  path: string,
  body?: unknown,
): Promise<any> {
  const agent = sandbox.agent(agentId);
  const res = await fetch(`${agent.url}/_sandbox/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${agent.token}`,
      'content-type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) {
    throw new Error(`sandbox ${agentId} ${path}: ${res.status} ${text}`);
  }
  return JSON.parse(text);
}

/** An agent's raw Argo CD or Harness application, read straight from the sandbox. */
export async function rawApplication(
  sandbox: Sandbox,
  agentId: string,
  name: string,
): Promise<any> {
  const agent = sandbox.agent(agentId);
  if (agent.kind === 'argocd') {
    const res = await fetch(`${agent.url}/api/v1/applications/${name}`, {
      headers: { authorization: `Bearer ${agent.token}` },
    });
    return res.json();
  }
  const scope = new URLSearchParams({
    accountIdentifier: agent.accountIdentifier!,
    routingId: agent.accountIdentifier!,
    orgIdentifier: agent.orgIdentifier!,
    projectIdentifier: agent.projectIdentifier!,
  });
  const res = await fetch(
    `${agent.url}/gitops/api/v1/agents/${agent.agentIdentifier}/applications/${name}?${scope}`,
    { headers: { 'x-api-key': agent.token } },
  );
  return res.json();
}
