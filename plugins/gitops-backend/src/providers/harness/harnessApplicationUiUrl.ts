/** The Harness scope an agent serves. */
export interface HarnessScope {
  accountIdentifier: string;
  orgIdentifier?: string;
  projectIdentifier?: string;
  agentIdentifier: string;
}

/**
 * Where Harness's UI shows one GitOps application: its account, org and
 * project pages (`/ng/account/<account>/all/orgs/<org>/projects/<project>/
 * gitops/applications/<name>`), with the agent that serves it. An agent
 * scoped to the account or an org links at that level.
 */
export function harnessApplicationUiUrl(
  uiUrl: string,
  scope: HarnessScope,
  application: { name: string },
): string {
  const base = uiUrl.replace(/\/+$/, '');
  const segment = encodeURIComponent;
  let path = `/ng/account/${segment(scope.accountIdentifier)}/all`;
  if (scope.orgIdentifier) {
    path += `/orgs/${segment(scope.orgIdentifier)}`;
    if (scope.projectIdentifier) {
      path += `/projects/${segment(scope.projectIdentifier)}`;
    }
  }
  return `${base}${path}/gitops/applications/${segment(
    application.name,
  )}?agentId=${segment(scope.agentIdentifier)}`;
}

/**
 * The scope as Harness's UI labels it, for people who look for the agent
 * there: account, organization and project (those set), agent identifier.
 */
export function harnessScopeLabels(
  scope: HarnessScope,
): Array<{ label: string; value: string }> {
  return [
    { label: 'Account', value: scope.accountIdentifier },
    ...(scope.orgIdentifier
      ? [{ label: 'Organization', value: scope.orgIdentifier }]
      : []),
    ...(scope.projectIdentifier
      ? [{ label: 'Project', value: scope.projectIdentifier }]
      : []),
    { label: 'Agent identifier', value: scope.agentIdentifier },
  ];
}
