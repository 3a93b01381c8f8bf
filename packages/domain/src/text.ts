import { z } from 'zod';

// One rule for every piece of text the API accepts (names, titles, descriptions, feedback, ids,
// search strings): what a person can see is what gets stored. Text is normalised to NFC, and
// refused when it holds characters that PostgreSQL cannot store (NUL), that are not text at all
// (other control characters, lone surrogates, noncharacters), or that make it read differently
// from what it is (bidirectional overrides and isolates: 'abc\u202Egnp.exe' shows as
// 'abcexe.png'). Required text that is empty once invisible characters are removed (only
// zero-width spaces, say) counts as empty.

/** Why a text was refused. */
export type TextProblem = 'required' | 'too_long' | 'bad_characters';

/** How one field's text is checked. */
export type TextRule = {
  /** Longest allowed length, in UTF-16 code units (what a browser's maxlength counts). */
  max: number;
  /** Newlines and tabs allowed (descriptions, feedback); single-line fields refuse them. */
  multiline?: boolean;
  /** Refused when empty once trimmed and stripped of invisible characters. Default true. */
  required?: boolean;
  /** NFC normalisation. Default true; off where the exact code points matter (a shuffle seed). */
  normalize?: boolean;
};

/** English messages of the text rule; the web app has them in every language (`validation.text`). */
export const TEXT_MESSAGES = {
  required: 'This field is required',
  too_long: 'This can be at most {max} characters',
  bad_characters:
    'This contains characters that are not allowed (control, invisible formatting or direction characters)',
} as const satisfies Record<TextProblem, string>;

// C0 and C1 controls (tab, line feed and carriage return are handled by `multiline`), lone
// surrogates, the bidirectional embeddings, overrides and isolates, and noncharacters.
const ALWAYS_REFUSED =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\p{Cs}\p{Noncharacter_Code_Point}]/u;
const LINE_BREAKS = /[\t\n\r]/;
// What a reader cannot see: whitespace and the default-ignorable code points (zero-width
// spaces and joiners, soft hyphens, word joiners, Hangul fillers, variation selectors, ...).
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}]/gu;

/** Whether a string holds a character that no text field accepts (NUL, controls, bidi overrides). */
export function hasRefusedCharacters(value: string, multiline = false): boolean {
  return ALWAYS_REFUSED.test(value) || (!multiline && LINE_BREAKS.test(value));
}

/** Whether nothing visible is left of a string once whitespace and invisible characters go. */
export function isBlankText(value: string): boolean {
  return value.replace(INVISIBLE, '') === '';
}

/** A text as it is stored: NFC (unless the rule says not), CRLF as LF, trimmed. */
export function normalizeText(value: string, rule: Pick<TextRule, 'normalize'> = {}): string {
  const composed = rule.normalize === false ? value : safeNormalize(value);
  return composed.replace(/\r\n?/g, '\n').trim();
}

// String.prototype.normalize throws on nothing, but lone surrogates pass through unchanged;
// they are refused afterwards.
function safeNormalize(value: string): string {
  return value.normalize('NFC');
}

/** The problem with a (normalised) text under a rule, or null when it is acceptable. */
export function textProblem(value: string, rule: TextRule): TextProblem | null {
  if (hasRefusedCharacters(value, rule.multiline ?? false)) return 'bad_characters';
  if ((rule.required ?? true) && isBlankText(value)) return 'required';
  if (value.length > rule.max) return 'too_long';
  return null;
}

/** The English message for a problem, with the rule's figures filled in. */
export function textMessage(problem: TextProblem, rule: TextRule): string {
  return TEXT_MESSAGES[problem].replace('{max}', String(rule.max));
}

/** Field-specific wording for some problems (the spec's 'Please enter a title', say). */
export type TextMessages = Partial<Record<TextProblem, string>>;

/**
 * A zod schema for one text field: decoding normalises, then applies the rule; encoding (a
 * response that carries stored text) passes it through. Each refusal is a custom issue whose
 * `params` carry `{ textProblem, max }`, so a form can word it in the user's language while the
 * API answers the English message.
 */
export function text(rule: TextRule, messages: TextMessages = {}) {
  const tooLong = { message: messages.too_long ?? textMessage('too_long', rule) };
  // The bound applies to the text as sent too (as a browser's maxlength does), so huge inputs are
  // never normalised and the OpenAPI document states the real limit.
  return z.codec(z.string().max(rule.max, tooLong), z.string(), {
    decode: (value, ctx) => {
      const normalized = normalizeText(value, rule);
      const problem = textProblem(normalized, rule);
      // Optional text with nothing visible in it is stored as empty.
      if (problem === null) return isBlankText(normalized) ? '' : normalized;
      ctx.issues.push({
        code: 'custom',
        input: value,
        message: messages[problem] ?? textMessage(problem, rule),
        params: { textProblem: problem, max: rule.max },
      });
      return z.NEVER;
    },
    encode: (value) => value,
  });
}

/** Lengths of the app's text fields (the spec gives the notes limit; the others are sane bounds). */
export const TEXT_LIMITS = {
  /** A person's display name. */
  displayName: 100,
  /** A member's name on a roster. */
  memberName: 100,
  /** Titles: results, workspaces, notes, tasks, assignments. */
  title: 100,
  /** Descriptions of notes, tasks and assignments. */
  description: 5000,
  /** Evaluation feedback. */
  feedback: 2000,
  /** Submission notes (spec part 2, section 9: 500 characters). */
  notes: 500,
  /** Identifiers made by clients (member ids in a snapshot). */
  id: 64,
  /** Free search strings and names in a path (slugs). */
  slug: 200,
} as const;

/** The rule of each kind of text field, shared by the API's schemas and the web's forms. */
export const TEXT_RULES = {
  displayName: { max: TEXT_LIMITS.displayName },
  memberName: { max: TEXT_LIMITS.memberName },
  title: { max: TEXT_LIMITS.title },
  description: { max: TEXT_LIMITS.description, multiline: true, required: false },
  feedback: { max: TEXT_LIMITS.feedback, multiline: true, required: false },
  notes: { max: TEXT_LIMITS.notes, multiline: true, required: false },
  id: { max: TEXT_LIMITS.id },
} as const satisfies Record<string, TextRule>;

/** A string in a path or query: any length up to `max`, no refused characters, not normalised. */
export function safeParam(max: number) {
  return z
    .string()
    .min(1)
    .max(max)
    .refine((value) => !hasRefusedCharacters(value), {
      message: TEXT_MESSAGES.bad_characters,
      params: { textProblem: 'bad_characters', max },
    });
}

/** A person's display name (sign-up, profile): required, one line, at most 100 characters. */
export const displayName = text(TEXT_RULES.displayName);

/** Text made safe to write into HTML, as an element's text or a quoted attribute's value. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
