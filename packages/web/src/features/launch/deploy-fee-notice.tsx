import type { CollectionSettings } from '@layerloom/contracts';
import type { Address } from 'viem';
import { formatFee } from './deploy-fee.ts';
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
  isReady,
}: {
  chainId: number;
  chainName: string;
  currency: string;
  account: Address | undefined;
  /** The checked form as deploy settings; null while a field has a problem. */
  settings: CollectionSettings | null;
  /** A wallet is connected and on `chainId`. */
  isReady: boolean;
}) {
  const fee = useDeployFee({ chainId, account, settings, enabled: isReady });
  let text: string;
  let tone = 'llc-muted';
  if (!isReady) return null;
  if (!settings) {
    text = 'The network fee is estimated once every field is filled in correctly.';
  } else if (fee.isError) {
    tone = 'llc-launch-bad';
    text = `Could not estimate the network fee: ${launchErrorMessage(fee.error, {
      chainName,
      currencySymbol: currency,
    })} Your wallet still shows the fee before you confirm.`;
  } else if (fee.data) {
    tone = '';
    text = `Deploying costs about ${formatFee(fee.data.fee, currency)} (network fee), paid from your wallet; setting up the sale afterwards takes a few much smaller transactions.`;
  } else {
    text = 'Estimating the network fee…';
  }
  return (
    <p className={`llc-launch-fee ${tone}`} data-testid="deploy-fee" aria-live="polite">
      {text}
    </p>
  );
}
