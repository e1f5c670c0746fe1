import { describe, expect, it } from 'vitest';
import { withoutPreloads } from './render-pool.ts';

describe('withoutPreloads', () => {
  it('leaves out the modules a process preloads, in every spelling, and keeps its other options', () => {
    expect(
      withoutPreloads([
        '--import',
        'tsx',
        '--enable-source-maps',
        '--import=./instrument.mjs',
        '-r',
        'dotenv/config',
        '--require=./setup.cjs',
        '--require',
        'x',
        '--experimental-loader',
        './loader.mjs',
        '--loader=ts-node/esm',
        '--conditions=@layerloom/source',
        '--stack-size=2000',
      ]),
    ).toEqual(['--enable-source-maps', '--conditions=@layerloom/source', '--stack-size=2000']);
    expect(withoutPreloads([])).toEqual([]);
  });
});
