/**
 * The tag (or short digest) of a container image reference:
 * `ghcr.io/acme/web:1.4.2` gives `1.4.2`, `web@sha256:abcdef...` gives
 * `sha256:abcdef1`. Registry ports (`host:5000/web`) are not tags.
 */
export function imageTag(image: string): string | undefined {
  const at = image.indexOf('@');
  if (at >= 0) {
    return image.slice(at + 1, at + 1 + 'sha256:'.length + 7);
  }
  const lastSlash = image.lastIndexOf('/');
  const colon = image.indexOf(':', lastSlash + 1);
  return colon >= 0 ? image.slice(colon + 1) : undefined;
}

/** The tag of an application's first image that has one. */
export function firstImageTag(images: string[]): string | undefined {
  for (const image of images) {
    const tag = imageTag(image);
    if (tag) {
      return tag;
    }
  }
  return undefined;
}
