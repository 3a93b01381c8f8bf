import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import type { PasswordPolicy } from '@teamshuffle/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useResetPassword } from '../api/reset-password';
import { isPasswordAcceptable } from '../utils/password-checklist';
import { PasswordChecklist } from './password-checklist';

interface ResetPasswordFormProps {
  token: string;
  passwordPolicy: PasswordPolicy;
  onDone: () => void;
  /** The server refused the token (expired or used). */
  onInvalidToken: () => void;
}

interface FieldErrors {
  password?: string;
  confirmPassword?: string;
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
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: FieldErrors = {};
    if (!password) next.password = t('auth.validation.required');
    else if (!isPasswordAcceptable(password, passwordPolicy)) {
      next.password = t('auth.validation.passwordRules');
    }
    if (!confirmPassword) next.confirmPassword = t('auth.validation.required');
    else if (password && confirmPassword !== password) {
      next.confirmPassword = t('auth.validation.passwordsDoNotMatch');
    }
    setErrors(next);
    setFormError(null);
    if (next.password || next.confirmPassword) return;
    reset.mutate(
      { newPassword: password, token },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (error instanceof ApiError && error.error === 'invalid_token') onInvalidToken();
          else if (error instanceof ApiError && error.error === 'password_rules') {
            setErrors({ password: apiErrorMessage(error, t('auth.resetPassword.failed')) });
          } else setFormError(apiErrorMessage(error, t('auth.resetPassword.failed')));
        },
      },
    );
  };

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
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setErrors((current) => ({ ...current, password: undefined }));
          }}
          error={errors.password}
          aria-describedby="reset-password-rules"
          autoFocus
        />
        <PasswordChecklist id="reset-password-rules" password={password} policy={passwordPolicy} />
        <PasswordInput
          label={t('auth.fields.confirmNewPassword')}
          autoComplete="new-password"
          withAsterisk
          value={confirmPassword}
          onChange={(event) => {
            setConfirmPassword(event.currentTarget.value);
            setErrors((current) => ({ ...current, confirmPassword: undefined }));
          }}
          error={errors.confirmPassword}
        />
        <Button type="submit" fullWidth loading={reset.isPending}>
          {t('auth.resetPassword.submit')}
        </Button>
      </Stack>
    </form>
  );
}
