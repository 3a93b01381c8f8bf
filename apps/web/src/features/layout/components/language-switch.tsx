import { SegmentedControl } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { changeLanguage, isLanguage } from '../../../lib/i18n';
import type { Language } from '../../../lib/i18n';

interface LanguageSwitchProps {
  fullWidth?: boolean;
}

/** EN / 한국어. The choice is remembered as localStorage.language. */
export function LanguageSwitch({ fullWidth }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation();
  const value: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <SegmentedControl
      size="xs"
      radius="md"
      aria-label={t('language.label')}
      fullWidth={fullWidth}
      value={value}
      onChange={(next) => {
        if (isLanguage(next)) void changeLanguage(next);
      }}
      data={[
        { value: 'en', label: t('language.en') },
        { value: 'ko', label: t('language.ko') },
      ]}
    />
  );
}
