import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfigurationsPanel } from './configurations-panel.tsx';
import { draftLayer } from './draft-fixtures.ts';
import type { DraftConfiguration } from './project-draft.ts';

const layer = (name: string) => draftLayer(name);
const layers = [layer('Background'), layer('Body'), layer('Hat')];

describe('ConfigurationsPanel', () => {
  it('explains the single set of layers and adds a configuration of every layer', () => {
    const onChange = vi.fn();
    render(
      <ConfigurationsPanel
        configurations={[]}
        layers={layers}
        collectionSize={10}
        onChange={onChange}
        onPreview={() => {}}
      />,
    );
    expect(screen.getByText(/Every token uses every layer/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add configuration' }));
    expect(onChange.mock.calls[0]![0]).toMatchObject([
      { name: 'Configuration 1', share: 1, layers: ['Background', 'Body', 'Hat'] },
    ]);
  });

  it('shows each configuration with its tokens, reorders and removes its layers, and previews a saved one', () => {
    const configurations: DraftConfiguration[] = [
      { key: 'a', id: 'a', name: 'Bare', share: 3, layers: ['Background', 'Body'] },
      { key: 'b', name: 'Hatted', share: 1, layers: ['Background', 'Body', 'Hat'] },
    ];
    const onChange = vi.fn();
    const onPreview = vi.fn();
    render(
      <ConfigurationsPanel
        configurations={configurations}
        layers={layers}
        collectionSize={10}
        onChange={onChange}
        onPreview={onPreview}
      />,
    );
    expect(screen.getAllByTestId('configuration-tokens').map((node) => node.textContent)).toEqual([
      '8 tokens · 75 %',
      '2 tokens · 25 %',
    ]);
    const bare = screen.getByRole('listitem', { name: 'Configuration Bare' });
    fireEvent.click(within(bare).getByRole('button', { name: 'Draw Body earlier in Bare' }));
    expect(onChange.mock.calls[0]![0][0].layers).toEqual(['Body', 'Background']);
    fireEvent.click(within(bare).getByRole('button', { name: 'Remove Body from Bare' }));
    expect(onChange.mock.calls[1]![0][0].layers).toEqual(['Background']);
    fireEvent.click(within(bare).getByRole('button', { name: 'Preview Bare' }));
    expect(onPreview).toHaveBeenCalledWith(0);
    // Not saved yet: no preview until the server knows it.
    const hatted = screen.getByRole('listitem', { name: 'Configuration Hatted' });
    expect(within(hatted).getByRole('button', { name: 'Preview Hatted' })).toHaveProperty('disabled', true);
    fireEvent.change(within(bare).getByLabelText('Name'), { target: { value: 'hatted' } });
    expect(within(bare).getByRole('alert').textContent).toBe(
      'There is already a configuration named “hatted”',
    );
  });
});
