/**
 * Design tokens: one palette, type scale and spacing for every screen. Warm paper, deep ink,
 * and a harbour blue for actions; contrast ratios meet WCAG AA for text on every surface.
 */
export const colors = {
  paper: '#f6f3ee',
  surface: '#ffffff',
  surfaceMuted: '#efeae2',
  ink: '#1d2a33',
  inkMuted: '#4f5d66',
  line: '#d9d2c7',
  brand: '#1b4d6e',
  brandDark: '#123a54',
  brandSoft: '#dce9f2',
  accent: '#c2410c',
  success: '#166534',
  successSoft: '#dcfce7',
  warning: '#92400e',
  warningSoft: '#fef3c7',
  danger: '#b91c1c',
  dangerSoft: '#fee2e2',
  focus: '#2563eb',
} as const;

export const space = { xs: 4, sm: 8, md: 12, lg: 16, xl: 24, xxl: 32, xxxl: 48 } as const;

export const radius = { sm: 6, md: 10, lg: 16, pill: 999 } as const;

export const font = {
  family: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  sizes: { caption: 13, body: 16, lead: 18, h3: 20, h2: 26, h1: 34, display: 44 },
  weights: { regular: '400', medium: '500', bold: '700' },
} as const;

/** Layout breakpoints: phones below `tablet`, a two-column layout from `desktop`. */
export const breakpoints = { tablet: 600, desktop: 1024 } as const;

export const maxContentWidth = 1180;

/** The keyboard focus ring, and whether a pressable's state (react-native-web) says it is focused. */
export const focusRing = { outlineColor: colors.focus, outlineWidth: 3, outlineStyle: 'solid' } as object;
export const isFocused = (state: object): boolean => Boolean((state as { focused?: boolean }).focused);
