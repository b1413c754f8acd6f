import { createTheme } from '@mantine/core';

/**
 * Mantine's defaults with contrast raised to 4.5:1 (WCAG AA): the primary shade 8 on white, and
 * app.css darkens dimmed and light-variant text. System fonts only: a studio LAN may be offline.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'sm',
  focusRing: 'auto',
  components: {
    Button: { defaultProps: { size: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    NativeSelect: { defaultProps: { size: 'md' } },
    NumberInput: { defaultProps: { size: 'md' } },
    ColorInput: { defaultProps: { size: 'md' } },
  },
});
