import { harnessApplicationUiUrl } from './harnessApplicationUiUrl';

describe('harnessApplicationUiUrl', () => {
  it('links the application page of its project, with its agent', () => {
    expect(
      harnessApplicationUiUrl(
        'https://app.harness.io/',
        {
          accountIdentifier: 'px7xd_BFRCi-pfWPYXVjvw',
          orgIdentifier: 'default',
          projectIdentifier: 'payments',
          agentIdentifier: 'euprod',
        },
        { name: 'payments-gateway-prod' },
      ),
    ).toBe(
      'https://app.harness.io/ng/account/px7xd_BFRCi-pfWPYXVjvw/all/orgs/default/projects/payments/gitops/applications/payments-gateway-prod?agentId=euprod',
    );
  });

  it('links at account level for an account-scoped agent', () => {
    expect(
      harnessApplicationUiUrl(
        'https://harness.example.com',
        { accountIdentifier: 'acc', agentIdentifier: 'account.hub' },
        { name: 'a b' },
      ),
    ).toBe(
      'https://harness.example.com/ng/account/acc/all/gitops/applications/a%20b?agentId=account.hub',
    );
  });
});
