import { SegmentedControl } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { changeLanguage, isLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';

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
      onChange={(next) => {
        if (!isLanguage(next)) return;
        // The other language's strings are a chunk: if it cannot come, say so (nothing changes).
        changeLanguage(next).catch((error: unknown) => {
          console.error(error);
          notify.error(t('routeError.chunk.text'));
        });
      }}
      data={[
        { value: 'en', label: t('language.en') },
        { value: 'ko', label: t('language.ko') },
      ]}
    />
  );
}
