import type { FieldExtensionComponentProps } from '@backstage/plugin-scaffolder-react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import {
  GitOpsRepoUrlPicker,
  validateGitOpsRepoUrl,
} from './GitOpsRepoUrlPicker';

const HOSTS = ['localhost:7010', 'github.com'];

/** The picker as the scaffolder form renders it, keeping its value. */
function Picker(props: {
  initial?: string;
  form?: Record<string, unknown>;
  onValue: (value?: string) => void;
}) {
  const [value, setValue] = useState<string | undefined>(props.initial);
  const fieldProps = {
    formData: value,
    onChange: (next: string) => {
      setValue(next);
      props.onValue(next);
    },
    schema: { title: 'Repository location', type: 'string' },
    uiSchema: {
      'ui:options': { allowedHosts: HOSTS, repoNameField: 'name' },
    },
    formContext: { formData: props.form ?? {} },
    idSchema: { $id: 'root_repoUrl' },
    rawErrors: [],
    required: true,
  } as unknown as FieldExtensionComponentProps<string, any>;
  return <GitOpsRepoUrlPicker {...fieldProps} />;
}

function validate(value: string | undefined) {
  const errors: string[] = [];
  validateGitOpsRepoUrl(
    value as string,
    { addError: (m: string) => errors.push(m) } as any,
    {
      uiSchema: { 'ui:options': { allowedHosts: HOSTS } },
    } as any,
  );
  return errors;
}

describe('GitOpsRepoUrlPicker', () => {
  it('starts at the first allowed host and names the repository after the service', () => {
    const onValue = jest.fn();
    render(
      <Picker
        initial="localhost:7010?owner=acme"
        form={{ name: 'orders' }}
        onValue={onValue}
      />,
    );
    expect(onValue).toHaveBeenLastCalledWith(
      'localhost:7010?owner=acme&repo=orders',
    );
    expect(screen.getByRole('textbox', { name: /^Repository/ })).toHaveValue(
      'orders',
    );
    expect(screen.getByRole('textbox', { name: /^Owner/ })).toHaveValue('acme');
    expect(screen.getByRole('combobox', { name: /^Host/ })).toHaveValue(
      'localhost:7010',
    );
  });

  it('without a value, takes the first allowed host; another host can be chosen', async () => {
    const onValue = jest.fn();
    render(<Picker form={{ name: 'orders' }} onValue={onValue} />);
    expect(onValue).toHaveBeenLastCalledWith('localhost:7010?repo=orders');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: /^Host/ }),
      'github.com',
    );
    expect(onValue).toHaveBeenLastCalledWith('github.com?repo=orders');
  });

  it('keeps a repository named before, and counts every keystroke', async () => {
    const onValue = jest.fn();
    render(
      <Picker
        initial="github.com?owner=acme&repo=legacy"
        form={{ name: 'orders' }}
        onValue={onValue}
      />,
    );
    expect(onValue).not.toHaveBeenCalled();
    const repo = screen.getByRole('textbox', { name: /^Repository/ });
    await userEvent.clear(repo);
    expect(onValue).toHaveBeenLastCalledWith('github.com?owner=acme');
    expect(repo).toHaveValue('');
    await userEvent.type(repo, 'billing');
    // no blur: the form has the name as typed
    expect(onValue).toHaveBeenLastCalledWith(
      'github.com?owner=acme&repo=billing',
    );
  });

  it('says in words what is missing or wrong', () => {
    expect(validate(undefined)).toEqual([
      'Choose the host the repository is created on.',
    ]);
    expect(validate('gitlab.com?owner=acme&repo=x')).toEqual([
      'gitlab.com is not a host this template may create repositories on; choose one of localhost:7010, github.com.',
    ]);
    expect(validate('github.com?repo=x')).toEqual([
      'Name the owner of the repository (an organization or user).',
    ]);
    expect(validate('github.com?owner=acme')).toEqual(['Name the repository.']);
    expect(validate('github.com?owner=acme&repo=a%20b')).toEqual([
      'The repository name a b may have only letters, digits, dots, dashes and underscores.',
    ]);
    expect(validate('localhost:7010?owner=acme&repo=orders')).toEqual([]);
  });
});
