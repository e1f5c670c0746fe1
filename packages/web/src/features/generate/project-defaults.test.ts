import { describe, expect, it } from 'vitest';
import { SAMPLE_PROJECT, sampleSettings, UNTITLED_PROJECT } from './project-defaults.ts';

describe('sampleSettings', () => {
  it('names and describes a project left at its defaults, and keeps what the creator typed', () => {
    expect(sampleSettings({ name: UNTITLED_PROJECT, description: '' })).toEqual(SAMPLE_PROJECT);
    expect(sampleSettings({ name: '  ', description: ' ' })).toEqual(SAMPLE_PROJECT);
    expect(sampleSettings({ name: 'Moon Cats', description: '' })).toEqual({
      description: SAMPLE_PROJECT.description,
    });
    expect(sampleSettings({ name: UNTITLED_PROJECT, description: 'Cats on the moon' })).toEqual({
      name: SAMPLE_PROJECT.name,
    });
    expect(sampleSettings({ name: 'Moon Cats', description: 'Cats on the moon' })).toEqual({});
  });
});
