/**
 * Share a listing: the server makes a link with its own code (so visits through it are counted
 * and attributed), then the system share sheet opens, or the link is copied with a confirmation.
 * When the clipboard refuses, the link is shown to copy by hand.
 */
import type { ShareChannel } from '@kitwright/contracts';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { Button, Input, Notice, space } from '../../design';
import { useT } from '../../i18n';
import { useShareLink } from '../../state/queries/listing';
import { problemText } from './request-problems';
import { systemShare } from './share';

type Outcome =
  | { kind: 'copied'; url: string }
  | { kind: 'manual'; url: string }
  | { kind: 'error'; message: string };

export function ShareButton({ listingId, title }: { listingId: string; title: string }) {
  const t = useT();
  const share = useShareLink(listingId);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const run = async () => {
    setOutcome(null);
    const channel: ShareChannel = systemShare.canShareNatively() ? 'native' : 'copy_link';
    let url: string;
    try {
      url = (await share.mutateAsync(channel)).url;
    } catch (err) {
      setOutcome({ kind: 'error', message: problemText(err, t) });
      return;
    }
    if (channel === 'native') {
      try {
        await systemShare.shareNatively({ title, url });
        return;
      } catch {
        // The share sheet was refused (for example, too long after the tap): copy instead.
      }
    }
    setOutcome((await systemShare.copyText(url)) ? { kind: 'copied', url } : { kind: 'manual', url });
  };

  return (
    <View style={styles.wrap}>
      <Button
        label={t('listing.share')}
        kind="secondary"
        busy={share.isPending}
        onPress={() => void run()}
        testID="share-button"
        full
      />
      {outcome?.kind === 'copied' ? (
        <Notice tone="success" testID="share-copied">
          {t('listing.linkCopied')}
        </Notice>
      ) : null}
      {outcome?.kind === 'manual' ? (
        <Notice tone="info" title={t('listing.copyManually')}>
          <Input label={t('listing.shareLink')} value={outcome.url} editable={false} selectTextOnFocus />
        </Notice>
      ) : null}
      {outcome?.kind === 'error' ? <Notice tone="error">{outcome.message}</Notice> : null}
    </View>
  );
}

const styles = StyleSheet.create({ wrap: { gap: space.sm } });
