import { describe, expect, it } from 'vitest';
import {
  configurationNameProblem,
  configurationShares,
  moveConfigurationLayer,
  newConfiguration,
  pruneConfigurations,
  renameLayerInConfigurations,
} from './configurations.ts';
import { draftLayer } from './draft-fixtures.ts';
import type { DraftConfiguration } from './project-draft.ts';

const layer = (name: string) => draftLayer(name);
const configuration = (name: string, layers: string[], share = 1): DraftConfiguration => ({
  key: name,
  id: name,
  name,
  share,
  layers,
});

describe('layer configurations in the editor', () => {
  it('starts a new configuration with every layer in order and the first free name', () => {
    const layers = [layer('Background'), layer('Body'), layer('Hat')];
    expect(newConfiguration([], layers)).toMatchObject({
      name: 'Configuration 1',
      share: 1,
      layers: ['Background', 'Body', 'Hat'],
    });
    expect(newConfiguration([configuration('configuration 2', ['Body'])], layers).name).toBe(
      'Configuration 3',
    );
  });

  it('shows the tokens and percentage each share makes of the collection, as the server splits them', () => {
    const shares = configurationShares(
      [configuration('A', ['Body'], 3), configuration('B', ['Body'], 1)],
      10,
    );
    expect(shares).toEqual([
      { size: 8, percent: 75 },
      { size: 2, percent: 25 },
    ]);
    expect(configurationShares([configuration('A', ['Body'])], null)).toEqual([{ size: 0, percent: 100 }]);
  });

  it('refuses an empty, too long or taken name', () => {
    const all = [configuration('Slim', ['Body']), configuration('Bulky', ['Body'])];
    expect(configurationNameProblem(' ', all, 'Slim')).toBe('Configuration name is required!');
    expect(configurationNameProblem('x'.repeat(101), all, 'Slim')).toBe(
      'Configuration name is too long (at most 100 characters)',
    );
    expect(configurationNameProblem('bulky', all, 'Slim')).toBe(
      'There is already a configuration named “bulky”',
    );
    expect(configurationNameProblem('SLIM', all, 'Slim')).toBeNull();
  });

  it('follows layer renames and deletions, dropping a configuration left without layers', () => {
    const all = [configuration('Slim', ['Body', 'Hat']), configuration('Hats', ['Hat'])];
    expect(renameLayerInConfigurations(all, 'Hat', 'Cap').map((entry) => entry.layers)).toEqual([
      ['Body', 'Cap'],
      ['Cap'],
    ]);
    expect(pruneConfigurations(all, [layer('Body')])).toEqual([configuration('Slim', ['Body'])]);
  });

  it('moves a layer within a configuration and ignores moves past either end', () => {
    expect(moveConfigurationLayer(['A', 'B', 'C'], 2, 0)).toEqual(['C', 'A', 'B']);
    expect(moveConfigurationLayer(['A', 'B', 'C'], 0, -1)).toEqual(['A', 'B', 'C']);
  });
});
