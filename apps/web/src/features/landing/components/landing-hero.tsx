import {
  Badge,
  Box,
  Button,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { TeamPreview } from './team-preview';

/** The hero: product name, one-line pitch and the way in ('Launch App' when signed in). */
export function LandingHero({ isSignedIn }: { isSignedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      component="section"
      aria-labelledby="landing-title"
      py={{ base: 48, md: 88 }}
      style={{
        background:
          'linear-gradient(180deg, var(--mantine-color-indigo-light) 0%, var(--mantine-color-body) 100%)',
      }}
    >
      <Container size="lg">
        <SimpleGrid
          cols={{ base: 1, md: 2 }}
          spacing={{ base: 40, md: 64 }}
          style={{ alignItems: 'center' }}
        >
          <Stack gap="lg" align="flex-start">
            <Badge variant="light" size="lg" radius="sm" tt="none">
              {t('landing.eyebrow')}
            </Badge>
            <Title
              id="landing-title"
              order={1}
              fz={{ base: 44, sm: 60 }}
              lh={1.05}
              style={{ letterSpacing: '-0.03em' }}
            >
              <Text
                component="span"
                inherit
                variant="gradient"
                gradient={{ from: 'indigo.6', to: 'cyan.5', deg: 90 }}
              >
                {t('landing.title')}
              </Text>
            </Title>
            <Text fz={{ base: 'lg', sm: 22 }} c="dimmed" lh={1.45} maw={520}>
              {t('landing.pitch')}
            </Text>
            <Group gap="sm" mt="xs">
              <Button
                component={Link}
                to="/app"
                size="lg"
                rightSection={<IconArrowRight size={20} aria-hidden="true" />}
              >
                {isSignedIn ? t('landing.launchApp') : t('landing.getStarted')}
              </Button>
              <Button component={Link} to="/contact" size="lg" variant="default">
                {t('landing.learnMore')}
              </Button>
            </Group>
          </Stack>
          <TeamPreview />
        </SimpleGrid>
      </Container>
    </Box>
  );
}
