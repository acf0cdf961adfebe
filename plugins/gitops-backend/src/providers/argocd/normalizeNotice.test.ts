import { normalizeNotice } from './normalizeNotice';

const notice = (values: Record<string, string>) =>
  normalizeNotice(
    Object.fromEntries(
      Object.entries(values).map(([k, v]) => [
        `notice.argocd.argoproj.io/${k}`,
        v,
      ]),
    ),
  );

describe('normalizeNotice', () => {
  it('reads the notice annotations Argo CD documents', () => {
    expect(
      notice({
        content: 'Deprecated: migrate to v2 by 2026-08-01',
        severity: 'warning',
        url: 'https://wiki.example.com/v2-migration',
        permanent: 'true',
        scope: 'banner',
      }),
    ).toEqual({
      content: 'Deprecated: migrate to v2 by 2026-08-01',
      severity: 'warning',
      url: 'https://wiki.example.com/v2-migration',
      permanent: true,
      scope: 'banner',
    });
  });

  it('defaults as Argo CD does: info, both, dismissible', () => {
    expect(notice({ content: 'Maintenance tonight' })).toEqual({
      content: 'Maintenance tonight',
      severity: 'info',
      permanent: false,
      scope: 'both',
    });
    expect(
      notice({ content: 'x', severity: 'loud', scope: 'everywhere' }),
    ).toMatchObject({ severity: 'info', scope: 'both' });
  });

  it('has no notice without content', () => {
    expect(normalizeNotice(undefined)).toBeUndefined();
    expect(notice({ content: '  ', severity: 'critical' })).toBeUndefined();
  });

  it('drops links that are not http(s), bidi overrides, and cuts at 500 characters', () => {
    expect(
      notice({ content: 'x', url: 'file:///etc/passwd' })?.url,
    ).toBeUndefined();
    expect(notice({ content: 'pay\u202Eal.com' })?.content).toBe('payal.com');
    const long = notice({ content: 'a'.repeat(600) })!.content;
    expect(long).toHaveLength(500);
    expect(long.endsWith('…')).toBe(true);
  });
});
