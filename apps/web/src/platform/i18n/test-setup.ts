/**
 * Unit tests' setup: the English catalogue in place before any test renders,
 * as the app's language gate has it before it draws a page.
 */
import { switchCatalogue } from './i18n';

await switchCatalogue('en');
