import { MAX_LENGTH } from './limits';

// Deliberately conservative: a false positive hides a real person from analytics, so only
// self-declared automation matches. Every alternative is a literal or a bounded class, so the
// regex runs in linear time. `(?:^|[^u])bot` skips the phone vendor "CUBOT"; no lookbehind,
// so the pattern also parses on Safari < 16.4.
const BOT =
  /(?:^|[^u])bot\b|crawl|spider|slurp|headless|lighthouse|facebookexternalhit|phantomjs|^(?:curl|wget|python-|go-http|java\/|okhttp|axios|node-fetch|undici|libwww-perl|apache-httpclient)/i;

/**
 * True for crawlers (Googlebot, bingbot, …), link-preview fetchers, headless browsers
 * (HeadlessChrome — which Puppeteer and Playwright send by default —, Lighthouse, PhantomJS: automation, not people) and
 * command-line / library HTTP clients (curl, wget, python-requests, …). An empty string is
 * not a bot (it is unknown). Only the first 512 characters are examined.
 */
export function isBot(ua: string | null | undefined): boolean {
  return typeof ua === 'string' && BOT.test(ua.length > MAX_LENGTH ? ua.slice(0, MAX_LENGTH) : ua);
}
