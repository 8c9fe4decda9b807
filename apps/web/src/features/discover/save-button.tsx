/** Save a listing for later (signed in, or kept with this visitor session), or remove it again. */
import type { ListingDetail } from '@kitwright/contracts';
import { StyleSheet, View } from 'react-native';
import { Button, Notice, space } from '../../design';
import { useI18n } from '../../i18n';
import { useSaveListing } from '../../state/queries/listing';
import { problemText } from './request-problems';

export function SaveButton({ listing }: { listing: ListingDetail }) {
  const { t, locale } = useI18n();
  const save = useSaveListing(listing, locale);
  const saved = listing.viewer.saved;
  return (
    <View style={styles.wrap}>
      <Button
        label={saved ? t('listing.saved') : t('listing.save')}
        hint={saved ? t('listing.unsaveHint') : t('listing.saveHint')}
        kind="secondary"
        busy={save.isPending}
        onPress={() => save.mutate(!saved)}
        testID="save-button"
        full
      />
      {save.isError ? <Notice tone="error">{problemText(save.error, t)}</Notice> : null}
    </View>
  );
}

const styles = StyleSheet.create({ wrap: { gap: space.sm } });
