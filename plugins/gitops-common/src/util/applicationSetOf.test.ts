import { applicationSetOf, isGeneratedBy } from './applicationSetOf';

const set = { agentId: 'dev', name: 'shop', applications: ['cart-dev'] };

describe('applicationSetOf', () => {
  const listedBy = (name: string) => (name === 'cart-dev' ? 'shop' : undefined);

  it('is the application own owner reference first', () => {
    expect(
      applicationSetOf({ name: 'cart-dev', applicationSet: 'other' }, listedBy),
    ).toBe('other');
  });

  it('else the set that lists the application', () => {
    expect(applicationSetOf({ name: 'cart-dev' }, listedBy)).toBe('shop');
    expect(applicationSetOf({ name: 'ledger' }, listedBy)).toBeUndefined();
  });
});

describe('isGeneratedBy', () => {
  it('holds for an application the set owns or lists, on its agent', () => {
    expect(
      isGeneratedBy({ agentId: 'dev', name: 'a', applicationSet: 'shop' }, set),
    ).toBe(true);
    expect(isGeneratedBy({ agentId: 'dev', name: 'cart-dev' }, set)).toBe(true);
  });

  it('does not hold for another set, name or agent', () => {
    expect(
      isGeneratedBy(
        { agentId: 'dev', name: 'a', applicationSet: 'other' },
        set,
      ),
    ).toBe(false);
    expect(isGeneratedBy({ agentId: 'dev', name: 'ledger' }, set)).toBe(false);
    expect(isGeneratedBy({ agentId: 'prod', name: 'cart-dev' }, set)).toBe(
      false,
    );
  });
});
