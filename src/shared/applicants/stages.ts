// The hiring pipeline (issue 12). No imports: page chunks use this.

export const STAGES = ['new', 'reviewed', 'interview', 'offer', 'hired', 'rejected'] as const;
export type Stage = (typeof STAGES)[number];

/** What the team sees in the inbox. */
export const STAGE_LABELS: Record<Stage, string> = {
  new: 'New',
  reviewed: 'Reviewed',
  interview: 'Interview',
  offer: 'Offer',
  hired: 'Hired',
  rejected: 'Rejected',
};

/** What the job seeker sees on /candidate/my-jobs: "Applied" until the team opens it. */
export function seekerStageLabel(stage: Stage, opened: boolean): string {
  switch (stage) {
    case 'new':
      return opened ? 'Viewed' : 'Applied';
    case 'reviewed':
      return 'Viewed';
    case 'interview':
      return 'Interview';
    case 'offer':
      return 'Offer';
    case 'hired':
      return 'Hired';
    case 'rejected':
      return 'Not selected';
  }
}

export function isStage(value: string): value is Stage {
  return (STAGES as readonly string[]).includes(value);
}
