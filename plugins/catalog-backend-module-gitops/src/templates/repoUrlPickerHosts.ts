import { Entity } from '@backstage/catalog-model';

const GITHUB = 'github.com';

/**
 * Lets the RepoUrlPicker fields of a template that allow github.com also
 * allow every other GitHub host the install configures
 * (`integrations.github[].host`: GitHub Enterprise, or the sandbox's git
 * host on `npm start`): the templates publish with the GitHub actions,
 * which work on any GitHub integration. github.com stays first; a template
 * without github.com, or a picker without `allowedHosts`, is left as is.
 */
export function withGithubHosts(template: Entity, githubHosts: string[]): Entity {
  const extra = githubHosts.filter(h => h !== GITHUB);
  if (!extra.length) return template;
  const parameters = (template.spec as { parameters?: unknown })?.parameters;
  const steps = Array.isArray(parameters) ? parameters : [parameters];
  for (const step of steps) {
    const properties = (step as { properties?: Record<string, any> } | undefined)?.properties ?? {};
    for (const field of Object.values(properties)) {
      const options = field?.['ui:field'] === 'RepoUrlPicker' ? field['ui:options'] : undefined;
      const allowed: unknown = options?.allowedHosts;
      if (!Array.isArray(allowed) || !allowed.includes(GITHUB)) continue;
      options.allowedHosts = [...allowed, ...extra.filter(h => !allowed.includes(h))];
    }
  }
  return template;
}
