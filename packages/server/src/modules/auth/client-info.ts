import Bowser from 'bowser';
import type { FastifyRequest } from 'fastify';

/** What a session keeps to let the user recognise it in Settings › Security. */
export interface ClientInfo {
  device: string | null;
  browser: string | null;
  ip: string | null;
}

const platformNames: Record<string, string> = {
  desktop: 'Desktop',
  mobile: 'Phone',
  tablet: 'Tablet',
  tv: 'TV',
  bot: 'Bot',
};

/** Device ('Desktop · Linux') and browser ('Chrome 131') read from a user agent; null for what it does not say. */
export function parseUserAgent(userAgent: string | undefined): Pick<ClientInfo, 'device' | 'browser'> {
  if (!userAgent) return { device: null, browser: null };
  const parsed = Bowser.parse(userAgent.slice(0, 512));
  const platform = parsed.platform.type ? platformNames[parsed.platform.type] : undefined;
  const os = parsed.os.name;
  const device = [platform, os].filter(Boolean).join(' · ') || null;
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(' ') : null;
  return { device, browser };
}

/** The client of a request, as a new session stores it. */
export function clientOf(request: FastifyRequest): ClientInfo {
  return { ...parseUserAgent(request.headers['user-agent']), ip: request.ip || null };
}
