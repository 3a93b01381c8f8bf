import {
  Button,
  Card,
  Group,
  Modal,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { deleteConfirmationForm, deletePasswordForm } from '@teamshuffle/domain';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useSchemaForm } from '../../../lib/form/use-schema-form';
import { notify } from '../../../lib/notify';
import { useDeleteAccount } from '../api/delete-account';

type Step = 'confirm' | 'type' | 'password';

const PASSWORD_ERRORS = new Set(['password_required', 'invalid_password']);

/**
 * The danger zone and its flow (spec part 1, section 4): confirm dialog, type DELETE, password
 * (only for accounts that have one), then the account is deleted and the user signed out.
 */
export function DeleteAccountSection({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const deletion = useDeleteAccount();
  const [step, setStep] = useState<Step | null>(null);
  const typeForm = useSchemaForm(deleteConfirmationForm, { initialValues: { confirmation: '' } });
  const passwordForm = useSchemaForm(deletePasswordForm, { initialValues: { password: '' } });

  const start = () => {
    typeForm.reset();
    passwordForm.reset();
    setStep('confirm');
  };
  const close = () => {
    if (!deletion.isPending) setStep(null);
  };

  const runDeletion = (input: { password?: string }) =>
    deletion.mutate(input, {
      onSuccess: () => {
        setStep(null);
        notify.success(t('profile.delete.success'));
        void navigate('/');
      },
      onError: (error) => {
        const reason = apiErrorMessage(error, t('profile.delete.unknownReason'));
        notify.error(t('profile.delete.failed', { reason }));
        if (error instanceof ApiError && PASSWORD_ERRORS.has(error.error)) {
          passwordForm.setFieldError('password', reason);
        } else {
          setStep(null);
        }
      },
    });

  const submitTyped = typeForm.onSubmit(
    () => {
      if (hasPassword) setStep('password');
      else runDeletion({});
    },
    // spec part 1, section 5: anything but DELETE exactly cancels the deletion, with the
    // schema's message (the API's delete_confirmation_mismatch) as a toast.
    (errors) => {
      const message = errors['confirmation'];
      setStep(null);
      notify.error(typeof message === 'string' ? message : t('profile.delete.mismatch'));
    },
  );

  const submitPassword = passwordForm.onSubmit(({ password }) => runDeletion({ password }));

  let title = t('profile.delete.confirmTitle');
  if (step === 'type') title = t('profile.delete.typeTitle');
  if (step === 'password') title = t('profile.delete.passwordTitle');

  return (
    <Card withBorder radius="lg" padding="lg" style={{ borderColor: 'var(--mantine-color-red-4)' }}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" c="red">
          {t('profile.delete.sectionTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('profile.delete.sectionText')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('profile.delete.handedInWork')}
        </Text>
        <Button
          color="red"
          leftSection={<IconTrash size={16} aria-hidden="true" />}
          onClick={start}
        >
          {t('profile.delete.button')}
        </Button>
      </Stack>

      <Modal opened={step !== null} onClose={close} title={title} centered>
        {step === 'confirm' ? (
          <Stack gap="md">
            <Text>{t('profile.delete.confirmText')}</Text>
            <Text size="sm" data-testid="handed-in-work">
              {t('profile.delete.handedInWork')}
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('profile.delete.cancel')}
              </Button>
              <Button color="red" onClick={() => setStep('type')}>
                {t('profile.delete.continue')}
              </Button>
            </Group>
          </Stack>
        ) : null}
        {step === 'type' ? (
          <form onSubmit={submitTyped} noValidate>
            <Stack gap="md">
              <Text>{t('profile.delete.typeText')}</Text>
              <TextInput
                label={t('profile.delete.typeLabel')}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={100}
                data-autofocus
                {...typeForm.getInputProps('confirmation')}
                error={undefined}
              />
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={close}>
                  {t('profile.delete.cancel')}
                </Button>
                <Button type="submit" color="red" loading={deletion.isPending}>
                  {t('profile.delete.confirm')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
        {step === 'password' ? (
          <form onSubmit={submitPassword} noValidate>
            <Stack gap="md">
              <Text>{t('profile.delete.passwordText')}</Text>
              <PasswordInput
                label={t('auth.fields.password')}
                autoComplete="current-password"
                maxLength={1024}
                data-autofocus
                {...passwordForm.getInputProps('password')}
              />
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={close} disabled={deletion.isPending}>
                  {t('profile.delete.cancel')}
                </Button>
                <Button type="submit" color="red" loading={deletion.isPending}>
                  {t('profile.delete.submit')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
      </Modal>
    </Card>
  );
}
