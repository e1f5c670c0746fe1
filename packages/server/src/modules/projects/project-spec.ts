import { configurationSizes, writesSolana } from '@layerloom/api';
import type { CollectionSpecInput } from '@layerloom/engine';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { StoredProject } from './project-document.ts';

/** The engine's collection spec for a project; trait images are read from the blob store when needed. */
export function projectSpec(project: StoredProject, blobs: BlobStore): CollectionSpecInput {
  return {
    name: project.name,
    description: project.description,
    size: project.collection_size,
    width: project.width,
    height: project.height,
    seed: project.seed,
    rarity: project.rarity_mode === 'exact' ? 'exact' : 'weighted',
    layers: project.layers.map((layer) => ({
      name: layer.name,
      presence: layer.presence / 100,
      blend: layer.blend,
      opacity: layer.opacity,
      showNone: layer.showNone,
      traits: layer.traits.map((trait) => ({
        name: trait.name,
        weight: trait.weight,
        asset: { key: trait.key, load: () => blobs.getBuffer(trait.key) },
      })),
    })),
    rules: project.rules.map((rule) => {
      if (rule.kind === 'excludes') return { trait: rule.trait, excludes: rule.other };
      if (rule.kind === 'requires') return { trait: rule.trait, requires: rule.other };
      return { trait: rule.trait, requiresOneOf: { layer: rule.layer, traits: rule.traits } };
    }),
    ...projectConfigurations(project),
    ...projectOneOfOnes(project, blobs),
    // 1-of-1s are placed among the generated tokens by the seed; without them editions keep their order.
    output: {
      ...projectAnimation(project).output,
      ...projectSolana(project),
      ...(project.oneOfOnes.length > 0 ? { shuffle: true } : {}),
    },
  };
}

/**
 * Solana (Metaplex) metadata when the project's format asks for it: `solana/N.json` beside each token's
 * ERC-721 metadata, with the project's symbol, royalties, creators and website.
 */
function projectSolana(project: StoredProject): {
  solana?: NonNullable<CollectionSpecInput['output']>['solana'];
} {
  const { format, solana } = project.metadata;
  if (!writesSolana(format) || !solana) return {};
  return {
    solana: {
      ...(solana.symbol !== '' ? { symbol: solana.symbol } : {}),
      sellerFeeBasisPoints: solana.sellerFeeBasisPoints,
      externalUrl: solana.externalUrl,
      creators: solana.creators.map(({ address, share }) => ({ address, share })),
    },
  };
}

/** The 1-of-1s: each artwork read from the blob store when rendered, with its own name and attributes. */
function projectOneOfOnes(project: StoredProject, blobs: BlobStore): Pick<CollectionSpecInput, 'oneOfOnes'> {
  if (project.oneOfOnes.length === 0) return {};
  return {
    oneOfOnes: project.oneOfOnes.map((oneOfOne) => ({
      name: oneOfOne.name,
      asset: { key: oneOfOne.key, load: () => blobs.getBuffer(oneOfOne.key) },
      attributes: oneOfOne.attributes,
    })),
  };
}

/**
 * Animated output when any trait is an animation or a video: each token's animation in the project's
 * format and frame rate (as long as its longest animated layer, or the set duration), the chosen frame
 * as its PNG poster, and for GIF a palette per token dithered as chosen.
 */
function projectAnimation(project: StoredProject): Pick<CollectionSpecInput, 'output'> {
  const animated = project.layers.some((layer) => layer.traits.some((trait) => trait.image.animation));
  if (!animated) return {};
  const { format, fps, durationSeconds, posterFrame, dither } = project.animation;
  return {
    output: {
      animation: {
        format,
        fps,
        posterFrame,
        dither,
        ...(durationSeconds !== null ? { durationSeconds } : {}),
      },
    },
  };
}

/** The project's layer configurations with their sizes (none: the engine's one of every layer). */
function projectConfigurations(project: StoredProject): Pick<CollectionSpecInput, 'configurations'> {
  if (project.configurations.length === 0) return {};
  const sizes = configurationSizes(
    Math.max(0, project.collection_size - project.oneOfOnes.length),
    project.configurations.map((configuration) => configuration.share),
  );
  return {
    configurations: project.configurations.map((configuration, index) => ({
      name: configuration.name,
      size: sizes[index]!,
      layers: configuration.layers,
    })),
  };
}
