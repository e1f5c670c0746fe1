import type { OneOfOne } from '@layerloom/api';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { OneOfOnesPanel } from './one-of-ones-panel.tsx';

const golden: OneOfOne = {
  id: 'o1',
  name: 'Golden One',
  image: { contentType: 'image/png', width: 32, height: 32, bytes: 100 },
  attributes: [{ trait_type: 'Artist', value: 'Ada' }],
};

describe('OneOfOnesPanel', () => {
  it('counts the 1-of-1s in the size, shows the artwork, and edits names and attributes', () => {
    const onChange = vi.fn();
    render(
      <OneOfOnesPanel
        projectId="p1"
        oneOfOnes={[golden]}
        collectionSize={10}
        onUpload={async () => {}}
        onChange={onChange}
      />,
    );
    expect(screen.getByTestId('one-of-ones-count').textContent).toBe(
      '1 of the 10 tokens is a 1-of-1; the rest are generated.',
    );
    expect(screen.getByRole('img', { name: '1-of-1 artwork Golden One' }).getAttribute('src')).toBe(
      '/api/v1/projects/p1/one-of-ones/o1/image',
    );
    fireEvent.change(screen.getByLabelText('Attribute 1 value'), { target: { value: 'Grace' } });
    expect(onChange.mock.calls[0]![0]).toEqual([
      { ...golden, attributes: [{ trait_type: 'Artist', value: 'Grace' }] },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Add attribute' }));
    expect(onChange.mock.calls[1]![0][0].attributes).toEqual([
      { trait_type: 'Artist', value: 'Ada' },
      { trait_type: '', value: '' },
    ]);
    const name = screen.getByLabelText('Name');
    fireEvent.change(name, { target: { value: ' ' } });
    expect(screen.getByRole('alert').textContent).toBe('1-of-1 name is required!');
  });

  it('uploads a chosen artwork and says why the server refused one', async () => {
    const onUpload = vi.fn(async () => {
      throw new ApiError(
        400,
        'BAD_REQUEST',
        'File type is not supported: notes.txt (use JPEG, PNG, GIF or WebP)',
      );
    });
    render(
      <OneOfOnesPanel
        projectId="p1"
        oneOfOnes={[]}
        collectionSize={10}
        onUpload={onUpload}
        onChange={() => {}}
      />,
    );
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    const file = new File(['words'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(input, { target: { files: [file] } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Upload refused: File type is not supported: notes.txt (use JPEG, PNG, GIF or WebP)',
    );
    expect(onUpload).toHaveBeenCalledWith(file);
  });
});
