import { createTheme, type MantineColorsTuple } from '@mantine/core';

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
    Modal: { defaultProps: { radius: 'md', centered: true, overlayProps: { backgroundOpacity: 0.45, blur: 2 } } },
    Menu: { defaultProps: { shadow: 'md', radius: 'md' } },
    Tooltip: { defaultProps: { withArrow: true } },
  },
});
