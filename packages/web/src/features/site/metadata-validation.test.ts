import { describe, expect, it } from 'vitest';
import {
  IPFS_GATEWAY,
  metadataUrlFromInput,
  parseMetadataJson,
  resolveUri,
  sortProblems,
  validateMetadata,
} from './metadata-validation.ts';

const cid = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi';
const good = {
  name: 'Loomlings #7',
  description: 'A sample token',
  image: `ipfs://${cid}/7.png`,
  attributes: [
    { trait_type: 'Background', value: 'Night' },
    { trait_type: 'Level', value: 3, display_type: 'number', max_value: 10 },
  ],
};

function paths(value: unknown) {
  return validateMetadata(value).problems.map((problem) => `${problem.severity} ${problem.path}`);
}

describe('parseMetadataJson', () => {
  it('parses JSON and says where broken JSON breaks', () => {
    expect(parseMetadataJson('{"name":"x"}')).toEqual({ ok: true, value: { name: 'x' } });
    const broken = parseMetadataJson('{"name": }');
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.message).toMatch(/^This is not valid JSON: /);
    expect(parseMetadataJson('   ')).toEqual({ ok: false, message: 'Paste a metadata JSON document first.' });
  });
});

describe('resolveUri', () => {
  it('shows ipfs:// through the public gateway, also the doubled ipfs://ipfs/ form', () => {
    expect(resolveUri(`ipfs://${cid}/7.png`)).toBe(`${IPFS_GATEWAY}${cid}/7.png`);
    expect(resolveUri(`ipfs://ipfs/${cid}`)).toBe(`${IPFS_GATEWAY}${cid}`);
  });
  it('keeps https and data images, maps ar://, resolves site paths against a base, refuses the rest', () => {
    expect(resolveUri('https://example.com/a.png')).toBe('https://example.com/a.png');
    expect(resolveUri('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(resolveUri('ar://abc')).toBe('https://arweave.net/abc');
    expect(resolveUri('/art/1.webp', 'http://localhost:3000')).toBe('http://localhost:3000/art/1.webp');
    expect(resolveUri('/art/1.webp')).toBeNull();
    expect(resolveUri('ftp://example.com/a.png')).toBeNull();
    expect(resolveUri('javascript:alert(1)')).toBeNull();
  });
});

describe('metadataUrlFromInput', () => {
  const base = 'http://localhost:3000';
  it('accepts https, ipfs:// URIs, bare CIDs with a path and site paths', () => {
    expect(metadataUrlFromInput('https://example.com/1.json', base)).toEqual({
      url: 'https://example.com/1.json',
    });
    expect(metadataUrlFromInput(`ipfs://${cid}/1.json`, base)).toEqual({
      url: `${IPFS_GATEWAY}${cid}/1.json`,
    });
    expect(metadataUrlFromInput(`${cid}/1.json`, base)).toEqual({ url: `${IPFS_GATEWAY}${cid}/1.json` });
    expect(metadataUrlFromInput('/art/sample/metadata/1.json', base)).toEqual({
      url: 'http://localhost:3000/art/sample/metadata/1.json',
    });
  });
  it('refuses empty input and other schemes with a sentence', () => {
    expect(metadataUrlFromInput('  ', base)).toEqual({ error: 'Enter the address of a metadata file.' });
    expect(metadataUrlFromInput('ftp://x/1.json', base)).toHaveProperty('error');
    expect(metadataUrlFromInput('data:image/png;base64,AA', base)).toHaveProperty('error');
  });
});

describe('validateMetadata', () => {
  it('reads a correct ERC-721 document without problems', () => {
    const report = validateMetadata(good);
    expect(report).toMatchObject({
      format: 'erc721',
      name: 'Loomlings #7',
      imageUrl: `${IPFS_GATEWAY}${cid}/7.png`,
      attributes: [
        { traitType: 'Background', value: 'Night' },
        { traitType: 'Level', value: 3, displayType: 'number' },
      ],
    });
    expect(report.problems).toEqual([]);
  });

  it('reports a missing name and image as errors and a missing description and attributes as warnings', () => {
    expect(paths({})).toEqual(['error name', 'warning description', 'error image', 'warning attributes']);
  });

  it('refuses attributes that are not an array, naming the object mistake', () => {
    const report = validateMetadata({ ...good, attributes: { Background: 'Night' } });
    expect(report.problems).toEqual([
      {
        severity: 'error',
        path: 'attributes',
        message: 'attributes must be an array of { "trait_type", "value" } objects, not one object.',
      },
    ]);
    expect(paths({ ...good, attributes: 'Night' })).toEqual(['error attributes']);
  });

  it('checks each attribute: object, value type, numeric display types, duplicates, max_value', () => {
    expect(
      paths({
        ...good,
        attributes: [
          'Night',
          { trait_type: 'Hat' },
          { trait_type: 'Eyes', value: { colour: 'red' } },
          { trait_type: 'Level', value: 'high', display_type: 'number' },
          { trait_type: 'Eyes', value: 'Laser' },
          { trait_type: 'Speed', value: 12, max_value: 10 },
          { value: 'Rare' },
          { trait_type: 'Mood', value: 'Calm', display_type: 'sparkly' },
        ],
      }),
    ).toEqual([
      'error attributes[0]',
      'error attributes[1].value',
      'error attributes[2].value',
      'error attributes[3].value',
      'warning attributes[4].trait_type',
      'warning attributes[5].value',
      'warning attributes[6].trait_type',
      'warning attributes[7].display_type',
    ]);
  });

  it('warns about http images, doubled ipfs://ipfs/ and invalid CIDs, and refuses unknown schemes', () => {
    expect(paths({ ...good, image: 'http://example.com/1.png' })).toEqual(['warning image']);
    expect(paths({ ...good, image: `ipfs://ipfs/${cid}/1.png` })).toEqual(['warning image']);
    expect(paths({ ...good, image: 'ipfs://NewUriToReplace/1.png' })).toEqual(['warning image']);
    expect(paths({ ...good, image: 'C:\\art\\1.png' })).toEqual(['error image']);
    expect(paths({ ...good, image: 42 })).toEqual(['error image']);
  });

  it('notes a site-relative image and resolves it against the document address', () => {
    const report = validateMetadata({ ...good, image: '/art/sample/1.webp' }, 'http://localhost:3000/x.json');
    expect(report.imageUrl).toBe('http://localhost:3000/art/sample/1.webp');
    expect(report.problems.map((problem) => problem.severity)).toEqual(['info']);
  });

  it('refuses a document that is not an object, explaining a whole-collection array', () => {
    expect(validateMetadata([good]).problems[0]?.message).toMatch(/this is an array/);
    expect(paths(null)).toEqual(['error ']);
  });

  it('recognises Metaplex JSON and checks fees, files and creator shares', () => {
    const report = validateMetadata({
      ...good,
      symbol: 'LOOM',
      seller_fee_basis_points: 12_000,
      properties: {
        files: [{ uri: '7.png' }],
        creators: [
          { address: 'Abc', share: 60 },
          { address: 'Def', share: 30 },
        ],
      },
    });
    expect(report.format).toBe('metaplex');
    expect(report.symbol).toBe('LOOM');
    expect(report.problems.map((problem) => problem.path)).toEqual([
      'seller_fee_basis_points',
      'properties.files[0]',
      'properties.creators',
    ]);
    expect(report.problems[2]?.message).toBe('Creator shares must add up to 100; they add up to 90.');
  });

  it('sorts problems errors first', () => {
    const sorted = sortProblems(validateMetadata({ image: 'http://x/1.png' }).problems);
    expect(sorted.map((problem) => problem.severity)).toEqual(['error', 'warning', 'warning', 'warning']);
  });
});
