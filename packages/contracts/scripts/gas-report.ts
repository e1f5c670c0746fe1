// Prints the mint gas table of the README: LayerloomCollection next to a plain ERC721A, on a fresh anvil.
// Usage: npm run gas-report -w @layerloom/contracts
import { startAnvil } from '../src/testing/index.ts';
import { connectTestChain } from '../test/support/clients.ts';
import { formatGasTable, measureMintGas } from '../test/support/gas.ts';

const anvil = await startAnvil();
try {
  const chain = await connectTestChain(anvil.rpcUrl);
  console.log(formatGasTable(await measureMintGas(chain)));
} finally {
  await anvil.stop();
}
