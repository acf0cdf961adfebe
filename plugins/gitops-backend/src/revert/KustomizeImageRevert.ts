import path from 'node:path';
import { ConflictError } from '@backstage/errors';
import { shortRevision } from '@gitops-suite/plugin-gitops-common';
import type { RevertChange } from '@gitops-suite/plugin-gitops-common';
import { isMap, isSeq, parseDocument, YAMLMap } from 'yaml';
import {
  RepositorySnapshot,
  RevertInput,
  RevertPlan,
  SourceRevert,
} from './types';

/** The names Kustomize reads a kustomization from, in its order. */
const KUSTOMIZATION_FILES = [
  'kustomization.yaml',
  'kustomization.yml',
  'Kustomization',
];

/** What an `images:` entry sets, Kustomize's fields. */
const IMAGE_FIELDS = ['newName', 'newTag', 'digest'] as const;

type ImageOverride = Partial<Record<(typeof IMAGE_FIELDS)[number], string>>;

function kustomizationOf(snapshot: RepositorySnapshot, folder: string) {
  return KUSTOMIZATION_FILES.map(name => path.posix.join(folder, name)).find(
    file => snapshot.file(file),
  );
}

function parsed(text: string, file: string, commit: string) {
  const doc = parseDocument(text);
  if (doc.errors.length) {
    throw new ConflictError(
      `${file} at ${shortRevision(commit)} is not valid YAML: ${
        doc.errors[0].message
      }`,
    );
  }
  return doc;
}

/** The `images:` entries of a kustomization, by image name. */
function imageEntries(doc: ReturnType<typeof parseDocument>) {
  const images = doc.get('images');
  const entries = new Map<string, YAMLMap>();
  if (!isSeq(images)) return entries;
  for (const item of images.items) {
    if (isMap(item) && item.get('name') !== undefined) {
      entries.set(String(item.get('name')), item as YAMLMap);
    }
  }
  return entries;
}

function override(entry: YAMLMap | undefined): ImageOverride {
  const result: ImageOverride = {};
  for (const field of IMAGE_FIELDS) {
    const value = entry?.get(field);
    if (value !== undefined && value !== null) result[field] = String(value);
  }
  return result;
}

/** An override as people read it: `name:tag`, `tag`, `@digest`. */
function describe(value: ImageOverride): string | undefined {
  const tag = [value.newTag, value.digest ? `@${value.digest}` : undefined]
    .filter(Boolean)
    .join('');
  if (value.newName) return tag ? `${value.newName}:${tag}` : value.newName;
  return tag || undefined;
}

function same(a: ImageOverride, b: ImageOverride): boolean {
  return IMAGE_FIELDS.every(field => a[field] === b[field]);
}

/**
 * A Kustomize overlay: puts the `images:` entries of its kustomization
 * (newName, newTag, digest) back to what they were at the history entry's
 * commit, as a promotion writes them, keeping the file's comments and
 * layout; the overlay's other files stay as they are.
 */
export class KustomizeImageRevert implements SourceRevert {
  handles(input: RevertInput): boolean {
    return (
      input.source.type === 'kustomize' ||
      kustomizationOf(input.now, input.path) !== undefined
    );
  }

  async plan(input: RevertInput): Promise<RevertPlan> {
    const { now, then } = input;
    const file = kustomizationOf(now, input.path);
    const before = file && (await now.text(file));
    if (!file || before === undefined) {
      throw new ConflictError(
        `${
          input.path || 'The repository root'
        } has no kustomization on the branch now, so there are no image tags to put back`,
      );
    }
    const thenFile = kustomizationOf(then, input.path);
    const thenText = thenFile && (await then.text(thenFile));
    if (!thenFile || thenText === undefined) {
      throw new ConflictError(
        `${
          input.path || 'The repository root'
        } had no kustomization at ${shortRevision(
          then.commit,
        )}, so the history entry's image tags are not in Git`,
      );
    }
    const doc = parsed(before, file, now.commit);
    const current = imageEntries(doc);
    const wanted = imageEntries(parsed(thenText, thenFile, then.commit));
    const changes: RevertChange[] = [];
    const change = (name: string, from: ImageOverride, to: ImageOverride) =>
      changes.push({
        file,
        what: `image ${name}`,
        ...(describe(from) && { from: describe(from) }),
        ...(describe(to) && { to: describe(to) }),
      });
    for (const [name, entry] of current) {
      const from = override(entry);
      const to = override(wanted.get(name));
      if (same(from, to)) continue;
      change(name, from, to);
      if (!wanted.has(name)) {
        const images = doc.get('images');
        if (isSeq(images)) images.items.splice(images.items.indexOf(entry), 1);
        continue;
      }
      for (const field of IMAGE_FIELDS) {
        if (to[field] === undefined) entry.delete(field);
        else if (from[field] !== to[field]) entry.set(field, to[field]);
      }
    }
    for (const [name, entry] of wanted) {
      if (current.has(name)) continue;
      change(name, {}, override(entry));
      if (!isSeq(doc.get('images'))) doc.set('images', doc.createNode([]));
      (doc.get('images') as { items: unknown[] }).items.push(
        doc.createNode(entry.toJSON()),
      );
    }
    if (!changes.length) {
      const others = now
        .filesUnder(input.path)
        .filter(f => then.file(f.path)?.sha !== f.sha)
        .map(f => f.path);
      return {
        files: [],
        changes,
        unchanged: `the image tags of ${file} are those the history entry deployed${
          others.length
            ? ` (other files of the overlay differ: ${others.join(
                ', ',
              )}; a revert in Git puts a Kustomize overlay's image tags back, not its other files)`
            : ''
        }`,
      };
    }
    return { files: [{ path: file, content: doc.toString() }], changes };
  }
}
