/** The contract's sale phases, in the order of its `SalePhase` enum. */
export const salePhases = ['closed', 'allowlist', 'public'] as const;

/** A sale phase: `closed` (only the owner can mint), `allowlist` (Merkle-proof mint), `public`. */
export type SalePhase = (typeof salePhases)[number];
