//
export * from './generated';
