import { DEFAULT_PASSWORD_POLICY } from '@teamshuffle/domain';
import { AuthModal } from '../features/auth/components/auth-modal';
import { useConfig } from '../features/config/api/get-config';

/**
 * The auth modal with what it needs from the server configuration (Google and phone switches,
 * the password policy). Loaded the first time the modal opens, so the first page stays small.
 */
export function AuthModalHost() {
  const config = useConfig();
  return (
    <AuthModal
      googleEnabled={config.data?.googleEnabled ?? false}
      phoneEnabled={config.data?.phoneEnabled ?? false}
      passwordPolicy={config.data?.passwordPolicy ?? DEFAULT_PASSWORD_POLICY}
    />
  );
}
