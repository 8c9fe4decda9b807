/**
 * The root of the app: providers (i18n, consent, the SDK client, server state), the page shell
 * (header, content, footer, consent banner), a crash boundary, and the offline service worker.
 */
import type { Locale } from '@kitwright/contracts/constants';
import { Slot } from 'expo-router';
import { useCallback, useMemo } from 'react';
import { StyleSheet, View } from 'react-native';
import { createAppClient } from '../client/app-client';
import { KitwrightProvider, useKitwright } from '../client/kitwright';
import { makeQueryClient } from '../client/query-client';
import { reportError } from '../client/report-error';
import { useAnalytics } from '../client/use-analytics';
import { colors } from '../design';
import { FeedbackControl } from '../features/tester/feedback-control';
import { I18nProvider, initialLocale, useT } from '../i18n';
import { installDocumentStyle } from '../platform/document-style';
import { NavigationScroll } from '../platform/navigation-scroll';
import { StaticHandoffGuard } from '../platform/static-handoff';
import { type Consent, ConsentProvider } from '../state/consent';
import { useRefreshOnViewerChange } from '../state/queries/viewer';
import { AppHeader } from './app-header';
import { ConsentBanner } from './consent-banner';
import { ErrorBoundary } from './error-boundary';
import { ServiceWorker } from './service-worker';

installDocumentStyle();

function Shell() {
  const t = useT();
  const client = useKitwright();
  useAnalytics();
  useRefreshOnViewerChange();
  return (
    <View style={styles.root}>
      <AppHeader />
      <FeedbackControl />
      <View style={styles.body}>
        <ErrorBoundary t={t} onCrash={(report) => reportError(client, report)}>
          <Slot />
        </ErrorBoundary>
      </View>
      <ConsentBanner />
      <ServiceWorker />
      <StaticHandoffGuard />
      <NavigationScroll />
    </View>
  );
}

export function RootLayout() {
  const client = useMemo(() => createAppClient(initialLocale()), []);
  const queryClient = useMemo(() => makeQueryClient(client), [client]);
  // The answer is stored by the server too (on the account or the visitor session), which applies it.
  const storeConsent = useCallback(
    (consent: Consent) => {
      if (consent === 'unset') return;
      void client.ready.then(() => client.analytics.setConsent({ consent })).catch(() => {});
    },
    [client],
  );
  return (
    <I18nProvider onChange={(locale: Locale) => client.api.setLocale(locale)}>
      <ConsentProvider onAnswer={storeConsent}>
        <KitwrightProvider client={client} queryClient={queryClient}>
          <Shell />
        </KitwrightProvider>
      </ConsentProvider>
    </I18nProvider>
  );
}

const styles = StyleSheet.create({
  root: { flex: 1, backgroundColor: colors.paper },
  body: { flex: 1 },
});
