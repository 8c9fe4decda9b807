/** A page on iOS and Android: a scroll view around the shared page body. */
import { ScrollView, StyleSheet } from 'react-native';
import { END_REACHED_MARGIN, ScreenBody, type ScreenProps } from './screen-parts';

export function Screen({ title, children, testID, onEndReached }: ScreenProps) {
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
}

const styles = StyleSheet.create({ scroll: { flexGrow: 1 } });
