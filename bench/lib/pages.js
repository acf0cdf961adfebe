/*
 * One entity page view, made the way each plugin's FRONTEND makes it (read
 * from the published frontend packages):
 * - Roadie (@roadiehq/backstage-plugin-argo-cd, useAppDetails with
 *   appLocatorMethods + argocd/app-selector): GET /api/argocd/find/selector/<sel>,
 *   then for each instance found, in parallel,
 *   GET /api/argocd/argoInstance/<name>/applications/selector/<sel>.
 * - Community (@backstage-community/plugin-argocd, useApplications ->
 *   ArgoCDInstanceApiClient.listApplicationsBySelector): for every configured
 *   instance, in parallel,
 *   GET /api/backstage-community-argocd/argoInstance/<name>/applications/selector/<sel>
 *   (its client puts the selector in the path unencoded; the bench encodes it,
 *   see RESULTS.md).
 * - Suite (plugins/gitops/src/api/GitOpsClient.ts getEntityApplications):
 *   GET /api/gitops/entity/<namespace>/<kind>/<name>/applications.
 * Each returns { ms, apps } where apps is how many applications the page shows.
 */
const { timedGetJson } = require('./httpClient');
const { since } = require('./stats');
const { SELECTOR, ENTITY } = require('./backends');

const sel = encodeURIComponent(SELECTOR);
const auth = backend => ({ authorization: `Bearer ${backend.token}` });

function roadiePage(backend) {
  return async () => {
    const start = process.hrtime.bigint();
    const found = await timedGetJson(`${backend.baseUrl}/api/argocd/find/selector/${sel}`, auth(backend));
    const lists = await Promise.all(
      found.json.map(instance =>
        timedGetJson(
          `${backend.baseUrl}/api/argocd/argoInstance/${encodeURIComponent(instance.name)}/applications/selector/${sel}`,
          auth(backend),
        ),
      ),
    );
    const ms = since(start);
    return { ms, apps: lists.reduce((n, l) => n + (l.json.items ?? []).length, 0) };
  };
}

function communityPage(backend, instanceNames) {
  return async () => {
    const start = process.hrtime.bigint();
    const lists = await Promise.all(
      instanceNames.map(name =>
        timedGetJson(
          `${backend.baseUrl}/api/backstage-community-argocd/argoInstance/${encodeURIComponent(name)}/applications/selector/${sel}`,
          auth(backend),
        ),
      ),
    );
    const ms = since(start);
    return { ms, apps: lists.reduce((n, l) => n + (l.json.items ?? []).length, 0) };
  };
}

const suiteEntityPath = `/api/gitops/entity/${ENTITY.namespace}/${ENTITY.kind}/${ENTITY.name}/applications`;

function suitePage(backend) {
  return async () => {
    const res = await timedGetJson(`${backend.baseUrl}${suiteEntityPath}`, auth(backend));
    const apps = res.json.environments.reduce((n, env) => n + env.applications.length, 0);
    return { ms: res.ms, apps, errors: res.json.errors };
  };
}

module.exports = { roadiePage, communityPage, suitePage, suiteEntityPath };
