/**
 * The designer's own photos of a built design, in the order they chose. A photo of a listing only
 * its owner may see yet (unpublished, private, in review) cannot be fetched by an <img>, which
 * sends no token, so it is read through the SDK like a draft's picture.
 */
import type { ReactNode } from 'react';
import { StyleSheet, View } from 'react-native';
import { colors, Loading, Picture, radius, space } from '../../design';
import { useT } from '../../i18n';
import { usePrivateMedia } from '../../state/queries/media';
import { useObjectUrl } from '../viewer/kit-picture';

export interface Photo {
  id: string;
  url: string;
}

/** One photo in a square frame (cropped to fill it). */
export function PhotoTile({ url, alt, ownerOnly }: { url: string; alt: string; ownerOnly: boolean }) {
  const t = useT();
  const owned = usePrivateMedia(ownerOnly ? url : null);
  const ownedUrl = useObjectUrl(owned.data);
  const uri = ownerOnly ? ownedUrl : url;
  return (
    <View style={styles.tile}>
      {uri ? (
        <Picture uri={uri} alt={alt} width={1} height={1} fit="cover" lazy testID="listing-photo" />
      ) : (
        <View style={styles.waiting}>
          <Loading label={t('common.loading')} />
        </View>
      )}
    </View>
  );
}

/** The photos as a wrapping grid; `action` adds a control under each one (remove, on Manage). */
export function ListingPhotos({
  photos,
  title,
  ownerOnly,
  action,
}: {
  photos: readonly Photo[];
  title: string;
  ownerOnly: boolean;
  action?: (photo: Photo, index: number) => ReactNode;
}) {
  const t = useT();
  return (
    <View style={styles.grid} role="list">
      {photos.map((photo, i) => (
        <View key={photo.id} role="listitem" style={styles.item}>
          <PhotoTile
            url={photo.url}
            alt={t('manage.photos.alt', { number: i + 1, title })}
            ownerOnly={ownerOnly}
          />
          {action ? action(photo, i) : null}
        </View>
      ))}
    </View>
  );
}

const styles = StyleSheet.create({
  grid: { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm },
  item: { width: 150, maxWidth: '47%', gap: space.xs },
  tile: {
    borderRadius: radius.md,
    overflow: 'hidden',
    borderWidth: 1,
    borderColor: colors.line,
    backgroundColor: colors.surfaceMuted,
  },
  waiting: { aspectRatio: 1, alignItems: 'center', justifyContent: 'center' },
});
