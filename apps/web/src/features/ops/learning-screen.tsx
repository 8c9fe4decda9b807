/**
 * /admin/learning (founder): the learning review as the API gives it — for the latest window (or
 * every window since launch) the feedback by screen with its reasons, the observed sessions' tasks
 * by outcome, and the written comments, lowest rating first. Each table is a real table for
 * screen readers (rows of labelled cells), not a picture.
 */
// The staff tools' strings load with their screens, not with the first page.
import '../../i18n/staff-messages';
import type { LearningReview } from '@kitwright/contracts';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { Badge, Card, ChoiceGroup, colors, Loading, space, Text } from '../../design';
import { type Translate, useI18n } from '../../i18n';
import { useLearningReview } from '../../state/queries/ops-sessions';
import { formatDate } from '../account/dates';
import { AdminFrame } from '../admin/admin-frame';
import { ProblemNotice } from '../discover/problem-notice';
import { Fact, Row } from './parts';

type Window = LearningReview['windows'][number];

export function LearningScreen() {
  const { t, locale } = useI18n();
  const [period, setPeriod] = useState<'latest' | 'all'>('latest');
  const review = useLearningReview(period);
  return (
    <AdminFrame
      needs="founder"
      title="admin.section.learning"
      section="/admin/learning"
      testID="ops-learning"
    >
      <Text tone="muted">{t('ops.learning.intro')}</Text>
      <ChoiceGroup
        label={t('ops.learning.period')}
        look="pills"
        value={period}
        onChange={setPeriod}
        choices={[
          { value: 'latest', label: t('ops.learning.latest') },
          { value: 'all', label: t('ops.learning.all') },
        ]}
      />
      {review.isPending ? (
        <Loading label={t('ops.learning.loading')} />
      ) : review.isError ? (
        <ProblemNotice error={review.error} onRetry={() => void review.refetch()} />
      ) : (
        <View style={styles.section} testID="learning-review">
          <Text testID="learning-launch">{launchText(t, review.data, locale)}</Text>
          {review.data.windows.length === 0 ? (
            <Text tone="muted">{t('ops.learning.empty')}</Text>
          ) : (
            [...review.data.windows]
              .reverse()
              .map((w) => <WindowCard key={w.index} window={w} locale={locale} />)
          )}
        </View>
      )}
    </AdminFrame>
  );
}

/** When the beta launched, in words (the server's note, when there is no window yet, said here). */
function launchText(t: Translate, review: LearningReview, locale: string): string {
  if (!review.launch_at) return t('ops.learning.noLaunch');
  const date = formatDate(review.launch_at, locale, { dateStyle: 'long', timeStyle: 'short' });
  if (new Date(review.launch_at).getTime() > Date.now()) return t('ops.learning.notYet', { date });
  return review.launch_source === 'config'
    ? t('ops.learning.launchConfig', { date })
    : t('ops.learning.launchFirst', { date });
}

function Cell({ children, head, grow }: { children: string | number; head?: boolean; grow?: boolean }) {
  return (
    <View role={head ? 'columnheader' : 'cell'} style={[styles.cell, grow && styles.grow]}>
      <Text variant="caption" weight={head ? 'bold' : undefined}>
        {children}
      </Text>
    </View>
  );
}

function WindowCard({ window: w, locale }: { window: Window; locale: string }) {
  const { t } = useI18n();
  const date = (value: string) => formatDate(value, locale, { dateStyle: 'medium', timeStyle: 'short' });
  const mean = (value: number | null) =>
    value === null ? '—' : value.toLocaleString(locale, { maximumFractionDigits: 1 });
  return (
    <Card testID="learning-window">
      <View style={styles.head}>
        <Text variant="h2">
          {w.index === 0 ? t('ops.learning.first72') : t('ops.learning.week', { n: w.index })}
        </Text>
        <Badge
          label={w.complete ? t('ops.learning.due') : t('ops.learning.running')}
          tone={w.complete ? 'warning' : 'brand'}
        />
      </View>
      <Text variant="caption" tone="muted">
        {t('ops.learning.range', { from: date(w.from), to: date(w.to), due: date(w.review_due_at) })}
      </Text>

      <Text variant="h3">{t('ops.learning.feedback')}</Text>
      <Row>
        <Fact label={t('ops.learning.count')} value={w.feedback.count} testID="learning-feedback-count" />
        <Fact label={t('ops.learning.mean')} value={mean(w.feedback.mean_rating)} />
      </Row>
      {w.feedback.by_screen.length > 0 ? (
        <View role="table" aria-label={t('ops.learning.byScreen')} style={styles.table}>
          <View role="row" style={styles.row}>
            <Cell head grow>
              {t('ops.learning.screen')}
            </Cell>
            <Cell head>{t('ops.learning.count')}</Cell>
            <Cell head>{t('ops.learning.mean')}</Cell>
            <Cell head grow>
              {t('ops.learning.reasons')}
            </Cell>
          </View>
          {w.feedback.by_screen.map((s) => (
            <View role="row" key={s.screen} style={styles.row}>
              <Cell grow>{s.screen}</Cell>
              <Cell>{s.count}</Cell>
              <Cell>{mean(s.mean_rating)}</Cell>
              <Cell grow>
                {s.by_reason.map((r) => `${t(`ops.reason.${r.reason}`)} ${r.count}`).join(', ')}
              </Cell>
            </View>
          ))}
        </View>
      ) : null}

      <Text variant="h3">{t('ops.learning.sessions')}</Text>
      <Fact label={t('ops.learning.sessionCount')} value={w.sessions.count} testID="learning-session-count" />
      {w.sessions.tasks.length > 0 ? (
        <View role="table" aria-label={t('ops.learning.tasks')} style={styles.table} testID="learning-tasks">
          <View role="row" style={styles.row}>
            <Cell head grow>
              {t('ops.learning.task')}
            </Cell>
            <Cell head>{t('ops.outcome.success')}</Cell>
            <Cell head>{t('ops.outcome.struggled')}</Cell>
            <Cell head>{t('ops.outcome.failed')}</Cell>
          </View>
          {w.sessions.tasks.map((task) => (
            <View role="row" key={task.task} style={styles.row}>
              <Cell grow>{task.task}</Cell>
              <Cell>{task.success}</Cell>
              <Cell>{task.struggled}</Cell>
              <Cell>{task.failed}</Cell>
            </View>
          ))}
        </View>
      ) : null}

      {w.top_text.length > 0 ? (
        <>
          <Text variant="h3">{t('ops.learning.comments')}</Text>
          <View role="list" style={styles.comments}>
            {w.top_text.map((c) => (
              <View role="listitem" key={c.feedback_id} style={styles.comment}>
                <Text variant="caption" tone="muted">
                  {t('ops.learning.commentMeta', {
                    screen: c.screen,
                    rating: c.rating,
                    reason: t(`ops.reason.${c.reason}`),
                  })}
                </Text>
                <Text>{c.text.translation ?? c.text.original}</Text>
                {c.text.translation ? (
                  <Text variant="caption" tone="muted">
                    {t('ops.learning.original', { language: c.text.language, text: c.text.original })}
                  </Text>
                ) : null}
              </View>
            ))}
          </View>
        </>
      ) : null}
    </Card>
  );
}

const styles = StyleSheet.create({
  section: { gap: space.md, marginTop: space.md },
  head: { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm, alignItems: 'center' },
  table: { borderWidth: 1, borderColor: colors.line, borderRadius: 8 },
  row: { flexDirection: 'row', borderBottomWidth: 1, borderColor: colors.line },
  cell: { flexBasis: 64, flexShrink: 0, padding: space.xs },
  grow: { flexGrow: 1, flexShrink: 1, flexBasis: 80, minWidth: 0 },
  comments: { gap: space.sm },
  comment: { gap: 2, paddingLeft: space.sm, borderLeftWidth: 2, borderColor: colors.line },
});
