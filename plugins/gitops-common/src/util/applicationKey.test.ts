import { InputError } from '@backstage/errors';
import { applicationKey, parseApplicationKey } from './applicationKey';

describe('applicationKey', () => {
  it.each<[string, string | undefined, string, string]>([
    ['dev', undefined, 'web', 'dev:/web'],
    ['dev', 'team-a', 'web', 'dev:team-a/web'],
    ['account.prod', 'argocd', 'web', 'account.prod:argocd/web'],
    ['a:b', undefined, 'web', 'a:b:/web'],
  ])('%s %s %s -> %s', (agentId, namespace, name, key) => {
    expect(applicationKey(agentId, namespace, name)).toBe(key);
    expect(parseApplicationKey(key)).toEqual(
      namespace ? { agentId, namespace, name } : { agentId, name },
    );
  });

  it('treats an empty namespace as none', () => {
    expect(applicationKey('dev', '', 'web')).toBe('dev:/web');
    expect(parseApplicationKey('dev:/web')).toEqual({
      agentId: 'dev',
      name: 'web',
    });
  });

  it.each([
    '',
    'web',
    'dev:web',
    ':/web',
    'dev:/',
    'dev:a/b/c',
    'dev:ns/',
    '/web',
  ])('rejects %j', key => {
    expect(() => parseApplicationKey(key)).toThrow(InputError);
    expect(() => parseApplicationKey(key)).toThrow(
      `Invalid application key "${key}"`,
    );
  });
});
