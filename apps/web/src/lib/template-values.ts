/** The web strings' placeholders: `{{name}}`. */
export const I18NEXT_PLACEHOLDER = /\{\{(\w+)\}\}/;
/** The domain's placeholders (error catalogue, schema messages): `{name}`. */
export const DOMAIN_PLACEHOLDER = /\{(\w+)\}/;

const SPECIAL = /[.*+?^${}()|[\]\\]/g;

/**
 * The values of a template's placeholders, read back from a text it was filled into:
 * `'You have {{n}}MB remaining.'` and `'You have 12.5MB remaining.'` give `{ n: '12.5' }`. Null
 * when the text is not that template filled in. `placeholder` has one capture group, the name.
 */
export function templateValues(
  template: string,
  text: string,
  placeholder: RegExp = I18NEXT_PLACEHOLDER,
): Record<string, string> | null {
  const parts = template.split(new RegExp(placeholder.source));
  const names = parts.filter((_, index) => index % 2 === 1);
  const pattern = parts
    .map((part, index) => (index % 2 === 1 ? '([\\s\\S]*?)' : part.replace(SPECIAL, '\\$&')))
    .join('');
  const match = new RegExp(`^${pattern}$`).exec(text);
  if (!match) return null;
  return Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? '']));
}
