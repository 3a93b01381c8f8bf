import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { passwordResetRequestForm, signInForm } from '@teamshuffle/domain';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useSchemaForm } from '../../../lib/form/use-schema-form';
import { zodResolver } from '../../../lib/form/zod-resolver';
import { notify } from '../../../lib/notify';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { useSignInEmail } from '../api/sign-in-email';

interface SignInFormProps {
  onSignedIn: () => void;
}

// 'Forgot password?' checks only the e-mail field, under the reset request's own rule.
const checkResetRequest = zodResolver(passwordResetRequestForm);

/** E-mail and password sign-in, with the 'Forgot password?' request. */
export function SignInForm({ onSignedIn }: SignInFormProps) {
  const { t } = useTranslation();
  const signIn = useSignInEmail();
  const requestReset = useRequestPasswordReset();
  const form = useSchemaForm(signInForm, { initialValues: { email: '', password: '' } });
  const [formError, setFormError] = useState<string | null>(null);

  const submit = form.onSubmit((input) => {
    setFormError(null);
    signIn.mutate(input, {
      onSuccess: () => {
        notify.success(t('auth.signIn.success'));
        onSignedIn();
      },
      // The server gives one message for a wrong password and an unknown account.
      onError: (error) => setFormError(apiErrorMessage(error, t('auth.signIn.failed'))),
    });
  });

  const forgotPassword = () => {
    setFormError(null);
    const values = { email: form.values.email };
    const errors = checkResetRequest(values);
    form.clearErrors();
    if (errors['email']) {
      // spec part 1, section 5: the reset needs an e-mail first.
      form.setFieldError('email', errors['email']);
      return;
    }
    requestReset.mutate(passwordResetRequestForm.parse(values).email, {
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
          maxLength={254}
          data-autofocus
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t('auth.fields.password')}
          autoComplete="current-password"
          withAsterisk
          {...form.getInputProps('password')}
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
