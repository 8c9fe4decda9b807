/**
 * /admin/incidents (staff and founders): the incidents newest first, filtered by state and
 * severity, page by page ("show more" on the cursor), each leading to its timeline.
 */

// The staff tools' strings load with their screens, not with the first page.
import '../../i18n/staff-messages';
import type { Incident } from '@kitwright/contracts';
import type { Href } from 'expo-router';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { Badge, Card, ChoiceGroup, EmptyState, Loading, space, Text, TextLink } from '../../design';
import { useI18n } from '../../i18n';
import { type IncidentFilters, useIncidentPages } from '../../state/queries/incidents';
import { AdminFrame } from '../admin/admin-frame';
import { ShowMore } from '../admin/show-more';
import { ProblemNotice } from '../discover/problem-notice';
import { incidentStateLabel, incidentStateTone, severityTone, utcTime } from './labels';

type StateFilter = 'unresolved' | 'open' | 'acknowledged' | 'resolved' | 'all';
type SeverityFilter = 'all' | 'P0' | 'P1' | 'P2';

export function IncidentsScreen() {
  return (
    <AdminFrame
      needs="staff"
      title="founder.incidents.pageTitle"
      section="/admin/incidents"
      testID="incidents-screen"
    >
      <IncidentList />
    </AdminFrame>
  );
}

export function IncidentCard({ incident }: { incident: Incident }) {
  const { t, locale } = useI18n();
  return (
    <View role="listitem" testID="incident-row">
      <Card>
        <TextLink href={`/admin/incidents/${incident.id}` as Href} variant="label">
          {incident.title}
        </TextLink>
        <View style={styles.badges}>
          <Badge label={incident.severity} tone={severityTone(incident.severity)} />
          <Badge
            label={incidentStateLabel(t, incident.state)}
            tone={incidentStateTone(incident.state)}
            testID="incident-row-state"
          />
        </View>
        <Text variant="caption" tone="muted">
          {t('founder.incidents.seen', {
            first: utcTime(locale, incident.first_seen_at),
            count: incident.occurrences,
          })}
        </Text>
        <Text variant="caption" tone="muted">
          {incident.assignee
            ? t('founder.incident.ownedBy', { name: incident.assignee.display_name })
            : t('founder.incident.noOwner')}
        </Text>
      </Card>
    </View>
  );
}

function IncidentList() {
  const { t } = useI18n();
  const [state, setState] = useState<StateFilter>('unresolved');
  const [severity, setSeverity] = useState<SeverityFilter>('all');
  const filters: IncidentFilters = {
    ...(state !== 'all' ? { state } : {}),
    ...(severity !== 'all' ? { severity } : {}),
  };
  const pages = useIncidentPages(filters);
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <View style={styles.page}>
      <Text tone="muted">{t('founder.incidents.intro')}</Text>
      <Card>
        <ChoiceGroup<StateFilter>
          label={t('founder.incidents.filterState')}
          look="pills"
          value={state}
          onChange={setState}
          choices={[
            { value: 'unresolved', label: t('founder.incidents.unresolved') },
            { value: 'open', label: t('founder.incident.state.open') },
            { value: 'acknowledged', label: t('founder.incident.state.acknowledged') },
            { value: 'resolved', label: t('founder.incident.state.resolved') },
            { value: 'all', label: t('founder.incidents.allStates') },
          ]}
          testID="incidents-state"
        />
        <ChoiceGroup<SeverityFilter>
          label={t('founder.incidents.filterSeverity')}
          look="pills"
          value={severity}
          onChange={setSeverity}
          choices={[
            { value: 'all', label: t('founder.incidents.allSeverities') },
            { value: 'P0', label: 'P0' },
            { value: 'P1', label: 'P1' },
            { value: 'P2', label: 'P2' },
          ]}
          testID="incidents-severity"
        />
      </Card>
      {pages.isPending ? <Loading label={t('founder.incidents.loading')} /> : null}
      {pages.isError ? <ProblemNotice error={pages.error} onRetry={() => void pages.refetch()} /> : null}
      {pages.isSuccess && items.length === 0 ? (
        <EmptyState title={t('founder.incidents.none')} body={t('founder.incidents.noneBody')} />
      ) : null}
      {items.length > 0 ? (
        <View role="list" aria-label={t('founder.incidents.pageTitle')} style={styles.list}>
          {items.map((i) => (
            <IncidentCard key={i.id} incident={i} />
          ))}
        </View>
      ) : null}
      <ShowMore pages={pages} label={t('founder.incidents.more')} testID="incidents-more" />
    </View>
  );
}

const styles = StyleSheet.create({
  page: { gap: space.lg },
  list: { gap: space.md },
  badges: { flexDirection: 'row', flexWrap: 'wrap', gap: space.xs },
});
