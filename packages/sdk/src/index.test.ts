import { expect, it } from 'vitest';
import * as sdk from './index.ts';

it('exports exactly this public surface (a change here is a change of the published API)', () => {
  expect(Object.keys(sdk).sort()).toEqual([
    'ApiError',
    'AuthenticationError',
    'BadRequestError',
    'ConflictError',
    'ConnectionError',
    'GenerationFailedError',
    'Layerloom',
    'LayerloomError',
    'NotFoundError',
    'PermissionDeniedError',
    'PreconditionFailedError',
    'RateLimitError',
    'ServerError',
    'WebhookVerificationError',
  ]);
  for (const name of Object.keys(sdk).filter((key) => key.endsWith('Error'))) {
    const ErrorClass = (sdk as unknown as Record<string, new (...args: never[]) => Error>)[name]!;
    expect(
      ErrorClass.prototype instanceof sdk.LayerloomError || ErrorClass === sdk.LayerloomError,
      name,
    ).toBe(true);
  }
});
