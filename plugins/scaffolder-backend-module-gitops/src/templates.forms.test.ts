import { shippedTemplates } from './__testUtils__/runTemplate';

type Property = Record<string, any>;
type Step = { title: string; properties: Record<string, Property> };

const templates = shippedTemplates();

const forms = templates.map(({ name, doc }) => ({
  name,
  parameters: doc.spec.parameters as Step[],
  steps: doc.spec.steps as Array<{ id: string; name: string }>,
}));

describe('the templates, as people meet them', () => {
  it.each(forms.map(f => [f.name, f]))(
    '%s names its steps in words, without template expressions',
    (_name, form) => {
      for (const step of form.steps) {
        expect(step.name).not.toMatch(/\$\{\{/);
      }
    },
  );

  it('pick the GitOps agent from the configured agents, with no made-up default', () => {
    const agentFields = forms.flatMap(form =>
      form.parameters.flatMap(step =>
        Object.entries(step.properties)
          .filter(([key]) => key === 'agentId')
          .map(([, property]) => property),
      ),
    );
    expect(agentFields.length).toBeGreaterThan(0);
    for (const field of agentFields) {
      expect(field['ui:field']).toBe('GitOpsAgentPicker');
      expect(field.default).toBeUndefined();
    }
  });

  it('pick the environments to deploy from the configured environments', () => {
    const environmentLists = forms.flatMap(form =>
      form.parameters.flatMap(step =>
        Object.values(step.properties).filter(
          property =>
            property.type === 'array' &&
            /environment/i.test(String(property.title)),
        ),
      ),
    );
    expect(environmentLists.length).toBeGreaterThan(1);
    for (const field of environmentLists) {
      expect(field['ui:field']).toBe('GitOpsEnvironmentPicker');
    }
  });

  it('start no list with empty entries the person did not choose', () => {
    // the scaffolder's form (react-jsonschema-form) fills a list up to its
    // minItems with empty entries unless its items are a fixed choice: a
    // picker then sees a list it did not fill, checks nothing, and Next
    // says "'Environments 0' must be string" (issue 39, item 9). A list
    // field asks for a length through its validation, or starts from a
    // default that long.
    const filled = forms.flatMap(form =>
      form.parameters.flatMap(step =>
        Object.entries(step.properties)
          .filter(
            ([, property]) =>
              property.type === 'array' &&
              !(property.uniqueItems && property.items?.enum) &&
              (property.minItems ?? 0) >
                (Array.isArray(property.default) ? property.default.length : 0),
          )
          .map(([key]) => `${form.name}: ${key}`),
      ),
    );
    expect(filled).toEqual([]);
  });

  it('add-environment guards the environments deployed today, in one form step', () => {
    const form = forms.find(f => f.name === 'add-environment')!;
    const step = form.parameters.find(s => s.properties.environments)!;
    const options = step.properties.environments['ui:options'];
    // the new environment is named before the service is picked: once it
    // is, the picker checks what the service runs in today plus the new one
    const order = Object.keys(step.properties);
    expect(order.indexOf(options.newEnvironmentField)).toBeLessThan(
      order.indexOf(options.entityField),
    );
    expect(order.indexOf(options.entityField)).toBeLessThan(
      order.indexOf('environments'),
    );
    // the field's validation sees only its own step's data
    for (const field of [
      options.entityField,
      options.newEnvironmentField,
      options.confirmRemovalField,
    ]) {
      expect(Object.keys(step.properties)).toContain(field);
    }
    expect(step.properties[options.confirmRemovalField]).toMatchObject({
      type: 'boolean',
      default: false,
    });
  });
});
