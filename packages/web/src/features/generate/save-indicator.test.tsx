import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { SaveIndicator } from './save-indicator.tsx';

const shown = (props: Parameters<typeof SaveIndicator>[0]) =>
  render(<SaveIndicator {...props} />).container.textContent;

describe('SaveIndicator', () => {
  it('says what is true: saving, not saved, a saved draft that cannot be generated yet, saved and ready', () => {
    const base = { hasInvalidFields: false, isComplete: true, onRetry: () => {} };
    expect(shown({ ...base, state: { kind: 'pending' } })).toBe('Saving…');
    expect(
      shown({ ...base, state: { kind: 'error', error: new ApiError(500, 'INTERNAL', 'The server failed') } }),
    ).toBe('Not saved: The server failedRetry');
    expect(shown({ ...base, state: { kind: 'saved' }, hasInvalidFields: true })).toMatch(
      /^Not saved: fields/,
    );
    expect(shown({ ...base, state: { kind: 'saved' }, isComplete: false })).toBe(
      'Draft saved · not ready to generate yet',
    );
    expect(shown({ ...base, state: { kind: 'saved' } })).toBe('Saved · ready to generate');
  });
});
