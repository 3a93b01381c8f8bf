import { Container } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';
import { useConfig } from '../../features/config/api/get-config';
import { ContactCard } from '../../features/contact/components/contact-card';
import { usePageTitle } from '../../hooks/use-page-title';

/** `/contact`: service description and the contact e-mail from the server configuration. */
export function ContactRoute() {
  const { t } = useTranslation();
  usePageTitle(t('pages.contact'));
  const config = useConfig();
  return (
    <Container size="md" py={{ base: 32, sm: 56 }}>
      <ContactCard
        email={config.data?.contactEmail}
        isLoading={config.isPending}
        isError={config.isError}
        onRetry={() => void config.refetch()}
      />
    </Container>
  );
}
