import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { resetPasswordForm } from '@teamshuffle/domain';
import type { PasswordPolicy } from '@teamshuffle/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useSchemaForm } from '../../../lib/form/use-schema-form';
import { useResetPassword } from '../api/reset-password';
import { PasswordChecklist } from './password-checklist';

interface ResetPasswordFormProps {
  token: string;
  passwordPolicy: PasswordPolicy;
  onDone: () => void;
  /** The server refused the token (expired or used). */
  onInvalidToken: () => void;
}

/** New password (under the same policy as sign-up) and its confirmation. */
export function ResetPasswordForm({
  token,
  passwordPolicy,
  onDone,
  onInvalidToken,
}: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const schema = useMemo(() => resetPasswordForm(passwordPolicy), [passwordPolicy]);
  const form = useSchemaForm(schema, { initialValues: { password: '', confirmPassword: '' } });
  const [formError, setFormError] = useState<string | null>(null);

  const submit = form.onSubmit(({ password }) => {
    setFormError(null);
    reset.mutate(
      { newPassword: password, token },
      {
        onSuccess: onDone,
        onError: (error) => {
          const message = apiErrorMessage(error, t('auth.resetPassword.failed'));
          if (error instanceof ApiError && error.error === 'invalid_token') onInvalidToken();
          else if (error instanceof ApiError && error.error === 'password_rules') {
            form.setFieldError('password', message);
          } else setFormError(message);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {formError ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} aria-hidden="true" />}
          >
            {formError}
          </Alert>
        ) : null}
        <PasswordInput
          label={t('auth.fields.newPassword')}
          autoComplete="new-password"
          withAsterisk
          aria-describedby="reset-password-rules"
          autoFocus
          {...form.getInputProps('password')}
        />
        <PasswordChecklist
          id="reset-password-rules"
          password={form.values.password}
          policy={passwordPolicy}
        />
        <PasswordInput
          label={t('auth.fields.confirmNewPassword')}
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" fullWidth loading={reset.isPending}>
          {t('auth.resetPassword.submit')}
        </Button>
      </Stack>
    </form>
  );
}
