import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { ContactPage } from './contact-page.tsx';

// jsdom has no ResizeObserver, which Ant Design's text area reads.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Answers the session check as signed out and the contact call with the given response. */
function serve(status: number, body: unknown) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
    url.endsWith('/api/v1/session')
      ? Response.json({ status: 'success', data: { user: null } })
      : Response.json(body, { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function fill() {
  render(
    <Providers client={createQueryClient()}>
      <MemoryRouter>
        <ContactPage />
      </MemoryRouter>
    </Providers>,
  );
  const type = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  type('Your name', 'Ada Lovelace');
  type('Email', 'ada@example.com');
  type('Subject', 'Exports');
  type('Message', 'Can I export my collection as IPFS CAR files?');
  fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
}

// The first render loads Ant Design in jsdom, which takes seconds on a busy 2-core machine.
describe('ContactPage', () => {
  it('sends the message and acknowledges it with the reference id', async () => {
    const fetchMock = serve(201, {
      status: 'success',
      data: { id: '6f1c2e4a-0000-4000-8000-000000000001', receivedAt: '2026-11-23T10:00:00.000Z' },
    });
    fill();
    await screen.findByText('Thanks, your message has been received', {}, { timeout: 10_000 });
    expect(screen.getByText('6f1c2e4a-0000-4000-8000-000000000001')).toBeTruthy();
    const sent = fetchMock.mock.calls.find(([url]) => url.endsWith('/api/v1/contact'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'Exports',
      message: 'Can I export my collection as IPFS CAR files?',
    });
  });

  it('puts the server’s field errors on the fields they are about', async () => {
    serve(400, {
      status: 'error',
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid.',
        fields: [{ path: 'email', message: 'This address cannot receive mail.' }],
      },
    });
    fill();
    const error = await screen.findByText('This address cannot receive mail.', {}, { timeout: 10_000 });
    expect(error.closest('.ant-form-item')?.querySelector('label')?.textContent).toBe('Email');
    expect(screen.queryByText('Your message was not sent')).toBeNull();
  });

  it('shows any other failure on the page', async () => {
    serve(500, {
      status: 'error',
      error: { code: 'INTERNAL', message: 'Something went wrong on our side.' },
    });
    fill();
    await screen.findByText('Your message was not sent', {}, { timeout: 10_000 });
    await waitFor(() => expect(screen.getByText('Something went wrong on our side.')).toBeTruthy());
  });
});
