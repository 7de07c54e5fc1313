import { PLANS, planLimitLines, planPriceLabel, type Plan } from '../../../shared/companies/plans';

/**
 * Blocks a content file may hold on a line of its own, as `{{name}}`: markdown made from the product's
 * own data at start-up, so copy such as /pricing can't drift from what the code enforces (decision 0256).
 */
export const CONTENT_BLOCKS = {
  /** Every plan from src/shared/companies/plans.ts: name, price and limits. */
  plans: () => plansMarkdown(PLANS),
} satisfies Record<string, () => string>;

const BLOCK_LINE = /^\{\{\s*([a-z-]+)\s*\}\}$/gm;

/** Replaces each `{{name}}` line with its block; an unknown name stops the start with the file's name. */
export function expandBlocks(body: string, file: string, blocks: Record<string, () => string> = CONTENT_BLOCKS): string {
  return body.replace(BLOCK_LINE, (_line, name: string) => {
    const block = blocks[name];
    if (!block) throw new Error(`${file}: unknown content block {{${name}}}`);
    return block();
  });
}

export function plansMarkdown(plans: readonly Plan[]): string {
  return plans
    .map((plan) => [`### ${plan.name}: ${planPriceLabel(plan)} a month`, '', plan.summary, '', ...planLimitLines(plan).map((line) => `- ${line}`)].join('\n'))
    .join('\n\n');
}
