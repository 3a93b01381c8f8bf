// Public surface of team balancing (README.md in the shuffle folder, "Balancing").
export { balanceSplit, balanceTeams, startBalance } from './balance.ts';
export type { BalancedSplit, BalanceRun } from './balance.ts';
export { balanceReportOf, splitFigures, teamFigures } from './figures.ts';
export type { SplitFigures, TeamFigureKeys } from './figures.ts';
export { categoryText, compileProblem, numericValue, repeatsLowerBound } from './problem.ts';
export { checkSaveResult, isDrawOfSeed, isFaithfulArrangement } from './replay.ts';
export type { SaveResultCheck } from './replay.ts';
export { defaultMaxSteps } from './search.ts';
export type * from './types.ts';
export {
  ATTRIBUTE_KEY_MAX,
  ATTRIBUTE_NUMBER_MAX,
  ATTRIBUTE_TEXT_MAX,
  ATTRIBUTES_MAX,
  attributeDefinition,
  attributeKey,
  attributeNumber,
  attributeText,
  BALANCE_STEPS_MAX,
  balanceSettings,
  EARLIER_ROUNDS_MAX,
  memberAttributes,
  memberEmail,
} from './schema.ts';
export type { BalanceSettings } from './schema.ts';
