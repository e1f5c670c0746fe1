import type { MetadataFormatSettings } from '@layerloom/api';
import { useEffect, useState } from 'react';
import { lazyValue } from '../../lib/lazy-value.ts';

// Most projects write Ethereum metadata only and keep no Solana fields: those settings are valid as they are.
// Any other settings are checked with the contract's schema (zod), which loads when a project needs it, so
// Generate NFT's first load does not carry it.

const check = lazyValue(() => import('./metadata-schema.ts'));

/** Loads the schema check once (a failed load is tried again on the next call). */
export const loadMetadataCheck = check.load;

function isEthereumOnly(metadata: MetadataFormatSettings): boolean {
  return metadata.format === 'erc721' && metadata.solana === null;
}

/**
 * The first problem the server would find with a project's metadata settings; null when it would save them;
 * undefined while the check is not loaded yet (settings other than Ethereum only: see useMetadataCheck).
 */
export function metadataProblem(metadata: MetadataFormatSettings): { message: string } | null | undefined {
  if (isEthereumOnly(metadata)) return null;
  return check.current()?.metadataSettingsProblem(metadata);
}

/** Where the check of a project's metadata settings stands. */
export type MetadataCheckState = 'ready' | 'loading' | 'failed';

/**
 * Loads the check when the settings need it and renders again once it is there. 'failed': it could not be
 * loaded (the settings then stay unchecked, and unsent, until the page is reloaded).
 */
export function useMetadataCheck(metadata: MetadataFormatSettings): MetadataCheckState {
  const needed = !isEthereumOnly(metadata) && check.current() === undefined;
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    if (!needed) return;
    let live = true;
    loadMetadataCheck().then(
      () => live && setState('ready'),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [needed]);
  return needed ? state : 'ready';
}
