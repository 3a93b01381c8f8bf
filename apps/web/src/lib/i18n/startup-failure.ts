import { detectLanguage } from './index';

// Shown before any strings are loaded, so both languages are here.
const TEXTS = {
  en: {
    title: 'The page could not load',
    text: 'Part of the app did not arrive. Check your connection and reload the page.',
    reload: 'Reload',
  },
  ko: {
    title: '페이지를 불러오지 못했습니다',
    text: '앱의 일부를 받지 못했습니다. 연결을 확인한 뒤 페이지를 새로고침하세요.',
    reload: '새로고침',
  },
} as const;

/**
 * The language strings (the first chunk the app needs) failed to load or timed out: a plain
 * message with a Reload button in the page's language, instead of a blank page.
 */
export function showStartupFailure(container: HTMLElement): void {
  const texts = TEXTS[detectLanguage()];
  const main = document.createElement('main');
  main.className = 'startup-failure';
  const title = document.createElement('h1');
  title.textContent = texts.title;
  const text = document.createElement('p');
  text.textContent = texts.text;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = texts.reload;
  button.addEventListener('click', () => window.location.reload());
  main.append(title, text, button);
  container.replaceChildren(main);
}
