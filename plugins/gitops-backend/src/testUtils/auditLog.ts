import type { GitOpsTestBackend } from './startGitOpsTestBackend';

/** An audit log row as `GET /audit` answers it (the fields tests read by name). */
export type AuditRow = {
  id: string;
  actor: string;
  action: string;
  outcome: string;
  [field: string]: any;
};

/** The audit log, newest first, as `GET /audit` answers the test user `query`. */
export async function auditRows(
  env: Pick<GitOpsTestBackend, 'api' | 'auth'>,
  query: Record<string, string> = {},
): Promise<AuditRow[]> {
  const res = await env
    .api()
    .get('/api/gitops/audit')
    .query(query)
    .set('Authorization', env.auth);
  expect(res.status).toBe(200);
  return res.body.items;
}
