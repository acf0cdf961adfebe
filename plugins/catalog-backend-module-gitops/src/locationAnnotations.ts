import {
  ANNOTATION_LOCATION,
  ANNOTATION_ORIGIN_LOCATION,
} from '@backstage/catalog-model';

/**
 * The catalog's location annotations of an entity a provider of this module
 * emits: it is both where the entity is and where it came from.
 */
export function locationAnnotations(location: string): Record<string, string> {
  return {
    [ANNOTATION_LOCATION]: location,
    [ANNOTATION_ORIGIN_LOCATION]: location,
  };
}
