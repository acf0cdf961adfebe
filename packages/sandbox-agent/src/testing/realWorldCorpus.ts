import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';

/*
 * The real-world ApplicationSet corpus (testdata/applicationsets-real): each
 * `<name>.yaml` is an ApplicationSet from a public repository with a
 * provenance line, each `<name>.expected.yaml` the outcome derived from Argo
 * CD's source for the state of `scenario.yaml`. The sandbox's tests and the
 * scaffolder module's tests both read it through this loader.
 */

const PACKAGE_ROOT = path.dirname(require.resolve('@gitops-suite/sandbox-agent/package.json'));

export const REAL_WORLD_CORPUS_DIR = path.join(PACKAGE_ROOT, 'testdata/applicationsets-real');
export const REAL_WORLD_CORPUS_SCENARIO = path.join(REAL_WORLD_CORPUS_DIR, 'scenario.yaml');

/** An API refusal: the HTTP status and a part of Argo CD's message. */
export interface CorpusRefusal {
  status: number;
  message: string;
}

/** One ApplicationSet condition, as Argo CD's controller sets it. */
export interface CorpusCondition {
  status: 'True' | 'False';
  reason: string;
  /** A part of the message, where it matters. */
  message?: string;
}

/** The outcome Argo CD gives a corpus file (see the expected files). */
export interface CorpusExpectation {
  /** The sandbox agent the set is posted to. */
  agent: string;
  /** `valid`, or parts of the validator's errors. */
  validator: 'valid' | { invalid: string[] };
  /** POST /api/v1/applicationsets: `accepted` or the refusal. */
  create: 'accepted' | { refused: CorpusRefusal };
  /** POST /api/v1/applicationsets/generate: names in order of generation sorted, duplicates kept; or the refusal. */
  generated: string[] | { refused: CorpusRefusal };
  /** status.conditions after the create, by type. */
  conditions?: Record<'ErrorOccurred' | 'ParametersGenerated' | 'ResourcesUpToDate', CorpusCondition>;
  /** The Applications the set owns after the create. */
  applications?: string[];
  /** Fields of generated Applications: app name -> JSON pointer -> value. */
  fields?: Record<string, Record<string, unknown>>;
  /** Why: the parts of Argo CD's source that decide the outcome. */
  derivation: string;
}

export interface CorpusSource {
  repo: string;
  path: string;
  commit: string;
}

export interface CorpusEntry {
  /** The file name without `.yaml`. */
  name: string;
  source: CorpusSource;
  /** The ApplicationSet as parsed from the file. */
  manifest: Record<string, any>;
  expected: CorpusExpectation;
}

const PROVENANCE = /^# source: github\.com\/(\S+) (\S+) @ ([0-9a-f]{40})/;

function readEntry(name: string): CorpusEntry {
  const text = fs.readFileSync(path.join(REAL_WORLD_CORPUS_DIR, `${name}.yaml`), 'utf8');
  const match = PROVENANCE.exec(text.split('\n')[0]);
  if (!match) throw new Error(`${name}.yaml: the first line is not a provenance line`);
  const expectedPath = path.join(REAL_WORLD_CORPUS_DIR, `${name}.expected.yaml`);
  if (!fs.existsSync(expectedPath)) throw new Error(`${name}.yaml has no ${name}.expected.yaml`);
  return {
    name,
    source: { repo: match[1], path: match[2], commit: match[3] },
    manifest: parseYaml(text),
    expected: parseYaml(fs.readFileSync(expectedPath, 'utf8')),
  };
}

/** Every corpus file with its expectation, in file name order. */
export function loadRealWorldCorpus(): CorpusEntry[] {
  return fs
    .readdirSync(REAL_WORLD_CORPUS_DIR)
    .filter(f => f.endsWith('.yaml') && !f.endsWith('.expected.yaml') && f !== 'scenario.yaml')
    .map(f => f.slice(0, -'.yaml'.length))
    .sort()
    .map(readEntry);
}

/** The value at a JSON pointer (`/spec/source/path`, `/metadata/annotations/a~1b`). */
export function valueAt(object: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .map(p => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((value, key) => {
      if (value === null || value === undefined) return undefined;
      return (value as Record<string, unknown>)[key];
    }, object);
}
