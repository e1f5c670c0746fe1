import {
  DEFAULT_ANIMATION_SETTINGS,
  DEFAULT_METADATA_FORMAT_SETTINGS,
  type Project,
  planById,
} from '@layerloom/api';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { SAMPLE_PROJECT } from './project-defaults.ts';
import { ProjectEditor } from './project-editor.tsx';

const image = { contentType: 'image/png' as const, width: 64, height: 64, bytes: 900 };
const project: Project = {
  id: 'p1',
  name: 'Moon Cats',
  description: 'Cats',
  collectionSize: 20,
  width: 256,
  height: 256,
  rarityMode: 'weighted',
  seed: 'abc',
  layers: [
    {
      id: 'l1',
      name: 'Background',
      presence: 100,
      blend: 'normal',
      opacity: 1,
      traits: [
        { id: 't1', name: 'Blue', weight: 3, image },
        { id: 't2', name: 'Red', weight: 1, image },
      ],
    },
    { id: 'l2', name: 'Hat', presence: 50, blend: 'normal', opacity: 1, traits: [] },
  ],
  rules: [],
  configurations: [],
  oneOfOnes: [],
  animation: DEFAULT_ANIMATION_SETTINGS,
  metadata: DEFAULT_METADATA_FORMAT_SETTINGS,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  version: 1,
  updatedBy: null,
};

/** Both layers with images: nothing left to do before generating. */
const complete: Project = {
  ...project,
  layers: project.layers.map((layer) =>
    layer.traits.length > 0 ? layer : { ...layer, traits: [{ id: 't3', name: 'Cap', weight: 1, image }] },
  ),
};

const feasible = { count: '1000', configurations: [], feasible: true, problem: null };

/** Requests the editor made, as `METHOD path`. */
const requests: string[] = [];
/** Answers a test gives before the defaults below (undefined: not this one). */
let serve: (method: string, url: string, body: unknown) => unknown = () => undefined;

const consoleErrors: unknown[][] = [];

/** jsdom has no ResizeObserver; Ant Design's inputs and text areas observe their size. */
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  consoleErrors.length = 0;
  requests.length = 0;
  serve = () => undefined;
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
  // jsdom has no layout, so no scrolling either; the fixes scroll to what they fix.
  Element.prototype.scrollIntoView = () => {};
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      requests.push(`${method} ${url}`);
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const answer = serve(method, url, body);
      if (answer !== undefined) return Response.json({ status: 'success', data: answer });
      if (url.endsWith('/feasibility')) {
        return Response.json({
          status: 'success',
          data: {
            count: null,
            configurations: [],
            feasible: false,
            problem: { code: 'NOT_READY', message: 'Layer "Hat" has no images yet', fix: null },
          },
        });
      }
      if (url.endsWith('/quality')) {
        return Response.json({ status: 'success', data: { findings: [], analysed: 0, skipped: [] } });
      }
      if (url === '/api/v1/collections')
        return Response.json({ status: 'success', data: { collections: [] } });
      return Response.json({ status: 'success', data: { project } });
    }),
  );
});

afterEach(() => {
  // No React or Ant Design warning (deprecated props, missing keys, act) in any of these renders. The one
  // left out is jsdom's: it has no layout, so the auto-sized text area measures a NaN height.
  const warnings = consoleErrors
    .map((args) => args.map(String).join(' ').slice(0, 600))
    .filter((text) => !/`NaN` is an invalid value for the `%s` css style property\. height$/.test(text));
  expect(warnings).toEqual([]);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderEditor(opened: Project = project) {
  return render(
    <Providers client={createQueryClient()}>
      <MemoryRouter>
        <ProjectEditor
          project={opened}
          plan={planById('free')}
          projects={[
            { id: 'p1', name: 'Moon Cats', collectionSize: 20, layerCount: 2, traitCount: 2, updatedAt: '' },
          ]}
          onSwitch={() => {}}
          onNew={() => {}}
          onDiscard={async () => {}}
          isSwitching={false}
        />
      </MemoryRouter>
    </Providers>,
  );
}

// Ant Design's first render in jsdom is slow (styles are generated at run time).
// The parts that load on demand (the selected layer, Advanced) add their first import to a test's time.
describe('ProjectEditor', { timeout: 240_000 }, () => {
  it('shows the project, the first layer with its traits and shares, why it cannot be counted yet, and the required-field message', async () => {
    renderEditor();
    expect(screen.getByRole('heading', { name: 'Generate NFT' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Layer: Background' })).toBeTruthy();
    // The selected layer's images load with their own code, right after the page.
    expect(await screen.findByText('Images:2', undefined, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByText('75 % of layer')).toBeTruthy();
    expect(screen.getByText('25 % of layer')).toBeTruthy();
    // The layers' list loads its own code: it may come a moment after the layer's images.
    const presence = await screen.findByLabelText('Presence of Hat (%)', undefined, { timeout: 30_000 });
    expect((presence as HTMLInputElement).value).toBe('50');
    // Generate is disabled with the reason and its fix, also offered as the next step at the top.
    const reasons = screen.getByRole('region', { name: 'Before you can generate:' });
    expect(reasons.textContent).toContain(
      'Layer “Hat” has no images: upload at least one, or delete the layer.',
    );
    expect(screen.getByRole('button', { name: 'Generate' })).toHaveProperty('disabled', true);
    expect(screen.getAllByRole('button', { name: 'Upload images to Hat' })).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'Next step' }).textContent).toContain(
      'Layer “Hat” has no images',
    );
    // Saved, but not something that can be generated yet.
    expect(document.querySelector('.ll-gen-save-wrap')?.textContent).toBe(
      'Draft saved · not ready to generate yet',
    );
    // The fix selects the layer, whose upload area then shows.
    fireEvent.click(screen.getAllByRole('button', { name: 'Upload images to Hat' })[0] as HTMLElement);
    expect(await screen.findByRole('heading', { name: 'Layer: Hat' })).toBeTruthy();
    // The contract's required-field message, shown as the field empties.
    fireEvent.change(screen.getByLabelText('Project Name'), { target: { value: '' } });
    expect(await screen.findByText('Project Name is required!', undefined, { timeout: 5000 })).toBeTruthy();
  });

  it('ignores an empty New Layer name and adds a named one, selected and cleared', async () => {
    renderEditor();
    const input = screen.getByLabelText('New Layer') as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: 'Add layer' }));
    expect(document.querySelectorAll('.ll-gen-layer')).toHaveLength(2);
    fireEvent.change(input, { target: { value: '  ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(document.querySelectorAll('.ll-gen-layer')).toHaveLength(2);
    fireEvent.change(input, { target: { value: 'Eyes' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('');
    expect(document.querySelectorAll('.ll-gen-layer')).toHaveLength(3);
    expect(screen.getByRole('heading', { name: 'Layer: Eyes' })).toBeTruthy();
    await waitFor(() =>
      expect(document.querySelector('.ll-gen-save-wrap')?.textContent).toMatch(/Saving|Saved/),
    );
  });
  it('fills in a name and a description with the sample layers, so Generate is not blocked by an empty field', async () => {
    const empty: Project = { ...project, name: 'Untitled project', description: '', layers: [] };
    serve = (method, url, body) => {
      if (url.endsWith('/sample-layers')) return { project: { ...empty, layers: complete.layers } };
      if (url.endsWith('/feasibility')) return feasible;
      if (method === 'PATCH') return { project: { ...empty, ...(body as object), layers: complete.layers } };
      return undefined;
    };
    renderEditor(empty);
    expect(screen.getByRole('region', { name: /^Before you can generate/ }).textContent).toContain(
      'Project Description is required',
    );
    fireEvent.click(screen.getAllByRole('button', { name: 'Start from sample layers' })[0] as HTMLElement);
    await waitFor(() =>
      expect((screen.getByLabelText('Project Name') as HTMLInputElement).value).toBe(SAMPLE_PROJECT.name),
    );
    expect((screen.getByLabelText('Project Description') as HTMLTextAreaElement).value).toBe(
      SAMPLE_PROJECT.description,
    );
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /^Before you can generate/ })).toBeNull(),
    );
    expect(screen.getByRole('region', { name: 'Next step' }).textContent).toContain('Ready to generate.');
    // The creator's choices are saved like any edit, and can be changed like any edit.
    await waitFor(() => expect(requests).toContain('PATCH /api/v1/projects/p1'));
  });

  it('keeps Advanced closed for a first project, saying what it holds, and opens it on request', async () => {
    renderEditor(complete);
    const toggle = screen.getByRole('button', { name: 'Advanced' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('heading', { name: 'Rules' })).toBeNull();
    expect(screen.getByText(/^Seed and exact counts, rules between traits/)).toBeTruthy();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    // Its parts load with their own code when it first opens.
    await screen.findByRole('heading', { name: 'Seed and rarity', level: 3 }, { timeout: 30_000 });
    for (const part of [
      'Seed and rarity',
      'Import HashLips layers',
      'Rules',
      'Layer configurations',
      '1-of-1s',
    ])
      expect(screen.getByRole('heading', { name: part, level: 3 })).toBeTruthy();
  });

  it('opens Advanced by itself for a project that uses exact counts', () => {
    renderEditor({ ...complete, rarityMode: 'exact' });
    expect(screen.getByRole('button', { name: 'Advanced' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('opens Advanced for a fix that lives there, and takes the user to the field', async () => {
    renderEditor({ ...complete, seed: '' });
    const toggle = screen.getByRole('button', { name: 'Advanced' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(
      within(screen.getByRole('region', { name: 'Next step' })).getByRole('button', { name: 'Go to Seed' }),
    );
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    // The field is under Advanced, whose parts load when it first opens: focus follows once they are there.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Seed')), {
      timeout: 30_000,
    });
  });
});
