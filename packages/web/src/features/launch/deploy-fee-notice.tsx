import type { CollectionSettings, PayeeShare } from '@layerloom/contracts';
import type { Address } from 'viem';
import { deployFeeLine } from './deploy-fee.ts';
import { launchErrorMessage } from './launch-error-message.ts';
import { useDeployFee } from './use-deploy-fee.ts';

/**
 * The deploy's network fee, before the wallet is asked: "Deploying costs about 0.0123 ETH (network fee)",
 * or plainly why it is not known yet.
 */
export function DeployFeeNotice({
  chainId,
  chainName,
  currency,
  account,
  settings,
  royaltySplit = null,
  isReady,
}: {
  chainId: number;
  chainName: string;
  currency: string;
  account: Address | undefined;
  /** The checked form as deploy settings; null while a field has a problem. */
  settings: CollectionSettings | null;
  /** The royalty splitter's payees when the launch deploys one first (its fee is shown too). */
  royaltySplit?: readonly PayeeShare[] | null;
  /** A wallet is connected and on `chainId`. */
  isReady: boolean;
}) {
  const fee = useDeployFee({ chainId, account, settings, royaltySplit, enabled: isReady });
  if (!isReady) return null;
  const { text, tone } = deployFeeLine({
    currency,
    hasSettings: settings !== null,
    fee: fee.data?.fee,
    splitterFee: fee.data?.splitterFee,
    failure: fee.isError ? launchErrorMessage(fee.error, { chainName, currencySymbol: currency }) : undefined,
  });
  const className = { plain: '', muted: 'llc-muted', bad: 'llc-launch-bad' }[tone];
  return (
    <p className={`llc-launch-fee ${className}`} data-testid="deploy-fee" aria-live="polite">
      {text}
    </p>
  );
}
