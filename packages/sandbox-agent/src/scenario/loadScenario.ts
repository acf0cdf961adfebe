import fs from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { ZodIssue } from 'zod';
import { Scenario, scenarioSchema } from './schema';
import { expandGenerate } from './expandGenerate';
import { checkReferences } from './checkReferences';

/** One problem of a scenario, at a path such as `agents[1].clusters[0].server`. */
export interface ScenarioIssue {
  path: string;
  message: string;
}

/** A scenario that cannot be served; the message names every bad field. */
export class ScenarioError extends Error {
  readonly issues: ScenarioIssue[];

  constructor(source: string, issues: ScenarioIssue[]) {
    super(
      `Invalid sandbox scenario ${source}:\n${issues
        .map(i => `  - ${i.path || '(root)'}: ${i.message}`)
        .join('\n')}`,
    );
    this.name = 'ScenarioError';
    this.issues = issues;
  }
}

/** Formats a path like zod's as `agents[1].clusters[0].server`. */
export function formatPath(path: Array<string | number>): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(part)) out += out ? `.${part}` : part;
    else out += `[${JSON.stringify(part)}]`;
  }
  return out;
}

function zodIssues(issues: ZodIssue[]): ScenarioIssue[] {
  const out: ScenarioIssue[] = [];
  for (const issue of issues) {
    if (issue.code === 'invalid_union') {
      // Report the branch that got furthest rather than "Invalid input".
      const nested = issue.unionErrors
        .map(e => e.issues)
        .sort((a, b) => maxDepth(b) - maxDepth(a))[0];
      if (nested?.length && maxDepth(nested) > issue.path.length) {
        out.push(...zodIssues(nested));
        continue;
      }
    }
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        out.push({ path: formatPath([...issue.path, key]), message: 'unknown field' });
      }
      continue;
    }
    out.push({ path: formatPath(issue.path), message: issue.message });
  }
  return out;
}

function maxDepth(issues: ZodIssue[]): number {
  return Math.max(0, ...issues.map(i => i.path.length));
}

/**
 * Validates a scenario object (already parsed from YAML or JSON), expands a
 * `generate` block and checks cross references.
 */
export function parseScenario(input: unknown, source = 'scenario'): Scenario {
  const result = scenarioSchema.safeParse(input ?? {});
  if (!result.success) {
    throw new ScenarioError(source, zodIssues(result.error.issues));
  }
  const scenario = expandGenerate(result.data);
  const issues = checkReferences(scenario);
  if (issues.length) throw new ScenarioError(source, issues);
  return scenario;
}

/** Parses scenario text (YAML, which includes JSON). */
export function parseScenarioText(text: string, source = 'scenario'): Scenario {
  let data: unknown;
  try {
    data = parseYaml(text, { maxAliasCount: 1000 });
  } catch (error) {
    throw new ScenarioError(source, [
      { path: '', message: `not valid YAML: ${(error as Error).message}` },
    ]);
  }
  return parseScenario(data, source);
}

/** Reads and validates a scenario file. */
export function loadScenarioFile(path: string): Scenario {
  let text: string;
  try {
    text = fs.readFileSync(path, 'utf8');
  } catch (error) {
    throw new ScenarioError(path, [
      { path: '', message: `cannot read file: ${(error as Error).message}` },
    ]);
  }
  return parseScenarioText(text, path);
}
