import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertPublicUrl,
  isPrivateAddress,
  isPrivateAddressError,
  outboundDispatcher,
  PrivateAddressError,
} from './outbound-guard.ts';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fd12:3456::1',
    'fe80::1',
    '::ffff:10.0.0.1',
    '::ffff:127.0.0.1',
    '[::1]',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '192.169.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'lets %s through',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

describe('assertPublicUrl', () => {
  it('refuses literal private hosts and localhost names, and lets public ones through', () => {
    for (const url of [
      'http://127.0.0.1:5001',
      'http://[::1]:5001/api/v0',
      'http://169.254.169.254/latest/meta-data',
      'http://localhost:5001',
      'http://pins.localhost',
    ]) {
      expect(() => assertPublicUrl(url), url).toThrow(PrivateAddressError);
    }
    expect(() => assertPublicUrl('https://rpc.filebase.io')).not.toThrow();
    expect(() => assertPublicUrl('https://8.8.8.8/api/v0')).not.toThrow();
  });
});

describe('the outbound dispatcher', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((_request, response) => response.end('reached'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('refuses a name that resolves to a private address when connecting, and allows it when configured to', async () => {
    const refused = await fetch(`http://localhost:${port}/`, { dispatcher: outboundDispatcher(false) }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isPrivateAddressError(refused)).toBe(true);

    const allowed = await fetch(`http://localhost:${port}/`, { dispatcher: outboundDispatcher(true) });
    expect(await allowed.text()).toBe('reached');
  });
});
