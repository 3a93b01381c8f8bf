import { DEFAULT_THEME, createTheme, defaultVariantColorsResolver } from '@mantine/core';
import type {
  CSSVariablesResolver,
  MantineColorsTuple,
  VariantColorsResolver,
} from '@mantine/core';
import { a11yText } from '../lib/i18n';

// System fonts only: the CSP allows no external font hosts. Korean system fonts are listed so
// Hangul renders consistently across platforms.
const fontFamily =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Apple SD Gothic Neo", "Malgun Gothic", "Noto Sans KR", Helvetica, Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

function withShade(colors: MantineColorsTuple, index: number, value: string): MantineColorsTuple {
  return colors.map((shade, at) => (at === index ? value : shade)) as unknown as MantineColorsTuple;
}

/**
 * Mantine's light variant writes shade 9 on shade 1, under WCAG AA's 4.5:1 for the bright hues
 * (lime, orange, yellow, teal...; the avatars' initials colours among them). In the light scheme
 * its text is shade 9 darkened by a third; the dark scheme keeps Mantine's shade 0 on a dark tint.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  if (input.variant !== 'light' && input.variant !== 'subtle') return resolved;
  const name = input.color ?? input.theme.primaryColor;
  if (name.includes('.') || !(name in input.theme.colors)) return resolved;
  return {
    ...resolved,
    color: `light-dark(color-mix(in srgb, var(--mantine-color-${name}-9) 65%, black), var(--mantine-color-${name}-light-color))`,
  };
};

export const theme = createTheme({
  primaryColor: 'indigo',
  // WCAG AA (issue 14): white on indigo-6, the default, is 4.3:1; on shade 8 it is 5.6:1, in
  // both schemes. Links and outlines follow the same shade.
  primaryShade: { light: 8, dark: 8 },
  // Filled buttons, badges and avatars of any colour pick black or white text, whichever reaches
  // 4.5:1: at a background luminance up to 0.183 white does (red-8 at 0.1826 keeps white text),
  // above it black does; so green, teal or orange get black text.
  autoContrast: true,
  luminanceThreshold: 0.183,
  variantColorResolver,
  colors: {
    // Dimmed text is gray-6 (light) and dark-2 (dark): 3.3:1 on white and 2.9:1 on a dark card.
    // These shades reach 4.5:1 on the page, cards and hovered rows of their scheme.
    gray: withShade(DEFAULT_THEME.colors.gray, 6, '#5f666d'),
    dark: withShade(DEFAULT_THEME.colors.dark, 2, '#adadad'),
  },
  defaultRadius: 'md',
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
  cursorType: 'pointer',
  // Keyboard users get a visible ring; mouse clicks do not.
  focusRing: 'auto',
  components: {
    // Close buttons are icons only: give them a name, in the language shown when they render.
    // Given by name (not `Modal.extend`) so the theme imports no component of its own.
    Modal: {
      defaultProps: () => ({ closeButtonProps: { 'aria-label': a11yText('closeDialog') } }),
    },
    Drawer: {
      defaultProps: () => ({ closeButtonProps: { 'aria-label': a11yText('closeDialog') } }),
    },
    Notification: {
      defaultProps: () => ({ closeButtonProps: { 'aria-label': a11yText('closeNotification') } }),
    },
    // The text a button-like input (a date picker) shows while empty is real text: dimmed, not
    // the placeholder grey (2:1), so that it reaches 4.5:1.
    InputPlaceholder: { styles: { placeholder: { color: 'var(--mantine-color-dimmed)' } } },
    DateTimePicker: {
      defaultProps: () => ({ clearButtonProps: { 'aria-label': a11yText('clear') } }),
    },
    DatePickerInput: {
      defaultProps: () => ({ clearButtonProps: { 'aria-label': a11yText('clear') } }),
    },
  },
});

/**
 * Disabled controls' text (Add Fixed Pair before two members are listed, say) reaches WCAG AA's
 * 4.5:1 too (issue 27): Mantine writes it in dark-3 on dark-6 (2.5:1) and gray-5 on gray-2
 * (1.7:1); the dimmed shades above reach 4.5:1 on the disabled background and on the page. Given
 * to every MantineProvider with the theme.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-disabled-color': 'var(--mantine-color-gray-6)' },
  dark: { '--mantine-color-disabled-color': 'var(--mantine-color-dark-2)' },
});
