import type { RedocRawOptions } from 'redoc';

type RedocTheme = NonNullable<RedocRawOptions['theme']>;

/** Reads one of the console's design tokens (src/styles/tokens.css), e.g. '--color-primary'. */
export type TokenReader = (name: `--${string}`) => string;

/** The tokens as the page has them now: Redoc's theme takes values, not var() (it computes shades). */
export const documentTokens: TokenReader = (name) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/**
 * Redoc's theme in the console's colours and fonts, read from its tokens so there is one palette. Where
 * Redoc's defaults fall short of WCAG AA contrast (4.5:1: light method badges, lightened secondary text,
 * response titles on tinted backgrounds, code in the dark right panel) the token kept is the darker one.
 *
 * The breakpoints are Redoc's own (50/75/105rem of the viewport) plus the console's side menu and page
 * padding (--menu-width, 2 × --space-6, about 19rem), since Redoc measures the window, not its box.
 */
export function redocTheme(token: TokenReader): RedocTheme {
  const text = token('--color-text');
  const muted = token('--color-text-muted');
  const primary = token('--color-primary');
  const success = token('--color-success');
  const danger = token('--color-danger');
  const warning = token('--color-warning');
  const info = token('--color-info');
  const surface = token('--color-surface');
  const font = token('--font');
  const mono = token('--font-mono');
  return {
    spacing: { unit: 4, sectionHorizontal: 24, sectionVertical: 24 },
    breakpoints: { small: '69rem', medium: '94rem', large: '124rem' },
    colors: {
      primary: { main: primary },
      success: { main: success },
      warning: { main: warning },
      error: { main: danger },
      text: { primary: text, secondary: muted },
      border: { dark: token('--color-border-strong'), light: surface },
      // tabTextColor: the status tabs of the samples, on the dark panel (--color-menu), need light tints
      // of the status colours, which the tokens do not have.
      responses: {
        success: { color: success, backgroundColor: token('--color-success-soft'), tabTextColor: '#7ee2a8' },
        error: { color: danger, backgroundColor: token('--color-danger-soft'), tabTextColor: '#ff9d97' },
        redirect: { color: warning, backgroundColor: token('--color-warning-soft'), tabTextColor: '#ffc56b' },
        info: { color: info, backgroundColor: token('--color-info-soft'), tabTextColor: '#8fcaf5' },
      },
      http: {
        get: success,
        post: primary,
        put: info,
        delete: danger,
        patch: warning,
        options: muted,
        basic: muted,
        link: info,
        head: muted,
      },
    },
    schema: {
      linesColor: token('--color-border-strong'),
      typeNameColor: muted,
      requireLabelColor: danger,
      nestedBackground: token('--color-surface-muted'),
      arrow: { color: muted },
    },
    typography: {
      fontSize: '14px',
      fontFamily: font,
      smoothing: 'auto',
      headings: { fontFamily: font, fontWeight: '600' },
      code: {
        fontFamily: mono,
        fontSize: '13px',
        color: text,
        backgroundColor: token('--color-surface-muted'),
      },
      links: { color: primary, visited: primary, hover: token('--color-primary-hover') },
    },
    sidebar: {
      width: '220px',
      backgroundColor: token('--color-surface-muted'),
      textColor: text,
      activeTextColor: primary,
      groupItems: { activeBackgroundColor: token('--color-primary-soft'), textTransform: 'none' },
      level1Items: { activeBackgroundColor: token('--color-primary-soft') },
      arrow: { color: muted },
    },
    rightPanel: {
      backgroundColor: token('--color-menu'),
      textColor: '#ffffff',
      width: '40%',
      servers: {
        overlay: { backgroundColor: surface, textColor: text },
        url: { backgroundColor: surface },
      },
    },
    codeBlock: { backgroundColor: '#0b1322' },
  };
}
