import {
  RevisionMetadata,
  SignatureState,
  sanitizeAgentText,
} from '@gitops-suite/plugin-gitops-common';
import type { ArgoRevisionMetadata } from './argoCdTypes';

/** Argo CD's verdicts for a commit that carries no signature at all. */
const UNSIGNED = /\bunsigned\b|no signature|not signed/i;

/**
 * Signed, unsigned, invalid or unknown. Argo CD's source integrity check
 * reports an unsigned commit as a problem (`... unsigned (key_id=)`), which is
 * not an invalid signature: that is a bad, expired or revoked one, or a
 * signature by a key the project does not trust.
 */
function signatureState(raw: ArgoRevisionMetadata): {
  state: SignatureState;
  problems: string[];
} {
  const checks = raw.sourceIntegrityResult?.checks ?? [];
  const problems = checks.flatMap(c =>
    (c.problems ?? []).map(p => (c.name ? `${c.name}: ${p}` : p)),
  );
  if (problems.length) {
    return {
      state: problems.every(p => UNSIGNED.test(p)) ? 'unsigned' : 'invalid',
      problems,
    };
  }
  const info = raw.signatureInfo;
  if (info !== undefined) {
    if (/bad signature|invalid|expired|revoked/i.test(info)) {
      return { state: 'invalid', problems: [info] };
    }
    if (/good signature|signed/i.test(info) && !UNSIGNED.test(info)) {
      return { state: 'signed', problems };
    }
    if (info.trim() === '' || UNSIGNED.test(info)) {
      return checks.length
        ? { state: 'signed', problems }
        : { state: 'unsigned', problems };
    }
  }
  if (checks.length) return { state: 'signed', problems };
  return { state: 'unknown', problems };
}

/** Commit metadata with the revision's signature state (GnuPG and source integrity). */
export function normalizeRevisionMetadata(
  revision: string,
  raw: ArgoRevisionMetadata,
): RevisionMetadata {
  const { state, problems } = signatureState(raw);
  const result: RevisionMetadata = {
    revision,
    signature: {
      state,
      problems: problems.map(p => sanitizeAgentText(p, { multiline: true })),
    },
  };
  if (raw.signatureInfo) {
    result.signature.info = sanitizeAgentText(raw.signatureInfo, {
      multiline: true,
    });
  }
  if (raw.author) result.author = sanitizeAgentText(raw.author);
  if (raw.date) result.date = raw.date;
  if (raw.message) {
    result.message = sanitizeAgentText(raw.message, { multiline: true });
  }
  if (raw.tags?.length) result.tags = raw.tags;
  return result;
}
