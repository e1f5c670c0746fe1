import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, endpointUrl } from './api.ts';
import { ApiError, errorMessage } from './api-error.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('endpointUrl', () => {
  it('fills path parameters and drops empty query values', () => {
    expect(
      endpointUrl({ path: '/api/v1/collections/:id/tokens' }, { id: 'a b' }, { page: 2, trait: '', q: null }),
    ).toBe('/api/v1/collections/a%20b/tokens?page=2');
  });

  it('repeats the key of a list value', () => {
    expect(
      endpointUrl({ path: '/api/v1/tokens' }, {}, { trait: ['Body:Red', 'Hat:Cap'], sort: 'rarity' }),
    ).toBe('/api/v1/tokens?trait=Body%3ARed&trait=Hat%3ACap&sort=rarity');
  });

  it('refuses a missing path parameter', () => {
    expect(() => endpointUrl({ path: '/api/v1/users/:id' })).toThrow(/id/);
  });
});

describe('call', () => {
  it('returns the body of a successful call and sends JSON', async () => {
    const fetchMock = vi.fn(async () => Response.json({ status: 'success', data: { ok: true } }));
    vi.stubGlobal('fetch', fetchMock);
    const body = await call({ method: 'POST', path: '/api/v1/things' }, { body: { a: 1 } });
    expect(body).toEqual({ status: 'success', data: { ok: true } });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/things',
      expect.objectContaining({ method: 'POST', body: '{"a":1}' }),
    );
  });

  it('turns an error envelope into an ApiError with the server message', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json(
        { status: 'error', error: { code: 'INVALID_CREDENTIALS', message: 'Wrong email or password' } },
        { status: 401 },
      ),
    );
    const failure = await call({ method: 'POST', path: '/api/v1/users/login' }).catch((error) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    expect(errorMessage(failure)).toBe('Wrong email or password');
  });

  it('says the server cannot be reached when the network fails', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const failure = await call({ method: 'GET', path: '/api/v1/session' }).catch((error) => error);
    expect(errorMessage(failure)).toMatch(/Cannot reach Layerloom/);
  });
});
