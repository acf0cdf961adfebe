import type { GitOpsApplication, GitOpsApplicationSet } from '../types';

/**
 * The one rule for which ApplicationSet generated an application: its own
 * owner reference, else the set of its agent that lists it among its
 * applications (`listedBy`: that set's name, by application name).
 * @public
 */
export function applicationSetOf(
  app: Pick<GitOpsApplication, 'name' | 'applicationSet'>,
  listedBy: (name: string) => string | undefined,
): string | undefined {
  return app.applicationSet || listedBy(app.name);
}

/**
 * Whether an ApplicationSet generated an application, by the rule of
 * `applicationSetOf()`: on the same agent, the application's owner
 * reference names the set, or the set lists the application.
 * @public
 */
export function isGeneratedBy(
  app: Pick<GitOpsApplication, 'agentId' | 'name' | 'applicationSet'>,
  set: Pick<GitOpsApplicationSet, 'agentId' | 'name' | 'applications'>,
): boolean {
  return (
    app.agentId === set.agentId &&
    (app.applicationSet === set.name || set.applications.includes(app.name))
  );
}
