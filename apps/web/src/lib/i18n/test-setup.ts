// Vitest setup for the web project: both languages' strings loaded, English chosen, as the app
// has them once `initI18n` has run (before any test file is imported: some fix a `t` at the top).
import { changeLanguage, loadLanguage } from './index';

await Promise.all([loadLanguage('en'), loadLanguage('ko')]);
await changeLanguage('en');
