/** A page on iOS and Android: a scroll view around the shared page body. */
import { ScrollView, StyleSheet } from 'react-native';
import type { ScreenModule, ScreenProps } from './screen.types';
import { END_REACHED_MARGIN, ScreenBody } from './screen-parts';

export const Screen = function Screen({ title, children, testID, onEndReached }: ScreenProps) {
  return (
    <ScrollView
      contentContainerStyle={styles.scroll}
      testID={testID}
      scrollEventThrottle={200}
      onScroll={
        onEndReached
          ? ({ nativeEvent }) => {
              const { layoutMeasurement, contentOffset, contentSize } = nativeEvent;
              if (layoutMeasurement.height + contentOffset.y >= contentSize.height - END_REACHED_MARGIN)
                onEndReached();
            }
          : undefined
      }
    >
      <ScreenBody title={title}>{children}</ScreenBody>
    </ScrollView>
  );
} satisfies ScreenModule['Screen'];

const styles = StyleSheet.create({ scroll: { flexGrow: 1 } });
