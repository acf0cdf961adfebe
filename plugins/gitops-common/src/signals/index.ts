export { gitopsSignalChannels } from './channels';
export type { GitOpsChangeSignal } from './channels';
