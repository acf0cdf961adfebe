import type { ProviderCallOptions } from '@gitops-suite/plugin-gitops-node';

/**
 * How much of an agent's generate answer (the applications an
 * ApplicationSet would generate) a built-in provider takes in, and the
 * errors it throws past it. The caller names the limits and their config
 * keys in those errors; the provider only counts.
 */
export interface GenerateBounds {
  /** The most bytes of the answer read; past them the call is cut off, nothing parsed. */
  maxResponseBytes: number;
  /** The most applications the answer may hold; past them none is normalized. */
  maxApplications: number;
  /** The error for an answer over `maxResponseBytes`. */
  tooLarge(): Error;
  /** The error for an answer of `count` applications, over `maxApplications`. */
  tooMany(count: number): Error;
}

/** A generate call's options: the usual ones, and its bounds. */
export interface GenerateCallOptions extends ProviderCallOptions {
  bounds?: GenerateBounds;
}
