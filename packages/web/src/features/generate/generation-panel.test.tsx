import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GENERATED_TEXT, GeneratedModal } from './generation-panel.tsx';

describe('GeneratedModal', () => {
  it('offers Open collection as its primary, focused button and Stay here as the other', async () => {
    const onOk = vi.fn();
    const onClose = vi.fn();
    render(<GeneratedModal open onOk={onOk} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: GENERATED_TEXT });
    const open = screen.getByRole('button', { name: 'Open collection' });
    const stay = screen.getByRole('button', { name: 'Stay here' });
    expect(dialog.contains(open)).toBe(true);
    expect(open.className).toContain('ant-btn-primary');
    expect(stay.className).not.toContain('ant-btn-primary');
    await waitFor(() => expect(document.activeElement).toBe(open));
    fireEvent.click(stay);
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(open);
    expect(onOk).toHaveBeenCalledTimes(1);
  });
});
