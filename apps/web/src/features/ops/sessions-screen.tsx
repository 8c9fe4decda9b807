/**
 * /admin/sessions (founder): observed beta sessions. The founder plans one (a date ahead) or
 * records one just watched — the tester, their consent, each task with its outcome and notes, the
 * linked issues and the interview notes — and updates it afterwards with what was found.
 */

// The staff tools' strings load with their screens, not with the first page.
import '../../i18n/staff-messages';
import type { BetaSession } from '@kitwright/contracts';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  ChoiceGroup,
  colors,
  Input,
  Loading,
  Notice,
  space,
  Text,
} from '../../design';
import { useI18n } from '../../i18n';
import {
  useBetaSessions,
  useCreateBetaSession,
  useUpdateBetaSession,
} from '../../state/queries/ops-sessions';
import { formatDate } from '../account/dates';
import { errorText } from '../account/error-text';
import { AdminFrame } from '../admin/admin-frame';
import { ShowMore } from '../admin/show-more';
import { ProblemNotice } from '../discover/problem-notice';
import { Row } from './parts';

const OUTCOMES = ['success', 'struggled', 'failed'] as const;
type Outcome = (typeof OUTCOMES)[number];
interface TaskDraft {
  task: string;
  outcome: Outcome;
  notes: string;
}

/** The consent wording testers read before a session is observed (its version is recorded). */
export const SESSION_CONSENT_VERSION = '2026-11-01';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function SessionsScreen() {
  const { t } = useI18n();
  const sessions = useBetaSessions();
  const [editing, setEditing] = useState<BetaSession | null>(null);
  const items = sessions.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <AdminFrame
      needs="founder"
      title="admin.section.sessions"
      section="/admin/sessions"
      testID="ops-sessions"
    >
      <Text tone="muted">{t('ops.sessions.intro')}</Text>
      <SessionForm key={editing?.id ?? 'new'} session={editing} onDone={() => setEditing(null)} />
      <View style={styles.section} testID="session-list">
        <Text variant="h2">{t('ops.sessions.list')}</Text>
        {sessions.isPending ? (
          <Loading label={t('ops.sessions.loading')} />
        ) : sessions.isError ? (
          <ProblemNotice error={sessions.error} onRetry={() => void sessions.refetch()} />
        ) : items.length === 0 ? (
          <Text tone="muted">{t('ops.sessions.empty')}</Text>
        ) : (
          <View role="list" style={styles.list}>
            {items.map((s) => (
              <SessionItem key={s.id} session={s} onEdit={() => setEditing(s)} />
            ))}
          </View>
        )}
        <ShowMore pages={sessions} label={t('ops.sessions.more')} />
      </View>
    </AdminFrame>
  );
}

function SessionItem({ session: s, onEdit }: { session: BetaSession; onEdit: () => void }) {
  const { t, locale } = useI18n();
  const who = s.tester.display_name ?? s.tester.label ?? t('ops.sessions.unnamed');
  const planned = new Date(s.observed_at).getTime() > Date.now();
  return (
    <View role="listitem" testID="session">
      <Card>
        <View style={styles.head}>
          <Text variant="h3">{who}</Text>
          <Badge
            label={planned ? t('ops.sessions.planned') : t('ops.sessions.observed')}
            tone={planned ? 'warning' : 'brand'}
          />
        </View>
        <Text variant="caption" tone="muted">
          {formatDate(s.observed_at, locale, { dateStyle: 'long', timeStyle: 'short' })}
        </Text>
        {s.tasks.length > 0 ? (
          <View role="list" style={styles.tasks}>
            {s.tasks.map((task, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a session's tasks are a fixed list in its order
              <View role="listitem" key={`${task.task}-${i}`} style={styles.task}>
                <Text>
                  <Text weight="bold">{task.task}</Text>
                  {` — ${t(`ops.outcome.${task.outcome}`)}`}
                </Text>
                {task.notes ? (
                  <Text variant="caption" tone="muted">
                    {task.notes}
                  </Text>
                ) : null}
              </View>
            ))}
          </View>
        ) : null}
        {s.interview_notes ? (
          <Text testID="session-notes">{t('ops.sessions.notesWere', { notes: s.interview_notes })}</Text>
        ) : null}
        {s.linked_issues.length > 0 ? (
          <Text variant="caption">
            {t('ops.sessions.linkedWere', { issues: s.linked_issues.join(', ') })}
          </Text>
        ) : null}
        <Button
          label={t('ops.sessions.edit', { name: who })}
          kind="secondary"
          size="sm"
          onPress={onEdit}
          testID="session-edit"
        />
      </Card>
    </View>
  );
}

function SessionForm({ session, onDone }: { session: BetaSession | null; onDone: () => void }) {
  const { t } = useI18n();
  const create = useCreateBetaSession();
  const update = useUpdateBetaSession();
  const [label, setLabel] = useState(session?.tester.label ?? '');
  const [consent, setConsent] = useState(Boolean(session));
  const [day, setDay] = useState(session ? session.observed_at.slice(0, 10) : '');
  const [tasks, setTasks] = useState<TaskDraft[]>(
    session?.tasks.map((task) => ({ task: task.task, outcome: task.outcome, notes: task.notes ?? '' })) ?? [
      { task: '', outcome: 'success', notes: '' },
    ],
  );
  const [issues, setIssues] = useState(session?.linked_issues.join(', ') ?? '');
  const [notes, setNotes] = useState(session?.interview_notes ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);

  function setTask(index: number, change: Partial<TaskDraft>) {
    setTasks((current) => current.map((task, i) => (i === index ? { ...task, ...change } : task)));
  }

  async function submit() {
    setDone(null);
    const problems: Record<string, string> = {};
    if (!session && !label.trim()) problems.label = t('field.required');
    if (!session && !consent) problems.consent = t('ops.sessions.consentNeeded');
    if (day && !DAY.test(day)) problems.day = t('ops.sessions.dayForm');
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const written = tasks
      .filter((task) => task.task.trim())
      .map((task) => ({
        task: task.task.trim(),
        outcome: task.outcome,
        notes: task.notes.trim() ? task.notes.trim() : null,
      }));
    const linked = issues
      .split(',')
      .map((i) => i.trim())
      .filter(Boolean);
    const observed = day ? { observed_at: new Date(`${day}T12:00:00Z`).toISOString() } : {};
    try {
      if (session) {
        await update.mutateAsync({
          id: session.id,
          change: {
            ...(label.trim() ? { tester_label: label.trim() } : {}),
            ...observed,
            tasks: written,
            linked_issues: linked,
            interview_notes: notes.trim() ? notes.trim() : null,
          },
        });
        onDone();
      } else {
        await create.mutateAsync({
          tester_label: label.trim(),
          consent_given: true,
          consent_text_version: SESSION_CONSENT_VERSION,
          ...observed,
          tasks: written,
          linked_issues: linked,
          ...(notes.trim() ? { interview_notes: notes.trim() } : {}),
        });
        setLabel('');
        setConsent(false);
        setDay('');
        setTasks([{ task: '', outcome: 'success', notes: '' }]);
        setIssues('');
        setNotes('');
        setDone(t('ops.sessions.recorded'));
      }
    } catch (err) {
      setErrors({ form: errorText(t, err) });
    }
  }

  const busy = create.isPending || update.isPending;
  return (
    <Card testID="session-form">
      <Text variant="h2">{session ? t('ops.sessions.update') : t('ops.sessions.record')}</Text>
      <Input
        label={t('ops.sessions.tester')}
        help={t('ops.sessions.testerHelp')}
        value={label}
        onChangeText={setLabel}
        maxLength={120}
        error={errors.label}
        testID="session-tester"
      />
      <Input
        label={t('ops.sessions.day')}
        help={t('ops.sessions.dayHelp')}
        value={day}
        onChangeText={setDay}
        maxLength={10}
        error={errors.day}
      />
      {session ? null : (
        <Checkbox
          label={t('ops.sessions.consent')}
          help={t('ops.sessions.consentHelp', { version: SESSION_CONSENT_VERSION })}
          checked={consent}
          onChange={setConsent}
          error={errors.consent}
          testID="session-consent"
        />
      )}
      <Text variant="h3">{t('ops.sessions.tasks')}</Text>
      {tasks.map((task, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: task rows have no identity but their place
        <View key={i} style={styles.taskForm} testID="session-task">
          <Input
            label={t('ops.sessions.task', { n: i + 1 })}
            value={task.task}
            onChangeText={(value) => setTask(i, { task: value })}
            maxLength={120}
          />
          <ChoiceGroup
            label={t('ops.sessions.outcome', { n: i + 1 })}
            look="pills"
            value={task.outcome}
            onChange={(value) => setTask(i, { outcome: value })}
            choices={OUTCOMES.map((o) => ({ value: o, label: t(`ops.outcome.${o}`) }))}
          />
          <Input
            label={t('ops.sessions.taskNotes', { n: i + 1 })}
            value={task.notes}
            onChangeText={(value) => setTask(i, { notes: value })}
            maxLength={2000}
          />
          {tasks.length > 1 ? (
            <Button
              label={t('ops.sessions.removeTask', { n: i + 1 })}
              kind="ghost"
              size="sm"
              onPress={() => setTasks((current) => current.filter((_, j) => j !== i))}
            />
          ) : null}
        </View>
      ))}
      <Button
        label={t('ops.sessions.addTask')}
        kind="secondary"
        size="sm"
        onPress={() => setTasks((current) => [...current, { task: '', outcome: 'success', notes: '' }])}
      />
      <Input
        label={t('ops.sessions.issues')}
        help={t('ops.sessions.issuesHelp')}
        value={issues}
        onChangeText={setIssues}
      />
      <Input
        label={t('ops.sessions.notes')}
        value={notes}
        onChangeText={setNotes}
        multiline
        maxLength={10000}
        testID="session-interview-notes"
      />
      <Row>
        <Button
          label={session ? t('ops.sessions.save') : t('ops.sessions.submit')}
          onPress={() => void submit()}
          busy={busy}
          testID="session-submit"
        />
        {session ? <Button label={t('common.cancel')} kind="ghost" onPress={onDone} /> : null}
      </Row>
      <View aria-live="polite">
        {errors.form ? <Notice tone="error">{errors.form}</Notice> : null}
        {done ? (
          <Notice tone="success" testID="session-recorded">
            {done}
          </Notice>
        ) : null}
      </View>
    </Card>
  );
}

const styles = StyleSheet.create({
  section: { gap: space.md, marginTop: space.md },
  list: { gap: space.md },
  head: { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm, alignItems: 'center' },
  tasks: { gap: space.xs },
  task: { gap: 2 },
  taskForm: { gap: space.sm, paddingLeft: space.sm, borderLeftWidth: 2, borderColor: colors.line },
});
