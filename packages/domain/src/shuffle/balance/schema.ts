// The attribute and balancing parts of a saved shuffle, as the API validates them (the snapshot
// in results.ts uses these). Every part is optional there, so snapshots saved before balancing
// existed stay valid.
import { z } from 'zod';
import { text, TEXT_RULES } from '../../text.ts';

/** Most attribute columns one roster may carry. */
export const ATTRIBUTES_MAX = 20;
/** Longest attribute name (a column heading). */
export const ATTRIBUTE_KEY_MAX = 40;
/** Longest categorical value. */
export const ATTRIBUTE_TEXT_MAX = 100;
/** Largest magnitude of a numeric value. */
export const ATTRIBUTE_NUMBER_MAX = 1e9;
/** Most earlier rounds one shuffle avoids repeats from. */
export const EARLIER_ROUNDS_MAX = 10;
/** Most search steps a saved shuffle may replay. */
export const BALANCE_STEPS_MAX = 100_000_000;

const id = text(TEXT_RULES.id);

/** An attribute name, as headings are typed: trimmed, one line, 1..40 characters. */
export const attributeKey = text(
  { max: ATTRIBUTE_KEY_MAX },
  { required: 'An attribute needs a name' },
);

/** A categorical value: trimmed, one line, 1..100 characters. */
export const attributeText = text({ max: ATTRIBUTE_TEXT_MAX });

/** A numeric value: a finite number of at most 1e9 in magnitude. */
export const attributeNumber = z
  .number()
  .min(-ATTRIBUTE_NUMBER_MAX)
  .max(ATTRIBUTE_NUMBER_MAX)
  .refine(Number.isFinite, 'A number must be finite');

/** An imported column the teams can be balanced by. */
export const attributeDefinition = z.object({
  key: attributeKey,
  kind: z.enum(['numeric', 'categorical']),
});

/** One member's attribute values by attribute name. */
export const memberAttributes = z
  .record(z.string().min(1).max(ATTRIBUTE_KEY_MAX), z.union([attributeNumber, attributeText]))
  .refine(
    (values) => Object.keys(values).length <= ATTRIBUTES_MAX,
    `A member can have at most ${ATTRIBUTES_MAX} attributes`,
  );

/** A member's e-mail on a roster: trimmed, at most 254 characters, a valid address. */
export const memberEmail = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email('Please enter a valid email address'));

/** What a balanced shuffle was balanced for, and the search steps that replay it. */
export const balanceSettings = z.object({
  numeric: z.array(attributeKey).max(ATTRIBUTES_MAX).default([]),
  spread: z.array(attributeKey).max(ATTRIBUTES_MAX).default([]),
  noIsolation: z
    .array(
      z.object({
        key: attributeKey,
        values: z.array(attributeText).min(1).max(50),
      }),
    )
    .max(ATTRIBUTES_MAX)
    .default([]),
  /** Each earlier round as teams of member ids of this shuffle. */
  earlierRounds: z
    .array(z.array(z.array(id).max(1000)).max(1000))
    .max(EARLIER_ROUNDS_MAX)
    .default([]),
  steps: z.number().int().min(0).max(BALANCE_STEPS_MAX),
});
export type BalanceSettings = z.infer<typeof balanceSettings>;
