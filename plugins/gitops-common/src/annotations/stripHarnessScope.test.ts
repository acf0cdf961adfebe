import { stripHarnessScope } from './stripHarnessScope';

describe('stripHarnessScope', () => {
  it.each([
    ['account.payments', 'payments'],
    ['org.payments', 'payments'],
    ['payments', 'payments'],
    ['org.x', 'x'],
    ['  account.payments ', 'payments'],
    ['account.org.x', 'org.x'],
    ['accounting.x', 'accounting.x'],
    ['project.x', 'project.x'],
    ['Account.x', 'Account.x'],
    ['account.', ''],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(stripHarnessScope(input)).toBe(expected);
  });
});
