import { type SalePhase, salePhases } from '../collection/sale-phase.ts';

/** Decodes the contract's `SalePhase` enum value. */
export function toSalePhase(value: number): SalePhase {
  const phase = salePhases[value];
  // The ABI decoder already rejects out-of-range enum values; this guards a future contract version.
  if (!phase) throw new RangeError(`unknown sale phase ${value}`);
  return phase;
}
