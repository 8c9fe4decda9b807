/** The parts of the founder dashboard, each a card reading one part of the API's answer. */
import type { FounderDashboard } from '@kitwright/contracts';
import type { Href } from 'expo-router';
import { type ReactNode, useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { Badge, Button, Card, colors, Notice, space, Text, TextLink } from '../../design';
import { useI18n } from '../../i18n';
import { type FounderQuery, type FounderTable, useExportFounderTable } from '../../state/queries/founder';
import { saveTextFile } from '../account/save-file';
import { problemText } from '../discover/request-problems';
import { DailyChart } from './daily-chart';
import {
  DAILY_KEYS,
  funnelLabel,
  incidentStateLabel,
  incidentStateTone,
  metricLabel,
  percent,
  severityTone,
  statusLabel,
  statusTone,
  stepLabel,
  utcTime,
} from './labels';

type Funnel = FounderDashboard['funnels'][number];
type Step = Funnel['steps'][number];

function Section({
  title,
  children,
  testID,
  wide,
}: {
  title: string;
  children: ReactNode;
  testID?: string;
  wide?: boolean;
}) {
  return (
    <View style={wide ? null : styles.tile} testID={testID}>
      <Card>
        <Text variant="h2">{title}</Text>
        {children}
      </Card>
    </View>
  );
}

function Figure({ label, value, testID }: { label: string; value: string; testID?: string }) {
  return (
    <View style={styles.figure}>
      <Text variant="caption" tone="muted">
        {label}
      </Text>
      <Text variant="label" testID={testID}>
        {value}
      </Text>
    </View>
  );
}

/**
 * What the reservation target is judged on (distinct households, flagged bursts left out) and the
 * raw and flagged counts beside it, as the demand review gives them.
 */
export function ReservationFigures({ figures }: { figures: FounderDashboard['interest_reservations'] }) {
  const { t, formatNumber } = useI18n();
  return (
    <View style={styles.detail} testID="target-interest_reservations-detail">
      <Text variant="caption" tone="muted">
        {t('founder.reservations.judged')}
      </Text>
      <View style={styles.figures}>
        <Figure
          label={t('founder.reservations.households')}
          value={formatNumber(figures.households)}
          testID="target-interest_reservations-households"
        />
        <Figure
          label={t('founder.reservations.raw')}
          value={formatNumber(figures.raw)}
          testID="target-interest_reservations-raw"
        />
        <Figure
          label={t('founder.reservations.flagged')}
          value={formatNumber(figures.flagged)}
          testID="target-interest_reservations-flagged"
        />
      </View>
    </View>
  );
}

/** The success targets: each figure's actual, target and status (a colour and a word). */
export function TargetsTable({ data }: { data: FounderDashboard }) {
  const { t, locale, formatNumber } = useI18n();
  const rows: Array<{
    key: string;
    label: string;
    actual: string;
    target: string;
    status: FounderDashboard['metrics'][number]['status'];
    detail?: ReactNode;
  }> = data.metrics.map((m) => ({
    key: m.key,
    label: metricLabel(t, m.key),
    actual: formatNumber(m.value),
    target: m.target === null ? '—' : formatNumber(m.target),
    status: m.status,
    ...(m.key === 'interest_reservations'
      ? { detail: <ReservationFigures figures={data.interest_reservations} /> }
      : {}),
  }));
  const c = data.cancellation_rate;
  rows.push({
    key: 'cancellation_rate',
    label: t('founder.metric.cancellation_rate'),
    actual: `${percent(locale, c.value)} (${formatNumber(c.cancelled)}/${formatNumber(c.reserved)})`,
    target: c.target_below === null ? '—' : t('founder.below', { value: percent(locale, c.target_below) }),
    status: c.status,
  });
  const s = data.support;
  rows.push({
    key: 'support_first_response',
    label: t('founder.metric.support_first_response'),
    actual: t('founder.breaches', { count: s.breaches }),
    target:
      s.target === 'same_day'
        ? t('founder.target.sameDay')
        : s.target === 'same_business_day'
          ? t('founder.target.sameBusinessDay')
          : '—',
    status: s.status,
  });
  return (
    <Section title={t('founder.targets.title')} testID="founder-targets" wide>
      <View role="list" style={styles.rows}>
        {rows.map((r) => (
          <View key={r.key} role="listitem" style={styles.targetRow} testID={`target-${r.key}`}>
            <Text variant="label" style={styles.targetName}>
              {r.label}
            </Text>
            <View style={styles.targetValues}>
              <Figure
                label={t('founder.targets.actual')}
                value={r.actual}
                testID={`target-${r.key}-actual`}
              />
              <Figure label={t('founder.targets.target')} value={r.target} />
              <View style={styles.figure}>
                <Text variant="caption" tone="muted">
                  {t('founder.targets.status')}
                </Text>
                <Badge
                  label={statusLabel(t, r.status)}
                  tone={statusTone(r.status)}
                  testID={`target-${r.key}-status`}
                />
              </View>
            </View>
            {r.detail ?? null}
          </View>
        ))}
      </View>
    </Section>
  );
}

export function DailyCharts({ daily }: { daily: FounderDashboard['daily'] }) {
  const { t } = useI18n();
  return (
    <Section title={t('founder.daily.title')} testID="founder-daily" wide>
      <Text variant="caption" tone="muted">
        {t('founder.daily.intro')}
      </Text>
      <View style={styles.charts}>
        {DAILY_KEYS.map((key) => (
          <View key={key} style={styles.chartTile}>
            <DailyChart
              title={metricLabel(t, key)}
              points={daily.map((d) => ({ day: d.day, value: d[key] }))}
              testID={`chart-${key}`}
            />
          </View>
        ))}
      </View>
    </Section>
  );
}

/** The step with the lowest conversion from the one before it. */
function biggestDrop(steps: Step[]): { from: Step; to: Step } | null {
  let found: { from: Step; to: Step } | null = null;
  for (let i = 1; i < steps.length; i++) {
    const step = steps[i] as Step;
    if (step.conversion === null) continue;
    if (!found || step.conversion < (found.to.conversion ?? 1))
      found = { from: steps[i - 1] as Step, to: step };
  }
  return found;
}

function StepsLine({ steps }: { steps: Step[] }) {
  const { t, locale, formatNumber } = useI18n();
  return (
    <View style={styles.steps}>
      {steps.map((s, i) => (
        <View key={s.step} style={styles.step}>
          <Text variant="caption" tone="muted">
            {i > 0 ? '→ ' : ''}
            {stepLabel(t, s.step)}
          </Text>
          <Text variant="label">
            {formatNumber(s.count)}
            {s.conversion !== null ? ` (${percent(locale, s.conversion)})` : ''}
          </Text>
        </View>
      ))}
    </View>
  );
}

function Segments({ title, segments }: { title: string; segments: Funnel['by_source'] }) {
  const { t } = useI18n();
  if (segments.length === 0) return null;
  return (
    <View style={styles.segments}>
      <Text variant="h3">{title}</Text>
      {segments.map((seg) => (
        <View key={seg.value} style={styles.segment}>
          <Text variant="label">{seg.value || t('founder.funnel.unknown')}</Text>
          <StepsLine steps={seg.steps} />
        </View>
      ))}
    </View>
  );
}

export function Funnels({ funnels }: { funnels: FounderDashboard['funnels'] }) {
  const { t, locale } = useI18n();
  return (
    <Section title={t('founder.funnels.title')} testID="founder-funnels" wide>
      <Text variant="caption" tone="muted">
        {t('founder.funnels.intro')}
      </Text>
      {funnels.map((f) => {
        const drop = biggestDrop(f.steps);
        return (
          <View key={f.key} style={styles.funnel} testID={`funnel-${f.key}`}>
            <Text variant="h3">{funnelLabel(t, f.key)}</Text>
            <StepsLine steps={f.steps} />
            {drop ? (
              <Text variant="caption" weight="medium" testID={`funnel-${f.key}-drop`}>
                {t('founder.funnels.drop', {
                  from: stepLabel(t, drop.from.step),
                  to: stepLabel(t, drop.to.step),
                  share: percent(locale, drop.to.conversion),
                })}
              </Text>
            ) : (
              <Text variant="caption" tone="muted">
                {t('founder.funnels.noDrop')}
              </Text>
            )}
            <Segments title={t('founder.funnels.bySource')} segments={f.by_source} />
            {f.by_device ? (
              <Segments title={t('founder.funnels.byDevice')} segments={f.by_device} />
            ) : (
              <Text variant="caption" tone="muted">
                {t('founder.funnels.noDevice')}
              </Text>
            )}
          </View>
        );
      })}
    </Section>
  );
}

type IncidentLine = FounderDashboard['incidents']['open'][number];

function IncidentRow({ incident }: { incident: IncidentLine }) {
  const { t, locale } = useI18n();
  return (
    <View role="listitem" style={styles.incident}>
      <TextLink href={`/admin/incidents/${incident.id}` as Href} variant="label">
        {incident.title}
      </TextLink>
      <View style={styles.badges}>
        <Badge label={incident.severity} tone={severityTone(incident.severity)} />
        <Badge label={incidentStateLabel(t, incident.state)} tone={incidentStateTone(incident.state)} />
      </View>
      <Text variant="caption" tone="muted">
        {t('founder.incidents.seen', {
          first: utcTime(locale, incident.first_seen_at),
          count: incident.occurrences,
        })}
      </Text>
    </View>
  );
}

export function IncidentsSummary({ incidents }: { incidents: FounderDashboard['incidents'] }) {
  const { t } = useI18n();
  const recent = incidents.recent.filter((r) => !incidents.open.some((o) => o.id === r.id));
  return (
    <Section title={t('founder.incidents.title')} testID="founder-incidents">
      <Text variant="label" testID="founder-incidents-open">
        {t('founder.incidents.openCount', { count: incidents.open.length })}
      </Text>
      {incidents.open.length > 0 ? (
        <View role="list" style={styles.rows}>
          {incidents.open.map((i) => (
            <IncidentRow key={i.id} incident={i} />
          ))}
        </View>
      ) : null}
      {recent.length > 0 ? (
        <>
          <Text variant="h3">{t('founder.incidents.recent')}</Text>
          <View role="list" style={styles.rows}>
            {recent.map((i) => (
              <IncidentRow key={i.id} incident={i} />
            ))}
          </View>
        </>
      ) : null}
      <TextLink href="/admin/incidents" variant="label">
        {t('founder.incidents.all')}
      </TextLink>
    </Section>
  );
}

export function FailedJobs({ failed }: { failed: FounderDashboard['failed_jobs'] }) {
  const { t, formatNumber } = useI18n();
  return (
    <Section title={t('founder.failed.title')} testID="founder-failed">
      <Figure label={t('founder.failed.total')} value={formatNumber(failed.total)} />
      {failed.by_type.length === 0 ? (
        <Text tone="muted">{t('founder.failed.none')}</Text>
      ) : (
        <View role="list" style={styles.rows}>
          {failed.by_type.map((r) => (
            <View key={`${r.type}-${r.error_code}`} role="listitem" style={styles.pair}>
              <Text variant="caption">
                {r.type} · {r.error_code}
              </Text>
              <Text variant="label">{formatNumber(r.count)}</Text>
            </View>
          ))}
        </View>
      )}
    </Section>
  );
}

export function SupportFigures({ support }: { support: FounderDashboard['support'] }) {
  const { t, formatNumber } = useI18n();
  const minutes = (m: number | null) =>
    m === null ? '—' : t('founder.support.minutes', { count: Math.round(m) });
  return (
    <Section title={t('founder.support.title')} testID="founder-support">
      <View style={styles.figures}>
        <Figure label={t('founder.support.opened')} value={formatNumber(support.opened)} />
        <Figure label={t('founder.support.openNow')} value={formatNumber(support.open_now)} />
        <Figure
          label={t('founder.support.responded')}
          value={formatNumber(support.first_response.responded)}
        />
        <Figure label={t('founder.support.awaiting')} value={formatNumber(support.first_response.awaiting)} />
        <Figure label={t('founder.support.median')} value={minutes(support.first_response.median_minutes)} />
        <Figure label={t('founder.support.max')} value={minutes(support.first_response.max_minutes)} />
        <Figure label={t('founder.support.breaches')} value={formatNumber(support.breaches)} />
      </View>
    </Section>
  );
}

export function Feedback({ feedback }: { feedback: FounderDashboard['beta_feedback'] }) {
  const { t, formatNumber } = useI18n();
  return (
    <Section title={t('founder.feedback.title')} testID="founder-feedback">
      {!feedback.available ? (
        <Text tone="muted">{feedback.reason ?? t('founder.feedback.unavailable')}</Text>
      ) : (
        <>
          <View style={styles.figures}>
            <Figure label={t('founder.feedback.count')} value={formatNumber(feedback.count ?? 0)} />
            <Figure
              label={t('founder.feedback.rating')}
              value={feedback.mean_rating === null ? '—' : feedback.mean_rating.toFixed(1)}
            />
          </View>
          {feedback.by_reason.length > 0 ? (
            <View role="list" style={styles.rows}>
              {feedback.by_reason.map((r) => (
                <View key={r.reason} role="listitem" style={styles.pair}>
                  <Text variant="caption">{r.reason}</Text>
                  <Text variant="label">{formatNumber(r.count)}</Text>
                </View>
              ))}
            </View>
          ) : null}
        </>
      )}
    </Section>
  );
}

const TABLES: ReadonlyArray<FounderTable> = [
  'metrics',
  'daily',
  'funnels',
  'failed_jobs',
  'support',
  'beta_feedback',
  'incidents',
];

/** One download per table the API exports, for the period on screen. */
export function ExportTables({ query }: { query: FounderQuery }) {
  const { t } = useI18n();
  const exporter = useExportFounderTable();
  const [done, setDone] = useState<FounderTable | null>(null);
  const [busy, setBusy] = useState<FounderTable | null>(null);
  const download = async (table: FounderTable) => {
    setBusy(table);
    setDone(null);
    try {
      const text = await exporter.mutateAsync({ table, query });
      await saveTextFile(`kitwright-beta-${table}.csv`, text, 'text/csv');
      setDone(table);
    } catch {
      // The error is shown below from the mutation's state.
    } finally {
      setBusy(null);
    }
  };
  const tableLabel = (table: FounderTable) => t(`founder.export.table.${table}`);
  return (
    <Section title={t('founder.export.title')} testID="founder-export" wide>
      <Text variant="caption" tone="muted">
        {t('founder.export.intro')}
      </Text>
      <View style={styles.exports}>
        {TABLES.map((table) => (
          <Button
            key={table}
            label={tableLabel(table)}
            hint={t('founder.export.hint', { table: tableLabel(table) })}
            kind="secondary"
            size="sm"
            busy={busy === table}
            disabled={busy !== null && busy !== table}
            onPress={() => void download(table)}
            testID={`export-${table}`}
          />
        ))}
      </View>
      {done ? <Notice tone="success">{t('founder.export.done', { table: tableLabel(done) })}</Notice> : null}
      {exporter.isError ? <Notice tone="error">{problemText(exporter.error, t)}</Notice> : null}
    </Section>
  );
}

const styles = StyleSheet.create({
  tile: { flexGrow: 1, flexBasis: 280, minWidth: 0, maxWidth: '100%' },
  rows: { gap: space.sm },
  targetRow: {
    flexDirection: 'row',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: space.sm,
    paddingVertical: space.xs,
    borderBottomWidth: 1,
    borderBottomColor: colors.line,
  },
  targetName: { flexGrow: 1, flexBasis: 180, minWidth: 0 },
  targetValues: { flexDirection: 'row', flexWrap: 'wrap', gap: space.md, alignItems: 'flex-start' },
  figure: { minWidth: 72, gap: 2 },
  detail: { flexBasis: '100%', gap: space.xs },
  figures: { flexDirection: 'row', flexWrap: 'wrap', gap: space.lg },
  charts: { flexDirection: 'row', flexWrap: 'wrap', gap: space.lg },
  chartTile: { flexGrow: 1, flexBasis: 220, minWidth: 0, maxWidth: '100%' },
  funnel: { gap: space.sm, paddingTop: space.sm, borderTopWidth: 1, borderTopColor: colors.line },
  steps: { flexDirection: 'row', flexWrap: 'wrap', gap: space.md },
  step: { gap: 2 },
  segments: { gap: space.sm },
  segment: { gap: 2 },
  incident: { gap: 4 },
  badges: { flexDirection: 'row', flexWrap: 'wrap', gap: space.xs },
  pair: { flexDirection: 'row', justifyContent: 'space-between', gap: space.sm },
  exports: { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm },
});
