import { executeGoTemplate } from './execute';
import { goTemplateFunctions } from './functions';

export { GoTemplateError } from './parse';
export { sanitizeName } from './functions';

/**
 * Renders one string as Argo CD renders an ApplicationSet field with
 * `goTemplate: true`: Go's text/template with sprig and Argo CD's functions,
 * `goTemplateOptions` such as `missingkey=error` applied.
 */
export function renderGoTemplate(text: string, data: unknown, goTemplateOptions: string[] = []): string {
  return executeGoTemplate(text, data, {
    functions: goTemplateFunctions,
    missingKeyError: goTemplateOptions.includes('missingkey=error'),
  });
}
