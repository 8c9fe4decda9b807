/**
 * The root of the app: providers (i18n, consent, the SDK client, server state), the page shell
 * (header, content, footer, consent banner), a crash boundary, and the offline service worker.
 */
import type { Locale } from '@kitwright/contracts/constants';
import { Slot } from 'expo-router';
import { useMemo } from 'react';
import { StyleSheet, View } from 'react-native';
import { createAppClient } from '../src/api/client';
import { KitwrightProvider, makeQueryClient } from '../src/api/kitwright';
import { useAnalytics } from '../src/api/use-analytics';
import { AppHeader } from '../src/components/app-header';
import { ConsentBanner } from '../src/components/consent-banner';
import { ErrorBoundary } from '../src/components/error-boundary';
import { ServiceWorker } from '../src/components/service-worker';
import { colors } from '../src/design';
import { I18nProvider, initialLocale, useT } from '../src/i18n';
import { installDocumentStyle } from '../src/platform/document-style';
import { ConsentProvider } from '../src/state/consent';

installDocumentStyle();

function Shell() {
  const t = useT();
  useAnalytics();
  return (
    <View style={styles.root}>
      <AppHeader />
      <View style={styles.body}>
        <ErrorBoundary t={t}>
          <Slot />
        </ErrorBoundary>
      </View>
      <ConsentBanner />
      <ServiceWorker />
    </View>
  );
}

export default function RootLayout() {
  const client = useMemo(() => createAppClient(initialLocale()), []);
  const queryClient = useMemo(() => makeQueryClient(), []);
  return (
    <I18nProvider onChange={(locale: Locale) => client.api.setLocale(locale)}>
      <ConsentProvider>
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
