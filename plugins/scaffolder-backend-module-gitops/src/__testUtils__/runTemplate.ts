import fs from 'fs';
import path from 'path';
import { parse } from 'yaml';
import { Entity } from '@backstage/catalog-model';
import { mockCredentials } from '@backstage/backend-test-utils';
// eslint-disable-next-line @backstage/no-mixed-plugin-imports
import { waitFor } from '@gitops-suite/plugin-gitops-backend/testUtils';

/** The golden-path templates of the suite, shipped in the catalog module. */
export const TEMPLATES = path.resolve(
  __dirname,
  '../../../catalog-backend-module-gitops/templates',
);

/** The shipped templates: each one's folder name, template.yaml and its parsed document. */
export function shippedTemplates(): Array<{
  name: string;
  file: string;
  doc: any;
}> {
  return fs
    .readdirSync(TEMPLATES, { withFileTypes: true })
    .filter(d => d.isDirectory())
    .map(d => path.join(TEMPLATES, d.name, 'template.yaml'))
    .filter(f => fs.existsSync(f))
    .map(file => ({
      name: path.basename(path.dirname(file)),
      file,
      doc: parse(fs.readFileSync(file, 'utf8')),
    }));
}

/**
 * A template of the suite as the catalog holds it: located on disk, so that
 * its `fetch:template` steps read its skeleton from there.
 */
export function templateEntity(name: string): Entity {
  const file = path.join(TEMPLATES, name, 'template.yaml');
  const template = parse(fs.readFileSync(file, 'utf8')) as Entity;
  return {
    ...template,
    metadata: {
      ...template.metadata,
      namespace: 'default',
      annotations: { 'backstage.io/managed-by-location': `file:${file}` },
    },
  };
}

/** How a scaffolder task ended: its status, its output and its error. */
export interface TaskOutcome {
  status: string;
  output: { links?: Array<Record<string, string>>; [key: string]: unknown };
  error?: string;
  log: string[];
}

/**
 * Runs a template for real through the scaffolder's task API (the task
 * worker in the same backend) and waits until the task has ended.
 */
export async function runTemplate(
  port: number,
  template: string,
  values: Record<string, unknown>,
): Promise<TaskOutcome> {
  const base = `http://localhost:${port}/api/scaffolder/v2`;
  const headers = {
    'Content-Type': 'application/json',
    Authorization: mockCredentials.user.header(),
  };
  const created = await fetch(`${base}/tasks`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      templateRef: `template:default/${template}`,
      values,
      secrets: {},
    }),
  });
  if (created.status !== 201) {
    throw new Error(
      `The scaffolder refused the task: ${
        created.status
      } ${await created.text()}`,
    );
  }
  const { id } = await created.json();
  const task = await waitFor(
    `task ${id} to end`,
    async () => {
      const res = await fetch(`${base}/tasks/${id}`, { headers });
      const body = await res.json();
      return ['completed', 'failed', 'cancelled'].includes(body.status)
        ? body
        : undefined;
    },
    60_000,
  );
  const events = (await (
    await fetch(`${base}/tasks/${id}/events`, { headers })
  ).json()) as Array<{ type: string; body: Record<string, any> }>;
  const completion = events.find(e => e.type === 'completion');
  return {
    status: task.status,
    output: completion?.body.output ?? {},
    error: completion?.body.error?.message,
    log: events.filter(e => e.type === 'log').map(e => e.body.message),
  };
}
