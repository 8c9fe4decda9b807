/**
 * The crawler module's face: the public pages crawlers and link previews read (shared links,
 * robots.txt, the sitemap), which the web app's serving also renders.
 */
import type { Config } from '../../config';
import type { ModuleFace } from '../../platform/module';
import type { ListingsApi } from '../listings/face';
import { crawlerRoutes } from './routes';
import { createPublicPages, type PublicPages } from './service';

export type CrawlerApi = Pick<PublicPages, 'page'>;

export function crawlerFace(deps: { listings: ListingsApi; config: Config }): ModuleFace<CrawlerApi> {
  const pages = createPublicPages(deps);
  return {
    name: 'crawler',
    api: pages,
    routes: ({ app, shell }) => app.register(crawlerRoutes, { pages, shell }),
  };
}
