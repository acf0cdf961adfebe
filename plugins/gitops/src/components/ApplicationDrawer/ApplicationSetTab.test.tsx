import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { devApp, entityRef } from '../../__testUtils__/fixtures';
import { catalogWith } from '../../__testUtils__/catalog';
import { denyingPermissionApi } from '../../__testUtils__/permissions';
import { renderWithEntity } from '../../__testUtils__/renderWithEntity';
import { testGitOpsApi } from '../../__testUtils__/testGitOpsApi';
import { ApplicationSetTab } from './ApplicationSetTab';

describe('ApplicationSetTab', () => {
  it('deletes the set for its owners once its name is typed, then reloads', async () => {
    const api = testGitOpsApi();
    const remove = jest.spyOn(api, 'deleteApplicationSet');
    const reload = jest.spyOn(api, 'getEntityApplicationSets');
    await renderWithEntity(
      <ApplicationSetTab entityRef={entityRef} application={devApp} />,
      { api },
    );
    await userEvent.click(
      await screen.findByRole('button', { name: /Delete ApplicationSet/ }),
    );
    expect(
      screen.getByText(
        /The agent deletes the 2 applications it generated: payments-dev, payments-prod/,
      ),
    ).toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: /^Delete$/ });
    expect(confirm).toBeDisabled();
    await userEvent.type(
      screen.getByLabelText('Type payments to confirm'),
      'payments',
    );
    await userEvent.click(confirm);
    await waitFor(() =>
      expect(remove).toHaveBeenCalledWith('dev-agent', 'payments'),
    );
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
  });

  it("shows the backend's refusal in the dialog and keeps it open", async () => {
    const api = testGitOpsApi({
      deleteApplicationSet: async () => {
        throw new Error('Not allowed: deleting ApplicationSet payments ...');
      },
    });
    await renderWithEntity(
      <ApplicationSetTab entityRef={entityRef} application={devApp} />,
      { api },
    );
    await userEvent.click(
      await screen.findByRole('button', { name: /Delete ApplicationSet/ }),
    );
    await userEvent.type(
      screen.getByLabelText('Type payments to confirm'),
      'payments',
    );
    await userEvent.click(screen.getByRole('button', { name: /^Delete$/ }));
    expect(
      await screen.findByText(
        'Not allowed: deleting ApplicationSet payments ...',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows the delete disabled, saying who owns the entity, without permission', async () => {
    await renderWithEntity(
      <ApplicationSetTab
        entityRef="component:default/locked-sets"
        application={devApp}
      />,
      {
        permissionApi: denyingPermissionApi(['gitops.applicationset.delete']),
        catalogApi: catalogWith([
          {
            apiVersion: 'backstage.io/v1alpha1',
            kind: 'Component',
            metadata: { name: 'locked-sets', namespace: 'default' },
            spec: { owner: 'team-checkout' },
          },
        ]),
      },
    );
    const reason = await screen.findByText(
      /team-checkout owns locked-sets; only its owners may delete the ApplicationSets of its applications\./,
    );
    const button = screen.getByRole('button', {
      name: /Delete ApplicationSet/,
    });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-describedby', reason.id);
  });
});
