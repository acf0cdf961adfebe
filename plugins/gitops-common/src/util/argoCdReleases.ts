import type { GitOpsAgentStatus } from '../types';

/** `v2.9.21+6c4a4ee` → `2.9`: the release line, where features differ. */
function releaseLine(version: string): string | undefined {
  const match = /^v?(\d+)\.(\d+)/.exec(version.trim());
  return match ? `${Number(match[1])}.${Number(match[2])}` : undefined;
}

const byLine = (a: string, b: string) => {
  const [am, an] = a.split('.').map(Number);
  const [bm, bn] = b.split('.').map(Number);
  return am - bm || an - bn;
};

/**
 * Agents on an older Argo CD release line than the newest one in the
 * fleet, each with a sentence saying so ("Argo CD 2.9 runs on
 * argocd-prod; the other agents run 2.14"): what differs between releases
 * (the source hydrator, progressive syncs, newer health checks) may be
 * missing there.
 * Agents whose release is unknown are left out.
 * @public
 */
export function olderArgoCdAgents(
  statuses: ReadonlyArray<Pick<GitOpsAgentStatus, 'agentId' | 'argoCdVersion'>>,
): Map<string, string> {
  const lines = new Map<string, string>();
  for (const { agentId, argoCdVersion } of statuses) {
    const line = argoCdVersion && releaseLine(argoCdVersion);
    if (line) lines.set(agentId, line);
  }
  const newest = [...new Set(lines.values())].sort(byLine).pop();
  const older = new Map<string, string>();
  for (const [agentId, line] of lines) {
    if (newest && line !== newest) {
      const others = [...lines.entries()]
        .filter(([id, l]) => id !== agentId && l !== line)
        .map(([, l]) => l);
      const runs = [...new Set(others)].sort(byLine).join(' and ');
      older.set(
        agentId,
        `Argo CD ${line} runs on ${agentId}; the other agents run ${runs}. What newer releases add (the source hydrator, progressive syncs, newer health checks) may be missing here.`,
      );
    }
  }
  return older;
}
