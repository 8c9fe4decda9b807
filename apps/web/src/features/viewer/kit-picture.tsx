/**
 * The kit's isometric picture, on every platform. A public one is an ordinary picture; one only
 * its owner may see yet (a draft's) cannot be fetched by an <img> or <Image>, which send no token,
 * so it is read through the SDK and shown from memory, saying so while it loads or if it fails.
 */
import { useEffect, useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { Loading, Picture, space, Text } from '../../design';
import { useT } from '../../i18n';
import { usePrivateMedia } from '../../state/queries/media';

/** The picture's intrinsic size: the server renders previews in these proportions. */
export const PICTURE_WIDTH = 960;
export const PICTURE_HEIGHT = 840;

/** An address to show a Blob from, for as long as the component shows it. */
export function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => {
      setUrl(null);
      URL.revokeObjectURL(objectUrl);
    };
  }, [blob]);
  return url;
}

export function KitPicture({
  pictureUrl,
  alt,
  ownerOnly = false,
}: {
  pictureUrl: string;
  alt: string;
  ownerOnly?: boolean | undefined;
}) {
  const t = useT();
  const owned = usePrivateMedia(ownerOnly ? pictureUrl : null);
  const ownedUrl = useObjectUrl(owned.data);
  const uri = ownerOnly ? ownedUrl : pictureUrl;
  if (uri)
    return (
      <Picture uri={uri} alt={alt} width={PICTURE_WIDTH} height={PICTURE_HEIGHT} testID="kit-preview-image" />
    );
  return (
    <View style={styles.waiting}>
      {owned.isError ? (
        <Text tone="muted" center>
          {t('create.preview.failed')}
        </Text>
      ) : (
        <Loading label={t('create.preview.loading')} />
      )}
    </View>
  );
}

const styles = StyleSheet.create({
  waiting: {
    aspectRatio: PICTURE_WIDTH / PICTURE_HEIGHT,
    alignItems: 'center',
    justifyContent: 'center',
    padding: space.md,
  },
});
