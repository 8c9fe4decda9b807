/**
 * The kit's isometric preview on the web. A draft's files are private to its owner, and an <img>
 * cannot send the access token, so the image is fetched with it and shown from a blob URL.
 */
import { useEffect, useState } from 'react';
import { Image, StyleSheet, View } from 'react-native';
import { useKitwright } from '../../api/kitwright';
import { colors, Loading, radius, Text } from '../../design';
import { useT } from '../../i18n';

export function KitPreview({ url, alt }: { url: string; alt: string }) {
  const t = useT();
  const client = useKitwright();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    setSrc(null);
    setFailed(false);
    void (async () => {
      try {
        await client.auth.ensureFreshSession().catch(() => {});
        const res = await client.api.send('GET', url);
        if (!res.ok) throw new Error(String(res.status));
        const blob = await res.blob();
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      } catch {
        if (live) setFailed(true);
      }
    })();
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [client, url]);

  return (
    <View style={styles.frame} testID="kit-preview">
      {src ? (
        <Image
          source={{ uri: src }}
          accessibilityLabel={alt}
          role="img"
          style={styles.image}
          resizeMode="contain"
        />
      ) : failed ? (
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
  frame: {
    width: '100%',
    aspectRatio: 1,
    maxHeight: 520,
    borderRadius: radius.lg,
    backgroundColor: '#eef3f6',
    borderWidth: 1,
    borderColor: colors.line,
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden',
  },
  image: { width: '100%', height: '100%' },
});
