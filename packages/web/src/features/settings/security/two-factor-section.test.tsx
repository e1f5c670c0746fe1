import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../../app/providers.tsx';
import { recoveryCodesText } from './recovery-codes.tsx';
import { groupedKey, TwoFactorSection } from './two-factor-section.tsx';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  vi.unstubAllGlobals();
});

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `AAAA${i}-BBBB${i}`.replace(/\d/g, 'Q'));

type Call = { method: string; url: string; body: Record<string, unknown> | undefined };
const error = (status: number, code: string, message: string, path?: string) =>
  Response.json(
    { status: 'error', error: { code, message, ...(path ? { fields: [{ path, message }] } : {}) } },
    { status },
  );

/** Shows the section against a fake server that accepts code '123456' and password 'right one'. */
function show(initiallyEnabled: boolean) {
  let enabled = initiallyEnabled;
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/v1/account/two-factor') {
        return Response.json({
          status: 'success',
          data: {
            enabled,
            enabledAt: enabled ? '2026-11-25T00:00:00Z' : null,
            recoveryCodesLeft: enabled ? 10 : 0,
          },
        });
      }
      if (url === '/api/v1/account/two-factor/start') {
        return Response.json({
          status: 'success',
          data: {
            secret: SECRET,
            otpauthUrl: `otpauth://totp/Layerloom:a%40b.c?secret=${SECRET}&issuer=Layerloom`,
          },
        });
      }
      if (url === '/api/v1/account/two-factor/confirm') {
        if (body?.code !== '123456')
          return error(400, 'VALIDATION_FAILED', 'That code is not correct.', 'code');
        enabled = true;
        return Response.json({ status: 'success', data: { recoveryCodes: CODES } });
      }
      if (url === '/api/v1/account/two-factor/disable') {
        if (body?.password !== 'right one') {
          return error(400, 'VALIDATION_FAILED', 'Your password is not correct.', 'password');
        }
        enabled = false;
        return Response.json({ status: 'success', data: { enabled: false } });
      }
      return error(404, 'NOT_FOUND', 'Not found');
    }),
  );
  render(
    <Providers client={createQueryClient()}>
      <TwoFactorSection />
    </Providers>,
  );
  return calls;
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('groupedKey and recoveryCodesText', () => {
  it('groups the key by four and writes the codes one per line', () => {
    expect(groupedKey('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
    const text = recoveryCodesText(['AAAAA-BBBBB', 'CCCCC-DDDDD']);
    expect(text.split('\n')).toContain('AAAAA-BBBBB');
    expect(text.split('\n')).toContain('CCCCC-DDDDD');
  });
});

describe('Settings › Security › Two-factor sign-in', () => {
  it('sets up with a QR code and key, refuses a wrong code, then shows the recovery codes once', async () => {
    const calls = show(false);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Set up two-factor sign-in' }, { timeout: 20_000 }),
    );
    expect(await screen.findByTestId('two-factor-key')).toHaveProperty('textContent', groupedKey(SECRET));
    expect(
      await screen.findByAltText('QR code to scan with your authenticator app', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    fill('Code from the app', '654 321');
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('That code is not correct.')).toBeTruthy();
    fill('Code from the app', '123 456');
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(calls.filter((c) => c.url.endsWith('/confirm')).map((c) => c.body?.code)).toEqual([
      '654321',
      '123456',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull());
    expect(await screen.findByText('10 of 10 recovery codes left.')).toBeTruthy();
    expect(screen.getByText('On')).toBeTruthy();
  });

  it('turns off with password and code, showing a wrong password on its field', async () => {
    show(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn off' }, { timeout: 20_000 }));
    fill('Password', 'wrong');
    fill('Code from the app', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByText('Your password is not correct.')).toBeTruthy();
    fill('Password', 'right one');
    fireEvent.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByRole('button', { name: 'Set up two-factor sign-in' })).toBeTruthy();
    expect(screen.getByText('Off')).toBeTruthy();
  });
});
