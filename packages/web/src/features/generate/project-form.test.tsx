import { planById } from '@layerloom/api';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { standInResizeObserver } from '../../test/stand-ins.ts';
import { emptyProject } from './draft-fixtures.ts';
import { type Draft, toDraft } from './project-draft.ts';
import { ProjectForm } from './project-form.tsx';

standInResizeObserver();

/** The form over a draft it edits, as the editor holds it. */
function Editing({ initial }: { initial: Draft }) {
  const [draft, setDraft] = useState(initial);
  return (
    <MemoryRouter>
      <ProjectForm
        draft={draft}
        plan={planById('free')}
        onChange={(changed) => setDraft((current) => ({ ...current, ...(changed as Partial<Draft>) }))}
      />
    </MemoryRouter>
  );
}

/** What a control's aria-describedby names, as a screen reader reads it after its name. */
function descriptionOf(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `(no #${id})`)
    .join(' ');
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('ProjectForm', () => {
  it('says nothing about a field until it is edited, then what the server would say of it', () => {
    render(<Editing initial={toDraft(emptyProject)} />);
    // The fresh project's description is empty: Generate lists it, the untouched field stays quiet.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Project Description').getAttribute('aria-invalid')).toBeNull();

    type('Project Name', '   ');
    const name = screen.getByLabelText('Project Name');
    expect(screen.getByRole('alert').textContent).toBe('Project Name is required!');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(name)).toBe('Project Name is required!');
    type('Project Name', 'Moon Cats');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(name.getAttribute('aria-invalid')).toBeNull();

    type('Project Description', 'x'.repeat(2001));
    expect(screen.getByRole('alert').textContent).toBe('Project Description is too long');
    type('Project Description', ' ');
    expect(screen.getByRole('alert').textContent).toBe('Project Description is required!');
  });

  it('holds Collection Size to the rule and to the plan, with the plan in its help', () => {
    render(<Editing initial={toDraft(emptyProject)} />);
    const size = screen.getByLabelText('Collection Size');
    expect(descriptionOf(size)).toBe(
      'Your Free plan: up to 100 assets, watermarked “Layerloom Free”. See plans',
    );
    type('Collection Size', '');
    expect(screen.getByRole('alert').textContent).toBe('Collection Size is required!');
    type('Collection Size', '2.5');
    expect(screen.getByRole('alert').textContent).toBe('Collection Size must be a whole number');
    type('Collection Size', '500');
    expect(screen.getByRole('alert').textContent).toBe('Your Free plan generates up to 100 assets');
    expect(size.getAttribute('aria-describedby')).toBe('collectionSize-message collectionSize-extra');
    type('Collection Size', '20');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('groups Width and Height under Dimension, each named, with their messages under the group', () => {
    render(<Editing initial={toDraft(emptyProject)} />);
    const dimension = screen.getByRole('group', { name: 'Dimension' });
    type('Width', '8');
    type('Height', '5000');
    const messages = within(dimension)
      .getAllByRole('alert')
      .map((alert) => alert.textContent);
    expect(messages).toEqual(['Width must be at least 16 px', 'Height must be at most 4096 px']);
    expect(screen.getByLabelText('Width').getAttribute('aria-invalid')).toBe('true');
    // Described by the group's messages (each its own line) and its help.
    expect(screen.getByLabelText('Height').getAttribute('aria-describedby')).toBe(
      'dimension-message dimension-extra',
    );
    expect(document.getElementById('dimension-extra')?.textContent).toBe(
      'Width × height of every image, in pixels (16–4096).',
    );
    type('Width', '256');
    expect(screen.getByLabelText('Width').getAttribute('aria-invalid')).toBeNull();
  });
});
