import { previewProject } from '@layerloom/api';
import { endpointUrl } from '../../lib/api.ts';
import { ApiError } from '../../lib/api-error.ts';

/** One rendered combination: an object URL of the PNG (revoke it when done) and its attributes. */
export interface Preview {
  url: string;
  attributes: { trait_type: string; value: string | number }[];
}

/**
 * Renders one combination. The endpoint answers PNG bytes (not JSON) with the attributes in the
 * `x-layerloom-attributes` header; failures are the usual JSON error envelope.
 */
export async function fetchPreview(
  projectId: string,
  body: { seed: string; size: number; configuration?: number },
  signal?: AbortSignal,
): Promise<Preview> {
  let response: Response;
  try {
    response = await fetch(endpointUrl(previewProject, { id: projectId }), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'image/png, application/json' },
      body: JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', 'Cannot reach Layerloom. Check your connection and try again.');
  }
  if (!response.ok) {
    const envelope = (await response.json().catch(() => undefined)) as
      | { error?: { code?: string; message?: string } }
      | undefined;
    const message = envelope?.error?.message ?? `The preview failed (HTTP ${response.status}).`;
    throw new ApiError(
      response.status,
      (envelope?.error?.code as ApiError['code']) ?? 'BAD_REQUEST',
      message,
    );
  }
  const header = response.headers.get('x-layerloom-attributes');
  let attributes: Preview['attributes'] = [];
  if (header) {
    try {
      attributes = JSON.parse(decodeURIComponent(header)) as Preview['attributes'];
    } catch {
      attributes = [];
    }
  }
  return { url: URL.createObjectURL(await response.blob()), attributes };
}

/** A short random seed for a re-roll. */
export function randomSeed(): string {
  const bytes = new Uint8Array(4);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
