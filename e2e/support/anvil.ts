// The contracts package's local chain for tests, as the browser tests start it.
export { type Anvil, startAnvil } from '@layerloom/contracts/testing';
