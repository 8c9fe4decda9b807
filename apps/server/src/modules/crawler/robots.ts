/** robots.txt: staging is closed to crawlers; elsewhere the API and people's own pages are. */
import { type CrawlerContext, PRIVATE_AREAS, SUPPORT_THREADS } from './context';

/** What robots.txt keeps crawlers from (the API, people's own pages, Expo's route list). */
const DISALLOWED = ['/api/', ...PRIVATE_AREAS, SUPPORT_THREADS, '/dev/', '/_sitemap'];

export function robots(ctx: CrawlerContext): string {
  if (ctx.config.env === 'staging') return 'User-agent: *\nDisallow: /\n';
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${ctx.config.publicBaseUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
