import { ActionIcon, Menu, SegmentedControl } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import type { TFunction } from '../../../lib/i18n';
import { LANGUAGES, changeLanguage, isLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';

// The other language's strings are a chunk: if it cannot come, say so (nothing changes).
function choose(next: string, t: TFunction): void {
  if (!isLanguage(next)) return;
  changeLanguage(next).catch((error: unknown) => {
    console.error(error);
    notify.error(t('routeError.chunk.text'));
  });
}

interface LanguageSwitchProps {
  fullWidth?: boolean;
}

/** EN / 한국어. The choice is remembered as localStorage.language (and a cookie). */
export function LanguageSwitch({ fullWidth }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      radius="md"
      aria-label={t('language.label')}
      fullWidth={fullWidth}
      value={i18n.language}
      onChange={(next) => choose(next, t)}
      data={[
        { value: 'en', label: t('language.en') },
        { value: 'ko', label: t('language.ko') },
      ]}
    />
  );
}

/**
 * The header's language choice on a phone (issue 27: at 375 px the switch was only in the side
 * menu): a small button named with the current language that opens EN / 한국어.
 */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('language.current', { language: t(`language.${current}`) })}
        >
          <IconLanguage size={20} stroke={1.6} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            aria-current={language === current ? 'true' : undefined}
            rightSection={language === current ? <IconCheck size={16} aria-hidden="true" /> : null}
            onClick={() => choose(language, t)}
          >
            {t(`language.${language}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
