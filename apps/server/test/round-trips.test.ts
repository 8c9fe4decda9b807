/**
 * What a request costs the database: a listing page is read in the queries its data needs (the
 * listing with its text, the people it names), and not at all while its public part is cached;
 * reserving interest reads the listing once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, register } from './support/auth-helpers';
import { publishedListing, RESERVE_BODY } from './support/create-helpers';
import { watchQueries } from './support/query-log';
import { createTestApp, type TestApp } from './support/test-app';

const readsListings = (sql: string) => /from "listings"/i.test(sql);
/** Flags and phase are read at most once a second per process, whatever the requests; not counted. */
const perRequest = (statements: string[]) => statements.filter((sql) => !/delivery_state/.test(sql));

describe('round trips', () => {
  for (const cacheMs of ['0', '60000']) {
    describe(`with GALLERY_CACHE_MS=${cacheMs}`, () => {
      let t: TestApp;
      let slug: string;
      let listingId: string;
      beforeAll(async () => {
        t = await createTestApp({ env: { GALLERY_CACHE_MS: cacheMs } });
        const maker = await register(t.app);
        const listing = await publishedListing(t.app, t, maker.access_token);
        slug = listing.slug;
        listingId = listing.id;
      });
      afterAll(async () => t.close());

      it('reads a listing page for an anonymous reader in two queries, or none while cached', async () => {
        const log = watchQueries(t.database.db);
        try {
          const first = perRequest(await log.during(() => t.app.inject({ url: `/api/listings/${slug}` })));
          expect(first).toHaveLength(2);
          expect(first.filter(readsListings)).toHaveLength(1);
          const again = perRequest(await log.during(() => t.app.inject({ url: `/api/listings/${slug}` })));
          expect(again).toHaveLength(cacheMs === '0' ? 2 : 0);
        } finally {
          log.stop();
        }
      });

      it('reserves interest reading the listing once', async () => {
        const reader = await register(t.app);
        const log = watchQueries(t.database.db);
        let statements: string[] = [];
        try {
          // Transactions run on their own executor; count by what the database saw of the listing.
          statements = await log.during(() =>
            t.app.inject({
              method: 'POST',
              url: `/api/listings/${listingId}/interest`,
              headers: bearer(reader.access_token),
              payload: RESERVE_BODY,
            }),
          );
        } finally {
          log.stop();
        }
        // Outside the reservation's transaction nothing reads the listing again: its reference in the
        // answer is built from the row the transaction read.
        expect(statements.filter(readsListings)).toEqual([]);
      });
    });
  }
});
