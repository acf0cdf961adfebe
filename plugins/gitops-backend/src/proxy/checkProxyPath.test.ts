import { checkProxyPath } from './checkProxyPath';
import {
  checkProxyQuery,
  findProxyRoute,
  isAllowedProxyPath,
} from './proxyAllowlist';
import { argoCdProxyRules } from '../providers/argocd/argoCdProxyRules';
import { harnessProxyRules } from '../providers/harness/harnessProxyRules';

const argocd = { proxy: argoCdProxyRules };
const harness = { proxy: harnessProxyRules };
/** A provider kind that declares no proxy routes. */
const flux = { proxy: { routes: [] } };

describe('checkProxyPath', () => {
  it.each([
    '/api/v1/applications/../session',
    '/api/v1/applications/%2e%2e/session',
    '/api/v1/applications%2Fsession',
    '/api/v1/applications/%252F',
    '/api//v1/applications',
    '//evil.example.com/api',
    'http://evil.example.com/api',
    'https:/evil.example.com',
    '/api/v1/applications\\..\\session',
    '/api/v1/applications/a\r\nHost: evil',
    '/api/v1/./applications',
    '/api/v1/applications?x=1',
  ])('rejects %j', path => {
    expect(() => checkProxyPath(path)).toThrow(/Proxy path rejected/);
  });

  it('accepts plain paths', () => {
    expect(checkProxyPath('/api/v1/applications/guestbook')).toBe(
      '/api/v1/applications/guestbook',
    );
    expect(checkProxyPath('api/version')).toBe('/api/version');
  });
});

describe('isAllowedProxyPath', () => {
  it('allows the read paths each provider declares', () => {
    expect(isAllowedProxyPath(argocd, '/api/v1/applications')).toBe(true);
    expect(
      isAllowedProxyPath(
        argocd,
        '/api/v1/applications/guestbook/resource-tree',
      ),
    ).toBe(true);
    expect(
      isAllowedProxyPath(
        argocd,
        '/api/v1/applications/a/revisions/abc123/metadata',
      ),
    ).toBe(true);
    expect(
      isAllowedProxyPath(
        harness,
        '/gitops/api/v1/agents/account.a1/applications',
      ),
    ).toBe(true);
  });

  it('refuses sensitive and unknown paths', () => {
    for (const path of [
      '/api/v1/session',
      '/api/v1/session/userinfo',
      '/api/v1/account',
      '/api/v1/certificates',
      '/api/v1/gpgkeys',
      '/api/v1/settings',
      '/api/v1/applications/a/sync',
      '/api/v1/applications/a/pods/b/logs',
      '/gitops/api/v1/agents/a/deploy.yaml',
    ]) {
      expect(isAllowedProxyPath(argocd, path)).toBe(false);
      expect(isAllowedProxyPath(harness, path)).toBe(false);
    }
    expect(isAllowedProxyPath(flux, '/api/v1/applications')).toBe(false);
    expect(isAllowedProxyPath(harness, '/api/v1/applications')).toBe(false);
  });

  it('honours configured extra paths', () => {
    expect(
      isAllowedProxyPath(argocd, '/api/v1/settings', [/^\/api\/v1\/settings$/]),
    ).toBe(true);
  });
});

describe('checkProxyQuery', () => {
  const agents = '/gitops/api/v1/agents';
  const route = () => findProxyRoute(harness, agents)!;

  it("takes a Harness agent list's required type, and names it when it is missing", () => {
    expect(() =>
      checkProxyQuery(
        harness,
        route(),
        agents,
        new URLSearchParams('type=MANAGED_ARGO_PROVIDER'),
      ),
    ).not.toThrow();
    expect(() =>
      checkProxyQuery(harness, route(), agents, new URLSearchParams()),
    ).toThrow(`The GitOps proxy needs query parameter 'type' on ${agents}`);
  });

  it('refuses parameters the Harness operation does not take', () => {
    const metadata =
      '/gitops/api/v1/agents/a/applications/web/revisions/abc/metadata';
    expect(() =>
      checkProxyQuery(
        harness,
        findProxyRoute(harness, metadata)!,
        metadata,
        new URLSearchParams('query.project=default'),
      ),
    ).toThrow(
      "The GitOps proxy does not forward query parameter 'query.project' on",
    );
  });
});
