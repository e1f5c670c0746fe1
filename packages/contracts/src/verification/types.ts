/**
 * What an explorer needs to verify a deployed contract's source: the Solidity standard JSON input it was
 * compiled from (every source file it reads, under the names solc compiled them by, and the same
 * settings), the full compiler version and the contract's `path:Name`. Constructor arguments come from
 * the deployment.
 */
export interface VerificationInput {
  /** `contracts/LayerloomCollection.sol:LayerloomCollection`. */
  contractIdentifier: string;
  /** The full solc build, as Sourcify names it (`0.8.37+commit.f401782d`); Etherscan wants a leading `v`. */
  compilerVersion: string;
  standardJsonInput: {
    language: 'Solidity';
    sources: Record<string, { content: string }>;
    settings: {
      optimizer: { enabled: boolean; runs: number };
      evmVersion: string;
      outputSelection: Record<string, Record<string, readonly string[]>>;
    };
  };
}
