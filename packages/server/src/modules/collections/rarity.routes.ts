import { getCollectionRarity } from '@layerloom/api';
import type { CollectionTable } from '../../db/schema.ts';
import type { App } from '../../types.ts';
import { requireUser } from '../auth/require-user.ts';
import { parseProjectRow } from '../projects/project-document.ts';
import { collectionIndex } from './collections.service.ts';
import { rarityFit } from './rarity-fit.ts';

/** How many of the rarest tokens the report lists. */
export const RAREST_TOKENS = 10;

/** The rarity report page's data: per layer, counts against targets (and χ²), and the rarest tokens. */
export function rarityRoutes(
  app: App,
  readyCollection: (ownerId: string, id: string) => Promise<CollectionTable>,
  currentUserId: (request: unknown) => string,
): void {
  app.get(
    getCollectionRarity.path,
    {
      onRequest: requireUser,
      schema: {
        tags: ['collections'],
        summary:
          "A finished collection's rarity report: each trait against its target, χ² fit, rarest tokens",
        params: getCollectionRarity.params,
        response: { 200: getCollectionRarity.response },
      },
    },
    async (request) => {
      const collection = await readyCollection(currentUserId(request), request.params.id);
      const { tokens, rarity } = await collectionIndex(app, collection);
      const project = parseProjectRow(JSON.parse(collection.snapshot));
      const rarest = rarity.tokens
        .map((token, index) => ({ ...token, name: tokens[index]?.name ?? token.name }))
        .sort((a, b) => a.rank - b.rank || a.edition - b.edition)
        .slice(0, RAREST_TOKENS)
        .map(({ edition, name, rank, score }) => ({ edition, name, rank, score }));
      return {
        status: 'success' as const,
        data: {
          rarity: {
            tokenCount: rarity.tokenCount,
            rarityMode: project.rarity_mode === 'exact' ? ('exact' as const) : ('weighted' as const),
            hasRules: project.rules.length > 0,
            layers: rarityFit(project, rarity),
            rarest,
          },
        },
      };
    },
  );
}
