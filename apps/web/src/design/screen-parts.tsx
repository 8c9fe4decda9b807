/** What every page shares on every platform: the document title, the centred main column, the footer. */
import Head from 'expo-router/head';
import { StyleSheet, View } from 'react-native';
import { AppFooter } from '../components/app-footer';
import type { ScreenProps } from './screen.types';
import { maxContentWidth, space } from './theme';
import { useLayout } from './use-layout';

export function ScreenBody({ title, children }: Pick<ScreenProps, 'title' | 'children'>) {
  const { layout } = useLayout();
  return (
    <>
      <Head>
        <title>{`${title} · Kitwright`}</title>
      </Head>
      <View
        role="main"
        style={[styles.content, { paddingHorizontal: layout === 'phone' ? space.lg : space.xxl }]}
      >
        {children}
      </View>
      <AppFooter />
    </>
  );
}

/** How close to the end (in points) the next page starts loading. */
export const END_REACHED_MARGIN = 800;

const styles = StyleSheet.create({
  content: {
    width: '100%',
    maxWidth: maxContentWidth,
    alignSelf: 'center',
    paddingVertical: space.xl,
    gap: space.xl,
    flexGrow: 1,
  },
});
