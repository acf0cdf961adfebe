import { TestApiProvider, TestApiRegistry } from '@backstage/test-utils';
import type { FieldExtensionComponentProps } from '@backstage/plugin-scaffolder-react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { gitopsApiRef } from '../api';
import { entityApplications } from '../__testUtils__/fixtures';
import { testGitOpsApi } from '../__testUtils__/testGitOpsApi';
import { GitOpsAgentPicker, validateGitOpsAgent } from './GitOpsAgentPicker';
import {
  GitOpsEnvironmentPicker,
  validateGitOpsEnvironments,
} from './GitOpsEnvironmentPicker';

const status = (agentId: string, state: 'connected' | 'error') => ({
  agentId,
  kind: 'argocd',
  state,
  checkedAt: '2024-05-01T12:00:00Z',
});

const api = testGitOpsApi({
  getAgents: async () => ({
    items: [
      {
        id: 'argocd-nonprod',
        kind: 'argocd',
        region: 'eu-west-1',
        environments: ['dev', 'qa'],
        serves: [
          {
            environment: 'dev',
            clusters: [{ name: 'nonprod', server: 'https://nonprod:6443' }],
          },
          { environment: 'qa', clusters: [] },
        ],
        status: status('argocd-nonprod', 'connected'),
      },
      {
        id: 'argocd-prod',
        kind: 'argocd',
        environments: ['prod'],
        status: status('argocd-prod', 'error'),
      },
      {
        id: 'argocd-new',
        kind: 'argocd',
        status: status('argocd-new', 'connected'),
      },
    ],
    errors: [],
  }),
  getEnvironments: async () => [
    { name: 'prod', title: 'Production', order: 3, production: true },
    { name: 'dev', title: 'Development', order: 1 },
    { name: 'qa', title: 'QA', order: 2 },
  ],
});
const apis = TestApiRegistry.from([gitopsApiRef, api]);

/**
 * Renders a field the way the scaffolder form does, keeping its value, with
 * the test GitOps API.
 */
function Field<T>(props: {
  component: (p: FieldExtensionComponentProps<any, any>) => JSX.Element | null;
  initial?: T;
  title: string;
  /** The field's JSON schema type (an array unless said). */
  type?: 'string' | 'array';
  uiOptions?: Record<string, unknown>;
  form?: Record<string, unknown>;
  onValue: (value?: T) => void;
}) {
  const [value, setValue] = useState<T | undefined>(props.initial);
  const Component = props.component;
  const fieldProps = {
    formData: value,
    onChange: (next: T) => {
      setValue(next);
      props.onValue(next);
    },
    schema: { title: props.title, type: props.type ?? 'array' },
    uiSchema: { 'ui:options': props.uiOptions ?? {} },
    formContext: { formData: props.form ?? {} },
    idSchema: { $id: 'root_field' },
    rawErrors: [],
    required: true,
  } as unknown as FieldExtensionComponentProps<T, any>;
  return (
    <TestApiProvider apis={[[gitopsApiRef, api]]}>
      <Component {...fieldProps} />
    </TestApiProvider>
  );
}

/** The add-environment template's options of the environments field. */
const addEnvironmentOptions = {
  entityField: 'entity',
  newEnvironmentField: 'environment',
};

function validation() {
  const errors: string[] = [];
  return { errors, addError: (message: string) => errors.push(message) };
}

describe('GitOpsAgentPicker', () => {
  it('lists the configured agents with what they serve and sets the picked one', async () => {
    const onValue = jest.fn();
    render(
      <Field
        component={GitOpsAgentPicker}
        title="GitOps agent"
        onValue={onValue}
      />,
    );
    const select = await screen.findByRole('button', { name: /GitOps agent/ });
    await waitFor(() => expect(select).not.toHaveAttribute('aria-disabled'));
    await userEvent.click(select);
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map(o => o.textContent),
    ).toEqual([
      'argocd-nonprodargocd · eu-west-1 · serves dev on nonprod, qa',
      'argocd-prodargocd · serves prod · error',
      'argocd-newargocd · serves no environment yet',
    ]);
    await userEvent.click(
      within(listbox).getByRole('option', { name: /argocd-nonprod/ }),
    );
    expect(onValue).toHaveBeenLastCalledWith('argocd-nonprod');
  });

  it('refuses an agent the portal does not know', async () => {
    const result = validation();
    await validateGitOpsAgent('hub', result as any, {
      apiHolder: apis,
      formData: {},
      schema: {},
    });
    expect(result.errors).toEqual([
      'hub is not a configured GitOps agent; pick one of argocd-nonprod, argocd-prod, argocd-new',
    ]);
  });
});

describe('GitOpsEnvironmentPicker', () => {
  it('offers the configured environments in promotion order, labelled for people', async () => {
    render(
      <Field
        component={GitOpsEnvironmentPicker}
        title="Environments"
        initial={['dev']}
        onValue={jest.fn()}
      />,
    );
    const group = await screen.findByRole('group', { name: /Environments/ });
    await within(group).findByRole('checkbox', { name: /^Production/ });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map(box => box.closest('label')?.textContent),
    ).toEqual(['Development', 'QA', 'Production']);
  });

  it('starts add-environment from what runs today and warns before dropping it', async () => {
    const onValue = jest.fn();
    render(
      <Field
        component={GitOpsEnvironmentPicker}
        title="Environments after the change"
        uiOptions={addEnvironmentOptions}
        form={{
          entity: entityApplications.entityRef,
          environment: 'staging',
        }}
        onValue={onValue}
      />,
    );
    // the entity runs in dev and prod (fixtures)
    await waitFor(() =>
      expect(onValue).toHaveBeenCalledWith(['dev', 'prod', 'staging']),
    );
    const prod = await screen.findByRole('checkbox', {
      name: 'Production · deployed today',
    });
    expect(prod).toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: 'staging · new' }),
    ).toBeChecked();
    await userEvent.click(prod);
    expect(onValue).toHaveBeenLastCalledWith(['dev', 'staging']);
    expect(
      screen.getByText(/prod is deployed today and would no longer be/),
    ).toBeInTheDocument();
  });

  it('checks the new environment too when it is named after the service is picked, and lets the list be emptied', async () => {
    const onValue = jest.fn();
    const picker = (form: Record<string, unknown>) => (
      <Field
        component={GitOpsEnvironmentPicker}
        title="Environments after the change"
        uiOptions={addEnvironmentOptions}
        // the form starts a list with minItems with an empty entry
        initial={[undefined]}
        form={form}
        onValue={onValue}
      />
    );
    const { rerender } = render(
      picker({ entity: entityApplications.entityRef }),
    );
    await waitFor(() => expect(onValue).toHaveBeenCalledWith(['dev', 'prod']));
    // the new environment typed afterwards, a letter at a time
    rerender(
      picker({ entity: entityApplications.entityRef, environment: 's' }),
    );
    rerender(
      picker({ entity: entityApplications.entityRef, environment: 'stage' }),
    );
    await waitFor(() =>
      expect(onValue).toHaveBeenLastCalledWith(['dev', 'prod', 'stage']),
    );
    expect(
      await screen.findByRole('checkbox', { name: 'stage · new' }),
    ).toBeChecked();
    // unchecking everything leaves nothing checked (the validation says so)
    for (const name of [
      'Development · deployed today',
      'Production · deployed today',
      'stage · new',
    ]) {
      await userEvent.click(screen.getByRole('checkbox', { name }));
    }
    expect(onValue).toHaveBeenLastCalledWith([]);
    const result = validation();
    await validateGitOpsEnvironments([], result as any, {
      apiHolder: apis,
      formData: { entity: entityApplications.entityRef, environment: 'stage' },
      schema: {},
      uiSchema: { 'ui:options': addEnvironmentOptions },
    });
    expect(result.errors).toEqual(['Pick at least one environment.']);
  });

  it('refuses to drop a deployed environment unless the removal is confirmed', async () => {
    const options = {
      'ui:options': {
        ...addEnvironmentOptions,
        confirmRemovalField: 'removeEnvironments',
      },
    };
    const refused = validation();
    await validateGitOpsEnvironments(['staging'], refused as any, {
      apiHolder: apis,
      formData: {
        entity: entityApplications.entityRef,
        environment: 'staging',
      },
      schema: {},
      uiSchema: options,
    });
    expect(refused.errors).toEqual([
      'dev, prod would no longer be deployed. Check them again, or confirm the removal.',
    ]);
    const confirmed = validation();
    await validateGitOpsEnvironments(['staging'], confirmed as any, {
      apiHolder: apis,
      formData: {
        entity: entityApplications.entityRef,
        environment: 'staging',
        removeEnvironments: true,
      },
      schema: {},
      uiSchema: options,
    });
    expect(confirmed.errors).toEqual([]);
  });
});

describe('GitOpsEnvironmentPicker for one environment (promote-release)', () => {
  it('offers the environments the entity runs in, one to pick', async () => {
    const onValue = jest.fn();
    render(
      <Field
        component={GitOpsEnvironmentPicker}
        title="Target environment"
        type="string"
        uiOptions={{ entityField: 'entity' }}
        form={{ entity: entityApplications.entityRef }}
        onValue={onValue}
      />,
    );
    const group = await screen.findByRole('radiogroup', {
      name: 'Target environment',
    });
    // the entity runs in dev and prod (fixtures): qa is not offered
    await within(group).findByRole('radio', { name: 'Production' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map(radio => radio.closest('label')?.textContent),
    ).toEqual(['Development', 'Production']);
    await userEvent.click(
      within(group).getByRole('radio', { name: 'Production' }),
    );
    expect(onValue).toHaveBeenLastCalledWith('prod');
  });

  it('refuses an environment the entity does not run in, and none', async () => {
    const context = {
      apiHolder: apis,
      formData: { entity: entityApplications.entityRef },
      schema: { type: 'string' },
      uiSchema: { 'ui:options': { entityField: 'entity' } },
    };
    const check = async (value: string) => {
      const result = validation();
      await validateGitOpsEnvironments(value, result as any, context as any);
      return result.errors;
    };
    expect(await check('prod')).toEqual([]);
    expect(await check('qa')).toEqual([
      'qa is not deployed for this service (it runs in dev, prod); add it with the add-environment template first.',
    ]);
    expect(await check('')).toEqual(['Choose an environment.']);
  });
});
