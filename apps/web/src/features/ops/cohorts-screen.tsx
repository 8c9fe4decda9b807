/**
 * /admin/cohorts (founder): the beta tester cohorts with their counts, creating one, and for the
 * chosen cohort its invitations — new codes (several at once, or one sent by email) with their
 * state and link, and revoking one.
 */
// The staff tools' strings load with their screens, not with the first page.
import '../../i18n/staff-messages';
import type { BetaCohort, BetaInvitation } from '@kitwright/contracts';
import type { SUPPORTED_LOCALES } from '@kitwright/contracts/constants';
import { useState } from 'react';
import { Platform, StyleSheet, View } from 'react-native';
import { Badge, Button, Card, Input, Loading, Notice, Select, space, Text } from '../../design';
import { LANGUAGES, useI18n } from '../../i18n';
import {
  useCohorts,
  useCreateCohort,
  useCreateInvitations,
  useInvitations,
  useRevokeInvitation,
} from '../../state/queries/ops-cohorts';
import { formatDate } from '../account/dates';
import { errorText, fieldErrorsOf } from '../account/error-text';
import { AdminFrame } from '../admin/admin-frame';
import { ProblemNotice } from '../discover/problem-notice';
import { Fact, Row } from './parts';

export function CohortsScreen() {
  const { t } = useI18n();
  const cohorts = useCohorts();
  const [chosen, setChosen] = useState<string | null>(null);
  const items = cohorts.data?.items ?? [];
  const current = items.find((c) => c.id === chosen) ?? null;
  return (
    <AdminFrame needs="founder" title="admin.section.cohorts" section="/admin/cohorts" testID="ops-cohorts">
      <Text tone="muted">{t('ops.cohorts.intro')}</Text>
      <CreateCohort onCreated={setChosen} />
      <View style={styles.section} testID="cohort-list">
        <Text variant="h2">{t('ops.cohorts.list')}</Text>
        {cohorts.isPending ? (
          <Loading label={t('ops.cohorts.loading')} />
        ) : cohorts.isError ? (
          <ProblemNotice error={cohorts.error} onRetry={() => void cohorts.refetch()} />
        ) : items.length === 0 ? (
          <Text tone="muted">{t('ops.cohorts.empty')}</Text>
        ) : (
          <View role="list" style={styles.list}>
            {items.map((c) => (
              <CohortItem key={c.id} cohort={c} open={c.id === chosen} onOpen={() => setChosen(c.id)} />
            ))}
          </View>
        )}
      </View>
      {current ? <Invitations cohort={current} /> : null}
    </AdminFrame>
  );
}

function CreateCohort({ onCreated }: { onCreated: (id: string) => void }) {
  const { t } = useI18n();
  const create = useCreateCohort();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  async function submit() {
    if (!name.trim()) {
      setErrors({ name: t('field.required') });
      return;
    }
    setErrors({});
    try {
      const cohort = await create.mutateAsync({
        name: name.trim(),
        ...(description.trim() ? { description: description.trim() } : {}),
      });
      setName('');
      setDescription('');
      onCreated(cohort.id);
    } catch (err) {
      const fields = fieldErrorsOf(t, err, { name: 'field.required' });
      setErrors({ name: fields.name ?? '', form: fields.name ? '' : errorText(t, err) });
    }
  }
  return (
    <Card testID="cohort-create">
      <Text variant="h2">{t('ops.cohorts.create')}</Text>
      <Input
        label={t('ops.cohorts.name')}
        value={name}
        onChangeText={setName}
        maxLength={80}
        error={errors.name || null}
        testID="cohort-name"
      />
      <Input
        label={t('ops.cohorts.description')}
        value={description}
        onChangeText={setDescription}
        multiline
        maxLength={1000}
      />
      <Button
        label={t('ops.cohorts.createSubmit')}
        onPress={() => void submit()}
        busy={create.isPending}
        testID="cohort-create-submit"
      />
      {errors.form ? <Notice tone="error">{errors.form}</Notice> : null}
    </Card>
  );
}

function CohortItem({ cohort, open, onOpen }: { cohort: BetaCohort; open: boolean; onOpen: () => void }) {
  const { t, locale } = useI18n();
  return (
    <View role="listitem" testID="cohort">
      <Card>
        <Text variant="h3">{cohort.name}</Text>
        {cohort.description ? <Text tone="muted">{cohort.description}</Text> : null}
        <Row>
          <Fact label={t('ops.cohorts.testers')} value={cohort.testers} />
          <Fact label={t('ops.cohorts.invitations')} value={cohort.invitations} />
          <Fact label={t('ops.cohorts.redemptions')} value={cohort.redemptions} />
          <Fact
            label={t('ops.cohorts.created')}
            value={formatDate(cohort.created_at, locale, { dateStyle: 'medium' })}
          />
        </Row>
        <Button
          label={open ? t('ops.cohorts.shown') : t('ops.cohorts.show', { name: cohort.name })}
          kind="secondary"
          size="sm"
          disabled={open}
          onPress={onOpen}
          testID="cohort-open"
        />
      </Card>
    </View>
  );
}

function statusTone(status: BetaInvitation['status']) {
  return status === 'active' ? 'success' : status === 'revoked' ? 'danger' : 'neutral';
}

function Invitations({ cohort }: { cohort: BetaCohort }) {
  const { t, locale } = useI18n();
  const invitations = useInvitations(cohort.id);
  const create = useCreateInvitations(cohort.id);
  const revoke = useRevokeInvitation();
  const [count, setCount] = useState('1');
  const [max, setMax] = useState('1');
  const [email, setEmail] = useState('');
  const [language, setLanguage] = useState<string>(locale);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<number | null>(null);

  async function submit() {
    setCreated(null);
    const problems: Record<string, string> = {};
    const n = Number(count);
    const m = Number(max);
    if (!email.trim() && !(Number.isInteger(n) && n >= 1 && n <= 100))
      problems.count = t('ops.inv.countRange');
    if (!(Number.isInteger(m) && m >= 1 && m <= 10000)) problems.max = t('ops.inv.maxRange');
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      const result = await create.mutateAsync(
        email.trim()
          ? {
              email: email.trim(),
              max_redemptions: m,
              locale: language as (typeof SUPPORTED_LOCALES)[number],
            }
          : { count: n, max_redemptions: m },
      );
      setCreated(result.items.length);
      setEmail('');
    } catch (err) {
      const fields = fieldErrorsOf(t, err, { email: 'field.required' });
      setErrors(fields.email ? { email: fields.email } : { form: errorText(t, err) });
    }
  }

  async function revokeOne(id: string) {
    setErrors({});
    try {
      await revoke.mutateAsync(id);
    } catch (err) {
      setErrors({ revoke: errorText(t, err) });
    }
  }

  const items = invitations.data?.items ?? [];
  return (
    <View style={styles.section} testID="cohort-invitations">
      <Text variant="h2">{t('ops.inv.title', { name: cohort.name })}</Text>
      <Card testID="invitation-create">
        <Text variant="h3">{t('ops.inv.create')}</Text>
        <Text variant="caption" tone="muted">
          {t('ops.inv.help')}
        </Text>
        <Row>
          <View style={styles.small}>
            <Input
              label={t('ops.inv.count')}
              value={count}
              onChangeText={setCount}
              keyboardType="number-pad"
              editable={!email.trim()}
              error={errors.count}
              testID="invitation-count"
            />
          </View>
          <View style={styles.small}>
            <Input
              label={t('ops.inv.max')}
              value={max}
              onChangeText={setMax}
              keyboardType="number-pad"
              error={errors.max}
            />
          </View>
        </Row>
        <Input
          label={t('ops.inv.email')}
          help={t('ops.inv.emailHelp')}
          value={email}
          onChangeText={setEmail}
          keyboardType="email-address"
          autoCapitalize="none"
          autoComplete="off"
          error={errors.email}
          testID="invitation-email"
        />
        {email.trim() ? (
          <Select
            label={t('ops.inv.language')}
            value={language}
            options={LANGUAGES.map((l) => ({ value: l.code, label: l.name }))}
            onChange={setLanguage}
            placeholder={t('ops.inv.language')}
            closeLabel={t('common.close')}
          />
        ) : null}
        <Button
          label={email.trim() ? t('ops.inv.send') : t('ops.inv.submit')}
          onPress={() => void submit()}
          busy={create.isPending}
          testID="invitation-create-submit"
        />
        <View aria-live="polite">
          {errors.form ? <Notice tone="error">{errors.form}</Notice> : null}
          {created !== null ? (
            <Notice tone="success" testID="invitation-created">
              {t('ops.inv.created', { count: created })}
            </Notice>
          ) : null}
        </View>
      </Card>
      {errors.revoke ? <Notice tone="error">{errors.revoke}</Notice> : null}
      {invitations.isPending ? (
        <Loading label={t('ops.cohorts.loading')} />
      ) : invitations.isError ? (
        <ProblemNotice error={invitations.error} onRetry={() => void invitations.refetch()} />
      ) : items.length === 0 ? (
        <Text tone="muted">{t('ops.inv.empty')}</Text>
      ) : (
        <View role="list" style={styles.list}>
          {items.map((inv) => (
            <View role="listitem" key={inv.id} testID="invitation">
              <Card>
                <View style={styles.head}>
                  <Text variant="h3" selectable testID="invitation-code">
                    {inv.code}
                  </Text>
                  <Badge
                    label={t(`ops.inv.status.${inv.status}`)}
                    tone={statusTone(inv.status)}
                    testID="invitation-status"
                  />
                </View>
                <Text variant="caption" selectable style={styles.link}>
                  {inv.link}
                </Text>
                <Row>
                  <Fact label={t('ops.inv.used')} value={`${inv.redemptions} / ${inv.max_redemptions}`} />
                  {inv.email ? <Fact label={t('ops.inv.sentTo')} value={inv.email} /> : null}
                  <Fact
                    label={t('ops.inv.expires')}
                    value={
                      inv.expires_at
                        ? formatDate(inv.expires_at, locale, { dateStyle: 'medium' })
                        : t('ops.inv.never')
                    }
                  />
                </Row>
                {inv.status === 'active' ? (
                  <Button
                    label={t('ops.inv.revoke', { code: inv.code })}
                    kind="danger"
                    size="sm"
                    onPress={() => void revokeOne(inv.id)}
                    busy={revoke.isPending && revoke.variables === inv.id}
                    testID="invitation-revoke"
                  />
                ) : null}
              </Card>
            </View>
          ))}
        </View>
      )}
    </View>
  );
}

const styles = StyleSheet.create({
  section: { gap: space.md, marginTop: space.md },
  list: { gap: space.md },
  head: { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm, alignItems: 'center' },
  small: { flexGrow: 1, flexBasis: 140, maxWidth: '100%' },
  // A long link breaks anywhere on the web rather than widen a phone's page; native text wraps it.
  link: (Platform.OS === 'web' ? { wordBreak: 'break-all' } : {}) as object,
});
