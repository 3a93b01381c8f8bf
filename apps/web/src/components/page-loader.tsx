import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../lib/i18n';

/** Centered spinner for a page (or page chunk) that is still loading. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="50vh" role="status">
      <Loader aria-hidden="true" />
      <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
    </Center>
  );
}
