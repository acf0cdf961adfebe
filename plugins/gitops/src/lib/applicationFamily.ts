import type { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';

function stripAffix(name: string, affix: string): string | undefined {
  const lowerName = name.toLowerCase();
  const lowerAffix = affix.toLowerCase();
  for (const separator of ['-', '.', '_']) {
    if (lowerName.endsWith(`${separator}${lowerAffix}`)) {
      return name.slice(0, name.length - affix.length - 1);
    }
    if (lowerName.startsWith(`${lowerAffix}${separator}`)) {
      return name.slice(affix.length + 1);
    }
  }
  return undefined;
}

/**
 * The row an application belongs to in the environment matrix: its GitOps
 * service when labelled, else its name without the environment affix
 * (`payments-prod` and `payments-dev` are both `payments`).
 */
export function applicationFamily(
  app: GitOpsApplication,
  environmentNames: string[] = [],
): string {
  if (app.service) {
    return app.service;
  }
  const candidates = [app.environment, ...environmentNames]
    .filter(Boolean)
    .sort((a, b) => b.length - a.length);
  for (const candidate of candidates) {
    const stripped = stripAffix(app.name, candidate);
    if (stripped) {
      return stripped;
    }
  }
  return app.name;
}
