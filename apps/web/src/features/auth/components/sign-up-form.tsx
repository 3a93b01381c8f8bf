import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { PasswordPolicy } from '@teamshuffle/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useSignUpEmail } from '../api/sign-up-email';
import { currentPath } from '../utils/current-path';
import { isEmailLike, normalizeEmail } from '../utils/email';
import { isPasswordAcceptable } from '../utils/password-checklist';
import { PasswordChecklist } from './password-checklist';

interface SignUpFormProps {
  passwordPolicy: PasswordPolicy;
  /** Called with the address the verification e-mail went to. */
  onSignedUp: (email: string) => void;
}

interface FieldErrors {
  name?: string;
  email?: string;
  password?: string;
  confirmPassword?: string;
}

/** Display name, e-mail, password (with the live policy checklist) and its confirmation. */
export function SignUpForm({ passwordPolicy, onSignedUp }: SignUpFormProps) {
  const { t } = useTranslation();
  const signUp = useSignUpEmail();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const clearError = (field: keyof FieldErrors) =>
    setErrors((current) => ({ ...current, [field]: undefined }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const displayName = name.trim();
    const address = normalizeEmail(email);
    const next: FieldErrors = {};
    // spec part 1, section 5: all four are required; differing passwords are refused.
    if (!displayName) next.name = t('auth.validation.required');
    if (!address) next.email = t('auth.validation.required');
    else if (!isEmailLike(address)) next.email = t('auth.validation.invalidEmail');
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
    if (Object.values(next).some(Boolean)) return;

    signUp.mutate(
      { name: displayName, email: address, password, callbackURL: currentPath() },
      {
        onSuccess: () => onSignedUp(address),
        onError: (error) => {
          const message = apiErrorMessage(error, t('auth.signUp.failed'));
          if (error instanceof ApiError && error.error === 'email_in_use') {
            setErrors({ email: message });
          } else if (error instanceof ApiError && error.error === 'password_rules') {
            setErrors({ password: message });
          } else {
            setFormError(message);
          }
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
        <TextInput
          label={t('auth.fields.displayName')}
          placeholder={t('auth.placeholders.displayName')}
          autoComplete="name"
          withAsterisk
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            clearError('name');
          }}
          error={errors.name}
          data-autofocus
        />
        <TextInput
          label={t('auth.fields.email')}
          placeholder={t('auth.placeholders.email')}
          type="email"
          autoComplete="email"
          withAsterisk
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            clearError('email');
          }}
          error={errors.email}
        />
        <PasswordInput
          label={t('auth.fields.password')}
          autoComplete="new-password"
          withAsterisk
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            clearError('password');
          }}
          error={errors.password}
          aria-describedby="sign-up-password-rules"
        />
        <PasswordChecklist
          id="sign-up-password-rules"
          password={password}
          policy={passwordPolicy}
        />
        <PasswordInput
          label={t('auth.fields.confirmPassword')}
          autoComplete="new-password"
          withAsterisk
          value={confirmPassword}
          onChange={(event) => {
            setConfirmPassword(event.currentTarget.value);
            clearError('confirmPassword');
          }}
          error={errors.confirmPassword}
        />
        <Button type="submit" fullWidth loading={signUp.isPending}>
          {t('auth.signUp.submit')}
        </Button>
      </Stack>
    </form>
  );
}
