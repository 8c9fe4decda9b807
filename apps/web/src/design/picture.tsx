/**
 * A picture with alternative text and its intrinsic size, shown whole (contain) or filling its
 * frame (cover). Native apps load images as they scroll into view already; `lazy` matters on the web.
 */
import { Image, StyleSheet, View, type ViewStyle } from 'react-native';
import { apiBaseUrl } from '../api/base-url';
import { colors } from './theme';

export interface PictureProps {
  uri: string;
  /** What the picture shows, for people who cannot see it; '' when it is decorative. */
  alt: string;
  /** The intrinsic size (or its proportions): the frame keeps this aspect ratio while loading. */
  width: number;
  height: number;
  /** Load only when it nears the screen (pictures below the fold). */
  lazy?: boolean;
  fit?: 'contain' | 'cover';
  style?: ViewStyle;
  testID?: string;
  onError?: () => void;
}

export function Picture({ uri, alt, width, height, fit = 'contain', style, testID, onError }: PictureProps) {
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
}

const styles = StyleSheet.create({
  frame: { width: '100%', backgroundColor: colors.surface, overflow: 'hidden' },
  image: { width: '100%', height: '100%' },
});
