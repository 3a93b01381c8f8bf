import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { oauthMessageFromSearch, postOAuthMessage } from '../utils/oauth-popup';

// If the window is still open this long after window.close(), the browser refused to close it.
const CLOSE_CHECK_MS = 600;

/**
 * The last page of the Google popup: tells the opener how the sign-in went (?error= means it
 * failed) and closes itself, or asks the user to close it when the browser will not.
 */
export function PopupComplete() {
  const { t } = useTranslation();
  const [isStillOpen, setIsStillOpen] = useState(false);

  useEffect(() => {
    postOAuthMessage(oauthMessageFromSearch(window.location.search));
    window.close();
    const timer = setTimeout(() => setIsStillOpen(true), CLOSE_CHECK_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm" role="status">
        {isStillOpen ? null : <Loader aria-hidden="true" />}
        <Text size="lg">
          {isStillOpen ? t('auth.popupComplete.canClose') : t('auth.popupComplete.finishing')}
        </Text>
      </Stack>
    </Center>
  );
}
