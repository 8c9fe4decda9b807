/** The app shell links only to pages the app has: every navigation path, for every role, is a route file. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { navigationFor } from './service';

const APP = path.resolve(import.meta.dirname, '../../../../web/app');

/** Whether expo-router serves `route` from a file under apps/web/app (static segments only). */
function hasPage(route: string): boolean {
  const base = path.join(APP, route === '/' ? 'index' : route);
  return fs.existsSync(`${base}.tsx`) || fs.existsSync(path.join(base, 'index.tsx'));
}

describe('app shell navigation', () => {
  it('finds the app’s pages (the check itself works)', () => {
    expect(hasPage('/gallery')).toBe(true);
    expect(hasPage('/account')).toBe(true);
    expect(hasPage('/admin/nothing-here')).toBe(false);
  });

  for (const roles of [['user'], ['user', 'staff'], ['user', 'staff', 'founder']] as const) {
    it(`links only to existing pages for ${roles.at(-1)}`, () => {
      const user = {
        authenticated: true as const,
        id: '00000000-0000-4000-8000-000000000001',
        username: 'someone',
        display_name: 'Someone',
        roles: [...roles],
        email_verified: true,
        locale: 'en',
      };
      const missing = navigationFor(user as Parameters<typeof navigationFor>[0])
        .map((entry) => entry.path)
        .filter((route) => !hasPage(route));
      expect(missing).toEqual([]);
      expect(
        navigationFor(user as Parameters<typeof navigationFor>[0]).some((e) => e.path === '/admin'),
      ).toBe(roles.length > 1);
    });
  }
});
