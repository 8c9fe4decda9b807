/** The design system: the few primitives every screen is built from. */
export { Badge } from './badge';
export { Button, ButtonLink, type ButtonProps } from './button';
export { Card } from './card';
export { Checkbox, type CheckboxProps } from './checkbox';
export { type Choice, ChoiceGroup, type ChoiceGroupProps } from './choice-group';
export { Input, type InputProps } from './input';
export { LinkBlock, type LinkBlockProps, TextLink } from './link';
export { EmptyState, Loading } from './loading';
export { Notice } from './notice';
export { Picture, type PictureProps } from './picture';
export { ProgressBar, type ProgressBarProps } from './progress-bar';
export { Screen } from './screen';
export type { ScreenProps } from './screen-parts';
export { Select, type SelectOption, type SelectProps } from './select';
export { Sheet, type SheetProps } from './sheet';
export { Text, type TextProps } from './text';
export { breakpoints, colors, font, maxContentWidth, radius, space } from './theme';
export { type Layout, useLayout } from './use-layout';
