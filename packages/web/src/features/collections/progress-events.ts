import type { GenerationProgress } from '@layerloom/api';
import { lazyValue } from '../../lib/lazy-value.ts';

const schema = lazyValue(() => import('./progress-schema.ts'));

/**
 * Hands each `progress` event of a collection's event stream to `onProgress`, in the order they came, once
 * checked against the contract's schema (events that do not match are dropped). The schema loads with the
 * first event, so a page that only might follow a generation does not carry it.
 */
export function onProgressEvents(
  source: EventSource,
  onProgress: (progress: GenerationProgress) => void,
): void {
  let delivered: Promise<void> = Promise.resolve();
  source.addEventListener('progress', (event) => {
    const data = (event as MessageEvent<string>).data;
    delivered = delivered
      .then(async () => {
        const { GenerationProgressSchema } = await schema.load();
        const parsed = GenerationProgressSchema.safeParse(JSON.parse(data));
        if (parsed.success) onProgress(parsed.data);
      })
      // Not JSON, or the schema's file did not load (a deploy, the network: the next event loads it again).
      .catch(() => undefined);
  });
}
