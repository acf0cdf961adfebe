import { firstImageTag, imageTag } from './imageTag';

describe('imageTag', () => {
  it.each([
    ['ghcr.io/acme/web:1.4.2', '1.4.2'],
    ['registry:5000/acme/web:v2', 'v2'],
    ['registry:5000/acme/web', undefined],
    ['nginx', undefined],
    [`web@sha256:${'a'.repeat(64)}`, 'sha256:aaaaaaa'],
  ])('%s -> %s', (image, tag) => {
    expect(imageTag(image)).toBe(tag);
  });

  it('takes the first image with a tag', () => {
    expect(firstImageTag(['nginx', 'acme/web:3'])).toBe('3');
    expect(firstImageTag([])).toBeUndefined();
  });
});
