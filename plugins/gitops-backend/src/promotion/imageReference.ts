/**
 * Splits a container image reference into name and tag: `ghcr.io/acme/api:2.4.1`
 * is `ghcr.io/acme/api` and `2.4.1`. A registry port is not a tag and a digest
 * is dropped. `undefined` tag when the reference has none.
 */
export function imageReference(reference: string): {
  image: string;
  tag?: string;
} {
  const withoutDigest = reference.split('@')[0];
  const slash = withoutDigest.lastIndexOf('/');
  const colon = withoutDigest.lastIndexOf(':');
  if (colon > slash && colon < withoutDigest.length - 1) {
    return {
      image: withoutDigest.slice(0, colon),
      tag: withoutDigest.slice(colon + 1),
    };
  }
  return { image: withoutDigest };
}
