/**
 * A picture on the web: a real <img> with alt text, width and height (so the page does not jump
 * while it loads), native lazy loading for pictures below the fold, and asynchronous decoding.
 */
import { StyleSheet, View } from 'react-native';
import type { PictureModule, PictureProps } from './picture.types';
import { colors } from './theme';

export type { PictureProps };

export const Picture = function Picture({
  uri,
  alt,
  width,
  height,
  lazy,
  fit = 'contain',
  style,
  testID,
  onError,
}: PictureProps) {
  return (
    <View style={[styles.frame, { aspectRatio: width / height }, style]}>
      <img
        src={uri}
        alt={alt}
        width={width}
        height={height}
        loading={lazy ? 'lazy' : 'eager'}
        decoding="async"
        draggable={false}
        data-testid={testID}
        onError={onError}
        style={{ width: '100%', height: '100%', objectFit: fit, display: 'block' }}
      />
    </View>
  );
} satisfies PictureModule['Picture'];

const styles = StyleSheet.create({
  frame: { width: '100%', backgroundColor: colors.surface, overflow: 'hidden' },
});
