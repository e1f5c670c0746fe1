/** Connection options for BullMQ and ioredis from a `redis://user:password@host:port/db` URL. */
export function redisOptions(url: string) {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0,
    ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
    // BullMQ workers block on Redis; they must not give up after a few retries.
    maxRetriesPerRequest: null,
  };
}
