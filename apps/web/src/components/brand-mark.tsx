/** The Teamshuffle logo: four people in two shuffled pairs (same drawing as favicon.svg). */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-indigo-6)" />
      <circle cx="10.5" cy="11" r="4" fill="#fff" />
      <circle cx="21.5" cy="11" r="4" fill="#bac8ff" />
      <circle cx="10.5" cy="22" r="4" fill="#bac8ff" />
      <circle cx="21.5" cy="22" r="4" fill="#fff" />
    </svg>
  );
}
