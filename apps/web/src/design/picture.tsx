/**
 * A picture with alternative text and its intrinsic size, shown whole (contain) or filling its
 * frame (cover). Native apps load images as they scroll into view already; `lazy` matters on the web.
 */
import { Image, StyleSheet, View } from 'react-native';
import { apiBaseUrl } from '../client/base-url';
import type { PictureModule, PictureProps } from './picture.types';
import { colors } from './theme';

export type { PictureProps };

export const Picture = function Picture({
  uri,
  alt,
  width,
  height,
  fit = 'contain',
  style,
  testID,
  onError,
}: PictureProps) {
  return (
    <View style={[styles.frame, { aspectRatio: width / height }, style]} testID={testID}>
      <Image
        // The API serves media on paths of its own; a native app reaches them at the API's address.
        source={{ uri: uri.startsWith('/') ? `${apiBaseUrl()}${uri}` : uri, width, height }}
        accessible={alt !== ''}
        accessibilityLabel={alt || undefined}
        resizeMode={fit}
        onError={onError}
        style={styles.image}
      />
    </View>
  );
} satisfies PictureModule['Picture'];

const styles = StyleSheet.create({
  frame: { width: '100%', backgroundColor: colors.surface, overflow: 'hidden' },
  image: { width: '100%', height: '100%' },
});
