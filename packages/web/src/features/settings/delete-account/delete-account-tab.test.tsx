import { DELETE_ACCOUNT_WARNING } from '@layerloom/api';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../../app/providers.tsx';
import { sessionKey } from '../../auth/session.ts';
import { DeleteAccountTab } from './delete-account-tab.tsx';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  vi.unstubAllGlobals();
});

const user = { _id: 'u1', name: { first: 'Ada', last: 'Lovelace' }, email: 'ada@example.com' };

/** The server's 400 for one field. */
const fieldError = (path: string, message: string) =>
  Response.json(
    { status: 'error', error: { code: 'VALIDATION_FAILED', message, fields: [{ path, message }] } },
    { status: 400 },
  );

/** Shows the tab signed in as Ada, with a server that accepts only `right` as her password. */
function show(right: string, { twoFactor = false }: { twoFactor?: boolean } = {}) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, body });
      if (url === '/api/v1/account/deactivate' && init?.method === 'POST') {
        if (body.password === right) return Response.json({ status: 'success', data: { deactivated: true } });
        return fieldError('password', 'Your password is not correct.');
      }
      if (url === '/api/v1/account/two-factor') {
        return Response.json({ status: 'success', data: { enabled: twoFactor, recoveryCodesLeft: 10 } });
      }
      if (url === '/api/v1/account/delete' && init?.method === 'POST') {
        if (body.password !== right) {
          return fieldError('password', 'Your password is not correct.');
        }
        if (twoFactor && body.code !== '123456') {
          return fieldError('code', 'That code is not correct. Enter the current code from your app.');
        }
        return Response.json({ status: 'success', data: { deleted: true } });
      }
      return Response.json(
        { status: 'error', error: { code: 'NOT_FOUND', message: 'Not found' } },
        { status: 404 },
      );
    }),
  );
  const client = createQueryClient();
  client.setQueryData(sessionKey, user);
  render(
    <Providers client={client}>
      <DeleteAccountTab />
    </Providers>,
  );
  return { calls, client };
}

describe('Settings › Delete Account', () => {
  it("shows the spec's warning and deactivates only with the right password, then signs this browser out", async () => {
    const { calls, client } = show('correct horse');
    expect(screen.getByText(DELETE_ACCOUNT_WARNING)).toBeTruthy();
    expect(screen.getByText(/Your public mint pages stay up/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate my account' }));
    expect(await within(dialog).findByText('Enter your password')).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate my account' }));
    expect(await within(dialog).findByText('Your password is not correct.')).toBeTruthy();
    expect(client.getQueryData(sessionKey)).toEqual(user);

    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate my account' }));
    await waitFor(() => expect(client.getQueryData(sessionKey)).toBeNull());
    expect(calls.map((call) => call.body)).toEqual([{ password: 'wrong' }, { password: 'correct horse' }]);
    expect(
      await screen.findByText('Your account is deactivated. Sign in again to reactivate it.'),
    ).toBeTruthy();
  });
});

describe('Settings › Delete Account › Delete', () => {
  it('asks for the password and DELETE typed, shows a wrong password on its field, then signs this browser out', async () => {
    const { calls, client } = show('correct horse');
    expect(screen.getByText(/live contract, your account cannot be deleted/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account for good?' });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.change(within(dialog).getByLabelText('Type DELETE to confirm'), {
      target: { value: 'delete' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(
      await within(dialog).findByText('Type DELETE to confirm', { selector: '.ant-form-item-explain-error' }),
    ).toBeTruthy();
    expect(calls.filter((call) => call.url === '/api/v1/account/delete')).toHaveLength(0);
    expect(within(dialog).queryByLabelText('Code from your authenticator app')).toBeNull();

    fireEvent.change(within(dialog).getByLabelText('Type DELETE to confirm'), {
      target: { value: 'DELETE' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Your password is not correct.')).toBeTruthy();
    expect(client.getQueryData(sessionKey)).toEqual(user);

    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(client.getQueryData(sessionKey)).toBeNull());
    expect(calls.filter((call) => call.url === '/api/v1/account/delete').map((call) => call.body)).toEqual([
      { password: 'wrong', confirmation: 'DELETE' },
      { password: 'correct horse', confirmation: 'DELETE' },
    ]);
    expect(await screen.findByText('Your account is deleted. We sent you a last mail.')).toBeTruthy();
  });

  it('asks for the authenticator code too when two-factor sign-in is on', async () => {
    const { calls, client } = show('correct horse', { twoFactor: true });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account for good?' });
    const code = await within(dialog).findByLabelText('Code from your authenticator app');
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.change(within(dialog).getByLabelText('Type DELETE to confirm'), {
      target: { value: 'DELETE' },
    });
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(
      await within(dialog).findByText('That code is not correct. Enter the current code from your app.'),
    ).toBeTruthy();
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(client.getQueryData(sessionKey)).toBeNull());
    expect(calls.filter((call) => call.url === '/api/v1/account/delete').at(-1)?.body).toEqual({
      password: 'correct horse',
      confirmation: 'DELETE',
      code: '123456',
    });
  });
});

describe('Settings › Delete Account › Download my data', () => {
  it('saves the ZIP under the server’s file name, and shows the hourly limit when the server refuses', async () => {
    let exports = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url !== '/api/v1/account/export') return Response.json({}, { status: 404 });
        exports++;
        if (exports > 1) {
          const message = 'You can download your data 3 times an hour. Try again in 42 minutes.';
          return Response.json(
            { status: 'error', error: { code: 'RATE_LIMITED', message, retryAfterSeconds: 2520 } },
            { status: 429 },
          );
        }
        return new Response(new Blob(['PK']), {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="layerloom-data-2026-11-25.zip"',
          },
        });
      }),
    );
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const client = createQueryClient();
    client.setQueryData(sessionKey, user);
    render(
      <Providers client={client}>
        <DeleteAccountTab />
      </Providers>,
    );
    fireEvent.click(screen.getByRole('button', { name: /Download my data/ }));
    expect(await screen.findByText('Downloaded layerloom-data-2026-11-25.zip')).toBeTruthy();
    expect(saved).toEqual(['layerloom-data-2026-11-25.zip']);

    fireEvent.click(screen.getByRole('button', { name: /Download my data/ }));
    expect(
      await screen.findByText('You can download your data 3 times an hour. Try again in 42 minutes.'),
    ).toBeTruthy();
    expect(saved).toHaveLength(1);
    click.mockRestore();
  });
});
