// Prints the mint gas tables of the README: LayerloomCollection's public mint next to a plain ERC721A
// (as most drops deploy it, and with 10 payees and frozen metadata),
// and its allowlist mint on a 1,000-wallet list, on a fresh anvil.
// Usage: npm run gas-report -w @layerloom/contracts
import { startAnvil } from '../src/testing/index.ts';
import { connectTestChain } from '../test/support/clients.ts';
import {
  formatAllowlistGasTable,
  formatGasTable,
  measureAllowlistMintGas,
  measureMintGas,
  splitFrozenVariant,
} from '../test/support/gas.ts';

const anvil = await startAnvil();
try {
  const chain = await connectTestChain(anvil.rpcUrl);
  const plain = await measureMintGas(chain);
  console.log(formatGasTable([...plain, ...(await measureMintGas(chain, [1, 5], splitFrozenVariant))]));
  console.log(`\n${formatAllowlistGasTable(await measureAllowlistMintGas(chain))}`);
} finally {
  await anvil.stop();
}
