/**
 * A listing's preview on iOS and Android: the isometric picture the server rendered. The web
 * build adds the interactive 3D view on top (kit-preview.web.tsx).
 */
import { StyleSheet, View } from 'react-native';
import { colors, Picture, radius } from '../../design';

export interface KitPreviewProps {
  pictureUrl: string;
  alt: string;
  kitUrl: string;
  steps: number;
}

export function KitPreview({ pictureUrl, alt }: KitPreviewProps) {
  return (
    <View style={styles.frame} testID="kit-preview">
      <Picture uri={pictureUrl} alt={alt} width={960} height={840} />
    </View>
  );
}

const styles = StyleSheet.create({
  frame: {
    borderRadius: radius.lg,
    overflow: 'hidden',
    borderWidth: 1,
    borderColor: colors.line,
    backgroundColor: colors.surface,
  },
});
