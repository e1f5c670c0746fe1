import {
  type Account,
  type Address,
  getAddress,
  type Hash,
  type PublicClient,
  type TransactionReceipt,
  type WalletClient,
} from 'viem';
import { DeploymentFailedError, InvalidPayeesError } from '../errors.ts';
import {
  layerloomPaymentSplitterAbi,
  layerloomPaymentSplitterBytecode,
} from '../generated/layerloom-payment-splitter.generated.ts';
import { checkPayees } from '../internal/check-payees.ts';
import { resolveAccount } from '../internal/resolve-account.ts';
import { sendAndConfirm } from '../internal/send-and-confirm.ts';
import type { PayeeShare } from './types.ts';

export interface DeployPaymentSplitterParameters {
  walletClient: WalletClient;
  publicClient: PublicClient;
  /** 1 to 10 payees with their shares, fixed for the life of the splitter. */
  payees: readonly PayeeShare[];
  /** Deployer; defaults to the wallet client's account. */
  account?: Account | Address;
  /** Called with the transaction hash as soon as the wallet has sent it, before it is mined. */
  onTransactionSubmitted?: (hash: Hash) => void;
}

export interface DeployPaymentSplitterReturnType {
  /** The new splitter (checksummed): make it a collection's `royalty.receiver` to split royalties. */
  address: Address;
  hash: Hash;
  receipt: TransactionReceipt;
}

/** Deploys a payment splitter (Ether it receives is owed to the payees by shares) and waits until it is mined. */
export async function deployPaymentSplitter(
  parameters: DeployPaymentSplitterParameters,
): Promise<DeployPaymentSplitterReturnType> {
  const { walletClient, publicClient, onTransactionSubmitted } = parameters;
  const account = resolveAccount(walletClient, parameters.account);
  const fail = (field: string, message: string): never => {
    throw new InvalidPayeesError({ field, message });
  };
  if (parameters.payees.length === 0) fail('payees', 'a splitter needs at least one payee');
  const { payees, shares } = checkPayees(parameters.payees, fail);
  const { hash, receipt } = await sendAndConfirm({
    publicClient,
    onTransactionSubmitted,
    send: () =>
      walletClient.deployContract({
        abi: layerloomPaymentSplitterAbi,
        bytecode: layerloomPaymentSplitterBytecode,
        args: [payees, shares],
        account,
        chain: walletClient.chain,
      }),
  });
  if (!receipt.contractAddress) throw new DeploymentFailedError({ hash });
  return { address: getAddress(receipt.contractAddress), hash, receipt };
}
