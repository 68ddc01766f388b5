import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** A deep teal: calm, serious and readable — a compliance back office, not a consumer app. */
const brand: MantineColorsTuple = [
  '#e7f6f5',
  '#d2eae8',
  '#a5d4d0',
  '#74bcb7',
  '#4ca8a2',
  '#339b95',
  '#23948e',
  '#0f7f79',
  '#0b6f6a',
  '#005e59',
];

const fontFamily =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 6 },
  colors: { brand },
  fontFamily,
  fontFamilyMonospace: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace',
  headings: { fontFamily, fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Paper: { defaultProps: { radius: 'md' } },
    // The close button is an icon: it needs a name of its own.
    Modal: { defaultProps: { radius: 'md', centered: true, overlayProps: { backgroundOpacity: 0.45, blur: 2 }, closeButtonProps: { 'aria-label': 'Close' } } },
    Menu: { defaultProps: { shadow: 'md', radius: 'md' } },
    Tooltip: { defaultProps: { withArrow: true } },
  },
});

/**
 * Text at WCAG AA's 4.5:1 at least. Secondary text (Mantine's "dimmed", gray 6 by default) reads at
 * 3.3:1 on white: a darker gray keeps it quieter than body text and readable (5.2:1 even on the
 * gray-1 of table headers). The light variant (badges, alerts) writes shade 9 on shade 1, which for
 * orange, yellow, green and teal falls short (2.7–4.3:1): those are darkened until they pass
 * (4.8–5.0:1), red a touch.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5f666d',
    '--mantine-color-red-light-color': '#c12828',
    '--mantine-color-orange-light-color': '#b63c0d',
    '--mantine-color-yellow-light-color': '#a15300',
    '--mantine-color-green-light-color': '#257735',
    '--mantine-color-teal-light-color': '#077554',
    // White on red 7 (the filled shade) is 3.8:1: a danger button takes red 9 (5.5:1).
    '--mantine-color-red-filled': 'var(--mantine-color-red-9)',
    '--mantine-color-red-filled-hover': '#a61e1e',
    // A field's error beside it (and its outline): red 6 on white is 3.3:1, red 9 is 5.5:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
