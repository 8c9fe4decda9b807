/**
 * The founder screens on the web, each fetched as its own chunk when it is opened: the dashboard's
 * charts (react-native-svg) and the incident screens never weigh on the first load of home or the
 * gallery.
 */
import { type ComponentType, lazy, Suspense } from 'react';
import { Loading, Screen } from '../../design';
import { useT } from '../../i18n';
import type { FounderScreensModule } from './screens.types';

function Waiting() {
  const t = useT();
  return (
    <Screen title={t('founder.title')}>
      <Loading label={t('founder.opening')} />
    </Screen>
  );
}

function lazyScreen(load: () => Promise<ComponentType>): ComponentType {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LazyScreen() {
    return (
      <Suspense fallback={<Waiting />}>
        <Lazy />
      </Suspense>
    );
  };
}

export const BetaDashboardScreen = lazyScreen(
  async () => (await import('./beta-screen')).BetaDashboardScreen,
) satisfies FounderScreensModule['BetaDashboardScreen'];
export const IncidentsScreen = lazyScreen(
  async () => (await import('./incidents-screen')).IncidentsScreen,
) satisfies FounderScreensModule['IncidentsScreen'];
export const IncidentScreen = lazyScreen(
  async () => (await import('./incident-screen')).IncidentScreen,
) satisfies FounderScreensModule['IncidentScreen'];
