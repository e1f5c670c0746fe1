import { describe, expect, it } from 'vitest';
import { contractCodeUrl, VerificationConfigError, verificationFrom } from './verification-config.ts';

describe('explorer settings for source verification', () => {
  it('uses Sourcify without a key, Etherscan v2 with ETHERSCAN_API_KEY, Blockscout where the chain has one, and nothing on the local chain', () => {
    const keyless = verificationFrom({});
    expect(keyless.explorers[1]).toEqual({
      kind: 'sourcify',
      name: 'Sourcify',
      apiUrl: 'https://sourcify.dev/server',
      apiKey: undefined,
      webUrl: 'https://repo.sourcify.dev',
    });
    expect(keyless.explorers[31337]).toBeUndefined();
    expect(keyless.retryBaseMs).toBe(15_000);

    const keyed = verificationFrom({ ETHERSCAN_API_KEY: 'KEY' });
    expect(keyed.explorers[137]).toEqual({
      kind: 'etherscan',
      name: 'PolygonScan',
      apiUrl: 'https://api.etherscan.io/v2/api',
      apiKey: 'KEY',
      webUrl: 'https://polygonscan.com',
    });
    expect(keyed.explorers[11155420]).toMatchObject({
      kind: 'blockscout',
      apiUrl: 'https://optimism-sepolia.blockscout.com/api',
      apiKey: undefined,
    });
  });

  it('takes per-chain settings, and "off" leaves a chain without verification', () => {
    const config = verificationFrom({
      EXPLORER_31337: 'etherscan',
      EXPLORER_API_URL_31337: 'http://127.0.0.1:4000/v2/api/',
      EXPLORER_API_KEY_31337: 'LOCAL',
      EXPLORER_URL_31337: 'http://127.0.0.1:4000',
      EXPLORER_1: 'off',
      VERIFY_RETRY_BASE_MS: '250',
    });
    expect(config.explorers[31337]).toEqual({
      kind: 'etherscan',
      name: 'Etherscan',
      apiUrl: 'http://127.0.0.1:4000/v2/api',
      apiKey: 'LOCAL',
      webUrl: 'http://127.0.0.1:4000',
    });
    expect(config.explorers[1]).toBeUndefined();
    expect(config.retryBaseMs).toBe(250);
    expect(contractCodeUrl(config.explorers[31337]!, 31337, '0xAb')).toBe(
      'http://127.0.0.1:4000/address/0xAb#code',
    );
  });

  it('refuses settings that cannot work, naming the variable', () => {
    const cases: [NodeJS.ProcessEnv, string][] = [
      [{ EXPLORER_1: 'etherscan' }, 'EXPLORER_1=etherscan needs an API key: set ETHERSCAN_API_KEY'],
      [{ EXPLORER_1: 'oklink' }, 'EXPLORER_1 must be etherscan, blockscout, sourcify or off (not "oklink")'],
      [{ EXPLORER_31337: 'blockscout' }, 'EXPLORER_31337=blockscout needs EXPLORER_API_URL_31337'],
      [{ EXPLORER_API_URL_1: 'ftp://x' }, 'EXPLORER_API_URL_1 must be a URL'],
      [{ EXPLORER_56: 'sourcify' }, 'EXPLORER_56 names chain 56, which Layerloom does not deploy to'],
      [{ VERIFY_RETRY_BASE_MS: 'soon' }, 'VERIFY_RETRY_BASE_MS must be a whole number of milliseconds'],
    ];
    for (const [env, message] of cases) {
      expect(() => verificationFrom(env), message).toThrow(VerificationConfigError);
      expect(() => verificationFrom(env), message).toThrow(message);
    }
  });
});
