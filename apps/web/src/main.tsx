import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { pageLocale } from './app/locale-gate';
import { Providers, queryClient } from './app/providers';
import { AppRoutes, startFirstPage } from './app/router';
// antd's shared and first-paint styles, built with the app (build/antd-stylesheet.ts), before
// the app's own; each other component's CSS comes in the chunk of its code.
import 'virtual:antd.css';
import './app/styles.css';
import './app/home.css';
import './app/forms-and-footer.css';
import { preloadCatalogue } from './platform/i18n/i18n';
import { installImageErrorRewrite } from './platform/images/image-hosts';
import { currentSettings, useSettings } from './platform/settings/settings-store';
import { installSimulationMode } from './platform/simulation/simulation-mode';

// Before the first call: every call of a demo page load carries the simulation header.
installSimulationMode();
// Before the first render: an image's error comes once, and one on a failing image host that
// came before the listener (the first commit's effects run after its images start) was lost.
installImageErrorRewrite();
// The language's catalogue, the first page's code and its first data load side by side, the
// data asked for in the page's language (a path's language is saved, as the language gate would).
const locale = pageLocale(location.pathname, currentSettings().language);
if (locale !== currentSettings().language) useSettings.getState().setLanguage(locale);
void preloadCatalogue(locale);
startFirstPage(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
const app = createRoot(root);
// A transition, as the locale gate's and the first page's: the providers' first render (antd's
// theme, the router) in slices that yield to the browser, not one long task.
startTransition(() =>
  app.render(
    <StrictMode>
      <Providers>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  ),
);
