import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ProjectPicker } from './project-picker.tsx';

const options = [
  { value: 'p1', label: 'Moon Cats' },
  { value: 'p2', label: 'Untitled project' },
];

describe('ProjectPicker', () => {
  it('shows the open project among the others and switches to the one chosen', () => {
    const onChange = vi.fn();
    render(<ProjectPicker value="p2" options={options} onChange={onChange} />);
    const picker = screen.getByRole('combobox', { name: 'Project' }) as HTMLSelectElement;
    expect(picker.selectedOptions[0]?.textContent).toBe('Untitled project');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Moon Cats',
      'Untitled project',
    ]);
    fireEvent.change(picker, { target: { value: 'p1' } });
    expect(onChange).toHaveBeenCalledWith('p1');
  });

  it('cannot be changed while a new project is being made', () => {
    render(<ProjectPicker value="p1" options={options} onChange={() => {}} disabled />);
    expect(screen.getByRole('combobox', { name: 'Project' })).toHaveProperty('disabled', true);
  });
});
