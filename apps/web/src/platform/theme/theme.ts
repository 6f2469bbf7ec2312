/**
 * The three themes of the spec (dark, black, light) as antd tokens plus CSS
 * variables on <html data-theme>, and the circular reveal when switching.
 */
import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { Theme } from '../settings/settings-store';
import { BRAND, DOWN, UP } from './palette';

export { BRAND, DOWN, UP } from './palette';
export const THEME_ANIMATION_MS = 400;

const surfaces: Record<
  Theme,
  {
    bg: string;
    container: string;
    elevated: string;
    border: string;
    text: string;
    textSecondary: string;
  }
> = {
  dark: {
    bg: '#0B0E11',
    container: '#181A20',
    elevated: '#1E2329',
    border: '#2B3139',
    text: '#EAECEF',
    textSecondary: '#848E9C',
  },
  black: {
    bg: '#000000',
    container: '#0D0D0F',
    elevated: '#16171A',
    border: '#232429',
    text: '#EAECEF',
    textSecondary: '#7D8590',
  },
  light: {
    bg: '#FFFFFF',
    container: '#FFFFFF',
    elevated: '#FFFFFF',
    border: '#EAECEF',
    text: '#1E2329',
    textSecondary: '#666F7F',
  },
};

export function antdThemeFor(theme: Theme): ThemeConfig {
  const s = surfaces[theme];
  return {
    algorithm: theme === 'light' ? antdTheme.defaultAlgorithm : antdTheme.darkAlgorithm,
    // Components draw with CSS built with the app (apps/web/build/antd-stylesheet.ts) and
    // compute no styles in the browser; their classes carry no per-theme hash, as its rules.
    zeroRuntime: true,
    hashed: false,
    token: {
      colorPrimary: BRAND,
      colorLink: theme === 'light' ? '#C99400' : BRAND,
      colorSuccess: UP,
      colorError: DOWN,
      colorBgBase: s.bg,
      colorBgLayout: s.bg,
      colorBgContainer: s.container,
      colorBgElevated: s.elevated,
      colorBorder: s.border,
      colorBorderSecondary: s.border,
      colorText: s.text,
      colorTextSecondary: s.textSecondary,
      colorTextLightSolid: '#181A20',
      borderRadius: 8,
      fontFamily:
        "'Inter', 'IBM Plex Sans', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Noto Sans Arabic', 'Noto Sans JP', sans-serif",
      zIndexPopupBase: 2000,
    },
    components: {
      // Flat buttons, as exchanges draw them: the default drop shadow reads as a smear on dark.
      Button: {
        primaryColor: '#181A20',
        fontWeight: 600,
        primaryShadow: 'none',
        defaultShadow: 'none',
        dangerShadow: 'none',
      },
      // The active tab reads in the text colour, underlined in the brand colour.
      Tabs: { itemSelectedColor: s.text, itemHoverColor: s.text, inkBarColor: BRAND },
      Layout: { headerBg: s.container, bodyBg: s.bg, footerBg: s.container },
    },
  };
}

/** Applies the theme to <html> so CSS outside antd follows it. */
export function applyDocumentTheme(theme: Theme): void {
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.style.colorScheme = theme === 'light' ? 'light' : 'dark';
  const meta = document.querySelector('meta[name="theme-color"]');
  meta?.setAttribute('content', surfaces[theme].bg);
}

interface ViewTransitionDocument {
  startViewTransition?: (update: () => void) => { ready: Promise<void> };
}

/**
 * Switches theme with a circular reveal from the click point (400 ms). No
 * animation when the user prefers reduced motion or the browser lacks view
 * transitions: the theme just changes.
 */
export function switchThemeWithReveal(apply: () => void, origin?: { x: number; y: number }): void {
  const doc = document as Document & ViewTransitionDocument;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  if (!doc.startViewTransition || reduced) {
    apply();
    return;
  }
  const x = origin?.x ?? window.innerWidth / 2;
  const y = origin?.y ?? 0;
  const radius = Math.hypot(
    Math.max(x, window.innerWidth - x),
    Math.max(y, window.innerHeight - y),
  );
  const transition = doc.startViewTransition(() => {
    apply();
  });
  void transition.ready.then(() => {
    document.documentElement.animate(
      { clipPath: [`circle(0px at ${x}px ${y}px)`, `circle(${radius}px at ${x}px ${y}px)`] },
      {
        duration: THEME_ANIMATION_MS,
        easing: 'ease-in-out',
        pseudoElement: '::view-transition-new(root)',
      },
    );
  });
}
