/**
 * A container image reference split the one way the suite reads it:
 * `ghcr.io/acme/api:2.4.1@sha256:ab…` is image `ghcr.io/acme/api`, tag
 * `2.4.1` and digest `sha256:ab…`. A registry port (`host:5000/api`) is not
 * a tag; an empty tag (`api:`) is none.
 * @public
 */
export function imageReference(reference: string): {
  image: string;
  tag?: string;
  digest?: string;
} {
  const at = reference.indexOf('@');
  const name = at >= 0 ? reference.slice(0, at) : reference;
  const digest = at >= 0 ? reference.slice(at + 1) || undefined : undefined;
  const slash = name.lastIndexOf('/');
  const colon = name.lastIndexOf(':');
  const tagged = colon > slash && colon < name.length - 1;
  return {
    image: tagged || colon === name.length - 1 ? name.slice(0, colon) : name,
    ...(tagged && { tag: name.slice(colon + 1) }),
    ...(digest && { digest }),
  };
}

/**
 * What to show of an image's version: its tag, else its digest shortened
 * to 7 hex characters (`sha256:abcdef1`); `undefined` with neither.
 * @public
 */
export function imageVersion(reference: string): string | undefined {
  const { tag, digest } = imageReference(reference);
  if (tag) return tag;
  if (!digest) return undefined;
  const colon = digest.indexOf(':');
  return digest.slice(0, colon + 1 + 7);
}
