/**
 * The GitOps plugin for Backstage's new frontend system.
 *
 * @packageDocumentation
 */

export { default } from './alpha/plugin';
