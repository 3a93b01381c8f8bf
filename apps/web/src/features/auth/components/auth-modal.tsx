import { Button, Divider, Modal, Stack, Tabs } from '@mantine/core';
import type { PasswordPolicy } from '@teamshuffle/domain';
import { IconDeviceMobile } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useAuthModal } from '../../../lib/auth-modal';
import { CheckEmailPanel } from './check-email-panel';
import { GoogleSignInButton } from './google-sign-in-button';
import { PhoneSignInForm } from './phone-sign-in-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

export interface AuthModalProps {
  googleEnabled: boolean;
  phoneEnabled: boolean;
  passwordPolicy: PasswordPolicy;
}

type Step = { kind: 'tabs' } | { kind: 'phone' } | { kind: 'checkEmail'; email: string };

/**
 * The one sign-in / sign-up modal. Opened from anywhere through `useAuthModal().open(tab)`;
 * rendered once by the root layout.
 */
export function AuthModal({ googleEnabled, phoneEnabled, passwordPolicy }: AuthModalProps) {
  const { t } = useTranslation();
  const modal = useAuthModal();
  const [step, setStep] = useState<Step>({ kind: 'tabs' });
  const [openCount, setOpenCount] = useState(modal.openCount);
  // Every open starts on the tabs again (adjusted during render, not in an effect).
  if (openCount !== modal.openCount) {
    setOpenCount(modal.openCount);
    setStep({ kind: 'tabs' });
  }

  let title: string;
  switch (step.kind) {
    case 'tabs':
      title = t('auth.modalTitle');
      break;
    case 'phone':
      title = t('auth.phone.title');
      break;
    case 'checkEmail':
      title = t('auth.checkEmail.title');
      break;
  }

  return (
    <Modal
      opened={modal.isOpen}
      onClose={modal.close}
      title={title}
      centered
      size="md"
      // The store gives focus back to the opener (lib/auth-modal.ts).
      returnFocus={false}
    >
      {step.kind === 'tabs' ? (
        <Stack gap="md">
          <Tabs
            value={modal.tab}
            onChange={(value) => {
              if (value === 'signIn' || value === 'signUp') modal.showTab(value);
            }}
          >
            <Tabs.List grow aria-label={t('auth.tabs.label')}>
              <Tabs.Tab value="signIn">{t('auth.tabs.signIn')}</Tabs.Tab>
              <Tabs.Tab value="signUp">{t('auth.tabs.signUp')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="signIn" pt="md">
              <SignInForm onSignedIn={modal.close} />
            </Tabs.Panel>
            <Tabs.Panel value="signUp" pt="md">
              <SignUpForm
                passwordPolicy={passwordPolicy}
                onSignedUp={(email) => setStep({ kind: 'checkEmail', email })}
              />
            </Tabs.Panel>
          </Tabs>
          {googleEnabled || phoneEnabled ? (
            <>
              <Divider label={t('auth.or')} labelPosition="center" />
              {googleEnabled ? <GoogleSignInButton onSignedIn={modal.close} /> : null}
              {phoneEnabled ? (
                <Button
                  variant="default"
                  fullWidth
                  leftSection={<IconDeviceMobile size={18} aria-hidden="true" />}
                  onClick={() => setStep({ kind: 'phone' })}
                >
                  {t('auth.phone.option')}
                </Button>
              ) : null}
            </>
          ) : null}
        </Stack>
      ) : null}
      {step.kind === 'phone' ? (
        <PhoneSignInForm onSignedIn={modal.close} onBack={() => setStep({ kind: 'tabs' })} />
      ) : null}
      {step.kind === 'checkEmail' ? (
        <CheckEmailPanel email={step.email} onClose={modal.close} />
      ) : null}
    </Modal>
  );
}
