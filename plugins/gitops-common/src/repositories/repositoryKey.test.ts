import { repositoryKey } from './repositoryKey';

describe('repositoryKey', () => {
  it.each([
    'https://github.com/acme/shop',
    'https://GitHub.com/acme/shop.git',
    'https://github.com/acme/shop/',
    'https://user@github.com/acme/shop.git',
    'ssh://git@github.com/acme/shop.git',
    'git@github.com:acme/shop.git',
    'github.com?owner=acme&repo=shop',
    'https://github.com:443/acme/shop',
  ])('names one repository for %s', url => {
    expect(repositoryKey(url)).toBe('github.com/acme/shop');
  });

  it('keeps a port that is not the scheme default, as the picker writes it', () => {
    expect(repositoryKey('http://localhost:7012/acme/shop.git')).toBe(
      'localhost:7012/acme/shop',
    );
    expect(repositoryKey('localhost:7012?owner=acme&repo=shop')).toBe(
      'localhost:7012/acme/shop',
    );
  });

  it.each(['', 'not a url', 'github.com?owner=acme', 'https://github.com/'])(
    'names no repository for %j',
    url => expect(repositoryKey(url)).toBeUndefined(),
  );
});
