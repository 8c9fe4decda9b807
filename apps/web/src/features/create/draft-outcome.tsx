/** A draft's verdict: build checks, the prompt's interpretation and notes about the file, in plain words. */
import type { Draft } from '@kitwright/contracts';
import { DESIGN_NAMES } from '@kitwright/mesher/constants';
import { StyleSheet, View } from 'react-native';
import { Notice, space, Text } from '../../design';
import { useI18n } from '../../i18n';
import {
  buildCheckOf,
  type Finding,
  type Generation,
  generationOf,
  meshFindingsOf,
} from './draft-validation';
import { problemText } from './problem-text';

export function DraftOutcome({ draft }: { draft: Draft }) {
  const { t } = useI18n();
  const build = buildCheckOf(draft);
  const generation = generationOf(draft);
  const findings = meshFindingsOf(draft);
  return (
    <>
      {/* A picture's design says what it made in its own card (reference-result.tsx). */}
      {generation && !draft.reference ? <GenerationNotice generation={generation} /> : null}
      {draft.stage === 'kit_ready' && build ? (
        build.buildable && build.problems.length === 0 ? (
          <Notice tone="success" title={t('create.check.passedTitle')} testID="kit-valid">
            {t('create.check.passedBody')}
          </Notice>
        ) : (
          <Notice tone="warning" title={t('create.check.problemsTitle')} testID="kit-problems">
            <ProblemList problems={build.problems} />
            <Text variant="caption">{t('create.check.problemsHelp')}</Text>
          </Notice>
        )
      ) : null}
      {findings.length > 0 ? (
        <Notice tone="info" title={t('create.check.notesTitle')} testID="mesh-notes">
          <ProblemList problems={findings} />
        </Notice>
      ) : null}
    </>
  );
}

function ProblemList({ problems }: { problems: Finding[] }) {
  const { t } = useI18n();
  return (
    <View role="list" style={styles.problems}>
      {problems.map((p) => (
        <View key={`${p.code}-${p.message}`} role="listitem" style={styles.problem}>
          <Text aria-hidden>•</Text>
          <Text style={styles.flex}>{problemText(t, p.code)}</Text>
        </View>
      ))}
    </View>
  );
}

function GenerationNotice({ generation }: { generation: Generation }) {
  const { t } = useI18n();
  const i = generation.interpretation;
  const understood = i?.understood?.length ? i.understood.join(', ') : null;
  const ignored = i?.ignored?.length ? i.ignored.join(', ') : null;
  const degraded = generation.status === 'degraded';
  return (
    <Notice
      tone={degraded ? 'warning' : 'success'}
      title={degraded ? t('create.generation.degradedTitle') : t('create.generation.successTitle')}
      testID={degraded ? 'generation-degraded' : 'generation-success'}
    >
      <Text>
        {degraded
          ? i && !i.shape
            ? t('create.generation.noShape', { shapes: DESIGN_NAMES.join(', ') })
            : t('create.generation.degradedBody')
          : t('create.generation.successBody')}
      </Text>
      {i?.template && i.size ? (
        <Text variant="caption">
          {t('create.generation.made', {
            shape: i.template,
            w: i.size.width,
            d: i.size.depth,
            h: i.size.height,
          })}
        </Text>
      ) : null}
      {understood ? (
        <Text variant="caption">{t('create.generation.understood', { words: understood })}</Text>
      ) : null}
      {ignored ? <Text variant="caption">{t('create.generation.ignored', { words: ignored })}</Text> : null}
    </Notice>
  );
}

const styles = StyleSheet.create({
  problems: { gap: space.xs },
  problem: { flexDirection: 'row', gap: space.sm },
  flex: { flex: 1, minWidth: 0 },
});
