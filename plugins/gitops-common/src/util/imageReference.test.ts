import { imageReference, imageVersion } from './imageReference';

const digest = `sha256:${'a'.repeat(64)}`;

describe('imageReference', () => {
  it.each<[string, ReturnType<typeof imageReference>]>([
    ['ghcr.io/acme/api:2.4.1', { image: 'ghcr.io/acme/api', tag: '2.4.1' }],
    [
      'registry:5000/acme/web:v2',
      { image: 'registry:5000/acme/web', tag: 'v2' },
    ],
    ['registry:5000/acme/web', { image: 'registry:5000/acme/web' }],
    ['nginx', { image: 'nginx' }],
    ['nginx:', { image: 'nginx' }],
    [`web@${digest}`, { image: 'web', digest }],
    [`web:1.2@${digest}`, { image: 'web', tag: '1.2', digest }],
  ])('%s', (reference, parts) => {
    expect(imageReference(reference)).toEqual(parts);
  });
});

describe('imageVersion', () => {
  it.each([
    ['ghcr.io/acme/web:1.4.2', '1.4.2'],
    ['registry:5000/acme/web', undefined],
    [`web@${digest}`, 'sha256:aaaaaaa'],
    // a tag says more to people than a digest
    [`web:1.2@${digest}`, '1.2'],
  ])('%s -> %s', (reference, version) => {
    expect(imageVersion(reference)).toBe(version);
  });
});
