import { ApiError, GrpcCode } from '../http/ApiError';
import { Commit } from '../git/GitRepository';
import { hashInt } from '../util/hash';
import { JsonObject } from '../util/json';
import { isoSeconds } from '../util/time';
import { AgentStore } from './AgentStore';
import { AppRecord } from './types';

function gpgDate(ms: number): string {
  return new Date(ms).toUTCString().replace('GMT', 'UTC');
}

/** v1alpha1RevisionMetadata of a commit, with its GnuPG verdict. */
export function commitMetadata(commit: Commit): JsonObject {
  const identity = `${commit.author.name} <${commit.author.email}>`;
  const metadata: JsonObject = {
    author: identity,
    date: isoSeconds(commit.date),
    message: commit.message,
    tags: [...commit.tags],
  };
  if (commit.signed) {
    metadata.signatureInfo = [
      `gpg: Signature made ${gpgDate(commit.date)}`,
      `gpg:                using RSA key ${commit.keyId}`,
      `gpg: Good signature from "${identity}" [ultimate]`,
    ].join('\n');
    metadata.sourceIntegrityResult = { checks: [{ name: 'GIT/GPG', problems: [] }] };
  } else {
    metadata.sourceIntegrityResult = {
      checks: [
        {
          name: 'GIT/GPG',
          problems: [`Failed verifying revision ${commit.sha} by '${identity}': unsigned (key_id=)`],
        },
      ],
    };
  }
  return metadata;
}

function knownToApp(record: AppRecord, revision: string): boolean {
  const status = record.app.status ?? {};
  const revisions: string[] = [
    status.sync?.revision,
    ...(status.sync?.revisions ?? []),
    ...(status.history ?? []).flatMap((h: JsonObject) => [h.revision, ...(h.revisions ?? [])]),
    status.operationState?.syncResult?.revision,
  ].filter(Boolean);
  return revisions.includes(revision);
}

/** GET .../revisions/{revision}/metadata */
export function revisionMetadata(store: AgentStore, record: AppRecord, revision: string): JsonObject {
  const literal = store.revisionMetadata[revision];
  if (literal) return literal;
  const repo = store.git.find(record.model.source.repoUrl);
  const commit =
    repo?.resolve(revision) ?? store.git.findCommit(revision)?.commit;
  if (commit) return commitMetadata(commit);
  if (knownToApp(record, revision)) {
    // A revision from a replayed payload: plausible, stable metadata.
    const h = hashInt(revision);
    const authors = ['Jane Doe <jane.doe@acme.example>', 'release-bot <release-bot@acme.example>', 'Ravi Patel <ravi.patel@acme.example>'];
    const history: JsonObject[] = record.app.status?.history ?? [];
    const deployed = history.find(e => e.revision === revision)?.deployStartedAt;
    return {
      author: authors[h % authors.length],
      date: deployed ?? isoSeconds(store.now() - (h % 1000) * 3600_000),
      message: `Update ${record.model.service}`,
    };
  }
  throw new ApiError(
    GrpcCode.NotFound,
    `rpc error: code = NotFound desc = unable to resolve revision ${revision} in ${record.model.source.repoUrl}`,
  );
}
