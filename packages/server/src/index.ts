export type { BuildAppOptions } from './app.ts';
export { buildApp } from './app.ts';
export type { Config } from './config.ts';
export { ConfigError, loadConfig } from './config.ts';
