import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { notify } from '../../../lib/notify';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { useSignInEmail } from '../api/sign-in-email';
import { isEmailLike, normalizeEmail } from '../utils/email';

interface SignInFormProps {
  onSignedIn: () => void;
}

interface FieldErrors {
  email?: string;
  password?: string;
}

/** E-mail and password sign-in, with the 'Forgot password?' request. */
export function SignInForm({ onSignedIn }: SignInFormProps) {
  const { t } = useTranslation();
  const signIn = useSignInEmail();
  const requestReset = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = normalizeEmail(email);
    const next: FieldErrors = {};
    if (!address) next.email = t('auth.validation.required');
    else if (!isEmailLike(address)) next.email = t('auth.validation.invalidEmail');
    if (!password) next.password = t('auth.validation.required');
    setErrors(next);
    setFormError(null);
    if (next.email || next.password) return;
    signIn.mutate(
      { email: address, password },
      {
        onSuccess: () => {
          notify.success(t('auth.signIn.success'));
          onSignedIn();
        },
        // The server gives one message for a wrong password and an unknown account.
        onError: (error) => setFormError(apiErrorMessage(error, t('auth.signIn.failed'))),
      },
    );
  };

  const forgotPassword = () => {
    const address = normalizeEmail(email);
    setFormError(null);
    if (!address) {
      // spec part 1, section 5: the reset needs an e-mail first.
      setErrors({ email: t('auth.validation.emailFirst') });
      return;
    }
    if (!isEmailLike(address)) {
      setErrors({ email: t('auth.validation.invalidEmail') });
      return;
    }
    setErrors({});
    requestReset.mutate(address, {
      onSuccess: () => notify.success(t('auth.passwordReset.sent')),
      onError: (error) => notify.error(apiErrorMessage(error, t('auth.passwordReset.failed'))),
    });
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
        <TextInput
          label={t('auth.fields.email')}
          placeholder={t('auth.placeholders.email')}
          type="email"
          autoComplete="email"
          withAsterisk
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setErrors((current) => ({ ...current, email: undefined }));
          }}
          error={errors.email}
          data-autofocus
        />
        <PasswordInput
          label={t('auth.fields.password')}
          autoComplete="current-password"
          withAsterisk
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setErrors((current) => ({ ...current, password: undefined }));
          }}
          error={errors.password}
        />
        <Group justify="flex-end">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={forgotPassword}
            disabled={requestReset.isPending}
          >
            {t('auth.signIn.forgotPassword')}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={signIn.isPending}>
          {t('auth.signIn.submit')}
        </Button>
      </Stack>
    </form>
  );
}
