/**
 * The app shell: what the client needs before it draws anything — navigation for this viewer,
 * who they are, the feature flags and the public configuration.
 */
import {
  type AppShellResponse,
  appVersionFor,
  DEFAULT_LOCALE,
  type NavigationEntry,
  SUPPORTED_LOCALES,
  type UserSummary,
} from '@kitwright/contracts';
import type { Config } from '../../config';
import type { DeliveryControls } from '../../platform/delivery-controls';
import { rolesOf, type Viewer } from '../../platform/viewer';
import { IMAGE_FORMATS, MODEL_FORMATS } from '../media/face';

/** Who the viewer is, as the app shell tells the client. */
export function summaryOf(viewer: Viewer): UserSummary {
  if (!viewer.user) return { authenticated: false, session_id: viewer.visitorId };
  const u = viewer.user;
  return {
    authenticated: true,
    id: u.id,
    username: u.username,
    display_name: u.displayName,
    roles: rolesOf(u.role),
    email_verified: u.emailVerified,
    locale: u.locale,
  };
}

/** The app's navigation: only pages the app has are linked (navigation.test.ts checks every role). */
export function navigationFor(user: UserSummary): NavigationEntry[] {
  const entries: NavigationEntry[] = [
    { id: 'home', label: 'nav.home', path: '/', section: 'main' },
    { id: 'gallery', label: 'nav.gallery', path: '/gallery', section: 'main' },
    { id: 'create', label: 'nav.create', path: '/create', section: 'main' },
    { id: 'dashboard', label: 'nav.dashboard', path: '/dashboard', section: 'main' },
  ];
  if (user.authenticated)
    entries.push({ id: 'account', label: 'nav.account', path: '/account', section: 'account' });
  else {
    entries.push({ id: 'sign-in', label: 'nav.signIn', path: '/account/sign-in', section: 'account' });
    entries.push({ id: 'register', label: 'nav.register', path: '/account/register', section: 'account' });
  }
  if (user.authenticated && user.roles.includes('staff'))
    entries.push({ id: 'admin', label: 'nav.admin', path: '/admin', section: 'staff' });
  entries.push({ id: 'help', label: 'nav.help', path: '/help', section: 'help' });
  return entries;
}

export function createAppShellService(deps: { config: Config; controls: DeliveryControls }) {
  return {
    async shell(viewer: Viewer): Promise<AppShellResponse> {
      const user = summaryOf(viewer);
      const { phase, flags } = await deps.controls.snapshot();
      return {
        navigation: navigationFor(user),
        user,
        flags,
        config: {
          phase,
          environment: deps.config.env,
          app_version: appVersionFor(phase, deps.config.buildNumber),
          release: deps.config.release,
          supported_locales: [...SUPPORTED_LOCALES],
          default_locale: DEFAULT_LOCALE,
          oauth_providers: ['google', 'apple'],
          machine_translation: deps.config.translation.provider,
          uploads: {
            max_model_bytes: deps.config.uploads.maxModelBytes,
            max_image_bytes: deps.config.uploads.maxImageBytes,
            model_formats: [...MODEL_FORMATS],
            image_formats: [...IMAGE_FORMATS],
          },
        },
      };
    },
  };
}

export type AppShellService = ReturnType<typeof createAppShellService>;
