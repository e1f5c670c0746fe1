import { type Address, getAddress, isAddress, isAddressEqual, zeroAddress } from 'viem';
import type { PayeeShare } from '../splits/types.ts';

/** The most payees a split may have (the contracts' `MAX_PAYEES`). */
export const MAX_PAYEES = 10;
/** The largest share the contracts take (`type(uint32).max`). */
const maxShares = 2n ** 32n - 1n;

/**
 * Checks a list of payees as the contracts would and returns it as the constructor's two arrays, or calls
 * `fail` with the field at fault (`payees`, `payees[2].address`, `payees[2].shares`) and why.
 */
export function checkPayees(
  payees: readonly PayeeShare[],
  fail: (field: string, message: string) => never,
): { payees: Address[]; shares: bigint[] } {
  if (payees.length > MAX_PAYEES) fail('payees', `at most ${MAX_PAYEES} payees, not ${payees.length}`);
  const addresses: Address[] = [];
  const shares: bigint[] = [];
  payees.forEach((payee, index) => {
    const field = `payees[${index}]`;
    if (!isAddress(payee.address, { strict: false }) || isAddressEqual(payee.address, zeroAddress)) {
      fail(`${field}.address`, 'must be an address other than the zero address');
    }
    const address = getAddress(payee.address);
    if (addresses.some((listed) => isAddressEqual(listed, address))) {
      fail(`${field}.address`, `${address} is listed twice`);
    }
    const share = payee.shares;
    if (typeof share === 'number' && !Number.isSafeInteger(share)) {
      fail(`${field}.shares`, 'must be a whole number');
    }
    if (BigInt(share) < 1n || BigInt(share) > maxShares) {
      fail(`${field}.shares`, `must be a whole number from 1 to ${maxShares}`);
    }
    addresses.push(address);
    shares.push(BigInt(share));
  });
  return { payees: addresses, shares };
}
