/** A short text link with a 44-point touch target (forgot password, policy links, "start again"). */
import type { Href } from 'expo-router';
import { StyleSheet } from 'react-native';
import { LinkBlock, Text } from '../../design';

export function SmallLink({ href, label, testID }: { href: string; label: string; testID?: string }) {
  return (
    <LinkBlock href={href as Href} style={styles.link} testID={testID}>
      <Text variant="label" tone="brand" style={styles.text}>
        {label}
      </Text>
    </LinkBlock>
  );
}

const styles = StyleSheet.create({
  link: { minHeight: 44, justifyContent: 'center', alignSelf: 'flex-start' },
  text: { textDecorationLine: 'underline' },
});
