/**
 * A page on the web: the document itself scrolls (not an inner box), so phone browsers can hide
 * their address bar, anchors and find-in-page work, and the whole page prints and screenshots.
 * The end of an infinite list is noticed by an IntersectionObserver on a marker after the content.
 */
import { useEffect, useRef } from 'react';
import { StyleSheet, View } from 'react-native';
import type { ScreenModule, ScreenProps } from './screen.types';
import { END_REACHED_MARGIN, ScreenBody } from './screen-parts';

export const Screen = function Screen({ title, children, testID, onEndReached }: ScreenProps) {
  const marker = useRef<View>(null);
  const callback = useRef(onEndReached);
  callback.current = onEndReached;
  const watching = Boolean(onEndReached);

  useEffect(() => {
    const node = marker.current as unknown as Element | null;
    if (!watching || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && callback.current?.(),
      {
        rootMargin: `0px 0px ${END_REACHED_MARGIN}px 0px`,
      },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [watching]);

  return (
    <View style={styles.page} testID={testID}>
      <ScreenBody title={title}>
        {children}
        {watching ? <View ref={marker} aria-hidden style={styles.marker} /> : null}
      </ScreenBody>
    </View>
  );
} satisfies ScreenModule['Screen'];

const styles = StyleSheet.create({ page: { flexGrow: 1 }, marker: { height: 1 } });
