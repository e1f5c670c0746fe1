/** Test tooling for code that talks to the collection contract: a local anvil chain on a free port. */
export type { CheckSourceParameters, CheckSourceReturnType } from './check-source.ts';
export { checkSource } from './check-source.ts';
export type { Anvil } from './start-anvil.ts';
export { startAnvil } from './start-anvil.ts';
