/**
 * A kit's preview on iOS and Android: the isometric picture the server rendered (a listing's, or
 * a draft's for its owner). The web build adds the interactive 3D view on top (kit-preview.web.tsx).
 */
import { StyleSheet, View } from 'react-native';
import { colors, radius } from '../../design';
import { KitPicture } from './kit-picture';
import type { KitPreviewModule, KitPreviewProps } from './kit-preview.types';

export const KitPreview = function KitPreview({ pictureUrl, alt, ownerOnly }: KitPreviewProps) {
  return (
    <View style={styles.frame} testID="kit-preview">
      <KitPicture pictureUrl={pictureUrl} alt={alt} ownerOnly={ownerOnly} />
    </View>
  );
} satisfies KitPreviewModule['KitPreview'];

const styles = StyleSheet.create({
  frame: {
    borderRadius: radius.lg,
    overflow: 'hidden',
    borderWidth: 1,
    borderColor: colors.line,
    backgroundColor: colors.surface,
  },
});
