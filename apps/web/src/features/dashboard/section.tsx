/**
 * What every dashboard section shares: a titled section with its count and action, the plain
 * "nothing here yet" box, a listing's thumbnail, dates in the reader's language, and the rows.
 */
import type { ReactNode } from 'react';
import { StyleSheet, View } from 'react-native';
import { colors, Picture, radius, space, Text } from '../../design';
import { useI18n } from '../../i18n';
import { usePrivateMedia } from '../../state/queries/media';
import { useObjectUrl } from '../viewer/kit-picture';

export function Section({
  title,
  count,
  children,
  action,
  testID,
}: {
  title: string;
  count?: number;
  children: ReactNode;
  action?: ReactNode;
  testID?: string;
}) {
  const { formatNumber } = useI18n();
  return (
    <View style={styles.section} testID={testID}>
      <View style={styles.sectionHead}>
        <Text variant="h2" style={styles.sectionTitle}>
          {title}
          {count !== undefined ? <Text variant="h2" tone="muted">{` ${formatNumber(count)}`}</Text> : null}
        </Text>
        {action}
      </View>
      {children}
    </View>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <View style={styles.empty}>
      {typeof children === 'string' ? <Text tone="muted">{children}</Text> : children}
    </View>
  );
}

export function useDate() {
  const { locale } = useI18n();
  return (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
}

/**
 * A listing's picture, small; an empty frame when there is none to show (a deleted design's), or
 * while a private one loads. A draft's preview is its owner's only (`ownerOnly`): an <img> sends no
 * token, so it is read through the SDK with the owner's and shown from memory.
 */
export function Thumb({ uri, ownerOnly = false }: { uri: string | null; ownerOnly?: boolean }) {
  const owned = usePrivateMedia(ownerOnly ? uri : null);
  const ownedUrl = useObjectUrl(owned.data);
  const shown = ownerOnly ? ownedUrl : uri;
  return (
    <View style={styles.thumb}>
      {shown ? (
        <Picture uri={shown} alt="" width={960} height={840} lazy={!ownerOnly} testID="thumb-image" />
      ) : (
        <View style={styles.thumbEmpty} />
      )}
    </View>
  );
}

const styles = StyleSheet.create({
  section: { gap: space.md },
  sectionHead: {
    flexDirection: 'row',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: space.sm,
  },
  sectionTitle: { flexShrink: 1 },
  empty: {
    padding: space.lg,
    gap: space.md,
    borderRadius: radius.lg,
    borderWidth: 1,
    borderStyle: 'dashed',
    borderColor: colors.line,
    alignItems: 'flex-start',
  },
  thumbEmpty: { aspectRatio: 960 / 840, backgroundColor: colors.surfaceMuted },
  thumb: {
    width: 72,
    borderRadius: radius.sm,
    overflow: 'hidden',
    borderWidth: 1,
    borderColor: colors.surfaceMuted,
  },
});

/** The rows of the sections that list things (drafts, listings, reservations, conversations). */
export const rowStyles = StyleSheet.create({
  rows: { gap: space.sm },
  rowCard: {
    flexDirection: 'row',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: space.md,
    padding: space.md,
    borderRadius: radius.lg,
    backgroundColor: colors.surface,
    borderWidth: 1,
    borderColor: colors.line,
  },
  rowText: { flex: 1, minWidth: 180, gap: 2 },
  badges: { flexDirection: 'row', flexWrap: 'wrap', gap: space.xs, alignItems: 'center', marginTop: 2 },
  start: { alignItems: 'flex-start' },
});
