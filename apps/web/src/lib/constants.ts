export { DARK_MODE_STORAGE_KEY, TOAST_DURATION_MS } from '@teamshuffle/domain';

/** Local storage key of the chosen interface language ("en" or "ko"). */
export const LANGUAGE_STORAGE_KEY = 'language';

export const APP_NAME = 'Teamshuffle';
