import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { usePageTitle } from '../hooks/use-page-title';

/** Shown when a page throws or its chunk fails to load (for example after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  usePageTitle(t('routeError.title'));
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" color="red" variant="light">
          <IconAlertCircle size={36} aria-hidden="true" />
        </ThemeIcon>
        <Title order={1}>{t('routeError.title')}</Title>
        <Text c="dimmed">{t('routeError.text')}</Text>
        <Button
          leftSection={<IconRefresh size={18} aria-hidden="true" />}
          onClick={() => window.location.reload()}
        >
          {t('routeError.reload')}
        </Button>
      </Stack>
    </Container>
  );
}
