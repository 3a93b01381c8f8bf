// Coloured text that reads at WCAG AA's 4.5:1 in both schemes (issue 14): Mantine's teal, orange
// and red text is 3.5-4.5:1 on white and about 3:1 on a dark card, so the light scheme darkens
// shade 9 by a third (as the theme does for light badges) and the dark scheme uses shade 4.
/** A CSS colour for status text of `color` that keeps 4.5:1 on the page in either scheme. */
export function toneText(color: 'teal' | 'orange' | 'red'): string {
  return `light-dark(color-mix(in srgb, var(--mantine-color-${color}-9) 65%, black), var(--mantine-color-${color}-4))`;
}
