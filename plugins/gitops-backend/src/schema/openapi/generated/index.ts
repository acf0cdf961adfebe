//

export * from './router';
