import { z } from 'zod';

/** What both e-mail saves answer: counts against the current list, and whether anything changed. */
export const emailChangeResult = z.object({
  added: z.number(),
  removed: z.number(),
  isChanged: z.boolean(),
});
export type EmailChangeResult = z.infer<typeof emailChangeResult>;
