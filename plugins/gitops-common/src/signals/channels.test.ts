import { gitopsSignalChannels } from './channels';

describe('gitopsSignalChannels', () => {
  it('names one channel per entity, per application and one for the fleet', () => {
    expect(gitopsSignalChannels.fleet).toBe('gitops:fleet');
    expect(gitopsSignalChannels.entity('component:default/payments')).toBe(
      'gitops:entity:component:default/payments',
    );
    expect(gitopsSignalChannels.application('argo', 'payments-dev')).toBe(
      'gitops:application:argo/payments-dev',
    );
  });
});
