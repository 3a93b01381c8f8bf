import { useForm } from '@mantine/form';
import type { UseFormInput } from '@mantine/form';
import type { z } from 'zod';
import { zodResolver } from './zod-resolver';
import type { ZodResolverOptions } from './zod-resolver';

type FormSchema = z.ZodType<unknown, Record<string, unknown>>;

export type UseSchemaFormOptions<S extends FormSchema> = Omit<
  UseFormInput<z.input<S>, z.output<S>>,
  'validate' | 'transformValues' | 'mode'
> &
  ZodResolverOptions & { initialValues: z.input<S> };

/**
 * `useForm` validated by a domain schema: the fields hold what the user typed (the schema's
 * input), and `onSubmit` receives what the schema makes of it (trimmed, normalised: its output),
 * only once it passes. Errors clear as the field is edited.
 */
export function useSchemaForm<S extends FormSchema>(
  schema: S,
  { collapse, ...options }: UseSchemaFormOptions<S>,
) {
  const resolverOptions: ZodResolverOptions = collapse ? { collapse } : {};
  return useForm<z.input<S>, z.output<S>>({
    ...options,
    mode: 'controlled',
    validate: zodResolver(schema, resolverOptions),
    // Runs only after validation passed, so the parse succeeds.
    transformValues: (values) => schema.parse(values),
  });
}
