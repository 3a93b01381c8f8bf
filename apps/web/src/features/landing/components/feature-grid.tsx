import { Card, Container, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowsShuffle, IconLanguage, IconSchool, IconShare } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';

type FeatureKey = 'shuffle' | 'share' | 'course' | 'comfort';

const FEATURES: readonly { key: FeatureKey; icon: Icon; color: string }[] = [
  { key: 'shuffle', icon: IconArrowsShuffle, color: 'indigo' },
  { key: 'share', icon: IconShare, color: 'teal' },
  { key: 'course', icon: IconSchool, color: 'grape' },
  { key: 'comfort', icon: IconLanguage, color: 'orange' },
];

/** The four things Teamshuffle does, as cards. */
export function FeatureGrid() {
  const { t } = useTranslation();
  return (
    <Container
      size="lg"
      py={{ base: 48, md: 72 }}
      component="section"
      aria-labelledby="features-title"
    >
      <Title
        id="features-title"
        order={2}
        ta="center"
        maw={640}
        mx="auto"
        mb={{ base: 32, md: 48 }}
      >
        {t('landing.featuresTitle')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        {FEATURES.map(({ key, icon: FeatureIcon, color }) => (
          <Card key={key} withBorder radius="lg" padding="xl">
            <ThemeIcon size={48} radius="md" variant="light" color={color}>
              <FeatureIcon size={26} stroke={1.6} aria-hidden="true" />
            </ThemeIcon>
            <Title order={3} fz="lg" mt="md">
              {t(`landing.features.${key}.title`)}
            </Title>
            <Text size="sm" c="dimmed" mt="xs" lh={1.6}>
              {t(`landing.features.${key}.text`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
