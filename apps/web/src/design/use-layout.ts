/** The current layout class from the window width, for responsive screens. */
import { useWindowDimensions } from 'react-native';
import { breakpoints } from './theme';

export type Layout = 'phone' | 'tablet' | 'desktop';

export function useLayout(): { layout: Layout; width: number } {
  const { width } = useWindowDimensions();
  const layout: Layout =
    width >= breakpoints.desktop ? 'desktop' : width >= breakpoints.tablet ? 'tablet' : 'phone';
  return { layout, width };
}
