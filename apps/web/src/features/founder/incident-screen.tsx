/**
 * /admin/incidents/[id] (staff and founders): one incident — what raised it, its runbook action,
 * who owns it — with its timeline of notes and changes; acknowledge it, take or give up
 * ownership, add a note, or resolve it with a note saying what was done.
 */
// The staff tools' strings load with their screens, not with the first page.
import '../../i18n/staff-messages';
import type { OperationResult } from '@kitwright/contracts';
import { useLocalSearchParams } from 'expo-router';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { useSessionUser } from '../../client/kitwright';
import { Badge, Button, Card, colors, Input, Loading, Notice, space, Text, TextLink } from '../../design';
import { type MessageKey, useI18n } from '../../i18n';
import { useIncident, useUpdateIncident } from '../../state/queries/incidents';
import { AdminFrame } from '../admin/admin-frame';
import { ProblemNotice } from '../discover/problem-notice';
import { problemText } from '../discover/request-problems';
import { incidentStateLabel, incidentStateTone, severityTone, utcTime } from './labels';

type Detail = OperationResult<'getIncident'>;
type Note = Detail['timeline'][number];

const NOTE_KINDS: Record<Note['kind'], MessageKey> = {
  note: 'founder.timeline.note',
  acknowledged: 'founder.timeline.acknowledged',
  assigned: 'founder.timeline.assigned',
  resolved: 'founder.timeline.resolved',
};

export function IncidentScreen() {
  const params = useLocalSearchParams<{ id: string }>();
  return (
    <AdminFrame
      needs="staff"
      title="founder.incident.pageTitle"
      section="/admin/incidents"
      testID="incident-screen"
    >
      <IncidentView id={String(params.id ?? '')} />
    </AdminFrame>
  );
}

function IncidentView({ id }: { id: string }) {
  const { t, locale } = useI18n();
  const query = useIncident(id);
  const data = query.data;
  return (
    <View style={styles.page}>
      <TextLink href="/admin/incidents" variant="label">
        {t('founder.incident.back')}
      </TextLink>
      {query.isPending ? <Loading label={t('founder.incident.loading')} /> : null}
      {query.isError ? <ProblemNotice error={query.error} onRetry={() => void query.refetch()} /> : null}
      {data ? (
        <>
          <Card>
            <Text variant="h2">{data.incident.title}</Text>
            <View style={styles.badges}>
              <Badge label={data.incident.severity} tone={severityTone(data.incident.severity)} />
              <Badge
                label={incidentStateLabel(t, data.incident.state)}
                tone={incidentStateTone(data.incident.state)}
                testID="incident-state"
              />
            </View>
            <Field label={t('founder.incident.trigger')} value={data.incident.trigger} />
            <Field label={t('founder.incident.runbook')} value={data.incident.runbook_action} />
            <Field label={t('founder.incident.capability')} value={data.incident.impacted_capability} />
            <Field label={t('founder.incident.catalogueOwner')} value={data.incident.owner} />
            <Field
              label={t('founder.incident.seenLabel')}
              value={t('founder.incidents.seen', {
                first: utcTime(locale, data.incident.first_seen_at),
                count: data.incident.occurrences,
              })}
            />
            <Field
              label={t('founder.incident.owner')}
              value={data.incident.assignee?.display_name ?? t('founder.incident.noOwner')}
              testID="incident-owner"
            />
            {data.incident.resolution_note ? (
              <Field label={t('founder.incident.resolution')} value={data.incident.resolution_note} />
            ) : null}
            {data.incident.correlation_id ? (
              <Field label={t('founder.incident.correlation')} value={data.incident.correlation_id} />
            ) : null}
          </Card>
          <Actions detail={data} />
          <Timeline notes={data.timeline} />
        </>
      ) : null}
    </View>
  );
}

function Field({ label, value, testID }: { label: string; value: string; testID?: string }) {
  return (
    <View style={styles.field}>
      <Text variant="caption" tone="muted">
        {label}
      </Text>
      <Text testID={testID}>{value}</Text>
    </View>
  );
}

function Actions({ detail }: { detail: Detail }) {
  const { t } = useI18n();
  const me = useSessionUser();
  const update = useUpdateIncident(detail.incident.id);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const incident = detail.incident;
  if (incident.state === 'resolved') {
    return <Notice tone="success">{t('founder.incident.isResolved')}</Notice>;
  }
  const run = (change: Parameters<typeof update.mutate>[0], message: string, clear = false) => {
    setDone(null);
    update.mutate(change, {
      onSuccess: () => {
        setDone(message);
        if (clear) setNote('');
      },
    });
  };
  const withNote = (then: (body: string) => void) => {
    const body = note.trim();
    if (!body) {
      setNoteError(t('founder.incident.noteNeeded'));
      return;
    }
    setNoteError(null);
    then(body);
  };
  const mine = me !== null && incident.assignee?.id === me.id;
  return (
    <Card testID="incident-actions">
      <Text variant="h2">{t('founder.incident.actions')}</Text>
      <View style={styles.buttons}>
        {incident.state === 'open' ? (
          <Button
            label={t('founder.incident.acknowledge')}
            onPress={() => run({ state: 'acknowledged' }, t('founder.incident.acknowledged'))}
            busy={update.isPending}
            testID="incident-acknowledge"
          />
        ) : null}
        {me && !mine ? (
          <Button
            label={t('founder.incident.assignMe')}
            kind="secondary"
            onPress={() => run({ assignee_id: me.id }, t('founder.incident.assigned'))}
            disabled={update.isPending}
            testID="incident-assign-me"
          />
        ) : null}
        {incident.assignee ? (
          <Button
            label={t('founder.incident.unassign')}
            kind="ghost"
            onPress={() => run({ assignee_id: null }, t('founder.incident.unassigned'))}
            disabled={update.isPending}
            testID="incident-unassign"
          />
        ) : null}
      </View>
      <Input
        label={t('founder.incident.noteLabel')}
        help={t('founder.incident.noteHelp')}
        value={note}
        onChangeText={setNote}
        multiline
        maxLength={2000}
        error={noteError}
        testID="incident-note"
      />
      <View style={styles.buttons}>
        <Button
          label={t('founder.incident.addNote')}
          kind="secondary"
          onPress={() => withNote((body) => run({ note: body }, t('founder.incident.noted'), true))}
          disabled={update.isPending}
          testID="incident-add-note"
        />
        <Button
          label={t('founder.incident.resolve')}
          kind="danger"
          onPress={() =>
            withNote((body) =>
              run({ state: 'resolved', note: body }, t('founder.incident.resolvedDone'), true),
            )
          }
          disabled={update.isPending}
          testID="incident-resolve"
        />
      </View>
      {done ? (
        <Notice tone="success" reveal testID="incident-done">
          {done}
        </Notice>
      ) : null}
      {update.isError ? <Notice tone="error">{problemText(update.error, t)}</Notice> : null}
    </Card>
  );
}

function Timeline({ notes }: { notes: Note[] }) {
  const { t, locale } = useI18n();
  return (
    <Card testID="incident-timeline">
      <Text variant="h2">{t('founder.timeline.title')}</Text>
      {notes.length === 0 ? (
        <Text tone="muted">{t('founder.timeline.empty')}</Text>
      ) : (
        <View role="list" style={styles.timeline}>
          {notes.map((n) => (
            <View key={n.id} role="listitem" style={styles.entry} testID="timeline-entry">
              <Text variant="label">
                {t(NOTE_KINDS[n.kind])} · {n.author?.display_name ?? t('founder.timeline.system')}
              </Text>
              <Text variant="caption" tone="muted">
                {utcTime(locale, n.created_at)}
              </Text>
              {n.body ? <Text>{n.body}</Text> : null}
            </View>
          ))}
        </View>
      )}
    </Card>
  );
}

const styles = StyleSheet.create({
  page: { gap: space.lg },
  badges: { flexDirection: 'row', flexWrap: 'wrap', gap: space.xs },
  field: { gap: 2 },
  buttons: { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm },
  timeline: { gap: space.md },
  entry: { gap: 2, paddingLeft: space.md, borderLeftWidth: 3, borderLeftColor: colors.line },
});
