import type { CollectionSettings, SaleSchedule } from '@layerloom/contracts';
import { type Address, type Hex, parseEther, zeroAddress, zeroHash } from 'viem';
import { parseSchedule } from '../drop/sale-schedule.ts';
import {
  addressProblem,
  firstPayeeProblem,
  type PayeeRow,
  type PayeeShares,
  toPayeeShares,
} from './payout-split.ts';

/** The launch form as typed: the price stays text so "0.05" is never rounded through a float. */
export interface LaunchFormValues {
  chainId: number;
  name: string;
  symbol: string;
  maxSupply: number | null;
  /** Public mint price in the chain's native currency ("0.02"). */
  mintPrice: string;
  maxPerWallet: number | null;
  /** The allowlist sale's price (text, like `mintPrice`) and per-wallet limit; its list is uploaded later. */
  allowlistPrice: string;
  allowlistMaxPerWallet: number | null;
  /** 0–10, up to two decimals (2.5 % = 250 basis points). */
  royaltyPercent: number | null;
  /**
   * Where the royalties go: `wallet` to `royaltyReceiver`; `sale` and `custom` to a payment splitter the
   * launch deploys first, shared like the sales (`payees`) or by `royaltyPayees`.
   */
  royaltyTo: RoyaltyTo;
  royaltyReceiver: string;
  /** The royalty split when `royaltyTo` is `custom`. */
  royaltyPayees: PayeeRow[];
  /**
   * Who receives the sales: one wallet (the simple default: the creator's, paid by a withdraw), or a split
   * among up to 10 wallets by percent, fixed in the contract, each paid its share.
   */
  payees: PayeeRow[];
  /**
   * `prereveal`: every token shows the publication's placeholder until the owner reveals from the drop
   * panel; `revealed`: tokens show their own metadata from the start.
   */
  revealMode: RevealMode;
  /**
   * Optional start times (`datetime-local` text, local time; "" = none): the contract then opens the
   * allowlist sale and the public sale by itself. Without them the sale starts closed.
   */
  allowlistStart: string;
  publicStart: string;
}

export type RevealMode = 'prereveal' | 'revealed';

export type RoyaltyTo = 'wallet' | 'sale' | 'custom';

export type LaunchField = keyof LaunchFormValues;

/** What the form is checked against: the collection it deploys. */
export interface LaunchLimits {
  collectionSize: number;
  /** The publication has a pre-reveal placeholder (a pre-reveal launch needs one). */
  hasPlaceholder?: boolean;
  /** The time start times are checked against (now by default). */
  now?: number;
}

/** Every field's label, as the form shows it (error messages name fields by it). */
export const launchFieldLabels: Record<LaunchField, string> = {
  chainId: 'Network',
  name: 'Name',
  symbol: 'Symbol',
  maxSupply: 'Max supply',
  mintPrice: 'Mint price',
  maxPerWallet: 'Per-wallet limit',
  allowlistPrice: 'Allowlist price',
  allowlistMaxPerWallet: 'Allowlist limit per wallet',
  royaltyPercent: 'Royalties',
  royaltyTo: 'Royalties go to',
  royaltyReceiver: 'Royalty receiver',
  royaltyPayees: 'Royalty split',
  payees: 'Payout split',
  revealMode: 'Reveal',
  allowlistStart: 'Allowlist sale opens',
  publicStart: 'Public sale opens',
};

const NAME_MAX = 100;
const SYMBOL_MAX = 10;
const ROYALTY_MAX_PERCENT = 10;
const MAX_UINT32 = 4_294_967_295;
// The contract packs prices into 88 bits.
const MAX_PRICE_WEI = 2n ** 88n - 1n;

const addressError = addressProblem;

function wholeNumberError(value: number | null, label: string, min: number, max: number): string | null {
  if (value === null || Number.isNaN(value)) return `Enter the ${label.toLowerCase()}.`;
  if (!Number.isInteger(value)) return `${label} must be a whole number.`;
  if (value < min) return `${label} must be at least ${min.toLocaleString('en-US')}.`;
  if (value > max) return `${label} can be at most ${max.toLocaleString('en-US')}.`;
  return null;
}

/** Why one field cannot be deployed as it is, or null when it can. */
export function validateLaunchField(
  field: LaunchField,
  values: LaunchFormValues,
  limits: LaunchLimits,
): string | null {
  switch (field) {
    case 'chainId':
      return Number.isInteger(values.chainId) && values.chainId > 0 ? null : 'Choose a network.';
    case 'name': {
      const name = values.name.trim();
      if (name === '') return 'Enter the contract name.';
      return name.length > NAME_MAX ? `The name can be at most ${NAME_MAX} characters.` : null;
    }
    case 'symbol': {
      const symbol = values.symbol.trim();
      if (symbol === '') return 'Enter a symbol, such as LOOM.';
      if (/\s/.test(symbol)) return 'The symbol cannot contain spaces.';
      return symbol.length > SYMBOL_MAX ? `The symbol can be at most ${SYMBOL_MAX} characters.` : null;
    }
    case 'maxSupply': {
      const error = wholeNumberError(values.maxSupply, 'Max supply', 1, limits.collectionSize);
      if (error && values.maxSupply !== null && values.maxSupply > limits.collectionSize) {
        return `Max supply can be at most ${limits.collectionSize.toLocaleString('en-US')}: the collection has ${limits.collectionSize.toLocaleString('en-US')} tokens.`;
      }
      return error;
    }
    case 'mintPrice':
    case 'allowlistPrice': {
      const price = (field === 'mintPrice' ? values.mintPrice : (values.allowlistPrice ?? '')).trim();
      if (price === '') return 'Enter a price (0 for a free mint).';
      if (!/^\d+(\.\d+)?$/.test(price)) return 'Enter a price as a number, such as 0.02.';
      if (!/^\d+(\.\d{1,18})?$/.test(price)) return 'Use at most 18 decimals.';
      return parseEther(price) > MAX_PRICE_WEI ? 'This price is too high for the contract.' : null;
    }
    case 'maxPerWallet':
      return wholeNumberError(values.maxPerWallet, 'Per-wallet limit', 1, MAX_UINT32);
    case 'allowlistMaxPerWallet':
      return wholeNumberError(values.allowlistMaxPerWallet, 'Allowlist limit per wallet', 1, MAX_UINT32);
    case 'royaltyPercent': {
      const percent = values.royaltyPercent;
      if (percent === null || Number.isNaN(percent)) return 'Enter the royalty percentage (0 for none).';
      if (percent < 0 || percent > ROYALTY_MAX_PERCENT)
        return `Royalties must be from 0 to ${ROYALTY_MAX_PERCENT} %.`;
      return Number.isInteger(Math.round(percent * 100 * 1e6) / 1e6)
        ? null
        : 'Use at most two decimals (2.5 or 2.25).';
    }
    case 'royaltyTo': {
      const to = values.royaltyTo ?? 'wallet';
      if (to === 'wallet') return null;
      if (to !== 'sale' && to !== 'custom') return 'Choose where the royalties go.';
      if (values.royaltyPercent === 0) {
        return 'With 0 % royalties there is nothing to split: choose One wallet, or set a percentage.';
      }
      if (to === 'sale' && (values.payees ?? []).length < 2) {
        return 'The sales go to one wallet: split the sales first, or choose One wallet.';
      }
      return null;
    }
    case 'royaltyReceiver':
      if ((values.royaltyTo ?? 'wallet') !== 'wallet') return null;
      return addressError(
        values.royaltyReceiver,
        'Connect a wallet, or enter the address that receives royalties.',
      );
    case 'royaltyPayees': {
      if (values.royaltyTo !== 'custom') return null;
      const rows = values.royaltyPayees ?? [];
      if (rows.length < 2) return 'A royalty split needs at least two wallets; for one, choose One wallet.';
      return firstPayeeProblem(rows);
    }
    case 'payees':
      return firstPayeeProblem(values.payees ?? []);
    case 'allowlistStart':
    case 'publicStart': {
      const parsed = parseSchedule(
        { allowlistStart: values.allowlistStart ?? '', publicStart: values.publicStart ?? '' },
        limits.now ?? Date.now(),
        false,
      );
      return !parsed.ok && parsed.field === field ? parsed.message : null;
    }
    case 'revealMode':
      if (values.revealMode === 'revealed') return null;
      if (values.revealMode !== 'prereveal') return 'Choose when the tokens are revealed.';
      return limits.hasPlaceholder
        ? null
        : 'Set a pre-reveal placeholder under Publication first, or choose Revealed at once.';
  }
}

/** Every field's problem at once (empty when the form can be deployed). */
export function validateLaunchForm(
  values: LaunchFormValues,
  limits: LaunchLimits,
): Partial<Record<LaunchField, string>> {
  const errors: Partial<Record<LaunchField, string>> = {};
  for (const field of Object.keys(launchFieldLabels) as LaunchField[]) {
    const error = validateLaunchField(field, values, limits);
    if (error) errors[field] = error;
  }
  return errors;
}

/** Royalty percent (2.5) as basis points (250). */
export function percentToBps(percent: number): number {
  return Math.round(percent * 100);
}

/** The publication's provenance hash (hex, maybe without 0x) as the contract's bytes32. */
export function provenanceBytes32(hash: string): Hex {
  const hex = hash.trim().replace(/^0x/i, '').toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error(`Not a 32-byte provenance hash: ${hash}`);
  return `0x${hex}`;
}

/**
 * The checked form as the contract library's deploy settings. Pre-reveal, every token's URI is the
 * placeholder's metadata URL until the reveal; revealed at once, the launch reveals in its next transaction,
 * before anything can be minted (the sale starts closed), so no placeholder is needed.
 */
export function toCollectionSettings(
  values: LaunchFormValues,
  placeholder: { metadataUrl: string } | null = null,
  royaltySplitter: Address | null = null,
): CollectionSettings {
  const split = toRoyaltySplit(values);
  if (values.revealMode === 'prereveal' && !placeholder) {
    throw new Error('A pre-reveal launch needs the placeholder metadata URL');
  }
  return {
    name: values.name.trim(),
    symbol: values.symbol.trim(),
    maxSupply: values.maxSupply ?? 0,
    mintPrice: parseEther(values.mintPrice.trim()),
    maxPerWallet: values.maxPerWallet ?? 0,
    // The list itself (its Merkle root) is set from Run the drop once uploaded.
    allowlist: {
      merkleRoot: zeroHash,
      price: parseEther((values.allowlistPrice ?? '0').trim() || '0'),
      maxPerWallet: values.allowlistMaxPerWallet ?? 0,
    },
    preRevealURI: values.revealMode === 'prereveal' && placeholder ? placeholder.metadataUrl : '',
    ...payoutSettings(values.payees),
    royalty: {
      bps: percentToBps(values.royaltyPercent ?? 0),
      // Before the splitter exists (the fee estimate) its first payee stands in: any address costs the same.
      receiver: split
        ? (royaltySplitter ?? split[0]?.address ?? zeroAddress)
        : (values.royaltyReceiver.trim() as Address),
    },
  };
}

/**
 * The payees of the royalty splitter the launch deploys first (shares in basis points), or null when the
 * royalties go to one wallet.
 */
export function toRoyaltySplit(values: LaunchFormValues): PayeeShares[] | null {
  const to = values.royaltyTo ?? 'wallet';
  if (to === 'wallet') return null;
  return toPayeeShares(to === 'sale' ? values.payees : (values.royaltyPayees ?? []));
}

/**
 * Where the sales go, as the contract takes it: one wallet is its payout address (paid by a withdraw, as
 * before splits); several are its payees, each paid its share.
 */
function payoutSettings(rows: readonly PayeeRow[]): Pick<CollectionSettings, 'payoutAddress' | 'payees'> {
  const payees = toPayeeShares(rows);
  const [only] = payees;
  if (payees.length === 1 && only) return { payoutAddress: only.address };
  return { payees };
}

/** The payees the server records with the deployment (one wallet: all the shares). */
export function toRecordedPayees(values: LaunchFormValues): PayeeShares[] {
  return toPayeeShares(values.payees);
}

/** The sale schedule the launch sets after deploying, or null when the form gives no start time. */
export function toSaleSchedule(values: LaunchFormValues, now = Date.now()): SaleSchedule | null {
  const parsed = parseSchedule(
    { allowlistStart: values.allowlistStart ?? '', publicStart: values.publicStart ?? '' },
    now,
    false,
  );
  if (!parsed.ok) throw new Error(parsed.message);
  const { allowlistStart, publicStart } = parsed.schedule;
  return allowlistStart || publicStart ? parsed.schedule : null;
}

/** The form field an `InvalidCollectionConfigError` names ("royalty.bps"), when it maps to one. */
export function fieldOfConfigError(field: string): LaunchField | undefined {
  const fields: Record<string, LaunchField> = {
    name: 'name',
    symbol: 'symbol',
    maxSupply: 'maxSupply',
    mintPrice: 'mintPrice',
    maxPerWallet: 'maxPerWallet',
    'allowlist.price': 'allowlistPrice',
    'allowlist.maxPerWallet': 'allowlistMaxPerWallet',
    'royalty.bps': 'royaltyPercent',
    'royalty.receiver': 'royaltyReceiver',
    'splitter.payees': 'royaltyPayees',
    payoutAddress: 'payees',
  };
  return fields[field] ?? (field.startsWith('payees') ? 'payees' : undefined);
}
