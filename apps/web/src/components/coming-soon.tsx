import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useTranslation } from '../lib/i18n';
import { Link } from 'react-router';
import { usePageTitle } from '../hooks/use-page-title';

/** Placeholder for a page a later issue builds: the page name and "This page is coming soon." */
export function ComingSoon({ pageName }: { pageName: string }) {
  const { t } = useTranslation();
  usePageTitle(pageName);
  return (
    <Container size="sm" py={{ base: 40, sm: 80 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconHourglassHigh size={34} aria-hidden="true" />
          </ThemeIcon>
          <Title order={1}>{pageName}</Title>
          <Text size="lg" fw={500}>
            {t('comingSoon.text')}
          </Text>
          <Text c="dimmed">{t('comingSoon.hint')}</Text>
          <Button component={Link} to="/" variant="light">
            {t('common.backHome')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
