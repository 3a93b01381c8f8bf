import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { TEXT_LIMITS, signUpForm } from '@teamshuffle/domain';
import type { PasswordPolicy } from '@teamshuffle/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useSchemaForm } from '../../../lib/form/use-schema-form';
import { useSignUpEmail } from '../api/sign-up-email';
import { currentPath } from '../utils/current-path';
import { PasswordChecklist } from './password-checklist';

interface SignUpFormProps {
  passwordPolicy: PasswordPolicy;
  /** Called with the address the verification e-mail went to. */
  onSignedUp: (email: string) => void;
}

/** Display name, e-mail, password (with the live policy checklist) and its confirmation. */
export function SignUpForm({ passwordPolicy, onSignedUp }: SignUpFormProps) {
  const { t } = useTranslation();
  const signUp = useSignUpEmail();
  // spec part 1, section 5: all four are required; differing passwords are refused.
  const schema = useMemo(() => signUpForm(passwordPolicy), [passwordPolicy]);
  const form = useSchemaForm(schema, {
    initialValues: { name: '', email: '', password: '', confirmPassword: '' },
  });
  const [formError, setFormError] = useState<string | null>(null);

  const submit = form.onSubmit(({ name, email, password }) => {
    setFormError(null);
    signUp.mutate(
      { name, email, password, callbackURL: currentPath() },
      {
        onSuccess: () => onSignedUp(email),
        onError: (error) => {
          const message = apiErrorMessage(error, t('auth.signUp.failed'));
          if (error instanceof ApiError && error.error === 'email_in_use') {
            form.setFieldError('email', message);
          } else if (error instanceof ApiError && error.error === 'password_rules') {
            form.setFieldError('password', message);
          } else {
            setFormError(message);
          }
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
        <TextInput
          label={t('auth.fields.displayName')}
          placeholder={t('auth.placeholders.displayName')}
          autoComplete="name"
          withAsterisk
          maxLength={TEXT_LIMITS.displayName}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('auth.fields.email')}
          placeholder={t('auth.placeholders.email')}
          type="email"
          autoComplete="email"
          withAsterisk
          maxLength={254}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t('auth.fields.password')}
          autoComplete="new-password"
          withAsterisk
          aria-describedby="sign-up-password-rules"
          {...form.getInputProps('password')}
        />
        <PasswordChecklist
          id="sign-up-password-rules"
          password={form.values.password}
          policy={passwordPolicy}
        />
        <PasswordInput
          label={t('auth.fields.confirmPassword')}
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" fullWidth loading={signUp.isPending}>
          {t('auth.signUp.submit')}
        </Button>
      </Stack>
    </form>
  );
}
