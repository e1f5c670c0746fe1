// Pure parsing and checking of NFT metadata (OpenSea ERC-721 and Metaplex JSON) for the metadata viewer.

/** The public IPFS gateway `ipfs://` links are shown through. */
export const IPFS_GATEWAY = 'https://ipfs.io/ipfs/';
const ARWEAVE_GATEWAY = 'https://arweave.net/';

export type ProblemSeverity = 'error' | 'warning' | 'info';

/** One thing wrong (or worth knowing) about a metadata document, at a JSON path such as `attributes[2].value`. */
export interface MetadataProblem {
  severity: ProblemSeverity;
  path: string;
  message: string;
}

/** One attribute as marketplaces show it. */
export interface MetadataAttribute {
  traitType: string | null;
  value: string | number | boolean | null;
  displayType?: string;
}

/** What the viewer shows about a metadata document. */
export interface MetadataReport {
  format: 'erc721' | 'metaplex';
  name?: string;
  description?: string;
  /** The `image` as written. */
  image?: string;
  /** The `image` as a browser can load it (gateway for ipfs:// and ar://), when it can. */
  imageUrl?: string;
  externalUrl?: string;
  animationUrl?: string;
  symbol?: string;
  attributes: MetadataAttribute[];
  problems: MetadataProblem[];
}

/** Parses pasted text as JSON, with a message that says where it broke. */
export function parseMetadataJson(
  text: string,
): { ok: true; value: unknown } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: false, message: 'Paste a metadata JSON document first.' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `This is not valid JSON: ${detail}` };
  }
}

const CID_PATTERN = /^(Qm[1-9A-HJ-NP-Za-km-z]{44}|b[a-z2-7]{50,})$/;

/** True for an IPFS content id (CIDv0 `Qm…` or base32 CIDv1 `b…`). */
export function isCid(text: string): boolean {
  return CID_PATTERN.test(text);
}

/**
 * A URI as a browser can fetch it: `ipfs://CID/path` (and the common `ipfs://ipfs/CID` slip) through the
 * public IPFS gateway, `ar://id` through Arweave's, http(s) and data: images as they are, and a
 * site-relative path against `base`. Null for anything else.
 */
export function resolveUri(uri: string, base?: string): string | null {
  const text = uri.trim();
  if (/^ipfs:\/\//i.test(text)) {
    const rest = text.slice('ipfs://'.length).replace(/^ipfs\//i, '');
    return rest ? `${IPFS_GATEWAY}${rest}` : null;
  }
  if (/^ar:\/\//i.test(text)) {
    const rest = text.slice('ar://'.length);
    return rest ? `${ARWEAVE_GATEWAY}${rest}` : null;
  }
  if (/^data:image\//i.test(text)) return text;
  if (/^https?:\/\//i.test(text)) {
    try {
      return new URL(text).href;
    } catch {
      return null;
    }
  }
  if (text.startsWith('/') && !text.startsWith('//') && base) {
    try {
      return new URL(text, base).href;
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The address to fetch for what a visitor typed in the URL box: an https/http URL, an `ipfs://` or
 * `ar://` URI, a bare CID (with an optional path), or a path on this site.
 */
export function metadataUrlFromInput(input: string, base: string): { url: string } | { error: string } {
  const text = input.trim();
  if (text === '') return { error: 'Enter the address of a metadata file.' };
  const bare = /^([A-Za-z0-9]+)(\/.*)?$/.exec(text);
  if (bare?.[1] && isCid(bare[1])) return { url: `${IPFS_GATEWAY}${text}` };
  const url = resolveUri(text, base);
  if (!url || url.startsWith('data:')) {
    return { error: 'Use an https:// or ipfs:// address (ar:// and a bare IPFS CID work too).' };
  }
  return { url };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const NUMERIC_DISPLAY_TYPES = new Set(['number', 'boost_number', 'boost_percentage', 'date']);

function checkUri(
  value: unknown,
  path: string,
  problems: MetadataProblem[],
  label: string,
  base: string | undefined,
): { raw: string; url?: string } | undefined {
  if (typeof value !== 'string') {
    problems.push({ severity: 'error', path, message: `${label} must be a string (a URI).` });
    return undefined;
  }
  const raw = value.trim();
  if (raw === '') {
    problems.push({ severity: 'error', path, message: `${label} is empty.` });
    return { raw };
  }
  if (/^ipfs:\/\//i.test(raw)) {
    const rest = raw.slice('ipfs://'.length);
    if (/^ipfs\//i.test(rest)) {
      problems.push({
        severity: 'warning',
        path,
        message: `${label} starts with ipfs://ipfs/; write ipfs://<CID>/… (some wallets cannot load the doubled form).`,
      });
    }
    const cid = rest.replace(/^ipfs\//i, '').split('/')[0] ?? '';
    if (!isCid(cid)) {
      problems.push({
        severity: 'warning',
        path,
        message: `${label} does not hold a valid IPFS CID (“${cid}”).`,
      });
    }
  } else if (/^http:\/\//i.test(raw)) {
    problems.push({
      severity: 'warning',
      path,
      message: `${label} uses http://; marketplaces and wallets may refuse it. Prefer https:// or ipfs://.`,
    });
  } else if (raw.startsWith('/') && !raw.startsWith('//')) {
    problems.push({
      severity: 'info',
      path,
      message: `${label} is a path on one site; on-chain metadata should use a full ipfs:// or https:// URI.`,
    });
  } else if (!/^(https:\/\/|ar:\/\/|data:)/i.test(raw)) {
    problems.push({
      severity: 'error',
      path,
      message: `${label} is not a URI a marketplace can load (use ipfs://, https:// or ar://).`,
    });
  }
  return { raw, url: resolveUri(raw, base) ?? undefined };
}

function checkAttributes(value: unknown, problems: MetadataProblem[]): MetadataAttribute[] {
  if (value === undefined) {
    problems.push({
      severity: 'warning',
      path: 'attributes',
      message: 'There are no attributes, so marketplaces show no traits and no rarity for this token.',
    });
    return [];
  }
  if (!Array.isArray(value)) {
    problems.push({
      severity: 'error',
      path: 'attributes',
      message: isRecord(value)
        ? 'attributes must be an array of { "trait_type", "value" } objects, not one object.'
        : 'attributes must be an array.',
    });
    return [];
  }
  const attributes: MetadataAttribute[] = [];
  const seen = new Map<string, number>();
  value.forEach((item, index) => {
    const path = `attributes[${index}]`;
    if (!isRecord(item)) {
      problems.push({
        severity: 'error',
        path,
        message: 'Each attribute must be an object with trait_type and value.',
      });
      return;
    }
    let traitType: string | null = null;
    if (item.trait_type === undefined) {
      problems.push({
        severity: 'warning',
        path: `${path}.trait_type`,
        message: 'trait_type is missing; marketplaces show the value without a trait name.',
      });
    } else if (typeof item.trait_type !== 'string' || item.trait_type.trim() === '') {
      problems.push({
        severity: 'error',
        path: `${path}.trait_type`,
        message: 'trait_type must be a non-empty string.',
      });
    } else {
      traitType = item.trait_type;
      const first = seen.get(traitType);
      if (first !== undefined) {
        problems.push({
          severity: 'warning',
          path: `${path}.trait_type`,
          message: `trait_type “${traitType}” appears twice (also attributes[${first}]); marketplaces keep only one.`,
        });
      } else {
        seen.set(traitType, index);
      }
    }
    let attributeValue: MetadataAttribute['value'] = null;
    if (item.value === undefined || item.value === null) {
      problems.push({ severity: 'error', path: `${path}.value`, message: 'value is missing.' });
    } else if (!['string', 'number', 'boolean'].includes(typeof item.value)) {
      problems.push({
        severity: 'error',
        path: `${path}.value`,
        message: 'value must be a string, a number or a boolean.',
      });
    } else {
      attributeValue = item.value as string | number | boolean;
    }
    let displayType: string | undefined;
    if (item.display_type !== undefined) {
      if (typeof item.display_type !== 'string') {
        problems.push({
          severity: 'error',
          path: `${path}.display_type`,
          message: 'display_type must be a string.',
        });
      } else {
        displayType = item.display_type;
        if (!NUMERIC_DISPLAY_TYPES.has(displayType)) {
          problems.push({
            severity: 'warning',
            path: `${path}.display_type`,
            message: `display_type “${displayType}” is not one marketplaces know (number, boost_number, boost_percentage, date).`,
          });
        } else if (attributeValue !== null && typeof attributeValue !== 'number') {
          problems.push({
            severity: 'error',
            path: `${path}.value`,
            message: `display_type “${displayType}” needs a numeric value, not ${JSON.stringify(attributeValue)}.`,
          });
        }
      }
    }
    if (item.max_value !== undefined) {
      if (typeof item.max_value !== 'number') {
        problems.push({
          severity: 'error',
          path: `${path}.max_value`,
          message: 'max_value must be a number.',
        });
      } else if (typeof attributeValue === 'number' && attributeValue > item.max_value) {
        problems.push({
          severity: 'warning',
          path: `${path}.value`,
          message: 'value is larger than max_value.',
        });
      }
    }
    attributes.push({ traitType, value: attributeValue, ...(displayType ? { displayType } : {}) });
  });
  return attributes;
}

function checkMetaplex(document: Record<string, unknown>, problems: MetadataProblem[]): void {
  if (document.symbol !== undefined && typeof document.symbol !== 'string') {
    problems.push({ severity: 'error', path: 'symbol', message: 'symbol must be a string.' });
  } else if (typeof document.symbol === 'string' && document.symbol.length > 10) {
    problems.push({
      severity: 'warning',
      path: 'symbol',
      message: 'Metaplex symbols are at most 10 characters.',
    });
  }
  const fee = document.seller_fee_basis_points;
  if (fee !== undefined && !(typeof fee === 'number' && Number.isInteger(fee) && fee >= 0 && fee <= 10_000)) {
    problems.push({
      severity: 'error',
      path: 'seller_fee_basis_points',
      message: 'seller_fee_basis_points must be a whole number from 0 to 10000 (500 = 5 %).',
    });
  }
  const properties = document.properties;
  if (properties === undefined) return;
  if (!isRecord(properties)) {
    problems.push({ severity: 'error', path: 'properties', message: 'properties must be an object.' });
    return;
  }
  if (properties.files !== undefined) {
    if (!Array.isArray(properties.files)) {
      problems.push({
        severity: 'error',
        path: 'properties.files',
        message: 'properties.files must be an array.',
      });
    } else {
      properties.files.forEach((file, index) => {
        if (!isRecord(file) || typeof file.uri !== 'string' || typeof file.type !== 'string') {
          problems.push({
            severity: 'error',
            path: `properties.files[${index}]`,
            message: 'Each file needs a uri and a type (a MIME type such as image/png).',
          });
        }
      });
    }
  }
  if (properties.creators !== undefined) {
    if (!Array.isArray(properties.creators)) {
      problems.push({
        severity: 'error',
        path: 'properties.creators',
        message: 'properties.creators must be an array.',
      });
      return;
    }
    let total = 0;
    properties.creators.forEach((creator, index) => {
      if (!isRecord(creator) || typeof creator.address !== 'string' || typeof creator.share !== 'number') {
        problems.push({
          severity: 'error',
          path: `properties.creators[${index}]`,
          message: 'Each creator needs an address (string) and a share (number).',
        });
        return;
      }
      total += creator.share;
    });
    if (properties.creators.length > 0 && total !== 100) {
      problems.push({
        severity: 'error',
        path: 'properties.creators',
        message: `Creator shares must add up to 100; they add up to ${total}.`,
      });
    }
  }
}

/**
 * Checks a parsed metadata document and collects what the viewer shows: fields, attributes and problems.
 * `base` resolves site-relative image paths (the address the document came from).
 */
export function validateMetadata(value: unknown, base?: string): MetadataReport {
  const problems: MetadataProblem[] = [];
  if (!isRecord(value)) {
    problems.push({
      severity: 'error',
      path: '',
      message: Array.isArray(value)
        ? 'Metadata must be one JSON object; this is an array (a _metadata.json of a whole collection?).'
        : 'Metadata must be a JSON object.',
    });
    return { format: 'erc721', attributes: [], problems };
  }
  const isMetaplex =
    value.seller_fee_basis_points !== undefined ||
    value.symbol !== undefined ||
    (isRecord(value.properties) &&
      (value.properties.files !== undefined || value.properties.creators !== undefined));
  const report: MetadataReport = { format: isMetaplex ? 'metaplex' : 'erc721', attributes: [], problems };

  if (value.name === undefined) {
    problems.push({ severity: 'error', path: 'name', message: 'name is missing.' });
  } else if (typeof value.name !== 'string' || value.name.trim() === '') {
    problems.push({ severity: 'error', path: 'name', message: 'name must be a non-empty string.' });
  } else {
    report.name = value.name;
  }

  if (value.description === undefined) {
    problems.push({
      severity: 'warning',
      path: 'description',
      message: 'description is missing; marketplaces show an empty description.',
    });
  } else if (typeof value.description !== 'string') {
    problems.push({ severity: 'error', path: 'description', message: 'description must be a string.' });
  } else {
    report.description = value.description;
  }

  if (value.image === undefined) {
    problems.push({
      severity: 'error',
      path: 'image',
      message: 'image is missing, so the token has no picture.',
    });
  } else {
    const image = checkUri(value.image, 'image', problems, 'image', base);
    if (image) {
      report.image = image.raw;
      if (image.url) report.imageUrl = image.url;
    }
  }

  if (value.external_url !== undefined && value.external_url !== '') {
    if (typeof value.external_url !== 'string' || resolveUri(value.external_url) === null) {
      problems.push({
        severity: 'warning',
        path: 'external_url',
        message: 'external_url should be an https:// link.',
      });
    } else {
      report.externalUrl = value.external_url;
    }
  }
  if (value.animation_url !== undefined) {
    const animation = checkUri(value.animation_url, 'animation_url', problems, 'animation_url', base);
    if (animation?.url) report.animationUrl = animation.url;
  }
  if (isMetaplex) {
    checkMetaplex(value, problems);
    if (typeof value.symbol === 'string') report.symbol = value.symbol;
  }
  report.attributes = checkAttributes(value.attributes, problems);
  return report;
}

/** Problems by severity, errors first. */
export function sortProblems(problems: readonly MetadataProblem[]): MetadataProblem[] {
  const order: Record<ProblemSeverity, number> = { error: 0, warning: 1, info: 2 };
  return [...problems].sort((a, b) => order[a.severity] - order[b.severity]);
}
