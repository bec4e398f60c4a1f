import { createTheme, type CSSVariablesResolver, type MantineColorsTuple, type MantineThemeComponents } from '@mantine/core';

/**
 * A calm clinical palette: one deep teal as the primary colour and cool slate neutrals.
 * Shade 7 (filled buttons, white text) reaches 4.9:1; links use shade 8 (6:1).
 */
const tenens: MantineColorsTuple = [
  '#e8f6f5',
  '#d3ebe9',
  '#a7d6d2',
  '#77c0ba',
  '#4fada6',
  '#35a098',
  '#21938c',
  '#0f7f78',
  '#0b6e69',
  '#005c57',
];

/** Cool slate greys. gray.6 (dimmed text) keeps 5.6:1 on white, unlike the default 3.3:1. */
const gray: MantineColorsTuple = [
  '#f6f8f9',
  '#eef2f4',
  '#e2e8eb',
  '#cfd8dd',
  '#adb9c0',
  '#87959e',
  '#5b6a74',
  '#44525b',
  '#2e3a42',
  '#1a252c',
];

/**
 * Component defaults as plain objects, not `Button.extend(...)`: importing a component to extend it
 * would put it (and what it pulls in, e.g. Menu's floating-ui) in the entry bundle of every page.
 */
const components: MantineThemeComponents = {
  Anchor: { defaultProps: { underline: 'hover', c: 'tenens.8' } },
  Badge: { defaultProps: { radius: 'sm', variant: 'light' } },
  Button: { defaultProps: { radius: 'md' } },
  Card: { defaultProps: { withBorder: true, radius: 'lg', padding: 'lg', shadow: 'xs' } },
  Container: { defaultProps: { size: 'lg' } },
  // No focus placeholder: Mantine's is a focusable role=presentation div, which a menu may not hold.
  Menu: { defaultProps: { shadow: 'md', radius: 'md', width: 260, position: 'bottom-end', withInitialFocusPlaceholder: false } },
  // A dialog's header is a plain div: a <header> there is a second banner landmark beside the page's.
  ModalHeader: { defaultProps: { component: 'div' } },
  ModalCloseButton: { defaultProps: { 'aria-label': 'Close dialog' } },
  // The same for drawers (Drawer's header and close button are its own components).
  DrawerHeader: { defaultProps: { component: 'div' } },
  DrawerCloseButton: { defaultProps: { 'aria-label': 'Close dialog' } },
  Notification: { defaultProps: { radius: 'md', withBorder: true, closeButtonProps: { 'aria-label': 'Dismiss notification' } } },
  Paper: { defaultProps: { radius: 'lg' } },
  PasswordInput: { defaultProps: { size: 'md' } },
  TextInput: { defaultProps: { size: 'md' } },
  Title: { defaultProps: { c: 'gray.9' } },
  // Tooltips open inside the main landmark (PageFrame's), not at the end of <body> outside every landmark.
  Tooltip: { defaultProps: { portalProps: { target: '#main-content' } } },
};

export const theme = createTheme({
  primaryColor: 'tenens',
  primaryShade: { light: 7, dark: 5 },
  colors: { tenens, gray },
  black: '#16232b',
  defaultRadius: 'md',
  focusRing: 'auto',
  cursorType: 'pointer',
  respectReducedMotion: true,
  fontFamily: 'system-ui, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontWeight: '700',
    textWrap: 'balance',
    sizes: {
      h1: { fontSize: '2.25rem', lineHeight: '1.2' },
      h2: { fontSize: '1.625rem', lineHeight: '1.3' },
      h3: { fontSize: '1.25rem', lineHeight: '1.35' },
      h4: { fontSize: '1.0625rem', lineHeight: '1.4' },
    },
  },
  radius: { xs: '4px', sm: '6px', md: '8px', lg: '12px', xl: '20px' },
  shadows: {
    xs: '0 1px 2px rgba(22, 35, 43, 0.06)',
    sm: '0 1px 3px rgba(22, 35, 43, 0.08), 0 1px 2px rgba(22, 35, 43, 0.04)',
    md: '0 4px 12px rgba(22, 35, 43, 0.08), 0 2px 4px rgba(22, 35, 43, 0.04)',
    lg: '0 12px 28px rgba(22, 35, 43, 0.10), 0 4px 8px rgba(22, 35, 43, 0.04)',
    xl: '0 20px 40px rgba(22, 35, 43, 0.12)',
  },
  components,
});

/**
 * Error text in red.8 (4.6:1 on white) instead of the default red.6 (3.6:1). Text on the light
 * variant (badges, alerts) is shade 9 on shade 1, under 4.5:1 for the warm and green palettes
 * (yellow 2.7:1, green 3.8:1): these get darker text, each 5.7:1 or more.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-yellow-light-color': '#6b4e00',
    '--mantine-color-orange-light-color': '#9a3412',
    '--mantine-color-green-light-color': '#1e6b30',
    '--mantine-color-teal-light-color': '#066649',
    '--mantine-color-lime-light-color': '#3d6608',
  },
  dark: {},
});
