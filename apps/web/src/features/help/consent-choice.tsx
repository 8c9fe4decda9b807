/**
 * The analytics question, answerable here at any time: the current answer and the two choices.
 * Essential storage stays whatever the answer; the choice travels with every request.
 */
import { StyleSheet, View } from 'react-native';
import { Badge, Button, Card, space, Text } from '../../design';
import { useT } from '../../i18n';
import { useConsent } from '../../state/consent';

export function ConsentChoice() {
  const t = useT();
  const { consent, setConsent } = useConsent();
  const current =
    consent === 'granted'
      ? { label: t('help.cookies.granted'), tone: 'success' as const }
      : consent === 'denied'
        ? { label: t('help.cookies.denied'), tone: 'neutral' as const }
        : { label: t('help.cookies.unset'), tone: 'warning' as const };
  return (
    <Card testID="consent-choice">
      <Text variant="h2">{t('help.cookies.choiceTitle')}</Text>
      <View style={styles.current} role="status" aria-live="polite">
        <Text variant="label">{t('help.cookies.current')}</Text>
        <Badge label={current.label} tone={current.tone} />
      </View>
      <Text tone="muted">{t('help.cookies.choiceBody')}</Text>
      <View style={styles.actions}>
        <Button
          label={t('consent.reject')}
          kind={consent === 'denied' ? 'primary' : 'secondary'}
          onPress={() => setConsent('denied')}
          testID="cookies-deny"
        />
        <Button
          label={t('consent.accept')}
          kind={consent === 'granted' ? 'primary' : 'secondary'}
          onPress={() => setConsent('granted')}
          testID="cookies-grant"
        />
      </View>
    </Card>
  );
}

const styles = StyleSheet.create({
  current: { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', gap: space.sm },
  actions: { flexDirection: 'row', flexWrap: 'wrap', gap: space.md },
});
