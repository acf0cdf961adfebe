import { imageVersion } from '@gitops-suite/plugin-gitops-common';

/** The version (tag, else short digest) of an application's first image that has one. */
export function firstImageTag(images: string[]): string | undefined {
  for (const image of images) {
    const version = imageVersion(image);
    if (version) return version;
  }
  return undefined;
}
