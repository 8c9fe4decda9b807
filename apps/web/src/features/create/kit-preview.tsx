/** The kit's isometric preview on iOS and Android: the image request carries the access token. */
import { Image, StyleSheet, View } from 'react-native';
import { useKitwright } from '../../api/kitwright';
import { colors, radius } from '../../design';

export function KitPreview({ url, alt }: { url: string; alt: string }) {
  const client = useKitwright();
  const token = client.auth.getAccessToken();
  return (
    <View style={styles.frame} testID="kit-preview">
      <Image
        source={{
          uri: client.api.url(url),
          ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
        }}
        accessibilityLabel={alt}
        style={styles.image}
        resizeMode="contain"
      />
    </View>
  );
}

const styles = StyleSheet.create({
  frame: {
    width: '100%',
    aspectRatio: 1,
    borderRadius: radius.lg,
    backgroundColor: '#eef3f6',
    borderWidth: 1,
    borderColor: colors.line,
    overflow: 'hidden',
  },
  image: { width: '100%', height: '100%' },
});
