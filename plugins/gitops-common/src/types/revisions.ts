/**
 * Whether a commit carries a valid GnuPG signature.
 * @public
 */
export type SignatureState = 'signed' | 'unsigned' | 'invalid' | 'unknown';

/**
 * Metadata of one source revision, with its signature state.
 * @public
 */
export interface RevisionMetadata {
  revision: string;
  author?: string;
  date?: string;
  message?: string;
  tags?: string[];
  signature: {
    state: SignatureState;
    /** The agent's signature info (key id, signer). */
    info?: string;
    /** Problems reported by source integrity checks. */
    problems: string[];
  };
}
