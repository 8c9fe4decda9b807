/**
 * The dashboard: for a signed-in person their drafts, published listings with views, saves and
 * reservations, saved listings, reservations (cancel with a reason), support and notifications.
 * A visitor without an account sees what their visitor session saved and reserved, with an
 * invitation to create an account to keep it.
 */
import { isKitwrightError } from '@kitwright/sdk';
import { StyleSheet, View } from 'react-native';
import { RequireSignIn } from '../../components/require-sign-in';
import { Loading, Screen, space, Text } from '../../design';
import { useI18n } from '../../i18n';
import { useDashboard } from '../../state/queries/dashboard';
import { ProblemNotice } from '../discover/problem-notice';
import { Drafts, Published } from './design-sections';
import { Notifications } from './notifications-section';
import { Reservations } from './reservations-section';
import { Saved } from './saved-section';
import { Summary } from './summary';
import { Support } from './support-section';

export function DashboardScreen() {
  const { t, locale } = useI18n();
  const dashboard = useDashboard(locale);
  const data = dashboard.data;
  const noSession = isKitwrightError(dashboard.error) && dashboard.error.status === 401;

  return (
    <Screen title={t('dashboard.title')} testID="dashboard-screen">
      <View style={styles.head}>
        <Text variant="h1">{t('dashboard.title')}</Text>
        {data?.viewer.kind === 'user' ? (
          <Text variant="lead" tone="muted">
            {t('dashboard.hello', { name: data.viewer.display_name ?? '' })}
          </Text>
        ) : null}
      </View>
      {dashboard.isPending ? <Loading label={t('dashboard.loading')} /> : null}
      {noSession ? <RequireSignIn reason={t('dashboard.visitorReason')}>{null}</RequireSignIn> : null}
      {dashboard.isError && !noSession ? (
        <ProblemNotice error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : null}
      {data ? (
        <>
          {data.viewer.kind === 'visitor' ? (
            <RequireSignIn reason={t('dashboard.visitorReason')}>{null}</RequireSignIn>
          ) : null}
          <Summary data={data} />
          <Notifications items={data.notifications} />
          {data.viewer.kind === 'user' ? (
            <>
              <Drafts drafts={data.drafts} />
              <Published listings={data.listings} />
            </>
          ) : null}
          <Reservations reservations={data.reservations} />
          <Saved saved={data.saved} unavailable={data.saved_unavailable} />
          <Support support={data.support} />
        </>
      ) : null}
    </Screen>
  );
}

const styles = StyleSheet.create({ head: { gap: space.xs } });
