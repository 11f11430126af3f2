export { setupPglite as default } from './global-setup.ts';
