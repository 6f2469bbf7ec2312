import { render } from '@testing-library/react';
import { ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import { describe, expect, it } from 'vitest';
import { THEMES } from '../settings/themes';
import { withWidgetTokens } from '../widgets/widget-config';
import { derivedInBrowser, withDerivedTokens } from './derived-tokens';
import { antdThemeFor } from './theme';

type Token = ReturnType<typeof antdTheme.useToken>['token'];

/** The tokens antd's components read under a theme, as `theme.useToken()` gives them. */
function tokensUnder(config: ThemeConfig): Token {
  let seen: Token | undefined;
  function Probe() {
    seen = antdTheme.useToken().token;
    return null;
  }
  render(
    <ConfigProvider theme={config}>
      <Probe />
    </ConfigProvider>,
  );
  if (!seen) throw new Error('antd gave no token');
  return seen;
}

describe("the build's derived tokens", () => {
  it.each(THEMES)('give the %s theme the tokens antd derives, without deriving them', (theme) => {
    const app = withWidgetTokens(antdThemeFor(theme));
    const before = derivedInBrowser();
    const answered = tokensUnder(withDerivedTokens(app));
    expect(derivedInBrowser()).toBe(before);
    expect(answered).toEqual(tokensUnder(app));
    // The tokens are the theme's, not another's.
    expect(answered.colorBgBase.toUpperCase()).toBe(
      String(app.token?.colorBgBase ?? '').toUpperCase(),
    );
  });

  it('derive any other seed in the browser, as antd does', () => {
    const app = withWidgetTokens(antdThemeFor('dark'));
    const other = { ...app, token: { ...app.token, colorPrimary: '#1677FF' } };
    const before = derivedInBrowser();
    const answered = tokensUnder(withDerivedTokens(other));
    expect(derivedInBrowser()).toBeGreaterThan(before);
    expect(answered).toEqual(tokensUnder(other));
    // Derived from the other seed, not answered with the app's own tokens.
    expect(answered.colorPrimary).not.toBe(tokensUnder(app).colorPrimary);
  });

  it('leave a theme without an algorithm as it is', () => {
    const plain: ThemeConfig = { token: { colorPrimary: '#F0B90B' } };
    expect(withDerivedTokens(plain)).toBe(plain);
  });
});
