/**
 * A generator that cannot produce parameters from its input or from what
 * it reads (Argo CD reports it as ErrorOccurred /
 * ApplicationParamsGenerationError and generates nothing).
 */
export class GeneratorInputError extends Error {}
