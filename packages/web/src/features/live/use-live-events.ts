import type { LiveEventType } from '@layerloom/api';
import { useEffect, useRef } from 'react';
import { liveConnection } from './live-connection.ts';

/**
 * Calls `onEvent` with the data of each `type` event of the signed-in user's live stream while the
 * component is mounted (one shared connection per tab; reconnects resume where they stopped).
 */
export function useLiveEvents(type: LiveEventType, onEvent: (data: unknown) => void): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => liveConnection.listen(type, (data) => handler.current(data)), [type]);
}
