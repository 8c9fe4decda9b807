/**
 * /admin/beta, the founder dashboard (staff read it too; it changes nothing): a period — launch
 * week, the first 30 days, or whole UTC days of one's choosing — and for it the success targets
 * with actual, target and status, a daily chart of every figure, the funnels with their biggest
 * drop-off, incidents, failed jobs, support and feedback, and a CSV download of every table.
 */
// The staff tools' strings load with their screens, not with the first page.
import '../../i18n/staff-messages';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { useSessionUser } from '../../client/kitwright';
import { hasRole } from '../../components/require-role';
import {
  Button,
  ButtonLink,
  Card,
  ChoiceGroup,
  Columns,
  Input,
  Loading,
  Notice,
  space,
  Text,
} from '../../design';
import { useI18n } from '../../i18n';
import { type FounderQuery, useFounderDashboard } from '../../state/queries/founder';
import { AdminFrame } from '../admin/admin-frame';
import { ProblemNotice } from '../discover/problem-notice';
import {
  DailyCharts,
  ExportTables,
  FailedJobs,
  Feedback,
  Funnels,
  IncidentsSummary,
  SupportFigures,
  TargetsTable,
} from './beta-sections';

type PeriodKind = 'launch_week' | 'first_30_days' | 'custom';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The query for a custom period of whole UTC days, `to` included; null while the days are not valid. */
export function customQuery(from: string, to: string): FounderQuery | null {
  if (!DAY_PATTERN.test(from) || !DAY_PATTERN.test(to)) return null;
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) return null;
  return {
    period: 'custom',
    from: new Date(start).toISOString(),
    to: new Date(end + 86_400_000).toISOString(),
  };
}

export function BetaDashboardScreen() {
  return (
    <AdminFrame needs="staff" title="founder.title" section="/admin/beta" testID="founder-dashboard">
      <BetaDashboard />
    </AdminFrame>
  );
}

function BetaDashboard() {
  const { t } = useI18n();
  const user = useSessionUser();
  const founder = hasRole(user, 'founder');
  const [kind, setKind] = useState<PeriodKind>('launch_week');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [custom, setCustom] = useState<FounderQuery | null>(null);
  const [customError, setCustomError] = useState<string | null>(null);
  const query: FounderQuery = kind === 'custom' ? (custom ?? { period: 'launch_week' }) : { period: kind };
  const dashboard = useFounderDashboard(query, kind !== 'custom' || custom !== null);
  const data = dashboard.data;

  const applyCustom = () => {
    const next = customQuery(from.trim(), to.trim());
    setCustomError(next ? null : t('founder.period.invalid'));
    if (next) setCustom(next);
  };

  return (
    <View style={styles.page}>
      <Text tone="muted">{t('founder.intro')}</Text>
      {founder ? (
        <View style={styles.row} testID="founder-controls">
          <ButtonLink label={t('founder.phaseLink')} href="/admin/phase" kind="secondary" size="sm" />
          <ButtonLink label={t('founder.cohortsLink')} href="/admin/cohorts" kind="secondary" size="sm" />
        </View>
      ) : (
        <Notice testID="founder-read-only">{t('admin.readOnly')}</Notice>
      )}
      <Card>
        <ChoiceGroup<PeriodKind>
          label={t('founder.period.label')}
          look="pills"
          value={kind}
          onChange={setKind}
          choices={[
            { value: 'launch_week', label: t('founder.period.launchWeek') },
            { value: 'first_30_days', label: t('founder.period.first30') },
            { value: 'custom', label: t('founder.period.custom') },
          ]}
          testID="founder-period"
        />
        {kind === 'custom' ? (
          <View style={styles.custom}>
            <View style={styles.field}>
              <Input
                label={t('founder.period.from')}
                help={t('founder.period.dayHelp')}
                value={from}
                onChangeText={setFrom}
                autoCapitalize="none"
                inputMode="numeric"
                testID="founder-from"
              />
            </View>
            <View style={styles.field}>
              <Input
                label={t('founder.period.to')}
                help={t('founder.period.dayHelp')}
                value={to}
                onChangeText={setTo}
                autoCapitalize="none"
                inputMode="numeric"
                error={customError}
                testID="founder-to"
              />
            </View>
            <View style={styles.apply}>
              <Button label={t('founder.period.apply')} onPress={applyCustom} testID="founder-apply" />
            </View>
          </View>
        ) : null}
        {data ? (
          <Text variant="caption" tone="muted" testID="founder-period-text">
            {t('founder.period.showing', {
              from: data.period.from.slice(0, 10),
              to: new Date(Date.parse(data.period.to) - 1).toISOString().slice(0, 10),
              launch: data.period.launch_day ?? t('founder.period.noLaunch'),
            })}
          </Text>
        ) : null}
      </Card>
      {kind === 'custom' && !custom ? <Text tone="muted">{t('founder.period.chooseDays')}</Text> : null}
      {dashboard.isFetching && !data ? <Loading label={t('founder.loading')} /> : null}
      {dashboard.isError ? (
        <ProblemNotice error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : null}
      {data ? (
        <>
          <Columns
            weights={[1, 1]}
            main={
              <>
                <TargetsTable data={data} />
                <Funnels funnels={data.funnels} />
              </>
            }
            side={<DailyCharts daily={data.daily} />}
          />
          <View style={styles.grid}>
            <IncidentsSummary incidents={data.incidents} />
            <FailedJobs failed={data.failed_jobs} />
            <SupportFigures support={data.support} />
            <Feedback feedback={data.beta_feedback} />
          </View>
          <ExportTables query={query} />
        </>
      ) : null}
    </View>
  );
}

const styles = StyleSheet.create({
  page: { gap: space.lg },
  row: { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm },
  custom: { flexDirection: 'row', flexWrap: 'wrap', gap: space.md, alignItems: 'flex-end' },
  field: { flexGrow: 1, flexBasis: 160, minWidth: 0 },
  apply: { paddingBottom: space.lg },
  grid: { flexDirection: 'row', flexWrap: 'wrap', gap: space.lg },
});
