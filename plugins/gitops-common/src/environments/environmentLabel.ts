import type { EnvironmentDefinition } from '../types';
import { findEnvironment } from './sortEnvironments';

/**
 * What an environment's label is made of: its name, its configured title
 * and whether it is production.
 * @public
 */
export interface EnvironmentLabelParts {
  /** The environment's name (`prod`). */
  name: string;
  /** Its configured title (`Production`). */
  title?: string;
  /** Whether it is a production environment. */
  production?: boolean;
  /** Whether it is a preview environment, apart from the promotion chain. */
  preview?: boolean;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * Whether `text` already says `what`: every word of `what` begins a word of
 * `text` ("Production" says `prod`, "EU Production" says `prod-eu`, "QA"
 * says `qa`).
 */
function restates(text: string, what: string): boolean {
  const said = words(text);
  return words(what).every(w => said.some(s => s.startsWith(w)));
}

/**
 * How to name an environment for people, everywhere it is shown: its title
 * (its name when it has none), then in parentheses what the title does not
 * already say: the name, where the title does not restate it,
 * "production" for a production environment and "preview" for a preview
 * environment whose label does not say so.
 * "Production" for `prod`, "Development" for `dev`, "Live (production)"
 * for `live` titled "Live", "Live (blue, production)" for `blue` titled
 * "Live".
 *
 * Takes the parts, or a name and the configured definitions (the first
 * definition of that name, as everywhere else).
 * @public
 */
export function environmentLabel(
  environment: EnvironmentLabelParts | string,
  definitions: readonly EnvironmentDefinition[] = [],
): string {
  const parts: EnvironmentLabelParts =
    typeof environment === 'string'
      ? findEnvironment(environment, definitions)?.definition ?? {
          name: environment,
        }
      : environment;
  const title = parts.title?.trim() || parts.name;
  const qualifiers: string[] = [];
  if (!restates(title, parts.name)) qualifiers.push(parts.name);
  if (parts.production && !restates(`${title} ${parts.name}`, 'prod')) {
    qualifiers.push('production');
  }
  if (parts.preview && !restates(`${title} ${parts.name}`, 'preview')) {
    qualifiers.push('preview');
  }
  return qualifiers.length > 0 ? `${title} (${qualifiers.join(', ')})` : title;
}
